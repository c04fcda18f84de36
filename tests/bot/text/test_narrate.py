"""The sentences under the table image and in the deal summaries."""

from __future__ import annotations

from random import Random

from bot.text.cards import card_name
from bot.text.events import event_text
from bot.text.i18n import t
from bot.text.narrate import deal_summary, game_result, side_names, status_line
from bot.text.rules import option_text, rules_summary
from games.ai import choose
from games.ai.random_play import deal_shuffled
from games.base import Game
from games.registry import new_game

NAMES = ["Marie", "Luc", "Ana", "Rui"]


def test_events_in_words() -> None:
    assert event_text({"type": "coinche", "seat": 1}, NAMES) == "Coinched by Luc"
    assert (
        event_text({"type": "bid", "seat": 0, "value": 120, "trump": "H"}, NAMES)
        == "Marie bid 120 ♥️"
    )
    assert event_text({"type": "take", "seat": 2, "trump": "NT"}, NAMES) == "Ana took SA"
    assert event_text({"type": "trick", "seat": 3, "winner": 3}, NAMES) == "Rui won the trick"
    assert (
        event_text({"type": "trump", "seat": 0, "suit": "D", "called_card": "KD"}, NAMES)
        == "Marie named diamonds: the called card is K♦️"
    )
    assert event_text({"type": "deal_result", "seat": None}, NAMES) is None
    # A word bid is said as a word, not as the record's code.
    capot = event_text({"type": "bid", "seat": 1, "value": "capot", "trump": "S"}, NAMES)
    assert capot == f"Luc bid {t('bid_capot')} ♤"


def test_the_status_line_says_whose_turn_it_is() -> None:
    game = new_game("sueca", {}, 4, dealer=3)
    deal_shuffled(game, Random(2))
    assert status_line(game, NAMES) == "Marie to play"
    card = game.legal_actions(0)[0]
    game.apply(0, card)
    assert card.card is not None
    played = card_name(card.card, "sueca")
    assert status_line(game, NAMES) == f"Marie played\u00a0{played} — Luc to play"


def test_sides_and_house_rules() -> None:
    game = new_game("sueca", {}, 4, dealer=0)
    assert [side.text for side in side_names(game, NAMES)] == ["Marie & Ana", "Luc & Rui"]
    assert option_text("half_down", "en", "rounding") == "to the nearest 10, halves down"


def test_the_lobby_says_the_rules_in_a_sentence() -> None:
    """Issue 11, item 4: how the game is won, what players ask first, then the changes, in
    words a player understands (never a code such as ``sa_ta_scale``)."""
    coinche = new_game("coinche", {}, 4, dealer=0)
    defaults = {spec.name: spec.default for spec in coinche.OPTIONS}
    line = rules_summary("coinche", dict(coinche.options), defaults)
    target = coinche.options["target_score"]
    assert line == f"Coinche to {target:,} points · melds on · SA/TA allowed"
    changed = new_game("coinche", {"sa_ta_scale": "raw", "target_score": 2000}, 4, dealer=0)
    line = rules_summary("coinche", dict(changed.options), defaults)
    assert line.startswith("Coinche to 2,000 points · melds on · SA/TA allowed · ")
    assert "SA/TA scoring: as counted" in line and "sa_ta_scale" not in line
    briscola = new_game("briscola", {}, 2, dealer=0)
    assert rules_summary("briscola", dict(briscola.options), {}) == "Briscola, first to 3 hands"


def test_every_rule_has_a_label_an_explanation_and_values_in_words() -> None:
    from bot.text.i18n import has_key
    from games.registry import GAME_NAMES, game_class

    for name in GAME_NAMES:
        for spec in game_class(name).OPTIONS:
            assert has_key(f"rule_{spec.name}"), spec.name
            assert has_key(f"rule_help_{spec.name}"), spec.name
            for value in spec.choices or ():
                key = f"rule_value_{spec.name}_{value}"
                assert has_key(key) or isinstance(value, int), (spec.name, value)
                assert "_" not in option_text(value, "en", spec.name), (spec.name, value)


def play_one_deal(name: str, seats: int, seed: int) -> Game:
    """A deal played by the easy computer player, up to its end (not passed out)."""
    for attempt in range(20):
        game = new_game(name, {}, seats, dealer=0)
        deal_shuffled(game, Random(seed + attempt))
        rng = Random(seed)
        while not game.deal_results:
            seat = game.to_act
            assert seat is not None
            game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "easy", rng))
        if game.deal_results[-1].get("trick_points") is not None:
            return game
    raise AssertionError("every deal was passed out")


def test_the_deal_summary_says_whether_the_contract_was_made() -> None:
    game = play_one_deal("coinche", 4, 3)
    contract = game.public_view()["contract"]
    text = deal_summary(game, NAMES, 0)
    name = NAMES[contract["declarer"]]
    assert f"by {name} — " in text
    outcome = game.public_view()["events"][-1]["outcome"]
    assert t(f"outcome_{outcome}") in text


def test_the_chiamata_summary_names_the_declarer_and_the_partner() -> None:
    names = [*NAMES, "Eva"]
    game = play_one_deal("chiamata", 5, 5)
    result = game.public_view()["events"][-1]
    text = deal_summary(game, names, 0)
    assert f"{names[result['declarer']]} called " in text
    if result["alone"]:
        assert t("deal_alone") in text
    else:
        assert t("deal_partner", name=names[result["partner"]]) in text
    # The called card is named as the Italian deck draws it.
    assert card_name(result["called_card"], "chiamata") in text
    assert card_name("KC", "chiamata") == "the King of Batons"
    assert card_name("KC", "chiamata", "french") == "K♧"


def test_chiamata_speaks_of_the_italian_cards_it_shows() -> None:
    """The images draw Italian cards for chiamata: the words follow (and go through ``t``)."""
    call = {"type": "call", "seat": 0, "rank": "K"}
    assert event_text(call, NAMES, game="chiamata") == "Marie called the King"
    assert event_text(call, NAMES, game="chiamata", deck_style="french") == "Marie called the king"
    assert event_text(call, NAMES, "it", game="chiamata") == "Marie chiama il re"
    named = {"type": "trump", "seat": 1, "suit": "D", "called_card": "AD"}
    # Issue 25: "la carta chiamata è A denari" read like a code.
    assert event_text(named, NAMES, "it", game="chiamata") == (
        "Luc sceglie denari: la carta chiamata è l'asso di denari"
    )
    assert event_text(named, NAMES, game="chiamata") == (
        "Luc named Coins: the called card is the Ace of Coins"
    )


def test_the_status_line_narrates_card_plays_in_order() -> None:
    """The line names the cards on the table in the order they were played, then whose turn it
    is; once the trick is gathered, its last card and its winner (issue 11, item 3)."""
    game = new_game("sueca", {}, 4, dealer=3)
    deal_shuffled(game, Random(2))
    plays: list[str] = []
    for seat in range(4):
        action = game.legal_actions(seat)[0]
        assert action.card is not None
        game.apply(seat, action)
        # The card stays with its verb: Discord wrapped "A♥" alone on a phone.
        plays.append(f"{NAMES[seat]} played\u00a0{card_name(action.card, 'sueca')}")
        line = status_line(game, NAMES)
        assert "\n" not in line and len(line) <= 150
        if seat < 3:
            assert line == " · ".join(plays[-3:]) + f" — {NAMES[seat + 1]} to play"
    line = status_line(game, NAMES)
    winner = game.public_view()["events"][-1]["winner"]
    assert line.startswith(f"{plays[-1]} · {NAMES[winner]} won the trick — ")
    assert line.endswith(f"{NAMES[winner]} to play")


def test_the_status_line_keeps_the_auction_in_order() -> None:
    game = new_game("coinche", {}, 4, dealer=3)
    deal_shuffled(game, Random(5))
    for seat in (0, 1):
        passes = [a for a in game.legal_actions(seat) if a.type == "pass"]
        game.apply(seat, passes[0])
    assert status_line(game, NAMES) == "Marie passed · Luc passed — Ana to bid"


def test_the_deal_summary_and_the_result_say_each_number_once() -> None:
    """Issue 11, item 6 and issue 25: one short line each (the images carry the details): a
    contract says whether it was made and leaves the points to the image; a game without one
    says the deal's score."""
    game = play_one_deal("coinche", 4, 3)
    text = deal_summary(game, NAMES, 0)
    assert "\n" not in text
    assert "Card points" not in text
    assert "This deal:" not in text and "Score:" not in text and "Belote:" not in text
    sueca = play_one_deal("sueca", 4, 3)
    line = deal_summary(sueca, NAMES, 0)
    assert line.count("This deal:") == 1 and "Score:" not in line
    briscola = new_game("briscola", {"hands_to_win": 1}, 2, dealer=0)
    rng = Random(4)
    while not briscola.over:
        if briscola.awaiting_deck:
            deal_shuffled(briscola, rng)
            continue
        seat = briscola.to_act
        assert seat is not None
        briscola.apply(seat, briscola.legal_actions(seat)[0])
    line = game_result(briscola, NAMES[:2])
    assert "\n" not in line and line.count("Games won:") + line.count("Score:") == 1


def test_six_players_read_team_a_and_b_as_the_images_draw_them() -> None:
    """Briscola for six: the images say "Team A" and "Team B"; the result names the winners
    once in full after it, and the score by team."""
    names = [*NAMES, "Eva", "Jo"]
    game = new_game("briscola", {"hands_to_win": 1}, 6, dealer=0)
    rng = Random(4)
    while not game.over:
        if game.awaiting_deck:
            deal_shuffled(game, rng)
            continue
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    line = game_result(game, names)
    (winner,) = game.winners
    members = ", ".join(names[s] for s in game.teams()[winner])
    team = "AB"[winner]
    assert f"Team {team} ({members}) won!" in line
    assert "Team A" in line.split("won!")[1] and "Team B" in line.split("won!")[1]
    assert " & " not in line


def test_piquet_declarations_are_spoken_as_at_the_table() -> None:
    """Issue 25: the elder declares, the younger answers "good", "not good" or "equal"; the
    status line says it, not only the small side panel."""
    point = {"code": "point", "params": {"count": 5, "value": 45}, "name": "point of five"}
    won = {
        "type": "declaration",
        "category": "point",
        "seat": 1,
        "points": 5,
        "combinations": [point],
        "result": "won",
    }
    assert event_text(won, NAMES, elder=1) == "Point of five (45)? Good: Luc\u00a0+5"
    assert event_text(won, NAMES, elder=0) == "Point? Not good: point of five (45), Luc\u00a0+5"
    assert event_text(won, NAMES, "fr", elder=1) == "Point de 5 (45)\u00a0? Bon\u00a0: Luc\u00a0+5"
    equal = {**won, "seat": None, "points": 0, "combinations": [], "result": "tie"}
    assert event_text(equal, NAMES, elder=1) == "Point? Equal"
    assert event_text({**equal, "result": "none"}, NAMES, elder=1) is None
    game = new_game("piquet", {}, 2, dealer=0)
    deal_shuffled(game, Random(3))
    rng = Random(1)
    while game.phase == "exchange":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "easy", rng))
    line = status_line(game, NAMES[:2])
    assert "? Good: " in line or "? Not good: " in line or "? Equal" in line, line


def test_a_bidder_reads_the_bid_to_beat_and_a_caller_which_way_calls_go() -> None:
    """Issue 25: the bidding hand shows the bid to beat; chiamata's auction says the standing
    call and that a lower card is a higher call; naming the briscola reminds the declarer of
    the rank they called and warns where a suit leaves them alone."""
    from bot.text.prompts import turn_prompt

    coinche = new_game("coinche", {}, 4, dealer=3)
    deal_shuffled(coinche, Random(5))
    assert turn_prompt(coinche.view(0), NAMES) is None
    bid = next(a for a in coinche.legal_actions(0) if a.type == "bid" and a.trump == "H")
    coinche.apply(0, bid)
    assert turn_prompt(coinche.view(1), NAMES) == f"Bid to beat: {bid.value} ♥️ (Marie)."
    names = [*NAMES, "Eva"]
    chiamata = new_game("chiamata", {}, 5, dealer=4)
    deal_shuffled(chiamata, Random(2))
    first = turn_prompt(chiamata.view(0), names)
    assert first is not None and "the Ace bids least" in first and "the 2 bids most" in first
    call = next(a for a in chiamata.legal_actions(0) if a.type == "call" and a.rank == "K")
    chiamata.apply(0, call)
    assert turn_prompt(chiamata.view(1), names, "it") == (
        "Chiamata in corso: il re (Marie). Più bassa è la carta, più alta è la chiamata: "
        "chiama sotto, o passa."
    )
    for seat in (1, 2, 3, 4):
        chiamata.apply(seat, next(a for a in chiamata.legal_actions(seat) if a.type == "pass"))
    view = chiamata.view(0)
    assert view["decision"] == "trump"
    prompt = turn_prompt(view, names)
    assert prompt is not None and prompt.startswith("You called the King: name the briscola")
    kings = [c for c in view["hand"] if c[0] == "K"]
    assert prompt.count("naming its suit means playing alone") == len(kings)


def test_a_score_never_runs_into_a_name_that_ends_in_a_number() -> None:
    """ "Computer 1 260" read as two numbers: each side's score follows a colon, as the language
    writes one (French with a no-break space before it), and is grouped as the language groups
    thousands."""
    sueca = play_one_deal("sueca", 4, 3)
    names = ["alice", "Computer 1", "bob", "Computer 2"]
    for locale, colon in (
        ("en", ": "),
        ("fr", "\u00a0: "),
        ("it", ": "),
        ("ja", "："),
        ("pt-BR", ": "),
    ):
        line = deal_summary(sueca, names, 0, locale)
        assert f"Computer 1{colon}" in line or f"Computer 2{colon}" in line, (locale, line)
        assert not any(f"Computer {k} {d}" in line for k in (1, 2) for d in range(10)), line


def test_japanese_lists_with_the_ideographic_comma() -> None:
    """Piquet's declarations and the scores of a deal read "4枚続き、3枚続き", not with a Latin
    comma, in Japanese; other languages keep ", "."""
    from i18n.numbers import listed

    assert listed(["a", "b"], "ja") == "a、b"
    assert listed(["a", "b"], "pt-BR") == "a, b"
    sueca = play_one_deal("sueca", 4, 3)
    line = deal_summary(sueca, ["alice", "Computer 1", "bob", "Computer 2"], 0, "ja")
    assert "、" in line and ", " not in line, line

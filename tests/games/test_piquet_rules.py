"""Piquet rules one by one: options, the deal, exchanges, carte blanche, combinations, trick
points, the end of a game and of a Rubicon partie (docs/rules.md §4)."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import PLAY, Action, ActionTemplate
from games.base import IllegalAction
from games.cards import FRENCH_32, FRENCH_36
from games.options import OptionError
from games.piquet import Piquet
from games.piquet_declarations import best_point, sequences, sets, settle_declarations
from tests.games.test_piquet_helpers import build_deck, cards_in, split

ELDER, YOUNGER = 0, 1


def exchange(*cards: str) -> Action:
    return Action("exchange", cards=tuple(cards))


# ------------------------------------------------------------------------------- options
def test_every_option_value_is_accepted() -> None:
    values: dict[str, tuple[Any, ...]] = {
        "rules_era": ("modern", "old", "c17"),
        "scoring_mode": ("target", "rubicon"),
        "target_score": (1, 100, 150, 200),
        "games_to_win_match": (1, 2, 5),
        "deal_packet": (2, 3),
        "younger_min_exchange": (1, 0),
        "talon_view": ("modern", "parlett"),
        "discard_view": ("none", "own"),
        "last_trick_point_on_capot": (True, False),
        "old_last_trick_needs_ten": (True, False),
    }
    assert {spec.name for spec in Piquet.OPTIONS} == set(values)
    for key, choices in values.items():
        for value in choices:
            assert Piquet(options={key: value}).options[key] == value
    defaults = Piquet().options
    assert defaults == {
        "rules_era": "modern",
        "scoring_mode": "target",
        "target_score": 100,
        "games_to_win_match": 2,
        "deal_packet": 2,
        "younger_min_exchange": 1,
        "talon_view": "modern",
        "discard_view": "none",
        "last_trick_point_on_capot": True,
        "old_last_trick_needs_ten": False,
    }


@pytest.mark.parametrize(
    "options, key",
    [
        ({"extras_rule": "any"}, "extras_rule"),
        ({"rules_era": "new"}, "rules_era"),
        ({"scoring_mode": "cent"}, "scoring_mode"),
        ({"target_score": 0}, "target_score"),
        ({"target_score": 100.0}, "target_score"),
        ({"games_to_win_match": 0}, "games_to_win_match"),
        ({"deal_packet": 4}, "deal_packet"),
        ({"deal_packet": "2"}, "deal_packet"),
        ({"younger_min_exchange": 2}, "younger_min_exchange"),
        ({"younger_min_exchange": True}, "younger_min_exchange"),
        ({"talon_view": "all"}, "talon_view"),
        ({"discard_view": "both"}, "discard_view"),
        ({"last_trick_point_on_capot": 1}, "last_trick_point_on_capot"),
        ({"old_last_trick_needs_ten": "yes"}, "old_last_trick_needs_ten"),
    ],
)
def test_bad_options_are_refused_with_the_key_named(options: dict[str, Any], key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Piquet(options=options)


def test_only_two_players() -> None:
    with pytest.raises(ValueError):
        Piquet(seats=3)


# ---------------------------------------------------------------------------------- deal
def test_deal_in_packets_of_two_elder_first() -> None:
    game = Piquet(dealer=1)
    deck = list(FRENCH_32)
    game.deal(deck)
    assert game.hands[0] == [deck[4 * r + i] for r in range(6) for i in (0, 1)]
    assert game.hands[1] == [deck[4 * r + 2 + i] for r in range(6) for i in (0, 1)]
    assert game.talon == deck[24:]
    assert game.to_act == 0 and game.phase == "exchange"


def test_deal_in_packets_of_three_and_the_c17_talon() -> None:
    game = Piquet(options={"deal_packet": 3, "rules_era": "c17"}, dealer=0)
    deck = list(FRENCH_36)
    game.deal(deck)
    assert game.hands[1] == [deck[6 * r + i] for r in range(4) for i in (0, 1, 2)]
    assert game.hands[0] == [deck[6 * r + 3 + i] for r in range(4) for i in (0, 1, 2)]
    assert game.talon == deck[24:] and len(game.talon) == 12
    assert game.view(1)["talon_size"] == 12


def test_a_32_card_deck_is_refused_in_c17() -> None:
    with pytest.raises(ValueError):
        Piquet(options={"rules_era": "c17"}).deal(list(FRENCH_32))


# ------------------------------------------------------------------------------ exchange
def _dealt(options: dict[str, Any] | None = None) -> Piquet:
    game = Piquet(options=options, dealer=1)
    game.deal(list(FRENCH_36 if (options or {}).get("rules_era") == "c17" else FRENCH_32))
    return game


@pytest.mark.parametrize(
    "cards, reason",
    [
        ((), "exchange 1 to 5 cards, not 0"),
        (("7S", "7S"), "twice"),
        (("AD",), "AD is not in your hand"),
        (("7S", "8S", "9S", "TS", "7H", "8H"), "exchange 1 to 5 cards, not 6"),
        (None, "name the cards"),
    ],
)
def test_illegal_elder_exchanges(cards: tuple[str, ...] | None, reason: str) -> None:
    game = _dealt()
    assert game.hands[0][:2] == ["7S", "8S"]
    before = game.to_dict()
    with pytest.raises(IllegalAction, match=reason):
        game.apply(0, Action("exchange", cards=cards))
    assert game.to_dict() == before
    assert not game.is_legal(0, Action("exchange", cards=())) if cards == () else True


def test_exchange_template_and_turns() -> None:
    game = _dealt()
    template = ActionTemplate("exchange", min_count=1, max_count=5)
    assert game.legal_actions(0) == [template]
    assert template.is_template and not Action("exchange").is_template
    assert game.legal_actions(1) == []
    assert game.is_legal(0, template)
    assert not game.is_legal(1, template)
    assert not game.is_legal(0, Action("exchange")), "a plain action must name its cards"
    assert template.concrete(["9s"]) == Action("exchange", cards=("9S",))
    with pytest.raises(IllegalAction, match="seat 0's turn"):
        game.apply(1, exchange("9S"))
    with pytest.raises(IllegalAction, match="not played before"):
        game.apply(0, PLAY["7S"])
    game.apply(0, exchange(*game.hands[0][:5]))
    assert game.hands[0][-5:] == game.talon[:5]
    assert game.view(1)["exchange"] == {"min": 1, "max": 3}
    with pytest.raises(IllegalAction, match="exchange 1 to 3 cards, not 0"):
        game.apply(1, exchange())
    with pytest.raises(IllegalAction, match="not 4"):
        game.apply(1, exchange(*game.hands[1][:4]))


def test_younger_may_keep_his_hand_with_parlett_minimum() -> None:
    game = _dealt({"younger_min_exchange": 0})
    game.apply(0, exchange("7S"))
    assert game.view(1)["exchange"] == {"min": 0, "max": 7}
    hand = list(game.hands[1])
    game.apply(1, exchange())
    assert game.hands[1] == hand and game.phase == "play"
    assert game.log[-1]["actions"][-1] == {"seat": 1, "type": "exchange", "cards": []}


def test_c17_elder_takes_up_to_eight() -> None:
    game = _dealt({"rules_era": "c17"})
    assert game.view(0)["exchange"] == {"min": 1, "max": 8}
    with pytest.raises(IllegalAction, match="not 9"):
        game.apply(0, exchange(*game.hands[0][:9]))
    game.apply(0, exchange(*game.hands[0][:8]))
    assert game.view(1)["exchange"] == {"min": 1, "max": 4}


def test_talon_and_discard_visibility() -> None:
    game = _dealt({"discard_view": "own"})
    game.apply(0, exchange("7S", "8S"))
    talon = game.talon
    assert game.view(0)["talon_seen"] == talon[2:5]  # §4.6 (a)
    assert game.view(1)["talon_seen"] == []
    assert game.view(0)["discards"] == ["7S", "8S"]
    assert "7S" not in cards_in(game.view(1))
    game.apply(1, exchange(game.hands[1][0]))
    assert game.view(1)["talon_seen"] == talon[3:]  # §4.6 (b)
    assert game.view(None)["talon_seen"] == []
    assert game.view(0)["talon_seen"] == talon[2:5]


def test_parlett_talon_is_shown_to_both_and_discards_to_nobody() -> None:
    game = _dealt({"talon_view": "parlett"})
    game.apply(0, exchange("7S"))
    game.apply(1, exchange(game.hands[1][0]))
    left = game.talon[2:]
    assert game.view(None)["talon_seen"] == left
    assert set(left) <= set(game.view(0)["talon_seen"])
    assert game.view(1)["talon_seen"] == left
    assert game.view(0)["discards"] == [] and "7S" not in cards_in(game.view(0))


# -------------------------------------------------------------------------- carte blanche
BLANK_E = split("AS TS 9S 8S 7S AH TH 9H 8H 7H AD TD")
COURTS_Y = split("KS QS JS KH QH JH KD QD JD KC QC JC")
REST = split("9D 8D 7D AC TC 9C 8C 7C")


def test_elder_carte_blanche_is_shown_only_after_the_younger_discards() -> None:
    game = Piquet(dealer=YOUNGER)
    game.deal(build_deck(BLANK_E, COURTS_Y, REST))
    announce = {"type": "carte_blanche", "seat": ELDER, "points": 10}
    assert game.view(YOUNGER)["events"] == [announce]
    assert game.view(YOUNGER)["carte_blanche"] == [True, False]
    game.apply(ELDER, exchange("7S"))
    younger_view = game.view(YOUNGER)
    assert cards_in(younger_view) == set(COURTS_Y)
    game.apply(YOUNGER, exchange("JC"))
    shown = [e for e in game.view(None)["events"] if e["type"] == "carte_blanche_shown"]
    assert shown == [{"type": "carte_blanche_shown", "seat": ELDER, "hand": BLANK_E}]
    assert game.view(ELDER)["scores"]["deal"][ELDER] >= 10


def test_both_carte_blanches_score_and_the_elder_comes_first() -> None:
    elder = split("AS TS 9S 8S 7S 6S AH TH 9H 8H 7H 6H")
    younger = split("AD TD 9D 8D 7D 6D AC TC 9C 8C 7C 6C")
    talon = [r + s for r in "KQJ" for s in "SHDC"]
    options = {"rules_era": "c17", "games_to_win_match": 1}
    game = Piquet(options=options, dealer=YOUNGER)
    game.totals = [95, 95]
    game.deal(build_deck(elder, younger, talon))
    game.apply(ELDER, exchange("6S"))
    events = game.view(ELDER)["events"]
    assert events[-1]["hand"] == younger  # the younger's hand is shown at once
    game.apply(YOUNGER, exchange("6D"))
    assert game.over and game.winners == [ELDER]
    assert game.deal_results[-1]["scores"] == [10, 0]
    assert game.deal_results[-1]["trick_points"] == [0, 0]


def test_both_carte_blanches_both_score_without_a_target() -> None:
    elder = split("AS TS 9S 8S 7S 6S AH TH 9H 8H 7H 6H")
    younger = split("AD TD 9D 8D 7D 6D AC TC 9C 8C 7C 6C")
    talon = [r + s for r in "KQJ" for s in "SHDC"]
    game = Piquet(options={"rules_era": "c17", "scoring_mode": "rubicon"}, dealer=YOUNGER)
    game.deal(build_deck(elder, younger, talon))
    game.apply(ELDER, exchange("6S"))
    game.apply(YOUNGER, exchange("6D"))
    deal = game.view(YOUNGER)["scores"]["deal"]
    assert deal[ELDER] >= 10 and deal[YOUNGER] >= 10


# --------------------------------------------------------------------------- combinations
def test_combinations_and_their_scores() -> None:
    hand = split("AS KS QS JS TS 9S 8S 7S 6S AH AD AC")
    (run,) = sequences(hand)
    assert (run.score, run.name) == (19, "neuvième to the ace")
    assert [s.name for s in sets(hand)] == ["quatorze of aces"]
    assert [s.name for s in sets(hand[:-1])] == ["three aces"]
    assert best_point(hand, "modern").score == 9
    assert best_point(hand, "c17").score == 8  # value 81 → 8
    assert best_point(split("AS KS QS JS 7S 9H 8H 9D 8D 7D 9C 8C"), "old").score == 5  # 48
    split_run = split("AH KH QH 9H 8H 7H TS TD TC JS 9D 7C")
    assert [(s.score, s.cards[0]) for s in sequences(split_run)] == [(3, "AH"), (3, "9H")]
    assert [s.name for s in sets(split_run)] == ["three tens"]
    assert [s.name for s in sets([*split_run[:-1], "TH"])] == ["quatorze of tens"]
    assert sets(split("9S 9H 9D 9C 8S 8H 8D 7S 7H 7D AS KS")) == []


def test_point_by_count_then_value_and_ties() -> None:
    elder = split("AS KS QS 7S 9H 8H 9D 8D 7D 9C 8C 7C")  # spades: 4 cards, 38
    younger = split("AH KH QH 8H TS 9S 8S TD JD TC JC QC")  # hearts: 4 cards, 39
    for era, score in (("modern", 4), ("old", 4), ("c17", 4)):
        point = settle_declarations(elder, younger, era)[0]
        assert (point.winner, point.points) == (1, score)
    equal = split("AH KH QH 7H TS 9S 8S TD JD QD TC JC")  # hearts: 4 cards, 38
    for era in ("modern", "old"):
        point = settle_declarations(elder, equal, era)[0]
        assert (point.winner, point.tie, point.points) == (None, True, 0)


def test_equal_sequences_score_nothing_for_either() -> None:
    elder = split("AS KS QS 7H 8H TD 7D 8C 9C 7S 9D JC")
    younger = split("AH KH QH 9S 8S TS 8D JD QD TC QC KD")
    seq = settle_declarations(elder, younger, "modern")[1]
    assert seq.winner is None and seq.tie and seq.points == 0


# ---------------------------------------------------------------------------- trick points
def _played_out(options: dict[str, Any]) -> Piquet:
    game = Piquet(options={"scoring_mode": "rubicon", **options}, dealer=YOUNGER)
    game.deal(list(FRENCH_32))
    game.apply(ELDER, exchange(game.hands[ELDER][0]))
    game.apply(YOUNGER, exchange(game.hands[YOUNGER][0]))
    return game


def test_modern_scores_a_point_for_every_lead() -> None:
    game = _played_out({})
    before = list(game.h)
    leader = game.to_act
    assert leader == ELDER
    low = min(game.hands[ELDER], key=lambda c: "789TJQKA".index(c[0]))
    game.apply(ELDER, PLAY[low])
    assert game.h[ELDER] == before[ELDER] + 1


def test_old_rules_lead_point_needs_a_ten() -> None:
    game = _played_out({"rules_era": "old"})
    before = list(game.h)
    seven = next(c for c in game.hands[ELDER] if c[0] in "789")
    game.apply(ELDER, PLAY[seven])
    assert game.h == before


def test_partial_trick_points() -> None:
    game = _played_out({})
    assert game.replay_result()["deals"][-1]["trick_points"] is None
    game.apply(ELDER, game.legal_actions(ELDER)[0])
    assert game.replay_result()["deals"][-1]["trick_points"] == [0, 0]
    game.apply(YOUNGER, game.legal_actions(YOUNGER)[0])
    assert sum(game.replay_result()["deals"][-1]["trick_points"]) == 1
    with pytest.raises(IllegalAction, match="exchanges are over"):
        game.apply(game.to_act or 0, exchange(game.hands[game.to_act or 0][0]))


def test_must_follow_suit() -> None:
    game = _played_out({})
    lead = game.hands[ELDER][0]
    game.apply(ELDER, PLAY[lead])
    follow = [c for c in game.hands[YOUNGER] if c[1] == lead[1]]
    other = [c for c in game.hands[YOUNGER] if c[1] != lead[1]]
    if follow and other:
        with pytest.raises(IllegalAction, match="must follow"):
            game.apply(YOUNGER, PLAY[other[0]])
        assert {a.card for a in game.legal_actions(YOUNGER)} == set(follow)


# ------------------------------------------------------------------------- game and partie
def _deal_winner(game: Piquet, totals: list[int], reached: int | None) -> int | None:
    game.totals = totals
    game.h = [0, 0]
    game.reached_first = reached
    return game._game_winner()


def test_target_end_of_hand() -> None:
    game = Piquet()
    assert _deal_winner(game, [99, 50], None) is None
    assert _deal_winner(game, [100, 50], 0) == 0
    assert _deal_winner(game, [104, 120], 0) == 1  # both over: the higher total
    assert _deal_winner(game, [110, 110], 1) == 1  # equal: the first to get there


def test_rubicon_partie_of_six_hands_and_ties() -> None:
    game = Piquet(options={"scoring_mode": "rubicon"})
    game.partie_hands = 4
    assert _deal_winner(game, [50, 10], None) is None  # fifth hand
    assert _deal_winner(game, [80, 80], None) is None  # sixth hand, tied: two more
    assert game.partie_length == 8
    assert _deal_winner(game, [90, 80], None) is None  # seventh
    assert _deal_winner(game, [90, 95], None) == 1  # eighth
    game._game_won(1)
    assert game.events[-1] == {
        "type": "game_won",
        "seat": 1,
        "totals": [90, 95],
        "partie_score": 90 + 95 + 100,
    }
    assert game.totals == [0, 0] and game.games_won == [0, 1]
    assert (game.partie_hands, game.partie_length) == (0, 6)


def test_actions_after_the_match_are_refused() -> None:
    game = Piquet(options={"games_to_win_match": 1})
    game._game_won(0)
    assert game.over and game.winners == [0]
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, exchange("7S"))
    with pytest.raises(IllegalAction, match="over"):
        game.deal(list(FRENCH_32))

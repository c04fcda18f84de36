"""Sentences about a table: the one line under the table image, deal summaries, the result
(events in words are ``bot.text.events``, cards ``bot.text.cards``, house rules
``bot.text.rules``).

Everything is drawn from the public view and the game's public results, so no sentence can
reveal a hidden card; every word goes through ``t``.
"""

from __future__ import annotations

from bot.text.cards import card_name, trump_word
from bot.text.events import event_text
from bot.text.i18n import t
from bot.text.marks import shown_length
from games.base import Game
from games.views import Contract, DealResultEvent, Decision, Event, GameView
from i18n.numbers import listed, number
from rendering.info import SideLabel
from rendering.info import side_names as rendering_side_names

TURN_KEYS: dict[Decision, str] = {
    "take": "turn_take",
    "bid": "turn_bid",
    "exchange": "turn_exchange",
    "trump": "turn_trump",
    "play": "turn_play",
}
"""The sentence for each decision the engine says the seat to act faces (``view["decision"]``)."""


def side_names(game: Game, names: list[str], locale: str = "en") -> list[SideLabel]:
    """Each side as the images label it (``rendering.info.side_names``, teams from the engine):
    its players' names, or "Team A" for a team of three (Briscola for six), so that a sentence
    and the picture under it name a side alike."""
    return rendering_side_names(game.teams(), names, locale)


def named_sides(game: Game, names: list[str], locale: str = "en") -> list[SideLabel]:
    """``side_names`` where a sentence names the winners once in full: "Team A (alice, bob,
    carol)" — one team, so its verb stays singular."""
    labels = side_names(game, names, locale)
    full = rendering_side_names(game.teams(), names, locale, max_joined=None)
    return [
        label
        if label.members == everybody.members
        else SideLabel(
            (t("team_members", locale, team=label.text, names=", ".join(everybody.members)),)
        )
        for label, everybody in zip(labels, full, strict=True)
    ]


STATUS_LENGTH = 150
"""Longest status line, in characters as it reads (a suit emoji is one): a few lines under the
table on a phone."""
RECENT = 3
"""At most this many recent actions in the status line."""


def recent_actions(
    view: GameView, names: list[str], locale: str = "en", *, game: str, deck_style: str
) -> list[str]:
    """What happened lately, oldest first: the calls and announcements since the last trick was
    gathered, then the cards of the trick on the table; on an empty table after a trick, its
    last card and who won it. The engines keep no event per card played, so plays are read from
    the trick on the table, which is public."""
    events = view["events"]
    last_trick = max((i for i, e in enumerate(events) if e["type"] == "trick"), default=-1)

    elder = view["elder"] if view["game"] == "piquet" else None

    def said(event: Event) -> str | None:
        return event_text(event, names, locale, game=game, deck_style=deck_style, elder=elder)

    def played(entry: object) -> str | None:
        if not (isinstance(entry, list | tuple) and len(entry) == 2):
            return None
        seat, card = entry
        if not (isinstance(seat, int) and 0 <= seat < len(names) and isinstance(card, str)):
            return None
        name = names[seat]
        return t("event_play", locale, name=name, card=card_name(card, game, deck_style, locale))

    actions = [text for e in events[last_trick + 1 :] if (text := said(e))]
    trick = view["trick"]
    if trick:
        actions += [text for entry in trick if (text := played(entry))]
    elif last_trick >= 0 and not actions:
        finished = view["last_trick"] or []
        last_card = played(finished[-1]) if finished else None
        actions = [a for a in (last_card, said(events[last_trick])) if a]
    return actions


def status_line(game: Game, names: list[str], locale: str = "en", deck_style: str = "auto") -> str:
    """What is happening, on one line: the last actions in the order they were made, card plays
    included ("bob played 10♠ · Computer 2 played J♠"), then whose turn it is. The oldest actions
    are left out first when the line would grow too long."""
    view = game.public_view()
    if game.over:
        turn = t("status_over", locale)
    elif game.to_act is not None:
        decision = view["decision"]
        key = TURN_KEYS[decision] if decision is not None else "turn_act"
        turn = t(key, locale, name=names[game.to_act])
    elif game.awaiting_deck:
        turn = t("status_dealing", locale)
    else:
        turn = ""
    actions = recent_actions(view, names, locale, game=game.NAME, deck_style=deck_style)
    actions = actions[-RECENT:]
    while actions:
        line = " — ".join(part for part in (" · ".join(actions), turn) if part)
        if shown_length(line) <= STATUS_LENGTH or len(actions) == 1:
            return line
        actions = actions[1:]
    return turn


def scores_text(values: list[int], sides: list[SideLabel], locale: str = "en") -> str:
    """Each side's score after its name, punctuated as the language does: a name that ends in
    a number ("Computer 1") never runs into its score ("Computer 1 260")."""
    return listed(
        (
            t("side_score", locale, side=side.text, score=number(value, locale))
            for side, value in zip(sides, values, strict=False)
        ),
        locale,
    )


def deal_summary(
    game: Game,
    names: list[str],
    index: int,
    locale: str = "en",
    deck_style: str = "auto",
    heading: str | None = None,
) -> str:
    """The deal in one short line, for notifications and screen readers: the contract or the
    call and whether it was made, or, in a game without one, the deal's score; a capot. The
    image posted with it holds the rest (points per side, melds, belote, totals), so the text
    does not say it again."""
    result = game.deal_results[index]
    parts = [heading or t("deal_summary_title", locale, number=index + 1)]
    if result["trick_points"] is None:
        parts.append(t("deal_passed_out", locale))
        return " · ".join(parts)
    outcome = deal_outcome(game, names, index, locale, deck_style)
    if outcome is not None:
        parts.append(outcome)
    else:
        sides = side_names(game, names, locale)
        parts.append(t("deal_scores", locale, scores=scores_text(result["scores"], sides, locale)))
    view = game.public_view()
    ended = next((e for e in reversed(view["events"]) if e["type"] == "deal_result"), None)
    latest = index == len(game.deal_results) - 1 and ended is not None
    if latest and ended is not None and swept(ended):
        parts.append(t("deal_sweep", locale))
    return " · ".join(parts)


def deal_outcome(
    game: Game, names: list[str], index: int, locale: str = "en", deck_style: str = "auto"
) -> str | None:
    """The contract (or chiamata's call) and whether it was made, from the public events of the
    deal, which the engine keeps until the next deal is dealt (so only for the latest deal);
    ``None`` for a game without a contract."""
    if index != len(game.deal_results) - 1:
        return None
    view = game.public_view()
    result: DealResultEvent | None = next(
        (e for e in reversed(view["events"]) if e["type"] == "deal_result"), None
    )
    if result is None:
        return None
    return outcome_line(view["contract"], result, names, game.NAME, locale, deck_style)


def swept(result: DealResultEvent) -> bool:
    """A side took every trick: Sueca's bandeira, chiamata's cappotto (Belote's and Coinche's
    capot is in their scores, which the summary's image shows)."""
    return result.get("bandeira", False) or result.get("cappotto", False)


def outcome_line(
    contract: Contract | None,
    result: DealResultEvent,
    names: list[str],
    game: str,
    locale: str = "en",
    deck_style: str = "auto",
) -> str | None:
    """``deal_outcome`` from what a finished deal leaves: its contract (the public view's) and
    its ``deal_result`` event. A challenge keeps these of every deal played, and words them for
    each reader (``bot.challenge.screens``)."""

    def name(seat: int | None) -> str:
        return names[seat] if seat is not None and 0 <= seat < len(names) else "?"

    if "outcome" in result and contract is not None and "multiplier" in contract:
        # Belote's contract names its taker, Coinche's its declarer (and a value).
        seat = contract["taker"] if "taker" in contract else contract["declarer"]
        trump = trump_word(str(contract["trump"]), locale, deck_style)
        value = contract["value"]
        if value is None:
            what = trump
        elif isinstance(value, int):
            what = f"{value} {trump}"
        else:
            what = f"{t('bid_' + value, locale)} {trump}"
        if contract["multiplier"] > 1:
            what += f" ×{contract['multiplier']}"
        return t(
            "deal_contract",
            locale,
            name=name(seat),
            contract=what,
            outcome=t(f"outcome_{result['outcome']}", locale),
        )
    if "declarer" in result and "success" in result:
        called = result["called_card"]
        partner = (
            t("deal_alone", locale)
            if result["alone"]
            else t("deal_partner", locale, name=name(result["partner"]))
        )
        return t(
            "deal_call",
            locale,
            name=name(result["declarer"]),
            card=card_name(called, game, deck_style, locale) if called else "?",
            partner=partner,
            points=result["points"],
            target=result["target"],
            outcome=t("outcome_success" if result["success"] else "outcome_failure", locale),
        )
    return None


def game_result(game: Game, names: list[str], locale: str = "en") -> str:
    """Who won, in one line with the final score once: games won where the match counts games
    (Briscola, Sueca, Piquet's match), else the points; the score sheet image holds the rest."""
    sides = side_names(game, names, locale)
    named = named_sides(game, names, locale)
    winners = [named[w] for w in game.winners if 0 <= w < len(named)]
    if winners:
        count = sum(side.count for side in winners)
        head = t("result_winners", locale, names=", ".join(w.text for w in winners), count=count)
    else:
        head = t("result_no_winner", locale)
    games_won = game.match_games_won()
    if games_won is not None:
        tail = t("result_games_won", locale, scores=scores_text(games_won, sides, locale))
    else:
        tail = t("deal_totals", locale, scores=scores_text(list(game.totals), sides, locale))
    return f"{head} {tail}"

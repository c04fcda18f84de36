"""What each game shows around the trick, read from its view with ``.get`` so that a key an engine
does not provide only leaves a line out and never breaks an image.

Everything here turns a view into short labels and card lists; the drawing is in ``table.py``.
Suit symbols in labels are drawn as emblems by ``Canvas.rich``. Only public keys are read: the
hand, and a partner the public may not know yet, never reach a table image.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

from rendering.i18n import DEFAULT_LOCALE, plural, term, text

SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
BIDDING_PHASES: Final = frozenset({"taking", "auction", "trump"})


@dataclass
class TableCards:
    """Cards lying on the table outside the trick: a turn-up, a stock and its trump, a talon."""

    label: str
    cards: list[str | None]
    """Face-up codes, or ``None`` for a face-down card."""
    count: int | None = None
    crosswise_last: bool = False
    """Briscola's trump card lies across, under the stock."""


@dataclass
class TableInfo:
    title: str
    locale: str = DEFAULT_LOCALE
    contract: list[str] = field(default_factory=list)
    cards: list[TableCards] = field(default_factory=list)
    log_kind: str = ""
    """What the log holds (``bidding``, ``melds``, ``declarations``): its title is a word of the
    locale, so code tests the kind, never the title."""
    log: list[str] = field(default_factory=list)
    badges: dict[int, str] = field(default_factory=dict)
    """A short tag on a seat's name plate: the taker's contract, the declarer, the partner."""
    bubbles: dict[int, str] = field(default_factory=dict)
    """What each seat last said in the bidding, shown beside its plate while bidding lasts."""
    focus_cards: list[str | None] = field(default_factory=list)
    """Cards shown large in the middle of the table when no trick is on it (Belote's turn-up,
    Piquet's talon)."""
    focus_lines: list[str] = field(default_factory=list)

    @property
    def log_title(self) -> str:
        return text(f"log_{self.log_kind}", self.locale) if self.log_kind else ""


def game_title(game: Any, locale: str = DEFAULT_LOCALE, default: str | None = None) -> str:
    return term("game_name", game, locale, str(game) if default is None else default)


def name_of(names: list[str], seat: Any, locale: str = DEFAULT_LOCALE) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int):
        return seat_label(seat, locale)
    return "?"


def seat_label(seat: int, locale: str = DEFAULT_LOCALE) -> str:
    """The name of a seat nobody named: "Seat 3"."""
    return text("seat", locale, number=seat + 1)


def side_label(side: int, locale: str = DEFAULT_LOCALE) -> str:
    return text("side", locale, number=side + 1)


def denomination(trump: Any, locale: str = DEFAULT_LOCALE) -> str:
    if trump in SYMBOLS:
        return SYMBOLS[str(trump)]
    return term("denomination", trump, locale)


def card_text(card: Any, italian: bool = False, locale: str = DEFAULT_LOCALE) -> str:
    if not isinstance(card, str) or len(card) != 2:
        return "?"
    if italian:
        return f"{italian_rank(card[0], locale)} {SYMBOLS.get(card[1], card[1])}"
    rank = "10" if card[0] == "T" else card[0]
    return rank + SYMBOLS.get(card[1], card[1])


def italian_rank(rank: Any, locale: str = DEFAULT_LOCALE) -> str:
    """The figure's name in an Italian deck (Fante, Cavallo, Re), or the rank as a number."""
    return term("italian_rank", rank, locale, "10" if rank == "T" else str(rank))


def italian_trump(trump: Any, locale: str = DEFAULT_LOCALE) -> str | None:
    """``Briscola ♣ bastoni``: the Italian games name the trump suit by its Italian name."""
    if trump not in SYMBOLS:
        return None
    name = term("italian_suit", trump, locale)
    return text("briscola_trump", locale, suit=denomination(trump, locale), name=name)


def multiplier_text(multiplier: Any) -> str:
    if multiplier == 4:
        return " ×4"
    if multiplier == 2:
        return " ×2"
    return ""


def bid_value_text(value: Any, locale: str = DEFAULT_LOCALE) -> str:
    if value == "generale":
        return text("bid_generale", locale)
    return str(value)


def said(who: str, what: str, locale: str = DEFAULT_LOCALE) -> str:
    """A log line: ``Marie: Pass`` (French puts a space before the colon)."""
    return text("said", locale, who=who, what=what)


def _bid_text(entry: dict[str, Any], locale: str) -> str:
    """A call as a player says it: ``Pass``, ``120 ♥``, ``Coinche!``, ``Tre``."""
    kind = entry.get("type") or ""
    if kind in ("pass", "coinche", "surcoinche"):
        return text(f"call_{kind}", locale)
    if kind == "bid":
        value = bid_value_text(entry.get("value"), locale)
        return f"{value} {denomination(entry.get('trump'), locale)}"
    if kind == "take":
        trump = denomination(entry.get("trump") or entry.get("suit"), locale)
        return text("call_take", locale, trump=trump)
    if kind == "call":
        points = entry.get("points")
        return italian_rank(entry.get("rank"), locale) + (f" ({points})" if points else "")
    if kind == "trump":
        return denomination(entry.get("suit") or entry.get("trump"), locale)
    return str(kind)


def _bidding(
    view: dict[str, Any], names: list[str], info: TableInfo, entries: list[dict[str, Any]]
) -> None:
    """The auction as a log, and while it lasts, each seat's last call in a bubble."""
    if not entries:
        return
    loc = info.locale
    info.log_kind = "bidding"
    info.log = [said(name_of(names, e.get("seat"), loc), _bid_text(e, loc), loc) for e in entries]
    if view.get("phase") in BIDDING_PHASES:
        for entry in entries:
            seat = entry.get("seat")
            if isinstance(seat, int):
                info.bubbles[seat] = _bid_text(entry, loc)


def _events(view: dict[str, Any], *kinds: str) -> list[dict[str, Any]]:
    return [e for e in view.get("events") or [] if isinstance(e, dict) and e.get("type") in kinds]


def melds_log(view: dict[str, Any], names: list[str], locale: str = DEFAULT_LOCALE) -> list[str]:
    """Melds declared in trick 1, the side that scores them, and belote / rebelote."""
    lines: list[str] = []
    resolved = bool(_events(view, "melds"))
    for event in _events(view, "declare", "melds", "belote", "rebelote"):
        who = name_of(names, event.get("seat"), locale)
        kind = event.get("type")
        if kind == "declare" and resolved:
            continue
        if kind == "declare":
            melds = [m for m in event.get("melds") or [] if isinstance(m, dict)]
            if melds:
                kinds = ", ".join(term("meld_kind", m.get("kind", ""), locale) for m in melds)
                lines.append(said(who, kinds, locale))
        elif kind == "melds":
            for group in event.get("melds") or []:
                if not isinstance(group, dict):
                    continue
                owner = name_of(names, group.get("seat"), locale)
                for meld in group.get("melds") or []:
                    if isinstance(meld, dict):
                        cards = " ".join(card_text(c) for c in meld.get("cards") or [])
                        lines.append(
                            text(
                                "meld_scored",
                                locale,
                                who=owner,
                                meld=term("meld_kind", meld.get("kind", ""), locale),
                                cards=cards,
                                points=meld.get("points", 0),
                            )
                        )
        else:
            lines.append(text("announce", locale, who=who, what=term("event", kind, locale)))
    return lines


def _melds(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    if view.get("phase") == "play":
        melds = melds_log(view, names, info.locale)
        if melds:
            info.log_kind, info.log = "melds", melds


def _belote(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract = view.get("contract") or {}
    trump = view.get("trump") or contract.get("trump")
    taker = contract.get("taker")
    if trump:
        line = text("trump_line", loc, trump=denomination(trump, loc))
        if isinstance(taker, int):
            line += f" · {name_of(names, taker, loc)}"
            info.badges[taker] = text("badge_took", loc, trump=denomination(trump, loc))
        info.contract.append(line)
    turn_up = view.get("turn_up")
    phase = view.get("phase")
    if phase == "taking":
        rnd = view.get("taking_round")
        info.contract.append(text("taking_round", loc, round=rnd) if rnd else text("taking", loc))
        if turn_up:
            info.focus_cards = [turn_up]
            info.focus_lines = [text("focus_turn_up", loc)]
    elif turn_up:
        info.cards.append(TableCards(text("turn_up_card", loc), [turn_up]))
    reserve = view.get("reserve")
    if isinstance(reserve, int) and reserve:
        info.contract.append(text("litige_reserve", loc, points=reserve))
    entries = _events(view, "pass", "take")
    _bidding(view, names, info, entries)
    _melds(view, names, info)


def _coinche(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract = view.get("contract")
    if isinstance(contract, dict) and contract:
        who = contract.get("declarer")
        label = (
            f"{bid_value_text(contract.get('value'), loc)} "
            f"{denomination(contract.get('trump'), loc)}"
            f"{multiplier_text(contract.get('multiplier'))}"
        )
        info.contract.append(f"{label} · {name_of(names, who, loc)}")
        if isinstance(who, int):
            info.badges[who] = label
    else:
        bid = view.get("bid")
        doubled = view.get("doubled")
        mult = multiplier_text({1: 2, 2: 4}.get(doubled if isinstance(doubled, int) else 0, 1))
        if isinstance(bid, dict) and bid:
            label = (
                f"{bid_value_text(bid.get('value'), loc)} "
                f"{denomination(bid.get('trump'), loc)}{mult}"
            )
            who = name_of(names, bid.get("bidder"), loc)
            info.contract.append(text("bid_by", loc, bid=label, name=who))
        elif view.get("phase") == "auction":
            info.contract.append(text("auction", loc))
    auction = [e for e in view.get("auction") or [] if isinstance(e, dict)]
    _bidding(view, names, info, auction)
    _melds(view, names, info)


def _piquet(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    loc = info.locale
    elder = view.get("elder")
    if isinstance(elder, int):
        info.badges[elder] = text("badge_elder", loc)
    younger = view.get("younger")
    if isinstance(younger, int):
        info.badges[younger] = text("badge_younger", loc)
    games_won = view.get("games_won")
    target = view.get("target_score")
    if view.get("scoring_mode") == "rubicon":
        partie = view.get("partie")
        if isinstance(partie, dict):
            number = partie.get("hands_played", 0) + 1
            info.contract.append(text("rubicon_hand", loc, number=number, of=partie.get("hands")))
    elif target:
        info.contract.append(text("game_to", loc, target=target))
    if isinstance(games_won, list) and any(isinstance(g, int) and g for g in games_won):
        won = " – ".join(str(g) for g in games_won)
        info.contract.append(text("games_won", loc, games=won))
    talon = view.get("talon_size")
    exchanged = view.get("exchanged")
    if isinstance(exchanged, list):
        for seat, count in enumerate(exchanged):
            if isinstance(count, int):
                took = text("badge_exchanged", loc, count=count)
                info.badges[seat] = f"{info.badges.get(seat, '')} · {took}".lstrip(" ·")
    if view.get("phase") == "exchange":
        actor = view.get("to_act")
        if isinstance(talon, int) and talon:
            info.focus_cards = [None] * min(talon, 8)
            info.focus_lines = [
                plural("talon_cards", talon, loc),
                text("exchanges", loc, name=name_of(names, actor, loc)),
            ]
    elif isinstance(talon, int) and talon:
        info.cards.append(TableCards(text("talon_left", loc), [None], count=talon))
    # Only the public view's talon cards: a private view's belong to its seat, not the table.
    seen = view.get("talon_seen") if view.get("seat") is None else None
    if isinstance(seen, list) and seen and all(isinstance(c, str) for c in seen):
        info.cards.append(TableCards(text("talon_seen", loc), list(seen)))
    log: list[str] = []
    for event in view.get("events") or []:
        if not isinstance(event, dict):
            continue
        kind = event.get("type")
        who = name_of(names, event.get("seat"), loc)
        if kind == "declaration":
            category = str(event.get("category", ""))
            result = event.get("result")
            if result == "won":
                combos = [c for c in event.get("combinations") or [] if isinstance(c, dict)]
                label = ", ".join(str(c.get("name", "")) for c in combos) or category
                log.append(said(who, f"{label} +{event.get('points', 0)}", loc))
            else:
                name = term("piquet_category", category, loc, category.capitalize())
                if result == "tie":
                    log.append(text("declaration_tie", loc, category=name))
                else:
                    log.append(text("declaration_none", loc, category=name))
        elif kind in ("repique", "pique", "carte_blanche", "cards_bonus", "capot"):
            pts = event.get("points")
            label = term("piquet_bonus", kind, loc)
            log.append(said(who, label + (f" +{pts}" if pts else ""), loc))
    if log:
        info.log_kind, info.log = "declarations", log


def _briscola(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    loc = info.locale
    trump_line = italian_trump(view.get("trump"), loc)
    if trump_line:
        info.contract.append(trump_line)
    stock = view.get("stock_size")
    trump_card = view.get("trump_card")
    if isinstance(stock, int) and stock > 0:
        pile: list[str | None] = [None] if stock > 1 or not trump_card else []
        if trump_card:
            pile.insert(0, trump_card)
        stock_cards = TableCards(
            text("stock", loc), pile, count=stock, crosswise_last=bool(trump_card)
        )
        info.cards.append(stock_cards)
    elif trump_card is None:
        drawn = _events(view, "trump_card_drawn")
        if drawn:
            card = card_text(drawn[-1].get("card"), italian=True, locale=loc)
            who = name_of(names, drawn[-1].get("seat"), loc)
            info.contract.append(text("trump_card_drawn", loc, card=card, name=who))
    target = view.get("hands_to_win")
    if target:
        info.contract.append(plural("first_to_hands", target, loc))


def _chiamata(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    loc = info.locale
    contract = view.get("contract") or {}
    declarer = contract.get("declarer", view.get("declarer"))
    called = contract.get("called_card", view.get("called_card"))
    target = contract.get("target", view.get("target"))
    trump = contract.get("trump") or view.get("trump")
    if isinstance(declarer, int):
        rank = contract.get("rank") or view.get("called_rank")
        called_text = (
            card_text(called, italian=True, locale=loc) if called else italian_rank(rank, loc)
        )
        info.contract.append(text("called", loc, card=called_text))
        info.contract.append(text("called_by", loc, name=name_of(names, declarer, loc)))
        if isinstance(target, int):
            info.contract.append(text("needs_points", loc, target=target))
        trump_line = italian_trump(trump, loc)
        if trump_line:
            info.contract.append(trump_line)
        info.badges[declarer] = text("badge_declarer", loc)
        if called:
            info.cards.append(TableCards(text("called_card", loc), [called]))
    elif view.get("phase") == "auction":
        bid = view.get("bid")
        if isinstance(bid, dict) and bid:
            rank_name = italian_rank(bid.get("rank"), loc)
            who = name_of(names, bid.get("seat"), loc)
            info.contract.append(text("bid_by", loc, bid=rank_name, name=who))
        else:
            info.contract.append(text("auction", loc))
    # The partner is public only once the called card has been played: read it from the event
    # that announces it, never from a view key that a private view may fill earlier.
    for event in _events(view, "partner"):
        partner = event.get("seat")
        if event.get("alone"):
            info.contract.append(text("declarer_alone", loc))
        elif isinstance(partner, int):
            info.badges[partner] = text("badge_partner", loc)
    played = view.get("deals_played")
    total = view.get("match_deals")
    if isinstance(played, int) and isinstance(total, int):
        info.contract.append(text("deal_of", loc, number=min(played + 1, total), of=total))
    in_auction = view.get("in_auction")
    auction = [e for e in view.get("auction") or [] if isinstance(e, dict)]
    _bidding(view, names, info, auction)
    if view.get("phase") == "auction" and isinstance(in_auction, list):
        for seat, live in enumerate(in_auction):
            if live is False:
                info.bubbles[seat] = text("bubble_out", loc)


def _sueca(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    loc = info.locale
    trump = view.get("trump")
    if trump:
        info.contract.append(text("trump_line", loc, trump=denomination(trump, loc)))
    trump_card = view.get("trump_card")
    holder = view.get("trump_card_seat")
    if trump_card:
        label = text("trump_card_of", loc, name=name_of(names, holder, loc))
        info.cards.append(TableCards(label, [trump_card]))
    target = view.get("games_to_win")
    if target:
        info.contract.append(plural("first_to_games", target, loc))
    bonus = view.get("pending_bonus")
    if isinstance(bonus, int) and bonus:
        info.contract.append(text("draw_bonus", loc, points=bonus))


_BY_GAME: Final = {
    "belote": _belote,
    "coinche": _coinche,
    "piquet": _piquet,
    "briscola": _briscola,
    "chiamata": _chiamata,
    "sueca": _sueca,
}


def table_info(view: dict[str, Any], names: list[str], locale: str = DEFAULT_LOCALE) -> TableInfo:
    game = str(view.get("game") or "")
    info = TableInfo(game_title(game, locale, game.title() or text("cards", locale)), locale)
    handler = _BY_GAME.get(game)
    if handler is not None:
        handler(view, names, info)
    elif view.get("trump"):
        info.contract.append(
            text("trump_line", locale, trump=denomination(view.get("trump"), locale))
        )
    return info


def side_names(
    view: dict[str, Any], names: list[str], sides: int, locale: str = DEFAULT_LOCALE
) -> list[str]:
    """The label of each score column: two partners joined with ``&``. Teams of three (Briscola
    for six) are "Team A" / "Team B": three names never fit, and the colour bar beside each name
    plate already says who is in which team."""
    seats = int(view.get("seats") or len(names) or sides)
    if sides == seats:
        return [name_of(names, s, locale) for s in range(seats)]
    teams = view.get("teams")
    if not (isinstance(teams, list) and len(teams) == sides):
        teams = [list(range(side, seats, sides)) for side in range(sides)]
    labels = []
    for index, team in enumerate(teams):
        members = [s for s in team if isinstance(s, int)] if isinstance(team, list) else []
        if len(members) > 2 or not members:
            labels.append(text("team", locale, letter=chr(ord("A") + index)))
        else:
            labels.append(" & ".join(name_of(names, s, locale) for s in members))
    return labels


def wins(label: str, locale: str = DEFAULT_LOCALE, extra: str = "") -> str:
    """A side wins: two partners' names (``Marie & Luc``) take the plural verb in English."""
    if "&" in label:
        return text("side_win_pair", locale, side=label, extra=extra)
    return text("side_wins", locale, side=label, extra=extra)


def side_of(view: dict[str, Any], seat: int, sides: int) -> int:
    teams = view.get("teams")
    if isinstance(teams, list):
        for i, team in enumerate(teams):
            if isinstance(team, list) and seat in team:
                return i
    return seat % max(1, sides)

"""What each game shows around the trick, read from its view with ``.get`` so that a key an engine
does not provide only leaves a line out and never breaks an image.

Everything here turns a view into short labels and card lists; the drawing is in ``table.py``.
Suit symbols in labels are drawn as emblems by ``Canvas.rich``. Only public keys are read: the
hand, and a partner the public may not know yet, never reach a table image.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Final

GAME_TITLES: Final = {
    "belote": "Belote",
    "coinche": "Coinche",
    "piquet": "Piquet",
    "briscola": "Briscola",
    "chiamata": "Briscola a chiamata",
    "sueca": "Sueca",
}
SYMBOLS: Final = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
ITALIAN_RANKS: Final = {"A": "Asso", "J": "Fante", "Q": "Cavallo", "K": "Re", "T": "10"}
ITALIAN_SUITS: Final = {"S": "spade", "H": "coppe", "D": "denari", "C": "bastoni"}
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
    contract: list[str] = field(default_factory=list)
    cards: list[TableCards] = field(default_factory=list)
    log_title: str = ""
    log: list[str] = field(default_factory=list)
    badges: dict[int, str] = field(default_factory=dict)
    """A short tag on a seat's name plate: the taker's contract, the declarer, the partner."""
    bubbles: dict[int, str] = field(default_factory=dict)
    """What each seat last said in the bidding, shown beside its plate while bidding lasts."""
    focus_cards: list[str | None] = field(default_factory=list)
    """Cards shown large in the middle of the table when no trick is on it (Belote's turn-up,
    Piquet's talon)."""
    focus_lines: list[str] = field(default_factory=list)


def name_of(names: list[str], seat: Any) -> str:
    if isinstance(seat, int) and 0 <= seat < len(names):
        return names[seat]
    if isinstance(seat, int):
        return f"Seat {seat + 1}"
    return "?"


def denomination(trump: Any) -> str:
    if trump in SYMBOLS:
        return SYMBOLS[str(trump)]
    return {"NT": "SA", "AT": "TA"}.get(str(trump), str(trump))


def card_text(card: Any, italian: bool = False) -> str:
    if not isinstance(card, str) or len(card) != 2:
        return "?"
    rank = "10" if card[0] == "T" else card[0]
    if italian:
        rank = ITALIAN_RANKS.get(card[0], rank)
        return f"{rank} {SYMBOLS.get(card[1], card[1])}"
    return rank + SYMBOLS.get(card[1], card[1])


def italian_rank(rank: Any) -> str:
    return ITALIAN_RANKS.get(str(rank), str(rank))


def multiplier_text(multiplier: Any) -> str:
    if multiplier == 4:
        return " ×4"
    if multiplier == 2:
        return " ×2"
    return ""


def bid_value_text(value: Any) -> str:
    if value == "generale":
        return "générale"
    return str(value)


def _bid_text(entry: dict[str, Any]) -> str:
    """A call as a player says it: ``Pass``, ``120 ♥``, ``Coinche!``, ``Tre``."""
    kind = entry.get("type") or ""
    if kind == "pass":
        return "Pass"
    if kind == "coinche":
        return "Coinche!"
    if kind == "surcoinche":
        return "Surcoinche!"
    if kind == "bid":
        return f"{bid_value_text(entry.get('value'))} {denomination(entry.get('trump'))}"
    if kind == "take":
        return f"Take {denomination(entry.get('trump') or entry.get('suit'))}"
    if kind == "call":
        points = entry.get("points")
        return italian_rank(entry.get("rank")) + (f" ({points})" if points else "")
    if kind == "trump":
        return denomination(entry.get("suit") or entry.get("trump"))
    return str(kind)


def _bidding(
    view: dict[str, Any], names: list[str], info: TableInfo, entries: list[dict[str, Any]]
) -> None:
    """The auction as a log, and while it lasts, each seat's last call in a bubble."""
    if not entries:
        return
    info.log_title = "Bidding"
    info.log = [f"{name_of(names, e.get('seat'))}: {_bid_text(e)}" for e in entries]
    if view.get("phase") in BIDDING_PHASES:
        for entry in entries:
            seat = entry.get("seat")
            if isinstance(seat, int):
                info.bubbles[seat] = _bid_text(entry)


def _events(view: dict[str, Any], *kinds: str) -> list[dict[str, Any]]:
    return [e for e in view.get("events") or [] if isinstance(e, dict) and e.get("type") in kinds]


def melds_log(view: dict[str, Any], names: list[str]) -> list[str]:
    """Melds declared in trick 1, the side that scores them, and belote / rebelote."""
    lines: list[str] = []
    resolved = bool(_events(view, "melds"))
    for event in _events(view, "declare", "melds", "belote", "rebelote"):
        who = name_of(names, event.get("seat"))
        kind = event.get("type")
        if kind == "declare" and resolved:
            continue
        if kind == "declare":
            melds = [m for m in event.get("melds") or [] if isinstance(m, dict)]
            if melds:
                lines.append(f"{who}: " + ", ".join(str(m.get("kind", "")) for m in melds))
        elif kind == "melds":
            for group in event.get("melds") or []:
                if not isinstance(group, dict):
                    continue
                owner = name_of(names, group.get("seat"))
                for meld in group.get("melds") or []:
                    if isinstance(meld, dict):
                        cards = " ".join(card_text(c) for c in meld.get("cards") or [])
                        lines.append(
                            f"{owner} scores {meld.get('kind', '')} {cards} +{meld.get('points', 0)}"
                        )
        else:
            lines.append(f"{who}: {kind}!")
    return lines


def _belote(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    contract = view.get("contract") or {}
    trump = view.get("trump") or contract.get("trump")
    taker = contract.get("taker")
    if trump:
        line = f"Trump {denomination(trump)}"
        if isinstance(taker, int):
            line += f" · {name_of(names, taker)}"
            info.badges[taker] = f"Took {denomination(trump)}"
        info.contract.append(line)
    turn_up = view.get("turn_up")
    phase = view.get("phase")
    if phase == "taking":
        rnd = view.get("taking_round")
        info.contract.append(f"Taking, round {rnd}" if rnd else "Taking")
        if turn_up:
            info.focus_cards = [turn_up]
            info.focus_lines = ["Turn-up"]
    elif turn_up:
        info.cards.append(TableCards("Turn-up card", [turn_up]))
    reserve = view.get("reserve")
    if isinstance(reserve, int) and reserve:
        info.contract.append(f"Litige reserve: {reserve}")
    entries = _events(view, "pass", "take")
    _bidding(view, names, info, entries)
    if phase == "play":
        melds = melds_log(view, names)
        if melds:
            info.log_title, info.log = "Melds", melds


def _coinche(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    contract = view.get("contract")
    if isinstance(contract, dict) and contract:
        who = contract.get("declarer")
        text = (
            f"{bid_value_text(contract.get('value'))} {denomination(contract.get('trump'))}"
            f"{multiplier_text(contract.get('multiplier'))}"
        )
        info.contract.append(f"{text} · {name_of(names, who)}")
        if isinstance(who, int):
            info.badges[who] = text
    else:
        bid = view.get("bid")
        doubled = view.get("doubled")
        mult = multiplier_text({1: 2, 2: 4}.get(doubled if isinstance(doubled, int) else 0, 1))
        if isinstance(bid, dict) and bid:
            text = f"{bid_value_text(bid.get('value'))} {denomination(bid.get('trump'))}{mult}"
            info.contract.append(f"Bid {text} · {name_of(names, bid.get('bidder'))}")
        elif view.get("phase") == "auction":
            info.contract.append("Auction")
    auction = [e for e in view.get("auction") or [] if isinstance(e, dict)]
    _bidding(view, names, info, auction)
    if view.get("phase") == "play":
        melds = melds_log(view, names)
        if melds:
            info.log_title, info.log = "Melds", melds


def _piquet(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    elder = view.get("elder")
    if isinstance(elder, int):
        info.badges[elder] = "Elder"
    younger = view.get("younger")
    if isinstance(younger, int):
        info.badges[younger] = "Younger"
    games_won = view.get("games_won")
    target = view.get("target_score")
    if view.get("scoring_mode") == "rubicon":
        partie = view.get("partie")
        if isinstance(partie, dict):
            info.contract.append(
                f"Rubicon: hand {partie.get('hands_played', 0) + 1} of {partie.get('hands')}"
            )
    elif target:
        info.contract.append(f"Game to {target}")
    if isinstance(games_won, list) and any(isinstance(g, int) and g for g in games_won):
        info.contract.append("Games won " + " – ".join(str(g) for g in games_won))
    talon = view.get("talon_size")
    exchanged = view.get("exchanged")
    if isinstance(exchanged, list):
        for seat, count in enumerate(exchanged):
            if isinstance(count, int):
                info.badges[seat] = f"{info.badges.get(seat, '')} · took {count}".lstrip(" ·")
    if view.get("phase") == "exchange":
        actor = view.get("to_act")
        if isinstance(talon, int) and talon:
            info.focus_cards = [None] * min(talon, 8)
            info.focus_lines = [f"Talon: {talon} cards", f"{name_of(names, actor)} exchanges"]
    elif isinstance(talon, int) and talon:
        info.cards.append(TableCards("Talon left", [None], count=talon))
    # Only the public view's talon cards: a private view's belong to its seat, not the table.
    seen = view.get("talon_seen") if view.get("seat") is None else None
    if isinstance(seen, list) and seen and all(isinstance(c, str) for c in seen):
        info.cards.append(TableCards("Talon cards seen", list(seen)))
    log: list[str] = []
    for event in view.get("events") or []:
        if not isinstance(event, dict):
            continue
        kind = event.get("type")
        who = name_of(names, event.get("seat"))
        if kind == "declaration":
            category = str(event.get("category", ""))
            result = event.get("result")
            if result == "won":
                combos = [c for c in event.get("combinations") or [] if isinstance(c, dict)]
                label = ", ".join(str(c.get("name", "")) for c in combos) or category
                log.append(f"{who}: {label} +{event.get('points', 0)}")
            elif result == "tie":
                log.append(f"{category.capitalize()}: equal, nobody scores")
            else:
                log.append(f"{category.capitalize()}: not scored")
        elif kind in ("repique", "pique", "carte_blanche", "cards_bonus", "capot"):
            pts = event.get("points")
            label = {"cards_bonus": "the cards", "carte_blanche": "carte blanche"}.get(
                str(kind), str(kind)
            )
            log.append(f"{who}: {label}" + (f" +{pts}" if pts else ""))
    if log:
        info.log_title, info.log = "Declarations", log


def _briscola(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    trump = view.get("trump")
    if trump in ITALIAN_SUITS:
        info.contract.append(f"Briscola {denomination(trump)} {ITALIAN_SUITS[str(trump)]}")
    stock = view.get("stock_size")
    trump_card = view.get("trump_card")
    if isinstance(stock, int) and stock > 0:
        pile: list[str | None] = [None] if stock > 1 or not trump_card else []
        if trump_card:
            pile.insert(0, trump_card)
        info.cards.append(TableCards("Stock", pile, count=stock, crosswise_last=bool(trump_card)))
    elif trump_card is None:
        drawn = _events(view, "trump_card_drawn")
        if drawn:
            info.contract.append(
                f"{card_text(drawn[-1].get('card'), italian=True)} drawn by {name_of(names, drawn[-1].get('seat'))}"
            )
    target = view.get("hands_to_win")
    if target:
        info.contract.append(f"First to {target} hands")


def _chiamata(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    contract = view.get("contract") or {}
    declarer = contract.get("declarer", view.get("declarer"))
    called = contract.get("called_card", view.get("called_card"))
    target = contract.get("target", view.get("target"))
    trump = contract.get("trump") or view.get("trump")
    if isinstance(declarer, int):
        rank = contract.get("rank") or view.get("called_rank")
        called_text = card_text(called, italian=True) if called else italian_rank(rank)
        info.contract.append(f"Called: {called_text}")
        info.contract.append(f"by {name_of(names, declarer)}")
        if isinstance(target, int):
            info.contract.append(f"Needs {target} points")
        if trump in ITALIAN_SUITS:
            info.contract.append(f"Briscola {denomination(trump)} {ITALIAN_SUITS[str(trump)]}")
        info.badges[declarer] = "Declarer"
        if called:
            info.cards.append(TableCards("Called card", [called]))
    elif view.get("phase") == "auction":
        bid = view.get("bid")
        if isinstance(bid, dict) and bid:
            text = italian_rank(bid.get("rank"))
            info.contract.append(f"Bid {text} · {name_of(names, bid.get('seat'))}")
        else:
            info.contract.append("Auction")
    # The partner is public only once the called card has been played: read it from the event
    # that announces it, never from a view key that a private view may fill earlier.
    for event in _events(view, "partner"):
        partner = event.get("seat")
        if event.get("alone"):
            info.contract.append("Declarer alone!")
        elif isinstance(partner, int):
            info.badges[partner] = "Partner"
    played = view.get("deals_played")
    total = view.get("match_deals")
    if isinstance(played, int) and isinstance(total, int):
        info.contract.append(f"Deal {min(played + 1, total)} of {total}")
    in_auction = view.get("in_auction")
    auction = [e for e in view.get("auction") or [] if isinstance(e, dict)]
    _bidding(view, names, info, auction)
    if view.get("phase") == "auction" and isinstance(in_auction, list):
        for seat, live in enumerate(in_auction):
            if live is False:
                info.bubbles[seat] = "Out"


def _sueca(view: dict[str, Any], names: list[str], info: TableInfo) -> None:
    trump = view.get("trump")
    if trump:
        info.contract.append(f"Trump {denomination(trump)}")
    trump_card = view.get("trump_card")
    holder = view.get("trump_card_seat")
    if trump_card:
        info.cards.append(TableCards(f"Trump card · {name_of(names, holder)}", [trump_card]))
    target = view.get("games_to_win")
    if target:
        info.contract.append(f"First to {target} games")
    bonus = view.get("pending_bonus")
    if isinstance(bonus, int) and bonus:
        info.contract.append(f"60–60 bonus: +{bonus}")


_BY_GAME: Final = {
    "belote": _belote,
    "coinche": _coinche,
    "piquet": _piquet,
    "briscola": _briscola,
    "chiamata": _chiamata,
    "sueca": _sueca,
}


def table_info(view: dict[str, Any], names: list[str]) -> TableInfo:
    game = str(view.get("game") or "")
    info = TableInfo(GAME_TITLES.get(game, game.title() or "Cards"))
    handler = _BY_GAME.get(game)
    if handler is not None:
        handler(view, names, info)
    elif view.get("trump"):
        info.contract.append(f"Trump {denomination(view.get('trump'))}")
    return info


def side_names(view: dict[str, Any], names: list[str], sides: int) -> list[str]:
    """The label of each score column: two partners joined with ``&``. Teams of three (Briscola
    for six) are "Team A" / "Team B": three names never fit, and the colour bar beside each name
    plate already says who is in which team."""
    seats = int(view.get("seats") or len(names) or sides)
    if sides == seats:
        return [name_of(names, s) for s in range(seats)]
    teams = view.get("teams")
    if not (isinstance(teams, list) and len(teams) == sides):
        teams = [list(range(side, seats, sides)) for side in range(sides)]
    labels = []
    for index, team in enumerate(teams):
        members = [s for s in team if isinstance(s, int)] if isinstance(team, list) else []
        if len(members) > 2 or not members:
            labels.append(f"Team {chr(ord('A') + index)}")
        else:
            labels.append(" & ".join(name_of(names, s) for s in members))
    return labels


def side_of(view: dict[str, Any], seat: int, sides: int) -> int:
    teams = view.get("teams")
    if isinstance(teams, list):
        for i, team in enumerate(teams):
            if isinstance(team, list) and seat in team:
                return i
    return seat % max(1, sides)

"""What each game shows around the trick, read from its typed view (``games.views``): a key the
type guarantees is indexed, so that an engine that stopped giving it fails a test rather than
leave a line out of every image unnoticed.

Everything here turns a view into short labels and card lists; the drawing is in ``table.py``.
Suit symbols in labels are drawn as emblems by ``Canvas.rich``. Only public keys are read: the
hand, and a partner the public may not know yet, never reach a table image.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Final

from games.cards import SUIT_SYMBOLS
from games.facts import capot_side as facts_capot_side
from games.views import (
    BidEvent,
    CallEvent,
    CoincheEvent,
    Event,
    GameView,
    PassEvent,
    SurcoincheEvent,
    TakeEvent,
)
from i18n.locales import DEFAULT_LOCALE
from rendering.text import displayable
from rendering.words import card_name, rank_word, suit_word, term, text

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
    said: bool = False
    """The contract already names these cards (chiamata's "Called: 2 ♦"): where the column is
    short of room, they are left out before a side's name is shortened."""


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
    if trump in SUIT_SYMBOLS:
        return SUIT_SYMBOLS[str(trump)]
    return term("denomination", trump, locale)


def italian_trump(trump: Any, locale: str = DEFAULT_LOCALE) -> str | None:
    """``Trump ♣ Batons``: the Italian games name the trump suit by its name in the reader's
    language beside its emblem (``rendering.words.suit_word``)."""
    if trump not in SUIT_SYMBOLS:
        return None
    name = suit_word(trump, locale, italian=True)
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
    if value == "capot":
        return text("bid_capot", locale)
    return str(value)


def said(who: str, what: str, locale: str = DEFAULT_LOCALE) -> str:
    """A log line: ``Marie: Pass`` (French puts a space before the colon)."""
    return text("said", locale, who=who, what=what)


BiddingEntry = PassEvent | TakeEvent | BidEvent | CoincheEvent | SurcoincheEvent | CallEvent
"""A call as the views log it: Belote's taking rounds, Coinche's auction, chiamata's calls."""


def _bid_text(entry: BiddingEntry, locale: str) -> str:
    """A call as a player says it: ``Pass``, ``120 ♥``, ``Coinche!``, ``Tre``."""
    if entry["type"] == "bid":
        return f"{bid_value_text(entry['value'], locale)} {denomination(entry['trump'], locale)}"
    if entry["type"] == "take":
        return text("call_take", locale, trump=denomination(entry["trump"], locale))
    if entry["type"] == "call":
        # A target over a standing 2 (``two_then_points``) only.
        points = entry.get("points")
        return rank_word(entry["rank"], locale, True) + (f" ({points})" if points else "")
    return text(f"call_{entry['type']}", locale)


def bidding_log(
    view: GameView, names: list[str], info: TableInfo, entries: Sequence[BiddingEntry]
) -> None:
    """The auction as a log, and while it lasts, each seat's last call in a bubble."""
    if not entries:
        return
    loc = info.locale
    info.log_kind = "bidding"
    info.log = [said(name_of(names, e["seat"], loc), _bid_text(e, loc), loc) for e in entries]
    if view["phase"] in BIDDING_PHASES:
        for entry in entries:
            info.bubbles[entry["seat"]] = _bid_text(entry, loc)


def taking_calls(view: GameView) -> list[PassEvent | TakeEvent]:
    """Belote's taking rounds, from its events (its view keeps no auction of its own)."""
    return [e for e in view["events"] if e["type"] == "pass" or e["type"] == "take"]


def events_of(view: GameView, *kinds: str) -> list[Event]:
    """The view's events of the given types, in order."""
    return [e for e in view["events"] if e["type"] in kinds]


def melds_log(view: GameView, names: list[str], locale: str = DEFAULT_LOCALE) -> list[str]:
    """Melds declared in trick 1, the side that scores them, and belote / rebelote."""
    lines: list[str] = []
    resolved = bool(events_of(view, "melds"))
    for event in events_of(view, "declare", "melds", "belote", "rebelote"):
        who = name_of(names, event["seat"], locale)
        if event["type"] == "declare":
            if event["melds"] and not resolved:
                kinds = ", ".join(term("meld_kind", m["kind"], locale) for m in event["melds"])
                lines.append(said(who, kinds, locale))
        elif event["type"] == "melds":
            for group in event["melds"]:
                owner = name_of(names, group["seat"], locale)
                for meld in group["melds"]:
                    cards = " ".join(card_name(c, locale) for c in meld["cards"])
                    lines.append(
                        text(
                            "meld_scored",
                            locale,
                            who=owner,
                            meld=term("meld_kind", meld["kind"], locale),
                            cards=cards,
                            points=meld["points"],
                        )
                    )
        else:
            kind = event["type"]
            lines.append(text("announce", locale, who=who, what=term("event", kind, locale)))
    return lines


def melds_panel(view: GameView, names: list[str], info: TableInfo) -> None:
    if view["phase"] == "play":
        melds = melds_log(view, names, info.locale)
        if melds:
            info.log_kind, info.log = "melds", melds


@dataclass(frozen=True)
class SideLabel:
    """A side as its players' names, or one word ("Team A"). Kept a list until it is drawn or
    written: a name with "&" in it stays one name, a long pair wraps between two names, and a
    sentence about a pair takes the plural its language gives (``count``)."""

    members: tuple[str, ...]

    @property
    def text(self) -> str:
        return " & ".join(self.members)

    @property
    def count(self) -> int:
        return len(self.members)


def side_names(
    teams: Sequence[Sequence[int]],
    names: list[str],
    locale: str = DEFAULT_LOCALE,
    *,
    max_joined: int | None = 2,
) -> list[SideLabel]:
    """The label of each side: its players' names (``teams`` from the engine, ``view["teams"]``).
    On images (``max_joined=2``) a team of three (Briscola for six) is "Team A" / "Team B": three
    names never fit, and the colour bar beside each name plate already says who is in which
    team; sentences (``max_joined=None``) name everybody."""
    labels = []
    for index, team in enumerate(teams):
        if not team or (max_joined is not None and len(team) > max_joined):
            labels.append(SideLabel((text("team", locale, letter=chr(ord("A") + index)),)))
        else:
            labels.append(SideLabel(tuple(name_of(names, s, locale) for s in team)))
    return labels


def wins(side: SideLabel, locale: str = DEFAULT_LOCALE, extra: str = "") -> str:
    """A side wins: partners (``Marie & Luc``) take the plural verb where the language has one."""
    return text("side_wins", locale, side=side.text, count=side.count, extra=extra)


def side_of(view: GameView, seat: int) -> int:
    """The index of ``seat``'s side, from the engine's ``teams``."""
    return next((i for i, team in enumerate(view["teams"]) if seat in team), 0)


def capot_side(view: GameView, sides: int) -> int | None:
    """The side that won every trick of the deal, if one did (``games.facts.capot_side``)."""
    if sides < 2:
        return None
    return facts_capot_side(view["tricks_won"], view["teams"])


def display_names(
    names: Sequence[str | None], seats: int, locale: str = DEFAULT_LOCALE
) -> list[str]:
    """One display name per seat: the given names (made drawable), else "Seat n"."""
    return [
        displayable(str(names[i]))
        if i < len(names) and names[i] is not None
        else seat_label(i, locale)
        for i in range(seats)
    ]

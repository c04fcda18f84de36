"""Melds (*annonces*) of Belote and Coinche: docs/rules.md §2.6 with §10 items 11–12.

The engine declares for every player (docs/rules.md §8 D22): the valid list of melds with the highest
total, ties broken by the strongest best meld. A hand has at most two carrés, so the search only
tries each subset of its carrés and takes the maximal runs of what is left — a maximal run always
scores at least as much as any split of it, because two sequences of one suit may not touch.
"""

from __future__ import annotations

from typing import Any, Final

from games.belote_rules import CARD_CODES, RANK_LETTERS, SA, TRUMP_STRENGTH
from games.views import MeldSummary, ShownMeld

SEQUENCE_NAMES: Final = {3: "tierce", 4: "quarte"}
"""Five or more cards make a quinte (§2.6, D30: a run is never split)."""
SEQUENCE_VALUES: Final = {3: 20, 4: 50}
QUINTE_VALUE: Final = 100
CARRE_RANKS: Final = tuple(RANK_LETTERS.index(r) for r in "J9ATKQ")
"""Ranks that can make a carré (not 8 or 7), strongest first in trump order."""


def _runs(byte: int) -> tuple[tuple[int, int], ...]:
    """Maximal runs of three or more consecutive ranks in one suit: (lowest rank, length)."""
    runs = []
    rank = 0
    while rank < 8:
        if byte >> rank & 1:
            start = rank
            while rank < 8 and byte >> rank & 1:
                rank += 1
            if rank - start >= 3:
                runs.append((start, rank - start))
        else:
            rank += 1
    return tuple(runs)


RUNS: Final = tuple(_runs(b) for b in range(256))


def carre_value(rank: int, mode: int, sa_nine_carre: bool, fixed: bool = False) -> int:
    """Points of four cards of ``rank`` (0 when they are not a meld) under the contract ``mode``.

    ``fixed`` is ``carre_values = fixed``: the trump-contract column in every contract, as many
    tables score it, so SA has no column of its own and ``sa_nine_carre`` does not apply.
    """
    letter = RANK_LETTERS[rank]
    if mode == SA and not fixed:
        if letter == "9" and not sa_nine_carre:
            return 0
        return {"A": 200, "T": 150, "J": 100, "9": 100, "K": 100, "Q": 100}.get(letter, 0)
    return {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}.get(letter, 0)


def _sequence(suit: int, low: int, length: int, mode: int, carre_kind: int) -> dict[str, Any]:
    value = SEQUENCE_VALUES.get(length, QUINTE_VALUE)
    top = low + length - 1
    trump = 1 if mode == suit else 0
    return {
        "kind": SEQUENCE_NAMES.get(length, "quinte"),
        "cards": [CARD_CODES[suit * 8 + r] for r in range(top, low - 1, -1)],
        "points": value,
        "key": [value, 1 - carre_kind, top, trump],
    }


def _carre(rank: int, value: int, carre_kind: int) -> dict[str, Any]:
    return {
        "kind": "carre",
        "cards": [CARD_CODES[s * 8 + rank] for s in range(4)],
        "points": value,
        "key": [value, carre_kind, TRUMP_STRENGTH[rank], 0],
    }


def best_declaration(
    hand: int,
    mode: int,
    card_reuse: bool,
    carre_first: bool,
    sa_nine_carre: bool,
    fixed_carres: bool = False,
) -> dict[str, Any] | None:
    """The automatic declaration of an 8-card hand: ``{"melds", "points", "key"}`` or ``None``.

    Each meld is ``{"kind", "cards", "points", "key"}`` where ``key`` is the strength key of §2.6
    ``[value, kind, top, trump]``. ``carre_first`` is ``hundred_priority = carre``;
    ``fixed_carres`` is ``carre_values = fixed``.
    """
    carre_kind = 1 if carre_first else 0
    carres = []
    for rank in CARRE_RANKS:
        quad = 0x01010101 << rank
        if hand & quad == quad:
            value = carre_value(rank, mode, sa_nine_carre, fixed_carres)
            if value:
                carres.append((rank, value, quad))
    best: tuple[int, list[int], list[dict[str, Any]]] | None = None
    subsets = [
        [c for i, c in enumerate(carres) if bits >> i & 1] for bits in range(1 << len(carres))
    ]
    if card_reuse:
        subsets = [carres]
    for chosen in subsets:
        rest = hand
        melds = []
        for rank, value, quad in chosen:
            melds.append(_carre(rank, value, carre_kind))
            if not card_reuse:
                rest &= ~quad
        for suit in range(4):
            for low, length in RUNS[rest >> (suit * 8) & 255]:
                melds.append(_sequence(suit, low, length, mode, carre_kind))
        if not melds:
            continue
        total = sum(m["points"] for m in melds)
        top_key = max(m["key"] for m in melds)
        if best is None or (total, top_key) > (best[0], best[1]):
            best = (total, top_key, melds)
    if best is None:
        return None
    melds = sorted(best[2], key=lambda m: m["key"], reverse=True)
    return {"melds": melds, "points": best[0], "key": best[1]}


def resolve_melds(
    declarations: list[dict[str, Any] | None], order: list[int], first_declarer: bool
) -> int | None:
    """The side (seat % 2) that scores its melds after trick 1, or ``None`` (nobody / void tie).

    ``declarations`` is per seat; ``order`` the seats in trick-1 play order, which decides a tie
    under ``meld_tie = first_declarer`` (§10 item 12: the first player whose declaration contains
    the tied meld).
    """
    best: list[list[int] | None] = [None, None]
    for seat, decl in enumerate(declarations):
        if decl is not None:
            side = seat % 2
            current = best[side]
            if current is None or decl["key"] > current:
                best[side] = decl["key"]
    a, b = best
    if a is None and b is None:
        return None
    if a is None:
        return 1
    if b is None:
        return 0
    if a != b:
        return 0 if a > b else 1
    if not first_declarer:
        return None
    for seat in order:
        decl = declarations[seat]
        if decl is not None and any(m["key"] == a for m in decl["melds"]):
            return seat % 2
    return None


def meld_summary(decl: dict[str, Any]) -> list[MeldSummary]:
    """What a player says in trick 1: the kinds and points, not the cards (those stay hidden
    unless the player's team wins the melds)."""
    return [{"kind": m["kind"], "points": m["points"]} for m in decl["melds"]]


def public_melds(decl: dict[str, Any]) -> list[ShownMeld]:
    """The melds shown by a winning team: kinds, cards and points."""
    return [
        {"kind": m["kind"], "cards": list(m["cards"]), "points": m["points"]} for m in decl["melds"]
    ]

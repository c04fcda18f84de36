"""Divisions of about twenty, with promotion and relegation, for any pool of players: a server's
season of one game, or the instance-wide ladder of open tables. Nothing here knows where the
players come from; it is given their keys, their ratings and where they stand.

The rules (docs/ratings.md, "Divisions"):

- a pool of ``DIVIDED_FROM`` (40) players or more is split into divisions of about
  ``DIVISION_SIZE`` (20): ``division_count``; below that there is one list and no division;
- at a season's end, in each division, the top fifth of its ranked players goes up a division and
  the bottom fifth goes down (``zone_size``, ``moves``); the middle is the safety zone, and
  nobody goes above the first division or below the last;
- the next season's divisions (``split``) keep those moves: when the number of divisions is the
  same and none of them has grown too thin, each player plays in the division they moved to;
  otherwise (the first split, or the pool grew or shrank by a division) the players are cut into
  divisions of even size in order of where they moved to, then of their rating at the season's
  start.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Final, Literal

DIVISION_SIZE: Final = 20
DIVIDED_FROM: Final = 40
"""Players ranked before a pool is split into divisions."""
ZONE_SHARE: Final = 5
"""A fifth of a division goes up, and a fifth goes down."""
THINNEST: Final = DIVISION_SIZE // 2
"""A division kept as it moved must hold at least this many players; else all are cut again."""

Move = Literal["up", "down", "stay"]


def division_count(players: int) -> int:
    """How many divisions a pool of ``players`` makes: 1 (none) below ``DIVIDED_FROM``, then
    about one per ``DIVISION_SIZE``."""
    if players < DIVIDED_FROM:
        return 1
    return max(2, (players + DIVISION_SIZE // 2) // DIVISION_SIZE)


def zone_size(ranked: int) -> int:
    """How many of a division's ``ranked`` players go up (and how many go down): a fifth,
    rounded down, so that a thin division moves nobody rather than half of it."""
    return ranked // ZONE_SHARE


def moves(ranked: Sequence[str], division: int, divisions: int) -> dict[str, Move]:
    """Each ranked player of ``division`` (1 the top) of ``divisions``, best first: who goes up,
    down, or stays."""
    zone = zone_size(len(ranked))
    result: dict[str, Move] = {}
    for index, player in enumerate(ranked):
        move: Move = "stay"
        if zone and index < zone and division > 1:
            move = "up"
        elif zone and index >= len(ranked) - zone and division < divisions:
            move = "down"
        result[player] = move
    return result


def moved_to(division: int, move: Move) -> int:
    return division - 1 if move == "up" else division + 1 if move == "down" else division


@dataclass(frozen=True)
class Seeded:
    """A player of the pool as the next season begins."""

    player: str
    rating: float
    """The rating at the season's start (the conservative value: higher is better)."""
    tier: int | None = None
    """The division they moved to at the last season's end (``moved_to``); None when the last
    season had no divisions."""


def split(pool: Sequence[Seeded], previous: int = 1) -> dict[str, int]:
    """Each player's division (1 the top) for the next season, or nothing when the pool is too
    small for divisions. ``previous``: how many divisions the last season had."""
    count = division_count(len(pool))
    if count < 2:
        return {}
    tiers = [s.tier for s in pool]
    if count == previous and all(t is not None for t in tiers):
        sizes = [tiers.count(d) for d in range(1, count + 1)]
        if all(size >= THINNEST for size in sizes) and sum(sizes) == len(pool):
            return {s.player: int(s.tier or 0) for s in pool}
    ordered = sorted(pool, key=lambda s: (s.tier or 1, -s.rating, s.player))
    base, extra = divmod(len(ordered), count)
    divisions: dict[str, int] = {}
    at = 0
    for division in range(1, count + 1):
        size = base + (1 if division <= extra else 0)
        for seeded in ordered[at : at + size]:
            divisions[seeded.player] = division
        at += size
    return divisions

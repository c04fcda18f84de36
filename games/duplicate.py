"""Duplicate play: everybody plays the same deals from the same seat, and each result is compared
with the others' on that deal (a server challenge, docs/challenges.md).

Luck is taken out in three ways, all decided here once for every caller:

- **the deals**: one seed gives each deal its deck and dealer (``fixed_deals``). The seed stays
  secret; what is stored and played are the decks (docs/architecture.md: decks, not seeds, since a
  shuffle may change between Python versions);
- **the computer players**: at each step they draw their randomness from the deal's seed and the
  number of actions taken so far (``step_rng``), and search with a fixed sample budget, so two
  people who make the same decisions see the same computer moves, and different decisions are
  answered from the same seed;
- **the unit**: a seat's result on a deal is read the same way for everybody and for the par
  (``seat_result``).

No I/O and no clock: the same seed gives the same deals and the same computer players anywhere.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypedDict, cast

from games.base import Game
from games.registry import game_class
from games.views import Contract, DealResultEvent

PLAYER_SEAT: Final = 0
"""The seat the person holds on every deal of a challenge; computer players hold the others."""

CARD_POINT_GAMES: Final = frozenset({"briscola", "sueca"})
"""Games whose deal score is a hand or a game won (0 or 1 for everybody who won it): a deal of
these is measured in card points, which tell a 61 from a 91."""


@dataclass(frozen=True)
class FixedDeal:
    dealer: int
    deck: tuple[str, ...]


def _number(*parts: object) -> int:
    """A 256-bit number named by ``parts``: the same on every machine and every Python (a
    ``random.Random`` seeded with an int is, unlike one seeded with a str across versions)."""
    text = ":".join(str(part) for part in parts)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest(), "big")


def fixed_deals(
    game: str, options: Mapping[str, Any], seats: int, count: int, seed: str
) -> list[FixedDeal]:
    """The ``count`` deals of a challenge: each a shuffle of the game's deck, and a dealer that
    moves one seat on every deal from a first dealer the seed picks, so the person sits in
    every position relative to the dealer in turn (in Piquet, elder and younger hand)."""
    engine = game_class(game)(options=options, seats=seats, dealer=0)
    cards = sorted(engine.full_deck())
    first = _number(seed, "dealer") % seats
    deals = []
    for index in range(count):
        deck = list(cards)
        random.Random(_number(seed, "deck", index)).shuffle(deck)
        deals.append(FixedDeal((first + index) % seats, tuple(deck)))
    return deals


def deal_seed(seed: str, index: int) -> str:
    """The seed of one deal's computer players: knowing it reveals no other deal."""
    return hashlib.sha256(f"{seed}:deal:{index}".encode()).hexdigest()


def step_rng(seed: str, action_count: int) -> random.Random:
    """The computer players' randomness at one step of a deal: a function of the deal's seed
    and the actions taken so far, and of nothing else."""
    return random.Random(_number(seed, "step", action_count))


def seat_result(game: Game, seat: int, deal_index: int = 0) -> int:
    """``seat``'s result on a finished deal, in the game's own unit:

    - Briscola and Sueca: the card points of the seat's side (``CARD_POINT_GAMES``);
    - Belote, Coinche and Piquet (two sides, both of which score): the side's deal score less
      the other side's, as duplicate bridge scores a deal for one side (+620 is the other's −620):
      a contract the opponents made for 110 is worse than one they made for 80, though the
      seat's own side scored 0 both times;
    - Briscola a chiamata: the seat's own score, which already counts what the others won."""
    result = game.deal_results[deal_index]
    side = game.side_of(seat)
    if game.NAME in CARD_POINT_GAMES:
        points = result["trick_points"] or [0] * game.sides
        return int(points[side])
    scores = result["scores"]
    if game.sides == 2:
        return int(scores[side]) - int(scores[1 - side])
    return int(scores[side])


class DealDetail(TypedDict):
    """What a challenge's results show of a finished deal, read once when it ends (the table is
    gone when the results are read): the seats' names, the teams, the contract (its public
    view's, ``None`` where the game has none) and the deal's ``deal_result`` event (the outcome,
    melds, belote, card points, scores; ``None`` where the deal ended without one)."""

    names: list[str]
    teams: list[list[int]]
    contract: Contract | None
    result: DealResultEvent | None


def deal_detail(game: Game, names: Sequence[str]) -> DealDetail:
    view = game.public_view()
    result = next((e for e in reversed(view["events"]) if e["type"] == "deal_result"), None)
    return {
        "names": list(names),
        "teams": game.teams(),
        "contract": view["contract"],
        "result": result.copy() if result is not None else None,
    }


def detail_from_json(data: object) -> DealDetail | None:
    """A ``DealDetail`` as stored (JSON, written by ``deal_detail``): ``None`` where there is
    none. Details stored before this type kept an empty object for a missing result."""
    if not isinstance(data, dict) or not isinstance(data.get("names"), list):
        return None
    return {
        "names": [str(n) for n in data["names"]],
        "teams": [[int(s) for s in team] for team in data.get("teams") or []],
        "contract": cast(Contract, data["contract"]) if data.get("contract") else None,
        "result": cast(DealResultEvent, data["result"]) if data.get("result") else None,
    }

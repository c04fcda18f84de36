"""Piquet's combinations and how each category is settled (docs/rules.md §4.2, §4.5, §4.7).

Kept apart from the engine because the comparison rules differ by era and are easiest to check on
their own; the engine only asks "who wins the point, the sequences and the sets, and for how much".
Players are named ``0`` (elder) and ``1`` (younger) here; the engine maps them to seats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final

from games.views import ShownCombination

RANK_ORDER: Final = "6789TJQKA"
"""Low → high. The 6 only exists in the 17th-century deck, where it extends the sequences."""
RANK_INDEX: Final = {rank: i for i, rank in enumerate(RANK_ORDER)}
PIP_VALUE: Final = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7, "6": 6}
COURT_RANKS: Final = frozenset("KQJ")
SET_RANKS: Final = "TJQKA"
SEQUENCE_SCORES: Final = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19}
SEQUENCE_NAMES: Final = {
    3: "tierce",
    4: "quart",
    5: "quint",
    6: "sixième",
    7: "septième",
    8: "huitième",
    9: "neuvième",
}
RANK_WORDS: Final = {
    "A": "ace",
    "K": "king",
    "Q": "queen",
    "J": "jack",
    "T": "ten",
    "9": "nine",
    "8": "eight",
    "7": "seven",
    "6": "six",
}
NUMBER_WORDS: Final = {
    1: "one",
    2: "two",
    3: "three",
    4: "four",
    5: "five",
    6: "six",
    7: "seven",
    8: "eight",
    9: "nine",
    10: "ten",
    11: "eleven",
    12: "twelve",
}


@dataclass(frozen=True, slots=True)
class Combination:
    """One declarable combination: its cards (high to low), comparison key, score and name."""

    category: str
    cards: tuple[str, ...]
    key: tuple[int, ...]
    score: int
    name: str
    """The engines' English name (command line, logs); players read ``code`` and ``params``."""
    code: str = ""
    """``point``, ``sequence``, ``trio`` or ``quatorze`` (``piquet_combination_<code>`` in the
    images catalogue, docs/i18n.md)."""
    params: tuple[tuple[str, int | str], ...] = ()
    """``point``: ``count`` and ``value``; ``sequence``: ``length`` and top ``rank``; ``trio`` and
    ``quatorze``: ``rank``."""

    def to_json(self) -> ShownCombination:
        return {
            "cards": list(self.cards),
            "name": self.name,
            "score": self.score,
            "code": self.code,
            "params": dict(self.params),
        }


@dataclass(frozen=True, slots=True)
class CategoryResult:
    """Outcome of one category: ``winner`` is 0 (elder), 1 (younger) or ``None`` (a tie, or
    neither holds a combination); ``combinations`` are the winner's, all of which score."""

    category: str
    winner: int | None
    combinations: tuple[Combination, ...]
    tie: bool

    @property
    def points(self) -> int:
        return sum(c.score for c in self.combinations)


def is_carte_blanche(hand: list[str]) -> bool:
    """A dealt hand without K, Q or J (§4.5)."""
    return not any(card[0] in COURT_RANKS for card in hand)


def _high_to_low(cards: list[str]) -> tuple[str, ...]:
    return tuple(sorted(cards, key=lambda c: RANK_INDEX[c[0]], reverse=True))


def best_point(hand: list[str], era: str) -> Combination:
    """The best suit for the point: by (count, value) in ``modern``, by value in ``old``/``c17``.

    Suits are never compared, so between equal suits any one stands for the player; the first in
    S H D C order is shown.
    """
    best: Combination | None = None
    for suit in "SHDC":
        cards = [c for c in hand if c[1] == suit]
        if not cards:
            continue
        value = sum(PIP_VALUE[c[0]] for c in cards)
        if era == "modern":
            key: tuple[int, ...] = (len(cards), value)
            score = len(cards)
        else:
            key = (value,)
            score = (value + 5) // 10
        if best is None or key > best.key:
            count = NUMBER_WORDS[len(cards)]
            name = f"point of {count} ({value})"
            params = (("count", len(cards)), ("value", value))
            best = Combination("point", _high_to_low(cards), key, score, name, "point", params)
    assert best is not None, "a Piquet hand always holds a card"
    return best


def sequences(hand: list[str]) -> list[Combination]:
    """Every maximal run of three or more cards in one suit, best first (§4.7.1)."""
    found: list[Combination] = []
    for suit in "SHDC":
        held = sorted((RANK_INDEX[c[0]] for c in hand if c[1] == suit), reverse=True)
        run: list[int] = []
        for index in [*held, -10]:
            if run and index == run[-1] - 1:
                run.append(index)
                continue
            if len(run) >= 3:
                top = RANK_ORDER[run[0]]
                length = len(run)
                cards = tuple(RANK_ORDER[i] + suit for i in run)
                name = f"{SEQUENCE_NAMES[length]} to the {RANK_WORDS[top]}"
                params = (("length", length), ("rank", top))
                score = SEQUENCE_SCORES[length]
                found.append(
                    Combination(
                        "sequence", cards, (length, run[0]), score, name, "sequence", params
                    )
                )
            run = [index]
    found.sort(key=lambda c: c.key, reverse=True)
    return found


def sets(hand: list[str]) -> list[Combination]:
    """Every trio or quatorze of A, K, Q, J or T, best first (§4.7.1)."""
    found: list[Combination] = []
    for rank in SET_RANKS:
        cards = tuple(c for c in hand if c[0] == rank)
        if len(cards) >= 3:
            plural = RANK_WORDS[rank] + "s"
            if len(cards) == 4:
                name, score, code = f"quatorze of {plural}", 14, "quatorze"
            else:
                name, score, code = f"three {plural}", 3, "trio"
            key = (len(cards), RANK_INDEX[rank])
            params = (("rank", rank),)
            found.append(Combination("set", cards, key, score, name, code, params))
    found.sort(key=lambda c: c.key, reverse=True)
    return found


def _settle(category: str, elder: list[Combination], younger: list[Combination]) -> CategoryResult:
    """The better best combination wins and scores all of its holder's combinations; equal keys
    score nothing; a player without a combination cannot win (§4.7.2)."""
    if not elder and not younger:
        return CategoryResult(category, None, (), False)
    if not younger or (elder and elder[0].key > younger[0].key):
        return CategoryResult(category, 0, tuple(elder), False)
    if not elder or younger[0].key > elder[0].key:
        return CategoryResult(category, 1, tuple(younger), False)
    return CategoryResult(category, None, (), True)


def settle_declarations(elder: list[str], younger: list[str], era: str) -> list[CategoryResult]:
    """Point, sequences and sets, in that order, for the two hands after the exchange."""
    return [
        _settle("point", [best_point(elder, era)], [best_point(younger, era)]),
        _settle("sequence", sequences(elder), sequences(younger)),
        _settle("set", sets(elder), sets(younger)),
    ]


def partie_score(winner_total: int, loser_total: int) -> int:
    """Rubicon partie score (§4.12): a loser under 100 is "rubiconed" and adds to the winner's."""
    if loser_total < 100:
        return winner_total + loser_total + 100
    return winner_total - loser_total + 100

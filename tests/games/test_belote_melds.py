"""Melds (docs/rules.md §2.6, §10 items 11–12) and belote/rebelote (§2.7), for Belote and Coinche."""

from __future__ import annotations

import random
from typing import Any

from games.actions import PASS, PLAY, Action
from games.belote_melds import best_declaration, resolve_melds
from games.belote_rules import MODE_OF_TRUMP, mask_of
from games.cards import FRENCH_32
from games.coinche import Coinche

SUIT = MODE_OF_TRUMP["S"]
HEARTS = MODE_OF_TRUMP["H"]
SA = MODE_OF_TRUMP["NT"]
TA = MODE_OF_TRUMP["AT"]


def declare(
    cards: str,
    mode: int = SUIT,
    reuse: bool = False,
    carre_first: bool = True,
    nine: bool = True,
) -> dict[str, Any] | None:
    return best_declaration(mask_of(cards.split()), mode, reuse, carre_first, nine)


def kinds(decl: dict[str, Any] | None) -> list[tuple[str, int]]:
    assert decl is not None
    return [(m["kind"], m["points"]) for m in decl["melds"]]


def test_sequences() -> None:
    assert declare("7H 8H 9H KS 7C 9C JD AD") is not None
    assert kinds(declare("7H 8H 9H KS 7C 9C JD AD")) == [("tierce", 20)]
    assert kinds(declare("7H 8H 9H TH KS 7C 9C JD")) == [("quarte", 50)]
    assert kinds(declare("7H 8H 9H TH JH 7C 9C JD")) == [("quinte", 100)]
    assert declare("7H 8H TH JH 7C 9C JD KS") is None


def test_a_long_run_is_one_quinte() -> None:
    decl = declare("7S 8S 9S TS JS QS KS AS")
    assert kinds(decl) == [("quinte", 100)]
    assert decl is not None and decl["melds"][0]["cards"][0] == "AS"


def test_sequences_that_do_not_touch_both_score() -> None:
    decl = declare("7S 8S 9S JS QS KS 7D 9D")
    assert kinds(decl) == [("tierce", 20), ("tierce", 20)]
    assert decl is not None and decl["points"] == 40


def test_carre_values() -> None:
    jacks = "JS JH JD JC 7S 9H 7D 9C"
    assert kinds(declare(jacks)) == [("carre", 200)]
    assert kinds(declare(jacks, SA)) == [("carre", 100)]
    assert kinds(declare(jacks, TA)) == [("carre", 200)]
    nines = "9S 9H 9D 9C 7S JH 7D JC"
    assert kinds(declare(nines)) == [("carre", 150)]
    assert kinds(declare(nines, SA)) == [("carre", 100)]
    assert declare(nines, SA, nine=False) is None
    aces = "AS AH AD AC 7S 9H 7D 9C"
    assert kinds(declare(aces)) == [("carre", 100)]
    assert kinds(declare(aces, SA)) == [("carre", 200)]
    assert kinds(declare("TS TH TD TC 7S 9H 7D 9C", SA)) == [("carre", 150)]
    assert declare("8S 8H 8D 8C 7S 7H 7D TC") is None


def test_card_reuse_item_11() -> None:
    # The J of a carré of jacks splits A-K-Q / T-9-8 of hearts (a hypothetical 10-card mask).
    hand = "AH KH QH JH TH 9H 8H JS JD JC"
    assert sorted(kinds(declare(hand))) == [("carre", 200), ("tierce", 20), ("tierce", 20)]
    assert sorted(kinds(declare(hand, reuse=True))) == [("carre", 200), ("quinte", 100)]


def test_carre_or_run_whichever_scores_more() -> None:
    # Q of a carré inside a quinte: carré 100 + nothing, or quinte 100: ties go to the stronger
    # best meld, the carré under hundred_priority = carre, the quinte under sequence.
    hand = "QS QH QD QC TH JH KH AH"
    decl = declare(hand)
    assert decl is not None and decl["points"] == 100
    assert kinds(declare(hand)) == [("carre", 100)]
    assert kinds(declare(hand, carre_first=False)) == [("quinte", 100)]
    assert sorted(kinds(declare(hand, reuse=True))) == [("carre", 100), ("quinte", 100)]


def resolve(
    hands: list[str | None], mode: int = SUIT, order: list[int] | None = None, **kw: Any
) -> int | None:
    decls = [declare(h, mode, **kw) if h else None for h in hands]
    return resolve_melds(decls, order or [0, 1, 2, 3], kw.get("first", False))


def test_comparison_by_key() -> None:
    # Higher value wins; at 100, the carré beats the quinte by default (D5).
    assert resolve(["7H 8H 9H", "7S 8S 9S TS", None, None]) == 1
    assert resolve(["KS KH KD KC", "7H 8H 9H TH JH", None, None]) == 0
    assert resolve(["KS KH KD KC", "7H 8H 9H TH JH", None, None], carre_first=False) == 1
    # Equal values: the higher top wins; then the trump flag.
    assert resolve(["7H 8H 9H", None, None, "8C 9C TC"]) == 1
    assert resolve(["7H 8H 9H", None, None, "7C 8C 9C"], mode=HEARTS) == 0
    # Carrés of equal value compare in trump order: A > T > K > Q (suit), J > 9 > K in SA.
    assert resolve(["AS AH AD AC", "TS TH TD TC", None, None]) == 0
    assert resolve(["KS KH KD KC", "JS JH JD JC", None, None], mode=SA) == 1
    # Only one side declared: it wins.
    assert resolve([None, None, None, "7H 8H 9H"]) == 1
    assert resolve([None, None, None, None]) is None


def test_b7_identical_best_melds() -> None:
    hands: list[str | None] = ["KH QH JH", "KC QC JC", None, None]
    assert resolve(hands) is None
    decls = [declare(h) if h else None for h in hands]
    assert resolve_melds(decls, [0, 1, 2, 3], True) == 0
    assert resolve_melds(decls, [1, 2, 3, 0], True) == 1


def test_first_declarer_is_the_first_holding_the_tied_meld() -> None:
    # §10 item 12: the first player in trick-1 order whose declaration contains the tied meld
    # (K-Q-J tierces at seats 2 and 3); seat 1's lower tierce does not count.
    hands: list[str | None] = [None, "7D 8D 9D", "KH QH JH", "KC QC JC"]
    decls = [declare(h) if h else None for h in hands]
    assert resolve_melds(decls, [1, 2, 3, 0], True) == 0
    assert resolve_melds(decls, [3, 0, 1, 2], True) == 1


# -------------------------------------------------------------------------- engine level
def coinche_deck(hands: list[list[str]]) -> list[str]:
    """The 3-2-3 deck giving ``hands[k]`` to p_k (dealer 3: p_k is seat k)."""
    deck = [""] * 32
    for k, hand in enumerate(hands):
        deck[3 * k : 3 * k + 3] = hand[0:3]
        deck[12 + 2 * k : 14 + 2 * k] = hand[3:5]
        deck[20 + 3 * k : 23 + 3 * k] = hand[5:8]
    return deck


def tied_hands() -> list[list[str]]:
    """Seat 0: K-Q-J of hearts; seat 1: K-Q-J of clubs; seats 2 and 3: no meld."""
    seat0 = ["KH", "QH", "JH", "7S", "7D", "9D", "7C", "9C"]
    seat1 = ["KC", "QC", "JC", "8S", "8D", "TD", "8C", "8H"]
    rest = [c for c in FRENCH_32 if c not in seat0 + seat1]
    rng = random.Random(7)
    while True:
        rng.shuffle(rest)
        if all(declare(" ".join(h)) is None for h in (rest[:8], rest[8:])):
            return [seat0, seat1, rest[:8], rest[8:]]


def play_first_trick(options: dict[str, Any]) -> Coinche:
    game = Coinche(options=options, dealer=3)
    game.deal(coinche_deck(tied_hands()))
    game.apply(0, Action("bid", value=80, trump="S"))
    for seat in (1, 2, 3):
        game.apply(seat, PASS)
    for _ in range(4):
        turn = game.to_act
        assert turn is not None
        game.apply(turn, game.legal_actions(turn)[0])
    return game


def test_b7_in_a_deal() -> None:
    game = play_first_trick({})
    melds = next(e for e in game.events if e["type"] == "melds")
    assert melds["side"] is None and melds["melds"] == []
    game = play_first_trick({"meld_tie": "first_declarer"})
    melds = next(e for e in game.events if e["type"] == "melds")
    assert melds["side"] == 0 and melds["points"] == 20
    assert melds["melds"] == [
        {"seat": 0, "melds": [{"kind": "tierce", "cards": ["KH", "QH", "JH"], "points": 20}]}
    ]
    assert game.meld_points() == [20, 0]


def test_melds_disabled() -> None:
    game = play_first_trick({"melds_enabled": False})
    assert not any(e["type"] in ("declare", "melds") for e in game.events)
    assert game.meld_points() == [0, 0]


def belote_game(options: dict[str, Any], first: str) -> Coinche:
    """Seat 0 holds K and Q of spades (trumps) and plays ``first`` of them in trick 1."""
    hands = [
        ["KS", "QS", "7H", "9H", "7D", "9D", "7C", "9C"],
        ["AS", "8H", "TH", "8D", "TD", "8C", "TC", "JC"],
        ["JS", "9S", "QH", "KH", "QD", "KD", "AD", "AC"],
        ["7S", "8S", "TS", "JH", "AH", "JD", "QC", "KC"],
    ]
    game = Coinche(options=options, dealer=3)
    game.deal(coinche_deck(hands))
    game.apply(0, Action("bid", value=80, trump="S"))
    for seat in (1, 2, 3):
        game.apply(seat, PASS)
    game.apply(0, PLAY[first])
    return game


def test_belote_and_rebelote_are_announced() -> None:
    game = belote_game({}, "KS")
    assert game.events[-1] == {"type": "belote", "seat": 0, "card": "KS"}
    for seat, card in ((1, "AS"), (2, "JS"), (3, "7S"), (2, "9S"), (3, "8S"), (0, "QS")):
        game.apply(seat, PLAY[card])
    assert game.events[-1] == {"type": "rebelote", "seat": 0, "card": "QS", "points": 20}
    assert game.belote_points == [20, 0]


def test_belote_king_first() -> None:
    game = belote_game({"belote_king_first": True}, "QS")
    assert not any(e["type"] == "belote" for e in game.events)
    game = belote_game({"belote_king_first": False}, "QS")
    assert game.events[-1] == {"type": "belote", "seat": 0, "card": "QS"}

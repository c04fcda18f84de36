"""Atout's Belote against belote-cli 4.9.6 (a pure-Python classic Belote, MIT) on identical deals.

Both engines get the same deck and dealer. At every step the seat to act and its legal actions are
compared, then one action both allow is chosen at random (seeded) and applied to both: bids (each
player takes with some probability; the dealer names a contract rather than pass the second round
out, so every deal is played), the 32 cards, each trick's winner, each deal's card points and its
final score. Each deal starts a fresh game, so a litige reserve never carries over.

Atout is set to belote-cli's rules: SA and TA named in round 2, a player whose partner holds the
trick may discard anything, a card may count in a carré and a sequence, a capot takes the other
side's melds, and meld ties go to the first declarer. The run is made twice: with the three keys of
issue 16 at their defaults (what Atout could be set to before) and set as belote-cli plays
(``ta_belote = none``, ``success_basis = cards_melds``, ``carre_values = fixed``).

A deal whose final scores differ is explained, when it can be, by
- the Atout option that accounts for it: the deal's actions are replayed in Atout with one key
  changed, and the key whose change makes the scores agree is named;
- belote-cli departing from its own rules: its rules text values a carré only of J, 9, A, K, Q or
  10, yet a carré of 7s or 8s, worth nothing, still "outranks any sequence" there and cancels the
  other side's sequences; and its tie rule says equal melds go to the first to announce during
  trick 1 — the first player, who leads it — but it counts from the taker. Such a deal is
  counted under a departure only when it shows it and belote-cli's own scoring, re-run on the
  deal's final state with that departure taken out (its scoring module patched for that call),
  gives Atout's score.
When one cause is not enough, the fewest causes that together make the scores equal are named.
Anything left is printed as unexplained, with the deal's index (its deck follows from --seed).

    pip install belote-cli==4.9.6     # benchmark-only (the ``bench`` extra)
    python benchmarks/belote_cli_compare.py [--deals 600] [--seed 2]
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from contextlib import ExitStack
from dataclasses import dataclass, field, replace
from itertools import combinations
from pathlib import Path
from typing import Any
from unittest.mock import patch

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.actions import PASS, PLAY, Action
from games.belote import Belote
from games.belote_melds import resolve_melds
from games.belote_rules import cards_of
from games.cards import FRENCH_32


def arguments() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=600)
    parser.add_argument("--seed", type=int, default=2)
    return parser


try:
    from belote import game as cli
    from belote import scoring as cli_scoring
    from belote.deck import Card, Rank, Suit
except ImportError:
    if __name__ == "__main__":
        arguments().parse_args()  # --help is answered (exit 0) without belote-cli
    sys.exit("belote-cli is not installed: pip install belote-cli==4.9.6")

MATCHING: dict[str, Any] = {
    "round2_sa_ta": True,
    "partner_winning_trump": "free",
    "meld_card_reuse": True,
    "capot_takes_melds": True,
    "meld_tie": "first_declarer",
}
ISSUE_16: dict[str, Any] = {
    "ta_belote": "none",
    "success_basis": "cards_melds",
    "carre_values": "fixed",
}
SUITS = {"S": Suit.SPADES, "H": Suit.HEARTS, "D": Suit.DIAMONDS, "C": Suit.CLUBS}
RANKS = {
    "7": Rank.SEVEN,
    "8": Rank.EIGHT,
    "9": Rank.NINE,
    "T": Rank.TEN,
    "J": Rank.JACK,
    "Q": Rank.QUEEN,
    "K": Rank.KING,
    "A": Rank.ACE,
}
CARD = {r + s: Card(SUITS[s], RANKS[r]) for s in "SHDC" for r in "789TJQKA"}
CODE = {card: code for code, card in CARD.items()}
BID: dict[str, Any] = {
    "pass": None,
    **{s: SUITS[s] for s in "SHDC"},
    "AT": Suit.TOUT_ATOUT,
    "NT": cli.SANS_ATOUT_BID,
}
TAKE_CHANCE = {1: 0.25, 2: 0.4}
DEPARTURE_SEVENS = "belote-cli: a carré of 7s or 8s (worth 0) cancels the other side's sequences"
DEPARTURE_TIE = "belote-cli: equal melds go to the side first from the taker, not the first player"
CATEGORIES = ("legal bids", "legal cards", "trick winners", "card points", "final scores")


class DeckOrder(random.Random):
    """A "shuffle" that lays out a chosen deck, so belote-cli's own ``start_round`` deals it."""

    def __init__(self, deck: list[Any]) -> None:
        super().__init__(0)
        self.deck = deck

    def shuffle(self, x: list[Any]) -> None:  # type: ignore[override]
        x[:] = self.deck


@dataclass
class Tally:
    agreed: Counter[str] = field(default_factory=Counter)
    steps: Counter[str] = field(default_factory=Counter)
    causes: dict[str, list[int]] = field(default_factory=dict)

    def check(self, category: str, same: bool) -> None:
        self.steps[category] += 1
        self.agreed[category] += same

    def blame(self, cause: str, deal: int) -> None:
        self.causes.setdefault(cause, []).append(deal)


def cli_deck(deck: list[str], dealer: int) -> list[Any]:
    """The deck in belote-cli's dealing order, so that each seat gets the cards Atout gives it.

    belote-cli deals the first five cards one at a time, three rounds then two, to seats 0…3
    whoever deals; Atout deals packets of three then two from the dealer's right (docs/rules.md §2.3).
    The turned-up card and the rest are dealt alike by both.
    """
    out: list[str] = list(deck)
    for j in range(4):
        seat = (dealer + 1 + j) % 4
        packets = [*deck[3 * j : 3 * j + 3], *deck[12 + 2 * j : 14 + 2 * j]]
        for k, code in enumerate(packets):
            out[4 * k + seat] = code
    return [CARD[c] for c in out]


def cli_bids(state: Any) -> set[str]:
    """The bids belote-cli offers (its bidding prompt: round 1 the turned-up suit or pass, round 2
    another suit, TA, SA or pass) that its ``place_bid`` accepts."""
    up = CODE[state.up_card][1]
    offered = [up, "pass"] if state.bidding_round == 1 else [*"SHDC".replace(up, ""), "AT", "NT"]
    legal = {"pass"}
    for bid in offered:
        try:
            cli.place_bid(state, BID[bid])
        except cli.IllegalMoveError:
            continue
        legal.add(bid)
    return legal


def atout_bids(game: Belote, seat: int) -> set[str]:
    return {a.trump or "" if a.type == "take" else a.type for a in game.legal_actions(seat)}


def replay_with(game: Belote, options: dict[str, Any]) -> dict[str, Any]:
    """The deal's result in Atout under other options (the play never depends on these keys)."""
    log = game.log[-1]
    other = Belote(options=options, dealer=log["dealer"])
    other.deal(log["deck"])
    for action in log["actions"]:
        act = Action(action["type"], trump=action.get("trump"), card=action.get("card"))
        other.apply(action["seat"], act)
    return next(e for e in other.events if e["type"] == "deal_result")


def cli_scores_of(state: Any) -> list[int]:
    """belote-cli's final score of a played deal, per side (0 = seats 0 and 2)."""
    breakdown = cli_scoring.score_round(state)
    scores = [0, 0]
    scores[breakdown.taker_team] = breakdown.taker_total
    scores[1 - breakdown.taker_team] = breakdown.defender_total
    return scores


def cli_scores_without(state: Any, departures: tuple[str, ...]) -> list[int]:
    """belote-cli's score of the same deal with some of its departures taken out: carrés of 7s
    and 8s are no meld (its rules text values only J, 9, A, K, Q and 10), and equal melds are
    ordered from the first player, who leads trick 1, instead of from the taker. Its scoring
    module is patched for this one call only."""
    original_carres = cli_scoring.detect_carres
    original_resolve = cli_scoring.resolve_declarations
    first_player = state.dealer.next_seat()

    def carres_that_count(hand: Any) -> Any:
        return [c for c in original_carres(hand) if cli_scoring.get_declaration_points([c])]

    def from_first_player(decls: Any, trump: Any, taker: Any = None) -> Any:
        return original_resolve(decls, trump, first_player if taker is not None else None)

    with ExitStack() as patches:
        if DEPARTURE_SEVENS in departures:
            patches.enter_context(patch.object(cli_scoring, "detect_carres", carres_that_count))
        if DEPARTURE_TIE in departures:
            patches.enter_context(
                patch.object(cli_scoring, "resolve_declarations", from_first_player)
            )
        return cli_scores_of(state)


def subsets(items: list[str]) -> list[tuple[str, ...]]:
    return [c for n in range(len(items) + 1) for c in combinations(items, n)]


def explain(game: Belote, hands: list[list[str]], state: Any, cli_scores: list[int]) -> str:
    """Why the final scores of this deal differ (see the module docstring): the fewest causes
    that, together, make the two scores equal.

    An Atout key of issue 16 is a cause when replaying the deal with it set as belote-cli plays
    moves Atout's score there. A departure of belote-cli is one when the deal shows it (a carré of
    7s or 8s; melds tied under Atout's comparison) and taking it out of belote-cli's scoring moves
    belote-cli's score there.
    """
    options = game.options
    keys = [k for k, v in ISSUE_16.items() if options[k] != v]
    shown = []
    if any(all(r + s in hand for s in "SHDC") for hand in hands for r in "78"):
        shown.append(DEPARTURE_SEVENS)
    first = (game.log[-1]["dealer"] + 1) % 4
    order = [(first + k) % 4 for k in range(4)]
    sides = {seat % 2 for seat, decl in enumerate(game.declarations) if decl is not None}
    if sides == {0, 1} and resolve_melds(game.declarations, order, False) is None:
        shown.append(DEPARTURE_TIE)
    ours = next(e for e in game.events if e["type"] == "deal_result")["scores"]
    combos = sorted(
        ((a, d) for a in subsets(keys) for d in subsets(shown) if a or d),
        key=lambda combo: len(combo[0]) + len(combo[1]),
    )
    for atout_keys, departures in combos:
        set_keys = {k: ISSUE_16[k] for k in atout_keys}
        atout = replay_with(game, {**options, **set_keys})["scores"] if atout_keys else ours
        theirs = cli_scores_without(state, departures) if departures else cli_scores
        if atout == theirs:
            causes = [f"Atout option {k} = {v} (not set in this run)" for k, v in set_keys.items()]
            return " + ".join([*causes, *departures])
    return "unexplained"


def one_deal(index: int, seed: int, options: dict[str, Any], tally: Tally) -> None:
    rng = random.Random(seed * 1_000_003 + index)
    deck = list(FRENCH_32)
    rng.shuffle(deck)
    dealer = index % 4
    game = Belote(options=options, dealer=dealer)
    game.deal(deck)
    state = cli.start_round(
        replace(cli.new_game(), dealer=cli.Seat(dealer)), DeckOrder(cli_deck(deck, dealer))
    )
    while game.phase == "taking":
        seat = game.to_act
        assert seat is not None
        ours, theirs = atout_bids(game, seat), cli_bids(state)
        tally.check("legal bids", ours == theirs and cli.bidding_turn(state).value == seat)
        both = sorted(ours & theirs)
        takes = [b for b in both if b != "pass"]
        last = game.taking_round == 2 and seat == dealer
        chance = TAKE_CHANCE[game.taking_round or 1]
        bid = rng.choice(takes) if takes and (last or rng.random() < chance) else "pass"
        game.apply(seat, PASS if bid == "pass" else Action("take", trump=bid))
        state = cli.process_bid(state, BID[bid])
    hands = [cards_of(h) for h in game.hands]
    tricks = 0
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        ours_cards = {a.card for a in game.legal_actions(seat)}
        theirs_cards = {CODE[c] for c in cli.legal_cards(state, state.turn)}
        tally.check("legal cards", ours_cards == theirs_cards and state.turn.value == seat)
        common = sorted(c for c in ours_cards & theirs_cards if c is not None)
        if not common:
            tally.blame("no card both engines allow: deal abandoned", index)
            return
        card = rng.choice(common)
        game.apply(seat, PLAY[card])
        state = cli.play_card(state, CARD[card])
        if len(state.completed_tricks) > tricks:
            tricks += 1
            ours_winner = [e for e in game.events if e["type"] == "trick"][-1]["winner"]
            assert state.last_trick_winner is not None
            tally.check("trick winners", ours_winner == state.last_trick_winner.value)
    result = next(e for e in game.events if e["type"] == "deal_result")
    breakdown = cli_scoring.score_round(state)
    taker = breakdown.taker_team
    cli_cards = [0, 0]
    cli_cards[taker], cli_cards[1 - taker] = breakdown.table_taker_pts, breakdown.table_defender_pts
    # Atout's trick points carry a capot's 100-point last trick; belote-cli's the usual 10.
    capot = [t == 8 for t in game.side_tricks()]
    ours_cards_points = [p - 90 * capot[i] for i, p in enumerate(result["trick_points"])]
    tally.check("card points", ours_cards_points == cli_cards)
    cli_scores = cli_scores_of(state)
    same = result["scores"] == cli_scores
    tally.check("final scores", same)
    if not same:
        tally.blame(explain(game, hands, state, cli_scores), index)


def run(deals: int, seed: int, options: dict[str, Any]) -> Tally:
    tally = Tally()
    for index in range(deals):
        one_deal(index, seed, options, tally)
    return tally


def main(argv: list[str] | None = None) -> int:
    args = arguments().parse_args(argv)
    runs = {
        "before (issue 16 keys at defaults)": dict(MATCHING),
        "with ta_belote, success_basis, carre_values": {**MATCHING, **ISSUE_16},
    }
    print(f"belote-cli 4.9.6 against Atout, {args.deals} deals, seed {args.seed}")
    print("Atout options in both runs: " + ", ".join(f"{k}={v}" for k, v in MATCHING.items()))
    for title, options in runs.items():
        started = time.perf_counter()
        tally = run(args.deals, args.seed, options)
        elapsed = time.perf_counter() - started
        print(f"\n{title} ({elapsed:.1f} s)")
        for category in CATEGORIES:
            steps, agreed = tally.steps[category], tally.agreed[category]
            print(f"  {category}: {agreed}/{steps} agree, {steps - agreed} differ")
        for cause, where in sorted(tally.causes.items(), key=lambda kv: -len(kv[1])):
            shown = ", ".join(str(i) for i in where[:8]) + (" …" if len(where) > 8 else "")
            print(f"  {len(where)} deals: {cause} (deals {shown})")
        unexplained = len(tally.causes.get("unexplained", []))
        print(f"  unexplained differences: {unexplained}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

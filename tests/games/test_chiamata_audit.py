"""Independent audit of the Briscola a chiamata engine (docs/rules.md §6, §10 items 18, 19 and 21).

A reference written from docs/rules.md alone replays every deal of random matches, in every option
combination: the deal in packets of 4, 1, 2 or 8 from ``p_0``, the auction (rank calls weaker and
weaker, a pass is final, "2" ends a ``rank_only`` auction, points bids over a standing "2" under
``two_then_points``), passed-out deals that do not count, the called card and its holder, the
first lead, both follow rules, the zero-sum scores with cappotto on either basis, and the match of
``match_deals`` deals. No view may show the partner, or any card, its viewer may not know.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PASS, PLAY, Action
from games.ai.random_play import deal_shuffled
from games.base import IllegalAction
from games.chiamata import Chiamata
from games.views import ChiamataView
from tests.games.test_briscola_audit import POINTS, cards_in, trick_winner

ORDER = "A3KQJ76542"


class Reference:
    def __init__(self, options: dict[str, Any], dealer: int) -> None:
        self.o = {
            "deal_packet": 4,
            "bidding": "rank_only",
            "follow_rule": "must_follow",
            "first_lead": "eldest",
            "cappotto_basis": "points",
            "match_deals": 5,
            **options,
        }
        self.totals = [0] * 5
        self.dealer = dealer
        self.played = 0
        self.over = False
        self.winners: list[int] = []
        self.results: list[dict[str, Any]] = []

    def deal(self, dealer: int, deck: list[str], actions: list[dict[str, Any]]) -> None:
        o = self.o
        assert not self.over and dealer == self.dealer and len(deck) == 40
        p = [(dealer + 1 + k) % 5 for k in range(5)]
        packet = o["deal_packet"]
        hands: dict[int, list[str]] = {s: [] for s in range(5)}
        pos = 0
        for _ in range(8 // packet):
            for seat in p:
                hands[seat] += deck[pos : pos + packet]
                pos += packet
        acts = list(actions)
        # ---- auction (§6.2)
        out: set[int] = set()
        high: tuple[int, str, int] | None = None  # seat, rank, target
        turn = p[0]
        while True:
            a = acts.pop(0)
            assert a["seat"] == turn and turn not in out
            if a["type"] == "pass":
                out.add(turn)
            else:
                assert a["type"] == "call"
                rank, points = a["rank"], a.get("points")
                if points is None:
                    assert high is None or ORDER.index(rank) > ORDER.index(high[1])
                    high = (turn, rank, 61)
                else:
                    assert o["bidding"] == "two_then_points" and rank == "2"
                    assert high is not None and high[1] == "2" and high[2] < points <= 120
                    high = (turn, "2", points)
                if rank == "2" and o["bidding"] == "rank_only":
                    break
            if len(out) == 5:
                break
            if high is not None and len(out) == 4 and high[0] not in out:
                break
            turn = (turn + 1) % 5
            while turn in out:
                turn = (turn + 1) % 5
        if high is None:
            assert not acts
            self.results.append({"trick_points": None, "scores": [0] * 5})
            self.dealer = (dealer + 1) % 5
            return
        declarer, rank, target = high
        a = acts.pop(0)
        assert a["seat"] == declarer and a["type"] == "trump"
        trump = a["suit"]
        called = rank + trump
        partner = next(s for s in range(5) if called in hands[s])
        # ---- play (§6.4)
        leader = declarer if o["first_lead"] == "declarer" else p[0]
        pts, tricks = [0] * 5, [0] * 5
        assert len(acts) == 40
        for t in range(8):
            trick: list[tuple[int, str]] = []
            for j in range(5):
                a = acts[5 * t + j]
                seat = (leader + j) % 5
                card = a["card"]
                assert a["seat"] == seat and card in hands[seat]
                if trick and o["follow_rule"] == "must_follow" and card[1] != trick[0][1][1]:
                    assert not any(c[1] == trick[0][1][1] for c in hands[seat])
                hands[seat].remove(card)
                trick.append((seat, card))
            w = trick_winner(trick, trump)
            pts[w] += sum(POINTS.get(c[0], 0) for _, c in trick)
            tricks[w] += 1
            leader = w
        # ---- scoring (§6.5)
        side = {declarer, partner}
        taken = sum(pts[s] for s in side)
        if o["cappotto_basis"] == "points":
            cappotto = taken in (0, 120)
        else:
            cappotto = sum(tricks[s] for s in side) in (0, 8)
        sign = 1 if taken >= target else -1
        mult = 2 if cappotto else 1
        scores = [-sign * mult] * 5
        if partner == declarer:
            scores[declarer] = 4 * sign * mult
        else:
            scores[declarer] = 2 * sign * mult
            scores[partner] = sign * mult
        assert sum(scores) == 0
        self.results.append({"trick_points": pts, "scores": scores})
        self.totals = [t + s for t, s in zip(self.totals, scores, strict=True)]
        self.played += 1
        self.dealer = (dealer + 1) % 5
        if self.played >= o["match_deals"]:
            self.over = True
            best = max(self.totals)
            self.winners = [s for s in range(5) if self.totals[s] == best]


OPTIONS = st.fixed_dictionaries(
    {},
    optional={
        "deal_packet": st.sampled_from((4, 1, 2, 8)),
        "bidding": st.sampled_from(("rank_only", "two_then_points")),
        "follow_rule": st.sampled_from(("must_follow", "free")),
        "first_lead": st.sampled_from(("eldest", "declarer")),
        "cappotto_basis": st.sampled_from(("points", "tricks")),
        "match_deals": st.sampled_from((5, 10)),
    },
)


def _action(game: Chiamata, seat: int, rng: random.Random) -> Action:
    legal = game.legal_actions(seat)
    if game.phase == "auction":
        calls = [a for a in legal if a.type == "call"]
        # Pass often enough for every auction shape (pass-outs included), call otherwise.
        if calls and rng.random() < 0.55:
            return rng.choice(calls)
        return PASS
    return rng.choice(legal)


def _hidden_partner_ok(
    game: Chiamata, seat: int | None, revealed: bool, view: ChiamataView
) -> None:
    """What ``view`` (the seat's, just drawn) says of the partner."""
    holder = game.partner
    if holder is None:
        assert view["partner"] is None and view["alone"] is None
    elif revealed or seat == holder:
        assert view["partner"] == holder
        assert view["alone"] == (holder == game.declarer)
    else:
        assert view["partner"] is None and view["alone"] is None
        # Nothing in events may name the holder before the card is played.
        assert not any(e["type"] == "partner" for e in view["events"])


@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=OPTIONS, seed=st.integers(0, 2**32 - 1))
def test_engine_agrees_with_the_reference(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    dealer = rng.randrange(5)
    game = Chiamata(options=options, dealer=dealer)
    ref = Reference(options, dealer)
    while not game.over:
        deal_shuffled(game, rng)
        played: set[str] = set()
        while game.phase in ("auction", "trump", "play"):
            seat = game.to_act
            assert seat is not None
            action = _action(game, seat, rng)
            game.apply(seat, action)
            if action.card is not None:
                played.add(action.card)
            revealed = game.called_card is not None and game.called_card in played
            for viewer in (None, 0, 1, 2, 3, 4):
                own = set(game.hands[viewer]) if viewer is not None else set()
                public = played | ({game.called_card} if game.called_card else set())
                view = game.view(viewer)
                assert cards_in(view) <= own | public
                _hidden_partner_ok(game, viewer, revealed, view)
        entry = game.log[-1]
        ref.deal(entry["dealer"], entry["deck"], entry["actions"])
        actual = game.deal_results[-1]
        assert (actual["trick_points"], actual["scores"]) == (
            ref.results[-1]["trick_points"],
            ref.results[-1]["scores"],
        )
        assert game.totals == ref.totals and game.dealer == ref.dealer
        assert game.deals_played == ref.played
        assert len(game.log) < 400
    assert ref.over and game.winners == ref.winners


# ----------------------------------------------------------------------- focused examples
def _game(**options: Any) -> Chiamata:
    game = Chiamata(options=options, dealer=4)
    deal_shuffled(game, random.Random(7))
    return game


def call(rank: str, points: int | None = None) -> Action:
    return Action("call", rank=rank, points=points)


def test_two_then_points_edge_cases() -> None:
    """§10 item 18: points only over a standing 2, strictly rising, only passes over 120."""
    game = _game(bidding="two_then_points")
    with pytest.raises(IllegalAction, match="only over a standing 2"):
        game.apply(0, call("2", 70))
    game.apply(0, call("2"))  # a plain 2 does not end this auction
    assert game.phase == "auction" and game.to_act == 1
    for bad in (call("A"), call("2"), call("2", 61), call("2", 121), call("3", 80)):
        with pytest.raises(IllegalAction):
            game.apply(1, bad)
    game.apply(1, call("2", 62))
    with pytest.raises(IllegalAction, match="exceed 62"):
        game.apply(2, call("2", 62))
    game.apply(2, call("2", 120))
    assert game.legal_actions(3) == [PASS]
    with pytest.raises(IllegalAction):
        game.apply(3, call("2", 120))
    for seat in (3, 4, 0, 1):
        game.apply(seat, PASS)
    assert game.phase == "trump" and game.declarer == 2 and game.target == 120


def test_rank_only_refuses_points_and_missing_ranks() -> None:
    game = _game()
    for bad in (call("2", 70), call("A", 62), call("T"), call("9"), call("8")):
        with pytest.raises(IllegalAction):
            game.apply(0, bad)


@pytest.mark.parametrize("deals", [5, 10])
def test_passed_out_deals_do_not_count(deals: int) -> None:
    game = Chiamata(options={"match_deals": deals}, dealer=0)
    rng = random.Random(deals)
    passed_out = 0
    while not game.over:
        deal_shuffled(game, rng)
        if len(game.log) % 3 == 0:
            for _ in range(5):
                seat = game.to_act
                assert seat is not None
                game.apply(seat, PASS)
            passed_out += 1
            assert game.phase == "deal" and game.deal_results[-1]["trick_points"] is None
            continue
        while game.phase != "deal" and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            game.apply(seat, legal[1] if game.phase == "auction" and len(legal) > 1 else legal[0])
    assert game.deals_played == deals and passed_out > 0
    assert len(game.deal_results) == deals + passed_out
    dealers = [d["dealer"] for d in game.deal_results]
    assert all(b == (a + 1) % 5 for a, b in itertools.pairwise(dealers))


@pytest.mark.parametrize("first_lead", ["eldest", "declarer"])
def test_first_lead_and_free_follow(first_lead: str) -> None:
    game = _game(first_lead=first_lead, follow_rule="free")
    game.apply(0, PASS)
    game.apply(1, PASS)
    game.apply(2, call("K"))
    game.apply(3, PASS)
    game.apply(4, PASS)
    game.apply(2, Action("trump", suit="D"))
    leader = 2 if first_lead == "declarer" else 0
    assert game.to_act == leader
    game.apply(leader, PLAY[game.hands[leader][0]])
    follower = (leader + 1) % 5
    assert len(game.legal_actions(follower)) == len(game.hands[follower])

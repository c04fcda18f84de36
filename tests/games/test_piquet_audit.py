"""Independent audit of the Piquet engine (docs/rules.md §4, §10 items 14–16).

A reference scorer written from docs/rules.md alone (not from the engine) replays every deal of random
matches, in every option combination, and must agree with the engine deal by deal: the deal and
talon (§4.4, §4.6), carte blanche (§4.5), the three categories (§4.7), trick points in every era
(§4.8, §10 item 15), canonical order with repique and pique (§4.10), the stop in the declarations
and the end of a game (§4.11), Rubicon parties (§4.12), the match and ``totals`` (§10 item 14),
and the deal alternating across games. Decks are biased so that carte blanche (also both at once
in ``c17``) and small targets come up often.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.actions import PLAY, Action
from games.base import IllegalAction
from games.cards import FRENCH_32
from games.piquet import Piquet
from tests.games.test_piquet_helpers import Oracle, build_deck, cards_in, split

ORDER = "6789TJQKA"
PIP = {"A": 11, "K": 10, "Q": 10, "J": 10, "T": 10, "9": 9, "8": 8, "7": 7, "6": 6}
SEQ_SCORE = {3: 3, 4: 4, 5: 15, 6: 16, 7: 17, 8: 18, 9: 19}
ELDER, YOUNGER = 0, 1


# ------------------------------------------------------------------------ reference scorer
def _point_key(hand: list[str], era: str) -> tuple[tuple[int, ...], int]:
    best: tuple[tuple[int, ...], int] | None = None
    for suit in "SHDC":
        cards = [c for c in hand if c[1] == suit]
        if not cards:
            continue
        value = sum(PIP[c[0]] for c in cards)
        if era == "modern":
            cand: tuple[tuple[int, ...], int] = ((len(cards), value), len(cards))
        else:
            cand = ((value,), int(value / 10 + 0.5))
        if best is None or cand[0] > best[0]:
            best = cand
    assert best is not None
    return best


def _runs(hand: list[str]) -> list[tuple[tuple[int, int], int]]:
    out = []
    for suit in "SHDC":
        idx = sorted(ORDER.index(c[0]) for c in hand if c[1] == suit)
        start = 0
        for i in range(1, len(idx) + 1):
            if i == len(idx) or idx[i] != idx[i - 1] + 1:
                length = i - start
                if length >= 3:
                    out.append(((length, idx[i - 1]), SEQ_SCORE[length]))
                start = i
    return out


def _sets(hand: list[str]) -> list[tuple[tuple[int, int], int]]:
    out = []
    for rank in "TJQKA":
        n = sum(c[0] == rank for c in hand)
        if n >= 3:
            out.append(((n, ORDER.index(rank)), 14 if n == 4 else 3))
    return out


def _category(mine: list[Any], theirs: list[Any]) -> int | None:
    """0 or 1 for the winner of a category (best keys compared), None for a tie or nobody."""
    best = [max((k for k, _ in side), default=None) for side in (mine, theirs)]
    if best[0] is None and best[1] is None:
        return None
    if best[1] is None or (best[0] is not None and best[0] > best[1]):
        return 0
    if best[0] is None or best[1] > best[0]:
        return 1
    return None


class Reference:
    """Scores a Piquet match from its record the way docs/rules.md §4 words it."""

    def __init__(self, options: dict[str, Any], dealer: int) -> None:
        self.o = {
            "rules_era": "modern",
            "scoring_mode": "target",
            "target_score": 100,
            "games_to_win_match": 2,
            "deal_packet": 2,
            "younger_min_exchange": 1,
            "last_trick_point_on_capot": True,
            "old_last_trick_needs_ten": False,
            **options,
        }
        self.totals = [0, 0]
        self.games_won = [0, 0]
        self.dealer = dealer
        self.partie = [0, 6]
        self.over = False
        self.winners: list[int] = []
        self.results: list[dict[str, Any]] = []

    def deal(self, dealer: int, deck: list[str], actions: list[dict[str, Any]]) -> None:
        o = self.o
        assert not self.over and dealer == self.dealer, "the deal alternates every hand (§4.3)"
        era, target = o["rules_era"], o["target_score"]
        c17 = era == "c17"
        assert len(deck) == (36 if c17 else 32)
        e, y = 1 - dealer, dealer
        hands: list[list[str]] = [[], []]
        p = o["deal_packet"]
        for r in range(12 // p):
            hands[e] += deck[2 * p * r : 2 * p * r + p]
            hands[y] += deck[2 * p * r + p : 2 * p * r + 2 * p]
        talon = deck[24:]
        assert len(talon) == (12 if c17 else 8)
        blank = [not any(c[0] in "KQJ" for c in hands[s]) for s in (0, 1)]
        acts = list(actions)
        ex_e, ex_y = acts.pop(0), acts.pop(0)
        assert (ex_e["seat"], ex_y["seat"]) == (e, y)
        n, k = len(ex_e["cards"]), len(ex_y["cards"])
        assert 1 <= n <= (8 if c17 else 5)
        assert o["younger_min_exchange"] <= k <= len(talon) - n
        for seat, disc, drawn in (
            (e, ex_e["cards"], talon[:n]),
            (y, ex_y["cards"], talon[n : n + k]),
        ):
            assert len(set(disc)) == len(disc) and set(disc) <= set(hands[seat])
            hands[seat] = [c for c in hands[seat] if c not in disc] + drawn
        h = [0, 0]
        state: dict[str, Any] = {"bonus": False, "first": None}
        mode_target: bool = o["scoring_mode"] == "target"

        def credit(seat: int, pts: int) -> None:
            h[seat] += pts
            if state["first"] is None and self.totals[seat] + h[seat] >= target:
                state["first"] = seat

        def declare(seat: int, pts: int) -> bool:
            credit(seat, pts)
            if not state["bonus"] and h[seat] >= 30 and h[1 - seat] == 0:
                state["bonus"] = True
                credit(seat, 60)
            return mode_target and self.totals[seat] + h[seat] >= int(target)

        steps: list[tuple[int, int]] = [(s, 10) for s in (e, y) if blank[s]]
        pe, py = _point_key(hands[e], era), _point_key(hands[y], era)
        w = _category([pe], [py])
        if w is not None:
            steps.append((e, pe[1]) if w == 0 else (y, py[1]))
        for finder in (_runs, _sets):
            mine, theirs = finder(hands[e]), finder(hands[y])
            w = _category(mine, theirs)
            if w is not None:
                combos, seat = (mine, e) if w == 0 else (theirs, y)
                steps.append((seat, sum(s for _, s in combos)))
        stopped = False
        for seat, pts in steps:
            if declare(seat, pts):
                stopped = True
                break
        if stopped:
            assert not acts, "no card is played after the target is reached (§4.11)"
            self._end(h, [0, 0], state["first"])
            return

        def trick_point(seat: int) -> None:
            before = h[seat]
            credit(seat, 1)
            if not state["bonus"] and before < 30 <= h[seat] and h[1 - seat] == 0:
                state["bonus"] = True
                credit(seat, 30)

        modern = era == "modern"
        tricks = [0, 0]
        leader = e
        assert len(acts) == 24
        for t in range(12):
            a, b = acts[2 * t], acts[2 * t + 1]
            assert a["seat"] == leader and b["seat"] == 1 - leader
            lead, follow = a["card"], b["card"]
            assert lead in hands[leader] and follow in hands[1 - leader]
            if follow[1] != lead[1]:
                assert not any(c[1] == lead[1] for c in hands[1 - leader]), "must follow (§4.8)"
            hands[leader].remove(lead)
            hands[1 - leader].remove(follow)
            if modern or lead[0] in "TJQKA":
                trick_point(leader)
            wins = follow[1] == lead[1] and ORDER.index(follow[0]) > ORDER.index(lead[0])
            winner = 1 - leader if wins else leader
            card = follow if wins else lead
            if wins and (modern or follow[0] in "TJQKA"):
                trick_point(winner)
            tricks[winner] += 1
            if t == 11:
                capot = tricks[winner] == 12
                if (o["last_trick_point_on_capot"] or not capot) and (
                    not o["old_last_trick_needs_ten"] or card[0] in "TJQKA"
                ):
                    trick_point(winner)
            leader = winner
        for seat in (0, 1):
            if tricks[seat] >= 7:
                credit(seat, 40 if tricks[seat] == 12 else 10)
        self._end(h, tricks, state["first"])

    def _end(self, h: list[int], trick_points: list[int], first: int | None) -> None:
        o = self.o
        self.results.append({"trick_points": trick_points, "scores": list(h)})
        self.totals = [self.totals[0] + h[0], self.totals[1] + h[1]]
        self.dealer = 1 - self.dealer
        t = self.totals
        winner: int | None = None
        if o["scoring_mode"] == "rubicon":
            self.partie[0] += 1
            if self.partie[0] >= self.partie[1]:
                if t[0] == t[1]:
                    self.partie[1] += 2
                else:
                    winner = 0 if t[0] > t[1] else 1
        else:
            over = [s for s in (0, 1) if t[s] >= o["target_score"]]
            if len(over) == 1:
                winner = over[0]
            elif len(over) == 2:
                winner = first if t[0] == t[1] else (0 if t[0] > t[1] else 1)
        if winner is None:
            return
        self.games_won[winner] += 1
        if self.games_won[winner] >= o["games_to_win_match"]:
            self.over, self.winners = True, [winner]
        else:
            self.totals = [0, 0]
            self.partie = [0, 6]


# ------------------------------------------------------------------------------ random play
def _deck(game: Piquet, rng: random.Random) -> list[str]:
    """A shuffled deck; often one hand (in ``c17`` sometimes both) is dealt without a court."""
    full = list(game.full_deck())
    rng.shuffle(full)
    roll = rng.random()
    if roll > 0.45:
        return full
    plain = [c for c in full if c[0] not in "KQJ"]
    both = len(full) == 36 and roll < 0.15
    elder_blank = both or roll < 0.3
    younger_blank = both or not elder_blank
    elder = plain[:12] if elder_blank else []
    younger = plain[12:24] if both else (plain[:12] if younger_blank else [])
    rest = [c for c in full if c not in elder and c not in younger]
    rng.shuffle(rest)
    if not elder:
        elder, rest = rest[:12], rest[12:]
    if not younger:
        younger, rest = rest[:12], rest[12:]
    packet = game.options["deal_packet"]
    return build_deck(elder, younger, rest, packet)


def _play(game: Piquet, seat: int, rng: random.Random, greedy: bool) -> Action:
    if game.phase == "exchange":
        low, high = game.exchange_limits(seat)
        count = rng.randint(low, high)
        return Action("exchange", cards=tuple(rng.sample(game.hands[seat], count)))
    legal = game.legal_actions(seat)
    if greedy:
        return max(legal, key=lambda a: ORDER.index(str(a.card)[0]))
    return rng.choice(legal)


OPTION_VALUES: dict[str, tuple[Any, ...]] = {
    "rules_era": ("modern", "old", "c17"),
    "scoring_mode": ("target", "rubicon"),
    "target_score": (1, 20, 45, 100, 150),
    "games_to_win_match": (1, 2, 3),
    "deal_packet": (2, 3),
    "younger_min_exchange": (1, 0),
    "talon_view": ("modern", "parlett"),
    "discard_view": ("none", "own"),
    "last_trick_point_on_capot": (True, False),
    "old_last_trick_needs_ten": (True, False),
}
options_strategy = st.fixed_dictionaries(
    {}, optional={key: st.sampled_from(values) for key, values in OPTION_VALUES.items()}
)


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(options=options_strategy, seed=st.integers(0, 2**32 - 1))
def test_engine_agrees_with_the_reference_scorer(options: dict[str, Any], seed: int) -> None:
    rng = random.Random(seed)
    greedy = rng.random() < 0.5
    dealer = rng.randrange(2)
    game = Piquet(options=options, dealer=dealer)
    ref = Reference(options, dealer)
    oracle = Oracle(game)
    while not game.over:
        deck = _deck(game, rng)
        game.deal(deck)
        oracle.start_deal()
        while game.phase in ("exchange", "play"):
            seat = game.to_act
            assert seat is not None
            action = _play(game, seat, rng, greedy)
            game.apply(seat, action)
            oracle.after_action(seat, action)
            for viewer in (0, 1, None):
                assert cards_in(game.view(viewer)) <= oracle.allowed(viewer), viewer
            _check_talon_and_discards(game)
        entry = game.log[-1]
        ref.deal(entry["dealer"], entry["deck"], entry["actions"])
        expected = ref.results[-1]
        actual = game.deal_results[-1]
        assert (actual["trick_points"], actual["scores"]) == (
            expected["trick_points"],
            expected["scores"],
        )
        assert game.totals == ref.totals
        assert game.games_won == ref.games_won
        assert game.dealer == ref.dealer
        for event in game.events:
            if event["type"] == "game_won" and game.options["scoring_mode"] == "rubicon":
                won, lost = event["totals"][event["seat"]], event["totals"][1 - event["seat"]]
                bonus = won + lost if lost < 100 else won - lost
                assert event["partie_score"] == bonus + 100  # §4.12
        assert len(game.log) < 400
    assert ref.over and game.winners == ref.winners
    assert game.replay_result()["games_won"] == ref.games_won


def _check_talon_and_discards(game: Piquet) -> None:
    """What the views must show, not only what they must hide (§4.6 (a), (b), (d) and the
    ``talon_view`` / ``discard_view`` options)."""
    if game.phase != "play" or game.card_played:
        return
    talon = game.talon
    elder, younger = game.elder, game.younger
    n = game.exchanged[elder]
    k = game.exchanged[younger]
    assert n is not None and k is not None
    era_max = 8 if game.options["rules_era"] == "c17" else 5
    left = set(talon[n + k :])
    parlett = game.options["talon_view"] == "parlett"
    expected = {
        elder: set(talon[n:era_max]) | (left if parlett else set()),
        younger: left,
        None: left if parlett else set(),
    }
    own = game.options["discard_view"] == "own"
    for viewer, cards in expected.items():
        view = game.view(viewer)
        assert set(view["talon_seen"]) == cards, viewer
        if viewer is None:
            assert view["discards"] == []
        else:
            log = game.log[-1]["actions"]
            mine = next(a["cards"] for a in log if a["seat"] == viewer)
            assert sorted(view["discards"]) == (sorted(mine) if own else [])


# ------------------------------------------------------------------------ focused examples
def _exchange(*cards: str) -> Action:
    return Action("exchange", cards=tuple(cards))


def test_c17_both_carte_blanches_and_the_nine_card_sequence() -> None:
    """§4.13: 36 cards, talon of 12, elder up to 8 and younger up to what is left, both carte
    blanches score (elder first), a nine-card sequence with the 6 scores 19."""
    elder = split("AS TS 9S 8S 7S 6S AH TH 9H 8H 7H 6H")
    younger = split("AD TD 9D 8D 7D 6D AC TC 9C 8C 7C 6C")
    talon = split("JS QS KS JH QH KH JD QD KD JC QC KC")
    game = Piquet(options={"rules_era": "c17", "scoring_mode": "rubicon"}, dealer=YOUNGER)
    game.deal(build_deck(elder, younger, talon))
    assert game.exchange_limits(ELDER) == (1, 8)
    assert [e["type"] for e in game.view(YOUNGER)["events"]] == ["carte_blanche"]
    assert "hand" not in game.view(YOUNGER)["events"][0]
    game.apply(ELDER, _exchange("AH", "TH", "9H"))  # draws JS QS KS: A to 6 of spades
    assert game.exchange_limits(YOUNGER) == (1, 9)
    assert set(game.view(ELDER)["talon_seen"]) == set(talon[3:8])  # §4.6 (a)
    game.apply(YOUNGER, _exchange("AD"))
    events = game.view(None)["events"]
    assert [(e["seat"], e["points"]) for e in events if e["type"] == "carte_blanche"] == [
        (ELDER, 10),
        (YOUNGER, 10),
    ]
    seq = next(e for e in events if e["type"] == "declaration" and e["category"] == "sequence")
    assert seq["seat"] == ELDER
    # The extra tierce 8-7-6 of hearts scores too (§4.7.2).
    assert [(c["score"], len(c["cards"])) for c in seq["combinations"]] == [(19, 9), (3, 3)]


@pytest.mark.parametrize(
    "hand, value, score",
    [
        ("JC TC 9C 8C 7C", 44, 4),
        ("AC TC 9C 8C 7C", 45, 5),
        ("AC KC QC 9C 7C", 47, 5),
        ("AH KH QH JH", 41, 4),
    ],
)
def test_old_point_rounds_half_up(hand: str, value: int, score: int) -> None:
    """§4.14: the old and c17 point scores ``round_half_up(value / 10)``."""
    from games.piquet_declarations import best_point

    for era in ("old", "c17"):
        point = best_point(split(hand), era)
        assert (point.key, point.score) == ((value,), score)
    assert best_point(split(hand), "modern").score == len(split(hand))


def _last_trick_game(options: dict[str, Any]) -> Piquet:
    """After the exchanges the elder holds AS to 7S and AH to JH, the younger no spade: if the
    elder leads his spades from the top and then the hearts, trick 12 is won with the 7S."""
    elder = split("AS KS QS JS TS 9S 8S AH KH QH JH 7D")
    younger = split("AD KD QD JD TD 9D 8D AC KC QC JC TC")
    talon = split("7S 7H TH 9H 8H 9C 8C 7C")
    game = Piquet(options={"scoring_mode": "rubicon", **options}, dealer=YOUNGER)
    game.deal(build_deck(elder, younger, talon))
    game.apply(ELDER, _exchange("7D"))  # draws 7S
    game.apply(YOUNGER, _exchange("TC"))  # draws 7H
    return game


@pytest.mark.parametrize("era", ["modern", "old"])
@pytest.mark.parametrize("needs_ten", [False, True])
def test_old_last_trick_needs_ten_in_every_era(era: str, needs_ten: bool) -> None:
    """§10 item 15: the option applies whatever ``rules_era`` is (``c17``: the reference
    scorer above)."""
    game = _last_trick_game({"rules_era": era, "old_last_trick_needs_ten": needs_ten})
    order = split("AS KS QS JS TS 9S 8S AH KH QH JH 7S")
    for card in order:
        game.apply(ELDER, PLAY[card])
        follow = game.legal_actions(YOUNGER)[0]
        game.apply(YOUNGER, follow)
    last = [e for e in game.events if e["type"] == "trick"][-1]
    assert last["winner"] == ELDER and last["cards"][0][1] == "7S"
    lead_point = 1 if era == "modern" else 0
    assert last["points"] == [lead_point + (0 if needs_ten else 1), 0]


def test_repique_excludes_pique() -> None:
    """§4.10: at most one of repique and pique. The elder's point (8) and sequences (18 + 4)
    make 30 with the younger at 0: repique; the later trick points cannot add a pique."""
    game = _last_trick_game({})
    bonuses = [e for e in game.view(ELDER)["events"] if e["type"] in ("repique", "pique")]
    assert [(e["type"], e["seat"]) for e in bonuses] == [("repique", ELDER)]
    assert game.h == [90, 0]
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    assert [e["type"] for e in game.events if e["type"] in ("repique", "pique")] == ["repique"]


def test_equal_totals_over_the_target_go_to_the_first_to_reach_it() -> None:
    """§4.11 / D21: replay deals with game totals set so that both players end on the same
    total over the target, reached during trick play; the reference scorer says who was first."""
    checked = 0
    for seed in range(60):
        rng = random.Random(seed)
        probe = Piquet(options={"scoring_mode": "rubicon"}, dealer=YOUNGER)
        probe.deal(_deck(probe, rng))
        while probe.phase in ("exchange", "play"):
            seat = probe.to_act
            assert seat is not None
            if probe.phase == "play" and not probe.card_played:
                declared = list(probe.h)
            probe.apply(seat, _play(probe, seat, rng, greedy=False))
        h = probe.deal_results[-1]["scores"]
        if probe.deal_results[-1]["trick_points"] == [0, 0] or any(
            h[s] - declared[s] <= 0 for s in (0, 1)
        ):
            continue
        final = 100 + min(h[s] - declared[s] for s in (0, 1)) - 1
        start_totals = [final - h[0], final - h[1]]
        game = Piquet(dealer=YOUNGER)
        ref = Reference({}, YOUNGER)
        game.totals, ref.totals = list(start_totals), list(start_totals)
        entry = probe.log[-1]
        game.deal(entry["deck"])
        for action in entry["actions"]:
            game.apply(action["seat"], Action.from_json(action))
        ref.deal(YOUNGER, entry["deck"], entry["actions"])
        assert game.deal_results[-1]["scores"] == h
        assert sum(game.games_won) == 1 and game.games_won == ref.games_won
        checked += 1
    assert checked >= 10


def test_exchange_refusals_name_the_rule() -> None:
    """§10 item 16 for the younger too, and the younger's minimum of 0 only as an option."""
    game = Piquet(dealer=YOUNGER)
    game.deal(list(FRENCH_32))
    game.apply(ELDER, _exchange(game.hands[ELDER][0], game.hands[ELDER][1]))
    hand = game.hands[YOUNGER]
    for bad in ((), (hand[0], hand[0]), ("AS",) if "AS" not in hand else ("7C",), tuple(hand[:7])):
        with pytest.raises(IllegalAction):
            game.apply(YOUNGER, _exchange(*bad))
    game.apply(YOUNGER, _exchange(*hand[:6]))
    assert game.phase in ("play", "deal")

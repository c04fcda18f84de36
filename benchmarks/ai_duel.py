"""Duplicate matches between two computer players: points per deal with a 95 % interval.

Every deal (a shuffled deck and a dealer, both from the seed and the deal number) is played once
for each rotation of the two players over the seats — the two sides swapped in partnership and
two-player games, player A in each seat in turn against a field of B in chiamata and three-player
Briscola — and the deal's figure is A's mean margin over those rotations. Luck of the cards
cancels out; what is left is skill.

Margins: the deal's score for Belote, Coinche and Piquet; card points for Briscola and Sueca
(whose scores are hands and games won); chiamata's deal score for A's seat.

Players: ``random``, ``easy``, ``normal``, ``hard`` or ``hard:N`` (N samples per move),
``hard@NET.npz`` (two-player Briscola's value network from a file, or ``+``-joined files
whose outputs are averaged; in Coinche the auction's contract value network, ``games.ai.
contract_value``), ``hard-search`` (the hard
player without the learned value), ``hard-belief`` and ``hard-uniform`` (the hard player with
and without the game's learned belief, ``games.ai.belief``; ``hard-belief@NET.npz`` with the
belief of that file), and the peer programs of the ``bench`` extra (``pip install .[bench]``):

- ``briscolabot`` (or ``briscolabot:PATH`` to its ONNX model; by default ``$BRISCOLABOT_MODEL``,
  else ``shared/peers/briscolabot/briscola-bot-v3.onnx`` in a folder above this one): BriscolaBot-v3
  in two-player Briscola, its rules checked against ours at each of its moves. Two-sided duels
  also print A's game score (a deal won 1, drawn ½, by the deal's own scores).

- ``colver-heuristic`` and ``colver-isdd`` (or ``colver-isdd:MS``, the move time in ms):
  colver's Coinche agents. A duel with one of them is played *inside colver's environment and
  rules* (``--engine colver``, chosen automatically): no SA/TA, no melds, a free discard when
  unable to over-trump an opponent, an 80 made with 80, no rounding, surcoinche ×3. Our players
  reason under the matching options, and the adapter plays the forced passes colver asks of the
  partner of a coincher. An IS-DD agent may panic in ``observe()`` after a surcoinche: the deal
  is then void, left out and counted.
- ``naipes``: naipes' "normal" brisca AI, seated in our two-player Briscola (whose rules are
  naipes' own: no duty to follow, winner draws first, the trump card drawn last).

Results go line by line to ``--results`` (JSON lines); run the same command again to resume.
``--jobs N`` plays N deals at once in worker processes (no more than the free cores: a colver
agent's move time is wall-clock).

    python benchmarks/ai_duel.py coinche hard normal --deals 200 --results /tmp/duel.jsonl
    python benchmarks/ai_duel.py coinche hard colver-isdd --deals 500 --results r.jsonl
    python benchmarks/ai_duel.py briscola hard naipes --deals 300 --seats 2
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, ClassVar

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from benchmarks.figures import percentile
from games.actions import COINCHE, PASS, PLAY, SURCOINCHE, Action
from games.ai import choose
from games.ai.random_play import random_action
from games.registry import new_game, random_rules

Chooser = Callable[[dict[str, Any], list[Action], random.Random], Action]

COLVER_OPTIONS: dict[str, Any] = {
    "sa_ta_enabled": False,
    "melds_enabled": False,
    "must_undertrump": False,
    "eighty_needs_82": False,
    "rounding": "none",
}
COLVER_SPECS = {
    "colver-heuristic": '[bid]\nstrategy="heuristic"\n[play]\nmethod="heuristic"\n',
    "colver-isdd": (
        '[bid]\nstrategy="improved_v2"\n[play]\nmethod="is_dd"\ntime_ms={ms}\n'
        'determinizations=20\n[worlds]\nsource="uniform"\n'
    ),
}
DEFAULT_SEATS = {"belote": 4, "coinche": 4, "piquet": 2, "briscola": 2, "chiamata": 5, "sueca": 4}


# ------------------------------------------------------------------------------ players
class Timed:
    """One of our players, timing its moves (the figures behind "move time p95").

    ``LEVEL[@NET][:N]``: a level, N samples a move (default: the game's), and for the hard
    player at two-player Briscola a value network file (``training/``'s ``.npz``) instead of
    the packaged one; ``hard-search`` is the hard player without the learned value (Briscola's
    sampled search, the hard player before it)."""

    def __init__(self, spec: str) -> None:
        self.spec = spec
        head, _, samples = spec.partition(":")
        level, _, net = head.partition("@")
        self.level = level
        self.samples = int(samples) if samples else None
        self.net = None
        if net:
            from games.ai.nets import ensemble, from_bytes

            nets = [from_bytes(Path(f).read_bytes()) for f in net.split("+")]
            self.net = nets[0] if len(nets) == 1 else ensemble(nets)
        self.times: list[float] = []
        self.cpu_times: list[float] = []
        """The moves' CPU time: the process runs on one core, so this is one core's work even
        when other processes share the machine (the wall-clock ``times`` are not)."""

    def __call__(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if self.level == "random":
            return random_action(view, legal, rng)
        start, start_cpu = time.perf_counter(), time.process_time()
        action = self._choose(view, legal, rng)
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
            self.cpu_times.append(time.process_time() - start_cpu)
        return action

    def _choose(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        from games.ai import duel_value
        from games.ai.belief import Belief
        from games.ai.card_belief import belief_of
        from games.ai.hard import DEFAULT_SAMPLES, choose_hard

        if self.level == "hard-search":
            return choose_hard(view, legal, rng, self.samples, 0, learned=False)
        if self.level in ("hard-belief", "hard-uniform"):
            wanted: bool | Belief = self.level == "hard-belief"
            if wanted and self.net is not None:
                wanted = belief_of(self.net, view["game"], view["seats"])
            return choose_hard(view, legal, rng, self.samples, 0, beliefs=wanted)
        if self.net is not None and self.level == "hard" and view.get("game") == "coinche":
            return choose_hard(view, legal, rng, self.samples, 0, bid_net=self.net)
        plays = [a for a in legal if a.type == "play"]
        if (
            self.net is not None
            and self.level == "hard"
            and duel_value.applies(view)
            and len(plays) == len(legal) > 1
        ):
            budget = self.samples or DEFAULT_SAMPLES["briscola"]
            code = duel_value.choose_card(view, [str(a.card) for a in plays], rng, budget, self.net)
            return next(a for a in plays if a.card == code)
        return choose(view, legal, self.level, rng, samples=self.samples, time_cap_s=0)


class Naipes:
    """naipes' normal brisca AI behind our view: it sees its hand, the trump and the lead."""

    SUITS: ClassVar[dict[str, str]] = {"S": "E", "H": "C", "D": "O", "C": "B"}
    RANKS: ClassVar[dict[str, int]] = {
        "A": 1,
        "2": 2,
        "3": 3,
        "4": 4,
        "5": 5,
        "6": 6,
        "7": 7,
        "J": 10,
        "Q": 11,
        "K": 12,
    }

    def __init__(self) -> None:
        from naipes.core.cards import Card
        from naipes.core.rng import Rng
        from naipes.games.brisca import ai
        from naipes.games.brisca.state import GameState

        self.card, self.rng, self.ai, self.state = Card, Rng, ai, GameState
        self.times: list[float] = []

    def _card(self, code: str) -> Any:
        return self.card(suit=self.SUITS[code[1]], rank=self.RANKS[code[0]])

    def __call__(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        hand = [str(c) for c in view["hand"]]
        trick = view.get("trick") or []
        trump = str(view["trump"])
        trump_card = view.get("trump_card") or hand[0]
        state = self.state(
            rng=self.rng(0),
            trump_suit=self.SUITS[trump],
            trump_card=self._card(str(trump_card)),
            deck=[],
            human_hand=[],
            ai_hand=[self._card(c) for c in hand],
            pending_leader_card=self._card(str(trick[0][1])) if trick else None,
        )
        index = self.ai.choose_normal(state)
        return next(a for a in legal if a.card == hand[index])


class BriscolaBot:
    """BriscolaBot-v3 (Cavuoti, MIT; model-free deep reinforcement learning) in our two-player
    Briscola, its rules checked against our engine at every move.

    Its policy is an ONNX graph that ends by sampling a card from a masked softmax; we read that
    softmax and sample with the duel's seeded random source, so that a duel is reproducible. Its
    observation is what its own environment builds (LetteraUnica/BriscolaBot,
    ``TwoPlayerBriscola.observe``), written here from our view: four planes over its 40 cards —
    the cards of the completed tricks, the trump card (face-up, then remembered), the card led to
    it, its hand — and each player's card points over 120. Its cards are ``suit * 10 + rank``
    with ranks ``A 2 3 4 5 6 7 J Q K`` (ours, in the same order) and suits bastoni, coppe, denari,
    spade (our clubs, hearts, diamonds, spades).

    The check, at each of its moves: the cards it may play are its hand (no duty to follow, as
    in its environment), and every trick taken so far went to the player its environment's
    rule names (trumps, then the suit led, by its rank priorities) with the same points.
    """

    SUITS: ClassVar[str] = "CHDS"
    RANKS: ClassVar[str] = "A234567JQK"
    PRIORITY: ClassVar[tuple[int, ...]] = (10, 1, 9, 2, 3, 4, 5, 6, 7, 8)
    POINTS: ClassVar[tuple[int, ...]] = (11, 0, 10, 0, 0, 0, 0, 2, 3, 4)
    MODEL: ClassVar[str] = "shared/peers/briscolabot/briscola-bot-v3.onnx"
    """Where the model lies beside the checkout (``shared/…`` in a folder above the checkout)."""

    def __init__(self, model: Path | None = None) -> None:
        import onnx
        import onnxruntime

        path = model or self.default_model()
        graph = onnx.load(str(path))
        softmax = next(n.output[0] for n in graph.graph.node if n.op_type == "Softmax")
        graph.graph.output.append(onnx.helper.make_empty_tensor_value_info(softmax))
        options = onnxruntime.SessionOptions()
        options.intra_op_num_threads = 1
        options.inter_op_num_threads = 1
        self.session = onnxruntime.InferenceSession(
            graph.SerializeToString(), options, providers=["CPUExecutionProvider"]
        )
        self.softmax = softmax
        self.times: list[float] = []
        self.checked = 0

    @classmethod
    def default_model(cls) -> Path:
        given = os.environ.get("BRISCOLABOT_MODEL")
        if given:
            return Path(given)
        for folder in Path(__file__).resolve().parents:
            if (folder / cls.MODEL).exists():
                return folder / cls.MODEL
        raise SystemExit(f"BriscolaBot's model is not in any ../{cls.MODEL}: give briscolabot:PATH")

    def index(self, code: str) -> int:
        return self.SUITS.index(code[1]) * 10 + self.RANKS.index(code[0])

    def _first_wins(self, first: int, second: int, trump: int) -> bool:
        def priority(card: int) -> int:
            suit, rank = divmod(card, 10)
            if suit == trump:
                return 10 * self.PRIORITY[rank] + 1
            return self.PRIORITY[rank] if suit == first // 10 else 0

        return priority(first) > priority(second)

    def _check(self, view: dict[str, Any], legal: list[Action], trump_card: str) -> None:
        hand = sorted(str(c) for c in view["hand"])
        if sorted(str(a.card) for a in legal) != hand:
            raise RuntimeError(f"BriscolaBot may play its whole hand {hand}, we offer {legal}")
        trump = self.index(trump_card) // 10
        for event in view["events"]:
            if event.get("type") != "trick":
                continue
            (s0, c0), (s1, c1) = event["cards"]
            first, second = self.index(c0), self.index(c1)
            winner = s0 if self._first_wins(first, second, trump) else s1
            points = self.POINTS[first % 10] + self.POINTS[second % 10]
            if winner != event["winner"] or points != event["points"]:
                raise RuntimeError(f"BriscolaBot's rules disagree on the trick {event}")
        self.checked += 1

    def observation(self, view: dict[str, Any], trump_card: str) -> Any:
        import numpy as np

        planes = np.zeros((4, 40), dtype=np.float32)
        for event in view["events"]:
            if event.get("type") == "trick":
                for _, code in event["cards"]:
                    planes[0, self.index(code)] = 1
        planes[1, self.index(trump_card)] = 1
        if view["trick"]:
            planes[2, self.index(view["trick"][0][1])] = 1
        mask = np.zeros(40, dtype=np.float32)
        for code in view["hand"]:
            planes[3, self.index(code)] = 1
            mask[self.index(code)] = 1
        seat = view["seat"]
        points = view["scores"]["deal"]
        mine, theirs = points[seat] / 120, points[1 - seat] / 120
        return np.concatenate((planes.ravel(), [mine, theirs], mask)).astype(np.float32)

    def __call__(self, view: dict[str, Any], legal: list[Action], rng: random.Random) -> Action:
        if view["game"] != "briscola" or view["seats"] != 2:
            raise ValueError("BriscolaBot plays two-player Briscola only")
        start = time.perf_counter()
        trump_card = view.get("trump_card") or next(
            e["card"] for e in view["events"] if e.get("type") == "trump_card_drawn"
        )
        self._check(view, legal, str(trump_card))
        x = self.observation(view, str(trump_card)).reshape(1, -1)
        probs = self.session.run([self.softmax], {"input": x})[0].reshape(-1)
        by_card = {str(a.card): float(probs[self.index(str(a.card))]) for a in legal}
        pick = rng.random() * sum(by_card.values())
        chosen = legal[-1]
        for action in legal:
            pick -= by_card[str(action.card)]
            if pick < 0:
                chosen = action
                break
        if len(legal) > 1:
            self.times.append(time.perf_counter() - start)
        return chosen


def make_player(spec: str) -> Chooser:
    if spec == "naipes":
        return Naipes()
    if spec == "briscolabot" or spec.startswith("briscolabot:"):
        _, _, path = spec.partition(":")
        return BriscolaBot(Path(path) if path else None)
    return Timed(spec)


# ----------------------------------------------------------------------- our engines
def margin_ours(game: str, result: dict[str, Any], a_seats: set[int], seats: int) -> float:
    scores = list(result["scores"])
    points = result.get("trick_points") or [0] * len(scores)
    if game in ("sueca", "briscola") and len(points) == 2 and seats in (2, 4, 6):
        side_a = 0 if any(s % 2 == 0 for s in a_seats) else 1
        if seats == 2:
            side_a = next(iter(a_seats))
        return float(points[side_a] - points[1 - side_a])
    if game in ("belote", "coinche", "piquet"):
        side_a = next(iter(a_seats)) % 2
        return float(scores[side_a] - scores[1 - side_a])
    if game == "chiamata":
        return float(sum(scores[s] for s in a_seats))
    # Three-player Briscola: A's card points against the others' mean.
    mine = sum(points[s] for s in a_seats)
    others = [points[s] for s in range(seats) if s not in a_seats]
    return float(mine - sum(others) / max(1, len(others)))


def won_ours(result: dict[str, Any], a_seats: set[int], seats: int) -> float | None:
    """A's result in a two-sided deal by the deal's own scores: 1 won, ½ drawn, 0 lost (the
    "game score" of a one-deal Briscola game); ``None`` where more than two sides score."""
    scores = list(result["scores"])
    if len(scores) != 2:
        return None
    side_a = next(iter(a_seats)) % 2
    margin = scores[side_a] - scores[1 - side_a]
    return 1.0 if margin > 0 else 0.5 if margin == 0 else 0.0


def rotations(game: str, seats: int) -> list[set[int]]:
    if game == "chiamata" or (game == "briscola" and seats == 3):
        return [{s} for s in range(seats)]
    if seats == 2:
        return [{0}, {1}]
    return [{s for s in range(seats) if s % 2 == r} for r in (0, 1)]


def play_ours(
    game: str, seats: int, deal_no: int, seed: int, a: Chooser, b: Chooser, rules: str = "default"
) -> dict[str, Any]:
    setup = random.Random(f"{seed}:{deal_no}")
    dealer = setup.randrange(seats)
    options = random_rules(game, setup) if rules == "random" else {}
    probe = new_game(game, options=options, seats=seats, dealer=dealer)
    deck = list(probe.full_deck())
    setup.shuffle(deck)
    margins = []
    won: list[float] = []
    for rot, a_seats in enumerate(rotations(game, seats)):
        g = new_game(game, options=options, seats=seats, dealer=dealer)
        g.deal(deck)
        rng = random.Random(f"{seed}:{deal_no}:{rot}")
        while not g.awaiting_deck and not g.over:
            seat = g.to_act
            assert seat is not None
            player = a if seat in a_seats else b
            g.apply(seat, player(g.view(seat), g.legal_actions(seat), rng))
        margins.append(margin_ours(game, g.deal_results[-1], a_seats, seats))
        result = won_ours(g.deal_results[-1], a_seats, seats)
        if result is not None:
            won.append(result)
    row: dict[str, Any] = {"margin": statistics.fmean(margins), "void": False}
    if options:
        row["options"] = options
    if won:
        row["won"] = statistics.fmean(won)
    return row


# ---------------------------------------------------------------------------- colver
_COLVER_RANKS = "789JQKTA"


def colver_code(card: int) -> str:
    return _COLVER_RANKS[card % 8] + "SHDC"[card // 8]


def colver_index(code: str) -> int:
    return "SHDC".index(code[1]) * 8 + _COLVER_RANKS.index(code[0])


def colver_to_action(action: int, phase: int) -> Action:
    if phase != 0:
        return PLAY[colver_code(action)]
    if action == 0:
        return PASS
    if action == 41:
        return COINCHE
    if action == 42:
        return SURCOINCHE
    if action >= 37:
        return Action("bid", value="capot", trump="SHDC"[action - 37])
    return Action("bid", value=80 + 10 * ((action - 1) // 4), trump="SHDC"[(action - 1) % 4])


class ColverTable:
    """The public record of a colver deal, turned into our view for one of our seats."""

    def __init__(self, dealer: int) -> None:
        self.dealer = dealer
        # Our engine under colver's rules: its options (every key, as our tables hold them) and
        # teams are what the views say.
        self.engine = new_game("coinche", options=COLVER_OPTIONS, dealer=dealer)
        self.auction: list[dict[str, Any]] = []
        self.events: list[dict[str, Any]] = []
        self.trick: list[list[Any]] = []
        self.played = [0, 0, 0, 0]
        self.points = [0, 0]
        self.bid: dict[str, Any] | None = None
        self.doubled = 0
        self.trump: str | None = None
        self.seen_pair: dict[int, str] = {}

    def record(self, seat: int, action: Action) -> None:
        if action.type == "play":
            self._play(seat, str(action.card))
            return
        entry: dict[str, Any] = {"type": action.type, "seat": seat}
        if action.type == "bid":
            entry.update(value=action.value, trump=action.trump)
            self.bid = {"value": action.value, "trump": action.trump, "bidder": seat}
            self.doubled = 0
        elif action.type == "coinche":
            self.doubled = 1
        elif action.type == "surcoinche":
            self.doubled = 2
        self.auction.append(entry)
        self.events.append(dict(entry))
        if self.bid is not None:
            self.trump = str(self.bid["trump"])

    def _play(self, seat: int, code: str) -> None:
        from games.ai.knowledge import Rules, with_trump

        self.trick.append([seat, code])
        self.played[seat] += 1
        if code[1] == self.trump and code[0] in "KQ":
            other = self.seen_pair.get(seat)
            if other is not None and other[1] == code[1]:
                self.events.append({"type": "belote", "seat": seat, "card": code})
            self.seen_pair[seat] = code
        if len(self.trick) == 4:
            rules = Rules(with_trump(self.engine.public_view(), str(self.trump)))
            winner, _ = rules.winner([(s, c) for s, c in self.trick])
            pts = sum(rules.code_points(c) for _, c in self.trick)
            if sum(self.played) == 32:
                pts += rules.last_bonus
            self.points[winner % 2] += pts
            self.events.append(
                {"type": "trick", "seat": winner, "winner": winner, "cards": self.trick}
            )
            self.trick = []

    def view(self, seat: int, hand: list[str], phase: int) -> dict[str, Any]:
        playing = phase != 0
        bid = self.bid
        contract = None
        if playing and bid is not None:
            contract = {
                "trump": bid["trump"],
                "declarer": bid["bidder"],
                "value": bid["value"],
                "multiplier": {0: 1, 1: 2, 2: 3}[self.doubled],
            }
        return {
            "game": "coinche",
            "seats": 4,
            "seat": seat,
            "dealer": self.dealer,
            "phase": "play" if playing else "auction",
            "to_act": seat,
            "hand": hand,
            "hand_sizes": [8 - n for n in self.played],
            "trick": [list(p) for p in self.trick],
            "tricks_won": [0, 0, 0, 0],
            "trump": self.trump if playing else None,
            "scores": {"deal": list(self.points), "game": [0, 0]},
            "events": [dict(e) for e in self.events],
            "auction": [dict(e) for e in self.auction],
            "bid": dict(bid) if bid else None,
            "doubled": self.doubled,
            "contract": contract,
            "options": dict(self.engine.options),
            "teams": self.engine.teams(),
        }


def play_colver(
    deal_no: int, seed: int, specs: tuple[str, str], players: dict[str, Any]
) -> dict[str, Any]:
    import colver

    setup = random.Random(f"{seed}:{deal_no}")
    dealer = setup.randrange(4)
    deal_seed = setup.randrange(2**31)
    margins = []
    for rot in (0, 1):
        env = colver.Env.deal(dealer=dealer, seed=deal_seed)
        table = ColverTable(dealer)
        rng = random.Random(f"{seed}:{deal_no}:{rot}")
        seat_spec = [specs[0] if s % 2 == rot else specs[1] for s in range(4)]
        agents: dict[int, Any] = {}
        for s in range(4):
            spec = seat_spec[s]
            if spec.startswith("colver-"):
                name, _, ms = spec.partition(":")
                text = COLVER_SPECS[name].format(ms=ms or 50)
                agents[s] = colver.Agent(text, s, seed=deal_seed + s)
                agents[s].init_deal(env)
        while not env.is_terminal():
            seat = env.current_player()
            phase = env.phase()
            legal_ids = env.legal_actions()
            if seat in agents:
                act = agents[seat].action(env)
            elif len(legal_ids) == 1:
                act = legal_ids[0]  # colver's forced pass, which our auction skips
            else:
                legal = [colver_to_action(x, phase) for x in legal_ids]
                hand = [colver_code(c) for c in env.get_hands()[seat]]
                view = table.view(seat, hand, phase)
                action = players[seat_spec[seat]](view, legal, rng)
                act = legal_ids[legal.index(action)]
            for agent in agents.values():
                try:
                    agent.observe(env, act)
                except BaseException as exc:  # a pyo3 PanicException derives from BaseException
                    if isinstance(exc, KeyboardInterrupt):
                        raise
                    return {"margin": 0.0, "void": True, "why": str(exc)[:200]}
            table.record(seat, colver_to_action(act, phase))
            env.step(act)
        rewards = env.rewards()
        margins.append(float(rewards[rot] - rewards[1 - rot]))
    return {"margin": statistics.fmean(margins), "void": False}


# ------------------------------------------------------------------------------- main
_PLAYERS: dict[str, Any] = {}
_SPECS: tuple[str, str] = ("", "")


def _init_worker(a: str, b: str) -> None:
    """The two players, made once per process (a colver or naipes import is not free)."""
    global _SPECS
    _SPECS = (a, b)
    _PLAYERS.clear()
    _PLAYERS.update({a: make_player(a), b: make_player(b)})


def _play_one(deal_no: int, game: str, seats: int, seed: int, rules: str) -> dict[str, Any]:
    a, b = _SPECS
    players = _PLAYERS
    times_before = {k: len(getattr(p, "times", [])) for k, p in players.items()}
    cpu_before = {k: len(getattr(p, "cpu_times", [])) for k, p in players.items()}
    checked_before = sum(getattr(p, "checked", 0) for p in players.values())
    if game == "coinche" and any(p.startswith("colver-") for p in (a, b)):
        row = play_colver(deal_no, seed, (a, b), players)
    else:
        row = play_ours(game, seats, deal_no, seed, players[a], players[b], rules)
    row["deal"] = deal_no
    row["checked"] = sum(getattr(p, "checked", 0) for p in players.values()) - checked_before
    row["times_ms"] = {
        k: [round(t * 1000, 1) for t in getattr(p, "times", [])[times_before[k] :]]
        for k, p in players.items()
    }
    row["cpu_ms"] = {
        k: [round(t * 1000, 1) for t in p.cpu_times[cpu_before[k] :]]
        for k, p in players.items()
        if hasattr(p, "cpu_times")
    }
    return row


def _save(path: Path | None, row: dict[str, Any]) -> None:
    if path:
        with path.open("a") as out:
            out.write(json.dumps(row) + "\n")


def interval(values: list[float]) -> tuple[float, float]:
    mean = statistics.fmean(values)
    if len(values) < 2:
        return mean, math.inf
    return mean, 1.96 * statistics.stdev(values) / math.sqrt(len(values))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("a", help="player A")
    parser.add_argument("b", help="player B")
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--seats", type=int, default=None)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--results", type=Path, default=None, help="JSON lines; resumed if present")
    parser.add_argument(
        "--max-seconds", type=float, default=None, help="stop (resumably) after this"
    )
    parser.add_argument(
        "--jobs",
        type=int,
        default=1,
        help="deals played in this many processes at once (one core each: a colver agent's "
        "move time is wall-clock, so do not ask for more jobs than free cores)",
    )
    parser.add_argument(
        "--rules",
        choices=("default", "random"),
        default="default",
        help="the table's rules: the defaults, or each deal's drawn at random from what the "
        "lobby offers (not with colver, which plays its own)",
    )
    args = parser.parse_args()
    seats = args.seats or DEFAULT_SEATS[args.game]
    uses_colver = any(p.startswith("colver-") for p in (args.a, args.b))
    if uses_colver and args.game != "coinche":
        parser.error("colver plays Coinche only")
    if uses_colver and args.rules != "default":
        parser.error("colver plays its own rules: --rules random is for our engines")
    if any(p.startswith("briscolabot") for p in (args.a, args.b)) and (
        args.game != "briscola" or seats != 2
    ):
        parser.error("BriscolaBot plays two-player Briscola only")
    config = {
        "game": args.game,
        "a": args.a,
        "b": args.b,
        "seats": seats,
        "seed": args.seed,
        "engine": "colver" if uses_colver else "atout",
    }
    if args.rules != "default":
        config["rules"] = args.rules
    done: dict[int, dict[str, Any]] = {}
    if args.results and args.results.exists():
        lines = args.results.read_text().splitlines()
        if lines and json.loads(lines[0]).get("config") != config:
            parser.error(f"{args.results} holds another duel: {lines[0]}")
        for line in lines[1:]:
            row = json.loads(line)
            done[int(row["deal"])] = row
    elif args.results:
        args.results.write_text(json.dumps({"config": config}) + "\n")
    todo = [n for n in range(args.deals) if n not in done]
    start = time.monotonic()
    if args.jobs > 1:
        # Deals in parallel worker processes, results written in the order they finish (the
        # file is keyed by deal number, so a resumed run fills in whatever is missing).
        from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

        with ProcessPoolExecutor(
            args.jobs, initializer=_init_worker, initargs=(args.a, args.b)
        ) as pool:
            pending = set()
            queue = list(todo)
            while queue or pending:
                out_of_time = (
                    args.max_seconds is not None and time.monotonic() - start > args.max_seconds
                )
                while queue and len(pending) < 2 * args.jobs and not out_of_time:
                    pending.add(
                        pool.submit(
                            _play_one, queue.pop(0), args.game, seats, args.seed, args.rules
                        )
                    )
                if not pending:
                    print(
                        f"stopped after {args.max_seconds:.0f} s; run again to resume",
                        file=sys.stderr,
                    )
                    break
                finished, pending = wait(pending, return_when=FIRST_COMPLETED)
                for future in finished:
                    row = future.result()
                    done[int(row["deal"])] = row
                    _save(args.results, row)
    else:
        _init_worker(args.a, args.b)
        for deal_no in todo:
            if args.max_seconds is not None and time.monotonic() - start > args.max_seconds:
                print(
                    f"stopped after {args.max_seconds:.0f} s; run again to resume", file=sys.stderr
                )
                break
            row = _play_one(deal_no, args.game, seats, args.seed, args.rules)
            done[deal_no] = row
            _save(args.results, row)
    rows = [r for r in done.values() if not r.get("void")]
    void = sum(1 for r in done.values() if r.get("void"))
    if not rows:
        print("no deal played")
        return
    mean, half = interval([float(r["margin"]) for r in rows])
    print(
        f"{args.game} {args.a} vs {args.b}: {mean:+.1f} ± {half:.1f} points per deal "
        f"(95 %), {len(rows)} duplicate deals, {void} void"
    )
    won = [float(r["won"]) for r in rows if "won" in r]
    if won:
        # Each duplicate deal's mean over its rotations is one sample: the rotations share
        # the cards, so their results are not independent.
        score, score_half = interval(won)
        games = len(won) * len(rotations(args.game, seats))
        print(
            f"  {args.a} game score (won 1, drawn ½): {score:.3f} ± {score_half:.3f} (95 %) over "
            f"{games} deals played"
        )
    checked = sum(int(r.get("checked", 0)) for r in rows)
    if checked:
        print(f"  rules checked against the peer's at {checked} of its moves: no disagreement")
    for name in (args.a, args.b):
        times = [t for r in rows for t in r.get("times_ms", {}).get(name, [])]
        if times:
            print(
                f"  {name} move time: p50 {percentile(times, 50):.1f} ms, "
                f"p95 {percentile(times, 95):.1f} ms, max {max(times):.1f} ms ({len(times)} moves)"
            )
        cpu = [t for r in rows for t in r.get("cpu_ms", {}).get(name, [])]
        if cpu:
            print(
                f"  {name} move CPU time (one core): p50 {percentile(cpu, 50):.1f} ms, "
                f"p95 {percentile(cpu, 95):.1f} ms, max {max(cpu):.1f} ms ({len(cpu)} moves)"
            )


if __name__ == "__main__":
    main()

"""The decision-level judge: the hard player's card with and without a learned belief, each
valued in the deal as it really was.

    nice -n 19 python benchmarks/belief_judge.py coinche --seats 4 \\
        --records training/runs/selfplay_eval --results benchmarks/results/judge_coinche4.jsonl

A duplicate match needs thousands of deals to see a few points a deal; a decision needs one
position. The positions are the card plays of the hard player's own self-play records
(``training/selfplay.py``; use records the network was not trained on: another ``--seed``'s
run, or ``--held`` to take the deals ``training/belief.py`` held out). At each, today's hard
player (uniform deals fitted to hand-written claims) and the same player drawing its deals
from the belief choose a card from the same random state; where they differ, each card is
valued by a high-budget search of the true deal — every hand open, played to its end
``--rollouts`` times by the rollout policy and solved exactly in its last cards
(``games.review.playout``), in the review's unit (half the side's margin: points in Belote and
Coinche, card points elsewhere). A position where both chose the same card counts 0. The figure
is the mean difference a decision (belief − uniform) with its 95 % interval.

Results go line by line to ``--results``; the same command resumes them.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from games.actions import Action
from games.ai.belief import NETS, Belief, allowed
from games.ai.card_belief import belief_of
from games.ai.hard import choose_hard
from games.ai.knowledge import Knowledge
from games.ai.nets import from_bytes
from games.ai.sampler import Sampler
from games.ai.search import log_likelihood
from games.base import Game
from games.records import parse
from games.review.analysis import REAL_EXACT_CARDS
from games.review.playout import finish
from training.belief import held_out
from training.selfplay import numbered_shards


def value(game: Game, seat: int, action: Action, rollouts: int, seed: str) -> float:
    """``action``'s worth to ``seat`` in the true deal: the mean of ``rollouts`` open playouts."""
    total = 0.0
    exact = REAL_EXACT_CARDS[game.NAME]
    for k in range(rollouts):
        sim = game.clone()
        sim.apply(seat, action)
        total += finish(sim, seat, len(game.deal_results), random.Random(f"{seed}:{k}"), exact)
    return total / rollouts


def positions(record: dict[str, Any]) -> list[tuple[int, Game, int]]:
    """The record's card plays with a choice: (action index, the game before it, the seat)."""
    parsed = parse(record)
    game = parsed.new_game()
    deal = parsed.deals[0]
    game.deal(deal.deck)
    out = []
    for index, (seat, action) in enumerate(deal.actions):
        legal = game.legal_actions(seat)
        if game.decision == "play" and len(legal) > 1:
            out.append((index, game.clone(), seat))
        game.apply(seat, action)
    return out


def judge(
    game: Game,
    seat: int,
    belief: Belief,
    rollouts: int,
    seed: str,
    worlds: float | None = None,
    known: dict[str, Any] | None = None,
    weighted: bool = False,
    control: bool = False,
) -> dict[str, Any]:
    """One position: each player's card (the belief's on ``worlds`` times the default budget's
    deals) and, where they differ, each card's value. ``known``: today's card and its value at
    this position from an earlier results file (the same seed gives the same card), not chosen
    again. ``control``: the second player is today's on ``worlds`` times its deals, no belief
    (what more deals alone do)."""
    view = game.view(seat)
    legal = game.legal_actions(seat)
    start = time.process_time()
    row: dict[str, Any] = {}
    if known is None:
        plain = choose_hard(view, legal, random.Random(seed), None, 0, beliefs=False)
        row["cpu_uniform"] = round(time.process_time() - start, 4)
    else:
        plain = Action.from_json(known["uniform"])
    middle = time.process_time()
    learned = choose_hard(
        view,
        legal,
        random.Random(seed),
        None,
        0,
        beliefs=False if control else belief,
        worlds=worlds,
        weighted=weighted,
    )
    row["cpu_belief"] = round(time.process_time() - middle, 4)
    row.update(uniform=plain.to_json(), belief=learned.to_json())
    if plain == learned:
        row.update(same=True, diff=0.0)
    else:
        if known is not None and "value_uniform" in known:
            a = float(known["value_uniform"])
        else:
            a = value(game, seat, plain, rollouts, seed)
        b = value(game, seat, learned, rollouts, seed)
        row.update(same=False, diff=round(b - a, 3), value_uniform=a, value_belief=b)
    row["cpu_s"] = round(time.process_time() - start, 2)
    return row


def likelihood(
    game: Game, seat: int, belief: Belief, draws: int, rng: random.Random
) -> dict[str, float]:
    """The log-loss of the true holder of each card ``seat`` has not seen, per card, under the
    deals each sampler draws: uniform within the hard constraints, today's (fitted to the
    hand-written claims), and the belief's. Each sampler's odds are counted from ``draws``
    deals (half a deal added to every allowed holder), the same way for all three."""
    view = game.view(seat)
    know = Knowledge(view)
    n = game.seats
    truth = {c: s for s in range(n) for c in game.view(s)["hand"]}
    allow = allowed(know, view)
    out: dict[str, float] = {}
    samplers = {
        "uniform": _uniform(know, view),
        "claims": Sampler(know, view),
        "belief": Sampler(know, view, belief),
    }
    for name, sampler in samplers.items():
        counts = [[0.5 if ok else 0.0 for ok in row] for row in allow]
        for _ in range(draws):
            dealt = sampler.sample(rng)
            if dealt is None:
                continue
            hands, _ = dealt
            for c in range(know.rules.size):
                if know.unseen >> c & 1:
                    holder = next((s for s in range(n) if hands[s] >> c & 1), n)
                    counts[c][holder] += 1
        loss, cards = 0.0, 0
        for c in range(know.rules.size):
            if know.unseen >> c & 1:
                holder = truth.get(know.rules.deck[c], n)
                loss -= math.log(counts[c][holder] / sum(counts[c]))
                cards += 1
        out[name] = loss / max(1, cards)
    return out


def effective(game: Game, seat: int, belief: Belief, draws: int, rng: random.Random) -> float:
    """The effective share of ``draws`` deals drawn uniformly and weighed by the belief (as
    ``play_values(..., weighted=True)`` weighs them): (Σw)² / (n Σw²), 1 when all weigh alike."""
    view = game.view(seat)
    know = Knowledge(view)
    sampler = _uniform(know, view)
    odds = belief.holders(view, know)
    logs = []
    for _ in range(draws):
        dealt = sampler.sample(rng)
        if dealt is not None:
            logs.append(log_likelihood(odds, dealt[0], sampler.unseen))
    if not logs:
        return 1.0
    top = max(logs)
    weights = [math.exp(w - top) for w in logs]
    return sum(weights) ** 2 / (len(weights) * sum(w * w for w in weights))


def _uniform(know: Knowledge, view: Any) -> Sampler:
    sampler = Sampler(know, view)
    sampler.claims = []
    return sampler


def summary(rows: list[dict[str, Any]]) -> str:
    if rows and "effective" in rows[0]:
        shares = sorted(float(r["effective"]) for r in rows)
        n = len(shares)
        return (
            f"effective share of the weighed deals over {n} positions: median "
            f"{statistics.median(shares):.3f}, p10 {shares[n // 10]:.3f}, "
            f"p90 {shares[min(n - 1, 9 * n // 10)]:.3f}"
        )
    if rows and "uniform" in rows[0] and isinstance(rows[0]["uniform"], float):
        parts = []
        for name in ("uniform", "claims", "belief"):
            values = [float(r[name]) for r in rows]
            parts.append(f"{name} {statistics.fmean(values):.4f}")
        gain = [float(r["claims"]) - float(r["belief"]) for r in rows]
        half = 1.96 * statistics.stdev(gain) / math.sqrt(len(gain)) if len(gain) > 1 else 0.0
        return (
            f"log-loss of the true hands a card over {len(rows)} positions: {', '.join(parts)}; "
            f"claims − belief {statistics.fmean(gain):+.4f} ± {half:.4f}"
        )
    diffs = [float(r["diff"]) for r in rows]
    if len(diffs) < 2:
        return f"{len(diffs)} positions"
    mean = statistics.fmean(diffs)
    half = 1.96 * statistics.stdev(diffs) / math.sqrt(len(diffs))
    differ = [d for r, d in zip(rows, diffs, strict=True) if not r["same"]]
    better = sum(1 for d in differ if d > 0)
    worse = sum(1 for d in differ if d < 0)
    # The sign of the changes alone, without their size (a few contracts won or lost swing
    # the mean by hundreds of points): the share of better among better and worse.
    signed = better + worse
    share = better / signed if signed else 0.5
    share_half = 1.96 * math.sqrt(share * (1 - share) / signed) if signed else 0.0
    return (
        f"belief − uniform: {mean:+.3f} ± {half:.3f} a decision over {len(diffs)} positions; "
        f"{len(differ)} differ ({better} better, {worse} worse, {len(differ) - better - worse} "
        f"equal); better among the changed values {share:.3f} ± {share_half:.3f}" + _cpu(rows)
    )


def _cpu(rows: list[dict[str, Any]]) -> str:
    """Each player's move CPU on the positions where both were timed (today's card is not
    chosen again where ``--reuse`` gave it)."""
    timed = [r for r in rows if "cpu_uniform" in r and "cpu_belief" in r]
    if len(timed) < 2:
        return ""
    parts = []
    for name in ("uniform", "belief"):
        ms = sorted(1000 * float(r[f"cpu_{name}"]) for r in timed)
        p95 = ms[min(len(ms) - 1, round(0.95 * (len(ms) - 1)))]
        parts.append(
            f"{name} p50 {statistics.median(ms):.1f}, mean {statistics.fmean(ms):.1f}, "
            f"p95 {p95:.1f} ms"
        )
    ratio = statistics.median(
        float(r["cpu_belief"]) / float(r["cpu_uniform"]) for r in timed if r["cpu_uniform"]
    )
    return f"\nmove CPU over {len(timed)} positions: {'; '.join(parts)}; median ratio {ratio:.2f}"


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("game")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--records", type=Path, required=True)
    parser.add_argument("--held", action="store_true", help="only the deals training held out")
    parser.add_argument("--net", type=Path, default=None, help="default: the shipped network")
    parser.add_argument("--positions", type=int, default=300)
    parser.add_argument("--rollouts", type=int, default=16)
    parser.add_argument("--max-minutes", type=float, default=None)
    parser.add_argument(
        "--worlds",
        type=float,
        default=None,
        help="the belief player's deals, times the default budget's (default: BELIEF_WORLDS[game])",
    )
    parser.add_argument(
        "--weighted",
        action="store_true",
        help="the belief weighs uniformly drawn deals instead of drawing them",
    )
    parser.add_argument(
        "--control",
        action="store_true",
        help="the second player is today's, no belief, on --worlds times its deals",
    )
    parser.add_argument(
        "--reuse",
        type=Path,
        nargs="*",
        default=[],
        metavar="RESULTS",
        help="today's card (and its value) at each position from these earlier results",
    )
    parser.add_argument(
        "--likelihood",
        type=int,
        default=0,
        metavar="DRAWS",
        help="instead: each sampler's log-loss of the true hands, from DRAWS deals a position",
    )
    parser.add_argument(
        "--effective",
        type=int,
        default=0,
        metavar="DRAWS",
        help="instead: the effective share of DRAWS uniform deals weighed by the belief",
    )
    parser.add_argument("--results", type=Path, default=None)
    parser.add_argument(
        "--part",
        default="0/1",
        metavar="I/N",
        help="only the deals numbered I modulo N (N processes at once, each its --results)",
    )
    parser.add_argument(
        "--summary",
        type=Path,
        nargs="*",
        default=None,
        metavar="RESULTS",
        help="only print the figure of these results files together",
    )
    args = parser.parse_args()
    if args.summary:
        print(summary([json.loads(x) for f in args.summary for x in f.read_text().splitlines()]))
        return
    part, _, parts = args.part.partition("/")
    net_path = args.net or (
        Path(__file__).resolve().parent.parent
        / "games"
        / "ai"
        / "weights"
        / f"{NETS[(args.game, args.seats)]}.npz"
    )
    belief = belief_of(from_bytes(net_path.read_bytes()), args.game, args.seats)
    rows: list[dict[str, Any]] = []
    if args.results and args.results.exists():
        rows = [json.loads(line) for line in args.results.read_text().splitlines() if line]
    done = {(r["deal"], r["action"]) for r in rows}
    earlier = {
        (r["deal"], r["action"]): r
        for f in args.reuse
        for r in map(json.loads, f.read_text().splitlines())
    }
    deadline = time.monotonic() + (args.max_minutes * 60 if args.max_minutes else math.inf)
    records = [
        r for _, shard in numbered_shards(args.records, args.game, args.seats) for r in shard
    ]
    for number, record in records:
        if (args.held and not held_out(number)) or number % int(parts) != int(part):
            continue
        for index, game, seat in positions(record):
            if len(rows) >= args.positions or time.monotonic() > deadline:
                print(summary(rows))
                return
            if (number, index) in done:
                continue
            row: dict[str, Any] = {"deal": number, "action": index, "seat": seat}
            seed = f"judge:{number}:{index}"
            if args.effective:
                row["effective"] = effective(
                    game, seat, belief, args.effective, random.Random(seed)
                )
            elif args.likelihood:
                row.update(likelihood(game, seat, belief, args.likelihood, random.Random(seed)))
            else:
                known = earlier.get((number, index))
                row.update(
                    judge(
                        game,
                        seat,
                        belief,
                        args.rollouts,
                        seed,
                        args.worlds,
                        known,
                        args.weighted,
                        args.control,
                    )
                )
            rows.append(row)
            if args.results:
                with args.results.open("a") as out:
                    out.write(json.dumps(row) + "\n")
    print(summary(rows))


if __name__ == "__main__":
    main()

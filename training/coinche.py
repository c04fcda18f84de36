"""Train Coinche's contract value network (``games.ai.contract_value``): one command, resumable.

    python -m training.coinche --run training/runs/coinche_bid --seed 1

Self-play data: deals dealt at random under house rules drawn at random from what the lobby
offers, bid by the normal player at every seat (a random call ``--explore`` of the time), every
auction decision recorded with what its seat saw. The deal is then played out once in each
trump suit by the rollout policy the hard auction plays its sampled deals with
(``games.ai.rollout``), on the true hands, and each decision's targets are the score margins
its side would have had by declaring each level in that suit (``games.ai.scorer``, the table's
own scoring). The network so learns what a hand and an auction are worth — what the other
calls said of the hands behind them included — with no hand-written model of the calls.

Everything is written under ``--run`` as it is made (the data in shards of ``SHARD`` deals,
the network and the training's checkpoint after every epoch in ``nets/``, ``log.jsonl``): stop
the command at any time and run it again to go on. ``--evaluate DEALS`` measures the network in
the hard auction against the hard auction on paired deals (``paired_deal``); ``--install``
copies it to ``games/ai/weights/coinche_bid.npz``.
"""

from __future__ import annotations

import argparse
import io
import json
import math
import random
import shutil
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np

from games.ai import contract_value as cv
from games.ai import knowledge as kn
from games.ai.deal import Deal
from games.ai.hard import choose_hard
from games.ai.knowledge import Rules
from games.ai.nets import Mlp, from_bytes
from games.ai.normal import choose_normal
from games.ai.rollout import rollout
from games.ai.scorer import TableScoring
from games.registry import new_game
from games.registry import random_rules as drawn_rules
from games.views import CoincheAuctionEntry, GameView
from training import runs
from training.runs import ROOT, atomic_write, deadline_of

INSTALLED = ROOT / "games" / "ai" / "weights" / f"{cv.NET}.npz"
HIDDEN = (256, 256)
SHARD = 500
"""Deals per shard of self-play (the unit a stopped run loses at most)."""


class Run(runs.Run):
    """A run's folder (``training.runs.Run``) with its one network and checkpoint."""

    def __init__(self, folder: Path, args: argparse.Namespace) -> None:
        config = {
            "seed": args.seed,
            "explore": args.explore,
            "hidden": list(HIDDEN),
            "features": cv.FEATURES,
        }
        super().__init__(folder, config)
        self.net = folder / "nets" / "net.npz"
        self.checkpoint = folder / "nets" / "net.pt"

    def shard(self, k: int) -> Path:
        return self.folder / "shards" / f"{k:03d}.npz"


def random_rules(rng: random.Random) -> dict[str, Any]:
    """Coinche's house rules as ``benchmarks/ai_duel.py --rules random`` draws them (the same
    function, so that the data and the duels see the same tables)."""
    return drawn_rules("coinche", rng)


def play_auction(
    rng: random.Random, explore: float
) -> tuple[GameView, list[list[str]], list[tuple[int, list[CoincheAuctionEntry]]]]:
    """One deal's auction by the normal player: the first view (rules, dealer, teams), the four
    hands and every decision (its seat and the auction before it) where a bid was possible."""
    options = random_rules(rng)
    dealer = rng.randrange(4)
    game = new_game("coinche", options=options, seats=4, dealer=dealer)
    deck = list(game.full_deck())
    rng.shuffle(deck)
    game.deal(deck)
    hands = [list(game.view(s)["hand"]) for s in range(4)]
    first = game.view(0)
    decisions: list[tuple[int, list[CoincheAuctionEntry]]] = []
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        if any(a.type == "play" for a in legal):
            break
        view = game.view(seat)
        if any(a.type == "bid" for a in legal):
            coinche = kn.as_coinche(view)
            assert coinche is not None
            decisions.append((seat, list(coinche["auction"])))
        calls = [a for a in legal if a.type in ("pass", "bid")]
        if calls and rng.random() < explore:
            action = rng.choice(calls)
        else:
            action = choose_normal(view, legal, rng)
        game.apply(seat, action)
    return first, hands, decisions


def targets(
    first: GameView, hands: list[list[str]], seats: list[int], rng: random.Random
) -> dict[str, np.ndarray]:
    """For each trump suit: the deal played out once on its true hands, and for each seat of
    ``seats`` the margin of its side had it declared each of ``cv.BID_LEVELS`` there."""
    team = kn.team_of(first)
    dealer = int(first["dealer"])
    out: dict[str, np.ndarray] = {}
    for trump in cv.SUIT_CODES:
        view = kn.with_trump(first, trump)
        rules = Rules(view)
        table = TableScoring(view, "score")
        side = [0 if team[s] == team[0] else 1 for s in range(4)]
        deal = Deal(rules, [rules.mask(h) for h in hands], side, (dealer + 1) % 4, [])
        scoring = table.start(deal)
        rollout(deal, random.Random(rng.random()))
        rows = np.zeros((len(seats), len(cv.BID_LEVELS)), dtype=np.float32)
        for i, seat in enumerate(seats):
            for k, level in enumerate(cv.BID_LEVELS):
                scores = scoring.contract_score(deal, seat, level, 1).scores
                rows[i, k] = (scores[team[seat]] - scores[1 - team[seat]]) / cv.SCALE
        out[trump] = rows
    return out


def generate(run: Run, args: argparse.Namespace, deadline: float) -> bool:
    shards = math.ceil(args.deals / SHARD)
    for k in range(shards):
        path = run.shard(k)
        if path.exists():
            continue
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        rng = random.Random(f"coinche-bid:{args.seed}:{k}")
        xs: list[np.ndarray] = []
        ys: list[np.ndarray] = []
        deal_ids: list[int] = []
        for n in range(SHARD):
            first, hands, decisions = play_auction(rng, args.explore)
            if not decisions:
                continue
            found = targets(first, hands, [s for s, _ in decisions], rng)
            for i, (seat, auction) in enumerate(decisions):
                for trump in cv.SUIT_CODES:
                    xs.append(
                        cv.encode_state(
                            hands[seat],
                            auction,
                            seat,
                            int(first["dealer"]),
                            first["options"],
                            trump,
                        )
                    )
                    ys.append(found[trump][i])
                    deal_ids.append(k * SHARD + n)
        out = io.BytesIO()
        np.savez_compressed(
            out,
            x=np.stack(xs).astype(np.float16),
            y=np.stack(ys),
            deal=np.array(deal_ids, dtype=np.int64),
        )
        atomic_write(path, out.getvalue())
        run.log(
            {
                "phase": "selfplay",
                "shard": k,
                "deals": SHARD,
                "rows": len(xs),
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    return True


def train(run: Run, args: argparse.Namespace, deadline: float) -> bool:
    """Fit the network on every shard; an epoch is the unit of resumption. PyTorch (the ``train``
    extra) is imported here only: the self-play data and its tests need numpy alone."""
    import torch

    from training.nn import ValueNet, export, load_checkpoint, save_checkpoint

    net_path = run.net
    if net_path.exists():
        return True
    torch.set_num_threads(1)
    parts = []
    for path in sorted((run.folder / "shards").glob("*.npz")):
        with np.load(path) as data:
            parts.append({k: data[k] for k in data.files})
    x = torch.from_numpy(np.concatenate([p["x"] for p in parts]).astype(np.float32))
    y = torch.from_numpy(np.concatenate([p["y"] for p in parts]))
    deal = np.concatenate([p["deal"] for p in parts])
    torch.manual_seed(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    model = ValueNet(cv.INPUTS, HIDDEN, len(cv.BID_LEVELS))
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=1e-4)
    checkpoint = run.checkpoint
    epoch = 0
    if checkpoint.exists():
        epoch = load_checkpoint(checkpoint, model, optimiser, generator)["epoch"]
    held = torch.from_numpy(deal % 20 == 7)
    train_idx = torch.nonzero(~held).squeeze(1)
    test_idx = torch.nonzero(held).squeeze(1)
    while epoch < args.epochs:
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        model.train()
        order = train_idx[torch.randperm(len(train_idx), generator=generator)]
        total = 0.0
        for i in range(0, len(order), args.batch):
            batch = order[i : i + args.batch]
            loss = torch.mean((model(x[batch]) - y[batch]) ** 2)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(batch)
        epoch += 1
        model.eval()
        with torch.no_grad():
            test = float(torch.mean((model(x[test_idx]) - y[test_idx]) ** 2))
            base = float(torch.mean((y[train_idx].mean(0) - y[test_idx]) ** 2))
        save_checkpoint(checkpoint, model, optimiser, generator, epoch)
        run.log(
            {
                "phase": "train",
                "epoch": epoch,
                "rows": len(x),
                "train_mse": round(total / len(order), 4),
                "test_mse": round(test, 4),
                "test_mse_of_the_mean": round(base, 4),
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    meta = {
        "features": cv.FEATURES,
        "game": "coinche",
        "seed": args.seed,
        "hidden": list(HIDDEN),
        "rows": len(x),
        "outputs": f"score margin / {cv.SCALE:g} declaring each of {list(cv.BID_LEVELS)}",
    }
    atomic_write(net_path, export(model, meta))
    return True


# ------------------------------------------------------------------------- evaluation
def _to_auction_end(game: Any, rng: random.Random, net: Mlp | None, team: int) -> list[str]:
    """Play ``game``'s auction by the hard player at every seat (``net`` judging the bids of
    ``team``'s seats); the calls made, as text."""
    calls: list[str] = []
    teams = game.teams()
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        legal = game.legal_actions(seat)
        if any(a.type == "play" for a in legal):
            break
        mine = net if seat in teams[team] else None
        action = choose_hard(game.view(seat), legal, rng, None, 0, bid_net=mine)
        calls.append(f"{seat}:{action.type}:{action.trump}:{action.value}")
        game.apply(seat, action)
    return calls


def _to_end(game: Any, rng: random.Random, team: int) -> float:
    while not game.awaiting_deck and not game.over:
        seat = game.to_act
        game.apply(seat, choose_hard(game.view(seat), game.legal_actions(seat), rng, None, 0))
    scores = game.deal_results[-1]["scores"] if game.deal_results else [0, 0]
    return float(scores[team] - scores[1 - team])


def paired_deal(net: Mlp, seed: int, n: int) -> dict[str, Any]:
    """Deal ``n`` played twice from the same random state by the hard player at every seat: once
    as it is, once with one side's bids judged by ``net`` (side ``n % 2``). Where the two
    auctions are the same the two deals are too (the same random draws): the difference is 0
    and the card play is skipped. The row: that side's score margin with the net minus
    without."""
    setup = random.Random(f"coinche-eval:{seed}:{n}")
    options = random_rules(setup)
    dealer = setup.randrange(4)
    deck: list[Any] | None = None
    team = n % 2
    games, calls = [], []
    for use in (None, net):
        game = new_game("coinche", options=options, seats=4, dealer=dealer)
        if deck is None:
            deck = list(game.full_deck())
            setup.shuffle(deck)
        game.deal(deck)
        rng = random.Random(f"coinche-eval:{seed}:{n}:play")
        calls.append(_to_auction_end(game, rng, use, team))
        games.append((game, rng))
    row: dict[str, Any] = {"deal": n, "team": team, "options": options}
    if calls[0] == calls[1]:
        row.update(diff=0.0, same=True)
        return row
    base, learned = (_to_end(g, r, team) for g, r in games)
    row.update(diff=learned - base, same=False, base=base, learned=learned, calls=calls)
    return row


def evaluate(net_path: Path, results: Path, deals: int, seed: int, deadline: float) -> None:
    """``paired_deal`` over ``deals`` deals of ``seed``, a JSON line each (resumed)."""
    net = from_bytes(net_path.read_bytes())
    done = 0
    if results.exists():
        done = sum(1 for line in results.read_text().splitlines() if line.strip())
    with results.open("a") as out:
        for n in range(done, deals):
            if time.monotonic() > deadline:
                break
            start = time.process_time()
            row = paired_deal(net, seed, n)
            row["cpu_s"] = round(time.process_time() - start, 2)
            out.write(json.dumps(row) + "\n")
            out.flush()
    rows = [json.loads(line) for line in results.read_text().splitlines() if line.strip()]
    diffs = [float(r["diff"]) for r in rows]
    if len(diffs) > 1:
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1)
        half = 1.96 * math.sqrt(var / len(diffs))
        changed = sum(1 for r in rows if not r["same"])
        print(
            f"learned bids - hard's: {mean:+.1f} ± {half:.1f} points a deal over {len(diffs)} "
            f"deals ({changed} auctions differed)"
        )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--run", type=Path, default=ROOT / "training" / "runs" / "coinche_bid")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--deals", type=int, default=20000, help="self-play deals")
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--max-minutes", type=float, default=None, help="stop (resumably) after")
    parser.add_argument("--install", action="store_true", help="copy the trained network")
    parser.add_argument(
        "--evaluate",
        type=int,
        default=None,
        metavar="DEALS",
        help="paired deals against the hard auction (--eval-seed, results in the run folder)",
    )
    parser.add_argument("--eval-seed", type=int, default=1001)
    parser.add_argument(
        "--results", type=Path, default=None, help="the evaluation's JSON lines (resumed)"
    )
    args = parser.parse_args()
    run = Run(args.run, args)
    net_path = run.net
    deadline = deadline_of(args.max_minutes)
    if args.evaluate is not None:
        results = args.results or args.run / f"paired_hard_s{args.eval_seed}.jsonl"
        evaluate(net_path, results, args.evaluate, args.eval_seed, deadline)
        return
    if args.install:
        if not net_path.exists():
            raise SystemExit(f"{net_path} does not exist: train first")
        shutil.copyfile(net_path, INSTALLED)
        print(f"{net_path} → {INSTALLED} ({INSTALLED.stat().st_size} bytes)")
        return
    if not generate(run, args, deadline) or not train(run, args, deadline):
        print("out of time: run the same command again to go on", file=sys.stderr)
        return
    print(f"done: {net_path}")


if __name__ == "__main__":
    main()

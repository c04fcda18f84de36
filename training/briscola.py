"""Train two-player Briscola's value network by self-play: one command, resumable, seeded.

    python -m training.briscola --run training/runs/briscola2 --seed 1

Generation 0 plays ``--games`` deals between two plain club players (``briscola_sim.heuristic``);
generation g ≥ 1 plays as many between two copies of the table's hard player (``games.ai.
duel_value``) using the network of generation g − 1, with a random card ``--explore`` of the
time while the stock lasts. After each generation a network is trained on the positions of the
last ``--window`` generations (each position's target: how that deal ended for that player,
result and card points margin), starting from the last one's weights, then measured in a paired
duel against the network before it on deals no generation plays (the same deck twice, seats
swapped). Everything is written under ``--run`` as it is made (the deals in shards, each
network, the training's checkpoint after every epoch, ``log.jsonl``): stop the command at any
time and run it again to go on. The same seed gives the same networks.

``--install GEN`` copies a generation's network to ``games/ai/weights/briscola2.npz``, the file
the hard player loads.
"""

from __future__ import annotations

import argparse
import io
import math
import random
import shutil
import statistics
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from games.ai import duel_value as dv
from games.ai.nets import Mlp, from_bytes, members_to_bytes
from training import runs
from training.briscola_sim import (
    exact_ending,
    heuristic,
    learned,
    new_deal,
    play_deal,
    to_arrays,
)
from training.runs import ROOT, atomic_write, deadline_of

if TYPE_CHECKING:
    import torch

INSTALLED = ROOT / "games" / "ai" / "weights" / f"{dv.NET}.npz"
HIDDEN = (256, 256)
SHARD = 250
"""Deals per shard of self-play (the unit a stopped run loses at most)."""

Columns = dict[str, npt.NDArray[Any]]


# ------------------------------------------------------------------------------- files
class Run(runs.Run):
    """A run's folder (``training.runs.Run``) with each generation's files."""

    def __init__(self, folder: Path, args: argparse.Namespace) -> None:
        config = {
            "seed": args.seed,
            "games": args.games,
            "samples": args.samples,
            "explore": args.explore,
            "window": args.window,
            "epochs": args.epochs,
            "td_lambda": args.td_lambda,
            "weight_decay": args.weight_decay,
            "lr": args.lr,
            "hidden": list(HIDDEN),
            "features": dv.FEATURES,
        }
        if getattr(args, "shard", SHARD) != SHARD:
            config["shard"] = args.shard  # another shard size deals other decks
        super().__init__(folder, config)
        self.args = args

    def shard(self, gen: int, k: int) -> Path:
        return self.folder / "shards" / f"gen{gen:02d}_{k:03d}.npz"

    def net(self, gen: int) -> Path:
        return self.folder / "nets" / f"gen{gen:02d}.npz"

    def checkpoint(self, gen: int) -> Path:
        return self.folder / "nets" / f"gen{gen:02d}.pt"


def load_net(path: Path) -> Mlp:
    return from_bytes(path.read_bytes(), blas=True)


# ----------------------------------------------------------------------------- phases
def generate(run: Run, gen: int, deadline: float) -> bool:
    """Self-play of generation ``gen``, shard by shard; False when the time is up."""
    args = run.args
    size = getattr(args, "shard", SHARD)
    shards = math.ceil(args.games / size)
    net = load_net(run.net(gen - 1)) if gen > 0 else None
    for k in range(shards):
        path = run.shard(gen, k)
        if path.exists():
            continue
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        rng = random.Random(f"selfplay:{args.seed}:{gen}:{k}")
        policy = (
            exact_ending(heuristic) if net is None else learned(net, args.samples, args.explore)
        )
        records = []
        for n in range(size):
            deck, tie_last = new_deal(rng)
            records.append(play_deal(deck, tie_last, n % 2, (policy, policy), rng))
        arrays: dict[str, Any] = to_arrays(records, net, args.td_lambda)
        out = io.BytesIO()
        np.savez_compressed(out, **arrays)
        atomic_write(path, out.getvalue())
        run.log(
            {
                "gen": gen,
                "phase": "selfplay",
                "shard": k,
                "deals": size,
                "positions": len(arrays["hand"]),
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    return True


def dataset(run: Run, gen: int) -> Columns:
    """The positions of the last ``--window`` generations up to ``gen`` that the network values
    (more than the last draw's two cards in the stock)."""
    parts = []
    for g in range(max(0, gen - run.args.window + 1), gen + 1):
        for path in sorted((run.folder / "shards").glob(f"gen{g:02d}_*.npz")):
            with np.load(path) as data:
                parts.append({k: data[k] for k in data.files})
    columns = {k: np.concatenate([p[k] for p in parts]) for k in parts[0]}
    keep = columns["stock"] > 2
    return {k: v[keep] for k, v in columns.items()}


def features(columns: Columns) -> tuple[torch.Tensor, torch.Tensor]:
    import torch

    x = dv.encode_arrays(*(columns[name] for name in dv_fields()))
    return torch.from_numpy(x), torch.from_numpy(columns["target"])


def loss_of(out: torch.Tensor, target: torch.Tensor, margin_loss: float) -> torch.Tensor:
    """Cross-entropy of the predicted outcome against the target's chances, and the squared
    error of the margin."""
    import torch

    ce = -(target[:, :3] * torch.log_softmax(out[:, :3], dim=1)).sum(dim=1).mean()
    return ce + margin_loss * torch.mean((out[:, 3] - target[:, 3]) ** 2)


def dv_fields() -> tuple[str, ...]:
    return ("hand", "gone", "mine", "theirs", "stock", "lead", "trump_card", "tie_last")


def permute_plain_suits(x: torch.Tensor, generator: torch.Generator) -> torch.Tensor:
    """The three plain suits are alike: the same position with them in another order (the
    hand's and the gone cards' blocks of ten), one order drawn per batch."""
    import torch

    order = torch.randperm(3, generator=generator).tolist()
    out = x.clone()
    for block in (0, 40):
        for new, old in enumerate(order):
            a, b = block + 10 + 10 * new, block + 10 + 10 * old
            out[:, a : a + 10] = x[:, b : b + 10]
    return out


def train(run: Run, gen: int, deadline: float) -> bool:
    """Fit generation ``gen``'s network, from ``gen - 1``'s weights; an epoch is the unit of
    resumption (``gen{gen}.pt`` holds the model, the optimiser and the random state after each).
    PyTorch (the ``train`` extra) is imported here only: the self-play needs numpy alone."""
    import torch

    from training.nn import ValueNet, export, load_checkpoint, save_checkpoint

    args = run.args
    if run.net(gen).exists():
        return True
    torch.set_num_threads(1)
    columns = dataset(run, gen)
    x, target = features(columns)
    generator = torch.Generator().manual_seed(args.seed * 1000 + gen)
    torch.manual_seed(args.seed * 1000 + gen)
    model = ValueNet(dv.INPUTS, HIDDEN, 4)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    epoch = 0
    path = run.checkpoint(gen)
    if path.exists():
        epoch = load_checkpoint(path, model, optimiser, generator)["epoch"]
    elif gen > 0 and run.checkpoint(gen - 1).exists():
        model.load_state_dict(torch.load(run.checkpoint(gen - 1), weights_only=False)["model"])
    n = len(x)
    held = torch.zeros(n, dtype=torch.bool)
    # A twentieth of the deals (whole deals) kept out of the fit, to watch over-fitting.
    held[torch.from_numpy(columns["deal"] % 20 == 7)] = True
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
            xb = permute_plain_suits(x[batch], generator)
            loss = loss_of(model(xb), target[batch], args.margin_loss)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss.detach()) * len(batch)
        epoch += 1
        model.eval()
        with torch.no_grad():
            test_loss = float(loss_of(model(x[test_idx]), target[test_idx], args.margin_loss))
        save_checkpoint(path, model, optimiser, generator, epoch)
        run.log(
            {
                "gen": gen,
                "phase": "train",
                "epoch": epoch,
                "positions": n,
                "train_loss": round(total / len(order), 4),
                "test_loss": round(test_loss, 4),
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    meta = {
        "features": dv.FEATURES,
        "game": "briscola, two players",
        "generation": gen,
        "seed": args.seed,
        "hidden": list(HIDDEN),
        "positions": n,
        "outputs": "logits of won, drawn, lost; final card points margin / 120",
    }
    atomic_write(run.net(gen), export(model, meta))
    return True


def duel(a: Mlp, b: Mlp | None, deals: int, samples: int, seed: int) -> tuple[float, float]:
    """A's game score (won 1, drawn ½) against B (the club player when None), each deal played
    twice with the seats swapped; its mean and 95 % half-width over deals."""
    scores = []
    rng = random.Random(f"eval:{seed}")
    pa = learned(a, samples, 0.0)
    pb = heuristic if b is None else learned(b, samples, 0.0)
    for n in range(deals):
        deck, tie_last = new_deal(rng)
        both = []
        for a_seat in (0, 1):
            policies = (pa, pb) if a_seat == 0 else (pb, pa)
            play_rng = random.Random(f"eval:{seed}:{n}:{a_seat}")
            record = play_deal(deck, tie_last, n % 2, policies, play_rng)
            both.append((record.result(a_seat) + 1) / 2)
        scores.append(statistics.fmean(both))
    mean = statistics.fmean(scores)
    half = 1.96 * statistics.stdev(scores) / math.sqrt(len(scores))
    return mean, half


def evaluate(run: Run, gen: int) -> None:
    if any(e.get("phase") == "eval" and e.get("gen") == gen for e in run.entries()):
        return
    args = run.args
    start = time.process_time()
    net = load_net(run.net(gen))
    entry: dict[str, Any] = {"gen": gen, "phase": "eval", "deals": args.eval_deals}
    if gen > 0:
        mean, half = duel(net, load_net(run.net(gen - 1)), args.eval_deals, args.samples, 1)
        entry["vs_previous"] = [round(mean, 4), round(half, 4)]
    mean, half = duel(net, None, args.eval_deals, args.samples, 2)
    entry["vs_club"] = [round(mean, 4), round(half, 4)]
    entry["cpu_s"] = round(time.process_time() - start, 1)
    entry["cpu_total_h"] = round((run.cpu_so_far() + entry["cpu_s"]) / 3600, 2)
    run.log(entry)


def install(run: Run, gens: list[int]) -> None:
    """Copy a generation's network to the file the hard player loads; several generations
    make an ensemble (``games.ai.nets.Ensemble``: their outputs averaged)."""
    nets = [run.net(gen) for gen in gens]
    for net in nets:
        if not net.exists():
            raise SystemExit(f"{net} does not exist")
    INSTALLED.parent.mkdir(exist_ok=True)
    if len(nets) == 1:
        shutil.copyfile(nets[0], INSTALLED)
    else:
        members = [from_bytes(net.read_bytes()) for net in nets]
        meta = {**members[-1].meta, "generations": gens, "ensemble": len(gens)}
        meta.pop("generation", None)
        atomic_write(INSTALLED, members_to_bytes(members, meta))
    print(f"{', '.join(map(str, nets))} → {INSTALLED} ({INSTALLED.stat().st_size} bytes)")


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--run", type=Path, default=ROOT / "training" / "runs" / "briscola2")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--generations", type=int, default=8)
    parser.add_argument("--games", type=int, default=4000, help="self-play deals a generation")
    parser.add_argument("--samples", type=int, default=24, help="sampled hands a lead")
    parser.add_argument("--explore", type=float, default=0.05)
    parser.add_argument("--window", type=int, default=3, help="generations trained on")
    parser.add_argument("--epochs", type=int, default=6)
    parser.add_argument("--batch", type=int, default=512)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--margin-loss", type=float, default=1.0)
    parser.add_argument("--weight-decay", type=float, default=1e-4)
    parser.add_argument(
        "--td-lambda", type=float, default=0.7, help="1: the deals' outcomes, less: TD(λ)"
    )
    parser.add_argument("--eval-deals", type=int, default=300)
    parser.add_argument("--shard", type=int, default=SHARD, help="self-play deals a shard")
    parser.add_argument("--max-minutes", type=float, default=None, help="stop (resumably) after")
    parser.add_argument(
        "--install",
        default=None,
        metavar="GEN[,GEN…]",
        help="install a generation's network, or several as an ensemble (their mean)",
    )
    args = parser.parse_args()
    run = Run(args.run, args)
    if args.install is not None:
        install(run, [int(g) for g in args.install.split(",")])
        return
    deadline = deadline_of(args.max_minutes)
    for gen in range(args.generations):
        if not generate(run, gen, deadline) or not train(run, gen, deadline):
            print("out of time: run the same command again to go on", file=sys.stderr)
            return
        evaluate(run, gen)
    print(f"done: {args.generations} generations in {args.run}")


if __name__ == "__main__":
    main()

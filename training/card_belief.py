"""Train a per-card belief (``games.ai.card_belief``) on the hard player's self-play records.

    nice -n 19 python -m training.card_belief --run training/runs/card_belief_coinche4_big \\
        --game coinche --seats 4 --deals 6030 --jobs 2 --epochs 4 --lr 0.0005 --install
    nice -n 19 python -m training.card_belief --run training/runs/card_belief_coinche4 \\
        --game coinche --seats 4 --compare training/runs/belief_coinche4_big/nets/net.npz

One small network, applied to every (card, holder) pair of a view, on that card's, that
holder's and the deal's features (``games.ai.card_belief.parts``). The rows are the card play's
only (every seat's view before every card played): the belief is meant for the card play, the
auction keeping the hand-written claims. They are built from the records shard by shard
(``rows/<game><seats>_KKK.npz``, kept: a run goes on as the self-play grows), the deals held out
as ``training.belief.held_out`` says (by deal number, so the judge's ``--held`` positions were
never trained on). The loss, the prior and the kept epoch are ``training.belief``'s: the
cross-entropy of the true holder over the allowed ones, the logits added to the log of each
holder's room, the last layer starting at zero (the uniform draw), the epoch best on the
held-out deals kept.

``--compare NET.npz`` prints, on the same held-out card-play rows, the log-loss a card of the
uniform draw, of this run's network and of another network file (either kind).
"""

from __future__ import annotations

import argparse
import io
import math
import sys
import time
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from games.ai import belief as bf
from games.ai import card_belief as cb
from games.ai.knowledge import Knowledge
from games.ai.nets import Mlp, from_bytes
from games.records import parse
from training.belief import HELD_OUT, held_out
from training.player import install
from training.runs import ROOT, Run, atomic_write, deadline_of
from training.selfplay import numbered_shards, play_until

HIDDEN = (64, 32)
COLUMNS = ("card", "holder", "suit_holder", "card_holder", "deal", "y", "allow", "room", "deal_id")


def truth_of(
    know: Knowledge, order: list[int], where: dict[str, int], view: Any
) -> tuple[npt.NDArray[np.int8], npt.NDArray[np.bool_]]:
    """For each canonical card: its true holder (relative seat − 1, or the last for no hand;
    -1 for a card seen or with no allowed holder) and the holders the hard constraints allow."""
    n = know.seats
    seat = know.seat
    deck = len(order)
    allow = bf.allowed(know, view)
    y = np.full(deck, -1, dtype=np.int8)
    mask = np.zeros((deck, n), dtype=bool)
    for k, card in enumerate(order):
        if card < 0 or not any(allow[card]):
            continue
        holder = where.get(know.rules.deck[card])
        y[k] = n - 1 if holder is None else (holder - seat) % n - 1
        for r in range(1, n):
            mask[k, r - 1] = allow[card][(seat + r) % n]
        mask[k, n - 1] = allow[card][n]
        if not mask[k, y[k]]:
            y[k] = -1  # the rules' constraints missed it: a bug, never trained on
    return y, mask


def play_views(record: dict[str, Any]) -> list[tuple[Any, dict[str, int]]]:
    """Every seat's view before every card played, with where each card really is."""
    parsed = parse(record)
    game = parsed.new_game()
    deal = parsed.deals[0]
    game.deal(deal.deck)
    out = []
    for acting, action in deal.actions:
        if game.decision == "play":
            views = [game.view(s) for s in range(game.seats)]
            where = {c: s for s in range(game.seats) for c in views[s]["hand"]}
            out += [(view, where) for view in views]
        game.apply(acting, action)
    return out


def rows_of(record: dict[str, Any], deal_id: int) -> dict[str, list[Any]]:
    out: dict[str, list[Any]] = {k: [] for k in COLUMNS}
    for view, where in play_views(record):
        know = Knowledge(view)
        p = cb.parts(view, know)
        y, allow = truth_of(know, p.order, where, view)
        out["card"].append(p.card.astype(np.float16))
        out["holder"].append(p.holder.astype(np.float16))
        out["suit_holder"].append(p.suit_holder.astype(np.float16))
        out["card_holder"].append(p.card_holder.astype(np.float16))
        out["deal"].append(p.deal.astype(np.float16))
        out["y"].append(y)
        out["allow"].append(allow)
        out["room"].append(np.array(bf.rooms(know, view), dtype=np.int16))
        out["deal_id"].append(deal_id)
    return out


def build_rows(run: Run, records: Path, game: str, seats: int, deadline: float) -> bool:
    """Each record shard's rows, once (``rows/``); False when the time is up."""
    folder = run.folder / "rows"
    for k, shard in numbered_shards(records, game, seats):
        path = folder / f"{game}{seats}_{k:03d}.npz"
        if path.exists():
            continue
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        columns: dict[str, list[Any]] = {c: [] for c in COLUMNS}
        for number, record in shard:
            for key, values in rows_of(record, number).items():
                columns[key] += values
        out = io.BytesIO()
        arrays: dict[str, Any] = {
            key: np.stack(v) if key != "deal_id" else np.array(v) for key, v in columns.items()
        }
        np.savez(out, **arrays)
        atomic_write(path, out.getvalue())
        run.log(
            {
                "phase": "rows",
                "shard": k,
                "rows": len(columns["y"]),
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    return True


def load_rows(run: Run, game: str, seats: int) -> dict[str, npt.NDArray[Any]]:
    parts: dict[str, list[npt.NDArray[Any]]] = {c: [] for c in COLUMNS}
    for path in sorted((run.folder / "rows").glob(f"{game}{seats}_*.npz")):
        with np.load(path) as data:
            for c in COLUMNS:
                parts[c].append(data[c])
    return {c: np.concatenate(v) for c, v in parts.items()}


def train(run: Run, args: argparse.Namespace, deadline: float) -> bool:
    import torch

    from training.card_net import CardNet
    from training.nn import export, load_checkpoint, save_checkpoint

    net_path = run.folder / "nets" / "net.npz"
    if net_path.exists():
        return True
    torch.set_num_threads(1)
    data = load_rows(run, args.game, args.seats)
    tensors = {
        c: torch.from_numpy(data[c].astype(np.float32))
        for c in ("card", "holder", "suit_holder", "card_holder", "deal")
    }
    y = torch.from_numpy(data["y"].astype(np.int64))
    allow = torch.from_numpy(data["allow"])
    prior = torch.log(
        torch.clamp(torch.from_numpy(data["room"].astype(np.float32)), min=bf.PRIOR_FLOOR)
    )
    held = torch.from_numpy(data["deal_id"] % HELD_OUT == 2)  # ``held_out`` of each row
    train_idx = torch.nonzero(~held).squeeze(1)
    test_idx = torch.nonzero(held).squeeze(1)
    deck = int(y.shape[1])
    torch.manual_seed(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    model = CardNet(cb.blocks(args.game, args.seats), HIDDEN, deck)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    checkpoint = run.folder / "nets" / "net.pt"
    epoch = 0
    best: tuple[float, int, dict[str, Any]] | None = None
    if checkpoint.exists():
        saved = load_checkpoint(checkpoint, model, optimiser, generator)
        epoch, best = saved["epoch"], saved["best"]
    elif epoch == 0:
        with torch.no_grad():
            model.linears[-1].weight.zero_()
            model.linears[-1].bias.zero_()

    def loss_of(idx: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
        logits = model(*(tensors[c][idx] for c in tensors)) + prior[idx][:, None, :]
        logits = logits.masked_fill(~allow[idx], -1e9)
        logp = torch.log_softmax(logits, dim=2)
        yb = y[idx]
        known = yb >= 0
        picked = logp.gather(2, yb.clamp(min=0).unsqueeze(2)).squeeze(2)
        return -(picked * known).sum(), known.sum()

    def test_nll() -> float:
        model.eval()
        total, known = 0.0, 0
        with torch.no_grad():
            for i in range(0, len(test_idx), 4096):
                t, k = loss_of(test_idx[i : i + 4096])
                total += float(t)
                known += int(k)
        return total / max(1, known)

    def state() -> dict[str, Any]:
        return {k: v.detach().clone() for k, v in model.state_dict().items()}

    uniform = round(
        uniform_nll_rows(
            data["y"][test_idx.numpy()],
            data["allow"][test_idx.numpy()],
            data["room"][test_idx.numpy()],
        ),
        4,
    )
    if best is None:
        best = (test_nll(), 0, state())
    while epoch < args.epochs:
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        model.train()
        order = train_idx[torch.randperm(len(train_idx), generator=generator)]
        total, count = 0.0, 0
        for i in range(0, len(order), args.batch):
            loss_sum, known = loss_of(order[i : i + args.batch])
            loss = loss_sum / known.clamp(min=1)
            optimiser.zero_grad()
            loss.backward()
            optimiser.step()
            total += float(loss_sum.detach())
            count += int(known)
        epoch += 1
        tested = test_nll()
        if tested < best[0]:
            best = (tested, epoch, state())
        save_checkpoint(checkpoint, model, optimiser, generator, epoch, best=best)
        run.log(
            {
                "phase": "train",
                "epoch": epoch,
                "rows": len(y),
                "train_rows": len(train_idx),
                "train_nll": round(total / max(1, count), 4),
                "test_nll": round(tested, 4),
                "test_nll_uniform": uniform,
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    model.load_state_dict(best[2])
    run.log({"phase": "kept", "epoch": best[1], "test_nll": round(best[0], 4)})
    meta = {
        "kind": cb.KIND,
        "features": cb.FEATURES,
        "blocks": list(cb.blocks(args.game, args.seats)),
        "game": args.game,
        "seats": args.seats,
        "epoch": best[1],
        "seed": args.seed,
        "hidden": list(HIDDEN),
        "rows": len(y),
        "outputs": "one logit per (card, holder): the other seats (relative), then no hand",
    }
    data_out = export(model, meta)
    check_export(model, from_bytes(data_out), tensors, test_idx[:16])
    atomic_write(net_path, data_out)
    return True


def check_export(model: Any, net: Mlp, tensors: dict[str, Any], idx: Any) -> None:
    """The play-time file computes what the trained model does (``games.ai.card_belief.forward``
    against PyTorch's ``CardNet`` on a few rows), or nothing is written."""
    import torch

    model.eval()
    with torch.no_grad():
        expected = model(*(tensors[c][idx] for c in tensors)).numpy()
    for k, i in enumerate(idx.tolist()):
        block = {c: tensors[c][i].numpy() for c in tensors}
        p = cb.Parts(**block, order=[0] * expected.shape[1])
        got = cb.forward(net, p)
        if not np.allclose(got, expected[k], atol=1e-4):
            raise SystemExit("the exported network does not compute what was trained")


def uniform_nll_rows(y: npt.NDArray[Any], allow: npt.NDArray[Any], room: npt.NDArray[Any]) -> float:
    weights = allow * np.maximum(room, bf.PRIOR_FLOOR)[:, None, :]
    known = (y >= 0) & (weights.sum(axis=2) > 0)
    picked = np.take_along_axis(weights, np.maximum(y, 0)[:, :, None].astype(np.int64), 2)[..., 0]
    p = picked[known] / weights.sum(axis=2)[known]
    return float(-np.mean(np.log(np.maximum(p, 1e-9))))


def view_nll(belief: bf.Belief | None, view: Any, where: dict[str, int]) -> tuple[float, int]:
    """The log-loss of the true holders of one view's unseen cards under ``belief``'s logits
    (the uniform draw for ``None``), masked by the hard constraints as in training (no floor):
    (the sum, the cards)."""
    know = Knowledge(view)
    order = bf.canonical(know)
    deck = len(order)
    n = know.seats
    if isinstance(belief, cb.CardBelief):
        logits = cb.forward(belief.net, cb.parts(view, know))
    elif belief is not None:
        x, _ = bf.encode(view, know)
        logits = belief.net(x[None, :])[0].reshape(deck, n)
    else:
        logits = np.zeros((deck, n), dtype=np.float32)
    logits = logits + bf.prior(know, view)
    y, allow = truth_of(know, order, where, view)
    z = np.where(allow, logits.astype(np.float64), -1e9)
    z = z - z.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    known = y >= 0
    picked = logp[np.arange(deck), np.maximum(y, 0)]
    return float(-(picked * known).sum()), int(known.sum())


def compare(run: Run, args: argparse.Namespace) -> None:
    """Held-out log-loss a card over the card-play rows: uniform, this run's, the other file's."""
    mine = cb.belief_of(
        from_bytes((run.folder / "nets" / "net.npz").read_bytes()), args.game, args.seats
    )
    other = cb.belief_of(from_bytes(args.compare.read_bytes()), args.game, args.seats)
    beliefs: dict[str, bf.Belief | None] = {"uniform": None, "per-card": mine, "other": other}
    sums = {name: [0.0, 0] for name in beliefs}
    per_deal: dict[str, list[float]] = {name: [] for name in beliefs}
    deals = 0
    for _, shard in numbered_shards(args.records, args.game, args.seats):
        for number, record in shard:
            if not held_out(number):
                continue
            deals += 1
            deal_sum = {name: [0.0, 0] for name in beliefs}
            for view, where in play_views(record):
                for name, belief in beliefs.items():
                    loss, cards = view_nll(belief, view, where)
                    deal_sum[name][0] += loss
                    deal_sum[name][1] += cards
            for name in beliefs:
                sums[name][0] += deal_sum[name][0]
                sums[name][1] += deal_sum[name][1]
                per_deal[name].append(deal_sum[name][0] / max(1, deal_sum[name][1]))
    out = {name: round(s[0] / max(1, s[1]), 4) for name, s in sums.items()}
    gaps = {}
    for name in ("per-card", "other"):
        d = np.array(per_deal["uniform"]) - np.array(per_deal[name])
        half = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else 0.0
        gaps[f"uniform − {name}"] = f"{d.mean():+.4f} ± {half:.4f}"
    d = np.array(per_deal["other"]) - np.array(per_deal["per-card"])
    half = 1.96 * float(d.std(ddof=1)) / math.sqrt(len(d)) if len(d) > 1 else 0.0
    gaps["other − per-card"] = f"{d.mean():+.4f} ± {half:.4f}"
    run.log({"phase": "compare", "other_net": str(args.compare), "deals": deals, **out, **gaps})


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--records", type=Path, default=ROOT / "training" / "runs" / "selfplay")
    parser.add_argument("--run", type=Path, required=True)
    parser.add_argument("--game", required=True)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--epochs", type=int, default=8)
    parser.add_argument("--batch", type=int, default=256)
    parser.add_argument("--lr", type=float, default=1e-3)
    parser.add_argument("--weight-decay", type=float, default=1e-3)
    parser.add_argument(
        "--deals",
        type=int,
        default=0,
        help="first grow the self-play of --records to this many deals of the game (resumable)",
    )
    parser.add_argument("--jobs", type=int, default=1, help="self-play processes (with --deals)")
    parser.add_argument("--rows-only", action="store_true", help="build the rows, not train")
    parser.add_argument("--max-minutes", type=float, default=None, help="stop (resumably) after")
    parser.add_argument("--compare", type=Path, default=None, metavar="NET.npz")
    parser.add_argument(
        "--install", action="store_true", help="then ship the network (games/ai/weights/)"
    )
    args = parser.parse_args()
    config = {
        "game": args.game,
        "seats": args.seats,
        "seed": args.seed,
        "epochs": args.epochs,
        "lr": args.lr,
        "weight_decay": args.weight_decay,
        "hidden": list(HIDDEN),
        "kind": cb.KIND,
        "features": cb.FEATURES,
    }
    run = Run(args.run, config, ("rows", "nets"))
    net_path = run.folder / "nets" / "net.npz"
    if args.compare:
        compare(run, args)
        return
    deadline = deadline_of(args.max_minutes)
    if args.deals and not play_until(
        args.records, args.game, args.seats, args.deals, args.jobs, deadline
    ):
        print("out of time: run the same command again to go on", file=sys.stderr)
        return
    if not build_rows(run, args.records, args.game, args.seats, deadline):
        print("out of time: run the same command again to go on", file=sys.stderr)
        return
    if args.rows_only:
        return
    if not train(run, args, deadline):
        print("out of time: run the same command again to go on", file=sys.stderr)
        return
    print(f"done: {net_path} ({math.ceil(net_path.stat().st_size / 1024)} kB)")
    if args.install:
        target = install(net_path, args.game, args.seats)
        print(f"installed: {target} ({target.stat().st_size} bytes)")


if __name__ == "__main__":
    main()

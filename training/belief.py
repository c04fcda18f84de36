"""Train a game's belief network (``games.ai.belief``) on the hard player's self-play records.

    nice -n 19 python -m training.belief --records training/runs/selfplay \\
        --run training/runs/belief_coinche4 --game coinche --seats 4

The records are ``training/selfplay.py``'s (the hard player at every seat, random house rules).
Each is replayed (``games.records.replay``'s engine, one action at a time); before every action,
every seat's view gives one row: the inputs ``games.ai.belief.encode`` builds and, for each card
that seat has not seen, where it really is (the other hands or the stock), with the holders the
hard constraints allow. The network is fitted by cross-entropy over the allowed holders (what
sampling masks with), the three plain suits shuffled as augmentation; a twentieth of the deals
is held out (``held_out``), on which the log-loss is compared with uniform deals within the
constraints (``uniform_nll``): the measure of what the belief knows that the rules alone do not;
the epoch that does best there is the network kept.

Resumable as every training command: the rows are built once (``rows.npz``), the checkpoint is
written after every epoch; ``--install`` copies the network to ``games/ai/weights/``.
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
from games.ai.knowledge import Knowledge
from games.records import parse
from training.player import install
from training.runs import ROOT, Run, atomic_write, deadline_of
from training.selfplay import numbered_shards

HIDDEN = (64, 64)
"""Small: the self-play is dear (seconds of CPU a deal), its deals few, and a deal's rows alike."""
HELD_OUT = 5
"""One deal in ``HELD_OUT`` (those whose number is 2 modulo it) is kept out of the fit: the
network kept is the epoch that does best on them, and the judge's positions come from them."""


def held_out(deal: int) -> bool:
    return deal % HELD_OUT == 2


def rows_of(record: dict[str, Any], deal_id: int) -> dict[str, list[Any]]:
    """Every seat's row before every action of one self-play record."""
    parsed = parse(record)
    game = parsed.new_game()
    deal = parsed.deals[0]
    game.deal(deal.deck)
    n = game.seats
    deck, _, _ = bf.sizes(parsed.game, n)
    out: dict[str, list[Any]] = {"x": [], "y": [], "allow": [], "room": [], "deal": []}
    for acting, action in deal.actions:
        views = [game.view(s) for s in range(n)]
        where = {c: s for s in range(n) for c in views[s]["hand"]}
        for seat in range(n):
            view = views[seat]
            know = Knowledge(view)
            x, order = bf.encode(view, know)
            allow = bf.allowed(know, view)
            y = np.full(deck, -1, dtype=np.int8)
            mask = np.zeros((deck, n), dtype=bool)
            for k, card in enumerate(order):
                if card < 0 or not any(allow[card]):
                    continue
                code = know.rules.deck[card]
                holder = where.get(code)
                y[k] = n - 1 if holder is None else (holder - seat) % n - 1
                for r in range(1, n):
                    mask[k, r - 1] = allow[card][(seat + r) % n]
                mask[k, n - 1] = allow[card][n]
                if not mask[k, y[k]]:
                    y[k] = -1  # the rules' constraints missed it: a bug, never trained on
            out["room"].append(np.array(bf.rooms(know, view), dtype=np.int16))
            out["x"].append(x.astype(np.float16))
            out["y"].append(y)
            out["allow"].append(mask)
            out["deal"].append(deal_id)
        game.apply(acting, action)
    return out


def build_rows(run: Run, records: Path, game: str, seats: int) -> Path:
    path = run.folder / "rows.npz"
    if path.exists():
        return path
    start = time.process_time()
    found = [r for _, shard in numbered_shards(records, game, seats) for r in shard]
    columns: dict[str, list[Any]] = {"x": [], "y": [], "allow": [], "room": [], "deal": []}
    for i, record in found:
        for key, values in rows_of(record, i).items():
            columns[key] += values
    out = io.BytesIO()
    np.savez_compressed(
        out,
        x=np.stack(columns["x"]),
        y=np.stack(columns["y"]),
        allow=np.stack(columns["allow"]),
        room=np.stack(columns["room"]),
        deal=np.array(columns["deal"], dtype=np.int64),
    )
    atomic_write(path, out.getvalue())
    run.log(
        {
            "phase": "rows",
            "deals": len(found),
            "rows": len(columns["x"]),
            "cpu_s": round(time.process_time() - start, 1),
        }
    )
    return path


def suit_permutation(deck: int, seats: int, inputs: int, order: list[int]) -> npt.NDArray[Any]:
    """The input columns' order once the three plain suits (after the first) are put in
    ``order``: each block of ``deck`` card inputs is permuted alike, the rest stays."""
    per = deck // 4
    card_perm = np.arange(deck)
    for new, old in enumerate(order):
        card_perm[per * (1 + new) : per * (2 + new)] = np.arange(per * (1 + old), per * (2 + old))
    cols = np.arange(inputs)
    for b in range(3 * seats + 1):  # the card blocks of ``encode``
        cols[b * deck : (b + 1) * deck] = b * deck + card_perm
    return cols


def uniform_nll(y: npt.NDArray[Any], allow: npt.NDArray[Any], room: npt.NDArray[Any]) -> float:
    """Mean log-loss of the true holder under the uniform sampler's odds (each allowed holder
    in proportion to the cards it has still to receive, as ``games.ai.belief.prior`` counts
    them: what the rules alone say), per unseen card: an untrained network's."""
    weights = allow * np.maximum(room, bf.PRIOR_FLOOR)[:, None, :]
    known = (y >= 0) & (weights.sum(axis=2) > 0)
    picked = np.take_along_axis(weights, np.maximum(y, 0)[:, :, None].astype(np.int64), 2)[..., 0]
    p = picked[known] / weights.sum(axis=2)[known]
    return float(-np.mean(np.log(np.maximum(p, 1e-9))))


def train(run: Run, rows: Path, args: argparse.Namespace, deadline: float) -> bool:
    import torch

    from training.nn import ValueNet, export, load_checkpoint, save_checkpoint

    net_path = run.folder / "nets" / "net.npz"
    if net_path.exists():
        return True
    torch.set_num_threads(1)
    deck, inputs, holders = bf.sizes(args.game, args.seats)
    with np.load(rows) as data:
        x = torch.from_numpy(data["x"].astype(np.float32))
        y = torch.from_numpy(data["y"].astype(np.int64))
        allow = torch.from_numpy(data["allow"])
        room = data["room"]
        deal = data["deal"]
    held = torch.from_numpy(held_out(deal))
    train_idx = torch.nonzero(~held).squeeze(1)
    test_idx = torch.nonzero(held).squeeze(1)
    torch.manual_seed(args.seed)
    generator = torch.Generator().manual_seed(args.seed)
    model = ValueNet(inputs, HIDDEN, deck * holders)
    optimiser = torch.optim.AdamW(model.parameters(), lr=args.lr, weight_decay=args.weight_decay)
    checkpoint = run.folder / "nets" / "net.pt"
    epoch = 0
    best: tuple[float, int, dict[str, Any]] | None = None
    if checkpoint.exists():
        saved = load_checkpoint(checkpoint, model, optimiser, generator)
        epoch, best = saved["epoch"], saved["best"]
    perms = [
        torch.from_numpy(suit_permutation(deck, args.seats, inputs, list(p)))
        for p in ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    ]
    card_perms = [p[:deck] for p in perms]

    # The network corrects the uniform sampler's odds (``games.ai.belief.prior``): it starts
    # at them, its last layer at zero.
    prior = torch.log(torch.clamp(torch.from_numpy(room.astype(np.float32)), min=bf.PRIOR_FLOOR))
    if epoch == 0:
        with torch.no_grad():
            model.linears[-1].weight.zero_()
            model.linears[-1].bias.zero_()

    def loss_of(
        xb: torch.Tensor, yb: torch.Tensor, ab: torch.Tensor, pb: torch.Tensor
    ) -> tuple[torch.Tensor, torch.Tensor]:
        logits = model(xb).view(-1, deck, holders) + pb[:, None, :]
        logits = logits.masked_fill(~ab, -1e9)
        logp = torch.log_softmax(logits, dim=2)
        known = yb >= 0
        picked = logp.gather(2, yb.clamp(min=0).unsqueeze(2)).squeeze(2)
        total = -(picked * known).sum()
        return total, known.sum()

    def test_nll() -> float:
        model.eval()
        with torch.no_grad():
            total, known = loss_of(x[test_idx], y[test_idx], allow[test_idx], prior[test_idx])
        return float(total) / max(1, int(known))

    def state() -> dict[str, Any]:
        return {k: v.detach().clone() for k, v in model.state_dict().items()}

    if best is None:
        best = (test_nll(), 0, state())  # the uniform odds: what a network must beat

    while epoch < args.epochs:
        if time.monotonic() > deadline:
            return False
        start = time.process_time()
        model.train()
        order = train_idx[torch.randperm(len(train_idx), generator=generator)]
        total, count = 0.0, 0
        for i in range(0, len(order), args.batch):
            batch = order[i : i + args.batch]
            k = int(torch.randint(len(perms), (1,), generator=generator))
            cols, cards = perms[k], card_perms[k]
            xb = x[batch][:, cols]
            yb = y[batch][:, cards]
            ab = allow[batch][:, cards]
            loss_sum, known = loss_of(xb, yb, ab, prior[batch])
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
                "rows": len(x),
                "train_nll": round(total / max(1, count), 4),
                "test_nll": round(tested, 4),
                "test_nll_uniform": round(
                    uniform_nll(
                        y[test_idx].numpy(), allow[test_idx].numpy(), room[test_idx.numpy()]
                    ),
                    4,
                ),
                "cpu_s": round(time.process_time() - start, 1),
            }
        )
    model.load_state_dict(best[2])
    run.log({"phase": "kept", "epoch": best[1], "test_nll": round(best[0], 4)})
    meta = {
        "features": bf.FEATURES,
        "game": args.game,
        "epoch": best[1],
        "seats": args.seats,
        "seed": args.seed,
        "hidden": list(HIDDEN),
        "rows": len(x),
        "outputs": "logits of each card's holder: the other seats (relative), then no hand",
    }
    atomic_write(net_path, export(model, meta))
    return True


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
    parser.add_argument("--max-minutes", type=float, default=None, help="stop (resumably) after")
    parser.add_argument("--install", action="store_true", help="copy the trained network")
    args = parser.parse_args()
    config = {
        "game": args.game,
        "seats": args.seats,
        "seed": args.seed,
        "epochs": args.epochs,
        "weight_decay": args.weight_decay,
        "hidden": list(HIDDEN),
        "features": bf.FEATURES,
    }
    run = Run(args.run, config, ("nets",))
    net_path = run.folder / "nets" / "net.npz"
    if args.install:
        target = install(net_path, args.game, args.seats)
        print(f"{net_path} → {target} ({target.stat().st_size} bytes)")
        return
    deadline = deadline_of(args.max_minutes)
    rows = build_rows(run, args.records, args.game, args.seats)
    if not train(run, rows, args, deadline):
        print("out of time: run the same command again to go on", file=sys.stderr)
        return
    print(f"done: {net_path} ({math.ceil(net_path.stat().st_size / 1024)} kB)")


if __name__ == "__main__":
    main()

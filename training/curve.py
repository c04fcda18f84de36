"""The learning curve against another program: each generation's network in the hard player,
in a duplicate duel (``benchmarks/ai_duel.py``), against the training's CPU time so far.

    python -m training.curve --run training/runs/briscola2 --against briscolabot --deals 200
    python -m training.curve --run training/runs/briscola2 --log   # the training's own duels

Each generation's duel is its own results file (``curve/genGG_<against>_s<seed>.jsonl`` in the
run folder), so the command resumes where it stopped; it then prints the table. Use a seed whose
deals were not used to tune anything (the duel's deals differ from the self-play's in any case:
they come from ``ai_duel``'s own seeded shuffles).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def cpu_hours_by_generation(run: Path) -> dict[int, float]:
    """The training's CPU hours when each generation's network was ready (its self-play and
    training, and every generation's before; the evaluations left out)."""
    total = 0.0
    ready: dict[int, float] = {}
    for line in (run / "log.jsonl").read_text().splitlines():
        entry = json.loads(line)
        if entry.get("phase") in ("selfplay", "train"):
            total += float(entry.get("cpu_s", 0))
            ready[int(entry["gen"])] = total / 3600
    return ready


def summary(path: Path) -> tuple[int, float, float, float, float] | None:
    """Deals, game score and its 95 % half-width, card points margin and its half-width."""
    rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
    rows = [r for r in rows if not r.get("void")]
    if len(rows) < 2:
        return None
    won = [float(r["won"]) for r in rows]
    margin = [float(r["margin"]) for r in rows]
    root = math.sqrt(len(rows))
    return (
        len(rows),
        statistics.fmean(won),
        1.96 * statistics.stdev(won) / root,
        statistics.fmean(margin),
        1.96 * statistics.stdev(margin) / root,
    )


def training_table(run: Path) -> list[str]:
    """The training's own evaluations (``log.jsonl``): each generation's game score against the
    one before and against the club player, by the training's CPU hours when it was ready."""
    hours = cpu_hours_by_generation(run)
    lines = [
        "| generation | training CPU h | vs the generation before | vs the club player |",
        "| --- | --- | --- | --- |",
    ]
    for line in (run / "log.jsonl").read_text().splitlines():
        entry = json.loads(line)
        if entry.get("phase") != "eval":
            continue
        gen = int(entry["gen"])
        cells = [
            f"{entry[key][0]:.3f} ± {entry[key][1]:.3f}" if key in entry else "–"
            for key in ("vs_previous", "vs_club")
        ]
        lines.append(f"| {gen} | {hours.get(gen, math.nan):.2f} | {cells[0]} | {cells[1]} |")
    return lines


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--run", type=Path, default=ROOT / "training" / "runs" / "briscola2")
    parser.add_argument("--against", default="briscolabot")
    parser.add_argument("--deals", type=int, default=200)
    parser.add_argument("--seed", type=int, default=7001)
    parser.add_argument("--generations", default="", help="e.g. 0,2,4 (default: every one)")
    parser.add_argument("--max-seconds", type=float, default=None)
    parser.add_argument(
        "--log", action="store_true", help="only print the training's own evaluations"
    )
    args = parser.parse_args()
    if args.log:
        print("\n".join(training_table(args.run)))
        return
    nets = sorted((args.run / "nets").glob("gen*.npz"))
    if args.generations:
        wanted = {int(g) for g in args.generations.split(",")}
        nets = [n for n in nets if int(n.stem[3:]) in wanted]
    folder = args.run / "curve"
    folder.mkdir(exist_ok=True)
    hours = cpu_hours_by_generation(args.run)
    table = []
    for net in nets:
        gen = int(net.stem[3:])
        results = folder / f"gen{gen:02d}_{args.against}_s{args.seed}.jsonl"
        command = [
            sys.executable,
            str(ROOT / "benchmarks" / "ai_duel.py"),
            "briscola",
            f"hard@{net}",
            args.against,
            "--seats",
            "2",
            "--deals",
            str(args.deals),
            "--seed",
            str(args.seed),
            "--results",
            str(results),
        ]
        if args.max_seconds:
            command += ["--max-seconds", str(args.max_seconds)]
        subprocess.run(command, check=True, stdout=subprocess.DEVNULL)
        found = summary(results)
        if found:
            table.append((gen, hours.get(gen, math.nan), *found))
    print("| generation | training CPU h | deals | game score | card points |")
    print("| --- | --- | --- | --- | --- |")
    for gen, h, n, won, won_half, margin, margin_half in table:
        print(
            f"| {gen} | {h:.2f} | {n} | {won:.3f} ± {won_half:.3f} | {margin:+.1f} ± {margin_half:.1f} |"
        )


if __name__ == "__main__":
    main()

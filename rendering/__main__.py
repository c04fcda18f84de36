"""``python -m rendering demo --out DIR``: a table, hand, last-trick, deal-summary and score-sheet
image for every game, from seeded positions in the middle of a deal."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from games.registry import GAME_NAMES
from rendering import (
    IMAGE_EXTENSION,
    render_deal_summary,
    render_hand,
    render_last_trick,
    render_score_sheet,
    render_table,
)
from rendering.demo import DEMO_NAMES, finished_deal, random_position


def demo(out: Path, seed: int, deck_style: str) -> list[Path]:
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []

    def write(name: str, data: bytes) -> None:
        path = out / f"{name}.{IMAGE_EXTENSION}"
        path.write_bytes(data)
        written.append(path)

    for game_name in GAME_NAMES:
        position = random_position(game_name, seed)
        game = position.game
        names = DEMO_NAMES[: game.seats]
        bots = [i % 2 == 1 for i in range(game.seats)]
        write(
            f"{game_name}-table",
            render_table(game.public_view(), names, bots=bots, deck_style=deck_style),
        )
        seat = position.seat if position.seat is not None else 0
        legal = position.legal if position.seat is not None else None
        write(f"{game_name}-hand", render_hand(game.view(seat), legal, deck_style=deck_style))
        write(
            f"{game_name}-last-trick",
            render_last_trick(game.public_view(), names, deck_style=deck_style),
        )
        ended = finished_deal(game_name, seed)
        if ended.result is not None and ended.final_view is not None:
            write(
                f"{game_name}-summary",
                render_deal_summary(ended.final_view, names, ended.result, deck_style=deck_style),
            )
        write(
            f"{game_name}-scores",
            render_score_sheet(game_name, names, ended.game.deal_results, list(ended.game.totals)),
        )
    return written


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("demo", help="write sample images of every game")
    run.add_argument("--out", type=Path, required=True)
    run.add_argument("--seed", type=int, default=7)
    run.add_argument(
        "--deck-style", default="auto", choices=("auto", "french", "french4", "italian")
    )
    args = parser.parse_args(argv)
    written = demo(args.out, args.seed, args.deck_style)
    for path in written:
        print(path)
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""``python -m rendering demo --out DIR``: a table, hand, last-trick, deal-summary and score-sheet
image for every game, from seeded positions in the middle of a deal.

``DIR`` is created if it does not exist, but not its parent: a mistyped path should fail, not
scatter directories. Exit codes (docs/rendering.md lists them too):

- 0: the images were written; their paths are on standard output, one a line.
- 1: ``DIR`` cannot be written: it is a file, its parent is missing, or it is not writable. One
  line on standard error; an image already written stays.
- 2: a bad command line (argparse's usage errors), including an empty ``--out``.
- 141: the reader of standard output closed the pipe (``... | head -1``); nothing more is written.
- 130: interrupted by Ctrl-C (128 + SIGINT, as shells report it).
"""

from __future__ import annotations

import argparse
import errno
import sys
from pathlib import Path
from typing import Final

from games.registry import GAME_NAMES
from games.streams import quiet_broken_pipe
from i18n.locales import DEFAULT_LOCALE, LOCALES
from rendering import (
    IMAGE_EXTENSION,
    render_deal_summary,
    render_hand,
    render_last_trick,
    render_score_sheet,
    render_table,
)
from rendering.demo import DEMO_NAMES, finished_deal, random_position

EXIT_OK = 0
EXIT_CANNOT_WRITE = 1
EXIT_INTERRUPTED = 130


class OutputError(Exception):
    """The output directory cannot be made or written: the one line the user is told."""


def prepare_output(out: Path) -> None:
    """Make ``out`` (not its parents) or check it is a directory; ``OutputError`` says why not."""
    try:
        out.mkdir(exist_ok=True)
    except FileExistsError:
        raise OutputError(f"cannot write to {out}: it is a file, not a directory") from None
    except OSError as exc:
        if not out.parent.exists():
            raise OutputError(f"cannot write to {out}: {out.parent} does not exist") from None
        if not out.parent.is_dir():
            raise OutputError(f"cannot write to {out}: {out.parent} is not a directory") from None
        raise OutputError(f"cannot write to {out}: {exc.strerror or exc}") from None


LOCAL_NAMES: Final = {"ja": ["さくら", "Luc", "健太", "Tomás", "美咲", "Jean"]}
"""Demo players of a locale whose names need its own font (the CJK subset draws them)."""


def demo(out: Path, seed: int, deck_style: str, locale: str = DEFAULT_LOCALE) -> list[Path]:
    """Every game's sample images drawn in ``locale`` (``all``: each locale in ``out/<locale>``)."""
    if locale == "all":
        prepare_output(out)
        return [path for loc in LOCALES for path in demo(out / loc, seed, deck_style, loc)]
    prepare_output(out)
    written: list[Path] = []

    def write(name: str, data: bytes) -> None:
        path = out / f"{name}.{IMAGE_EXTENSION}"
        try:
            path.write_bytes(data)
        except OSError as exc:
            reason = "no space left" if exc.errno == errno.ENOSPC else exc.strerror or str(exc)
            raise OutputError(f"cannot write {path}: {reason}") from None
        written.append(path)

    for game_name in GAME_NAMES:
        position = random_position(game_name, seed)
        game = position.game
        names = LOCAL_NAMES.get(locale, DEMO_NAMES)[: game.seats]
        bots = [i % 2 == 1 for i in range(game.seats)]
        write(
            f"{game_name}-table",
            render_table(
                game.public_view(), names, bots=bots, deck_style=deck_style, locale=locale
            ),
        )
        seat = position.seat if position.seat is not None else 0
        legal = position.legal if position.seat is not None else None
        write(
            f"{game_name}-hand",
            render_hand(game.view(seat), legal, deck_style=deck_style, locale=locale),
        )
        write(
            f"{game_name}-last-trick",
            render_last_trick(game.public_view(), names, deck_style=deck_style, locale=locale),
        )
        ended = finished_deal(game_name, seed)
        if ended.result is not None and ended.final_view is not None:
            write(
                f"{game_name}-summary",
                render_deal_summary(
                    ended.final_view, names, ended.result, deck_style=deck_style, locale=locale
                ),
            )
        write(
            f"{game_name}-scores",
            render_score_sheet(
                game_name,
                names,
                ended.game.deal_results,
                list(ended.game.totals),
                locale=locale,
            ),
        )
    return written


def _directory(text: str) -> Path:
    """``--out``: an empty value would silently mean the current directory, so it is refused."""
    if not text.strip():
        raise argparse.ArgumentTypeError("give a directory, not an empty string")
    return Path(text)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m rendering")
    sub = parser.add_subparsers(dest="command", required=True)
    run = sub.add_parser("demo", help="write sample images of every game")
    run.add_argument("--out", type=_directory, required=True, help="directory for the images")
    run.add_argument("--seed", type=int, default=7)
    run.add_argument(
        "--deck-style", default="auto", choices=("auto", "french", "french4", "italian")
    )
    run.add_argument(
        "--lang",
        default=DEFAULT_LOCALE,
        choices=(*LOCALES, "all"),
        help="language of the images; all: one folder per language",
    )
    try:
        args = parser.parse_args(argv)
        try:
            written = demo(args.out, args.seed, args.deck_style, args.lang)
        except OutputError as exc:
            print(f"rendering demo: {exc}", file=sys.stderr)
            return EXIT_CANNOT_WRITE
        sys.stdout.write("".join(f"{path}\n" for path in written))
        sys.stdout.flush()
    except BrokenPipeError:
        return quiet_broken_pipe()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    return EXIT_OK


if __name__ == "__main__":
    sys.exit(main())

"""``python -m games replay FILE|-``: replay a game record and print its scores (docs/records.md);
``python -m games review FILE|- --seat S``: where that seat's play cost points (``games.review``);
``python -m games puzzles FILE|-``: the puzzles of its finished deals (``games.puzzles``).

Exit codes (docs/records.md lists them too):

- 0: the record replayed; its JSON result is on standard output.
- 1: an illegal action; one line on standard error names the deal, action, seat and reason.
- 2: a malformed record, or a file that cannot be read; one line on standard error. (argparse's
  own usage errors also exit 2.)
- 141: the reader of standard output (or error) closed the pipe, as ``... | head -c 10`` does;
  nothing more is written. 141 is what a shell reports for a program stopped by SIGPIPE, so
  pipelines treat it as they treat ``cat`` or ``grep`` in the same place, and it cannot be
  mistaken for the verdict on the record (0, 1 or 2).
- 130: interrupted by Ctrl-C (128 + SIGINT, as shells report it); nothing more is written.
- 74: the result could not be written to standard output (a full disk, ``>/dev/full``, an I/O
  error); one line on standard error says why. 74 is ``EX_IOERR`` of BSD's sysexits, and is
  none of the verdicts either: a script never reads a failed write as "illegal action" (1).

Never a partial result, never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys

from games.puzzles.cli import run as run_puzzles
from games.records import IllegalRecordAction, MalformedRecord, replay_text
from games.review.analysis import DEFAULT_SAMPLES
from games.review.cli import run as run_review
from games.streams import quiet_broken_pipe

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
EXIT_INTERRUPTED = 130
EXIT_CANNOT_WRITE = 74


def _replay(path: str) -> int:
    try:
        if path == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                text = handle.read()
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_MALFORMED
    try:
        result = replay_text(text)
    except MalformedRecord as exc:
        print(f"malformed record: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    except IllegalRecordAction as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ILLEGAL
    try:
        sys.stdout.write(json.dumps(result) + "\n")
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        return cannot_write(exc)
    return EXIT_OK


def _write(text: str) -> int:
    """Print a command's result, or say in one line why it could not be written."""
    try:
        sys.stdout.write(text)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        return cannot_write(exc)
    return EXIT_OK


def cannot_write(exc: OSError) -> int:
    """Say why in one line, then point standard output at /dev/null: the result still waiting
    in its buffer must not fail a second time, with a traceback, at the interpreter's exit."""
    print(f"cannot write the result: {exc.strerror or exc}", file=sys.stderr)
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_CANNOT_WRITE


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m games", description=__doc__.splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    replay = commands.add_parser("replay", help="replay a record and print the scores as JSON")
    replay.add_argument("file", help="path of the record, or - for standard input")
    reviewing = commands.add_parser("review", help="where one seat's play in a deal cost points")
    reviewing.add_argument("file", help="path of the record, or - for standard input")
    reviewing.add_argument("--seat", type=int, required=True, help="the seat to review")
    reviewing.add_argument("--deal", type=int, help="the deal, from 0 (default: the last one)")
    reviewing.add_argument(
        "--samples", type=int, default=DEFAULT_SAMPLES, help="deals per decision"
    )
    reviewing.add_argument("--seed", type=int, default=0, help="seed of the sampling")
    reviewing.add_argument("--json", action="store_true", help="print one JSON object")
    puzzling = commands.add_parser("puzzles", help="the puzzles of a record's finished deals")
    puzzling.add_argument("file", help="path of the record, or - for standard input")
    puzzling.add_argument("--deal", type=int, help="the deal, from 0 (default: every one)")
    puzzling.add_argument("--seed", type=int, default=0, help="seed of the sampling")
    puzzling.add_argument("--json", action="store_true", help="print one JSON object")
    try:
        args = parser.parse_args(argv)
        if args.command == "puzzles":
            code, text = run_puzzles(args.file, args.deal, args.seed, args.json)
            return code if text is None else _write(text)
        if args.command == "review":
            return run_review(args.file, args.seat, args.deal, args.samples, args.seed, args.json)
        return _replay(args.file)
    except BrokenPipeError:
        return quiet_broken_pipe()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())

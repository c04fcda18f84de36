"""``python -m games``: the command line of the rules engines (docs/records.md).

- ``python -m games replay FILE|-``: replay a game record and print its scores as JSON;
- ``python -m games review FILE|- --seat S``: where that seat's play in a deal cost points
  (``games.review``);
- ``python -m games puzzles FILE|-``: the puzzles of its finished deals (``games.puzzles``).

Every command reads one record (``read_record``) and answers with the same exit codes, whatever
it does with the record (docs/records.md lists them too):

- 0: the answer is on standard output.
- 1: an illegal action; one line on standard error names the deal, action, seat and reason.
- 2: a malformed record, or a file that cannot be read, or an argument the record refuses (a
  review's seat or deal, a puzzle's deal); one line on standard error. (argparse's own usage errors also exit 2.)
- 141: the reader of standard output (or error) closed the pipe, as ``... | head -c 10`` does;
  nothing more is written. 141 is what a shell reports for a program stopped by SIGPIPE, so
  pipelines treat it as they treat ``cat`` or ``grep`` in the same place, and it cannot be
  mistaken for the verdict on the record (0, 1 or 2).
- 130: interrupted by Ctrl-C (128 + SIGINT, as shells report it); nothing more is written.
- 74: the result could not be written to standard output (a full disk, ``>/dev/full``, an I/O
  error); one line on standard error says why. 74 is ``EX_IOERR`` of BSD's sysexits, and is
  none of the verdicts either: a script never reads a failed write as "illegal action" (1).

Never a partial result, never a traceback. A new command is a function from its arguments and
the record to the text it prints (``Command``), registered in ``COMMANDS``: ``run`` reads the
record and answers every error the same way.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
from collections.abc import Callable
from dataclasses import dataclass

from games.puzzles.cli import puzzles_output
from games.puzzles.find import NoPuzzleDeal
from games.records import IllegalRecordAction, MalformedRecord, ParsedRecord, loads, replay
from games.review.analysis import DEFAULT_SAMPLES
from games.review.cli import review_output
from games.streams import quiet_broken_pipe

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2
EXIT_INTERRUPTED = 130
EXIT_CANNOT_WRITE = 74

DESCRIPTION = (
    "Replay a game record, review one seat's play in it, or find its puzzles (docs/records.md)."
)


class Refused(Exception):
    """The input cannot be answered: one line on standard error and an exit code."""

    def __init__(self, line: str, code: int = EXIT_MALFORMED) -> None:
        super().__init__(line)
        self.line = line
        self.code = code


Command = Callable[[argparse.Namespace, ParsedRecord], str]
"""A command: its parsed arguments and the record read → the whole text it prints. It raises
``Refused`` for an argument the record refuses; ``MalformedRecord`` and
``IllegalRecordAction`` (from a replay) are answered by ``run``."""


def read_record(path: str) -> ParsedRecord:
    """The record at ``path`` (``-``: standard input), parsed; ``Refused`` (exit 2) when it
    cannot be read or is malformed."""
    try:
        if path == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                text = handle.read()
    except OSError as exc:
        raise Refused(f"cannot read {path}: {exc.strerror or exc}") from None
    try:
        return loads(text)
    except MalformedRecord as exc:
        raise Refused(f"malformed record: {exc}") from None


def run(command: Command, args: argparse.Namespace) -> int:
    """Read the record ``args.file`` names, answer it with ``command`` and print the answer;
    every error as one line on standard error and its exit code."""
    try:
        out = command(args, read_record(args.file))
    except Refused as exc:
        print(exc.line, file=sys.stderr)
        return exc.code
    except MalformedRecord as exc:
        print(f"malformed record: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    except IllegalRecordAction as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ILLEGAL
    try:
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:
        raise
    except OSError as exc:
        return cannot_write(exc)
    return EXIT_OK


def replay_command(args: argparse.Namespace, record: ParsedRecord) -> str:
    return json.dumps(replay(record).replay_result()) + "\n"


def review_command(args: argparse.Namespace, record: ParsedRecord) -> str:
    try:
        return review_output(record, args.seat, args.deal, args.samples, args.seed, args.json)
    except (MalformedRecord, IllegalRecordAction):
        raise
    except ValueError as exc:  # a seat or deal the record does not have, or no samples
        raise Refused(f"review: {exc}") from None


def puzzles_command(args: argparse.Namespace, record: ParsedRecord) -> str:
    try:
        return puzzles_output(record, args.deal, args.seed, args.json)
    except NoPuzzleDeal as exc:  # a deal the record does not have, or not finished
        raise Refused(f"puzzles: {exc}") from None


def cannot_write(exc: OSError) -> int:
    """Say why in one line, then point standard output at /dev/null: the result still waiting
    in its buffer must not fail a second time, with a traceback, at the interpreter's exit."""
    print(f"cannot write the result: {exc.strerror or exc}", file=sys.stderr)
    devnull = os.open(os.devnull, os.O_WRONLY)
    with contextlib.suppress(OSError, ValueError):
        os.dup2(devnull, sys.stdout.fileno())
    return EXIT_CANNOT_WRITE


@dataclass(frozen=True)
class Subcommand:
    name: str
    help: str
    command: Command
    arguments: Callable[[argparse.ArgumentParser], None]


def _no_arguments(parser: argparse.ArgumentParser) -> None:
    """The record's path is every command's first argument (``parser``)."""


def _review_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--seat", type=int, required=True, help="the seat to review, from 0")
    parser.add_argument("--deal", type=int, help="the deal, from 0 (default: the last one)")
    parser.add_argument("--samples", type=int, default=DEFAULT_SAMPLES, help="deals per decision")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


def _puzzles_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--deal", type=int, help="the deal, from 0 (default: every one)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the sampling")
    parser.add_argument("--json", action="store_true", help="print one JSON object")


COMMANDS: tuple[Subcommand, ...] = (
    Subcommand(
        "replay", "replay a record and print the scores as JSON", replay_command, _no_arguments
    ),
    Subcommand(
        "review",
        "where one seat's decisions in a deal cost points, in the order played",
        review_command,
        _review_arguments,
    ),
    Subcommand(
        "puzzles",
        "the puzzles of a record's finished deals",
        puzzles_command,
        _puzzles_arguments,
    ),
)


def parser() -> argparse.ArgumentParser:
    out = argparse.ArgumentParser(
        prog="python -m games",
        description=DESCRIPTION,
        epilog="Exit codes: 0 done, 1 illegal action, 2 malformed record or refused argument, "
        "74 output not written, 130 interrupted, 141 output pipe closed.",
    )
    commands = out.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for sub in COMMANDS:
        one = commands.add_parser(sub.name, help=sub.help, description=sub.help)
        one.add_argument("file", help="path of the record, or - for standard input")
        sub.arguments(one)
    return out


def main(argv: list[str] | None = None) -> int:
    try:
        args = parser().parse_args(argv)
        chosen = next(sub for sub in COMMANDS if sub.name == args.command)
        return run(chosen.command, args)
    except BrokenPipeError:
        return quiet_broken_pipe()
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED


if __name__ == "__main__":
    sys.exit(main())

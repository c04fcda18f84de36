"""``python -m games puzzles RECORD [--deal K] [--seed X] [--json]``.

Errors are the replay's (docs/records.md): a record that cannot be read or is malformed exits 2,
an illegal action exits 1, each with one line on standard error and nothing on standard output;
a deal the record does not have or that is not finished exits 2 too (``puzzles: ...``). Without
``--deal``, every finished deal is looked at.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence

from games.actions import Action
from games.puzzles.find import NoPuzzleDeal, Puzzle, find_puzzles
from games.records import IllegalRecordAction, MalformedRecord, loads

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2


def run(path: str, deal: int | None, seed: int, as_json: bool) -> tuple[int, str | None]:
    """Read the record at ``path`` (``-``: standard input) and find its puzzles: the exit code
    and the text to print (``None`` after an error, which is already said on standard error)."""
    try:
        if path == "-":
            text = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as handle:
                text = handle.read()
    except OSError as exc:
        print(f"cannot read {path}: {exc.strerror or exc}", file=sys.stderr)
        return EXIT_MALFORMED, None
    try:
        puzzles = find_puzzles(loads(text), deal, seed)
    except MalformedRecord as exc:
        print(f"malformed record: {exc}", file=sys.stderr)
        return EXIT_MALFORMED, None
    except IllegalRecordAction as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ILLEGAL, None
    except NoPuzzleDeal as exc:
        print(f"puzzles: {exc}", file=sys.stderr)
        return EXIT_MALFORMED, None
    if as_json:
        return EXIT_OK, json.dumps({"puzzles": [p.to_json() for p in puzzles]}) + "\n"
    return EXIT_OK, as_text(puzzles)


def _card(action: Action) -> str:
    return action.card or json.dumps(action.to_json())


def as_text(puzzles: Sequence[Puzzle]) -> str:
    """The puzzles as people read them: one paragraph each."""
    if not puzzles:
        return "no puzzle in this record\n"
    out = []
    for p in puzzles:
        kind = "every hand shown" if p.kind == "open" else "only what the seat knew"
        values = ", ".join(f"{_card(a)} {v:g}" for a, v in p.alternatives)
        line = " ".join(_card(a) for _, a in p.line)
        out.append(
            f"deal {p.deal}, action {p.action_index}, seat {p.seat} ({kind}): {p.text}\n"
            f"  answer {_card(p.answer)}; every card: {values}\n"
            f"  line: {line}\n"
        )
    return "".join(out)


__all__ = ["as_text", "run"]

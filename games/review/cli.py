"""``python -m games review RECORD --seat S [--deal K] [--samples N] [--seed X] [--json]``.

Errors are the replay's (docs/records.md): a record that cannot be read or is malformed exits 2,
an illegal action exits 1, each with one line on standard error and nothing on standard output;
a seat not at the table, a deal the record does not have or that is not finished, and a sample
budget below 1 exit 2 too (``review: ...``).
"""

from __future__ import annotations

import json
import sys
from typing import TextIO

from games.records import IllegalRecordAction, MalformedRecord, loads
from games.review.analysis import Review, review
from games.review.moments import NothingToReview

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_MALFORMED = 2


def run(path: str, seat: int, deal: int | None, samples: int, seed: int, as_json: bool) -> int:
    """Read the record at ``path`` (``-``: standard input), review it and print the review."""
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
        record = loads(text)
        chosen = len(record.deals) - 1 if deal is None else deal
        result = review(record, seat, chosen, samples, seed)
    except MalformedRecord as exc:
        print(f"malformed record: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    except IllegalRecordAction as exc:
        print(str(exc), file=sys.stderr)
        return EXIT_ILLEGAL
    except (NothingToReview, ValueError) as exc:
        print(f"review: {exc}", file=sys.stderr)
        return EXIT_MALFORMED
    if as_json:
        sys.stdout.write(json.dumps(result.to_json()) + "\n")
    else:
        write_text(result, sys.stdout)
    sys.stdout.flush()
    return EXIT_OK


def _action(obj: dict[str, object]) -> str:
    return " ".join(
        str(v) if not isinstance(v, list) else " ".join(map(str, v)) for v in obj.values()
    )


def write_text(result: Review, out: TextIO) -> None:
    """The review as a table people read: one line per decision, the costly ones marked."""
    data = result.to_json()
    out.write(
        f"{result.game}, deal {result.deal}, seat {result.seat}: "
        f"{len(result.decisions)} decisions, {result.total_cost:.1f} {result.unit} left on the table\n"
    )
    for d in data["decisions"]:
        mark = "  " if d["cost"] == 0 else "* "
        better = "" if d["cost"] == 0 else f"  better in {d['better_share']:.0%} of the deals"
        out.write(
            f"{mark}action {d['action_index']:>3}: {_action(d['choice']):<16} "
            f"best {_action(d['best']):<16} cost {d['cost']:>7.2f}{better}"
            f"  (real deal: {d['real']['choice']:g} vs {d['real']['best']:g})\n"
        )


__all__ = ["run", "write_text"]

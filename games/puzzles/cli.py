"""What ``python -m games puzzles RECORD [--deal K] [--seed X] [--json]`` prints
(``games.__main__`` reads the record and answers its errors, as the replay's).

Errors are the replay's (docs/records.md): a record that cannot be read or is malformed exits 2,
an illegal action exits 1, each with one line on standard error and nothing on standard output;
a deal the record does not have or that is not finished exits 2 too (``puzzles: ...``). Without
``--deal``, every finished deal is looked at.
"""

from __future__ import annotations

import json
from collections.abc import Sequence

from games.actions import Action
from games.puzzles.find import Puzzle, find_puzzles
from games.records import ParsedRecord


def puzzles_output(record: ParsedRecord, deal: int | None, seed: int, as_json: bool) -> str:
    """The puzzles of ``record`` (of deal ``deal``, or of every finished deal), as one JSON
    object or as text; raises what ``find_puzzles`` raises."""
    puzzles = find_puzzles(record, deal, seed)
    if as_json:
        return json.dumps({"puzzles": [p.to_json() for p in puzzles]}) + "\n"
    return as_text(puzzles)


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


__all__ = ["as_text", "puzzles_output"]

"""What ``python -m games review RECORD --seat S [--deal K] [--samples N] [--seed X] [--json]``
prints (``games.__main__`` reads the record and answers its errors, as the replay's).
"""

from __future__ import annotations

import json

from games.actions import Action
from games.records import ParsedRecord
from games.review.analysis import review
from games.review.values import Decision, Review


def review_output(
    record: ParsedRecord, seat: int, deal: int | None, samples: int, seed: int, as_json: bool
) -> str:
    """The review of ``seat`` in deal ``deal`` (``None``: the last) of ``record``, as one JSON
    object or as text; raises what ``games.review.review`` raises."""
    chosen = len(record.deals) - 1 if deal is None else deal
    found = review(record, seat, chosen, samples, seed)
    if as_json:
        return json.dumps(found.to_json()) + "\n"
    return text(found)


def _plural(count: int, word: str) -> str:
    return f"{count} {word}" if count == 1 else f"{count} {word}s"


def _action(action: Action) -> str:
    return " ".join(str(v) for k, v in action.to_json().items() if k != "type") or action.type


def _line(d: Decision) -> str:
    mark = {"mistake": "* ", "unlucky": "~ ", "fine": "  "}[d.verdict]
    words = f"{mark}action {d.index:>3}: {d.choice.type:<8} {_action(d.choice):<14}"
    if d.verdict == "mistake":
        words += f" best {_action(d.best):<14} cost {d.cost:g} ({d.better_share:.0%} of the deals)"
    elif d.verdict == "unlucky" and d.hindsight is not None:
        words += f" unlucky: {_action(d.hindsight)} did better in the real deal"
    return words + f"  (real deal: {d.real_choice:g}, best {d.real_best:g})\n"


def text(found: Review) -> str:
    """The review as people read it: one line per decision in the order played, the mistakes
    (``*``) and the unlucky choices (``~``) marked."""
    mistakes = len(found.mistakes)
    head = (
        f"{found.game}, deal {found.deal}, seat {found.seat}: "
        f"{_plural(len(found.decisions), 'decision')}, {_plural(mistakes, 'mistake')}"
        f" (costing more than {found.threshold:g} {found.unit}), "
        f"{_plural(len(found.unlucky), 'unlucky choice')}\n"
    )
    return head + "".join(_line(d) for d in found.decisions)


__all__ = ["review_output", "text"]

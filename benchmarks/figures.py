"""How a benchmark reports: a line for people, or with ``--json`` one JSON object per result
for scripts (the cluster runs of ``load.py``) and for the suite, whose tests check the figures
and their names rather than the wording of the line, which is free to change."""

from __future__ import annotations

import argparse
import json
import math

CLIENTS_NICE = 9
"""How much lower than the bot a benchmark's client processes run (the web pages' readers and
attackers): they measure the bot, and must not take its cores."""


def add_json_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--json", action="store_true", help="print each result as one JSON object per line"
    )


def report(args: argparse.Namespace, line: str, name: str, **figures: object) -> None:
    """Print one result: ``line``, or ``{"name": name, **figures}`` with ``--json`` (a figure
    that could not be measured, NaN, is null)."""
    if getattr(args, "json", False):
        clean = {
            k: None if isinstance(v, float) and math.isnan(v) else v for k, v in figures.items()
        }
        print(json.dumps({"name": name, **clean}), flush=True)
    else:
        print(line, flush=True)


def percentile(values: list[float], q: float) -> float:
    """The ``q``-th percentile (0 to 100) by nearest rank; NaN for no values. One definition
    for every benchmark, so that their p95s compare."""
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, round(q / 100 * (len(ordered) - 1))))]

"""How a benchmark reports: a line for people, or with ``--json`` one JSON object per result
for scripts (the cluster runs of ``load.py``) and for the suite, whose tests check the figures
and their names rather than the wording of the line, which is free to change."""

from __future__ import annotations

import argparse
import json
import math


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

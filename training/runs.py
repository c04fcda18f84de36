"""A training run's folder: its settings, its log and its files written whole.

Every command of ``training/`` writes under one ``--run`` folder and can be stopped at any time
and run again to go on: its settings are kept in ``config.json`` (a run refuses a command with
other settings, which would mix two experiments' data), each unit of work (a shard of self-play,
an epoch) is written whole by ``atomic_write`` and logged with its CPU seconds in
``log.jsonl``, the learning curve's source.
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
"""The checkout the training runs from."""


def atomic_write(path: Path, data: bytes) -> None:
    """``data`` to ``path``, whole or not at all: a run stopped mid-write leaves no half file
    that the next run would take for finished work."""
    tmp = path.with_suffix(path.suffix + ".tmp")
    tmp.write_bytes(data)
    os.replace(tmp, path)


class Run:
    """The folder of one run: ``config.json``, ``log.jsonl`` and the ``subfolders`` it names."""

    def __init__(
        self, folder: Path, config: dict[str, Any], subfolders: tuple[str, ...] = ("shards", "nets")
    ) -> None:
        self.folder = folder
        folder.mkdir(parents=True, exist_ok=True)
        for name in subfolders:
            (folder / name).mkdir(exist_ok=True)
        path = folder / "config.json"
        if path.exists():
            saved = json.loads(path.read_text())
            if saved != config:
                raise SystemExit(f"{folder} is a run with other settings: {saved}")
        else:
            path.write_text(json.dumps(config, indent=1) + "\n")
        self.config = config

    def log(self, entry: dict[str, Any]) -> None:
        """One line of ``log.jsonl`` (and of the output), stamped with the time."""
        entry = {"time": time.strftime("%Y-%m-%d %H:%M:%S"), **entry}
        with (self.folder / "log.jsonl").open("a") as out:
            out.write(json.dumps(entry) + "\n")
        print(json.dumps(entry), flush=True)

    def entries(self) -> list[dict[str, Any]]:
        path = self.folder / "log.jsonl"
        if not path.exists():
            return []
        return [json.loads(line) for line in path.read_text().splitlines() if line.strip()]

    def cpu_so_far(self) -> float:
        """The CPU seconds of every unit of work logged so far."""
        return sum(float(e.get("cpu_s", 0)) for e in self.entries())


def deadline_of(max_minutes: float | None) -> float:
    """The ``time.monotonic()`` at which a command given ``--max-minutes`` stops (resumably)."""
    return time.monotonic() + (max_minutes * 60 if max_minutes else float("inf"))


__all__ = ["ROOT", "Run", "atomic_write", "deadline_of"]

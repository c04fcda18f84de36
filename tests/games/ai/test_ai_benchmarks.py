"""The AI benchmarks stay runnable end to end on a tiny budget (no timing or strength asserted)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[3]


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_search_benchmark_prints_its_figures() -> None:
    out = _run(
        "benchmarks/ai.py",
        "--deals",
        "1",
        "--solves",
        "1",
        "--sizes",
        "8",
        "--games",
        "sueca",
        "--levels",
        "easy,hard",
    )
    assert re.search(r"rollouts/s", out)
    assert re.search(r"8 cards left: [\d,.]+ solves/s", out)
    assert re.search(r"^sueca hard: move p50 [\d.]+ ms, p95 [\d.]+ ms", out, re.M)


def test_duel_resumes_from_its_results_file(tmp_path: Path) -> None:
    results = tmp_path / "duel.jsonl"
    args = ("benchmarks/ai_duel.py", "briscola", "normal", "random", "--results", str(results))
    first = _run(*args, "--deals", "2")
    assert "2 duplicate deals" in first
    rows = results.read_text().splitlines()
    assert json.loads(rows[0])["config"]["a"] == "normal" and len(rows) == 3
    second = _run(*args, "--deals", "3")
    assert "3 duplicate deals" in second
    assert len(results.read_text().splitlines()) == 4


def test_duel_in_worker_processes_gives_the_same_deals(tmp_path: Path) -> None:
    """A deal's figure depends on its number and the seed only, whichever process plays it."""

    def margins(path: Path) -> dict[int, float]:
        rows = [json.loads(line) for line in path.read_text().splitlines()[1:]]
        return {int(r["deal"]): float(r["margin"]) for r in rows}

    one, two = tmp_path / "one.jsonl", tmp_path / "two.jsonl"
    base = ("benchmarks/ai_duel.py", "belote", "normal", "random", "--deals", "4")
    _run(*base, "--results", str(one))
    out = _run(*base, "--results", str(two), "--jobs", "2")
    assert "4 duplicate deals" in out
    assert margins(one) == margins(two) and len(margins(two)) == 4


def test_duel_on_random_rules_draws_each_deals_rules(tmp_path: Path) -> None:
    """``--rules random``: each deal's options come from what the lobby offers, the same for
    both rotations of the deal, and differ between deals."""
    results = tmp_path / "duel.jsonl"
    _run(
        "benchmarks/ai_duel.py",
        "coinche",
        "easy",
        "random",
        "--deals",
        "3",
        "--rules",
        "random",
        "--results",
        str(results),
    )
    lines = results.read_text().splitlines()
    assert json.loads(lines[0])["config"]["rules"] == "random"
    options = [json.loads(line)["options"] for line in lines[1:]]
    assert len(options) == 3 and all(o.keys() >= {"scoring_method", "rounding"} for o in options)
    assert len({json.dumps(o, sort_keys=True) for o in options}) > 1


def test_duel_against_briscolabot_checks_its_rules(tmp_path: Path) -> None:
    """The BriscolaBot opponent (``bench`` extra and its model beside the checkout) plays a
    deal with its rules checked at each of its moves, and the game score is printed."""
    pytest.importorskip("onnxruntime")
    pytest.importorskip("onnx")
    model = "shared/peers/briscolabot/briscola-bot-v3.onnx"
    if not any((folder / model).exists() for folder in ROOT.parents):
        pytest.skip(f"BriscolaBot's model is not in any ../{model}")
    out = _run("benchmarks/ai_duel.py", "briscola", "easy", "briscolabot", "--deals", "1")
    assert re.search(r"rules checked against the peer's at \d+ of its moves", out)
    assert re.search(r"easy game score \(won 1, drawn ½\): [\d.]+", out)


def test_duel_plays_a_network_file_against_the_search_and_times_the_cpu() -> None:
    """``hard@NET.npz`` (a training run's network) and ``hard-search`` (hard without the learned
    value) are players, and the CPU time of their moves is printed (the one-core budget)."""
    net = ROOT / "games" / "ai" / "weights" / "briscola2.npz"
    out = _run(
        "benchmarks/ai_duel.py", "briscola", f"hard@{net}:4", "hard-search:4", "--deals", "1"
    )
    assert "1 duplicate deals" in out
    assert re.search(r"hard-search:4 move CPU time \(one core\): p50 [\d.]+ ms", out)
    assert re.search(r"hard@.*briscola2\.npz:4 move CPU time \(one core\): p50 [\d.]+ ms", out)

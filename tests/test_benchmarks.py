"""The benchmarks stay runnable: each runs end to end on a tiny budget (no timing is asserted)."""

from __future__ import annotations

import asyncio
import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_engine_benchmark_prints_one_line_per_game() -> None:
    out = _run("benchmarks/engine.py", "--runs", "1", "--deals", "3")
    games = re.findall(r"^(\w+): \d+ deals/s", out, re.M)
    assert games == ["belote", "coinche", "piquet", "briscola", "chiamata", "sueca"]


def test_render_benchmark_prints_time_and_size() -> None:
    out = _run("benchmarks/render.py", "--renders", "6")
    lines = re.findall(r"^(\w+) ([\w ]+): [\d.]+ ms, \d+ KB$", out, re.M)
    assert ("coinche", "table") in lines and ("piquet", "hand") in lines


@pytest.mark.skipif(
    importlib.util.find_spec("belote") is None,
    reason="belote-cli is benchmark-only: pip install -e '.[bench]'",
)
def test_belote_cli_comparison_agrees_step_by_step() -> None:
    out = _run("benchmarks/belote_cli_compare.py", "--deals", "16")
    agreed = re.findall(r"^  legal cards: (\d+)/(\d+) agree", out, re.M)
    assert agreed == [("512", "512"), ("512", "512")], out
    assert re.findall(r"unexplained differences: (\d+)", out) == ["0", "0"], out


def test_belote_cli_comparison_answers_help_without_belote_cli() -> None:
    """``--help`` needs no belote-cli (imported as missing here); a run says how to install it."""
    code = (
        "import runpy, sys\n"
        "sys.modules['belote'] = None\n"  # import belote raises ImportError
        "sys.argv = ['belote_cli_compare.py', *sys.argv[1:]]\n"
        "runpy.run_path('benchmarks/belote_cli_compare.py', run_name='__main__')\n"
    )
    helped = subprocess.run(
        [sys.executable, "-c", code, "--help"], cwd=ROOT, capture_output=True, text=True
    )
    assert helped.returncode == 0 and "--deals" in helped.stdout, helped.stderr
    refused = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert refused.returncode == 1
    assert refused.stderr.strip() == "belote-cli is not installed: pip install belote-cli==4.9.6"


def test_memory_benchmark_prints_idle_and_load() -> None:
    out = _run("benchmarks/memory.py", "--tables", "2", "--duration", "3")
    assert re.search(r"^idle: \d+ MB \(bot \d+ MB, .*drawing", out, re.M), out
    assert "SIGTERM stopped it" not in out, out  # a clean stop: exit code 0
    assert re.search(r"^load: \d+ MB median, \d+ MB peak \(2 realistic tables", out, re.M), out
    assert re.search(r"^  load.py: realistic, 2 tables", out, re.M), out


def test_load_benchmark_prints_one_line_per_run() -> None:
    out = _run("benchmarks/load.py", "--tables", "2", "--duration", "2")
    assert re.search(
        r"^flat-out, 2 tables, 2 s: ack p50 \S+ ms .* click->table .* loop lag p99.9 .*"
        r" actions/s; .* acks over 3 s: \d+ of \d+;",
        out,
        re.M,
    ), out


def test_load_benchmark_runs_two_pinned_clusters_on_postgresql(pg_server: Any) -> None:
    url = asyncio.run(pg_server.new_database())
    out = _run(
        "benchmarks/load.py", "--tables", "2", "--duration", "2", "--db", url,
        "--clusters", "2", "--pin", "--image-processes", "0",
    )  # fmt: skip
    lines = re.findall(r"^cluster (\d)/2: flat-out, 1 tables, .* actions/s; .*", out, re.M)
    assert lines == ["0", "1"], out
    assert re.search(r"database server [\d.]+ ms CPU per action", out), out
    assert re.search(
        r"^2 clusters, 2 tables: [\d.]+ actions/s in all; [\d.]+ ms CPU per action in all",
        out,
        re.M,
    ), out


def test_restart_benchmark_prints_one_line() -> None:
    out = _run("benchmarks/restart.py", "--tables", "3", "--clicks", "2")
    assert re.search(r"^restart, 3 tables .* start->ready \d+ ms; 2 first clicks", out, re.M), out


def test_leaderboard_benchmark_prints_its_three_figures() -> None:
    out = _run("benchmarks/leaderboard.py", "--players", "30", "--games", "120", "--samples", "5")
    figures = re.findall(r"^(.+): p50 [\d.]+ ms, p95 [\d.]+ ms", out, re.M)
    assert figures == [
        "/leaderboard (image included)",
        "/stats (chart included)",
        "rating update at game end",
    ]

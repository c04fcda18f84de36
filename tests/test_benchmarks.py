"""The benchmarks stay runnable: each runs end to end on a tiny budget (no timing is asserted)."""

from __future__ import annotations

import asyncio
import importlib.util
import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from games.registry import GAME_NAMES
from tests.support import early_runs

ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> str:
    done = subprocess.run(
        [sys.executable, *args], cwd=ROOT, capture_output=True, text=True, timeout=300
    )
    assert done.returncode == 0, done.stderr
    return done.stdout


def _early(name: str, tmp_path: Path) -> str:
    """The output of a benchmark started with the run (``tests.support.early_runs``: its
    arguments are there), or run now."""
    done, _ = early_runs.run(name, tmp_path, timeout=300)
    assert done.returncode == 0, done.stderr
    return done.stdout


def _parsed(out: str) -> list[dict[str, Any]]:
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")]


def _figures(*args: str) -> list[dict[str, Any]]:
    """A benchmark's results with ``--json``: what is measured, not how the line words it."""
    return _parsed(_run(*args, "--json"))


def _positive(*values: object) -> bool:
    return all(isinstance(v, int | float) and v >= 0 for v in values)


def test_engine_benchmark_measures_every_game() -> None:
    results = _figures("benchmarks/engine.py", "--runs", "1", "--deals", "3")
    assert [r["name"] for r in results] == list(GAME_NAMES)
    assert all(r["deals_per_s"] > 0 for r in results)


def test_render_benchmark_prints_time_and_size(tmp_path: Path) -> None:
    out = _early("render", tmp_path)
    lines = re.findall(r"^(\w+) ([\w ]+): [\d.]+ ms, \d+ KB$", out, re.M)
    assert ("coinche", "table") in lines and ("piquet", "hand") in lines
    # The memory a fresh drawing process holds, then with layers of 3 tables more in its cache.
    assert re.search(r"^memory, fresh process: python RSS \d+ MB, PSS \d+ MB$", out, re.M), out
    assert re.search(r"^memory, layer cache filling \(.* 3 tables\): RSS \d+ MB", out, re.M)


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


def test_memory_benchmark_measures_the_process_tree_idle_and_under_load() -> None:
    idle, load = _figures(
        "benchmarks/memory.py", "--tables", "2", "--duration", "0.8", "--calm", "0.6"
    )
    assert idle["name"] == "idle" and load["name"] == "load"
    assert idle["sigterm_exit_code"] == 0  # a clean stop
    processes = idle["processes"]
    assert len(processes["bot"]) == 1 and len(processes["drawing"]) >= 1
    parts = sum(size for sizes in processes.values() for size in sizes)
    assert abs(parts - idle["total_mb"]) < 0.01 and idle["total_mb"] > 0
    assert load["tables"] == 2 and load["samples"] >= 1
    assert 0 < load["median_mb"] <= load["peak_mb"]
    assert load["load"]["name"] == "load" and load["load"]["workload"] == "realistic"


def test_load_benchmark_measures_clicks_and_cpu() -> None:
    (result,) = _figures("benchmarks/load.py", "--tables", "2", "--duration", "0.8")
    assert (result["name"], result["workload"], result["tables"]) == ("load", "flat-out", 2)
    assert result["clicks"] > 0 and result["actions_per_s"] > 0
    assert _positive(result["ack_ms"]["p50"], result["click_to_table_ms"]["p99"])
    assert _positive(result["cpu_ms_per_action"], result["tree_cpu_ms_per_action"])
    assert 0 <= result["acks_over_3s"] <= result["clicks"]
    assert result["drawings_per_action"]["table"] > 0 and 0 <= result["simcord_share"] < 1
    # Discord's global limit: the table message's edits count against it, a click's answer and
    # the hands' edits (an interaction's routes) do not.
    bound = result["global_limit_requests_per_action"]
    assert bound["PATCH /channels/{id}/messages/{id}"] > 0
    assert not any("interaction" in route or "webhooks" in route for route in bound)
    assert result["global_limit_requests_per_s"] > 0 and result["interaction_requests_per_s"] > 0


def test_load_benchmark_keeps_to_a_discord_rate_when_asked() -> None:
    """``--discord-rate``: the bot keeps to Discord's global limit during the run, as ``python
    -m bot`` does (``bot.global_limit``): past the rate, requests wait their place."""
    (result,) = _figures(
        "benchmarks/load.py", "--tables", "2", "--duration", "0.8", "--discord-rate", "2"
    )
    assert result["discord_rate"] == 2
    assert result["requests_that_waited_for_the_limit"] > 0


def test_load_benchmark_measures_open_tables_mirrored_in_three_languages() -> None:
    (result,) = _figures(
        "benchmarks/load.py",
        *("--tables", "2", "--duration", "3"),
        *("--mirrors", "3", "--mirror-languages", "en,fr,ja"),
    )
    assert (result["mirrors"], result["mirror_languages"]) == (3, ["en", "fr", "ja"])
    assert _positive(result["click_to_every_mirror_ms"]["p50"])
    assert result["busiest_channel_5s"]["edits"] <= 5, "within Discord's bucket"


def test_load_benchmark_runs_two_pinned_clusters_on_postgresql(pg_server: Any) -> None:
    url = asyncio.run(pg_server.new_database())
    results = _figures(
        "benchmarks/load.py", "--tables", "2", "--duration", "0.8", "--db", url,
        "--clusters", "2", "--pin", "--image-processes", "0",
    )  # fmt: skip
    clusters = [r for r in results if r["name"] == "cluster"]
    assert [(c["index"], c["count"], c["tables"]) for c in clusters] == [(0, 2, 1), (1, 2, 1)]
    assert all(_positive(c["database_server_ms_per_action"]) for c in clusters)
    (total,) = [r for r in results if r["name"] == "clusters"]
    assert (total["clusters"], total["tables"]) == (2, 2)
    assert total["actions_per_s"] == sum(c["actions_per_s"] for c in clusters)
    assert _positive(total["cpu_ms_per_action"])


def test_restart_benchmark_prints_one_line(tmp_path: Path) -> None:
    (result,) = _parsed(_early("restart", tmp_path))  # 3 tables, 2 clicks
    assert (result["tables"], result["first_clicks"]) == (3, 2)
    assert _positive(result["start_to_ready_ms"], result["ack_ms"]["p50"])
    assert result["hands_shown"] <= 2


def test_leaderboard_benchmark_prints_its_three_figures(tmp_path: Path) -> None:
    results = _parsed(_early("leaderboard", tmp_path))
    timed = [r for r in results if "wall_ms" in r]
    assert [r["name"] for r in timed] == [
        "/leaderboard (image included)",
        "/stats (chart included)",
        "rating update at game end",
    ]
    assert all(
        _positive(r["wall_ms"]["p50"], r["wall_ms"]["p95"], r["cpu_ms"]["p50"]) for r in timed
    )


def test_challenge_benchmark_prints_its_figures(tmp_path: Path) -> None:
    results = _parsed(_early("challenge", tmp_path))  # 20 attempts
    timed = [r for r in results if "wall_ms" in r]
    assert [(r["name"], r["backend"], r["attempts"]) for r in timed] == [
        ("/challenge standings (image included)", "sqlite", 20),
        ("standings read alone (matchpoints of every attempt, ranked)", "sqlite", 20),
        ("/challenge results deal:", "sqlite", 20),
    ]
    assert all(
        _positive(r["wall_ms"]["p50"], r["wall_ms"]["p95"], r["cpu_ms"]["p95"]) for r in timed
    )


def test_review_benchmark_prints_each_level_s_cost_and_the_time(tmp_path: Path) -> None:
    # Belote: the game whose deals are the quickest to play and review at every level.
    (result,) = _parsed(_early("review", tmp_path))  # 2 deals
    assert (result["name"], result["deals"], result["unit"]) == ("belote", 2, "points")
    assert set(result["cost"]) == {"easy", "normal", "hard"}
    assert all(_positive(c["mean"]) for c in result["cost"].values())
    assert set(result["paired"]) == {"easy-normal", "normal-hard"}
    assert isinstance(result["ordered"], bool)
    assert _positive(result["seconds"]["p50"], result["seconds"]["p95"])


def test_review_load_benchmark_times_reviews_beside_tables_in_play() -> None:
    (result,) = _figures(
        "benchmarks/review_load.py",
        "--tables", "2", "--duration", "1", "--warmup", "0.1", "--interval", "0.7", "--deals", "1",
        "--image-processes", "0",
    )  # fmt: skip
    assert result["tables"] == 2
    reviews = result["coinche"]["reviews"] + result["other_games"]["reviews"]
    assert reviews > 0 and result["other_games"]["unanswered"] == 0
    assert _positive(result["other_games"]["p50_s"], result["actions_per_s"])


def test_puzzles_benchmark_prints_counts_kinds_who_finds_them_and_the_time() -> None:
    # Coinche deal 0 of seed 1 holds puzzles, each asked once of every level.
    (result,) = _figures(
        "benchmarks/puzzles.py", "--games", "coinche", "--deals", "1", "--tries", "1"
    )
    assert (result["name"], result["deals"]) == ("coinche", 1)
    assert result["puzzles"] > 0 and result["per_100_deals"] == 100 * result["puzzles"]
    assert set(result["kinds"]) == {"open", "single"}
    assert set(result["found"]) == {"easy", "normal", "hard"}
    assert all(0 <= v <= 1 for v in result["found"].values())
    assert isinstance(result["ordered"], bool)
    assert _positive(result["seconds"]["p50"], result["seconds"]["p95"])


def test_season_board_benchmark_prints_its_figures(tmp_path: Path) -> None:
    results = _parsed(_early("season_board", tmp_path))  # 40 players, 160 games
    timed = [r for r in results if "cpu_ms" in r]
    assert [r["name"] for r in timed] == [
        "/leaderboard season: (no divisions, image included)",
        "/leaderboard season: (a division, image included)",
        "/stats seasons of a player",
    ]
    assert all(r["season_games"] == 160 and _positive(r["wall_ms"]["p95"]) for r in timed)
    (close,) = [r for r in results if r["name"] == "season close"]
    assert _positive(close["wall_ms"])


def test_web_attack_benchmark_reads_under_attack_while_tables_play() -> None:
    (result,) = _figures(
        "benchmarks/web_attack.py",
        *("--tables", "2", "--slow", "20", "--duration", "2", "--warmup", "0.3", "--games", "1"),
        *("--image-processes", "0"),
    )
    assert result["reader_statuses"] == {"200": result["reader_pages"]}
    assert result["reader_pages"] > 0 and result["slow_opened"] >= 20
    assert result["connections_cap"] == [128, 16] and "429" in result["flood_statuses"]
    assert _positive(result["reader_ms"]["95"], result["flood_per_s"])

"""The runs started with the suite (``tests.support.early_runs``) start only where their test
is part of the run, and each is read only by the test named for it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.support import early_runs


def test_a_run_starts_where_its_test_is_among_the_paths() -> None:
    every = list(early_runs.RUNS)
    benchmarks = [n for n, (_, t) in early_runs.RUNS.items() if "test_benchmarks" in t]
    render = "tests/test_benchmarks.py::test_render_benchmark_prints_time_and_size"
    memory = "tests/test_benchmarks.py::test_memory_benchmark_measures_the_process_tree_idle"
    assert early_runs.wanted(["tests"], selecting=False) == every
    assert early_runs.wanted(["."], selecting=False) == every
    assert early_runs.wanted(["tests/test_benchmarks.py"], selecting=False) == benchmarks
    assert early_runs.wanted([render], selecting=False) == ["render"]
    assert early_runs.wanted([f"{render}[x]"], selecting=False) == ["render"]
    assert early_runs.wanted([memory], selecting=False) == []
    assert early_runs.wanted(["tests/bot", "tests/games"], selecting=False) == []
    # -k, -m, --lf: the tests may be left out, nothing starts.
    assert early_runs.wanted(["tests"], selecting=True) == []


def test_every_run_is_checked_by_a_test_that_exists() -> None:
    root = Path(__file__).resolve().parents[1]
    for _, test in early_runs.RUNS.values():
        module, function = test.split("::")
        assert f"def {function}(" in (root / module).read_text("utf-8"), test


def test_a_run_is_read_only_by_its_test(tmp_path: Path) -> None:
    with pytest.raises(AssertionError, match="mypy is checked by"):
        early_runs.run("mypy", tmp_path, timeout=1)

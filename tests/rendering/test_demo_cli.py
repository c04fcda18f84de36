"""``python -m rendering demo --out DIR``: one line and a non-zero exit whenever DIR cannot be
written, never a traceback; exit codes as docs/rendering.md lists them."""

from __future__ import annotations

import contextlib
import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from rendering.__main__ import EXIT_CANNOT_WRITE, main

ROOT = Path(__file__).resolve().parents[2]


def run(*args: str) -> tuple[int, str, str]:
    """The command's ``main`` in-process (drawing the images is the slow part, so the failing
    cases, which draw nothing, are cheap)."""
    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(["demo", *args])
        except SystemExit as exit_:
            code = int(exit_.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_out_is_a_file(tmp_path: Path) -> None:
    target = tmp_path / "file.png"
    target.write_bytes(b"x")
    code, out, err = run("--out", str(target))
    assert code == EXIT_CANNOT_WRITE == 1 and out == ""
    assert err.count("\n") == 1 and "is a file" in err
    assert target.read_bytes() == b"x"


def test_out_whose_parent_is_missing(tmp_path: Path) -> None:
    target = tmp_path / "missing" / "images"
    code, _, err = run("--out", str(target))
    assert code == 1 and err.count("\n") == 1 and "missing does not exist" in err
    assert not (tmp_path / "missing").exists()


def test_out_under_a_file(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("x")
    code, _, err = run("--out", str(tmp_path / "file" / "images"))
    assert code == 1 and err.count("\n") == 1 and "file is not a directory" in err


def test_out_that_cannot_be_created() -> None:
    # /proc refuses new entries even to root, which a chmod'ed directory would not.
    code, _, err = run("--out", "/proc/atout-demo")
    assert code == 1 and err.count("\n") == 1 and err.startswith("rendering demo: cannot write")


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only directories")
def test_out_in_a_read_only_directory(tmp_path: Path) -> None:
    tmp_path.chmod(0o500)
    try:
        code, _, err = run("--out", str(tmp_path / "images"))
    finally:
        tmp_path.chmod(0o700)
    assert code == 1 and err.count("\n") == 1


@pytest.mark.parametrize("value", ["", "  "])
def test_an_empty_out_is_refused(value: str, tmp_path: Path) -> None:
    before = sorted(Path.cwd().iterdir())
    code, out, err = run("--out", value)
    assert code == 2 and out == "" and "--out" in err and "Traceback" not in err
    assert sorted(Path.cwd().iterdir()) == before


def test_the_real_command_refuses_a_file_in_one_line(tmp_path: Path) -> None:
    target = tmp_path / "file"
    target.write_text("x")
    done = subprocess.run(
        [sys.executable, "-m", "rendering", "demo", "--out", str(target)],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 1 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr

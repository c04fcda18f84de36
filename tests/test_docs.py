"""The repository stands on its own: the rules, the record format and the architecture are in
docs/, every option of every engine is documented there, and nothing points outside the
repository (a fresh clone has no ../shared)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from games.registry import game_class

ROOT = Path(__file__).resolve().parents[1]
GAMES = ["belote", "coinche", "piquet", "briscola", "chiamata", "sueca"]


def test_the_documents_exist() -> None:
    for name in (
        "rules.md",
        "records.md",
        "architecture.md",
        "discord.md",
        "engines.md",
        "running.md",
    ):
        assert (ROOT / "docs" / name).is_file(), name


@pytest.mark.parametrize("game", GAMES)
def test_every_option_is_documented(game: str) -> None:
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    for spec in game_class(game).OPTIONS:
        assert f"`{spec.name}`" in rules, f"{game}: option {spec.name} is not in docs/rules.md"


def sources() -> list[Path]:
    found = []
    for folder in ("games", "rendering", "bot", "cogs", "tests", "docs", "benchmarks"):
        found += [p for p in (ROOT / folder).rglob("*") if p.suffix in (".py", ".md")]
    found += [ROOT / "README.md", ROOT / "RULES-NOTES.md"]
    return [p for p in found if "data" not in p.relative_to(ROOT).parts]


def test_nothing_points_outside_the_repository() -> None:
    outside = re.compile(r"\.\./shared|(?<![-\w/])(?:RULES|RECORDS|ARCHITECTURE|UX|STYLE)\.md")
    this_file = Path(__file__).resolve()
    for path in sources():
        if path.resolve() == this_file:
            continue
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            assert not outside.search(line), f"{path.relative_to(ROOT)}:{number}: {line.strip()}"


def test_section_references_exist() -> None:
    """Every "docs/rules.md §N.M" cited in the code names a section of docs/rules.md."""
    rules = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")
    sections = set(re.findall(r"^#{2,3} (\d+(?:\.\d+)?)\.? ", rules, re.MULTILINE))
    cited = re.compile(r"docs/rules\.md[ ,]*§(\d+(?:\.\d+)?)")
    for path in sources():
        for match in cited.finditer(path.read_text(encoding="utf-8")):
            assert match.group(1) in sections, f"{path.relative_to(ROOT)} cites §{match.group(1)}"


def test_ci_runs_exactly_the_readmes_test_command() -> None:
    """The README's second command (a virtual environment, the package with its dev extras,
    the suite) is what CI runs on a fresh clone: a newcomer's first command is the tested one."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    commands = re.findall(r"```sh\n(.*?)\n```", readme, re.S)
    assert "python3 -m venv .venv" in commands[0] and commands[0].endswith("python3 -m bot")
    assert "python3 -m venv .venv" in commands[1] and commands[1].endswith("python3 -m pytest")
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").strip().splitlines()
    assert ci[-1] == commands[1]

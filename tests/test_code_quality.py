"""The house rules of the code base, checked on every run: layers, lint, format and types.

docs/architecture.md's layers are what let the engines serve the bot, the records and the computer
players alike, so a forbidden import fails the suite rather than waiting for a review.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from functools import cache
from pathlib import Path

import pytest

from tests.support import early_runs

ROOT = Path(__file__).resolve().parents[1]

FORBIDDEN = {
    "games": {"discord", "PIL", "aiosqlite", "asyncio", "bot", "cogs", "rendering", "i18n"},
    "i18n": {"discord", "PIL", "aiosqlite", "asyncio", "bot", "cogs", "rendering", "games"},
    "rendering": {"discord", "bot", "cogs", "aiosqlite"},
    "bot": {"cogs"},
    "bot/storage": {"discord", "cogs"},
    "bot/play": {"discord", "cogs"},
    "bot/web": {"discord", "cogs"},
    "harness": {"tests", "benchmarks"},
    "benchmarks": {"tests"},
}
"""``i18n`` is the translation engine under both ``rendering`` and ``bot``; ``harness`` is what
the tests and the benchmarks share, so a benchmark never imports a test module."""


@cache
def _parsed(path: Path) -> tuple[tuple[tuple[str | None, tuple[str, ...]], ...], tuple[int, ...]]:
    """A module's absolute imports, ``(None, names)`` for ``import`` and ``(module, names)`` for
    ``from module import``, and the lines where its ``TypedDict`` classes declare keys: each
    file is parsed once for all the tests below (most read the same files)."""
    tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
    imports: list[tuple[str | None, tuple[str, ...]]] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            imports.append((None, tuple(alias.name for alias in node.names)))
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            imports.append((node.module, tuple(alias.name for alias in node.names)))
    typed = {"TypedDict"}
    keys: list[int] = []
    for node in tree.body:
        if not isinstance(node, ast.ClassDef):
            continue
        # ``CommonView[BeloteContract]``: a generic TypedDict's subscript names its class.
        named = [b.value if isinstance(b, ast.Subscript) else b for b in node.bases]
        bases = {b.id if isinstance(b, ast.Name) else getattr(b, "attr", "") for b in named}
        if bases & typed:
            typed.add(node.name)
            keys += [item.lineno for item in node.body if isinstance(item, ast.AnnAssign)]
    return tuple(imports), tuple(keys)


def _imports(path: Path) -> set[str]:
    names: set[str] = set()
    for module, aliases in _parsed(path)[0]:
        if module is None:
            names.update(aliases)
        else:
            names.add(module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layers_import_only_the_floors_below(layer: str) -> None:
    broken = []
    for path in sorted((ROOT / layer).rglob("*.py")):
        for name in _imports(path):
            if name.split(".")[0] in FORBIDDEN[layer]:
                broken.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not broken, "\n".join(broken)


ROOMS = {
    "bot/storage": {"bot.storage"},
    "bot/storage/databases": {"bot.storage.databases"},
    "bot/storage/tables": {"bot.storage.databases", "bot.storage.shards", "bot.storage.tables"},
    "bot/storage/ratings": {
        "bot.storage.databases",
        "bot.storage.tables",
        "bot.storage.settings",
        "bot.storage.ratings",
    },
    "bot/storage/challenges": {
        "bot.storage.databases",
        "bot.storage.shards",
        "bot.storage.tables",
        "bot.storage.challenges",
    },
    "bot/storage/puzzles": {"bot.storage.databases", "bot.storage.shards", "bot.storage.puzzles"},
    "bot/storage/settings": {"bot.storage.databases", "bot.storage.settings"},
    "bot/storage/open": {
        "bot.storage.databases",
        "bot.storage.shards",
        "bot.storage.tables",
        "bot.storage.open",
    },
    "bot/storage/seasons": {
        "bot.storage.databases",
        "bot.storage.shards",
        "bot.storage.ratings.model",
        "bot.storage.ratings.match",
        "bot.storage.settings",
        "bot.storage.seasons",
    },
    "bot/process": {"bot.process"},
    "bot/play": {
        "bot.storage",
        "bot.play",
        "bot.text.i18n",
        "bot.process.collector",
        "bot.process.allocator",
    },
    "bot/text": {"bot.text"},
    "bot/ui": {"bot.storage", "bot.play", "bot.text", "bot.ui"},
    "bot/table": {"bot.storage", "bot.play", "bot.text", "bot.ui", "bot.table", "bot.web"},
    "bot/challenge": {
        "bot.storage",
        "bot.play",
        "bot.text",
        "bot.ui",
        "bot.table",
        "bot.challenge",
    },
    "bot/web": {"bot.storage", "bot.play", "bot.text", "bot.web"},
    "bot/seasons": {"bot.storage", "bot.text", "bot.ui", "bot.web.links", "bot.seasons"},
    "bot/open": {
        "bot.storage",
        "bot.play",
        "bot.text",
        "bot.ui",
        "bot.table",
        "bot.web",
        "bot.open",
    },
}
"""What each room of bot/ (and of bot/storage) may import of the bot (its __init__.py says why)."""
DISCORD_FREE = ("bot.storage", "bot.play", "bot.web", "bot.process")


@pytest.mark.parametrize("room", sorted(ROOMS))
def test_bot_rooms_import_only_what_their_docstring_allows(room: str) -> None:
    broken = []
    for path in sorted((ROOT / room).rglob("*.py")):
        for name in _imports(path):
            if name != "bot" and not name.startswith("bot."):
                continue
            if not any(name == ok or name.startswith(ok + ".") for ok in ROOMS[room]):
                broken.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not broken, "\n".join(broken)


def test_storage_and_play_load_no_discord() -> None:
    """Not only no ``import discord`` in their files (the layer test above): importing every
    module of the two rooms, with everything they import in turn, leaves discord unloaded."""
    modules = [
        ".".join(path.relative_to(ROOT).with_suffix("").parts)
        for package in DISCORD_FREE
        for path in sorted((ROOT / package.replace(".", "/")).rglob("*.py"))
    ]
    code = (
        "import importlib, sys\n"
        f"for name in {modules!r}:\n"
        "    importlib.import_module(name.removesuffix('.__init__'))\n"
        "loaded = sorted(m for m in sys.modules if m == 'discord' or m.startswith('discord.'))\n"
        "print(','.join(loaded[:3]))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True)
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "", f"importing {DISCORD_FREE} loads {done.stdout.strip()}"


def test_cogs_do_not_import_each_other() -> None:
    broken = []
    for path in sorted((ROOT / "cogs").glob("*.py")):
        for name in _imports(path):
            if name.startswith("cogs.") or name == "cogs":
                broken.append(f"{path.relative_to(ROOT)} imports {name}")
    assert not broken, "\n".join(broken)


def _module_graph() -> dict[str, set[str]]:
    """Which of our modules each module imports (at any level, ``TYPE_CHECKING`` included: a
    circle that only the type checker sees still ties the modules into one)."""
    modules: dict[str, Path] = {}
    for package in ("games", "i18n", "rendering", "bot", "cogs"):
        for path in (ROOT / package).rglob("*.py"):
            parts = path.relative_to(ROOT).with_suffix("").parts
            modules[".".join(parts[:-1] if parts[-1] == "__init__" else parts)] = path
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        targets: set[str] = set()
        for module, aliases in _parsed(path)[0]:
            if module is None:
                targets.update(aliases)
            else:
                for alias in aliases:
                    sub = f"{module}.{alias}"
                    targets.add(sub if sub in modules else module)
        graph[name] = {t for t in targets if t in modules and t != name}
    return graph


def test_no_import_circle() -> None:
    graph = _module_graph()
    circles: list[list[str]] = []

    def visit(name: str, path: list[str], done: set[str]) -> None:
        for target in sorted(graph[name]):
            if target in path:
                circles.append([*path[path.index(target) :], target])
            elif target not in done:
                done.add(target)
                visit(target, [*path, target], done)

    for start in sorted(graph):
        visit(start, [start], {start})
    assert not circles, "\n".join(" -> ".join(c) for c in circles[:10])


def _run(*command: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(
        [sys.executable, "-m", *command], cwd=ROOT, capture_output=True, text=True, timeout=600
    )


def test_ruff_lint_and_format_are_clean() -> None:
    lint = _run("ruff", "check", ".")
    assert lint.returncode == 0, lint.stdout + lint.stderr
    fmt = _run("ruff", "format", "--check", ".")
    assert fmt.returncode == 0, fmt.stdout + fmt.stderr


def test_mypy_is_clean(tmp_path: Path) -> None:
    done, _ = early_runs.run("mypy", tmp_path, timeout=600)
    assert done.returncode == 0, done.stdout + done.stderr


DEAD_CODE_PATHS = ("games", "i18n", "rendering", "bot", "cogs", "training")
"""Where dead code is looked for. ``benchmarks`` and ``scripts`` are read too, as users: what
only a benchmark calls is not dead. The tests are not: a function only its own test calls is."""
DEAD_CODE_USERS = ("benchmarks", "scripts", "tests/support/dead_code_whitelist.py")
DEAD_CODE_DECORATORS = ["@app_commands.command", "@table_command"]
"""Slash commands (``/table``'s through ``cogs.tables.table_command``): discord.py finds them on
the cog, nothing calls them by name."""


def _typed_dict_keys() -> set[tuple[str, int]]:
    """Where a ``TypedDict`` declares a key (file, line): views, events and rows are read with
    ``view["trick"]``, a string vulture cannot follow back to the declaration."""
    keys: set[tuple[str, int]] = set()
    for package in DEAD_CODE_PATHS:
        for path in (ROOT / package).rglob("*.py"):
            keys.update((str(path), line) for line in _parsed(path)[1])
    return keys


def test_no_dead_code() -> None:
    """No function, class, method, constant or attribute in the production code that nothing
    uses (vulture, 60 % confidence and up). What is used where vulture cannot see it (discord.py
    callbacks, a hook only the tests call) is named in ``tests/support/dead_code_whitelist.py``,
    each with who uses it."""
    import vulture

    finder = vulture.Vulture(ignore_decorators=DEAD_CODE_DECORATORS)
    finder.scavenge([str(ROOT / p) for p in (*DEAD_CODE_PATHS, *DEAD_CODE_USERS)])
    keys = _typed_dict_keys()
    dead = [
        item.get_report(add_size=False)
        for item in finder.get_unused_code(min_confidence=60)
        if Path(item.filename).relative_to(ROOT).parts[0] in DEAD_CODE_PATHS
        and (str(item.filename), item.first_lineno) not in keys
    ]
    assert not dead, "\n".join(dead)

"""A catalogue's kept parse (``i18n.catalogue.read_resource``) is only ever the parse of the file
as it is now: edited, the file is parsed again; a damaged parse is parsed again; nothing is
written where Python writes no bytecode, unless asked."""

from __future__ import annotations

from pathlib import Path

import pytest

import i18n.catalogue
from i18n.catalogue import Catalogue, cached_path, read_resource


@pytest.fixture
def parses(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The texts fluent was asked to parse."""
    seen: list[str] = []
    parse = i18n.catalogue.FluentResource

    def counted(source: str) -> object:
        seen.append(source)
        return parse(source)

    monkeypatch.setattr(i18n.catalogue, "FluentResource", counted)
    return seen


def catalogue(root: Path, text: str) -> Catalogue:
    (root / "en").mkdir(exist_ok=True)
    (root / "en" / "t.ftl").write_text(text, encoding="utf-8")
    return Catalogue(root, "t.ftl")


def keep(kept: Catalogue) -> Path:
    """As the test run keeps the parses for the processes it starts (tests/conftest.py)."""
    path = kept.path("en")
    read_resource(path, write=True)
    return cached_path(path, path.read_bytes())


def test_a_kept_parse_is_read_back_and_an_edit_is_parsed_again(
    tmp_path: Path, parses: list[str]
) -> None:
    first = catalogue(tmp_path, "hello = Hello { $name }\n")
    assert keep(first).is_file()
    assert len(parses) == 1
    assert Catalogue(tmp_path, "t.ftl").text("hello", "en", name="Ann") == "Hello Ann"
    assert len(parses) == 1, "the kept parse was read, not the file parsed again"
    edited = catalogue(tmp_path, "hello = Good evening { $name }\n")
    assert edited.text("hello", "en", name="Ann") == "Good evening Ann"
    assert len(parses) == 2
    # Kept again, the parse of the old text is gone: one file per catalogue file.
    keep(edited)
    assert len(list((tmp_path / "en" / "__pycache__").glob("t.ftl.*.pickle"))) == 1


def test_a_damaged_parse_is_parsed_again(tmp_path: Path, parses: list[str]) -> None:
    kept = catalogue(tmp_path, "hello = Hello\n")
    path = keep(kept)
    path.write_bytes(b"\x80\x05not a pickle")
    assert Catalogue(tmp_path, "t.ftl").text("hello", "en") == "Hello"
    assert len(parses) == 2


def test_nothing_is_written_where_python_writes_no_bytecode(
    tmp_path: Path, parses: list[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    path = catalogue(tmp_path, "hello = Hello\n").path("en")
    monkeypatch.setattr("sys.dont_write_bytecode", True)
    read_resource(path)
    assert not (tmp_path / "en" / "__pycache__").exists()
    monkeypatch.setattr("sys.dont_write_bytecode", False)
    read_resource(path)
    assert cached_path(path, path.read_bytes()).is_file()
    read_resource(path)
    assert len(parses) == 2

"""The test suite's parsed catalogues (``i18n.catalogue.PARSED``) are the parses of the files as
they are now: a process reading them speaks exactly as one that parses the files itself."""

from __future__ import annotations

import os
import pickle
from pathlib import Path

import pytest
from fluent.runtime import FluentResource

from i18n import catalogue
from i18n.catalogue import Catalogue

ROOT = Path(__file__).resolve().parents[3]


def test_the_run_reads_a_parse_of_every_catalogue_as_it_is() -> None:
    kept = Path(os.environ[catalogue.PARSED])
    files = sorted(ROOT.glob("*/**/locales/*/*.ftl"))
    assert len(files) >= 18
    for path in files:
        text = path.read_text(encoding="utf-8")
        with (kept / catalogue.parsed_name(text)).open("rb") as file:
            assert pickle.load(file).equals(FluentResource(text), ignored_fields=[]), path


def test_a_file_without_its_parse_is_parsed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    (tmp_path / "en").mkdir()
    path = tmp_path / "en" / "a.ftl"
    path.write_text("hello = Hello\n", encoding="utf-8")
    # A parse of the file's older text, kept under its older name, is never read for the new.
    (tmp_path / "parsed").mkdir()
    older = "hello = Hi\n"
    with (tmp_path / "parsed" / catalogue.parsed_name(older)).open("wb") as file:
        pickle.dump(FluentResource(older), file)
    monkeypatch.setenv(catalogue.PARSED, str(tmp_path / "parsed"))
    assert Catalogue(tmp_path, "a.ftl").text("hello") == "Hello"
    monkeypatch.setenv(catalogue.PARSED, str(tmp_path / "nowhere"))
    assert Catalogue(tmp_path, "a.ftl").text("hello") == "Hello"

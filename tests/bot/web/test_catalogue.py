"""The pages speak Atout's six languages: every sentence in each, with the same variables, in
the voice the bot uses (tu in French and in Portugal, você in Brazil), and every key the pages
use written in English."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from bot.web.text import LOCALES, WEB
from tests.support import i18n_checks

ROOT = Path(__file__).resolve().parents[3] / "bot" / "web"
FULL = [locale for locale in LOCALES if locale != "pt-BR"]


def messages(locale: str) -> dict[str, set[str]]:
    """Each message of ``locale``'s web.ftl and the variables it uses."""
    return {
        key: i18n_checks.variables(entry)
        for key, entry in i18n_checks.messages(WEB.path(locale)).items()
    }


@pytest.mark.parametrize("locale", LOCALES)
def test_every_catalogue_reads_cleanly(locale: str) -> None:
    """No line Fluent cannot read, no sentence written twice or without a value."""
    assert i18n_checks.parse_problems(WEB, locale) == []


def test_every_language_has_the_pages_catalogue() -> None:
    assert sorted(WEB.locales()) == sorted(LOCALES)


@pytest.mark.parametrize("locale", [*FULL[1:], "pt-BR"])
def test_every_sentence_in_every_language_with_the_same_variables(locale: str) -> None:
    english = messages("en")
    theirs = messages(locale)
    if locale != "pt-BR":
        assert sorted(set(english) - set(theirs)) == [], f"{locale} lacks these sentences"
    assert sorted(set(theirs) - set(english)) == [], f"{locale} has sentences English lacks"
    differing = {k: (english[k], v) for k, v in theirs.items() if english[k] != v}
    assert differing == {}, f"{locale}: variables differ from English"


@pytest.mark.parametrize("locale", FULL[1:])
def test_the_pages_are_translated_not_copied(locale: str) -> None:
    english = messages("en")
    same = [k for k in english if WEB.text(k, locale) == WEB.text(k, "en") and k != "web_site"]
    assert len(same) < len(english) // 8, same


def test_the_voice_of_each_language() -> None:
    assert not re.search(r"\bvous\b", WEB.path("fr").read_text("utf-8"), re.I)
    assert not re.search(r"\bvocê\b", WEB.path("pt-PT").read_text("utf-8"), re.I)
    assert re.search(r"\bvocê\b", WEB.path("pt-BR").read_text("utf-8"))


def test_every_key_the_pages_use_is_written() -> None:
    used: set[str] = set()
    for path in [*ROOT.glob("*.py"), *ROOT.glob("templates/*.html")]:
        used |= set(re.findall(r"""["'](web_[a-z_]+)["']""", path.read_text("utf-8")))
    used |= {f"web_verdict_{v}" for v in ("mistake", "unlucky", "fine")}
    used -= {"web_settings", "web_text"}  # names of code, not sentences
    assert sorted(key for key in used if not WEB.has(key)) == []

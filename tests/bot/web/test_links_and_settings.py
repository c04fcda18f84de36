"""The pages' addresses are signed and the web settings are refused in one line when wrong."""

from __future__ import annotations

import pytest

from bot.config import load_settings
from bot.web.links import Signer, WebLinks
from bot.web.settings import DEFAULT_BIND
from bot.web.text import reader_locale


def test_a_token_opens_only_what_it_was_signed_for() -> None:
    signer = Signer("a" * 40)
    token = signer.token("deal", 12, 3)
    assert signer.open("deal", token) == ["12", "3"]
    assert signer.open("game", token) is None, "a deal's link opens no game"
    assert Signer("b" * 40).open("deal", token) is None, "another instance's secret"
    numbers, sig = token.rsplit("-", 1)
    assert signer.open("deal", f"13-3-{sig}") is None, "another table, same signature"
    assert signer.open("deal", f"{numbers}-{sig[:-1]}x") is None
    assert signer.open("deal", "12-3") is None
    links = WebLinks("https://atout.example.org/pages", signer)
    assert links.deal(12, 2).startswith("https://atout.example.org/pages/deal/12-3-")
    assert links.deal(12, 2, seat=1).startswith("https://atout.example.org/pages/deal/12-3-s1-")
    assert len({links.deal(12, 2), links.deal(12, 2, 0), links.game(12)}) == 3


def settings(**values: str) -> object:
    return load_settings(values, dotenv="/nonexistent/.env").web


def test_the_web_settings() -> None:
    off = settings()
    assert not off.enabled and (off.host, off.port) == DEFAULT_BIND  # type: ignore[attr-defined]
    on = settings(ATOUT_WEB_URL="https://atout.example.org/", ATOUT_WEB_BIND="0.0.0.0:9000")
    assert on.url == "https://atout.example.org"  # type: ignore[attr-defined]
    assert (on.host, on.port) == ("0.0.0.0", 9000)  # type: ignore[attr-defined]
    assert settings(ATOUT_WEB_BIND="[::1]:8080").host == "::1"  # type: ignore[attr-defined]


@pytest.mark.parametrize(
    ("name", "value"),
    [
        ("ATOUT_WEB_URL", "atout.example.org"),
        ("ATOUT_WEB_URL", "ftp://atout.example.org"),
        ("ATOUT_WEB_URL", "https://atout.example.org/?x=1"),
        ("ATOUT_WEB_URL", "https://user:pw@atout.example.org"),
        ("ATOUT_WEB_URL", "https://atout.example.org:99999"),
        ("ATOUT_WEB_BIND", "8080"),
        ("ATOUT_WEB_BIND", "localhost:0"),
        ("ATOUT_WEB_BIND", "localhost:http"),
        ("ATOUT_WEB_BIND", "[nope]:8080"),
        ("ATOUT_WEB_BIND", "bad host:8080"),
        ("ATOUT_WEB_SECRET", "short"),
    ],
)
def test_a_wrong_setting_is_refused_in_one_line_naming_it(name: str, value: str) -> None:
    with pytest.raises(ValueError) as refused:
        settings(**{name: value})
    line = str(refused.value)
    assert name in line and "\n" not in line
    if name == "ATOUT_WEB_SECRET":
        assert value not in line, "a secret is never printed"


@pytest.mark.parametrize(
    ("header", "locale"),
    [
        (None, "en"),
        ("fr-CA,fr;q=0.9,en;q=0.8", "fr"),
        ("de-DE,de;q=0.9,it;q=0.8", "it"),
        ("en-US,fr;q=0.5", "en"),
        ("pt-BR", "pt-BR"),
        ("pt", "pt-PT"),
        ("de, ja;q=0.1", "ja"),
        ("zh, *;q=0.5", "en"),
        ("fr;q=x, it", "it"),
        ("ja;q=0.2, fr;q=0.8", "fr"),
    ],
)
def test_the_readers_language_from_their_browser(header: str | None, locale: str) -> None:
    assert reader_locale(header) == locale

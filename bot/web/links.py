"""The pages' addresses: signed, so that only a link the bot gave opens a page.

A page's address names what it shows (a table and a deal, a game, a challenge's deal, a server's
leaderboard) followed by an HMAC of those numbers under the instance's secret: nobody can list a
server's games, walk the table ids or turn one deal's link into another's, and a link whose
signature does not match answers 404 like an unknown one. The signature covers the kind of page
too, so a deal's link never opens a game.

The secret is made at the first start and kept in the database (``storage.instance.web_secret``), so
every process on that database (the bot's clusters, ``python -m bot web``) signs alike and links
survive restarts; ``ATOUT_WEB_SECRET`` overrides it (and changing it retires every link given).

Addresses are ``<base>/<kind>/<numbers>-<signature>``; every page sits one folder deep, so the
pages link to each other and to their assets relatively and work under a path prefix too.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import re
import secrets
from dataclasses import dataclass
from typing import Final, Literal, Protocol

Kind = Literal["deal", "game", "challenge", "board", "season"]

SIGNATURE_CHARS: Final = 22
"""Base64url characters of the signature kept: 132 bits, beyond any guessing."""
SECRET_MIN: Final = 32
"""Shortest ``ATOUT_WEB_SECRET`` accepted, in characters."""
TOKEN: Final = re.compile(r"(?P<numbers>[0-9a-z]+(?:-[0-9a-z]+){0,3})-(?P<sig>[A-Za-z0-9_-]{22})")
"""A page's last path segment: up to four numbers or names, then the signature."""


def new_secret() -> str:
    """A fresh secret for a new instance (stored at its first start)."""
    return secrets.token_urlsafe(32)


@dataclass(frozen=True)
class Signer:
    """Signs and checks the tokens of page addresses under one secret."""

    secret: str

    def signature(self, kind: Kind, numbers: str) -> str:
        mac = hmac.new(self.secret.encode(), f"{kind}:{numbers}".encode(), hashlib.sha256)
        return base64.urlsafe_b64encode(mac.digest()).decode()[:SIGNATURE_CHARS]

    def token(self, kind: Kind, *parts: int | str) -> str:
        numbers = "-".join(str(part) for part in parts)
        return f"{numbers}-{self.signature(kind, numbers)}"

    def open(self, kind: Kind, token: str) -> list[str] | None:
        """The parts a token was made of, or None when it was not signed here for ``kind``."""
        match = TOKEN.fullmatch(token)
        if match is None:
            return None
        numbers = match["numbers"]
        if not hmac.compare_digest(self.signature(kind, numbers), match["sig"]):
            return None
        return numbers.split("-")


@dataclass(frozen=True)
class WebLinks:
    """The public addresses of the pages, as Discord's link buttons give them."""

    base_url: str
    """``ATOUT_WEB_URL`` without its trailing slash."""
    signer: Signer

    def _url(self, kind: Kind, *parts: int | str, suffix: str = "") -> str:
        return f"{self.base_url}/{kind}/{self.signer.token(kind, *parts)}{suffix}"

    def deal(self, table_id: int, deal_no: int, seat: int | None = None) -> str:
        """A finished deal (``deal_no`` from 0); with ``seat``, that seat's review on it."""
        if seat is None:
            return self._url("deal", table_id, deal_no + 1)
        return self._url("deal", table_id, deal_no + 1, f"s{seat}")

    def game(self, table_id: int) -> str:
        return self._url("game", table_id)

    def challenge_deal(self, challenge_id: int, deal_no: int) -> str:
        """A challenge deal's traveller: every member's play of it (``deal_no`` from 0)."""
        return self._url("challenge", challenge_id, deal_no + 1)

    def board(self, guild_id: int, game: str) -> str:
        """A server's leaderboard of one game."""
        return self._url("board", guild_id, game)

    def season(self, guild_id: int, game: str, number: int) -> str:
        """A server's standings of one game in one season (issue 45)."""
        return self._url("season", guild_id, game, number)


class AheadOfReaders(Protocol):
    """The web server, as the bot tells it what ends (``server.WebServer``)."""

    def deal_over(self, table_id: int, deal_no: int, locale: str) -> None: ...

    def game_over(self, table_id: int, locale: str) -> None: ...


class LinkHolder:
    """Where Discord's messages find the links: set once the web server has its secret, and
    never without ``ATOUT_WEB_URL`` (then no link button is shown anywhere).

    The messages that post a link say so here too (``deal_over``, ``game_over``): the server in
    this process makes that page at once, so that the players who click the link find it
    made. Neither waits: the page is made off the event loop."""

    def __init__(self) -> None:
        self.links: WebLinks | None = None
        self.pages: AheadOfReaders | None = None

    def deal_over(self, table_id: int, deal_no: int, locale: str) -> None:
        """Deal ``deal_no`` (from 0) is over and its link posted in the table's ``locale``."""
        if self.pages is not None:
            self.pages.deal_over(table_id, deal_no, locale)

    def game_over(self, table_id: int, locale: str) -> None:
        if self.pages is not None:
            self.pages.game_over(table_id, locale)


def relative(kind: Kind, signer: Signer, *parts: int | str) -> str:
    """A page's address as another page links it (``../game/…``): every page is one folder
    deep, so the same address works at the root and under a proxy's path prefix."""
    return f"../{kind}/{signer.token(kind, *parts)}"


__all__ = [
    "SECRET_MIN",
    "AheadOfReaders",
    "Kind",
    "LinkHolder",
    "Signer",
    "WebLinks",
    "new_secret",
    "relative",
]

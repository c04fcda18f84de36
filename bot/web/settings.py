"""The web pages' settings, read with the others (``bot.config``), each refused in one line when
it is wrong:

- ``ATOUT_WEB_URL``: the public address of the pages (``https://atout.example.org``), used in
  the links the bot gives; the pages are served only when it is set;
- ``ATOUT_WEB_BIND``: where the server listens, ``host:port`` (default ``127.0.0.1:8080``: a
  reverse proxy on the same machine serves HTTPS in front, docs/running.md);
- ``ATOUT_WEB_SECRET``: the key of the links' signatures, instead of the one the bot makes and
  keeps in its database;
- ``ATOUT_WEB_TRUSTED_PROXIES``: the reverse proxies whose ``X-Forwarded-For`` says whom the
  rate counts (``bot.web.guard``), addresses or networks; none by default.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Final
from urllib.parse import urlsplit

from bot.web.guard import Network, parse_networks
from bot.web.links import SECRET_MIN
from bot.web.text import web_text

DEFAULT_BIND: Final = ("127.0.0.1", 8080)
HOST_NAME: Final = re.compile(r"(?=.{1,253}$)[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?")


@dataclass(frozen=True)
class WebSettings:
    url: str | None = None
    """``ATOUT_WEB_URL`` without a trailing slash; ``None``: no pages in the bot's process."""
    host: str = DEFAULT_BIND[0]
    port: int = DEFAULT_BIND[1]
    secret: str | None = None
    """``ATOUT_WEB_SECRET``; ``None``: the secret kept in the database."""
    trusted_proxies: tuple[Network, ...] = ()
    """``ATOUT_WEB_TRUSTED_PROXIES``: the proxies that may say whom they forward for."""

    @property
    def enabled(self) -> bool:
        return self.url is not None


def parse_url(value: str) -> str:
    """``ATOUT_WEB_URL`` as links use it: an absolute http(s) address with no query, fragment
    or password, without its trailing slash."""
    text = value.strip()
    try:
        parts = urlsplit(text)
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        port_ok = False
        parts = urlsplit("")
    if (
        parts.scheme not in ("http", "https")
        or not parts.hostname
        or parts.query
        or parts.fragment
        or parts.username is not None
        or not port_ok
        or any(c.isspace() for c in text)
    ):
        raise ValueError(web_text("web_cli_url", value=repr(value)))
    return text.rstrip("/")


def parse_bind(value: str) -> tuple[str, int]:
    """``ATOUT_WEB_BIND``: ``host:port``, the host an address or a name (``[::1]:8080`` for an
    IPv6 address), the port from 1 to 65535."""
    text = value.strip()
    host, sep, port = text.rpartition(":")
    if host.startswith("[") and host.endswith("]"):
        host = host[1:-1]
        try:
            ipaddress.IPv6Address(host)
        except ValueError:
            host = ""
    elif not HOST_NAME.fullmatch(host):
        host = ""
    if (
        not sep
        or not host
        or not (port.isascii() and port.isdigit())
        or not 1 <= int(port) <= 65535
    ):
        raise ValueError(web_text("web_cli_bind", value=repr(value)))
    return host, int(port)


def parse_secret(value: str) -> str:
    text = value.strip()
    if len(text) < SECRET_MIN or any(c.isspace() for c in text):
        raise ValueError(web_text("web_cli_secret", most=SECRET_MIN))
    return text


def parse_proxies(value: str) -> tuple[Network, ...]:
    try:
        return parse_networks(value)
    except ValueError:
        raise ValueError(web_text("web_cli_proxies", value=repr(value))) from None


def web_settings(merged: Mapping[str, str]) -> WebSettings:
    """The web settings of the environment (``.env`` merged in); ``ValueError`` with one line
    that names the setting when one is wrong, checked whether the pages are on or not."""
    url = merged.get("ATOUT_WEB_URL", "").strip()
    bind = merged.get("ATOUT_WEB_BIND", "").strip()
    secret = merged.get("ATOUT_WEB_SECRET", "").strip()
    proxies = merged.get("ATOUT_WEB_TRUSTED_PROXIES", "")
    host, port = parse_bind(bind) if bind else DEFAULT_BIND
    return WebSettings(
        url=parse_url(url) if url else None,
        host=host,
        port=port,
        secret=parse_secret(secret) if secret else None,
        trusted_proxies=parse_proxies(proxies),
    )


__all__ = [
    "DEFAULT_BIND",
    "WebSettings",
    "parse_bind",
    "parse_proxies",
    "parse_secret",
    "parse_url",
    "web_settings",
]

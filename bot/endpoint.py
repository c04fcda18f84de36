"""Where the bot finds Discord: discord.com, or a fake Discord on this machine for tests.

``ATOUT_DISCORD_URL=http://127.0.0.1:PORT`` points discord.py's REST base (``Route.BASE``) and
its gateway at a local server, which is how the kill test runs the real ``python -m bot``. Only
a loopback address is accepted: the variable must never be a way to send a token elsewhere.
"""

from __future__ import annotations

import ipaddress
from urllib.parse import urlsplit

import yarl
from discord.gateway import DiscordWebSocket
from discord.http import Route

ENV_VAR = "ATOUT_DISCORD_URL"


def loopback_url(url: str) -> str:
    """``url`` without a trailing slash; ``ValueError`` unless it is http(s) on loopback."""
    parts = urlsplit(url.strip())
    host = parts.hostname or ""
    if parts.scheme not in ("http", "https") or not host:
        raise ValueError(f"{ENV_VAR} must be an http:// address, not {url!r}")
    if host != "localhost":
        try:
            loopback = ipaddress.ip_address(host).is_loopback
        except ValueError:
            loopback = False
        if not loopback:
            raise ValueError(f"{ENV_VAR} may only name this machine (127.0.0.1), not {host!r}")
    return url.strip().rstrip("/")


def point_at(url: str) -> None:
    """Send every REST call and the gateway connection to ``url`` (a fake Discord)."""
    base = loopback_url(url)
    Route.BASE = f"{base}/api/v10"
    ws = "wss" if base.startswith("https") else "ws"
    DiscordWebSocket.DEFAULT_GATEWAY = yarl.URL(f"{ws}{base[base.index(':') :]}/gateway/")

"""docs/running.md's nginx and Caddy examples, run as written behind Debian's nginx and Caddy
(.ci/run installs them; a developer without them skips this module), in front of the pages with
``ATOUT_WEB_TRUSTED_PROXIES=127.0.0.1`` as the guide says.

Through nginx with the guide's old line (``proxy_pass`` alone, the client's header passed on),
300 requests each with a forged ``X-Forwarded-For`` all got 200, and readers who sent none
shared one bucket. Here a client on 127.0.0.2 forging an address per request is still counted as
itself, and a second client on 127.0.0.3 has a bucket of its own.
"""

from __future__ import annotations

import os
import re
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path

import aiohttp
import pytest

from bot.storage.storage import Storage
from bot.web.guard import RateLimit, parse_networks
from bot.web.server import WebServer
from bot.web.settings import WebSettings
from harness.pages import SECRET, URL, Filled
from tests.bot.web.test_alone import free_port

GUIDE = Path(__file__).resolve().parents[3] / "docs" / "running.md"
NGINX = shutil.which("nginx") or ("/usr/sbin/nginx" if Path("/usr/sbin/nginx").exists() else None)
CADDY = shutil.which("caddy")
BURST = 5


def guide_block(language: str) -> str:
    """The guide's one code block in ``language``."""
    blocks = re.findall(rf"```{language}\n(.*?)```", GUIDE.read_text("utf-8"), re.S)
    assert len(blocks) == 1, f"docs/running.md: one {language} block, not {len(blocks)}"
    return str(blocks[0])


def nginx_conf(upstream: int, listen: int, prefix: Path) -> str:
    """The guide's server block, its ``location`` as written, listening on a local port in
    plain HTTP (the certificate lines are certbot's business)."""
    block = guide_block("nginx")
    location = re.search(r"^    location / \{\n.*?^    \}\n", block, re.S | re.M)
    assert location is not None, "the guide's nginx block has a location /"
    assert "127.0.0.1:8080" in location[0]
    body = location[0].replace("127.0.0.1:8080", f"127.0.0.1:{upstream}")
    return (
        f"worker_processes 1;\npid {prefix}/nginx.pid;\nerror_log {prefix}/error.log;\n"
        "events { worker_connections 64; }\n"
        "http {\n"
        f"    access_log off;\n    client_body_temp_path {prefix}/body;\n"
        f"    proxy_temp_path {prefix}/proxy;\n"
        f"    server {{\n        listen 127.0.0.1:{listen};\n        server_name localhost;\n"
        + body.replace("\n    ", "\n        ").replace("    location", "        location", 1)
        + "    }\n}\n"
    )


def caddyfile(upstream: int, listen: int) -> str:
    """The guide's Caddyfile, its site served on a local port in plain HTTP."""
    block = guide_block("caddy")
    assert block.startswith("atout.example.org {") and "127.0.0.1:8080" in block
    site = block.replace("atout.example.org", f"http://127.0.0.1:{listen}", 1)
    return "{\n    admin off\n    auto_https off\n}\n" + site.replace(
        "127.0.0.1:8080", f"127.0.0.1:{upstream}"
    )


def wait_for_port(port: int, process: subprocess.Popen[bytes], what: str) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"{what} stopped: {process.communicate()}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise AssertionError(f"{what} did not listen on {port}")


@pytest.fixture
def proxy(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[tuple[str, int, int]]:
    """(name, the proxy's port, the pages' port behind it), the proxy running."""
    name = request.param
    program = NGINX if name == "nginx" else CADDY
    if program is None:
        if os.environ.get("CI"):
            raise AssertionError(f"CI installs {name} (.ci/run)")
        pytest.skip(f"Debian's {name} is not installed")
    upstream, listen = free_port(), free_port()
    if name == "nginx":
        conf = tmp_path / "nginx.conf"
        conf.write_text(nginx_conf(upstream, listen, tmp_path))
        command = [program, "-p", str(tmp_path), "-c", str(conf), "-g", "daemon off;"]
        env = dict(os.environ)
    else:
        conf = tmp_path / "Caddyfile"
        conf.write_text(caddyfile(upstream, listen))
        command = [program, "run", "--config", str(conf), "--adapter", "caddyfile"]
        env = {**os.environ, "HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
        env["XDG_CONFIG_HOME"] = str(tmp_path)
    running = subprocess.Popen(
        command, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=tmp_path
    )
    try:
        wait_for_port(listen, running, name)
        yield name, listen, upstream
    finally:
        running.terminate()
        try:
            running.wait(10)
        except subprocess.TimeoutExpired:
            running.kill()
            running.wait()


async def statuses(url: str, source: str, count: int, forged: bool) -> list[int]:
    """``count`` requests from ``source``, each claiming another address when ``forged``."""
    connector = aiohttp.TCPConnector(local_addr=(source, 0), force_close=True)
    got = []
    async with aiohttp.ClientSession(connector=connector) as http:
        for n in range(count):
            headers = {"X-Forwarded-For": f"198.51.100.{n}"} if forged else {}
            async with http.get(url, headers=headers) as response:
                await response.read()
                got.append(response.status)
    return got


@pytest.mark.parametrize("proxy", ["nginx", "caddy"], indirect=True)
async def test_the_guides_proxy_examples_count_each_reader_apart(
    proxy: tuple[str, int, int], storage: Storage, filled: Filled
) -> None:
    name, listen, upstream = proxy
    settings = WebSettings(
        url=URL,
        host="127.0.0.1",
        port=upstream,
        secret=SECRET,
        trusted_proxies=parse_networks("127.0.0.1"),  # the guide's .env line
    )
    web = WebServer(storage, settings, rate=RateLimit(burst=BURST, per_second=0.01))
    await web.start()
    try:
        assert web.holder.links is not None
        url = web.holder.links.deal(filled.games["briscola"], 0).replace(
            URL, f"http://127.0.0.1:{listen}"
        )
        forging = await statuses(url, "127.0.0.2", 2 * BURST, forged=True)
        assert forging == [200] * BURST + [429] * BURST, (name, forging)
        assert await statuses(url, "127.0.0.3", BURST, forged=False) == [200] * BURST, name
    finally:
        await web.stop()

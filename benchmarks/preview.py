"""Screenshots of Atout as a player sees it, to look at before a change lands.

Plays a scripted Coinche table (alice and bob, two computer players, a short target) in
simcord's simulated Discord, the way people do: slash commands and clicks only. At five moments
it photographs what a player has on screen with simcord's preview page in Chromium: the lobby,
the table message in the thread, a private hand, a deal summary and game over.

Run: ``nice -n 10 python benchmarks/preview.py --out out/preview``. It needs the ``preview``
extra (``pip install -e '.[preview]'``: simcord's preview runtime and Playwright) and Chromium
from Debian (``apt-get install chromium``); Playwright's own browser download is not needed.
``--no-browser`` plays the same game and writes each moment as plain HTML (text and buttons) —
no browser, no extra: the suite runs it so that the script does not rot.

Nothing leaves the machine: simcord's preview serves on 127.0.0.1 and Chromium is only
pointed there.
"""

from __future__ import annotations

import argparse
import asyncio
import html
import io
import shutil
import sys
import tempfile
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from bot.app import create_bot
from bot.config import Settings
from tests.bot.driver import Table, components_of, custom_ids

SHOTS = ("lobby", "table", "hand", "summary", "game-over")
"""The moments photographed, in the order a player meets them."""

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
MISSING_BROWSER = (
    "Screenshots need simcord's preview runtime, Playwright and Chromium:\n"
    "  pip install -e '.[preview]'\n"
    "  apt-get install chromium      (Debian's package; no 'playwright install' needed)\n"
    "or run with --no-browser to write the same moments as HTML."
)

Shoot = Callable[[str, simcord.ChannelHandle, simcord.MemberActor, Any], Awaitable[None]]


def chromium_path() -> str | None:
    """Debian's Chromium, which Playwright drives in place of a browser it would download."""
    for candidate in CHROMIUM:
        if Path(candidate).exists():
            return candidate
    return shutil.which("chromium")


def message_html(name: str, message: Any) -> str:
    """A moment as plain HTML: the message's text, its buttons and menus, its attachments."""
    parts = [f"<h1>{html.escape(name)}</h1>", f"<pre>{html.escape(message.content or '')}</pre>"]
    for component in components_of(message):
        label = component.get("label") or component.get("placeholder") or ""
        state = " disabled" if component.get("disabled") else ""
        parts.append(f"<button{state}>{html.escape(str(label))}</button>")
    for attachment in getattr(message, "attachments", []) or []:
        # discord.Attachment (simcord's history gives discord.py's messages), or its JSON.
        if isinstance(attachment, dict):
            filename = attachment.get("filename")
        else:
            filename = getattr(attachment, "filename", None)
        shown = f"image {filename}" if filename else "image without a name"
        parts.append(f"<p>[{html.escape(str(shown))}]</p>")
    return "<!doctype html><meta charset=utf-8>\n" + "\n".join(parts) + "\n"


def latest(channel: simcord.ChannelHandle, starts: str) -> Any:
    """The newest message of ``channel`` whose text starts with ``starts``."""
    found = [m for m in channel.history() if (m.content or "").startswith(starts)]
    if not found:
        raise RuntimeError(f"no message starting {starts!r} in #{channel.name}")
    return found[-1]


async def play(world: simcord.Env, shoot: Shoot, seed: int) -> None:
    """The scripted table: every moment of ``SHOTS`` is handed to ``shoot`` as it happens."""
    guild = world.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(world.create_user("alice"))
    bob = guild.add_member(world.create_user("bob"))
    table = Table(world, channel, [alice, bob], seed=seed)

    # The lobby, full: bob joined, two computers took the other seats.
    started = await alice.slash(channel, "coinche start", target_score=500, turn_timer=0)
    assert started.response is not None, started
    lobby = started.response
    table.table_id = int(
        next(c for c in custom_ids(lobby) if c.startswith("atout:join:")).split(":")[2]
    )
    await bob.click(lobby, custom_id=f"atout:join:{table.table_id}")
    for level in ("easy", "normal"):
        menu = await alice.click(lobby, custom_id=f"atout:addbot:{table.table_id}")
        assert menu.response is not None
        await alice.click(menu.response, custom_id=f"atout:addbot:{table.table_id}:{level}")
    await shoot("lobby", channel, alice, latest(channel, ""))
    await alice.click(lobby, custom_id=f"atout:start:{table.table_id}")

    # Mid-trick in the first deal, one of the people to play: the table and that player's hand.
    def mid_trick(game: Any) -> bool:
        seat = table.session.seat(game.to_act) if game.to_act is not None else None
        human = seat is not None and seat.user_id is not None
        return human and len(game.public_view().get("trick") or []) >= 2

    await table.play_until(mid_trick)
    game = table.session.game
    assert game is not None and game.to_act is not None
    seat = table.session.seat(game.to_act)
    assert seat is not None and seat.user_id is not None
    player = table.actor(seat.user_id)
    hand = await table.hand(player)
    thread = table.where()
    await shoot("table", thread, player, table.table_message())
    await shoot("hand", thread, player, hand)

    # The first deal's summary, then the end of the game.
    await table.play_until(lambda g: len(g.log) >= 2)
    await shoot("summary", thread, alice, latest(thread, "**Deal 1**"))
    await table.play_to_end()
    await shoot("game-over", thread, alice, latest(thread, "**Game over"))


async def run(out: Path, *, browser: bool, seed: int, width: int) -> list[Path]:
    """Plays the table in a fresh simcord world and writes one file per moment into ``out``."""
    out.mkdir(parents=True, exist_ok=True)
    written: list[Path] = []
    chromium: Any = None
    playwright: Any = None
    if browser:
        try:
            from playwright.async_api import async_playwright
        except ImportError:
            raise SystemExit(MISSING_BROWSER) from None
        executable = chromium_path()
        if executable is None:
            raise SystemExit(MISSING_BROWSER)
        playwright = await async_playwright().start()
        try:
            chromium = await playwright.chromium.launch(executable_path=executable)
        except Exception as exc:
            await playwright.stop()
            raise SystemExit(f"{executable} did not start ({exc}).\n{MISSING_BROWSER}") from exc

    async def shoot(
        name: str, channel: simcord.ChannelHandle, viewer: simcord.MemberActor, message: Any
    ) -> None:
        if not browser:
            path = out / f"{name}.html"
            path.write_text(message_html(name, message), encoding="utf-8")
            written.append(path)
            return
        path = out / f"{name}.png"
        preview = world.preview(channel, viewers=[viewer], display="fixed", width=width, height=900)
        async with preview:
            # simcord launches Playwright's downloaded browser; lend it Debian's Chromium instead
            # (and take it back before the preview closes, so one browser serves every shot).
            manager = preview._capture_manager
            manager._playwright, manager._browser = playwright, chromium
            try:
                await preview.screenshot(path, viewer=viewer, target=message, mode="surface")
            finally:
                manager._playwright = manager._browser = None
        written.append(path)

    with tempfile.TemporaryDirectory() as workdir:
        settings = Settings(token=None, db_path=str(Path(workdir) / "atout.sqlite3"), ai_pause_s=0)
        bot = create_bot(settings)
        # The suite's settle timeout: a longer one (60 s) was seen to stall the first command.
        world = simcord.Env(bot, settle_timeout=30.0)
        await world.start()
        try:
            with world.time_context():  # as simcord's pytest plugin does around a test
                await play(world, shoot, seed)
        finally:
            await world.shutdown()
            await bot.storage.close()
            if chromium is not None:
                await chromium.close()
                await playwright.stop()
        world.raise_errors()
    return written


def shrink(path: Path, limit: int) -> None:
    """Re-encodes a screenshot as a 256-colour PNG when it is over ``limit`` bytes (for docs)."""
    if path.stat().st_size <= limit:
        return
    from PIL import Image

    with Image.open(path) as image:
        small = image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT)
        buffer = io.BytesIO()
        small.save(buffer, format="PNG", optimize=True)
    path.write_bytes(buffer.getvalue())


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/preview"))
    parser.add_argument("--no-browser", action="store_true", help="write HTML, no screenshots")
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--width", type=int, default=760, help="window width in CSS pixels")
    parser.add_argument("--max-kb", type=int, default=0, help="shrink PNGs over this size")
    args = parser.parse_args()

    written = asyncio.run(
        run(args.out, browser=not args.no_browser, seed=args.seed, width=args.width)
    )
    for path in written:
        if args.max_kb and path.suffix == ".png":
            shrink(path, args.max_kb * 1024)
        print(f"{path}: {path.stat().st_size // 1024} KB")
    return 0


if __name__ == "__main__":
    sys.exit(main())

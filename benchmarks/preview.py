"""Screenshots of Atout as a player sees it, to look at before a change lands.

Plays a short table of every game in simcord's simulated Discord, the way people do (slash
commands and clicks only; the tables are in ``benchmarks/preview_games.py``), in the language
given, and photographs what a player has on screen with simcord's preview page in Chromium: each
game mid-deal (the table and the hand of the person to play) and its own moments — Belote's
turn-up, the Coinche auction, Piquet's exchange and declarations, the Briscola a chiamata auction
and call — plus Coinche's lobby, a deal summary and game over. Each shot is taken at every
``--width``: the width of Discord's message column (550 px on a computer, 360 on a phone), the
browser window being that plus Discord's avatar gutter. Files are named
``<game>-<moment>-<lang>-<width>.png``. A moment the tables no longer reach is named and the
script exits with 1.

Run: ``nice -n 10 python benchmarks/preview.py --lang en --out /tmp/preview-shots``. It needs the
``preview`` extra (``pip install -e '.[preview]'``: simcord's preview runtime and Playwright) and
Chromium from Debian (``apt-get install chromium``); Playwright's own browser download is not
needed. ``--no-browser`` plays the same tables and writes each moment as plain HTML (text and
buttons), ``<game>-<moment>-<lang>.html`` — no browser, no extra: the suite runs it so that the
script does not rot.

Nothing leaves the machine: simcord's preview serves on 127.0.0.1 and Chromium is only
pointed there.

Each shot waits for the page's images to be decoded and two frames painted (``after_paint``):
Chromium sometimes handed over a frame painted before the page was laid out, so the Coinche
auction's hand at 360 px looked magnified and cut although the page had it 360 px wide and
whole. The bot's image was right.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import html
import io
import shutil
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import simcord

from benchmarks.preview_games import GAMES, PLAYS, Missed, Stage, coarse_sweeps
from bot.app import create_bot
from bot.config import Settings
from bot.text.i18n import LOCALES
from harness.driver import components_of

CHROMIUM = ("/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome")
MISSING_BROWSER = (
    "Screenshots need simcord's preview runtime, Playwright and Chromium:\n"
    "  pip install -e '.[preview]'\n"
    "  apt-get install chromium      (Debian's package; no 'playwright install' needed)\n"
    "or run with --no-browser to write the same moments as HTML."
)
GUTTER = 88
"""CSS pixels of simcord's message layout beside the message column (avatar and margins),
measured on its screenshots: a window of ``width + GUTTER`` shows a column ``width`` wide."""
HEIGHT = 1400
"""Tall enough for the longest message (a hand with its image and rows of buttons)."""
DISCORD_LOCALES = {"en": "en-US", "pt-PT": "pt-BR"}
"""The preview page's own language (dates, Discord's chrome): Discord has no pt-PT."""


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
        for option in component.get("options") or []:
            parts.append(f"<option>{html.escape(str(option.get('label', '')))}</option>")
    for attachment in getattr(message, "attachments", []) or []:
        # discord.Attachment (simcord's history gives discord.py's messages), or its JSON.
        if isinstance(attachment, dict):
            filename = attachment.get("filename")
        else:
            filename = getattr(attachment, "filename", None)
        shown = f"image {filename}" if filename else "image without a name"
        parts.append(f"<p>[{html.escape(str(shown))}]</p>")
    return "<!doctype html><meta charset=utf-8>\n" + "\n".join(parts) + "\n"


SETTLED_PAINT = """() => Promise.all([...document.images].map((image) => image.decode().catch(() => null)))
  .then(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))))"""
"""Every image decoded, then two frames painted: what the page shows is what it has laid out."""


def after_paint(screenshot: Any) -> Any:
    """Playwright's ``Page.screenshot``, taken once every image of the page is decoded and two
    frames are painted. Without it Chromium sometimes gave a frame painted before the page was
    laid out (the Coinche auction's hand at 360 px came out stretched and cut at its bottom, 10
    px lower than the page had placed it), whereas the page itself had it right."""

    async def shot(page: Any, **options: Any) -> bytes:
        await page.evaluate(SETTLED_PAINT)
        return bytes(await screenshot(page, **options))

    return shot


class Camera:
    """Writes each moment: a PNG per width through simcord's preview page in one Chromium,
    or plain HTML without a browser."""

    def __init__(self, out: Path, widths: list[int], browser: bool) -> None:
        self.out = out
        self.widths = widths
        self.browser = browser
        self.written: list[Path] = []
        self.reached: dict[tuple[str, str], set[str]] = {}
        """(language, game) -> the moments photographed."""
        self.timed_out: set[tuple[str, str]] = set()
        """(language, game) where simcord gave up waiting for the bot: played again once."""
        self.playwright: Any = None
        self.chromium: Any = None
        self.screenshot: Any = None
        """Playwright's own ``Page.screenshot``, while ``after_paint`` stands in for it."""

    async def __aenter__(self) -> Camera:
        self.out.mkdir(parents=True, exist_ok=True)
        if not self.browser:
            return self
        try:
            from playwright.async_api import async_playwright
        except ImportError:
            raise SystemExit(MISSING_BROWSER) from None
        executable = chromium_path()
        if executable is None:
            raise SystemExit(MISSING_BROWSER)
        from playwright.async_api import Page

        self.screenshot = Page.screenshot
        Page.screenshot = after_paint(Page.screenshot)  # type: ignore[method-assign]
        self.playwright = await async_playwright().start()
        try:
            self.chromium = await self.playwright.chromium.launch(executable_path=executable)
        except Exception as exc:
            await self.playwright.stop()
            Page.screenshot = self.screenshot  # type: ignore[method-assign]
            raise SystemExit(f"{executable} did not start ({exc}).\n{MISSING_BROWSER}") from exc
        return self

    async def __aexit__(self, *exc: object) -> None:
        if self.chromium is not None:
            await self.chromium.close()
            await self.playwright.stop()
        if self.screenshot is not None:
            from playwright.async_api import Page

            Page.screenshot = self.screenshot  # type: ignore[method-assign]

    async def shoot(
        self,
        world: simcord.Env,
        language: str,
        game: str,
        moment: str,
        channel: simcord.ChannelHandle,
        viewer: simcord.MemberActor,
        message: Any,
    ) -> None:
        self.reached.setdefault((language, game), set()).add(moment)
        name = f"{game}-{moment}-{language}"
        if not self.browser:
            path = self.out / f"{name}.html"
            path.write_text(message_html(name, message), encoding="utf-8")
            self.written.append(path)
            return
        preview = world.preview(
            channel,
            viewers=[viewer],
            display="fixed",
            width=self.widths[0] + GUTTER,
            height=HEIGHT,
            locale=DISCORD_LOCALES.get(language, language),
        )
        async with preview:
            # simcord launches Playwright's downloaded browser; lend it Debian's Chromium instead
            # (and take it back before the preview closes, so one browser serves every shot).
            manager = preview._capture_manager
            manager._playwright, manager._browser = self.playwright, self.chromium
            try:
                for width in self.widths:
                    path = self.out / f"{name}-{width}.png"
                    await preview.screenshot(
                        path,
                        viewer=viewer,
                        target=message,
                        mode="surface",
                        viewport=(width + GUTTER, HEIGHT),
                    )
                    self.written.append(path)
            finally:
                manager._playwright = manager._browser = None


async def _no_emojis(*_: object, **__: object) -> None:
    """The bot's start without uploading its suit emojis (for the browser's photographs)."""


async def play(camera: Camera, language: str, games: list[str]) -> list[str]:
    """Plays ``games`` in a fresh simcord world at tables speaking ``language``; returns what
    went wrong (a missed moment, a game that failed), one line each."""
    problems: list[str] = []
    # A season's month passes in a world of its own (its sweeps run every six hours there:
    # ``coarse_sweeps``); the tables and challenges keep the bot's own.
    if "season" in games and len(games) > 1:
        rest = [game for game in games if game != "season"]
        return await play(camera, language, rest) + await play(camera, language, ["season"])
    sweeps = coarse_sweeps() if games == ["season"] else contextlib.nullcontext()
    with sweeps, tempfile.TemporaryDirectory() as workdir:
        settings = Settings(token=None, db_path=str(Path(workdir) / "atout.sqlite3"), ai_pause_s=0)
        bot = create_bot(settings)
        if camera.browser:
            # simcord's preview page cannot draw application emojis ("Custom emoji unavailable"):
            # photographs show the suits as the bot writes them without its emojis (bot.text.marks'
            # fallback, readable on both themes too).
            bot.suit_emojis.start = _no_emojis  # type: ignore[method-assign]
        # The suite's settle timeout. A longer one (60 s, 180 s) stalls the first command for
        # that long; on a busy machine a settle after screenshots can time out, which is then
        # reported for that game, the run goes on, and the game is played again once (``run``).
        world = simcord.Env(bot, settle_timeout=30.0)
        await world.start()

        async def shoot(game: str, moment: str, *where: Any) -> None:
            await camera.shoot(world, language, game, moment, *where)

        stage = Stage(world, shoot, language)
        try:
            with world.time_context(), stage.speaking(), stage.seeded():
                for game in games:
                    started, cpu = time.perf_counter(), time.process_time()
                    try:
                        await PLAYS[game](stage)
                    except Missed as missed:
                        problems.append(f"{language} {game}: the table went past {missed}")
                    except AssertionError as failed:
                        problems.append(f"{language} {game}: {failed or 'a check failed'}")
                    except TimeoutError as slow:
                        # simcord gave up waiting for the bot (a very busy machine): say so and
                        # try the next game rather than lose the pictures already taken.
                        problems.append(f"{language} {game}: {str(slow).splitlines()[0]}")
                        camera.timed_out.add((language, game))
                    reached = camera.reached.get((language, game), set())
                    shown = [m for m in GAMES[game].moments if m in reached]
                    wall, cpu = time.perf_counter() - started, time.process_time() - cpu
                    took = f"{wall:.1f} s, CPU {cpu:.1f} s"
                    print(f"{language} {game} ({took}): {', '.join(shown) or 'nothing'}")
        finally:
            await world.shutdown()
            await bot.storage.close()
        world.raise_errors()
    for game in games:
        reached = camera.reached.get((language, game), set())
        left = [m for m in GAMES[game].moments if m not in reached]
        if left:
            problems.append(f"{language} {game}: missed {', '.join(left)}")
    return problems


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


def listed(text: str, known: list[str], what: str) -> list[str]:
    """A comma-separated choice of ``known`` (``all``: every one), or a one-line refusal."""
    chosen = list(known) if text == "all" else [x.strip() for x in text.split(",") if x.strip()]
    wrong = [x for x in chosen if x not in known]
    if wrong or not chosen:
        raise SystemExit(
            f"unknown {what} {', '.join(wrong) or text!r}; choose from {', '.join(known)}"
        )
    return chosen


def widths(text: str) -> list[int]:
    try:
        chosen = [int(x) for x in text.split(",")]
    except ValueError:
        raise SystemExit(f"--width takes pixel widths such as 550,360, not {text!r}") from None
    if not chosen or any(not 200 <= w <= 2000 for w in chosen):
        raise SystemExit(f"--width: each width between 200 and 2000 pixels, not {text!r}")
    return chosen


async def run(
    out: Path, games: list[str], languages: list[str], sizes: list[int], browser: bool
) -> tuple[list[str], list[Path]]:
    """Every language in turn: what went wrong, and the files written."""
    problems: list[str] = []
    async with Camera(out, sizes, browser) as camera:
        for language in languages:
            started = time.perf_counter()
            found = await play(camera, language, games)
            # simcord's deadlines are in wall-clock time: on a starved machine (the suite runs
            # this at nice 19 beside its tests) a game can time out with nothing wrong. Such a
            # game is played once more, in a world of its own; what it got wrong again stays.
            again = [game for game in games if (language, game) in camera.timed_out]
            if again:
                print(f"{language}: {', '.join(again)} again (simcord gave up waiting)")
                camera.timed_out.clear()
                found = [
                    p for p in found if not p.startswith(tuple(f"{language} {g}:" for g in again))
                ]
                found += await play(camera, language, again)
            problems += found
            print(f"{language}: {time.perf_counter() - started:.1f} s")
    return problems, camera.written


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--out", type=Path, default=Path("out/preview"))
    parser.add_argument("--game", default="all", help=f"all, or some of {','.join(GAMES)}")
    parser.add_argument("--lang", default="en", help=f"all, or some of {','.join(LOCALES)}")
    parser.add_argument("--width", default="550,360", help="message column widths in CSS pixels")
    parser.add_argument("--no-browser", action="store_true", help="write HTML, no screenshots")
    parser.add_argument("--max-kb", type=int, default=0, help="shrink PNGs over this size")
    args = parser.parse_args()
    games = listed(args.game, list(GAMES), "game")
    languages = listed(args.lang, list(LOCALES), "language")
    sizes = widths(args.width)

    problems, written = asyncio.run(run(args.out, games, languages, sizes, not args.no_browser))
    for path in written:
        if args.max_kb and path.suffix == ".png":
            shrink(path, args.max_kb * 1024)
    print(f"{len(written)} files in {args.out}")
    for problem in problems:
        print(problem, file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())

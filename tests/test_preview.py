"""The screenshot script keeps working: every game's table runs under simcord and reaches each of
its moments (``--no-browser``: HTML, so the suite needs neither Chromium nor Playwright), in more
than one language. The script runs in a process of its own with the suite's simcord shortcuts
(``tests.support.simcord_speed``, exact), which halve its time; both languages in one run, which
imports the bot, starts its computer players' process and reads the catalogues once. It starts
with the suite, at the lowest priority (``tests.support.early_runs``), and the test checks what
it made.
"""

from __future__ import annotations

import html
import re
from pathlib import Path
from typing import Any

from bot.text.i18n import t
from tests.support import early_runs

ROOT = Path(__file__).resolve().parents[1]

MOMENTS = {
    "coinche": [
        "lobby",
        "auction",
        "auction-hand",
        "table",
        "hand",
        "summary",
        "review",
        "review-decision",
        "game-over",
    ],
    "belote": ["turn-up", "turn-up-hand", "table", "hand"],
    "piquet": ["exchange", "declarations", "table", "hand"],
    "briscola2": ["table", "hand"],
    "briscola6": ["table", "hand"],
    "chiamata": ["auction", "auction-hand", "call", "table", "hand"],
    "sueca": ["table", "hand"],
}
"""What a player is shown of each game: every one must be photographed."""
CHALLENGE = ["card", "deal-over", "standings-sealed", "results-deal", "standings-final"]
"""And of a server challenge (a two-deal Coinche challenge)."""
PUZZLE = ["post", "question", "answer", "answer-wrong", "stats"]
"""And of the server's puzzle of the day."""
SEASON = ["standings", "podium", "division", "stats"]
"""And of seasons (issue 45): a season's standings, its end's post, a division, /stats."""
OPEN = ["play-answer", "ready", "mirror", "chat-menu", "chat"]
"""And of open tables (issue 44): /play while waiting, the table ready, a mirror in another
server, the quick-chat menu, a phrase as the other server reads it."""


def fragments(key: str, language: str, **params: object) -> list[str]:
    """The fixed words of a catalogue line around its variables (``@`` in their place)."""
    text = t(key, language, **{name: "@" for name in params})
    return [part.strip() for part in text.split("@") if part.strip()]


def says(page: str, key: str, language: str, **params: object) -> bool:
    return all(part in page for part in fragments(key, language, **params))


LANGUAGES = early_runs.PREVIEW_LANGUAGES


def test_preview_script_reaches_every_moment_of_every_game(tmp_path: Path) -> None:
    done, out = early_runs.run("preview", tmp_path, timeout=240)
    assert done.returncode == 0, done.stdout + done.stderr
    pages = {p.stem: html.unescape(p.read_text("utf-8")) for p in out.glob("*.html")}
    expected = set()
    for language in LANGUAGES:
        expected |= {f"{game}-{m}-{language}" for game, moments in MOMENTS.items() for m in moments}
        expected |= {f"challenge-{m}-{language}" for m in CHALLENGE}
        expected |= {f"puzzle-{m}-{language}" for m in PUZZLE}
        expected |= {f"season-{m}-{language}" for m in SEASON}
        expected |= {f"open-{m}-{language}" for m in OPEN}
    assert set(pages) == expected
    for language in LANGUAGES:
        for game in [*MOMENTS, "challenge", "puzzle", "season", "open"]:
            # One line per game and language, with its time.
            assert f"{language} {game} (" in done.stdout, done.stdout
        check_moments(pages, language)


def check_moments(pages: dict[str, str], language: str) -> None:
    """Each moment is the message a player meets there, in the table's language."""

    def page(game: str, moment: str) -> str:
        return pages[f"{game}-{moment}-{language}"]

    # Open tables: the waiting count, the table ready (not "already at a table"), the phrase.
    assert t("button_queue_now", language) in page("open", "play-answer")
    assert says(page("open", "ready"), "play_ready", language, where="x")
    assert says(page("open", "chat"), "chat_well_played", language)

    # The review counts its mistakes in the player's language, then tells each with a picture.
    assert t("review_title", language, deal=1, table=1, game=t("game_coinche", language)) in page(
        "coinche", "review"
    )
    assert "[image review-" in page("coinche", "review-decision")
    assert "+" not in page("coinche", "review")
    lobby = page("coinche", "lobby")
    assert t("lobby_rated", language) in lobby
    # The table is full: no Join is left, and Start is the one button to press.
    assert ">" + t("button_join", language, count=1) + "<" not in lobby
    assert f"<button>{t('button_start', language)}</button>" in lobby
    for game in MOMENTS:
        assert says(page(game, "table"), "turn_play", language, name="x"), game
        assert re.search(r"\[image table-\S+\.\w+\]", page(game, "table")), game
        hand = page(game, "hand")
        assert says(hand, "hand_your_turn", language, id=1), game
        assert re.search(r"\[image hand-\S+\.\w+\]", hand) and "<button>" in hand, game
    assert says(page("coinche", "auction"), "turn_bid", language, name="x")
    assert t("action_level_placeholder", language) in page("coinche", "auction-hand")
    assert says(page("belote", "turn-up"), "turn_take", language, name="x")
    assert says(page("belote", "turn-up-hand"), "hand_your_turn", language, id=1)
    exchange = page("piquet", "exchange")
    assert says(exchange, "action_exchange_range", language, low=1, high=5)
    # One button per card of the hand, to mark the discards, and the exchange button.
    assert exchange.count("<button") == 13
    # The declarations come when both have exchanged, before the elder leads.
    declarations = page("piquet", "declarations")
    assert fragments("event_exchange", language, name="x", count=1)[0] in declarations
    # ... spoken as at the table: "Point of five (47)? Good: bob +5".
    assert any(
        says(declarations, key, language, what="x", category="x", points=1, name="x")
        for key in ("event_declaration_good", "event_declaration_not_good")
    )
    assert says(declarations, "turn_play", language, name="x")
    assert says(page("chiamata", "auction"), "turn_bid", language, name="x")
    assert t("action_call_placeholder", language) in page("chiamata", "auction-hand")
    call = page("chiamata", "call")
    assert t("action_trump_placeholder", language) in call and call.count("<option>") == 4
    assert t("deal_summary_title", language, number=1) in page("coinche", "summary")
    over = page("coinche", "game-over")
    assert any(
        over.split("<pre>")[1].startswith(
            fragments("result_winners", language, names="x", count=n)[0]
        )
        for n in (1, 2)
    )
    # The images are named as sent (table-….png, hand-….png), never "[image ]".
    assert not any("[image ]" in p or "without a name" in p for p in pages.values())
    # A challenge: the one message that ends a deal, standings sealed to the deals the reader
    # has finished, and the final standings once it has closed.
    assert says(
        page("challenge", "deal-over"),
        "challenge_deal_done",
        language,
        number=1,
        total=2,
        result="x",
    )
    sealed = page("challenge", "standings-sealed")
    assert t("challenge_standings_sealed", language, count=1, total=2)[3:] in sealed
    assert says(page("challenge", "standings-final"), "challenge_standings_final", language)
    # The puzzle of the day: a post with nothing but "Solve it" to press, the question with a
    # button per card, the answer with its line of play, and the stats.
    post = page("puzzle", "post")
    assert post.count("<button") == 1 and t("puzzle_solve", language) in post
    question = page("puzzle", "question")
    assert says(question, "puzzle_pick", language) and question.count("<button") >= 3
    assert re.search(r"\[image puzzle-\S+\.\w+\]", question)
    answer = page("puzzle", "answer")
    assert says(answer, "puzzle_why", language, answer="x")
    assert t("puzzle_solvers", language, found=1, answered=1) in answer
    # Open tables: the queue answers people seated nowhere (the stage's own sit at the tables
    # photographed before, and were told "You are already at table 1").
    assert says(page("open", "ready"), "play_ready", language, where="x")
    wrong = page("puzzle", "answer-wrong")
    assert says(wrong, "puzzle_wrong", language, card="x", answer="x")
    assert says(wrong, "puzzle_why_not", language, card="x")
    assert t("puzzle_stats_title", language) in page("puzzle", "stats")
    # Seasons: the standings in the reader's language, the season's end with its podium, a
    # division's standings with its promotion line, and the player's seasons in /stats.
    assert says(page("season", "standings"), "season_board_title", language, game="x", season="x")
    ended = page("season", "podium")
    assert says(ended, "season_end_title", language, game="x", season="x", dates="x")
    assert "[image podium-belote-1.png]" in ended and "🥇" in ended
    promotion = fragments("season_promotion_line", language, count=4, division=1)
    assert all(part in page("season", "division") for part in promotion)
    assert t("stats_seasons_title", language) in page("season", "stats")


def test_a_game_that_timed_out_on_a_starved_machine_is_played_once_more(
    tmp_path: Path, monkeypatch: Any
) -> None:
    """simcord's deadlines are wall-clock: the suite's run at nice 19 once lost chiamata to
    "bot did not settle while advancing time" with nothing wrong. Such a game is played again,
    in a world of its own; a game that times out twice is still reported."""
    import asyncio

    import benchmarks.preview as preview

    real = preview.PLAYS["puzzle"]
    calls: list[int] = []

    async def slow_once(stage: Any) -> None:
        calls.append(1)
        await real(stage)
        if len(calls) == 1:
            raise TimeoutError("bot did not settle while advancing time")

    monkeypatch.setitem(preview.PLAYS, "puzzle", slow_once)
    problems, _ = asyncio.run(preview.run(tmp_path, ["puzzle"], ["en"], [360], False))
    assert len(calls) == 2 and problems == []

    async def always_slow(stage: Any) -> None:
        calls.append(1)
        raise TimeoutError("bot did not settle while advancing time")

    monkeypatch.setitem(preview.PLAYS, "puzzle", always_slow)
    problems, _ = asyncio.run(preview.run(tmp_path / "b", ["puzzle"], ["en"], [360], False))
    assert problems[0] == "en puzzle: bot did not settle while advancing time"
    assert len(calls) == 4

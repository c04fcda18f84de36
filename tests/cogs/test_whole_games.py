"""A whole game of each of the six games, played through slash commands and clicks only, with
people and computer players at the table (small targets keep the games short).

Each game is also the hidden-information test: after every click, no message that is not
ephemeral to its owner names a card that no public view has shown, and every public image is
drawn from the public view (hands are drawn only for their own seat, in ephemeral messages)."""

from __future__ import annotations

from typing import Any

import pytest
import simcord

import rendering
from bot.config import Settings
from harness.driver import PublicCards, Table

GAMES: list[tuple[str, int, int, dict[str, Any]]] = [
    # game, people, computer players, slash options (the computers are of the quick levels: a
    # hard computer searches in a process, a sixth of a second a card of Chiamata, which made
    # that game ten times the others; the search path is tests/bot/play/test_click_path.py's)
    ("belote", 2, 2, {"target_score": 100}),
    ("coinche", 2, 2, {"target_score": 100}),
    ("piquet", 1, 1, {"target_score": 30, "games_to_win_match": 1}),
    ("briscola", 2, 2, {"seats": 4, "hands_to_win": 1}),
    ("chiamata", 2, 3, {"match_deals": 5}),
    ("sueca", 2, 2, {"games_to_win": 1}),
]


# Which hand panels people must have used in each game.
PANELS = {
    "belote": {"play"},
    "coinche": {"play"},
    "piquet": {"exchange"},
    "briscola": {"play"},
    "chiamata": {"play"},
    "sueca": {"play"},
}


@pytest.fixture
def settings(migrated_db_url: str) -> Settings:
    """The whole games are played on SQLite and on PostgreSQL (``migrated_db_url``, see
    ``BACKENDS``)."""
    return Settings(token=None, db_path=migrated_db_url, ai_pause_s=0.0)


@pytest.fixture
def public_images_only(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """Public images must be drawn from public views; a hand only from its own seat's view."""
    drawn: list[str] = []

    def guard_public(name: str) -> None:
        original = getattr(rendering, name)

        def wrapper(view: dict[str, Any], *args: Any, **kwargs: Any) -> bytes:
            assert view["seat"] is None and view["hand"] == [], f"{name} got a seat's view"
            drawn.append(name)
            return original(view, *args, **kwargs)

        monkeypatch.setattr(rendering, name, wrapper)

    for name in ("render_table", "render_last_trick", "render_deal_summary"):
        guard_public(name)
    original_hand = rendering.render_hand

    def hand(view: dict[str, Any], *args: Any, **kwargs: Any) -> bytes:
        assert view["seat"] is not None
        drawn.append("render_hand")
        return original_hand(view, *args, **kwargs)

    monkeypatch.setattr(rendering, "render_hand", hand)
    return drawn


BACKENDS = [
    pytest.param(backend, *game, id=f"{backend}-{game[0]}")
    for game in GAMES
    for backend in ("sqlite", "postgresql")
    # A chiamata match is five deals of five seats, the longest game here (5 s a backend); its
    # queries are every other game's, which each play on both backends.
    if (backend, game[0]) != ("postgresql", "chiamata")
]


@pytest.mark.parametrize(
    ("migrated_db_url", "game", "people", "computers", "options"),
    BACKENDS,
    indirect=["migrated_db_url"],
)
async def test_a_whole_game(
    env: simcord.Env,
    public_images_only: list[str],
    game: str,
    people: int,
    computers: int,
    options: dict[str, Any],
) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    players = [guild.add_member(env.create_user(f"player{i}")) for i in range(people)]
    table = Table(env, channel, players)
    await table.open(game, computers=computers, levels=("easy", "normal"), **options)
    assert table.session.row.thread_id is not None
    table.public = PublicCards()
    await table.play_to_end()
    # Every kind of action people took went through its panel; a Piquet game may end in the
    # declarations of its first deal, before anyone plays a card.
    people_seats = {s.seat for s in table.session.row.seat_list if not s.is_computer}
    record = table.session.game.to_record()  # type: ignore[union-attr]
    taken = {a["type"] for d in record["deals"] for a in d["actions"] if a["seat"] in people_seats}
    assert taken <= table.kinds
    assert PANELS[game] <= table.kinds
    assert {"render_table", "render_hand", "render_deal_summary"} <= set(public_images_only)
    # Hand images only ever went to ephemeral messages.
    for messages in env.backend.messages.values():
        for message in messages.values():
            names = [a.get("filename", "") for a in message.attachments]
            if any(n.startswith("hand-") for n in names):
                assert message.is_ephemeral
    session = table.session
    assert session.game is not None and session.game.over and session.game.winners
    history = table.where().history()
    assert any(m.content.startswith("**Game over") for m in history)
    assert any(m.content.startswith("**Deal 1**") for m in history)
    # The table message stays one message, edited in place.
    assert sum(1 for m in history if m.content.startswith("Table ")) == 1
    # The database holds the whole game: replaying its log gives the same scores.
    stored = await env.bot.storage.tables.get(session.id)  # type: ignore[attr-defined]
    assert stored is not None and stored.status == "finished"

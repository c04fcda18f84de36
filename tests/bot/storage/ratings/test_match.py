"""What storing an ended game writes, computed without a database (``bot.storage.ratings.match``)."""

from __future__ import annotations

from typing import Any

from bot.storage.ratings.match import MatchInputs, Sitter, stored_match
from bot.storage.ratings.model import Skill
from bot.storage.tables.settings import AwaySeat, TableSettings


def inputs(**changes: Any) -> MatchInputs:
    base: dict[str, Any] = {
        "table_id": 5,
        "guild_id": 1,
        "game": "coinche",
        "status": "finished",
        "seats": 4,
        "options": {},
        "settings": TableSettings(),
        "totals": [1010, 420],
        "winners": [0],
        "started_at": "2026-01-01T10:00:00Z",
        "finished_at": "2026-01-01T11:00:00Z",
        "seated": {
            0: Sitter(11, None, "alice"),
            1: Sitter(None, "hard", "Ordinateur 1"),
            2: Sitter(12, None, "bob"),
            3: Sitter(None, "hard", "Ordinateur 2"),
        },
    }
    base.update(changes)
    return MatchInputs(**base)


def test_partners_win_together_and_two_computers_of_one_level_are_one_player() -> None:
    stored = stored_match(inputs())
    assert stored.match.sides == 2 and stored.match.rated == 1
    assert [(p.seat, p.side, p.player, p.score, p.won) for p in stored.players] == [
        (0, 0, "u:11", 1010, 1),
        (1, 1, "ai:hard", 420, 0),
        (2, 0, "u:12", 1010, 1),
        (3, 1, "ai:hard", 420, 0),
    ]
    by_player = {r.player: r for r in stored.ratings}
    assert set(by_player) == {"u:11", "u:12", "ai:hard"}
    assert by_player["u:11"].mu > Skill().mu > by_player["ai:hard"].mu
    # No English in storage: a computer's rating row has no name; readers name its level.
    assert by_player["ai:hard"].name == "" and by_player["u:11"].name == "alice"
    assert [(c.name, c.before) for c in stored.changes] == [("alice", 1000), ("bob", 1000)]
    assert all(c.after > c.before for c in stored.changes)


def test_a_player_who_left_keeps_the_loss_at_their_seat() -> None:
    away = TableSettings(away=(AwaySeat(2, 12, "bob"),))
    seated = {**inputs().seated, 2: Sitter(None, "easy", "Ordinateur 3")}
    stored = stored_match(inputs(settings=away, seated=seated))
    bob = next(p for p in stored.players if p.seat == 2)
    assert (bob.player, bob.left_game, bob.won) == ("u:12", 1, 0)
    assert "ai:easy" not in {r.player for r in stored.ratings}


def test_unrated_and_abandoned_games_are_stored_without_ratings() -> None:
    unrated = stored_match(inputs(settings=TableSettings(rated=False)))
    assert unrated.match.rated == 0 and unrated.ratings == [] and unrated.changes == []
    abandoned = stored_match(inputs(status="abandoned", totals=None, winners=None))
    assert (abandoned.match.status, abandoned.match.totals) == ("abandoned", "[]")
    assert all(p.mu_before is None and p.score == 0 for p in abandoned.players)


def test_a_returning_player_starts_from_their_skill_and_games() -> None:
    known = {"u:11": (Skill(30.0, 4.0), 12)}
    stored = stored_match(inputs(skills=known))
    alice = next(p for p in stored.players if p.player == "u:11")
    assert (alice.mu_before, alice.sigma_before, alice.games_before) == (30.0, 4.0, 12)
    assert not next(c for c in stored.changes if c.name == "alice").provisional

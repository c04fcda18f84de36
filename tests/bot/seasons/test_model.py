"""The seasons' pure rules: the calendar, the soft reset, the computers' fixed ratings, the
standings and the divisions (docs/ratings.md, "Seasons")."""

from __future__ import annotations

import datetime
import math

import pytest

from bot.storage.ratings.model import DEFAULT_SIGMA, Entrant, Skill, rate
from bot.storage.seasons.calendar import next_boundary, period_start, season_span
from bot.storage.seasons.divisions import Seeded, division_count, moves, split, zone_size
from bot.storage.seasons.model import (
    COMPUTER_RATINGS,
    SeasonEntry,
    computer_skill,
    season_start,
    standings,
)
from bot.storage.settings.server import ServerSettings


def at(text: str) -> datetime.datetime:
    return datetime.datetime.fromisoformat(text).replace(tzinfo=datetime.UTC)


def test_periods_begin_at_midnight_utc_on_their_first_day() -> None:
    moment = at("2026-05-20T15:30:00")  # a Wednesday
    assert period_start(moment, "monthly") == at("2026-05-01T00:00:00")
    assert period_start(moment, "weekly") == at("2026-05-18T00:00:00")
    assert period_start(moment, "quarterly") == at("2026-04-01T00:00:00")
    assert next_boundary(moment, "monthly") == at("2026-06-01T00:00:00")
    assert next_boundary(moment, "weekly") == at("2026-05-25T00:00:00")
    assert next_boundary(moment, "quarterly") == at("2026-07-01T00:00:00")
    assert next_boundary(at("2026-12-31T23:59:59"), "monthly") == at("2027-01-01T00:00:00")
    assert next_boundary(at("2026-11-02T00:00:00"), "quarterly") == at("2027-01-01T00:00:00")
    # A boundary itself begins the next period.
    assert next_boundary(at("2026-06-01T00:00:00"), "monthly") == at("2026-07-01T00:00:00")


def test_the_first_season_starts_at_once_and_the_next_follow_the_calendar() -> None:
    first = season_span(None, at("2026-05-20T15:30:00"), "monthly")
    assert first == (at("2026-05-20T15:30:00"), at("2026-06-01T00:00:00"))
    second = season_span(first[1], at("2026-06-01T00:02:00"), "monthly")
    assert second == (at("2026-06-01T00:00:00"), at("2026-07-01T00:00:00"))
    # A length changed during June applies from July: a week from July 1 ends on Monday 6th.
    third = season_span(second[1], at("2026-07-01T00:01:00"), "weekly")
    assert third == (at("2026-07-01T00:00:00"), at("2026-07-06T00:00:00"))
    # A bot stopped for months: the next season is the period of today, not empty ones.
    later = season_span(second[1], at("2026-10-10T08:00:00"), "monthly")
    assert later == (at("2026-10-01T00:00:00"), at("2026-11-01T00:00:00"))


def test_the_soft_reset_widens_the_uncertainty_and_keeps_the_skill() -> None:
    settled = Skill(31.2, 2.9)
    start = season_start(settled)
    assert start.mu == settled.mu
    assert start.sigma == pytest.approx(math.hypot(2.9, DEFAULT_SIGMA / 2))
    # The worked example of docs/ratings.md.
    assert (settled.shown, start.shown) == (1450, 1319)
    # A win against the hard computer, as the example goes on.
    me = Entrant(0, 0, "u:1", 1, None, "me")
    hard = Entrant(1, 1, "ai:hard", None, "hard", "Computer")
    won = rate([me, hard], [150, 80], [0], 2, {"u:1": start, "ai:hard": computer_skill("hard")})
    assert won.after["u:1"].shown == 1364
    # A newcomer, or a player whose uncertainty is already the widest, stays as they are.
    assert season_start(None) == Skill()
    assert season_start(Skill(25, 8)).sigma == pytest.approx(DEFAULT_SIGMA)


def test_computers_have_fixed_ordered_ratings_per_level() -> None:
    easy, normal, hard = (computer_skill(level) for level in ("easy", "normal", "hard"))
    assert easy.mu < normal.mu < hard.mu and normal.mu == Skill().mu
    assert computer_skill("hard", 1) == COMPUTER_RATINGS[1]["hard"]
    assert computer_skill(None) == easy  # the table default level


def test_the_season_settings_are_read_leniently() -> None:
    assert (ServerSettings().season, ServerSettings().season_min_games) == ("monthly", 10)
    odd = ServerSettings.from_json(
        {"season": "daily", "season_min_games": 0, "announce_channel": "12", "champion_role": True}
    )
    assert odd == ServerSettings()
    chosen = ServerSettings(season="weekly", season_min_games=3, announce_channel=5)
    assert ServerSettings.from_json(chosen.to_json()) == chosen


def entry(n: int, mu: float, games: int) -> SeasonEntry:
    return SeasonEntry(f"u:{n}", n, f"p{n}", mu, 2.0, games, games // 2)


def test_standings_rank_by_the_conservative_value_after_the_minimum() -> None:
    table = standings([entry(1, 30, 12), entry(2, 33, 9), entry(3, 28, 10)], {}, 10)
    (only,) = table.tables
    assert only.division is None and table.divisions == 1
    assert [(s.player, s.rank) for s in only.ranked] == [("u:1", 1), ("u:3", 2)]
    assert [(s.player, s.rank, s.to_go) for s in only.unranked] == [("u:2", None, 1)]
    assert table.podium()[0].player == "u:1"


def test_divisions_start_from_forty_and_hold_about_twenty() -> None:
    assert [division_count(n) for n in (10, 39, 40, 45, 59, 60, 1000)] == [1, 1, 2, 2, 3, 3, 50]
    assert [zone_size(n) for n in (4, 5, 20, 23)] == [0, 1, 4, 4]
    ranked = [f"u:{n}" for n in range(20)]
    middle = moves(ranked, 2, 3)
    assert [middle[p] for p in ranked[:4]] == ["up"] * 4
    assert [middle[p] for p in ranked[-4:]] == ["down"] * 4
    assert set(middle[p] for p in ranked[4:16]) == {"stay"}
    top, bottom = moves(ranked, 1, 3), moves(ranked, 3, 3)
    assert "up" not in top.values() and "down" not in bottom.values()


def test_a_first_split_is_by_rating_and_later_ones_keep_the_moves() -> None:
    assert split([Seeded(f"u:{n}", n) for n in range(39)]) == {}
    first = split([Seeded(f"u:{n}", n) for n in range(45)])
    assert sorted(first.values()).count(1) == 23
    assert all(first[f"u:{n}"] == 1 for n in range(22, 45))
    # Next season: tiers as moved; same count of divisions, none thin: kept as they are.
    tiers = {p: d for p, d in first.items()}
    tiers["u:44"], tiers["u:0"] = 2, 1  # one relegated, one promoted
    kept = split([Seeded(p, 0.0, d) for p, d in tiers.items()], previous=2)
    assert kept == tiers
    # The pool grew by a division: cut again in the order of the moves, then of rating.
    grown = [Seeded(p, float(i), d) for i, (p, d) in enumerate(tiers.items())]
    grown += [Seeded(f"u:new{n}", 100.0 + n, 2) for n in range(20)]
    cut = split(grown, previous=2)
    assert sorted(set(cut.values())) == [1, 2, 3]
    assert all(cut[s.player] == 1 for s in grown if s.tier == 1 and s.rating >= 22)

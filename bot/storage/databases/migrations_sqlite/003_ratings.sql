-- Ratings and history (issue 9). One row per game that really started and ended (``matches``),
-- one row per seat of it (``match_players``: who was rated there, at the time, and how the rating
-- moved), the current rating of every player per server and game (``ratings``), and each
-- server's settings. Who left a game in progress is the table's ``away`` setting (sessions.py).
-- The tables already finished when this runs are rated once, in finishing order, by the Python
-- step of this migration (bot/sqlite_ratings.py, ``after_migration``).
CREATE TABLE matches (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    status TEXT NOT NULL CHECK (status IN ('finished', 'abandoned')),
    rated INTEGER NOT NULL,
    seats INTEGER NOT NULL,
    sides INTEGER NOT NULL,
    options TEXT NOT NULL,
    totals TEXT NOT NULL,
    winners TEXT NOT NULL,
    started_at TEXT,
    finished_at TEXT NOT NULL
);
CREATE INDEX matches_guild_game ON matches (guild_id, game, finished_at);

CREATE TABLE match_players (
    table_id INTEGER NOT NULL REFERENCES matches (table_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    side INTEGER NOT NULL,
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    player TEXT NOT NULL,
    user_id INTEGER,
    ai_level TEXT,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    left_game INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL,
    mu_before REAL,
    sigma_before REAL,
    mu_after REAL,
    sigma_after REAL,
    games_before INTEGER,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX match_players_player ON match_players (guild_id, player, game, finished_at);
-- Covering: the last-30-days board reads only this index.
CREATE INDEX match_players_period ON match_players (guild_id, game, finished_at, player, won, rated);

CREATE TABLE ratings (
    guild_id INTEGER NOT NULL,
    game TEXT NOT NULL,
    player TEXT NOT NULL,
    user_id INTEGER,
    ai_level TEXT,
    name TEXT NOT NULL,
    mu REAL NOT NULL,
    sigma REAL NOT NULL,
    ordinal REAL NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC);

CREATE TABLE guild_settings (
    guild_id INTEGER PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}'
);

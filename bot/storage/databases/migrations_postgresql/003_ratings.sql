-- PostgreSQL dialect of bot/migrations/003_ratings.sql: the same tables, columns and keys, with
-- three differences that keep both backends answering alike: ids are BIGINT, ratings are DOUBLE
-- PRECISION (SQLite's REAL is 8 bytes; PostgreSQL's is 4), player keys compare byte by byte
-- (COLLATE "C", as SQLite does), and match_players has the explicit ``rowid`` SQLite gives every
-- table (a reset of a server's ratings marks the last row stored before it).
CREATE TABLE matches (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    guild_id BIGINT NOT NULL,
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
    rowid BIGSERIAL UNIQUE,
    table_id BIGINT NOT NULL REFERENCES matches (table_id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    side INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    player TEXT COLLATE "C" NOT NULL,
    user_id BIGINT,
    ai_level TEXT,
    name TEXT NOT NULL,
    score INTEGER NOT NULL,
    place INTEGER NOT NULL,
    won INTEGER NOT NULL,
    left_game INTEGER NOT NULL DEFAULT 0,
    rated INTEGER NOT NULL,
    mu_before DOUBLE PRECISION,
    sigma_before DOUBLE PRECISION,
    mu_after DOUBLE PRECISION,
    sigma_after DOUBLE PRECISION,
    games_before INTEGER,
    PRIMARY KEY (table_id, seat)
);
CREATE INDEX match_players_player ON match_players (guild_id, player, game, finished_at);
CREATE INDEX match_players_period ON match_players (guild_id, game, finished_at, player, won, rated);

CREATE TABLE ratings (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    player TEXT COLLATE "C" NOT NULL,
    user_id BIGINT,
    ai_level TEXT,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    ordinal DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL DEFAULT 0,
    wins INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game, player)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, ordinal DESC);

CREATE TABLE guild_settings (
    guild_id BIGINT PRIMARY KEY,
    settings TEXT NOT NULL DEFAULT '{}'
);

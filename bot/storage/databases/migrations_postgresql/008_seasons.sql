-- PostgreSQL dialect of migrations_sqlite/008_seasons.sql: the same tables, columns and keys
-- (Discord ids BIGINT, ratings DOUBLE PRECISION, player keys COLLATE "C", as in 003).
-- Seasons and divisions (issue 45, docs/ratings.md). Each server's seasons (``seasons``: one row a
-- season, every game shares it), each player's season rating per game (``season_ratings``: people
-- only, computers are never ranked; the last three columns are written when the season closes),
-- the divisions a season began with (``season_divisions``), and the end-of-season messages, one
-- per game played (``season_posts``). ``matches.season`` says which season a game counted in.
-- Nothing existing is changed: every all-time rating stays as it was.
CREATE TABLE seasons (
    guild_id BIGINT NOT NULL,
    number INTEGER NOT NULL,
    length TEXT NOT NULL,
    starts_at TEXT NOT NULL,
    ends_at TEXT NOT NULL,
    computers INTEGER NOT NULL,
    closed_at TEXT,
    min_games INTEGER,
    roles_at TEXT,
    PRIMARY KEY (guild_id, number)
);
CREATE INDEX seasons_open ON seasons (ends_at) WHERE closed_at IS NULL;

CREATE TABLE season_ratings (
    guild_id BIGINT NOT NULL,
    season INTEGER NOT NULL,
    game TEXT NOT NULL,
    player TEXT COLLATE "C" NOT NULL,
    user_id BIGINT,
    name TEXT NOT NULL,
    mu DOUBLE PRECISION NOT NULL,
    sigma DOUBLE PRECISION NOT NULL,
    start_mu DOUBLE PRECISION NOT NULL,
    start_sigma DOUBLE PRECISION NOT NULL,
    games INTEGER NOT NULL,
    wins INTEGER NOT NULL,
    updated_at TEXT NOT NULL,
    division INTEGER,
    final_rank INTEGER,
    move TEXT,
    PRIMARY KEY (guild_id, season, game, player)
);
CREATE INDEX season_ratings_player ON season_ratings (guild_id, player, game, season);

CREATE TABLE season_divisions (
    guild_id BIGINT NOT NULL,
    season INTEGER NOT NULL,
    game TEXT NOT NULL,
    player TEXT COLLATE "C" NOT NULL,
    division INTEGER NOT NULL,
    PRIMARY KEY (guild_id, season, game, player)
);

CREATE TABLE season_posts (
    guild_id BIGINT NOT NULL,
    season INTEGER NOT NULL,
    game TEXT NOT NULL,
    channel_id BIGINT,
    claimed_at TEXT,
    posted_at TEXT,
    message_id BIGINT,
    PRIMARY KEY (guild_id, season, game)
);
CREATE INDEX season_posts_pending ON season_posts (guild_id) WHERE posted_at IS NULL;

ALTER TABLE matches ADD COLUMN season INTEGER;

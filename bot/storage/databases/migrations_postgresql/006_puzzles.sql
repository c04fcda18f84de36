-- PostgreSQL dialect of migrations_sqlite/006_puzzles.sql: the same tables, columns and keys
-- (Discord ids BIGINT, JSON and times TEXT, as in 001).
-- Puzzles in Discord (issue 35, docs/puzzles.md): the puzzles served, each with its position as
-- a record prefix (a server's deal may be long gone from memory; a built-in one has no table),
-- each server's puzzle of the day, every answer (one per person and puzzle: the first stands),
-- the reviewed mistakes looked at for ``/puzzle mine``, and the daily posts.
CREATE TABLE puzzles (
    id BIGSERIAL PRIMARY KEY,
    key TEXT NOT NULL UNIQUE,
    guild_id BIGINT,
    owner_id BIGINT,
    game TEXT NOT NULL,
    kind TEXT NOT NULL CHECK (kind IN ('open', 'single')),
    puzzle TEXT NOT NULL,
    record TEXT NOT NULL,
    names TEXT NOT NULL DEFAULT '[]',
    created_at TEXT NOT NULL
);

CREATE TABLE puzzle_days (
    guild_id BIGINT NOT NULL,
    day TEXT NOT NULL,
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    PRIMARY KEY (guild_id, day)
);

CREATE TABLE puzzle_answers (
    puzzle_id BIGINT NOT NULL REFERENCES puzzles (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    guild_id BIGINT,
    game TEXT NOT NULL,
    card TEXT NOT NULL,
    solved INTEGER NOT NULL,
    answered_at TEXT NOT NULL,
    PRIMARY KEY (puzzle_id, user_id)
);
-- A person's stats and streaks read their answers in order.
CREATE INDEX puzzle_answers_user ON puzzle_answers (user_id, answered_at);

-- ``/puzzle mine``: each reviewed mistake is looked at once; ``puzzle_id`` NULL found none.
CREATE TABLE puzzle_mistakes (
    user_id BIGINT NOT NULL,
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    deal_no INTEGER NOT NULL,
    action_index INTEGER NOT NULL,
    puzzle_id BIGINT REFERENCES puzzles (id) ON DELETE SET NULL,
    PRIMARY KEY (user_id, table_id, deal_no, action_index)
);

-- ``/puzzle daily``: the server's puzzle of the day posted in this channel every day.
CREATE TABLE puzzle_posts (
    guild_id BIGINT PRIMARY KEY,
    channel_id BIGINT NOT NULL,
    creator_id BIGINT NOT NULL,
    next_at TEXT NOT NULL
);

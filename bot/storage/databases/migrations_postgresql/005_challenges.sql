-- PostgreSQL dialect of migrations_sqlite/005_challenges.sql: the same tables, columns and keys
-- (Discord ids BIGINT, JSON and times TEXT, as in 001).
-- Server challenges (issue 24, docs/challenges.md): everybody of a server plays the same deals
-- from the same seat against the same computer players, and each deal is scored against the
-- others' results on it. A challenge keeps its secret seed and the decks made from it (the decks
-- are what is played: a shuffle may change between Python versions, a stored deck cannot).
-- Each deal of an attempt is an ordinary table (``tables``) whose settings mark it private and
-- duplicate; its result is copied here when the deal ends, so standings never replay a game.
CREATE TABLE challenges (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    message_id BIGINT,
    creator_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    deal_count INTEGER NOT NULL CHECK (deal_count BETWEEN 1 AND 24),
    samples INTEGER NOT NULL,
    seed TEXT NOT NULL,
    deals TEXT NOT NULL,
    created_at TEXT NOT NULL,
    closes_at TEXT NOT NULL,
    closed INTEGER NOT NULL DEFAULT 0,
    daily INTEGER NOT NULL DEFAULT 0
);
CREATE INDEX challenges_guild ON challenges (guild_id, closes_at);
CREATE INDEX challenges_open ON challenges (closed, closes_at);

-- What the hard computer scored in the person's seat, deal by deal (computed after creation).
CREATE TABLE challenge_pars (
    challenge_id BIGINT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    deal_no INTEGER NOT NULL,
    score INTEGER NOT NULL,
    detail TEXT NOT NULL,
    PRIMARY KEY (challenge_id, deal_no)
);

-- One attempt per person and challenge; ``table_id`` is the table of the deal in play.
CREATE TABLE challenge_attempts (
    challenge_id BIGINT NOT NULL REFERENCES challenges (id) ON DELETE CASCADE,
    user_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    thread_id BIGINT,
    table_id BIGINT,
    deals_done INTEGER NOT NULL DEFAULT 0,
    started_at TEXT NOT NULL,
    finished_at TEXT,
    PRIMARY KEY (challenge_id, user_id)
);
CREATE INDEX challenge_attempts_table ON challenge_attempts (table_id);

-- One row per finished deal of an attempt: the seat's result in the game's unit, and what the
-- results page shows of it (the contract, the deal's scores, the seats' names).
CREATE TABLE challenge_results (
    challenge_id BIGINT NOT NULL,
    deal_no INTEGER NOT NULL,
    user_id BIGINT NOT NULL,
    table_id BIGINT NOT NULL,
    score INTEGER NOT NULL,
    detail TEXT NOT NULL,
    finished_at TEXT NOT NULL,
    PRIMARY KEY (challenge_id, deal_no, user_id),
    FOREIGN KEY (challenge_id, user_id) REFERENCES challenge_attempts (challenge_id, user_id)
        ON DELETE CASCADE
);
-- Covering: the matchpoints of a whole challenge read this index alone.
CREATE INDEX challenge_results_field ON challenge_results (challenge_id, deal_no, score, user_id);

-- ``/challenge daily``: a challenge of this game created in this channel every day.
CREATE TABLE challenge_daily (
    guild_id BIGINT NOT NULL,
    game TEXT NOT NULL,
    channel_id BIGINT NOT NULL,
    creator_id BIGINT NOT NULL,
    seats INTEGER NOT NULL,
    deal_count INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    next_at TEXT NOT NULL,
    PRIMARY KEY (guild_id, game)
);

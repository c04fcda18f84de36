-- PostgreSQL dialect of bot/migrations/001_initial.sql: the same tables, columns and keys.
-- Discord ids are 64-bit (BIGINT); JSON stays TEXT and times stay ISO-8601 UTC text, exactly
-- as in SQLite, so that ``python -m bot migrate-db`` copies rows unchanged and both backends
-- sort and compare them the same way.
CREATE TABLE tables (
    id BIGSERIAL PRIMARY KEY,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    thread_id BIGINT,
    lobby_message_id BIGINT,
    table_message_id BIGINT,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'lobby'
        CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    starter_id BIGINT NOT NULL,
    first_dealer INTEGER,
    created_at TEXT NOT NULL
        DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    finished_at TEXT
);
CREATE INDEX tables_status ON tables (status);
CREATE INDEX tables_thread ON tables (thread_id);

CREATE TABLE seats (
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id BIGINT,
    ai_level TEXT CHECK (ai_level IN ('easy', 'normal', 'hard')),
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
);

CREATE TABLE deals (
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    deal_no INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    deck TEXT NOT NULL,
    PRIMARY KEY (table_id, deal_no)
);

CREATE TABLE actions (
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    action_no INTEGER NOT NULL,
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at TEXT NOT NULL
        DEFAULT (to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')),
    UNIQUE (table_id, action_no),
    FOREIGN KEY (table_id, deal_no) REFERENCES deals (table_id, deal_no)
);

CREATE TABLE snapshots (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    engine_version INTEGER NOT NULL,
    action_count INTEGER NOT NULL,
    deal_count INTEGER NOT NULL,
    state TEXT NOT NULL
);

CREATE TABLE results (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    totals TEXT NOT NULL,
    winners TEXT NOT NULL,
    record TEXT NOT NULL
);

-- Tables (lobby → playing → finished/abandoned), their seats, the decks and the append-only action
-- log (the truth), and a state snapshot that is only a cache tagged with the engine version.
CREATE TABLE tables (
    id INTEGER PRIMARY KEY,
    guild_id INTEGER NOT NULL,
    channel_id INTEGER NOT NULL,
    thread_id INTEGER,
    lobby_message_id INTEGER,
    table_message_id INTEGER,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    options TEXT NOT NULL DEFAULT '{}',
    settings TEXT NOT NULL DEFAULT '{}',
    status TEXT NOT NULL DEFAULT 'lobby'
        CHECK (status IN ('lobby', 'playing', 'finished', 'abandoned')),
    starter_id INTEGER NOT NULL,
    first_dealer INTEGER,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    finished_at TEXT
);
CREATE INDEX tables_status ON tables (status);
CREATE INDEX tables_thread ON tables (thread_id);

CREATE TABLE seats (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    seat INTEGER NOT NULL,
    user_id INTEGER,
    ai_level TEXT CHECK (ai_level IN ('easy', 'normal', 'hard')),
    name TEXT NOT NULL DEFAULT '',
    PRIMARY KEY (table_id, seat),
    CHECK ((user_id IS NULL) <> (ai_level IS NULL))
);

CREATE TABLE deals (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    deal_no INTEGER NOT NULL,
    dealer INTEGER NOT NULL,
    deck TEXT NOT NULL,
    PRIMARY KEY (table_id, deal_no)
);

CREATE TABLE actions (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    action_no INTEGER NOT NULL,
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    created_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%SZ', 'now')),
    UNIQUE (table_id, action_no),
    FOREIGN KEY (table_id, deal_no) REFERENCES deals (table_id, deal_no)
);

CREATE TABLE snapshots (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    engine_version INTEGER NOT NULL,
    action_count INTEGER NOT NULL,
    deal_count INTEGER NOT NULL,
    state TEXT NOT NULL
);

CREATE TABLE results (
    table_id INTEGER PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    totals TEXT NOT NULL,
    winners TEXT NOT NULL,
    record TEXT NOT NULL
);

-- PostgreSQL dialect of migrations_sqlite/009_open_tables.sql (Discord ids BIGINT, JSON and
-- times TEXT, as in 001).
-- Open tables (issue 44, docs/architecture.md "Open tables"): players of every server of the
-- instance meet at one table, each seeing it in a thread of their own server.
--
-- The queue: one place per player (``user_id`` is the key), for a game and a seat count, with
-- where they typed /play (their table is shown there), the name every server reads (their
-- Discord global name), their language, how long they wait before computers take the free
-- seats, and the /play answer's webhook (``answer``, JSON: Discord lets its token edit that
-- answer for 15 minutes, from any process).
CREATE TABLE open_queue (
    user_id BIGINT PRIMARY KEY,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    name TEXT NOT NULL,
    language TEXT NOT NULL,
    wait_s INTEGER NOT NULL,
    queued_at TEXT NOT NULL,
    answer TEXT NOT NULL DEFAULT '{}'
);
CREATE INDEX open_queue_game ON open_queue (game, seats, queued_at);
CREATE INDEX open_queue_guild ON open_queue (guild_id);

-- Lobbies of a server offered to the queue (``/<game> start open:true``): queued players fill
-- their free seats.
CREATE TABLE open_lobbies (
    table_id BIGINT PRIMARY KEY REFERENCES tables (id) ON DELETE CASCADE,
    game TEXT NOT NULL,
    seats INTEGER NOT NULL,
    guild_id BIGINT NOT NULL
);
CREATE INDEX open_lobbies_game ON open_lobbies (game, seats);

-- A table's mirrors: its thread (or channel) in each server where somebody seated reads it, in
-- their language (``users``, JSON: who reads it there). A mirror is closed when its server
-- turns open tables off or removes the bot: its people's seats went to computers.
CREATE TABLE mirrors (
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    guild_id BIGINT NOT NULL,
    channel_id BIGINT NOT NULL,
    thread_id BIGINT,
    message_id BIGINT,
    ping_message_id BIGINT,
    language TEXT NOT NULL,
    users TEXT NOT NULL DEFAULT '[]',
    closed INTEGER NOT NULL DEFAULT 0,
    PRIMARY KEY (table_id, channel_id)
);
CREATE INDEX mirrors_thread ON mirrors (thread_id);
CREATE INDEX mirrors_guild ON mirrors (guild_id);

-- Who muted whom, for good: a muted player's quick-chat phrases never reach who muted them.
CREATE TABLE mutes (
    user_id BIGINT NOT NULL,
    muted_id BIGINT NOT NULL,
    PRIMARY KEY (user_id, muted_id)
);

-- Clicks that reached a cluster other than their table's owner (PostgreSQL shard clusters):
-- acknowledged where they arrived, carried out by the owner (``shard``), which claims them when
-- rung (NOTIFY) and scans again after every reconnect; ``claimed`` names the process carrying
-- one out, and a command is deleted once carried out, so a command claimed by a process that
-- died is taken up by its successor. One process on SQLite writes none.
CREATE TABLE relay (
    id BIGSERIAL PRIMARY KEY,
    shard INTEGER NOT NULL,
    table_id BIGINT NOT NULL,
    command TEXT NOT NULL,
    created_at TEXT NOT NULL,
    claimed TEXT
);
CREATE INDEX relay_shard ON relay (shard, id);

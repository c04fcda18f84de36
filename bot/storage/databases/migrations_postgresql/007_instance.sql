-- PostgreSQL dialect of bot/storage/migrations_sqlite/007_instance.sql.
CREATE TABLE instance (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

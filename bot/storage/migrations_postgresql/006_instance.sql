-- PostgreSQL dialect of bot/storage/migrations_sqlite/006_instance.sql.
CREATE TABLE instance (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

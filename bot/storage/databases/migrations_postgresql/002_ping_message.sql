-- PostgreSQL dialect of bot/migrations/002_ping_message.sql.
ALTER TABLE tables ADD COLUMN ping_message_id BIGINT;

-- The "your turn" ping of each table: kept so that a restarted bot deletes the ping of the
-- process before it instead of leaving it in the thread beside a new one.
ALTER TABLE tables ADD COLUMN ping_message_id INTEGER;

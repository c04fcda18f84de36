-- What belongs to the whole instance rather than to a server or a table (issue 34): the secret
-- that signs the web pages' links, made at the first start and shared by every process on this
-- database (bot/storage/instance.py).
CREATE TABLE instance (
    key TEXT PRIMARY KEY,
    value TEXT NOT NULL
);

-- PostgreSQL dialect of bot/storage/migrations_sqlite/004_reviews.sql: table ids are BIGINT.
CREATE TABLE reviews (
    table_id BIGINT NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    review TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (table_id, deal_no, seat)
);

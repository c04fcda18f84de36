-- Deal reviews (issue 23): what the review of one seat of one finished deal found, as the JSON
-- of ``python -m games review --json`` with the positions its messages show. Computed once, in a
-- worker, when the player first asks; kept so that a second click, or one after a restart, is
-- answered at once.
CREATE TABLE reviews (
    table_id INTEGER NOT NULL REFERENCES tables (id) ON DELETE CASCADE,
    deal_no INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    review TEXT NOT NULL,
    created_at TEXT NOT NULL,
    PRIMARY KEY (table_id, deal_no, seat)
);

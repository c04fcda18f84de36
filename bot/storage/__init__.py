"""Storage: everything the bot keeps, by area (``storage.Storage``): tables and their logs,
reviews, ratings and history, challenges. Each area is one small interface with one
implementation, written once in the SQL both databases speak; only ``database.Database`` is
written per database (``sqlite``, ``postgres``: the driver, transactions, the group commit's
transaction, the numbered migrations of each dialect). Here too: the ratings model,
``migrate-db`` (SQLite → PostgreSQL), backups, the instance lock, and which servers a shard
cluster owns.

It may import ``games`` and itself, nothing else of the bot, and never discord: storage is tested
and run (``migrate-db``, benchmarks) without a Discord client, and a PostgreSQL cluster shares it.
"""

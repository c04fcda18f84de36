"""Storage: everything the bot keeps, behind one small interface (``interface.Storage``).

Here live the interface, the two backends (``sqlite`` and ``postgres``, the latter running the
shared ratings SQL through ``postgres_shim``), the group commit both use for the steps of play,
the one migrations runner and each backend's numbered SQL files, the ratings model and its
storage, ``migrate-db`` (SQLite → PostgreSQL), and which servers a shard cluster owns.

It may import ``games`` and itself, nothing else of the bot, and never discord: storage is tested
and run (``migrate-db``, benchmarks) without a Discord client, and a PostgreSQL cluster shares it.
"""

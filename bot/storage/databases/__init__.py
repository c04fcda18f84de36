"""The one part of storage written for each database: ``database.Database`` (what an area asks
of a database: connections, transactions, the group commit's transaction, ``now()``), its two
implementations (``sqlite``, ``postgres``: the driver, ``PRAGMA``s, advisory locks) and the
numbered migrations of each dialect with their one runner (``migrations``).

It imports nothing of the bot: every area stands on it, and a difference between the two
databases lives here (or in ``operations.migrate_db``), nowhere else.
"""

"""Storage: everything the bot keeps, in rooms by area (``storage.Storage`` gathers them), each a
small interface with one implementation written once in the SQL both databases speak.

- ``databases/``: the one part written per database (SQLite, PostgreSQL): driver, transactions,
  the group commit's transaction, the numbered migrations of each dialect. Nothing of any area.
- ``tables/``: tables, seats, the log and snapshots, the steps' group commit, a table's settings
  (``TableSettings``) and the reviews of its deals.
- ``ratings/``: the rating model and a match's ranking (pure, no SQL), what a finished game
  writes and what the leaderboards, ``/stats`` and ``/history`` read.
- ``challenges/``, ``puzzles/``: server challenges and the puzzles in Discord.
- ``settings/``: each server's settings (``ServerSettings``) and what belongs to the whole
  instance.
- ``operations/``: the commands an admin runs on a database (backup and restore, ``migrate-db``)
  and the lock that keeps one bot per database.
- At the root: ``storage.py`` (``Storage``: the areas over one database), ``backends.py`` (the
  database ``ATOUT_DB`` names) and ``shards.py`` (which servers a shard cluster owns: the areas
  take up only theirs).

A new area is a room of its own: ``<area>/__init__.py`` saying what lives there and what it may
import, ``interface.py`` (the ABC the bot calls, and its rows), ``store.py`` (its SQL over
``databases.database.Database``), its tables in a migration of each dialect, and one attribute
of ``Storage``. Each room imports ``databases``, ``shards`` and the rooms its ``__init__`` names,
never one above it (``operations``, the root's ``storage``/``backends``);
``tests/test_code_quality.py`` holds them to it.

Storage may import ``games``, ``i18n`` (the locales a setting may name) and itself, nothing else
of the bot, and never discord: storage is tested and run (``migrate-db``, benchmarks) without a
Discord client, and a PostgreSQL cluster shares it.
"""

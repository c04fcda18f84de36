"""The puzzles in Discord (``storage.puzzles``, docs/puzzles.md, migration 006): the interface
and its rows (``interface``), and their SQL (``store``: every "first one wins" in one
statement).

It may import ``databases``, ``shards`` and ``games``.
"""

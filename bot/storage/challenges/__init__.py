"""Server challenges (``storage.challenges``, docs/challenges.md, migration 005): the interface
and its rows (``interface``), and their SQL (``store``: matchpoints in one statement).

It may import ``databases``, ``shards``, ``tables`` (a deal's ``TableSettings``) and ``games``.
"""

"""Open tables (``storage.open_tables``, ``storage.relay``; migration 009): the instance's queue,
the lobbies offered to it, each open table's mirrors and who muted whom (``interface``,
``store``), and the clicks carried from one shard cluster to another (``relay``).

It may import ``databases``, ``shards``, ``tables`` (a table's settings: a challenge's deal is
nobody's seat in the queue's eyes) and itself.
"""

"""Tables (``storage.tables``, ``storage.reviews``): the rows of tables and seats, the action log
and the decks (the truth) and the snapshots (a cache), written on the path of a click; the group
commit that writes the steps of all tables together; a table's settings as one typed value
(``settings.TableSettings``); the stored reviews of its deals.

It may import ``databases``, ``shards`` and ``games``.
"""

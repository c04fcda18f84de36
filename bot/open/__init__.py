"""Open tables (issue 44, docs/architecture.md "Open tables"): players of every server of one
instance meet at one table, each seeing it in a thread of their own server.

``queue``: ``/play`` and its answer (the queue, its buttons, the wait after which computers take
the free seats); ``seating``: a table made from the queue, or a server's lobby offered to it, and
its mirrors opened in each player's server; ``leaving``: a server that turns open tables off or
removes the bot, a player banned from their server; ``chat``: the quick-chat phrases and mutes;
``relay``: a click that reached another shard cluster, carried out by the table's owner.

It may import what ``bot.table`` may, ``bot.table`` itself, and itself; the application
(``bot.app``) puts its pieces together.
"""

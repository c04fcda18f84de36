"""Play: the tables in memory and how a game moves on, with no Discord in sight.

A room per job. ``sessions``: one table's state and its one write path (lock, apply, commit,
then tell the listener), and a person's action; ``tables``: every table, loaded on first use
and restored after a restart; ``lobby``: the seats before the game and its start; ``driving``:
after every change, the deals and the computer players' turns up to a person's turn;
``computers``: how a computer player decides, in a worker; ``ending``: the result, the ratings,
abandoning (the vote too); ``absence``: a computer keeping the seat of somebody away, and the
``turn_timer`` that notices; ``settings``: what a starter may choose, and the table's language.
Beside them the worker pools that draw and think off the event loop (``workers``, ``drawing``,
``fork_server``, ``machine``), the deal reviews (``reviews``), a challenge's par (``par``) and
``single_flight`` (one load or review per key at a time).

It may import ``games``, ``bot.storage``, the catalogue of ``bot.text`` (``bot.text.i18n``, which
loads no discord) and the process-wide ``bot.process.collector`` and ``bot.process.allocator`` (a
drawing process tunes its own); never discord, so the path of one action is tested and benchmarked
without a Discord client.
"""

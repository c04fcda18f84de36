"""Play: the tables in memory and how a game moves on, with no Discord in sight.

Here live the table sessions (the only place where a game's state changes: lock, apply, commit,
then tell the listener), the registry of all tables and their restore after a restart, who sits
where once a game is under way (missed turns, computers keeping seats), the turn timer, a
table's settings that are not rules, and the worker pools that draw and think off the event loop.

It may import ``games``, ``bot.storage``, the catalogue of ``bot.text`` (``bot.text.i18n``, which
loads no discord) and the process-wide ``bot.collector``; never discord, so the path of one
action is tested and benchmarked without a Discord client.
"""

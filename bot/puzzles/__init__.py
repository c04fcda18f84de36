"""Puzzles in Discord (docs/puzzles.md, "In Discord"): the server's puzzle of the day, a puzzle from
one's own reviewed mistakes, the stats and streaks, and the daily post.

``desk`` is the controller (which puzzle, answers, the daily sweep), ``finder`` finds puzzles in
a worker (``games.puzzles``: seconds of exact search, never on the event loop), ``builtin`` reads
the set made by the computers' play for servers with too few deals of their own, ``words`` says
puzzles in the reader's language and ``screens`` lays out their messages. Storage is
``bot.storage.puzzles.interface``; the slash commands and the buttons' ``DynamicItem`` are ``cogs.puzzle``.

May import ``games``, ``rendering``, ``bot.storage``, ``bot.text``, ``bot.ui`` and ``bot.play``;
never ``cogs``.
"""

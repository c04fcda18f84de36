"""UI: the Discord pieces every screen shares.

Here live the custom_id codec (the one grammar of every clickable id), the ``DynamicItem``
classes that decode a click, the hand's control panels, one-line refusals, the images sent as
Discord files, the text and images of ``/leaderboard``, ``/stats`` and ``/history``, and the
loop of the sweeps that post (``sweeps``: a season's end, the puzzle of the day).

It may import ``games``, ``rendering``, ``bot.storage``, ``bot.play`` and ``bot.text``; it never
imports ``bot.table`` or the application (the clicks reach them through small protocols).
"""

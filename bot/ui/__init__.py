"""UI: the Discord pieces every screen shares.

Here live the custom_id codec (the one grammar of every clickable id), the ``DynamicItem``
classes that decode a click, the hand's control panels, one-line refusals, the images sent as
Discord files, and the text and images of ``/leaderboard``, ``/stats`` and ``/history``.

It may import ``games``, ``rendering``, ``bot.storage``, ``bot.play`` and ``bot.text``; it never
imports ``bot.table`` or the application (the clicks reach them through small protocols).
"""

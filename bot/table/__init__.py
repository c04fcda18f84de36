"""Table: one table's life in Discord, from ``/<game> start`` to the result.

Here live the start commands and the lobby (seats, computer players, house rules, Start), the
table controller (the session's listener and the clicks of a table in play), which table a click
reaches (``access``), the public table message and the table's channel or thread, the private
hands, the turn pings, and presence (who is still at the table, tables nobody uses).

It may import everything below it (``games``, ``rendering``, ``bot.storage``, ``bot.play``,
``bot.text``, ``bot.ui``) and the web pages' links (``bot.web``) for its link buttons; the
application (``bot.app``) puts its pieces together.
"""

"""Seasons in Discord (issue 45, docs/ratings.md "Seasons"): a season's standings with their
divisions, a player's seasons in ``/stats``, and the season's end, posted once per game played,
with its podium, promotions and the champion's role.

``words`` says seasons in the reader's language, ``screens`` builds what is shown (text and
images, no Discord), ``board`` answers ``/leaderboard season:`` and its buttons, ``desk`` is
the sweep that closes seasons and posts their end. Storage is ``bot.storage.seasons``; the cog
``cogs.seasons`` registers the buttons and runs the sweep.

May import ``games``, ``rendering``, ``bot.storage``, ``bot.text``, ``bot.ui`` and ``bot.web``'s
links; never ``cogs`` or the application (what it needs of the bot is a ``Protocol``).
"""

"""Seasons and divisions (issue 45, docs/ratings.md): each server's games ranked season by season.

The pure parts need no database: ``calendar`` (when seasons begin and end), ``model`` (the
season rating's soft reset, the computers' fixed ratings, the settings and the standings) and
``divisions`` (splitting any pool of players into divisions of about twenty, promotion and
relegation), which the instance-wide ladder can use as well. ``store`` is the area's SQL, written
once for both databases; ``rating`` is what a stored game adds to its season, inside the ratings'
transaction (``Storage`` hands it to the ratings as a hook: they never import this room).

It may import the database floor, the ratings' model and match (the one rating model), the
server settings, the shards and itself; nothing else of the bot, and never discord.
"""

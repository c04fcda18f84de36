"""Web: every finished deal, game, challenge deal and server leaderboard has a page.

A small read-only web server in the bot's process (``ATOUT_WEB_URL`` turns it on), or alone
(``python -m bot web``), on discord.py's own aiohttp, with Jinja2 templates and every asset
served by itself: the pages work on a machine with no internet. Links are signed with a secret
kept in the database (``links``), so a server's games can be neither listed nor guessed; a deal
still in play has no page, and a challenge's deals stay sealed until the challenge closes
(``access``). Reads go through ``reads`` alone, so that the storage's shape is met in one place.

It may import ``games``, ``rendering``, ``bot.storage``, ``bot.play``'s settings and
``bot.text``; never discord. The Discord link buttons live where the messages are built, and
ask ``links`` for their addresses.
"""

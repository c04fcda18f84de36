"""The bot's process on its machine: how its memory is kept (``allocator``: glibc's arenas and
trimming; ``collector``: the garbage collector's thresholds and freeze), what it prints
(``logs``: plain text, no password of a URL) and whether it is well (``health``: the file the
bot writes and ``python -m bot health`` reads).

It imports nothing of the bot, and importing it loads no discord (``health`` asks discord.py
about the gateway only inside the running bot): ``python -m bot`` sets it up before anything
else is loaded, the worker processes inherit it, and the health check runs without the bot's
imports.
"""

"""Challenge: server challenges in Discord — everybody plays the same deals (docs/challenges.md).

Here live the challenges' life (creating one and posting its card, the daily schedule, closing,
working out the pars), a person's attempt (a private thread or ephemeral messages, one table per
deal, resuming after a restart, recording each deal's result), the listener that sends a
challenge's tables to the attempt when their deal ends, and what the commands answer (the card,
standings with their image, results, records).

The deals themselves are ordinary tables (``bot.play``) marked private and duplicate; the scoring
unit and the fixed deals are ``games.duplicate``'s; standings and matchpoints are read from
``bot.storage.challenges.store``. It may import everything ``bot.table`` may, and ``bot.table``
itself; nothing imports it but the application and its cog.
"""

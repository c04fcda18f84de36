"""Discord cogs: one per game (its ``/<game> start`` and its hand panels) and the shared
``/table`` commands. Cogs use ``bot``; they never import each other."""

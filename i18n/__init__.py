"""The translation engine: every word a player reads, in the bot's messages, the images and the
web pages, comes from a Fluent catalogue read by one :class:`~i18n.catalogue.Catalogue`, in one
of the locales Atout speaks (``i18n.locales``), with numbers written as each language writes
them (``i18n.numbers``).

Why Fluent (docs/i18n.md): a sentence's grammar belongs to its language, not to the code. Fluent
lets a French or Japanese translator write plurals (CLDR's categories, so French's "0 pli" and
Japanese's single form need no code), selectors on a value (a suit's gender) and terms shared by
many sentences, all in a plain text file a card player can edit. gettext would give plurals but
no selectors, and would bind the source text to English sentences.

Each floor keeps its own words beside it (``rendering/locales/<locale>/images.ftl``, read by
``rendering.words``; ``bot/text/locales/<locale>/bot.ftl``, read by ``bot.text.i18n``;
``bot/web/locales``): this package is the engine they share, a floor of its own under
``rendering`` and ``bot``. It imports nothing of Atout (no games, no rendering, no bot, no
Discord), so that both may use it and the floors stay as they are (rendering never imports bot).
"""

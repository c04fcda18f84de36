"""Text: every word the bot says, in the reader's language.

Here live the catalogue (``bot.text.i18n.t``: a key and arguments → a sentence, from the Fluent files in
``locales/``), the sentences about a table (narration of events, deal summaries, results), the
wording of house rules, and Discord's own localisation of the command names and choices
(``translator``, the one module here that needs discord).

It may import ``games``, the translation engine (the top-level ``i18n``: locales, catalogue,
numbers) and ``rendering.words`` (the images' game vocabulary), and nothing above it, so that
play and storage can name things in a table's language.
"""

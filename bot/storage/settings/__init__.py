"""Settings: what belongs to one server (``ServerSettings``, ``storage.settings``: ``/atout
settings``, ``/challenge role``, and the ratings' reset marks), as one typed value parsed once
where storage reads it, like a table's own (``bot.storage.table_settings``).

It may import the database floor of storage and ``rendering.i18n`` (the locales a setting may
name), nothing else of the bot. Adding a server setting: ``server.py`` says how.
"""

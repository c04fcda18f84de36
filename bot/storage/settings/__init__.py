"""Settings: what belongs to one server (``server.ServerSettings``, ``storage.settings``:
``/atout settings``, ``/challenge role``, the ratings' reset marks), one typed value parsed once
where storage reads it, like a table's own (``bot.storage.tables.settings``); and what belongs to
the whole instance (``instance``, ``storage.instance``: the web pages' secret).

Adding a server setting: the docstring of ``server.py`` says how (a field, a line to read it, a
line to write it, the option of ``/atout settings``).

It may import ``databases`` and ``i18n`` (the locales a setting may name).
"""

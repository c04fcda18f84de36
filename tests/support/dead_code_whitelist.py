"""Names the dead-code check (``tests/test_code_quality.py``) must not call dead: each is used
where vulture cannot see it. vulture reads this file as code that uses them; nothing imports it.

Add a line only for a use vulture cannot follow (a library calling a method by name or reading
an attribute, a hook that exists for the tests), and say which; anything else that nothing uses
is removed instead.
"""

from vulture.whitelist_utils import Whitelist

_ = Whitelist()

USED = (
    # discord.py calls or reads these by name.
    _.setup_hook,  # commands.Bot: run once before the gateway connects (bot/app.py)
    _.warn_nacl,  # discord.VoiceClient's class flags, set to silence its start-up warnings
    _.warn_dave,
    _.DEFAULT_GATEWAY,  # DiscordWebSocket's gateway address, pointed at a fake Discord
    _.translate,  # app_commands.Translator: the commands' texts in each client language
    _.writable,  # io: logging asks a stream whether it may write (bot/process/logs.py)
    _.from_custom_id,  # DynamicItem: rebuilds a button from its custom_id after a restart
    _.cog_unload,  # commands.Cog: the extension is unloaded
    _.season_choices,  # app_commands: /leaderboard season:'s autocomplete (cogs/leaderboard.py)
    _.teardown,  # an extension's module-level hook, called by load/unload_extension
    _.__signature__,  # inspect reads it: the slash command's parameters built from data
    _.moderation,  # discord.Intents: the bans, for open tables (bot/app.py)
    _.on_guild_remove,  # commands.Cog listeners, called by event name (cogs/play.py)
    _.on_member_ban,
    _.on_interaction,  # discord.Client: every interaction, by event name (bot/app.py)
    _.carried_out,  # bot.open.relay: the tests wait on it for what comes through PostgreSQL
    _.to_dict,  # games.base.Game: the state as data (docs/engines.md), which the tests compare
    # aiohttp calls or reads these (bot/web/connections.py subclasses its connection and site).
    _.handle_error,  # aiohttp's RequestHandler: its own errors (a malformed request) answered
    _._manager,  # RequestHandler: None for a connection refused before it was registered
    _._bound_port,  # TCPSite.port: the port the system chose for a bind to port 0
    # logging reads these (bot/web/connections.py: asyncio's accept trouble, without traceback).
    _.exc_info,
    _.exc_text,
    # aiosqlite and asyncpg read these.
    _.row_factory,  # aiosqlite: rows as sqlite3.Row (bot/storage/databases/sqlite.py)
    _.trace,  # the traceback argument of an async context manager's __aexit__
    # Columns of a row dataclass, written to the database by dataclasses.astuple.
    _.left_game,
    _.mu_before,
    _.sigma_before,
    _.mu_after,
    _.sigma_after,
    # What the tests and the benchmarks read to watch a part work.
    _.set_enabled,  # rendering.layers: the tests draw tables with and without kept layers
    _.hits,  # rendering.layers.LayerCache: the layer tests check the cache is used
    _.misses,
    _.commits,  # bot.storage.tables.group_commit: group commits so far, beside ``steps``
    _.schema_version,  # bot.storage: the migration tests read the version a database is at
    _.in_use,  # bot.ui.emojis: the emoji tests read which marks a bot put in use
    # Called as a function, which vulture does not follow.
    _.__call__,  # bot.web.pages.Words: the pages and their templates say w("key", …)
    _.forward,  # training.nn.ValueNet: PyTorch calls it when the model is called
    # Unused today, in rooms being rebuilt for issues 32 and 33 (the review's path, storage, the
    # challenge's results): left to those rooms' developers to use or remove.
    _.computing,  # bot.play.reviews
    _.owns,  # bot.storage.shards
)

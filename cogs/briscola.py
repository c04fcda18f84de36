"""``/briscola start``: Briscola for 2, 3, 4 or 6 players (docs/rules.md §5). Its hand is cards only,
so it uses the shared card panel."""

from __future__ import annotations

from bot.table.commands import GameCog, cog_setup, describe, start_command


class Briscola(GameCog, group_name="briscola", group_description=describe("cmd_briscola")):
    start = start_command("briscola")


setup = cog_setup(Briscola)

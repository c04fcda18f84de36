"""``/sueca start``: Sueca for four, two against two (docs/rules.md §7). Cards only: the shared card
panel is its hand."""

from __future__ import annotations

from bot.table.commands import GameCog, cog_setup, describe, start_command


class Sueca(GameCog, group_name="sueca", group_description=describe("cmd_sueca")):
    start = start_command("sueca")


setup = cog_setup(Sueca)

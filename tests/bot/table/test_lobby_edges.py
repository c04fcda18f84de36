"""The lobby's rough edges: computer names stay unique, a double tap seats one computer, a
table needs a person to start, threads carry the table number, exports are private."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

import simcord

from bot.text.i18n import t
from harness.driver import Table, components_of


async def open_lobby(env: simcord.Env, game: str = "belote") -> tuple[object, int, object, object]:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    opened = await alice.slash(channel, f"{game} start")
    lobby = opened.response
    assert lobby is not None
    table_id = int(components_of(lobby)[0]["custom_id"].split(":")[2])
    return lobby, table_id, alice, channel


async def add_computer(alice: simcord.MemberActor, lobby: object, table_id: int) -> None:
    choice = await alice.click(lobby, custom_id=f"atout:addbot:{table_id}")
    assert choice.response is not None
    done = await alice.click(choice.response, custom_id=f"atout:addbot:{table_id}:easy")
    assert done.acknowledged


async def test_computer_names_stay_unique_after_remove_and_add(env: simcord.Env) -> None:
    lobby, table_id, alice, _ = await open_lobby(env)
    for _ in range(2):
        await add_computer(alice, lobby, table_id)  # type: ignore[arg-type]
    # Remove the last one (Computer 2), then remove and add in a different order.
    await alice.click(lobby, custom_id=f"atout:rmbot:{table_id}")  # type: ignore[attr-defined]
    await add_computer(alice, lobby, table_id)  # type: ignore[arg-type]
    await add_computer(alice, lobby, table_id)  # type: ignore[arg-type]
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    names = [s.name for s in session.row.seat_list if s.is_computer]
    assert len(names) == 3 and len(set(names)) == 3, names


async def test_leaving_a_game_gives_the_computer_a_new_name(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice, bob = (guild.add_member(env.create_user(n)) for n in ("alice", "bob"))
    table = Table(env, channel, [alice, bob])
    await table.open("belote", computers=2)
    await bob.slash(channel, "table leave", table=table.table_id)
    names = [s.name for s in table.session.row.seat_list]
    assert len(set(names)) == 4, names


class Tap:
    """One tap on a level button as Discord delivers it: both taps of a double tap name the
    same ephemeral message and reach the bot before either has been answered (simcord answers
    clicks one at a time, so the race is staged with two of these)."""

    def __init__(self, message_id: int, user_id: int) -> None:
        self.message = SimpleNamespace(id=message_id)
        self.user = SimpleNamespace(id=user_id)
        self.answers: list[str] = []
        self.response = self

    def is_done(self) -> bool:
        return bool(self.answers)

    async def send_message(self, content: str, **_: object) -> None:
        self.answers.append(content)

    async def edit_message(self, *, content: str, **_: object) -> None:
        self.answers.append(content)


async def test_a_double_tap_on_a_level_seats_one_computer(env: simcord.Env) -> None:
    _lobby, table_id, alice, _ = await open_lobby(env)
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    taps = [Tap(4242, alice.id) for _ in range(2)]  # type: ignore[attr-defined]
    await asyncio.gather(
        *(env.bot.lobby.add_computer(tap, session, "easy") for tap in taps)  # type: ignore[attr-defined]
    )
    assert sum(1 for s in session.row.seat_list if s.is_computer) == 1
    assert taps[1].answers == [t("error_addbot_used")]


async def test_a_table_without_a_person_cannot_start(env: simcord.Env) -> None:
    lobby, table_id, alice, _ = await open_lobby(env, "briscola")
    await add_computer(alice, lobby, table_id)  # type: ignore[arg-type]
    await alice.click(lobby, custom_id=f"atout:leave:{table_id}")  # type: ignore[attr-defined]
    await add_computer(alice, lobby, table_id)  # type: ignore[arg-type]
    session = env.bot.tables.sessions[table_id]  # type: ignore[attr-defined]
    assert session.row.full and not session.humans()
    result = await alice.click(lobby, custom_id=f"atout:start:{table_id}")  # type: ignore[attr-defined]
    assert result.ephemeral and result.response is not None
    assert result.response.content == t("error_no_human")
    assert session.row.status == "lobby"


async def test_the_thread_name_carries_the_table_number(env: simcord.Env) -> None:
    table = Table.alone(env)
    await table.open("briscola", computers=1, seats=2)
    assert f"#{table.table_id}" in table.where().name


async def test_an_export_answers_the_asker_only(env: simcord.Env) -> None:
    guild = env.create_guild()
    channel = guild.create_text_channel("cards")
    alice = guild.add_member(env.create_user("alice"))
    table = Table(env, channel, [alice])
    await table.open("briscola", computers=1, seats=2, hands_to_win=1)
    await table.play_to_end()
    result = await alice.slash(channel, "table export", table=table.table_id)
    assert result.ephemeral and result.response is not None
    assert result.response.attachments


async def test_the_lobby_buttons_say_what_they_do(env: simcord.Env) -> None:
    """The seated starter sees no green Join (it is grey and counts the free seats, and goes
    when none is left), the Rated choice is a grey setting, Start is the one coloured button,
    and a computer's seat says "computer" once, in its name."""
    lobby, table_id, alice, channel = await open_lobby(env, "piquet")
    buttons = {c["custom_id"].split(":")[1]: c for c in components_of(lobby)}
    join = buttons["join"]
    assert join["label"] == t("button_join", count=1) and join["style"] == 2
    assert buttons["rated"]["style"] == 2 and buttons["rated"]["label"] == t("button_play_unrated")
    assert buttons["start"]["disabled"] and buttons["start"]["style"] == 2
    await add_computer(alice, lobby, table_id)  # type: ignore[arg-type]
    lobby = next(m for m in channel.history() if m.id == lobby.id)  # type: ignore[attr-defined]
    buttons = {c["custom_id"].split(":")[1]: c for c in components_of(lobby)}
    assert "join" not in buttons and "addbot" not in buttons
    assert buttons["start"]["style"] == 1 and not buttons["start"].get("disabled")
    computer = env.bot.tables.sessions[table_id].row.seat(1)  # type: ignore[attr-defined]
    assert f"{computer.name} ({t('level_easy')})" in lobby.content
    assert lobby.content.count("Computer") == 1

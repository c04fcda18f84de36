"""Plays a table through Discord the way people do: slash commands and clicks only.

The test side decides *what* a human plays with the easy computer player on that seat's view
(so games end), then finds the button or select on the player's ephemeral hand that does it
and clicks it. Nothing is applied to the engine directly.
"""

from __future__ import annotations

import json
import operator
import random
import re
from functools import cache
from typing import Any

import simcord
from simcord.results import to_discord_message

from bot.app import AtoutBot
from bot.play.sessions import TableSession
from bot.ui.codec import PickButtonId, button_id, custom_id, select_value
from games.actions import Action
from games.ai import choose
from games.base import Game
from games.registry import game_class

CARD_LABEL = re.compile(r"(10|[2-9JQKAVDR])(?:([♠♥♦♣♤♧])|<:atout\d+_french4?_([SHDC]):\d+>)")
"""A French card as the bot writes it: a suit symbol (the fallback's ♤ and ♧ among them) or the
bot's own suit emoji (``<:atout1_french_S:…>``)."""
FRENCH_LETTERS = {"V": "J", "D": "Q", "R": "K"}
"""French indices (valet, dame, roi): a French table names the jack of hearts V♥️."""
CARD_CODE = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][SHDC])(?![A-Za-z0-9])")
SUIT_LETTERS = {"♠": "S", "♥": "H", "♦": "D", "♣": "C", "♤": "S", "♧": "C"}


@cache
def italian_names() -> dict[str, str]:
    """Every Italian-suited card's name as a message says it, in every language, with its
    article and without ("the King of Coins", "il re di denari", "金貨のキング"): read from the
    one function that names cards (``rendering.words.card_name``), so that a new name is
    looked for the moment it is written."""
    from i18n.locales import LOCALES
    from rendering.words import card_name

    names: dict[str, str] = {}
    for locale in LOCALES:
        for rank in "A234567JQK":
            for suit in "SHDC":
                for article in (True, False):
                    names[card_name(rank + suit, locale, True, article=article)] = rank + suit
    # The longest first, so that "the 2 of Coins" is read before "2 of Coins" could be.
    return dict(sorted(names.items(), key=lambda item: -len(item[0])))


class PublicCards:
    """Every card that some public view has shown so far: a mirror engine replays the table's
    log step by step and collects the cards of the public view after each step."""

    def __init__(self) -> None:
        self.mirror: Game | None = None
        self.cards: set[str] = set()

    def _collect(self, game: Game) -> None:
        # Not the options: a rule may name a card (Briscola's removed 2) that is in play.
        shown = {k: v for k, v in game.public_view().items() if k != "options"}
        self.cards |= set(CARD_CODE.findall(json.dumps(shown)))

    def sync(self, game: Game) -> None:
        if self.mirror is None:
            cls = game_class(game.NAME)
            self.mirror = cls(options=game.options, seats=game.seats, dealer=game.log[0]["dealer"])
        mirror = self.mirror
        for index, deal in enumerate(game.log):
            if index >= len(mirror.log):
                mirror.deal(deal["deck"])
                self._collect(mirror)
            for entry in deal["actions"][len(mirror.log[index]["actions"]) :]:
                action = Action.from_json(entry)
                mirror.apply(entry["seat"], action)
                self._collect(mirror)


def cards_shown(message: Any) -> set[str]:
    """Cards named in a stored message's text, button labels, select options and custom_ids."""
    texts = [message.content]
    codes: list[str] = []

    def walk(component: dict[str, Any]) -> None:
        for key in ("label", "placeholder"):
            if component.get(key):
                texts.append(str(component[key]))
        if component.get("custom_id"):
            codes.append(str(component["custom_id"]))
        for option in component.get("options") or []:
            texts.append(str(option.get("label", "")))
            codes.append(str(option.get("value", "")))
        for child in component.get("components") or []:
            walk(child)

    for component in message.components:
        walk(component)
    found = {
        ("T" if rank == "10" else FRENCH_LETTERS.get(rank, rank))
        + (SUIT_LETTERS.get(suit) or emoji)
        for text in texts
        for rank, suit, emoji in CARD_LABEL.findall(text)
    }
    # Italian decks are named in words: "the King of Batons" is the king of clubs (KC), "il re
    # di bastoni" in Italian, "棍棒のキング" in Japanese.
    found |= {code for text in texts for name, code in italian_names().items() if name in text}
    for code in codes:
        found |= set(CARD_CODE.findall(code.replace(":", " ")))
    return found


DARK_SUIT = re.compile("[♠♣]")
"""In a message, Discord draws ♠ and ♣ as its near-black emoji, variation selector or not."""
BARE_RED_SUIT = re.compile("[♥♦](?!\ufe0f)")
"""A red suit in a message is its emoji (U+FE0F), like the fallback writes it."""
LABEL_SUIT = re.compile("[♠♣](?!\ufe0e)")
"""On a control, a black suit is text in the label's colour (U+FE0E) or nothing."""


def unreadable_suits(message: Any) -> list[str]:
    """Where a stored message writes a suit that is dim on Discord's dark theme (issue 25): a
    black suit in its text, a black suit on a control other than as text-presentation glyph,
    Discord's ♠️ or ♣️ in a control's emoji slot."""
    found: list[str] = []
    texts = [message.content or ""]
    for embed in getattr(message, "embeds", None) or []:
        data = embed if isinstance(embed, dict) else embed.to_dict()
        texts += [str(data.get(k) or "") for k in ("title", "description")]
        texts += [str(data.get("footer", {}).get("text") or "")]
        for field in data.get("fields") or []:
            texts += [str(field.get("name") or ""), str(field.get("value") or "")]
    found += [text for text in texts if DARK_SUIT.search(text) or BARE_RED_SUIT.search(text)]
    labels: list[str] = []
    slots: list[str] = []

    def walk(component: dict[str, Any]) -> None:
        labels.extend(str(component.get(key) or "") for key in ("label", "placeholder"))
        slots.append(str((component.get("emoji") or {}).get("name") or ""))
        for option in component.get("options") or []:
            labels.extend(str(option.get(key) or "") for key in ("label", "description"))
            slots.append(str((option.get("emoji") or {}).get("name") or ""))
        for child in component.get("components") or []:
            walk(child)

    for component in message.components:
        walk(component if isinstance(component, dict) else component.to_dict())
    found += [label for label in labels if LABEL_SUIT.search(label)]
    found += [f"emoji {slot}" for slot in slots if DARK_SUIT.search(slot)]
    return found


def read_once(world: simcord.Env, reader: Any, message: Any) -> Any:
    """``reader(message)``, read again only once the message has changed. The checks after
    every click read every message of the world (a game's hundreds of hands), and all but a
    few are as they were at the last click. simcord's edit of a stored message gives it a new
    content, components and embeds (it never changes them in place), so a message whose three
    are the very objects it had is the message that was read."""
    reads: dict[tuple[int, Any], tuple[Any, ...]] = world.__dict__.setdefault("driver_reads", {})
    now = (message, message.content, message.components, getattr(message, "embeds", None))
    known = reads.get((id(message), reader))
    if known is not None and all(map(operator.is_, known[:4], now)):
        return known[4]
    value = reader(message)
    reads[id(message), reader] = (*now, value)
    return value


def assert_suits_readable(world: simcord.Env) -> None:
    """Every message the bot sent, hands included, writes its suits readably on both themes."""
    for messages in world.backend.messages.values():
        for message in messages.values():
            dim = read_once(world, unreadable_suits, message)
            assert not dim, f"message {message.id} writes dim suits: {dim}"


def assert_no_hidden_cards(world: simcord.Env, public: set[str]) -> None:
    """No message that everybody can see names a card no public view has shown."""
    for messages in world.backend.messages.values():
        for message in messages.values():
            if message.is_ephemeral:
                continue
            leaked = read_once(world, cards_shown, message) - public
            assert not leaked, f"message {message.id} shows {sorted(leaked)}: {message.content!r}"


def components_of(message: Any) -> list[dict[str, Any]]:
    """Flattened components (buttons and selects) of a simcord message or response."""
    rows = message.components
    out: list[dict[str, Any]] = []
    for row in rows:
        if isinstance(row, dict):
            out.extend(row.get("components", []) or [row])
        else:  # discord.Message: ActionRow objects
            for child in row.children:
                out.append(child.to_dict())
    return out


def custom_ids(message: Any) -> list[str]:
    return [c.get("custom_id", "") for c in components_of(message)]


class Table:
    def __init__(
        self,
        world: simcord.Env,
        channel: simcord.ChannelHandle,
        players: list[simcord.MemberActor],
        seed: int = 1,
    ) -> None:
        self.world = world
        self.channel = channel
        self.players = players
        self.table_id: int | None = None
        self._known: tuple[Any, TableSession] | None = None
        self.rng = random.Random(seed)
        self.clicks = 0
        self.kinds: set[str] = set()
        """Action types people took through their hands (which panels were used)."""
        self.public: PublicCards | None = None
        """When set, every click is followed by the hidden-information check."""

    @classmethod
    def alone(cls, world: simcord.Env, name: str = "alice") -> Table:
        """The most common table of the tests: one person, in a server of their own, at its
        "cards" channel (computers fill the other seats at ``open``)."""
        guild = world.create_guild()
        channel = guild.create_text_channel("cards")
        return cls(world, channel, [guild.add_member(world.create_user(name))])

    @property
    def bot(self) -> AtoutBot:
        return self.world.bot  # type: ignore[return-value]

    @property
    def session(self) -> TableSession:
        """The table's session in the running bot (kept after the game, which the bot forgets)."""
        assert self.table_id is not None
        found = self.bot.tables.sessions.get(self.table_id)
        if found is not None:
            self._known = (self.bot, found)
            return found
        bot, known = self._known
        assert bot is self.bot, "the table is not loaded in this bot"
        return known

    def actor(self, user_id: int) -> simcord.MemberActor:
        return next(p for p in self.players if p.id == user_id)

    # ------------------------------------------------------------------------ lobby
    async def open(
        self,
        game: str,
        computers: int = 0,
        levels: tuple[str, ...] = ("easy", "normal", "hard"),
        **options: Any,
    ) -> None:
        """Open a table of ``game``, seat the players and ``computers`` computer players (their
        levels taken in turn from ``levels``), and start it."""
        # No turn timer unless a test asks for one: simcord's timers also fire in real time, and
        # a long game on a busy machine would see computers play for people mid-test.
        options.setdefault("turn_timer", 0)
        starter = self.players[0]
        result = await starter.slash(self.channel, f"{game} start", **options)
        assert result.response is not None and not result.ephemeral, result
        lobby = result.response
        match = re.search(r"atout:join:(\d+)", " ".join(custom_ids(lobby)))
        assert match, custom_ids(lobby)
        self.table_id = int(match.group(1))
        self.lobby = lobby
        for player in self.players[1:]:
            await player.click(lobby, custom_id=f"atout:join:{self.table_id}")
        for index in range(computers):
            level = levels[index % len(levels)]
            choice = await starter.click(lobby, custom_id=f"atout:addbot:{self.table_id}")
            assert choice.ephemeral and choice.response is not None
            await starter.click(choice.response, custom_id=f"atout:addbot:{self.table_id}:{level}")
        await starter.click(lobby, custom_id=f"atout:start:{self.table_id}")
        assert self.session.row.status == "playing"

    def where(self) -> simcord.ChannelHandle:
        thread_id = self.session.row.thread_id
        if thread_id is None:
            return self.channel
        return next(t for t in self.channel.threads if t.id == thread_id)

    def table_message(self) -> Any:
        """The table message as ``where().history()`` gives it, built alone: every turn asks for
        it, and the history builds a ``discord.Message`` of each message of the thread."""
        message_id = self.session.row.table_message_id
        stored = self.world.backend.messages.get(self.where().id, {}).get(message_id)
        assert stored is not None and stored.visible_to(None), "no table message"
        return to_discord_message(self.world, stored)

    # ------------------------------------------------------------------------- play
    async def hand(self, player: simcord.MemberActor) -> Any:
        result = await player.click(self.table_message(), custom_id=f"atout:hand:{self.table_id}")
        assert result.ephemeral and result.response is not None
        return result.response

    def decide(self, seat: int) -> Action:
        game = self.session.game
        assert game is not None
        view = game.view(seat)
        legal = game.legal_actions(seat)
        return choose(view, legal, "easy", random.Random(self.rng.getrandbits(32)))

    async def click_action(self, player: simcord.MemberActor, hand: Any, action: Action) -> Any:
        """Click whatever on ``hand`` takes ``action``; returns the interaction result."""
        assert self.table_id is not None
        version = self.session.game.action_count  # type: ignore[union-attr]
        self.clicks += 1
        if action.type == "exchange" and action.cards:
            # Piquet: mark each discard on its card button, then press the exchange button
            # (which names the marked cards in hand order).
            for card in action.cards:
                marked = await player.click(
                    hand, custom_id=PickButtonId(self.table_id, version, card).custom_id
                )
                assert marked.acknowledged and not marked.followups, marked
            prefix = custom_id("exchange", self.table_id, version) + ":"
            (confirm,) = [
                c["custom_id"]
                for c in components_of(hand)
                if str(c.get("custom_id", "")).startswith(prefix)
                and c["custom_id"]
                != button_id(self.table_id, version, Action("exchange", cards=()))
            ]
            return await player.click(hand, custom_id=confirm)
        if action.type in ("call", "trump"):
            cid = custom_id(action.type, self.table_id, version)
            values = [select_value(action)]
            # A long list of calls is spread over several selects (``<cid>:<n>``).
            for component in components_of(hand):
                options = [o.get("value") for o in component.get("options") or []]
                if str(component.get("custom_id", "")).startswith(cid) and values[0] in options:
                    cid = component["custom_id"]
                    break
            return await player.select(hand, values, custom_id=cid)
        cid = button_id(self.table_id, version, action)
        if action.type == "bid" and cid not in custom_ids(hand):
            level = custom_id("level", self.table_id, version)
            result = await player.select(hand, [str(action.value)], custom_id=level)
            hand = result.response or hand
        return await player.click(hand, custom_id=cid)

    async def play_turn(self) -> None:
        game = self.session.game
        assert game is not None and game.to_act is not None
        seat = self.session.seat(game.to_act)
        assert seat is not None and seat.user_id is not None, "a computer seat is waiting"
        player = self.actor(seat.user_id)
        hand = await self.hand(player)
        action = self.decide(game.to_act)
        result = await self.click_action(player, hand, action)
        assert result.acknowledged
        self.kinds.add(action.type)
        self.check_secrets()
        assert_suits_readable(self.world)

    def check_secrets(self) -> None:
        if self.public is not None and self.session.game is not None:
            self.public.sync(self.session.game)
            assert_no_hidden_cards(self.world, self.public.cards)

    async def play_until(self, done: Any, limit: int = 2000) -> None:
        for _ in range(limit):
            game = self.session.game
            assert game is not None
            if done(game) or game.over:
                return
            await self.play_turn()
        raise AssertionError("the game did not end")

    async def play_to_end(self) -> None:
        await self.play_until(lambda g: g.over)
        assert self.session.row.status == "finished"

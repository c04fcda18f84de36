"""How suits are written in messages and on controls (issue 25: ♠ and ♣ on the dark theme)."""

from __future__ import annotations

import re
from types import SimpleNamespace

from bot.text import marks
from bot.text.cards import card_name, trump_word
from bot.text.marks import shown_length, suit_emoji, suit_glyph, suit_text
from bot.text.narrate import STATUS_LENGTH
from bot.ui.emojis import emoji_name
from harness.driver import unreadable_suits
from rendering.emoji import EMOJI_SUITS

UPLOADED = marks.SuitMarks(
    {key: f"<:{emoji_name(*key)}:{1000 + i}>" for i, key in enumerate(EMOJI_SUITS)}
)


def test_the_fallback_outlines_the_black_suits_and_keeps_the_red_emoji() -> None:
    assert [suit_text(s) for s in "SHDC"] == ["♤", "♥️", "♦️", "♧"]
    assert [suit_emoji(s) for s in "SHDC"] == [None, "♥️", "♦️", None]
    assert [suit_emoji(s, "italian") for s in "SHDC"] == ["⚔️", "🏆", "🪙", "🪵"]
    assert [suit_glyph(s) for s in "SHDC"] == [f"{g}\ufe0e" for g in "♠♥♦♣"]
    assert card_name("QS", "belote", "auto", "fr") == "D♤"
    assert card_name("TC", "coinche") == "10♧"
    assert trump_word("D") == "♦️"


def test_the_uploaded_emojis_are_used_once_set_and_dropped_by_their_bot() -> None:
    marks.use(UPLOADED)
    assert suit_text("S") == "<:atout1_french_S:1000>"
    assert card_name("JC", "coinche") == "J<:atout1_french_C:1003>"
    # The four-colour deck has blue diamonds and green clubs; its spades and hearts are French.
    assert suit_text("C", "french4") == "<:atout1_french4_C:1005>"
    assert suit_text("S", "french4") == "<:atout1_french_S:1000>"
    assert suit_emoji("D", "italian") == "<:atout1_italian_D:1008>"
    # A bot closing after another started leaves the other's emojis in place.
    marks.drop(marks.SuitMarks({("french", "S"): "<:atout1_french_S:1>"}))
    assert marks.current() is UPLOADED
    marks.drop(UPLOADED)
    assert marks.current() is marks.NONE
    assert suit_text("S") == "♤"


def test_every_suit_has_an_emoji_named_for_discord() -> None:
    """Discord's names: 2 to 32 letters, digits and underscores, unique in the application."""
    names = [emoji_name(style, suit) for style, suit in EMOJI_SUITS]
    assert len(set(names)) == len(names) == 10
    assert all(re.fullmatch(r"\w{2,32}", name) for name in names)
    assert {(s, u) for s in ("french", "italian") for u in "SHDC"} <= set(EMOJI_SUITS)


def test_a_status_line_is_measured_as_it_reads() -> None:
    line = f"alice played 9{UPLOADED.emojis[('french', 'S')]}"
    assert shown_length(line) == len("alice played 9x")
    assert len(line) > STATUS_LENGTH // 5


def test_the_dim_suit_check_finds_each_dim_suit() -> None:
    """The check every whole game runs (``harness/driver.py``) can fail."""

    def message(content: str = "", **component: object) -> SimpleNamespace:
        return SimpleNamespace(content=content, embeds=[], components=[component])

    assert unreadable_suits(message("alice played 9♠")) == ["alice played 9♠"]
    assert unreadable_suits(message("alice played 9♠️"))
    assert unreadable_suits(message("alice played 9♥"))
    assert unreadable_suits(message(label="♣ 80"))
    assert unreadable_suits(message(emoji={"name": "♠️"}))
    assert unreadable_suits(message(options=[{"label": "x", "emoji": {"name": "♣️"}}]))
    assert not unreadable_suits(message("alice played 9♤ · bob played 9♥️ · 10♧"))
    assert not unreadable_suits(message("<:atout1_french_S:1>", label="10♠\ufe0e"))
    assert not unreadable_suits(message(label="80", emoji={"name": "atout1_french_C", "id": 1}))


def test_a_review_position_draws_plain_suits_and_its_text_writes_the_emojis() -> None:
    """A review's labels drawn in its image take the plain symbols; its message, the bot's
    emojis (``bot.table.review``)."""
    from bot.text.review import action_words
    from games.actions import Action

    marks.use(UPLOADED)
    bid = Action("bid", value=90, trump="S")
    exchange = Action("exchange", cards=("KC", "7D"))
    assert "<:atout1_french_S:1000>" in action_words(bid, "coinche", "auto", "en")
    with marks.drawn():
        assert action_words(bid, "coinche", "auto", "en").endswith("90 ♠")
        assert action_words(exchange, "piquet", "auto", "fr").endswith("R♣ 7♦")
    assert marks.current() is UPLOADED
    # A challenge's results name the contract with the table's suits too.
    from bot.text.narrate import outcome_line
    from games.views import CoincheContract, DealResultEvent

    contract: CoincheContract = {"declarer": 0, "trump": "C", "value": 100, "multiplier": 1}
    result: DealResultEvent = {"type": "deal_result", "seat": None, "outcome": "success"}
    line = outcome_line(contract, result, ["ana", "bo"], "coinche", "en")
    assert line is not None and "100 <:atout1_french_C:1003>" in line

"""Results a player understands (issue 33, item 8): ties shown as ties, the result and the par
explained with their numbers, every deal's line saying what was played, card points without a
sign, and a card that does not announce a game's length for single deals."""

from __future__ import annotations

import datetime
import re

from bot.challenge.screens import card_content, deal_done_text, field_text, own_results_text
from bot.storage.challenges.interface import Challenge, DealResult, Par
from bot.storage.tables.settings import TableSettings
from games.duplicate import FixedDeal

NOW = datetime.datetime(2026, 11, 28, 12, tzinfo=datetime.UTC)


def challenge(game: str, seats: int = 4, options: dict[str, object] | None = None) -> Challenge:
    return Challenge(
        id=7,
        guild_id=1,
        channel_id=2,
        message_id=3,
        creator_id=4,
        game=game,
        seats=seats,
        options=dict(options or {}),
        settings=TableSettings(language="en"),
        deal_count=3,
        samples=2,
        seed="secret",
        deals=[FixedDeal(0, ())] * 3,
        created_at="2026-11-28T10:00:00Z",
        closes_at="2026-11-29T10:00:00Z",
    )


COINCHE_DETAIL = {
    "names": ["ann", "Computer 1", "Computer 2", "Computer 3"],
    "teams": [[0, 2], [1, 3]],
    "contract": {"value": 110, "trump": "H", "declarer": 1, "multiplier": 1},
    "result": {"outcome": "failure", "scores": [270, 0], "trick_points": [92, 70]},
}


def result(
    user: int, name: str, score: int, rank: int, tied: bool, detail: dict[str, object]
) -> DealResult:
    return DealResult(
        deal_no=0,
        user_id=user,
        name=name,
        score=score,
        percent=50.0,
        field_size=3,
        table_id=user,
        detail=detail,
        rank=rank,
        tied=tied,
    )


def test_tied_ranks_are_written_as_ties_and_never_as_a_numbered_list() -> None:
    field = [
        result(1, "ann", 270, 1, True, COINCHE_DETAIL),
        result(2, "bob", 270, 1, True, COINCHE_DETAIL),
        result(3, "cat", -110, 3, False, COINCHE_DETAIL),
    ]
    text = field_text(challenge("coinche"), 0, field, Par(160, COINCHE_DETAIL), 2, "en")
    lines = text.splitlines()
    assert lines[2].startswith("**=1** ann — ") and lines[3].startswith("**=1** __bob__ — ")
    assert lines[4].startswith("**3** cat — ")
    # Discord renumbers lines that start "1." as a list 1, 2, 3, whatever they say.
    assert not any(re.match(r"\d+\. ", line) for line in lines)


def test_each_line_says_the_contract_and_the_result_in_one_short_line() -> None:
    field = [result(1, "ann", 270, 1, False, COINCHE_DETAIL)]
    text = field_text(challenge("coinche"), 0, field, Par(160, COINCHE_DETAIL), 1, "en")
    par, line = text.splitlines()[1:]
    assert par.startswith("Par (the hard computer in your seat): Contract: 110 ")
    assert par.endswith("failed → +160")
    assert "Melds" not in line and line.endswith("failed → +270 · 50%")
    assert max(len(line) for line in text.splitlines()) < 110


def test_card_points_have_no_sign_and_no_empty_detail() -> None:
    detail = {
        "names": ["ann", "Computer 1"],
        "teams": [[0], [1]],
        "contract": None,
        "result": {"scores": [1, 0], "trick_points": [72, 48]},
    }
    field = [result(1, "ann", 72, 1, False, detail)]
    text = field_text(challenge("briscola", 2), 0, field, Par(67, detail), 1, "en")
    assert "Par (the hard computer in your seat): 67" in text
    assert "→" not in text and "+" not in text and ":  " not in text
    assert "card points" in text
    own = own_results_text(challenge("briscola", 2), field, {0: Par(67, detail)}, "en")
    assert "Deal 1: 72 · par 67 · " in own


def test_the_end_of_a_deal_explains_the_result_and_the_par_with_numbers() -> None:
    mine = result(1, "ann", 270, 1, False, COINCHE_DETAIL)
    text = deal_done_text(challenge("coinche"), 0, mine, Par(160, COINCHE_DETAIL), "en")
    assert text.splitlines()[:2] == [
        "**Deal 1 of 3 is over**: your side scored 270 and the other side 0, so your result is"
        " +270.",
        "Par: the hard computer in your seat made +160 on this deal; you did 110 points better.",
    ]
    french = deal_done_text(challenge("coinche"), 0, mine, Par(300, COINCHE_DETAIL), "fr")
    assert "ton camp a marqué 270 et l'autre 0" in french
    assert "tu as fait 30 points de moins" in french


def test_the_card_does_not_announce_a_games_length_for_single_deals() -> None:
    coinche = card_content(challenge("coinche"), 0, 0, [], NOW, "en")
    assert "points" not in coinche.splitlines()[2], coinche
    briscola = card_content(challenge("briscola", 2), 0, 0, [], NOW, "fr")
    assert "mains" not in briscola.splitlines()[2] and "3" not in briscola.splitlines()[2]

"""A challenge's results name each deal's contract from the detail its table left, typed as
``games.duplicate.DealDetail``: Coinche's bid and whether it was made, a deal everybody passed,
chiamata's call, and nothing for a game without a contract."""

from __future__ import annotations

from bot.challenge.screens import detail_text
from games.duplicate import DealDetail

NAMES = ["ann", "Computer 1", "Computer 2", "Computer 3"]


def test_a_coinche_contract_is_named_with_its_outcome() -> None:
    detail: DealDetail = {
        "names": NAMES,
        "teams": [[0, 2], [1, 3]],
        "contract": {"trump": "H", "declarer": 1, "value": 90, "multiplier": 2},
        "result": {"type": "deal_result", "seat": None, "outcome": "failure", "scores": [250, 0]},
    }
    line = detail_text(detail, "coinche", "french", "en")
    assert "Computer 1" in line and "90" in line and "×2" in line
    made: DealDetail = {**detail, "result": {**detail["result"], "outcome": "success"}}
    assert detail_text(made, "coinche", "french", "en") != line


def test_a_deal_everybody_passed_says_so_and_a_briscola_deal_says_nothing() -> None:
    passed: DealDetail = {
        "names": NAMES,
        "teams": [[0, 2], [1, 3]],
        "contract": None,
        "result": {"type": "deal_result", "seat": None, "passed_out": True},
    }
    assert detail_text(passed, "belote", "french", "en")
    assert detail_text({**passed, "result": None}, "coinche", "french", "en")
    briscola: DealDetail = {
        **passed,
        "result": {"type": "deal_result", "winner": 0, "scores": [70, 50]},
    }
    assert detail_text(briscola, "briscola", "italian", "en") == ""
    assert detail_text(None, "coinche", "french", "en") == ""


def test_chiamatas_call_names_the_declarer_and_the_called_card() -> None:
    detail: DealDetail = {
        "names": ["ann", "bo", "cy", "di", "ed"],
        "teams": [[0], [1], [2], [3], [4]],
        "contract": None,
        "result": {
            "type": "deal_result",
            "seat": 2,
            "declarer": 2,
            "partner": 4,
            "alone": False,
            "called_card": "AD",
            "target": 61,
            "points": 70,
            "success": True,
            "cappotto": False,
            "scores": [-1, -1, 2, -1, 1],
        },
    }
    line = detail_text(detail, "chiamata", "italian", "en")
    assert "cy" in line and "ed" in line and "70" in line

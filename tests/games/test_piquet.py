"""Piquet worked examples (docs/rules.md §4.16), each replayed as a whole deal from a built deck."""

from __future__ import annotations

import json
from typing import Any

import pytest

from games.actions import PLAY, Action
from games.piquet import Piquet
from games.piquet_declarations import partie_score
from games.records import loads, replay
from tests.games.test_piquet_helpers import build_deck, cards_in, split, swap_deal

ELDER, YOUNGER = 0, 1
"""Every example is dealt by seat 1, so seat 0 is the elder."""


def exchange(*cards: str) -> Action:
    return Action("exchange", cards=tuple(cards))


def events_of(game: Piquet, kind: str, seat: int | None = ELDER) -> list[dict[str, Any]]:
    return [e for e in game.view(seat)["events"] if e["type"] == kind]


def declarations(game: Piquet) -> dict[str, dict[str, Any]]:
    return {e["category"]: e for e in game.view(None)["events"] if e["type"] == "declaration"}


def start(
    elder_after: str,
    younger_after: str,
    elder_swap: tuple[str, str],
    younger_swap: tuple[str, str],
    options: dict[str, Any] | None = None,
) -> Piquet:
    """Deal so that after one-card exchanges the hands are the example's, and exchange."""
    deck, _, _, _ = swap_deal(elder_after, younger_after, elder_swap, younger_swap)
    game = Piquet(options=options, dealer=YOUNGER)
    game.deal(deck)
    game.apply(ELDER, exchange(elder_swap[1]))
    game.apply(YOUNGER, exchange(younger_swap[1]))
    assert sorted(game.hands[ELDER]) == sorted(elder_after.split())
    assert sorted(game.hands[YOUNGER]) == sorted(younger_after.split())
    return game


def play_first_legal(game: Piquet) -> None:
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])


P1_E = "AS KS QS JS TS 9S AH KH QH AD AC KC"
P1_Y = "8S 7S JH TH 9H 8H 7H KD QD JD QC JC"


@pytest.mark.parametrize("on_capot, elder_score", [(True, 155), (False, 154)])
def test_p1_elder_repique_and_capot(on_capot: bool, elder_score: int) -> None:
    options = {"scoring_mode": "rubicon", "last_trick_point_on_capot": on_capot}
    game = start(P1_E, P1_Y, ("KC", "7D"), ("JC", "7C"), options)
    decl = declarations(game)
    assert (decl["point"]["seat"], decl["point"]["points"]) == (ELDER, 6)
    assert (decl["sequence"]["seat"], decl["sequence"]["points"]) == (ELDER, 19)
    assert [c["score"] for c in decl["sequence"]["combinations"]] == [16, 3]
    assert (decl["set"]["seat"], decl["set"]["points"]) == (ELDER, 17)
    assert events_of(game, "repique") == [{"type": "repique", "seat": ELDER, "points": 60}]
    assert game.view(ELDER)["scores"] == {"deal": [102, 0], "game": [102, 0]}
    play_first_legal(game)
    assert game.deal_results[-1] == {
        "dealer": YOUNGER,
        "complete": True,
        "trick_points": [12, 0],
        "scores": [elder_score, 0],
    }
    assert events_of(game, "cards_bonus") == [{"type": "cards_bonus", "seat": 0, "points": 40}]


P2_E = "AS KS QS JS TS AH KH 9H AD 8D KC 7C"
P2_Y = "9S 8S QH JH TH 8H KD QD JD TD QC JC"
P2_TRICKS = [
    ("AS", "8S", 27, 0),
    ("KS", "9S", 28, 0),
    ("QS", "8H", 29, 0),
    ("JS", "JC", 60, 0),
    ("TS", "QC", 61, 0),
    ("AH", "TH", 62, 0),
    ("KH", "JH", 63, 0),
    ("AD", "TD", 64, 0),
    ("9H", "QH", 65, 1),
    ("KD", "8D", 65, 2),
    ("QD", "7C", 65, 3),
    ("JD", "KC", 65, 5),
]


def test_p2_elder_pique() -> None:
    game = start(P2_E, P2_Y, ("7C", "7S"), ("JC", "7H"))
    decl = declarations(game)
    assert (decl["point"]["seat"], decl["point"]["points"]) == (ELDER, 5)
    assert decl["point"]["combinations"][0]["cards"] == ["AS", "KS", "QS", "JS", "TS"]
    assert (decl["sequence"]["seat"], decl["sequence"]["points"]) == (ELDER, 15)
    assert (decl["set"]["seat"], decl["set"]["points"]) == (ELDER, 6)
    assert game.view(ELDER)["scores"]["deal"] == [26, 0]
    assert events_of(game, "repique") == []
    for lead, follow, elder_h, younger_h in P2_TRICKS:
        leader = game.to_act
        assert leader is not None
        game.apply(leader, PLAY[lead])
        game.apply(1 - leader, PLAY[follow])
        if len(game.deal_results) == 0:
            assert game.view(ELDER)["scores"]["deal"] == [elder_h, younger_h]
    assert events_of(game, "pique") == [{"type": "pique", "seat": ELDER, "points": 30}]
    assert game.deal_results[-1]["trick_points"] == [8, 4]
    assert game.deal_results[-1]["scores"] == [75, 5]
    assert game.totals == [75, 5]
    assert game.view(ELDER)["scores"] == {"deal": [75, 5], "game": [75, 5]}
    record = game.to_record()
    assert replay(loads(json.dumps(record))).replay_result() == game.replay_result()
    assert game.replay_result()["deals"] == [
        {"dealer": YOUNGER, "complete": True, "trick_points": [8, 4], "scores": [75, 5]}
    ]


P3_E = "AD KD JD 9D 8D AC QC TC 8C AS 8S 9H"
P3_Y = "AH KH QH JH TH 8H KS QS JS TS 9S 7D"


def test_p3_younger_repique_through_canonical_order() -> None:
    game = start(P3_E, P3_Y, ("9H", "7H"), ("7D", "7S"))
    # Before the elder leads, the younger's combinations are his alone.
    elder_view = game.view(ELDER)
    assert not {"AH", "KH", "QH", "JH", "TH", "KS", "QS", "JS", "TS", "9S"} & cards_in(elder_view)
    assert elder_view["scores"]["deal"] == [3, 0]
    assert game.view(None)["scores"]["deal"] == [3, 0]
    assert game.view(YOUNGER)["scores"]["deal"] == [3, 96]
    assert [e["type"] for e in events_of(game, "repique", YOUNGER)] == ["repique"]
    game.apply(ELDER, PLAY["AS"])
    assert game.view(ELDER)["scores"]["deal"] == [4, 96]
    decl = declarations(game)
    assert (decl["point"]["seat"], decl["point"]["points"]) == (YOUNGER, 6)
    assert (decl["sequence"]["seat"], decl["sequence"]["points"]) == (YOUNGER, 30)
    assert [c["name"] for c in decl["sequence"]["combinations"]] == [
        "quint to the ace",
        "quint to the king",
    ]
    assert (decl["set"]["seat"], decl["set"]["points"]) == (ELDER, 3)
    assert events_of(game, "repique") == [{"type": "repique", "seat": YOUNGER, "points": 60}]
    play_first_legal(game)
    assert game.deal_results[-1]["complete"]


P4_E = "JC TC 9C 8C 7C 9S 8S 7S 9D 8D 7D 9H"
P4_Y = "AH KH QH JH TS JS AD KD QD AC KC QC"


def test_p4_old_rules_point_and_trick_points() -> None:
    game = start(P4_E, P4_Y, ("9H", "7H"), ("QC", "8H"), {"rules_era": "old"})
    point = declarations(game)["point"]
    assert (point["seat"], point["points"]) == (ELDER, 4)
    assert point["combinations"][0]["cards"] == ["JC", "TC", "9C", "8C", "7C"]
    before = game.view(YOUNGER)["scores"]["deal"]
    game.apply(ELDER, PLAY["9S"])
    assert game.view(YOUNGER)["scores"]["deal"] == before  # a 9 led scores nothing
    game.apply(YOUNGER, PLAY["TS"])
    trick = events_of(game, "trick")[-1]
    assert (trick["winner"], trick["points"]) == (YOUNGER, [0, 1])
    game.apply(YOUNGER, PLAY["AH"])
    assert game.view(YOUNGER)["scores"]["deal"] == [before[0], before[1] + 2]


def test_p4_modern_would_score_the_card_count() -> None:
    game = start(P4_E, P4_Y, ("9H", "7H"), ("QC", "8H"))
    point = declarations(game)["point"]
    assert (point["seat"], point["points"]) == (ELDER, 5)


def test_p5_rubicon_partie_scores() -> None:
    assert partie_score(160, 85) == 345
    assert partie_score(212, 130) == 182
    assert partie_score(100, 100 - 1) == 299
    assert partie_score(150, 100) == 150


def test_p6_target_reached_during_declarations() -> None:
    younger_dealt = split("AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D")
    elder_dealt = split("AC KC QC JC TC 9C KS QS JS KH QH JH")
    talon = split("KD QD JD 8D 7D 7H 8C 7C")
    game = Piquet(dealer=YOUNGER)
    game.totals = [88, 95]
    game.deal(build_deck(elder_dealt, younger_dealt, talon))
    assert game.view(ELDER)["carte_blanche"] == [False, False]
    game.apply(ELDER, exchange("KS"))
    shown = events_of(game, "carte_blanche")
    assert shown == [
        {"type": "carte_blanche", "seat": YOUNGER, "points": 10, "hand": younger_dealt}
    ]
    game.apply(YOUNGER, exchange("7S"))
    assert game.phase == "deal"
    assert game.deal_results == [
        {"dealer": YOUNGER, "complete": True, "trick_points": [0, 0], "scores": [0, 10]}
    ]
    assert game.games_won == [0, 1]
    assert game.totals == [0, 0]  # a new game of the match starts at 0-0
    assert events_of(game, "declaration") == []  # the elder's point never counts
    assert game.replay_result()["games_won"] == [0, 1]
    assert game.dealer == ELDER  # the deal alternates across games


def test_p6_in_the_last_game_keeps_the_final_score() -> None:
    younger_dealt = split("AS TS 9S 8S 7S AH TH 9H 8H AD TD 9D")
    elder_dealt = split("AC KC QC JC TC 9C KS QS JS KH QH JH")
    talon = split("KD QD JD 8D 7D 7H 8C 7C")
    game = Piquet(options={"games_to_win_match": 1}, dealer=YOUNGER)
    game.totals = [88, 95]
    game.deal(build_deck(elder_dealt, younger_dealt, talon))
    game.apply(ELDER, exchange("KS"))
    game.apply(YOUNGER, exchange("7S"))
    assert game.over and game.winners == [YOUNGER]
    assert game.totals == [88, 105]
    assert game.phase == "over" and game.to_act is None
    assert game.legal_actions(ELDER) == []


def test_younger_reaching_the_target_in_declarations_shows_his_combinations() -> None:
    deck, _, _, _ = swap_deal(P3_E, P3_Y, ("9H", "7H"), ("7D", "7S"))
    game = Piquet(dealer=YOUNGER)
    game.totals = [0, 95]
    game.deal(deck)
    game.apply(ELDER, exchange("7H"))
    game.apply(YOUNGER, exchange("7S"))
    assert game.deal_results[-1]["scores"] == [0, 6]  # the point ends it; the sets never count
    point = [e for e in game.view(ELDER)["events"] if e["type"] == "declaration"]
    assert [(e["category"], e["seat"], e["points"]) for e in point] == [("point", YOUNGER, 6)]
    assert game.view(None)["scores"]["deal"] == [0, 6]

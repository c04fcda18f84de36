"""Briscola a chiamata: the auction in both forms (docs/rules.md §6.2, §10 item 18), the trump call, and
what each view shows in every phase (§6.3's information rule: the partner is secret)."""

from __future__ import annotations

import json
import re

import pytest

from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.cards import DECK_40
from games.chiamata import Chiamata


def call(rank: str, points: int | None = None) -> Action:
    return Action("call", rank=rank, points=points)


def trump(suit: str) -> Action:
    return Action("trump", suit=suit)


def fresh(dealer: int = 4, **options: object) -> Chiamata:
    """Dealer 4, so seat 0 speaks first; deck order DECK_40 (packets of 4)."""
    game = Chiamata(options=options, dealer=dealer)
    game.deal(list(DECK_40))
    return game


def refused(game: Chiamata, seat: int, action: Action, reason: str = "") -> None:
    before = json.dumps(game.to_dict())
    assert not game.is_legal(seat, action)
    with pytest.raises(IllegalAction, match=reason or None):
        game.apply(seat, action)
    assert json.dumps(game.to_dict()) == before


# ------------------------------------------------------------------------------ rank_only
def test_first_call_any_rank_then_weaker_only() -> None:
    game = fresh()
    assert {a.rank for a in game.legal_actions(0) if a.type == "call"} == set("A3KQJ76542")
    game.apply(0, call("K"))
    refused(game, 1, call("K"), "weaker than K")
    refused(game, 1, call("A"), "weaker than K")
    assert [a.rank for a in game.legal_actions(1) if a.type == "call"] == list("QJ76542")
    game.apply(1, call("Q"))
    assert game.view(None)["bid"] == {"seat": 1, "rank": "Q", "target": 61}


@pytest.mark.parametrize("rank", ["8", "9", "T"])
def test_ranks_missing_from_the_deck_are_illegal(rank: str) -> None:
    refused(fresh(), 0, call(rank), "no rank")


def test_points_need_two_then_points() -> None:
    game = fresh()
    refused(game, 0, call("2", 70), "two_then_points")
    game.apply(0, call("3"))
    refused(game, 1, call("2", 70), "two_then_points")


def test_a_pass_is_final() -> None:
    game = fresh()
    game.apply(0, PASS)
    game.apply(1, call("A"))
    game.apply(2, call("3"))
    game.apply(3, PASS)
    game.apply(4, PASS)
    assert game.to_act == 1  # seat 0 passed: never asked again
    assert game.view(None)["in_auction"] == [False, True, True, False, False]
    refused(game, 0, call("K"), "seat 1's turn")
    game.apply(1, call("K"))
    game.apply(2, PASS)
    assert (game.phase, game.declarer, game.to_act) == ("trump", 1, 1)


def test_a_two_ends_the_rank_auction_at_once() -> None:
    game = fresh()
    game.apply(0, call("A"))
    game.apply(1, call("2"))
    assert (game.phase, game.declarer, game.target) == ("trump", 1, 61)


def test_the_last_caller_wins_when_all_others_pass() -> None:
    game = fresh()
    game.apply(0, call("A"))
    for seat in (1, 2, 3, 4):
        game.apply(seat, PASS)
    assert (game.phase, game.declarer) == ("trump", 0)


def test_the_last_player_in_must_still_call() -> None:
    game = fresh()
    for seat in (0, 1, 2, 3):
        game.apply(seat, PASS)
    assert (game.phase, game.to_act) == ("auction", 4)
    game.apply(4, call("J"))
    assert (game.phase, game.declarer) == ("trump", 4)


def test_all_pass_is_a_redeal_by_the_next_dealer() -> None:
    game = fresh(dealer=2)
    for seat in (3, 4, 0, 1, 2):
        game.apply(seat, PASS)
    assert game.awaiting_deck and game.dealer == 3
    assert game.deal_results == [
        {"dealer": 2, "complete": True, "trick_points": None, "scores": [0] * 5}
    ]
    assert game.deals_played == 0
    refused_state = json.dumps(game.to_dict())
    with pytest.raises(IllegalAction):
        game.apply(3, PASS)
    assert json.dumps(game.to_dict()) == refused_state


# ------------------------------------------------------------------------ two_then_points
def test_two_then_points_auction() -> None:
    game = fresh(bidding="two_then_points")
    refused(game, 0, call("2", 70), "standing 2")
    game.apply(0, call("A"))
    game.apply(1, call("2"))
    assert game.phase == "auction"
    legal = game.legal_actions(2)
    assert legal[0] == PASS
    assert [a.points for a in legal[1:]] == list(range(62, 121))
    refused(game, 2, call("2"), "points bid")
    refused(game, 2, call("K"), "points bid")
    refused(game, 2, call("3", 70), "call of 2")
    refused(game, 2, call("2", 61), "62")
    refused(game, 2, call("2", 121), "62 to 120")
    game.apply(2, call("2", 70))
    refused(game, 3, call("2", 70), "exceed 70")
    game.apply(3, call("2", 120))
    assert game.legal_actions(4) == [PASS]
    refused(game, 4, call("2", 120), "exceed 120")
    for seat in (4, 0, 1, 2):
        game.apply(seat, PASS)
    assert (game.phase, game.declarer, game.target) == ("trump", 3, 120)
    assert game.view(None)["contract"]["target"] == 120


def test_two_then_points_ends_when_all_but_one_pass() -> None:
    game = fresh(bidding="two_then_points")
    game.apply(0, call("2"))
    for seat in (1, 2, 3, 4):
        assert game.phase == "auction"
        game.apply(seat, PASS)
    assert (game.phase, game.declarer, game.target) == ("trump", 0, 61)


# ------------------------------------------------------------------------- trump and play
def test_only_the_declarer_names_trumps_and_only_then() -> None:
    game = fresh()
    refused(game, 0, trump("S"), "after the auction")
    refused(game, 0, PLAY[game.hands[0][0]], "auction")
    game.apply(0, call("A"))
    for seat in (1, 2, 3, 4):
        game.apply(seat, PASS)
    refused(game, 1, trump("S"), "seat 0's turn")
    refused(game, 0, PASS, "auction is over")
    refused(game, 0, call("3"), "auction is over")
    refused(game, 0, PLAY[game.hands[0][0]], "name trumps first")
    assert game.legal_actions(0) == [trump(s) for s in "SHDC"]
    game.apply(0, trump("H"))
    assert game.called_card == "AH"
    refused(game, 0, trump("S"), "already named")
    other = next(c for c in DECK_40 if c not in game.hands[0])
    refused(game, 0, PLAY[other], "not in seat 0's hand")
    refused(game, 1, PLAY[game.hands[1][0]], "seat 0's turn")


def test_malformed_action_fields_are_refused() -> None:
    game = fresh()
    refused(game, 0, Action("pass", card="AS"))
    refused(game, 0, Action("call", rank="A", card="AS"))
    refused(game, 0, Action("coinche"), "no 'coinche'")


# ----------------------------------------------------------------------------- views
CARD = re.compile(r"\b[2-9TJQKA][SHDC]\b")


def cards_in(view: dict[str, object]) -> set[str]:
    return set(CARD.findall(json.dumps(view)))


def played(game: Chiamata) -> set[str]:
    return {c for deal in game.log[-1:] for a in deal["actions"] if (c := a.get("card"))}


def assert_no_hidden_card(game: Chiamata) -> None:
    public = played(game) | ({game.called_card} if game.called_card else set())
    assert cards_in(game.public_view()) <= public
    assert game.public_view()["hand"] == []
    for seat in range(5):
        view = game.view(seat)
        assert view["hand"] == game.hands[seat]
        assert cards_in(view) <= public | set(game.hands[seat])


def test_views_in_every_phase_with_a_partner() -> None:
    game = fresh()
    holder_of_kd = next(s for s in range(5) if "KD" in game.hands[s])
    declarer = (holder_of_kd + 2) % 5
    # Auction: public calls, nothing about the partner.
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, call("K") if seat == declarer else PASS)
        assert_no_hidden_card(game)
    view = game.public_view()
    assert view["phase"] == "trump" and view["to_act"] == declarer
    assert view["contract"] == {
        "declarer": declarer,
        "rank": "K",
        "target": 61,
        "trump": None,
        "called_card": None,
    }
    assert view["called_card"] is None and view["partner"] is None
    assert [a["type"] for a in view["auction"]].count("call") == 1
    game.apply(declarer, trump("D"))
    # Play: the called card is public, its holder only knows he is the partner.
    for seat in [None, *range(5)]:
        view = game.view(seat)
        assert view["called_card"] == "KD" and view["trump"] == "D"
        assert view["partner"] == (holder_of_kd if seat == holder_of_kd else None)
        assert view["alone"] == (False if seat == holder_of_kd else None)
    assert_no_hidden_card(game)
    while "KD" not in played(game):
        seat = game.to_act
        assert seat is not None
        for other in range(5):
            if other != holder_of_kd:
                assert game.view(other)["partner"] is None
        assert not any(e["type"] == "partner" for e in game.public_view()["events"])
        legal = game.legal_actions(seat)
        game.apply(seat, PLAY["KD"] if PLAY["KD"] in legal else legal[-1])
        assert_no_hidden_card(game)
    # Once KD is on the table everybody knows.
    for seat in [None, *range(5)]:
        assert game.view(seat)["partner"] == holder_of_kd
        assert game.view(seat)["alone"] is False
    assert any(e["type"] == "partner" for e in game.public_view()["events"])
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
        assert_no_hidden_card(game)
    view = game.public_view()
    assert view["phase"] == "deal" and view["to_act"] is None
    assert sum(view["scores"]["deal"]) == 120
    assert view["events"][-1]["type"] == "deal_result"
    assert sum(view["tricks_won"]) == 8


def test_views_when_the_declarer_is_alone() -> None:
    game = fresh()
    declarer = next(s for s in range(5) if "AS" in game.hands[s])
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, call("A") if seat == declarer else PASS)
    game.apply(declarer, trump("S"))
    assert game.view(declarer)["partner"] == declarer
    assert game.view(declarer)["alone"] is True
    for seat in [None, *range(5)]:
        if seat != declarer:
            assert game.view(seat)["partner"] is None
            assert game.view(seat)["alone"] is None


def test_trick_and_last_trick_in_views() -> None:
    game = fresh(first_lead="declarer")
    game.apply(0, call("2"))
    game.apply(0, trump("C"))
    assert game.to_act == 0
    lead = game.legal_actions(0)[0]
    game.apply(0, lead)
    assert game.public_view()["trick"] == [[0, lead.card]]
    assert game.replay_result()["deals"][-1]["trick_points"] == [0] * 5
    for _ in range(4):
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    view = game.public_view()
    assert view["trick"] == [] and len(view["last_trick"]) == 5
    assert view["events"][-1]["type"] == "trick"
    assert sum(view["tricks_won"]) == 1
    assert game.replay_result()["deals"][-1]["trick_points"] == view["scores"]["deal"]


def test_no_trick_points_before_the_first_card() -> None:
    game = fresh()
    assert game.replay_result()["deals"][-1]["trick_points"] is None
    game.apply(0, call("2"))
    assert game.replay_result()["deals"][-1]["trick_points"] is None

"""Briscola (docs/rules.md §5): the deal, the stock and the trump card, drawing, the hand result, the
match, the options, the views, and the worked examples Br1–Br5.

The worked examples are replayed as whole deals. Their decks and the cards in play order were
found once by a seeded random search for deals with the example's card points; each ``Deal``
below is that deck (top card first) and the cards played, the seat to act playing each in turn.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.actions import PLAY, Action
from games.base import IllegalAction
from games.briscola import Briscola, hand_winner
from games.cards import DECK_40
from games.options import OptionError


@dataclass(frozen=True)
class Deal:
    seats: int
    dealer: int
    deck: str
    plays: str


def play_deal(game: Briscola, deal: Deal) -> None:
    game.deal(deal.deck.split())
    for card in deal.plays.split():
        seat = game.to_act
        assert seat is not None
        game.apply(seat, PLAY[card])


def replay(deal: Deal, options: dict[str, Any] | None = None) -> Briscola:
    game = Briscola(options=options, seats=deal.seats, dealer=deal.dealer)
    play_deal(game, deal)
    return game


BR1 = Deal(
    2,
    1,
    "JC KD AS 7C 2C 4S 5D 2H 5H 6C 6H AH 7H 3H 5S JS 2S AC JD 5C 4C 6S QC 3D 4D JH 2D 6D KC QD "
    "7D AD 3S KS 4H QS QH 3C 7S KH",
    "AS 2C JC 5H 2H 4S AH 7H 3H 5S 6C 2S KD 7C JS 4C 6S JD 6H 4D AC 3D 2D KC 6D 7D JH QC KS 4H "
    "QS 3S 3C 5C QD 5D KH AD 7S QH",
)
BR2 = Deal(
    2,
    0,
    "QD 3S 5C AD KH QC 2C 2S 6H 7S 5H 6D JS 6S 4C 7C KC 2H 7H 4S 7D 3H JD 4H 6C 5D 2D 5S JC KD "
    "QS JH AH 3D KS AS 3C AC QH 4D",
    "3S QC KH 6H 2S QD 6D 5H 6S 5C JS AD 4C 7S 2H 7D 4S KC 7H 6C 5D 2D 5S JC KD QS JD AH 3D KS "
    "4H 3C 3H QH 7C JH 4D AS AC 2C",
)
BR3 = Deal(
    4,
    3,
    "2H JH QD KH 7H 6C 6D 2C 4D 4S 2D KC AS 4C 4H 5H QC 7D AC KS 7C 5C 3C 3D QS 5S AH 5D JD JS "
    "2S 6S 7S 3S AD 3H JC QH KD 6H",
    "JH 6C 4D 2D 4C KH 2C KC 4S 2H KS 6D 7H 7C 7D QS 5S AH 5D 3D AC 2S 3C JD 4H AD 7S QD 3H JC "
    "5C 6S AS QH KD 3S 5H QC JS 6H",
)
BR4_LEADER_LAST = Deal(
    3,
    2,
    "2D JH 3H KH 4H QS 3D 6C 3C 5C QH QD 4S JD 2H QC JC 6S 6H KC 7D KD 6D 3S 2S 7H 4C 5D 7C 5S "
    "7S AH AC 4D AS 5H KS JS AD",
    "JH 4H 6C 3D 2D KH JD QD QC QS QH 3H JC 7D KD KC 3C 2H 7H 4C 5D 7C 5S 6S 2S AC 7S 6D 5H KS "
    "AS AD 5C 6H 4S 3S AH JS 4D",
)
BR4_THIRD_LAST = Deal(
    3,
    2,
    "5D AH 6S 4C QD JD 7C KS 2S 2D 3C KC KD JC 3D AC 4H JH QS 6C 4S 5H 5C 2H 7D 7S KH QC AS 6D "
    "AD QH JS 3H 5S 3S 6H 7H 4D",
    "5D QD 7C JD KS AH JC 2S AC 4H 4C QS 6S 4S 3D KC KD JH 2H KH 5H AS 5C 7S 3C 6D 3H 5S 3S 7D "
    "QH QC 2D AD 6H JS 6C 7H 4D",
)

BR5 = Deal(
    6,
    5,
    "AH KC 4S JS KD 3D KH 3H AD QC 4H JC 5C 6S JD 5S 6C 6H 4D 7C 5D AC QD KS QH 7H 7S QS 7D JH "
    "AS 5H 4C 3C 6D 3S",
    "AH JS KH QC 5C 5S KC KD 3H 4H 6S 6C 3D AD JC JD 6H 4S AC QD KS QH 7C 5D QS 7D JH AS 7H 7S "
    "3C 6D 3S 4D 5H 4C",
)


# ------------------------------------------------------------------------------- options
def test_defaults() -> None:
    game = Briscola()
    assert game.seats == 2
    assert game.options == {
        "three_player_removed_card": "2C",
        "deal_packet": 3,
        "trump_card_source": "next_card",
        "tie_rule": "draw",
        "hands_to_win": 3,
        "partners_view_after_stock": False,
    }
    assert game.sides == 2 and game.totals == [0, 0]


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"players": 4}, "players"),
        ({"target_score": 3}, "target_score"),
        ({"deal_packet": 2}, "deal_packet"),
        ({"deal_packet": "3"}, "deal_packet"),
        ({"three_player_removed_card": "2c"}, "three_player_removed_card"),
        ({"trump_card_source": "top_card"}, "trump_card_source"),
        ({"tie_rule": "share"}, "tie_rule"),
        ({"hands_to_win": 0}, "hands_to_win"),
        ({"hands_to_win": True}, "hands_to_win"),
        ({"partners_view_after_stock": 1}, "partners_view_after_stock"),
    ],
)
def test_bad_options_name_the_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Briscola(options=options, seats=4)


@pytest.mark.parametrize("seats", [1, 5, 7, 0])
def test_seat_counts(seats: int) -> None:
    with pytest.raises(ValueError, match="2, 3, 4, 6"):
        Briscola(seats=seats)


@pytest.mark.parametrize(
    ("seats", "size", "sides", "missing"),
    [
        (2, 40, 2, set()),
        (3, 39, 3, {"2C"}),
        (4, 40, 2, set()),
        (6, 36, 2, {"2C", "2H", "2D", "2S"}),
    ],
)
def test_deck_and_sides_per_player_count(
    seats: int, size: int, sides: int, missing: set[str]
) -> None:
    game = Briscola(seats=seats)
    assert len(game.full_deck()) == size
    assert set(DECK_40) - set(game.full_deck()) == missing
    assert game.sides == sides and len(game.totals) == sides


@pytest.mark.parametrize("two", ["2H", "2D", "2S"])
def test_three_player_removed_card(two: str) -> None:
    game = Briscola(options={"three_player_removed_card": two}, seats=3)
    assert set(DECK_40) - set(game.full_deck()) == {two}
    with pytest.raises(ValueError, match="permutation"):
        game.deal([c for c in DECK_40 if c != "2C"])


def test_teams_alternate() -> None:
    assert Briscola(seats=4).teams() == [[0, 2], [1, 3]]
    assert Briscola(seats=6).teams() == [[0, 2, 4], [1, 3, 5]]
    assert Briscola(seats=3).teams() == [[0], [1], [2]]


# ------------------------------------------------------------------------------ the deal
def test_deal_packets_of_three_and_next_card_trump() -> None:
    deck = list(DECK_40)
    game = Briscola(seats=4, dealer=1)
    game.deal(deck)
    # p_0 = seat 2 gets deck[0..2], p_1 = seat 3, p_2 = seat 0, p_3 = the dealer.
    assert game.hands[2] == deck[0:3]
    assert game.hands[3] == deck[3:6]
    assert game.hands[0] == deck[6:9]
    assert game.hands[1] == deck[9:12]
    assert game.trump_card == deck[12] and game.trump == deck[12][1]
    assert game.stock == [*deck[13:], deck[12]]
    assert game.to_act == 2


def test_deal_packets_of_one_and_bottom_card_trump() -> None:
    deck = list(DECK_40)
    game = Briscola(
        options={"deal_packet": 1, "trump_card_source": "bottom_card"}, seats=2, dealer=0
    )
    game.deal(deck)
    assert game.hands[1] == [deck[0], deck[2], deck[4]]
    assert game.hands[0] == [deck[1], deck[3], deck[5]]
    assert game.trump_card == deck[39]
    assert game.stock == deck[6:]
    assert game.to_act == 1


def test_six_players_stock() -> None:
    # Br5's arithmetic: 36 cards, 3 each, a stock of 18 = 17 + the trump card, 3 draws, 6 tricks.
    game = Briscola(seats=6, dealer=5)
    game.deal(list(game.full_deck()))
    assert [len(h) for h in game.hands] == [3] * 6
    assert len(game.stock) == 18
    draws = tricks = 0
    while game.phase == "play":
        before = len(game.stock)
        for _ in range(6):
            seat = game.to_act
            assert seat is not None
            game.apply(seat, game.legal_actions(seat)[0])
        tricks += 1
        draws += before > len(game.stock)
    assert (draws, tricks) == (3, 6)


def test_drawing_winner_first_and_the_trump_card_last() -> None:
    # Trump card 5D; seat 0 leads AS, seat 1 answers 2C: seat 0 wins and draws deck[7] first.
    deck = ["AS", "2S", "3S", "2C", "4C", "5C", "5D", "7H", "6H", "KD", "3D", "4S", "5S"]
    deck += [c for c in DECK_40 if c not in deck]
    game = Briscola(seats=2, dealer=1)
    game.deal(deck)
    assert game.hands == [["AS", "2S", "3S"], ["2C", "4C", "5C"]]
    game.apply(0, PLAY["AS"])
    game.apply(1, PLAY["2C"])
    assert game.hands == [["2S", "3S", "7H"], ["4C", "5C", "6H"]]
    assert game.to_act == 0
    # The KD is still in the stock; seat 0 wins again (4C neither follows nor trumps).
    game.apply(0, PLAY["2S"])
    with pytest.raises(IllegalAction, match="not in your hand"):
        game.apply(1, PLAY["KD"])
    game.apply(1, PLAY["4C"])
    assert game.to_act == 0
    assert game.hands[0][-1] == "KD" and game.hands[1][-1] == "3D"
    # Seat 1, second to play, trumps and wins: it draws first (4S), then seat 0 (5S).
    game.apply(0, PLAY["3S"])
    game.apply(1, PLAY["3D"])
    assert game.to_act == 1
    assert game.hands == [["7H", "KD", "5S"], ["5C", "6H", "4S"]]
    while game.stock:
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    drawn = [e for e in game.events if e["type"] == "trump_card_drawn"]
    assert len(drawn) == 1 and drawn[0]["card"] == "5D"
    assert "5D" in game.hands[drawn[0]["seat"]]
    assert game.trump_card is None and game.trump == "D"


def test_no_duty_to_follow_or_trump() -> None:
    deck = ["AS", "2S", "3S", "2C", "4C", "5H", "5D"]
    deck += [c for c in DECK_40 if c not in deck]
    game = Briscola(seats=2, dealer=1)
    game.deal(deck)
    game.apply(0, PLAY["AS"])
    assert {a.card for a in game.legal_actions(1)} == {"2C", "4C", "5H"}
    game.apply(1, PLAY["5H"])
    assert game.points == [11, 0]


def test_trump_beats_the_led_suit() -> None:
    deck = ["AS", "2S", "3S", "2D", "4C", "5H", "5D"]
    deck += [c for c in DECK_40 if c not in deck]
    game = Briscola(seats=2, dealer=1)
    game.deal(deck)
    game.apply(0, PLAY["AS"])
    game.apply(1, PLAY["2D"])
    assert game.points == [0, 11] and game.to_act == 1


# -------------------------------------------------------------------------- hand result
def test_hand_winner_most_points() -> None:
    assert hand_winner([67, 53], 1, "draw") == 0
    assert hand_winner([30, 45, 45], 0, "last_trick") is None
    assert hand_winner([60, 60], 1, "draw") is None
    assert hand_winner([60, 60], 1, "last_trick") == 1


def test_tie_rule_three_players_needs_a_tied_leader() -> None:
    # docs/rules.md §10 item 17.
    assert hand_winner([45, 45, 30], 1, "last_trick") == 1
    assert hand_winner([45, 30, 45], 2, "last_trick") == 2
    assert hand_winner([45, 45, 30], 2, "last_trick") is None
    assert hand_winner([40, 40, 40], 2, "last_trick") == 2


def test_br1_two_players() -> None:
    game = replay(BR1)
    assert game.trump == "D" and game.log[0]["deck"][6] == "5D"
    assert game.points == [67, 53]
    assert game.deal_results == [
        {"dealer": 1, "complete": True, "trick_points": [67, 53], "scores": [1, 0]}
    ]
    assert game.totals == [1, 0] and not game.over
    assert game.dealer == 0 and game.awaiting_deck


def test_br2_sixty_all_is_a_draw() -> None:
    game = replay(BR2)
    assert game.side_points() == [60, 60]
    assert game.deal_results[0]["scores"] == [0, 0] and game.totals == [0, 0]


def test_br2_sixty_all_last_trick_rule() -> None:
    game = replay(BR2, {"tie_rule": "last_trick"})
    last = game.last_winner
    assert last is not None
    assert game.events[-2]["type"] == "trick" and game.events[-2]["winner"] == last
    expected = [0, 0]
    expected[last] = 1
    assert game.deal_results[0]["scores"] == expected


def test_br3_four_players_teams_pool_their_points() -> None:
    game = replay(BR3)
    assert game.points == [31, 27, 40, 22]
    assert game.side_points() == [71, 49]
    assert game.deal_results[0]["scores"] == [1, 0] and game.totals == [1, 0]
    assert sum(game.tricks_won) == 10


def test_br4_three_players_shared_top_is_a_draw() -> None:
    for deal in (BR4_LEADER_LAST, BR4_THIRD_LAST):
        game = replay(deal)
        assert "2C" not in game.log[0]["deck"] and len(game.log[0]["deck"]) == 39
        assert game.points == [45, 45, 30] and sum(game.tricks_won) == 13
        assert game.deal_results[0]["scores"] == [0, 0, 0]


def test_br4_last_trick_breaks_the_tie_only_for_a_leader() -> None:
    game = replay(BR4_LEADER_LAST, {"tie_rule": "last_trick"})
    assert game.last_winner in (0, 1)
    expected = [0, 0, 0]
    expected[game.last_winner] = 1
    assert game.deal_results[0]["scores"] == expected
    game = replay(BR4_THIRD_LAST, {"tie_rule": "last_trick"})
    assert game.last_winner == 2
    assert game.deal_results[0]["scores"] == [0, 0, 0]


def test_br5_six_players() -> None:
    game = replay(BR5)
    assert len(game.log[0]["deck"]) == 36 and game.trump_card is None
    assert sum(game.tricks_won) == 6
    assert game.points == [20, 18, 25, 21, 16, 20]
    assert game.side_points() == [61, 59]
    assert game.deal_results[0]["scores"] == [1, 0]


# ------------------------------------------------------------------------------ the match
def test_match_to_hands_to_win() -> None:
    game = Briscola(options={"hands_to_win": 2}, seats=2, dealer=1)
    play_deal(game, BR1)  # P0 wins
    assert game.totals == [1, 0] and game.dealer == 0
    # BR1 dealt by seat 0 instead: every packet goes to the other seat, so P1 scores 67.
    play_deal(game, Deal(2, 0, BR1.deck, BR1.plays))
    assert game.totals == [1, 1] and not game.over
    play_deal(game, BR1)
    assert game.totals == [2, 1]
    assert game.over and game.winners == [0] and game.phase == "over"
    assert game.to_act is None and game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        game.deal(BR1.deck.split())
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, PLAY["AS"])
    assert game.replay_result()["totals"] == [2, 1]


def test_draws_count_for_nobody() -> None:
    game = Briscola(options={"hands_to_win": 1}, seats=2, dealer=0)
    play_deal(game, BR2)
    assert game.totals == [0, 0] and not game.over and game.dealer == 1


def test_partial_trick_points() -> None:
    game = Briscola(seats=2, dealer=1)
    game.deal(BR1.deck.split())
    assert game.replay_result()["deals"][0]["trick_points"] is None
    game.apply(0, PLAY["AS"])
    assert game.replay_result()["deals"][0]["trick_points"] == [0, 0]
    game.apply(1, PLAY["2C"])
    result = game.replay_result()["deals"][0]
    assert result == {"dealer": 1, "complete": False, "trick_points": [11, 0], "scores": [0, 0]}


# ---------------------------------------------------------------------- illegal actions
def test_illegal_actions_change_nothing() -> None:
    game = Briscola(seats=2, dealer=1)
    with pytest.raises(IllegalAction, match="deal is complete"):
        game.apply(0, PLAY["AS"])
    game.deal(BR1.deck.split())
    before = game.to_dict()
    cases = [
        (1, PLAY["2C"], "seat 0's turn"),
        (0, PLAY["2C"], "not in your hand"),
        (0, Action("pass"), "no 'pass'"),
        (0, Action("bid", value=80, trump="S"), "no 'bid'"),
    ]
    for seat, action, reason in cases:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(seat, action)
        assert not game.is_legal(seat, action)
        assert game.to_dict() == before
    with pytest.raises(IllegalAction, match="not finished"):
        game.deal(BR1.deck.split())
    assert game.is_legal(0, PLAY["AS"])


# -------------------------------------------------------------------------------- views
def test_views_common_keys() -> None:
    game = Briscola(seats=4, dealer=3)
    view = game.view(None)
    assert view["phase"] == "deal" and view["to_act"] is None and view["hand"] == []
    game.deal(BR3.deck.split())
    view = game.view(0)
    for key in (
        "game",
        "seats",
        "seat",
        "dealer",
        "phase",
        "to_act",
        "hand",
        "hand_sizes",
        "trick",
        "last_trick",
        "tricks_won",
        "trump",
        "contract",
        "scores",
        "events",
        "stock_size",
        "trump_card",
        "partner_hands",
    ):
        assert key in view
    assert view["game"] == "briscola" and view["seat"] == 0 and view["phase"] == "play"
    assert view["hand"] == game.hands[0] and view["hand_sizes"] == [3, 3, 3, 3]
    assert view["stock_size"] == 28 and view["trump_card"] == BR3.deck.split()[12]
    assert view["trump"] == view["trump_card"][1]
    assert view["scores"] == {"deal": [0, 0], "game": [0, 0]}
    assert view["partner_hands"] == {}
    assert game.view(None)["hand"] == []


def test_partner_hands_once_the_stock_is_empty() -> None:
    for seats, deal in ((4, BR3), (6, BR5)):
        game = Briscola(
            options={"partners_view_after_stock": True}, seats=seats, dealer=deal.dealer
        )
        game.deal(deal.deck.split())
        plays = deal.plays.split()
        while game.stock:
            assert game.view(0)["partner_hands"] == {}
            game.apply(game.to_act or 0, PLAY[plays.pop(0)])
        view = game.view(1)
        partners = [s for s in range(seats) if s % 2 == 1 and s != 1]
        assert view["partner_hands"] == {str(s): game.hands[s] for s in partners}
        assert view["stock_size"] == 0 and view["trump_card"] is None
        assert game.view(None)["partner_hands"] == {}
        plain = Briscola(seats=seats, dealer=deal.dealer)
        plain.deal(deal.deck.split())
        for card in deal.plays.split()[: len(deal.plays.split()) - len(plays)]:
            plain.apply(plain.to_act or 0, PLAY[card])
        assert plain.view(1)["partner_hands"] == {}


def test_deal_result_event_and_view_between_deals() -> None:
    game = replay(BR1)
    view = game.view(1)
    assert view["phase"] == "deal" and view["to_act"] is None and view["hand"] == []
    assert view["events"][-1] == {
        "type": "deal_result",
        "seat": None,
        "winner": 0,
        "trick_points": [67, 53],
        "scores": [1, 0],
    }
    assert view["scores"]["game"] == [1, 0]
    assert sum(1 for e in view["events"] if e["type"] == "trick") == 20


def test_a_view_is_a_copy() -> None:
    game = Briscola(seats=2, dealer=1)
    game.deal(BR1.deck.split())
    for card in BR1.plays.split()[:3]:
        game.apply(game.to_act or 0, PLAY[card])
    before = game.to_dict()
    view = game.view(1)
    view["hand"].clear()
    view["trick"][0][1] = "XX"
    view["last_trick"][0][1] = "XX"
    view["events"][0]["cards"][0][1] = "XX"
    view["scores"]["deal"][0] = 99
    view["tricks_won"][0] = 99
    assert game.to_dict() == before

"""Sueca (docs/rules.md §7): the deal and the trump card, following suit, the 1-or-2-games scoring,
the bandeira, the 60–60 bonus, the match, the options, the views, and the worked examples S1–S6.

Most worked examples are replayed as whole deals. Their decks and the cards in play order were found
once by a seeded random search for deals with the example's card points; each ``Deal`` is that
deck (top card first) and the cards played, the seat to act playing each in turn. A deal replayed
with the dealer two seats on gives the same team result: each team receives the same packets.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import pytest

from games.actions import PLAY, Action
from games.base import IllegalAction
from games.cards import DECK_40
from games.options import OptionError
from games.sueca import Sueca, hand_result


@dataclass(frozen=True)
class Deal:
    dealer: int
    deck: str
    plays: str

    def moved(self, dealer: int) -> Deal:
        return Deal(dealer, self.deck, self.plays)


def play_deal(game: Sueca, deal: Deal) -> None:
    assert game.dealer == deal.dealer
    game.deal(deal.deck.split())
    for card in deal.plays.split():
        seat = game.to_act
        assert seat is not None
        game.apply(seat, PLAY[card])


def replay(*deals: Deal, options: dict[str, Any] | None = None) -> Sueca:
    game = Sueca(options=options, dealer=deals[0].dealer)
    for deal in deals:
        play_deal(game, deal)
    return game


A75 = Deal(
    3,
    "5C 5D 2S 3C 4H 7H AD 6H 6C 2D 4S 3D 2H KH AC 3H KD JD 3S 6S AH QC 6D 4D 2C KS AS KC QH JH "
    "QD JC QS 4C 7S 5S JS 7C 7D 5H",
    "2D JD 6D 7D QS 2S 3S KS QC 4C 5C AC 3H AH 5H 4H QH JS 6H KH KD 4D QD AD 3C 3D 2C 7C 5S 6C "
    "4S AS KC JC 7H 6S 5D 2H JH 7S",
)
A95 = Deal(
    3,
    "KD QS 6H AH JC QC 6D JD KH AS JH JS 3S 6C 7S 5H 2C AD 7C 5D 7H AC QD 4C 4D 5S 4S KS KC 7D "
    "6S 3H 4H 5C QH 3D 2D 2H 2S 3C",
    "6H 5H 7H QH AC 5C QC 7C 7D 3D JD 5D 4C 3C JC 2C AH JH QD 4H QS JS KS 2S 4S 6S AS 3S 6D AD "
    "4D 2D 7S 5S 2H KD 6C KC 3H KH",
)
SIXTY_ALL = Deal(
    3,
    "2D AC 3H 2S 4C 6D 5S KS JC JS 4S 7H 6S 5C 6C KC 7C AH QH 5H 2H JH AD QC AS JD 7D QD 3D 7S "
    "5D 4D KD 6H 3C 3S 4H QS 2C KH",
    "3H 5H JH 4H 3D KD 2D 6C QS JS 4S AS 2H KH 5S AH QH 7S 6H 4C KC QC 2C JC 7H 7D 3C 2S 5C JD "
    "5D AC KS 6S QD 3S 6D 7C AD 4D",
)
B64 = Deal(
    0,
    "2C 4S JH AS 2H 4D QH QC 5H 5D 3D 2D 2S AC 7S AH 4H 6S JC 7D 3H 7C 4C KC 5C 5S 7H KH QD JD "
    "6C KS KD JS QS 6D 3S 3C AD 6H",
    "QC JC 7C 3C KH 6H 2H 4H QD AD 4D 3D KD 5D 2D JD 3S 4S 6S 5S 7S 3H JS AS 7H 6D 5H AH AC KC "
    "6C 2C 7D 4C KS QH JH 2S 5C QS",
)
B70 = Deal(
    0,
    "4C 3H QC KS 7S AC 6H 5S QD 4D 3D AS KC KH 7D 5C JC 2S 6S 6D 2H 5H JH 2D 3S KD 2C QH 4H 7C "
    "QS 4S 6C AD JD 5D 7H JS 3C AH",
    "AC KC 7C 6C QD 7D 2D AD QS KS 6S 3S 3H KH 4H 7H 5D 4D 3D KD 2C 3C QC 5C 5S AS 2H JS QH AH "
    "6H 2S 4S 7S 6D JH 5H JD 4C JC",
)


def all_hearts_to_the_dealer() -> list[str]:
    """A deck whose dealer (dealt last) gets every heart, the trump card AH among them; the
    others get one plain suit each, so the dealer takes every trick (a bandeira)."""
    others = [c for c in DECK_40 if c[1] != "H"]
    hearts = [c for c in DECK_40 if c[1] == "H" and c != "AH"]
    return [*others, *hearts, "AH"]


def play_first_legal(game: Sueca) -> None:
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])


# ------------------------------------------------------------------------------- options
def test_defaults() -> None:
    game = Sueca()
    assert game.seats == 4 and game.sides == 2
    assert game.options == {
        "deal_packet": 10,
        "trump_card": "dealer_last",
        "games_to_win": 4,
        "bandeira": "match",
        "draw_bonus": "carry_one",
    }


@pytest.mark.parametrize(
    ("options", "key"),
    [
        ({"players": 4}, "players"),
        ({"target_score": 4}, "target_score"),
        ({"hands_to_win": 4}, "hands_to_win"),
        ({"deal_packet": 4}, "deal_packet"),
        ({"deal_packet": 3}, "deal_packet"),
        ({"trump_card": "turn_up"}, "trump_card"),
        ({"games_to_win": 0}, "games_to_win"),
        ({"games_to_win": 4.0}, "games_to_win"),
        ({"bandeira": "none"}, "bandeira"),
        ({"draw_bonus": "carry_all"}, "draw_bonus"),
    ],
)
def test_bad_options_name_the_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Sueca(options=options)


@pytest.mark.parametrize("seats", [2, 3, 5, 6])
def test_four_players_only(seats: int) -> None:
    with pytest.raises(ValueError, match="4"):
        Sueca(seats=seats)


# ------------------------------------------------------------------------------ the deal
@pytest.mark.parametrize("packet", [10, 5, 2, 1])
def test_deal_dealer_last(packet: int) -> None:
    deck = list(DECK_40)
    game = Sueca(options={"deal_packet": packet}, dealer=2)
    game.deal(deck)
    order = [3, 0, 1, 2]  # p_0 … p_3 = dealer
    for k, seat in enumerate(order):
        expected = [
            deck[r * 4 * packet + k * packet + i]
            for r in range(10 // packet)
            for i in range(packet)
        ]
        assert game.hands[seat] == expected
    assert game.hands[2][-1] == deck[39]
    assert game.trump_card == deck[39] and game.trump == deck[39][1]
    assert game.to_act == 3


@pytest.mark.parametrize("packet", [10, 5, 2, 1])
def test_deal_dealer_first(packet: int) -> None:
    # docs/rules.md §7.2 and §10 item 20: packets go round dealer, p_0, p_1, p_2; deck[0] is trump.
    deck = list(DECK_40)
    game = Sueca(options={"deal_packet": packet, "trump_card": "dealer_first"}, dealer=2)
    game.deal(deck)
    for k, seat in enumerate([2, 3, 0, 1]):
        expected = [
            deck[r * 4 * packet + k * packet + i]
            for r in range(10 // packet)
            for i in range(packet)
        ]
        assert game.hands[seat] == expected
    assert game.hands[2][0] == deck[0]
    assert game.trump_card == deck[0] and game.trump == deck[0][1]
    if packet == 10:
        assert game.hands[2] == deck[0:10] and game.hands[3] == deck[10:20]
    assert game.to_act == 3  # p_0 still leads


def test_trump_card_visible_until_the_dealer_plays_it() -> None:
    deck = all_hearts_to_the_dealer()
    game = Sueca(dealer=0)
    game.deal(deck)
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert view["trump_card"] == "AH" and view["trump_card_seat"] == 0
    # Seat 1 leads a spade; seat 0, void in spades, trumps with the trump card itself.
    game.apply(1, PLAY[game.hands[1][0]])
    game.apply(2, game.legal_actions(2)[0])
    game.apply(3, game.legal_actions(3)[0])
    assert game.view(2)["trump_card"] == "AH"
    game.apply(0, PLAY["AH"])
    for seat in (None, 0, 1, 2, 3):
        assert game.view(seat)["trump_card"] is None
    assert game.trump == "H"


# ---------------------------------------------------------------------------------- play
def test_must_follow_suit() -> None:
    game = Sueca(dealer=3)
    game.deal(A75.deck.split())
    lead = A75.plays.split()[0]
    game.apply(0, PLAY[lead])
    hand = game.hands[1]
    led = lead[1]
    legal = {a.card for a in game.legal_actions(1)}
    assert legal == {c for c in hand if c[1] == led}
    off = next(c for c in hand if c[1] != led)
    before = game.to_dict()
    with pytest.raises(IllegalAction, match="must follow"):
        game.apply(1, PLAY[off])
    assert not game.is_legal(1, PLAY[off])
    assert game.to_dict() == before


def test_void_player_may_play_anything() -> None:
    game = Sueca(dealer=0)
    game.deal(all_hearts_to_the_dealer())
    game.apply(1, PLAY[game.hands[1][0]])
    game.apply(2, game.legal_actions(2)[0])
    game.apply(3, game.legal_actions(3)[0])
    assert {a.card for a in game.legal_actions(0)} == set(game.hands[0])


def test_rank_order_jack_beats_queen() -> None:
    hands = [
        "JS 2H 3H 4H 5H 6H 7H KH QH JH",
        "QS 2D 3D 4D 5D 6D 7D KD QD JD",
        "2S 3S AD AH 2C 3C 4C 5C 6C 7C",
        "4S 5S 6S 7S KS AS KC QC JC AC",
    ]
    game = Sueca(dealer=3)
    game.deal(" ".join(hands).split())
    assert game.trump == "C"
    for seat, card in enumerate(("JS", "QS", "2S", "4S")):
        game.apply(seat, PLAY[card])
    assert game.last_winner == 0 and game.points[0] == 5


# ----------------------------------------------------------------------------- scoring
OPTS = {"bandeira": "match", "games_to_win": 4, "draw_bonus": "carry_one"}


def test_s1_one_game() -> None:
    assert hand_result([75, 45], [6, 4], [0, 0], 0, OPTS).scores == [1, 0]
    game = replay(A75)
    assert game.side_points() == [75, 45]
    assert game.deal_results == [
        {"dealer": 3, "complete": True, "trick_points": [75, 45], "scores": [1, 0]}
    ]
    assert game.totals == [1, 0]


def test_s2_double_game() -> None:
    assert hand_result([95, 25], [8, 2], [0, 0], 0, OPTS).scores == [2, 0]
    assert hand_result([90, 30], [8, 2], [0, 0], 0, OPTS).scores == [1, 0]
    assert hand_result([61, 59], [5, 5], [0, 0], 0, OPTS).scores == [1, 0]
    assert hand_result([29, 91], [2, 8], [0, 0], 0, OPTS).scores == [0, 2]
    game = replay(A95)
    assert game.side_points() == [95, 25] and game.totals == [2, 0]


def test_s3_draw_then_bonus() -> None:
    game = replay(SIXTY_ALL, B64)
    assert [d["trick_points"] for d in game.deal_results] == [[60, 60], [56, 64]]
    assert [d["scores"] for d in game.deal_results] == [[0, 0], [0, 2]]
    assert game.totals == [0, 2] and game.pending_bonus == 0
    assert game.events[-1]["bonus"] == 1


def test_s3_bonus_pending_shows_in_the_view() -> None:
    game = replay(SIXTY_ALL)
    assert game.pending_bonus == 1 and game.view(None)["pending_bonus"] == 1


def test_consecutive_draws_add_up() -> None:
    # docs/rules.md §7.4 [engine], D23: two 60–60 hands, then A wins with 75 → 1 + 2.
    game = replay(SIXTY_ALL, SIXTY_ALL.moved(0), A75.moved(1))
    assert [d["scores"] for d in game.deal_results] == [[0, 0], [0, 0], [3, 0]]
    assert game.totals == [3, 0] and not game.over and game.pending_bonus == 0


def test_draw_bonus_none() -> None:
    game = replay(SIXTY_ALL, B64, options={"draw_bonus": "none"})
    assert [d["scores"] for d in game.deal_results] == [[0, 0], [0, 1]]
    assert game.pending_bonus == 0


def test_s4_bandeira_wins_the_match() -> None:
    game = replay(A75, B70, options={"games_to_win": 6})  # A 1, B 1
    game.deal(all_hearts_to_the_dealer())  # dealer 1 (team B) holds every trump
    play_first_legal(game)
    assert game.tricks_won[1] + game.tricks_won[3] == 10
    assert game.deal_results[-1]["scores"] == [0, 5]
    assert game.totals == [1, 6] and game.over and game.winners == [1]
    assert game.events[-1]["bandeira"] is True


def test_bandeira_drops_the_pending_bonus_under_match() -> None:
    game = replay(SIXTY_ALL)
    game.deal(all_hearts_to_the_dealer())
    play_first_legal(game)
    assert game.deal_results[-1]["scores"] == [4, 0] and game.over and game.winners == [0]
    assert game.events[-1]["bonus"] == 0


def test_bandeira_four_games() -> None:
    result = hand_result([120, 0], [10, 0], [0, 0], 2, {**OPTS, "bandeira": "four_games"})
    assert result.scores == [6, 0] and result.bandeira and result.pending_bonus == 0
    game = replay(SIXTY_ALL, options={"bandeira": "four_games", "games_to_win": 10})
    game.deal(all_hearts_to_the_dealer())
    play_first_legal(game)
    assert game.deal_results[-1]["scores"] == [5, 0] and not game.over


def test_s5_all_points_without_every_trick() -> None:
    # Dealer 0 holds 2S and nine hearts (trumps, AH turned up); seat 1 wins trick 1 with 6S over
    # 3S, 4S and 2S — no points — and seat 0 takes every other trick.
    hands = {
        1: "6S AS 7S KS AC 7C KC JC QC 6C",
        2: "2H 3S JS QS AD 7D KD JD QD 6D",
        3: "4S 5S 5C 4C 3C 2C 5D 4D 3D 2D",
        0: "2S 3H 4H 5H 6H QH JH KH 7H AH",
    }
    deck = " ".join(hands[s] for s in (1, 2, 3, 0)).split()
    game = Sueca(dealer=0)
    game.deal(deck)
    for seat, card in ((1, "6S"), (2, "3S"), (3, "4S"), (0, "2S")):
        game.apply(seat, PLAY[card])
    assert game.last_winner == 1 and game.points == [0, 0, 0, 0]
    play_first_legal(game)
    assert game.side_points() == [120, 0]
    assert game.tricks_won[1] == 1
    assert game.deal_results[-1]["scores"] == [2, 0]
    assert not game.over and game.events[-1]["bandeira"] is False


def test_s6_match_end() -> None:
    # A +2, B +1, A +1, B +1: A 3, B 2 before the last hand; A scores 95 (+2) and wins.
    game = replay(A95, B70, A75.moved(1), B70.moved(2))
    assert game.totals == [3, 2] and not game.over
    play_deal(game, A95)
    assert game.deal_results[-1]["scores"] == [2, 0]
    assert game.totals == [5, 2] and game.over and game.winners == [0]
    assert game.phase == "over" and game.to_act is None
    with pytest.raises(IllegalAction, match="over"):
        game.deal(A95.deck.split())
    result = game.replay_result()
    assert result["over"] is True and result["winners"] == [0] and result["totals"] == [5, 2]


def test_partial_trick_points() -> None:
    game = Sueca(dealer=3)
    game.deal(A75.deck.split())
    assert game.replay_result()["deals"][0]["trick_points"] is None
    plays = A75.plays.split()
    for card in plays[:5]:
        game.apply(game.to_act or 0, PLAY[card])
    deal = game.replay_result()["deals"][0]
    assert deal["complete"] is False and deal["scores"] == [0, 0]
    assert deal["trick_points"] == game.side_points() and sum(deal["trick_points"]) == sum(
        game.POINTS[c] for _, c in game.last_trick or []
    )


# ---------------------------------------------------------------------- illegal actions
def test_illegal_actions() -> None:
    game = Sueca(dealer=3)
    with pytest.raises(IllegalAction, match="deal is complete"):
        game.apply(0, PLAY["AS"])
    game.deal(A75.deck.split())
    before = game.to_dict()
    not_held = next(c for c in DECK_40 if c not in game.hands[0])
    for seat, action, reason in [
        (1, PLAY[game.hands[1][0]], "seat 0's turn"),
        (0, PLAY[not_held], "not in your hand"),
        (0, Action("pass"), "no 'pass'"),
        (0, Action("trump", suit="S"), "no 'trump'"),
    ]:
        with pytest.raises(IllegalAction, match=reason):
            game.apply(seat, action)
        assert not game.is_legal(seat, action)
        assert game.to_dict() == before


# -------------------------------------------------------------------------------- views
def test_views() -> None:
    game = Sueca(dealer=3)
    assert game.view(None)["phase"] == "deal"
    game.deal(A75.deck.split())
    view = game.view(2)
    assert view["game"] == "sueca" and view["seat"] == 2 and view["hand"] == game.hands[2]
    assert view["hand_sizes"] == [10, 10, 10, 10] and view["to_act"] == 0
    assert view["trump"] == A75.deck.split()[39][1] and view["contract"] is None
    assert view["teams"] == [[0, 2], [1, 3]]
    assert view["scores"] == {"deal": [0, 0], "game": [0, 0]}
    assert view["games_to_win"] == 4 and view["pending_bonus"] == 0
    public = game.view(None)
    assert public["hand"] == [] and public["seat"] is None

"""Briscola a chiamata (docs/rules.md §6): the worked examples Ch1–Ch6 replayed as whole deals, scoring,
cappotto, the match and the options.

Whole deals are built from eight one-suit tricks: each seat holds exactly one card of each, so
everybody follows and the holder of the top card wins that trick, whoever leads. ``arrange`` says
who holds what; ``deck_for`` turns the hands back into the deck that deals them (§6.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.cards import DECK_40
from games.chiamata import Chiamata
from games.options import OptionError

CARD_POINTS = {"A": 11, "3": 10, "K": 4, "Q": 3, "J": 2}

# One-suit tricks, strongest card first (A 3 K Q J 7 6 5 4 2), with their card points.
S_HIGH, S_LOW = "AS 3S KS QS JS", "7S 6S 5S 4S 2S"  # 30, 0
H_24, H_6 = "AH 3H QH 7H 6H", "KH JH 5H 4H 2H"  # 24, 6
C_14, C_16 = "AC QC 7C 6C 5C", "3C KC JC 4C 2C"  # 14, 16
D_HIGH, D_LOW = "AD 3D KD QD JD", "7D 6D 5D 4D 2D"  # 30, 0
SETS = [S_HIGH, S_LOW, H_24, H_6, C_14, C_16, D_HIGH, D_LOW]


def call(rank: str, points: int | None = None) -> Action:
    return Action("call", rank=rank, points=points)


def trump(suit: str) -> Action:
    return Action("trump", suit=suit)


def points_of(cards: list[str]) -> int:
    return sum(CARD_POINTS.get(card[0], 0) for card in cards)


def arrange(
    sets: list[str], winners: list[int], fixed: dict[str, int] | None = None
) -> list[list[str]]:
    """Tricks as ``[card of seat 0, …, card of seat 4]``: ``winners[k]`` holds the top card of
    ``sets[k]``, ``fixed`` places cards, the rest fill the free seats in order."""
    fixed = fixed or {}
    tricks = []
    for cards_text, winner in zip(sets, winners, strict=True):
        cards = cards_text.split()
        row: list[str | None] = [None] * 5
        row[winner] = cards[0]
        for card in cards[1:]:
            if card in fixed:
                assert row[fixed[card]] is None, f"{card} cannot go to seat {fixed[card]}"
                row[fixed[card]] = card
        for card in cards[1:]:
            if card not in fixed:
                row[row.index(None)] = card
        assert None not in row
        tricks.append([str(c) for c in row])
    assert sorted(c for t in tricks for c in t) == sorted(DECK_40)
    return tricks


def deck_for(tricks: list[list[str]], dealer: int, packet: int = 4) -> list[str]:
    """The deck that deals each seat its cards of ``tricks`` (§6.1)."""
    hands = [[t[seat] for t in tricks] for seat in range(5)]
    deck: list[str] = []
    for _ in range(8 // packet):
        for k in range(5):
            seat = (dealer + 1 + k) % 5
            deck += hands[seat][:packet]
            del hands[seat][:packet]
    return deck


def new_game(tricks: list[list[str]], dealer: int = 4, **options: Any) -> Chiamata:
    game = Chiamata(options=options, dealer=dealer)
    game.deal(deck_for(tricks, dealer, options.get("deal_packet", 4)))
    return game


def run(game: Chiamata, actions: list[tuple[int, Action]]) -> None:
    for seat, action in actions:
        game.apply(seat, action)


def win_auction(game: Chiamata, declarer: int, rank: str) -> None:
    """``declarer`` calls ``rank`` on its turn; everybody else passes."""
    while game.phase == "auction":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, call(rank) if seat == declarer else PASS)
    assert game.declarer == declarer


def play_out(game: Chiamata, tricks: list[list[str]]) -> None:
    """Each seat plays its card of trick k when it is to act; the winner leads the next trick."""
    for row in tricks:
        for _ in range(5):
            seat = game.to_act
            assert seat is not None
            game.apply(seat, PLAY[row[seat]])


def deal_once(
    sets: list[str],
    winners: list[int],
    fixed: dict[str, int],
    declarer: int,
    rank: str,
    suit: str,
    dealer: int = 4,
    **options: Any,
) -> Chiamata:
    tricks = arrange(sets, winners, fixed)
    game = new_game(tricks, dealer, **options)
    win_auction(game, declarer, rank)
    game.apply(declarer, trump(suit))
    play_out(game, tricks)
    return game


def result(game: Chiamata) -> dict[str, Any]:
    event = game.events[-1]
    assert event["type"] == "deal_result"
    return event


# ------------------------------------------------------------------------ worked examples
def test_ch1_partner_success() -> None:
    # P2 wins with "K", names denari; KD is held by P4; {P2, P4} take 30 + 24 + 14 = 68.
    tricks = arrange(SETS, [2, 1, 4, 3, 2, 1, 0, 3], {"KD": 4})
    game = new_game(tricks)
    run(game, [(0, call("A")), (1, PASS), (2, call("K")), (3, PASS), (4, PASS), (0, PASS)])
    assert (game.phase, game.declarer, game.to_act) == ("trump", 2, 2)
    game.apply(2, trump("D"))
    assert game.called_card == "KD"
    play_out(game, tricks)
    assert game.deal_results[-1]["trick_points"] == [30, 16, 44, 6, 24]
    assert game.deal_results[-1]["scores"] == [-1, -1, 2, -1, 1]
    assert (result(game)["partner"], result(game)["points"]) == (4, 68)
    assert result(game)["success"] is True
    assert game.totals == [-1, -1, 2, -1, 1]


def test_ch2_alone_success() -> None:
    # P0 calls "3", names spade and holds 3S himself; he takes 30 + 24 + 6 + 15 = 75.
    sets = [S_HIGH, S_LOW, H_24, H_6, "AC KC 7C 6C 5C", "3C QC JC 4C 2C", D_HIGH, D_LOW]
    game = deal_once(sets, [1, 2, 0, 0, 0, 3, 0, 4], {"3S": 0}, 0, "3", "S")
    assert result(game)["alone"] is True
    assert game.deal_results[-1]["trick_points"][0] == 75
    assert game.deal_results[-1]["scores"] == [4, -1, -1, -1, -1]


def test_ch3_failure_at_60() -> None:
    # P2 calls "7", names denari; P4 holds 7D; the side takes S (30) and D (30): 60 < 61.
    game = deal_once(SETS, [2, 1, 0, 3, 1, 3, 4, 4], {}, 2, "7", "D")
    assert result(game)["partner"] == 4
    assert result(game)["points"] == 60
    assert game.deal_results[-1]["scores"] == [1, 1, -2, 1, -1]


@pytest.mark.parametrize("basis", ["points", "tricks"], ids=["cappotto_points", "cappotto_tricks"])
def test_ch4a_cappotto_with_partner(basis: str) -> None:
    game = deal_once(SETS, [2, 4, 4, 2, 2, 4, 2, 4], {"KD": 4}, 2, "K", "D", cappotto_basis=basis)
    assert result(game)["cappotto"] is True
    assert game.deal_results[-1]["scores"] == [-2, -2, 4, -2, 2]


def test_ch4b_cappotto_alone() -> None:
    # P0 calls "A", names spade and holds AS: alone, and takes every trick.
    game = deal_once(SETS, [0] * 8, {}, 0, "A", "S")
    assert game.deal_results[-1]["trick_points"] == [120, 0, 0, 0, 0]
    assert game.deal_results[-1]["scores"] == [8, -2, -2, -2, -2]


def test_ch4c_defenders_cappotto() -> None:
    game = deal_once(SETS, [0, 1, 3, 0, 1, 3, 0, 1], {"KD": 4}, 2, "K", "D")
    assert result(game)["points"] == 0
    assert game.deal_results[-1]["scores"] == [2, 2, -4, 2, -2]


def test_ch5_alone_failure() -> None:
    # P0 alone (calls "A", holds AS) takes S (30) and A 3 K of hearts (25): 55.
    sets = [S_HIGH, S_LOW, "AH 3H KH 7H 6H", "QH JH 5H 4H 2H", C_14, C_16, D_HIGH, D_LOW]
    game = deal_once(sets, [0, 1, 0, 2, 3, 4, 1, 2], {}, 0, "A", "S")
    assert result(game)["points"] == 55
    assert game.deal_results[-1]["scores"] == [-4, 1, 1, 1, 1]


CH6_AUCTION = [
    (0, call("A")),
    (1, call("7")),
    (2, call("2")),
    (3, call("2", 70)),
    (4, PASS),
    (0, PASS),
    (1, PASS),
    (2, call("2", 75)),
    (3, PASS),
]


@pytest.mark.parametrize(
    "winners, points, scores",
    [
        ([2, 1, 2, 0, 1, 3, 4, 0], 72, [1, 1, -2, 1, -1]),  # 30 + 12 + 30: 72 < 75
        ([2, 1, 2, 4, 1, 3, 4, 0], 90, [-1, -1, 2, -1, 1]),  # + 18: success
    ],
)
def test_ch6_two_then_points(winners: list[int], points: int, scores: list[int]) -> None:
    sets = [S_HIGH, S_LOW, "3H JH 7H 6H 5H", "AH KH QH 4H 2H", C_14, C_16, D_HIGH, D_LOW]
    tricks = arrange(sets, winners, {"2D": 4})
    game = new_game(tricks, bidding="two_then_points")
    run(game, CH6_AUCTION)
    assert (game.declarer, game.target, game.phase) == (2, 75, "trump")
    game.apply(2, trump("D"))
    assert game.called_card == "2D"
    play_out(game, tricks)
    assert result(game)["points"] == points
    assert game.deal_results[-1]["scores"] == scores


# ------------------------------------------------------------------------------ cappotto
@pytest.mark.parametrize(
    "basis, scores", [("points", [2, 2, -4, 2, -2]), ("tricks", [1, 1, -2, 1, -1])]
)
def test_zero_points_is_cappotto_even_with_tricks(basis: str, scores: list[int]) -> None:
    # §10 item 19: {P2, P4} win only the two zero-point tricks.
    game = deal_once(SETS, [0, 2, 3, 0, 1, 3, 0, 4], {"KD": 4}, 2, "K", "D", cappotto_basis=basis)
    assert result(game)["points"] == 0
    assert game.deal_results[-1]["scores"] == scores


@pytest.mark.parametrize(
    "basis, scores", [("points", [-2, -2, 4, -2, 2]), ("tricks", [-1, -1, 2, -1, 1])]
)
def test_all_points_without_all_tricks(basis: str, scores: list[int]) -> None:
    # {P2, P4} take all 120 points; P1 wins the zero-point spade trick.
    game = deal_once(SETS, [2, 1, 4, 2, 2, 4, 2, 4], {"KD": 4}, 2, "K", "D", cappotto_basis=basis)
    assert result(game)["points"] == 120
    assert game.deal_results[-1]["scores"] == scores


# -------------------------------------------------------------------------------- dealing
@pytest.mark.parametrize("packet", [1, 2, 4, 8])
def test_deal_packets_go_round_from_the_eldest(packet: int) -> None:
    deck = list(DECK_40)
    game = Chiamata(options={"deal_packet": packet}, dealer=2)
    game.deal(deck)
    for k in range(5):
        seat = (3 + k) % 5
        expected = [
            deck[5 * packet * r + packet * k + j] for r in range(8 // packet) for j in range(packet)
        ]
        assert sorted(game.hands[seat]) == sorted(expected)
    assert game.to_act == 3


def test_deal_four_matches_the_formula() -> None:
    deck = list(DECK_40)
    game = Chiamata(dealer=4)
    game.deal(deck)
    # §6.1: p_k ← deck[20r + 4k .. 20r + 4k + 3]; dealer 4 so p_0 is seat 0.
    assert sorted(game.hands[1]) == sorted(deck[4:8] + deck[24:28])


# -------------------------------------------------------------------------------- the match
def test_match_ends_after_match_deals_and_ties_share_the_win() -> None:
    game = Chiamata(dealer=0)
    for n in range(5):
        declarer = (n + 1) % 5  # each deal: the eldest calls "A", holds AS and takes all
        tricks = arrange(SETS, [declarer] * 8)
        game.deal(deck_for(tricks, game.dealer))
        win_auction(game, declarer, "A")
        game.apply(declarer, trump("S"))
        assert not game.over
        play_out(game, tricks)
    assert game.over and game.phase == "deal"
    assert game.totals == [0] * 5
    assert game.winners == [0, 1, 2, 3, 4]
    assert game.view(None)["phase"] == "over"
    with pytest.raises(IllegalAction):
        game.deal(list(DECK_40))


def test_passed_out_deals_do_not_count() -> None:
    game = Chiamata(options={"match_deals": 5}, dealer=1)
    for _ in range(5):
        game.deal(list(DECK_40))
        for _ in range(5):
            seat = game.to_act
            assert seat is not None
            game.apply(seat, PASS)
    assert not game.over
    assert game.dealer == 1  # five redeals moved the deal once round the table
    assert [d["trick_points"] for d in game.deal_results] == [None] * 5
    assert [d["scores"] for d in game.deal_results] == [[0] * 5] * 5
    assert game.deals_played == 0
    assert game.events[-1]["type"] == "redeal"


def test_highest_total_wins_alone_and_longer_matches() -> None:
    game = Chiamata(options={"match_deals": 10}, dealer=4)
    for n in range(10):
        tricks = arrange(SETS, [0] * 8)
        game.deal(deck_for(tricks, game.dealer))
        win_auction(game, 0, "A")
        game.apply(0, trump("S"))
        play_out(game, tricks)
        assert game.over == (n == 9)
    assert game.totals == [80, -20, -20, -20, -20]
    assert game.winners == [0]


# ---------------------------------------------------------------------------- options
def test_defaults() -> None:
    assert Chiamata().options == {
        "deal_packet": 4,
        "bidding": "rank_only",
        "follow_rule": "must_follow",
        "first_lead": "eldest",
        "cappotto_basis": "points",
        "match_deals": 5,
    }


@pytest.mark.parametrize(
    "key, value",
    [
        ("deal_packet", 3),
        ("deal_packet", "4"),
        ("bidding", "points"),
        ("follow_rule", "must_trump"),
        ("first_lead", "dealer"),
        ("cappotto_basis", "all"),
        ("match_deals", 0),
        ("match_deals", 7),
        ("match_deals", -5),
        ("match_deals", True),
        ("match_deals", "5"),
    ],
)
def test_bad_option_values_name_the_key(key: str, value: object) -> None:
    with pytest.raises(OptionError, match=key):
        Chiamata(options={key: value})


def test_unknown_option_is_an_error() -> None:
    with pytest.raises(OptionError, match="trump_card"):
        Chiamata(options={"trump_card": "last"})


def test_only_five_players() -> None:
    with pytest.raises(ValueError, match="5"):
        Chiamata(seats=4)
    assert Chiamata().sides == 5


@pytest.mark.parametrize("lead, first", [("eldest", 0), ("declarer", 2)])
def test_first_lead(lead: str, first: int) -> None:
    tricks = arrange(SETS, [2, 1, 4, 3, 2, 1, 0, 3], {"KD": 4})
    game = new_game(tricks, first_lead=lead)
    win_auction(game, 2, "K")
    game.apply(2, trump("D"))
    assert game.to_act == first


def test_follow_rule_free_lets_anyone_discard() -> None:
    tricks = arrange(SETS, [2, 1, 4, 3, 2, 1, 0, 3], {"KD": 4})
    for rule, allowed in (("must_follow", False), ("free", True)):
        game = new_game(tricks, follow_rule=rule)
        win_auction(game, 2, "K")
        game.apply(2, trump("D"))
        game.apply(0, PLAY["6S"])  # seat 0 leads spades
        off_suit = PLAY["5H"]  # seat 1 holds spades too
        assert game.is_legal(1, off_suit) is allowed
        assert (off_suit in game.legal_actions(1)) is allowed
        if not allowed:
            with pytest.raises(IllegalAction, match="must follow spades"):
                game.apply(1, off_suit)

"""Belote: legal play (§2.5), the worked examples B1–B8 (§2.11), taking (§2.4), game end (§2.9)."""

from __future__ import annotations

from typing import Any

import pytest

from games import reasons
from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.belote import Belote, score_belote_hand
from games.belote_rules import (
    CARD_INDEX,
    MODE_OF_TRUMP,
    STRENGTH,
    TRUMP_LEAD_CODES,
    cards_of,
    illegal_play,
    legal_mask,
    mask_of,
)
from games.cards import FRENCH_32
from games.options import OptionError


def take(trump: str) -> Action:
    return Action("take", trump=trump)


def legal(
    hand: str,
    trick: list[tuple[int, str]],
    me: int,
    trump: str = "H",
    trump_lead: str = "always",
    undertrump: bool = True,
    partner_free: bool = False,
) -> set[str]:
    """§2.5 for a trick given as (seat, card) pairs in play order."""
    mode = MODE_OF_TRUMP[trump]
    win_seat, win_card = trick[0][0], CARD_INDEX[trick[0][1]]
    for seat, code in trick[1:]:
        card = CARD_INDEX[code]
        if card >> 3 == win_card >> 3:
            if STRENGTH[mode][card] > STRENGTH[mode][win_card]:
                win_seat, win_card = seat, card
        elif card >> 3 == mode:
            win_seat, win_card = seat, card
    mask = legal_mask(
        mask_of(hand.split()),
        mode,
        CARD_INDEX[trick[0][1]],
        win_card,
        win_seat ^ me == 2,
        TRUMP_LEAD_CODES[trump_lead],
        undertrump,
        partner_free,
    )
    return set(cards_of(mask))


# ------------------------------------------------------------------------ §2.5 legal examples
def test_legal_example_1_undertrump_and_partner() -> None:
    trick = [(1, "AS"), (2, "9H")]
    assert legal("TH 7C", trick, 3) == {"TH"}
    trick = [(1, "AS"), (2, "9H"), (3, "TH")]
    assert legal("JH 8H QC", trick, 0) == {"QC", "JH"}
    assert legal("8H 7H", trick, 0) == {"8H", "7H"}
    assert legal("JH 8H QC", trick, 0, partner_free=True) == {"JH", "8H", "QC"}


def test_legal_example_2_cannot_beat() -> None:
    trick = [(0, "7C"), (1, "JH")]
    assert legal("9H 8H AS", trick, 2) == {"9H", "8H"}
    assert legal("9H 8H AS", trick, 2, undertrump=False) == {"9H", "8H", "AS"}


def test_legal_example_3_partner_winning_with_a_plain_card() -> None:
    assert legal("7H KS", [(0, "AC"), (1, "8C")], 2) == {"7H", "KS"}


def test_legal_example_4_trump_lead() -> None:
    trick = [(0, "8H"), (1, "9H")]
    assert legal("JH 7H AS", trick, 2) == {"JH"}
    assert legal("JH 7H AS", trick, 2, trump_lead="never") == {"JH", "7H"}
    # Partner winning a trump lead: not_over_partner frees the partner.
    trick = [(0, "9H"), (1, "8H")]
    assert legal("JH 7H AS", trick, 2) == {"JH"}
    assert legal("JH 7H AS", trick, 2, trump_lead="not_over_partner") == {"JH", "7H"}


def test_legal_example_5_ta() -> None:
    assert legal("AS 7S KD", [(0, "9S"), (1, "JS")], 2, trump="AT") == {"AS", "7S"}
    assert legal("AS JS KD", [(0, "9S"), (1, "AS")], 2, trump="AT") == {"JS"}


def test_legal_sa_only_follows() -> None:
    assert legal("AS 7S KD", [(0, "9S"), (1, "JS")], 2, trump="NT") == {"AS", "7S"}
    assert legal("KD QC", [(0, "9S")], 1, trump="NT") == {"KD", "QC"}


def test_void_in_trumps_discards_anything() -> None:
    assert legal("KD QC", [(0, "9S"), (1, "JH")], 2) == {"KD", "QC"}


# ------------------------------------------------------------------------------- engine flow
def dealt(dealer: int = 3, deck: list[str] | None = None, **options: Any) -> Belote:
    game = Belote(options=options, dealer=dealer)
    game.deal(deck or list(FRENCH_32))
    return game


def test_first_deal_packets_and_turn_up() -> None:
    game = dealt()
    assert game.view(0)["hand"] == ["7S", "8S", "9S", "JH", "QH"]
    assert game.view(None)["turn_up"] == "JD"
    game = dealt(first_deal_packets="2-3")
    assert game.view(0)["hand"] == ["7S", "8S", "7H", "8H", "9H"]


def test_second_deal_follows_the_worked_example() -> None:
    # Taker p_2 = seat 2 (dealer 3): p_0 gets 21–23, p_1 24–26, p_2 27–28 + turn-up, p_3 29–31.
    game = dealt()
    game.apply(0, PASS)
    game.apply(1, PASS)
    game.apply(2, take("D"))
    deck = list(FRENCH_32)
    assert set(game.view(0)["hand"]) == {*deck[0:3], *deck[12:14], *deck[21:24]}
    assert set(game.view(1)["hand"]) == {*deck[3:6], *deck[14:16], *deck[24:27]}
    assert set(game.view(2)["hand"]) == {*deck[6:9], *deck[16:18], deck[20], *deck[27:29]}
    assert set(game.view(3)["hand"]) == {*deck[9:12], *deck[18:20], *deck[29:32]}
    view = game.view(None)
    assert view["contract"] == {"trump": "D", "taker": 2, "value": None, "multiplier": 1}
    assert view["turn_up"] == "JD" and view["to_act"] == 0


def test_taking_rounds() -> None:
    game = dealt()
    with pytest.raises(IllegalAction, match="only the turned-up suit"):
        game.apply(0, take("S"))
    assert game.legal_actions(0) == [PASS, take("D")]
    for seat in range(4):
        game.apply(seat, PASS)
    assert game.view(None)["taking_round"] == 2
    with pytest.raises(IllegalAction, match="refused in round 1"):
        game.apply(0, take("D"))
    with pytest.raises(IllegalAction, match="SA/TA"):
        game.apply(0, take("NT"))
    assert game.legal_actions(0) == [PASS, take("S"), take("H"), take("C")]
    game.apply(0, take("S"))
    assert game.view(2)["contract"]["trump"] == "S"
    assert "JD" in game.view(0)["hand"]  # the taker always gets the turn-up


def test_round2_sa_ta_and_la_vache() -> None:
    game = dealt(round2_sa_ta=True, la_vache=True)
    for seat in (0, 1, 2, 3, 0, 1, 2):
        game.apply(seat, PASS)
    assert PASS not in game.legal_actions(3)
    assert take("AT") in game.legal_actions(3)
    with pytest.raises(IllegalAction, match="la vache"):
        game.apply(3, PASS)
    game.apply(3, take("AT"))
    assert game.view(None)["trump"] == "AT"


@pytest.mark.parametrize("redeal_by, next_dealer", [("next_dealer", 0), ("same_dealer", 3)])
def test_passed_out_deal(redeal_by: str, next_dealer: int) -> None:
    game = dealt(redeal_by=redeal_by)
    for _ in range(8):
        game.apply(game.to_act or 0, PASS)
    assert game.awaiting_deck and game.dealer == next_dealer
    assert game.deal_results == [
        {"dealer": 3, "complete": True, "trick_points": None, "scores": [0, 0]}
    ]


def test_play_errors_are_readable_and_change_nothing() -> None:
    game = dealt()
    game.apply(0, take("D"))
    with pytest.raises(IllegalAction, match="it is seat 0's turn"):
        game.apply(1, PLAY["TS"])
    with pytest.raises(IllegalAction, match="does not hold"):
        game.apply(0, PLAY["AC"])
    game.apply(0, PLAY["7S"])
    before = game.to_dict()
    # Seat 1 holds TS KS AS: must follow spades.
    with pytest.raises(IllegalAction, match="must follow spades"):
        game.apply(1, PLAY[game.view(1)["hand"][-1]])
    assert game.to_dict() == before
    assert not game.is_legal(1, take("D"))


# ------------------------------------------------------------------ §2.11 from the quantities
DEFAULTS: dict[str, Any] = dict(Belote().options)


def score(
    cp: list[int],
    melds: tuple[int, int] = (0, 0),
    belote: tuple[int, int] = (0, 0),
    tricks: tuple[int, int] = (4, 4),
    reserve: int = 0,
    **options: Any,
) -> dict[str, Any]:
    return score_belote_hand(
        0, cp, list(melds), list(belote), list(tricks), reserve, {**DEFAULTS, **options}
    )


def test_b1_success_other_team_wins_melds() -> None:
    assert score([98, 64], melds=(0, 50), belote=(20, 0))["scores"] == [118, 114]


def test_b2_failure_meld_handed_over() -> None:
    result = score([70, 92], melds=(20, 0), belote=(0, 20))
    assert result["outcome"] == "failure" and result["scores"] == [0, 202]


def test_b2b_protected_belote() -> None:
    assert score([60, 102], belote=(20, 0))["scores"] == [20, 162]
    assert score([60, 102], belote=(20, 0), belote_protected=False)["scores"] == [0, 182]


def test_b3_litige_and_reserve() -> None:
    result = score([71, 91], belote=(20, 0))
    assert result["outcome"] == "litige"
    assert result["scores"] == [20, 91] and result["reserve"] == 71
    # Next hand B takes (declarer side 1) and succeeds 110 against 52.
    nxt = score_belote_hand(1, [52, 110], [0, 0], [0, 0], [4, 4], 71, DEFAULTS)
    assert nxt["scores"] == [52, 181] and nxt["reserve"] == 0


def test_b4_capot() -> None:
    result = score([252, 0], melds=(50, 0), belote=(0, 20), tricks=(8, 0))
    assert result["scores"] == [302, 20] and result["capot"]


def test_capot_decides_the_outcome() -> None:
    # §10 item 1: a capot by the defenders is a failure whatever the melds.
    result = score([0, 252], melds=(500, 0), tricks=(0, 8))
    assert result["outcome"] == "failure" and result["scores"] == [0, 752]


def test_capot_takes_melds() -> None:
    assert score([252, 0], melds=(0, 50), tricks=(8, 0))["scores"] == [252, 50]
    result = score([252, 0], melds=(0, 50), tricks=(8, 0), capot_takes_melds=True)
    assert result["scores"] == [302, 0]


def test_b5_sa() -> None:
    assert score([72, 58], melds=(0, 200))["scores"] == [0, 330]
    assert score([144, 116], melds=(0, 200))["scores"] == [0, 460]


def test_b6_ta() -> None:
    assert score([140, 118], belote=(40, 20))["scores"] == [180, 138]


def test_b8_rounding() -> None:
    assert score([86, 76])["scores"] == [86, 76]
    assert score([86, 76], rounding="half_down")["scores"] == [90, 80]
    assert score([86, 76], rounding="six_split")["scores"] == [90, 70]
    assert score([76, 86], rounding="six_split")["outcome"] == "failure"
    assert score([81, 81], rounding="six_split")["scores"] == [0, 80]


def test_success_basis() -> None:
    assert score([80, 82], melds=(20, 0))["outcome"] == "success"
    assert score([80, 82], melds=(20, 0), success_basis="cards")["outcome"] == "failure"
    assert score([80, 82], belote=(20, 0), success_basis="cards_belote")["outcome"] == "success"


# ------------------------------------------------------------------ §2.11 as whole deals
B_DEALS: dict[str, tuple[str, int, str, str]] = {
    # name: (deck, taker, trump, cards in play order); dealer 3, so seat 0 speaks first.
    "B1": (
        "KC 9D QH 7D KD 8C AD 8H 8D JS QC TC AC JD 8S TD 9S AS KS 7H AH KH TH JC 9H 9C QD 7C "
        "7S JH TS QS",
        0,
        "H",
        "QH 9H 8H JH TC KC 8C 7C QS TH 8S 7S 9D TD QD 7H QC AC 9C AS KH JC AD JS AH KD 9S TS "
        "JD 7D 8D KS",
    ),
    "B2": (
        "9C TS 8S QH 9S TH 8D 8H 9D QS QC JH 7S JS KD KC 7H JD TC 9H AS QD KH AD JC TD 7D AH "
        "8C KS 7C AC",
        0,
        "S",
        "7S 9S AH QS KC 8C AC 9C 7C TS JC 8D 8S AD 8H KS TC JS QH JD QD KD 9D 9H TD 7D JH AS "
        "KH TH 7H QC",
    ),
    "B2b": (
        "KH TD KC QH JC 7S JH 9C TH KS KD 7D TS JD 9H AS 7H TC 8H 7C QC JS 8D QS AH 8C AC AD "
        "QD 9S 8S 9D",
        0,
        "C",
        "KC JC 9C 7C 9H TH 8H KH AD 7D 8D 8C 7S TC 9S JS QD KD JD AS KS TS QS 7H QC QH AC 8S "
        "JH 9D TD AH",
    ),
    "B3": (
        "TS AS QC JD TD QS 7S 9H KH 9C 8D QD TC AD 9S KD JS 8C KS 9D TH KC 8H JH AH 7D 7H 8S "
        "QH JC AC 7C",
        0,
        "H",
        "8H AH 9H 9C 8S KS TS QS AD KD QH 9D KH QD TH JH 7D 7H 8D AS 7S AC TC 9S JD JS 7C QC "
        "TD 8C JC KC",
    ),
}
B_ROUND2: dict[str, tuple[str, str, str]] = {
    # name: (deck, trump named by seat 0 in round 2, cards in play order); dealer 3.
    "B5": (
        "7C QS JC AD AH 8C 9D TS QH 8D KD 7H TD 8S 8H AS QD JD JH JS 9S KC QC TH AC KH KS 9C TC "
        "7D 7S 9H",
        "NT",
        "7C 8C 9C JH TS 7S 9S AS AC TC KD JC KH QH 7H 8S 8H 9D 9H QC JS QS AD KS QD 7D TD AH KC "
        "TH JD 8D",
    ),
    "B6": (
        "QH QC 9C 7H KS 7C 8S 8H KD 9D JH JS 8D KH 9H TH JC AC TC AD JD KC 9S 7S QS 8C 7D AH TS "
        "TD AS QD",
        "AT",
        "QC 8C JC TC 8H JH KH 9H TD JD QS 7D 9C 7C AC AS QH TH AH 9D KD AD 8D KS JS 9S 7S TS QD KC "
        "7H 8S",
    ),
}
B4_DEAL = (
    "7C 8C 9C JH TD TH JD AD 9D JC KD AS TC AH 7H QS 9H KS 7S TS 8D 8S AC KH 9S KC 8H 7D JS QD "
    "QC QH",
    0,
    "D",
    "AH KH 8H QH AC KC JS JC 8D TD JD QD AD KD TC TH 9H TS 8C 7H KS 7S 8S QS 9D QC 9C 9S 7D AS "
    "7C JH",
)
B3_NEXT = (
    "8S 7D TS 8H AS JD TC 9C KS KD 9D 8C 7C TH TD KC QH AD 7S QC QD AH AC 9H KH QS 7H JH "
    "8D JS JC 9S",
    "7C KC TC JC 8D 9D QD JD TD AD KD 7D JH JS AH KH 8S AS KS 9S 9H QH QC TH AC 8H 9C 8C "
    "TS QS 7H 7S",
)


def play_deal(game: Belote, deck: str, taker: int, trump: str, cards: str) -> None:
    game.deal(deck.split())
    while game.to_act != taker:
        game.apply(game.to_act or 0, PASS)
    game.apply(taker, take(trump))
    for card in cards.split():
        game.apply(game.to_act or 0, PLAY[card])


@pytest.mark.parametrize(
    "name, trick_points, scores",
    [
        ("B1", [98, 64], [118, 114]),
        ("B2", [70, 92], [0, 202]),
        ("B2b", [60, 102], [20, 162]),
        ("B4", [252, 0], [302, 20]),
    ],
)
def test_worked_examples_as_whole_deals(
    name: str, trick_points: list[int], scores: list[int]
) -> None:
    game = Belote(dealer=3)
    play_deal(game, *(B4_DEAL if name == "B4" else B_DEALS[name]))
    assert game.deal_results[-1]["trick_points"] == trick_points
    assert game.deal_results[-1]["scores"] == scores


@pytest.mark.parametrize(
    "name, options, trick_points, scores",
    [
        ("B5", {}, [72, 58], [0, 330]),
        ("B5", {"sa_card_multiplier": 2}, [72, 58], [0, 460]),
        ("B6", {}, [140, 118], [180, 138]),
        ("B6", {"ta_card_multiplier": 2}, [140, 118], [320, 256]),
    ],
)
def test_round2_sa_ta_whole_deals(
    name: str, options: dict[str, Any], trick_points: list[int], scores: list[int]
) -> None:
    deck, trump, cards = B_ROUND2[name]
    game = Belote({"round2_sa_ta": True, **options}, dealer=3)
    game.deal(deck.split())
    for seat in (0, 1, 2, 3):
        game.apply(seat, PASS)
    game.apply(0, take(trump))  # round 2
    for card in cards.split():
        game.apply(game.to_act or 0, PLAY[card])
    assert game.deal_results[-1]["trick_points"] == trick_points
    assert game.deal_results[-1]["scores"] == scores


def test_b1_melds_and_belote_events() -> None:
    game = Belote(dealer=3)
    play_deal(game, *B_DEALS["B1"])
    kinds = [e["type"] for e in game.events]
    assert kinds.count("declare") == 2
    melds = next(e for e in game.events if e["type"] == "melds")
    assert melds["side"] == 1 and melds["points"] == 50
    assert [m["kind"] for m in melds["melds"][0]["melds"]] == ["quarte"]
    # The losing tierce is announced by kind only: its cards never appear.
    declare_a = next(e for e in game.events if e["type"] == "declare" and e["seat"] % 2 == 0)
    assert declare_a["melds"] == [{"kind": "tierce", "points": 20}]
    assert "belote" in kinds and "rebelote" in kinds


def test_b3_litige_reserve_whole_deals() -> None:
    game = Belote(dealer=3)
    play_deal(game, *B_DEALS["B3"])
    assert game.deal_results[-1]["scores"] == [20, 91]
    assert game.reserve == 71 and game.view(None)["reserve"] == 71
    # The next deal: dealer 0, seat 1 (team B) takes diamonds and succeeds.
    play_deal(game, B3_NEXT[0], 1, "D", B3_NEXT[1])
    assert game.deal_results[-1]["trick_points"] == [52, 110]
    assert game.deal_results[-1]["scores"] == [52, 181]
    assert game.reserve == 0 and game.totals == [72, 272]


def test_partial_trick_points() -> None:
    game = Belote(dealer=3)
    deck, _taker, trump, cards = B_DEALS["B1"]
    game.deal(deck.split())
    game.apply(0, take(trump))
    assert game.replay_result()["deals"][0]["trick_points"] is None
    for card in cards.split()[:6]:
        game.apply(game.to_act or 0, PLAY[card])
    partial = game.replay_result()["deals"][0]
    assert partial["complete"] is False and partial["trick_points"] == [0, 3 + 14 + 0 + 20]


# ------------------------------------------------------------------------------- game end
def test_game_end_capot_win_disallowed() -> None:
    game = Belote({"target_score": 10, "capot_win_disallowed": True}, dealer=3)
    game._game_end(True, [0, 0], 10, True)
    assert not game.over
    game.totals = [300, 20]
    game._game_end(True, [0, 0], 10, True)
    assert not game.over
    game._game_end(True, [12, 0], 10, True)
    assert game.over and game.winners == [0]


def test_game_end_equal_totals_play_on() -> None:
    game = Belote({"target_score": 100}, dealer=3)
    game.totals = [150, 150]
    game._game_end(False, [90, 90], 100, False)
    assert not game.over
    game.totals = [150, 160]
    game._game_end(False, [90, 90], 100, False)
    assert game.over and game.winners == [1]


def test_game_over_after_target() -> None:
    game = Belote({"target_score": 100}, dealer=3)
    play_deal(game, *B_DEALS["B1"])
    assert game.over and game.winners == [0]
    assert game.view(None)["phase"] == "over" and game.legal_actions(0) == []
    with pytest.raises(IllegalAction, match="over"):
        game.apply(0, PASS)


# ------------------------------------------------------------------------------------ options
@pytest.mark.parametrize(
    "options, key",
    [
        ({"nope": 1}, "nope"),
        ({"rounding": "half_up_10"}, "rounding"),
        ({"sa_card_multiplier": 3}, "sa_card_multiplier"),
        ({"sa_card_multiplier": True}, "sa_card_multiplier"),
        ({"target_score": 0}, "target_score"),
        ({"target_score": 100.0}, "target_score"),
        ({"scoring_method": "standard"}, "scoring_method"),
        ({"trump_lead_overtrump": "sometimes"}, "trump_lead_overtrump"),
        ({"la_vache": "yes"}, "la_vache"),
    ],
)
def test_bad_options_name_the_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Belote(options)


def test_every_variant_key_is_declared() -> None:
    keys = {spec.name for spec in Belote.OPTIONS}
    assert keys == {
        "first_deal_packets",
        "redeal_by",
        "round2_sa_ta",
        "la_vache",
        "trump_lead_overtrump",
        "must_undertrump",
        "partner_winning_trump",
        "melds_enabled",
        "meld_card_reuse",
        "hundred_priority",
        "meld_tie",
        "sa_nine_carre",
        "belote_king_first",
        "ta_belote",
        "carre_values",
        "belote_protected",
        "success_basis",
        "sa_card_multiplier",
        "ta_card_multiplier",
        "capot_takes_melds",
        "rounding",
        "target_score",
        "capot_win_disallowed",
    }


def test_views_never_show_hidden_cards() -> None:
    game = Belote(dealer=3)
    deck, _taker, trump, cards = B_DEALS["B1"]
    game.deal(deck.split())
    public = game.view(None)
    assert public["hand"] == [] and public["turn_up"] == deck.split()[20]
    game.apply(0, take(trump))
    for card in cards.split()[:9]:
        game.apply(game.to_act or 0, PLAY[card])
    for seat in range(4):
        view = game.view(seat)
        shown = {
            card
            for event in game.events
            if event["type"] == "melds"
            for player in event["melds"]
            for meld in player["melds"]
            for card in meld["cards"]
        }
        hidden = {c for s in range(4) if s != seat for c in game.view(s)["hand"]} - shown
        text = repr({k: v for k, v in view.items() if k not in ("hand", "turn_up")})
        assert not any(card in text for card in hidden), seat


@pytest.mark.parametrize(
    "hand, trick, card, trump, reason",
    [
        ("TS 7C", [(0, "AS")], "7C", "H", "must follow spades"),
        ("JH 7H AS", [(0, "8H"), (1, "9H")], "7H", "H", "must over-trump: 7H does not beat 9H"),
        ("9H 8H AS", [(0, "7C"), (1, "JH")], "AS", "H", "must under-trump: no clubs"),
        ("JH 8H QC", [(1, "AS"), (2, "9H"), (3, "TH")], "8H", "H", "may not under-trump"),
        ("8H KD", [(0, "AS")], "KD", "H", "must trump: no spades, play a heart"),
        ("JH 8H", [(0, "AS"), (1, "9H")], "8H", "H", "must over-trump: 8H does not beat 9H"),
        ("AS 7S KD", [(0, "9S"), (1, "JS")], "KD", "AT", "must follow spades"),
        ("AS JS", [(0, "9S"), (1, "AS")], "AS", "AT", "must play a higher spade"),
    ],
)
def test_illegal_reasons(
    hand: str, trick: list[tuple[int, str]], card: str, trump: str, reason: str
) -> None:
    me = (trick[-1][0] + 1) % 4
    assert card not in legal(hand, trick, me, trump)
    mode = MODE_OF_TRUMP[trump]
    win = CARD_INDEX[trick[0][1]]
    for _, code in trick[1:]:
        c = CARD_INDEX[code]
        if (c >> 3 == win >> 3 and STRENGTH[mode][c] > STRENGTH[mode][win]) or (
            c >> 3 == mode != win >> 3
        ):
            win = c
    winner = next(seat for seat, code in trick if CARD_INDEX[code] == win)
    code, params = illegal_play(
        CARD_INDEX[card],
        mask_of(hand.split()),
        mode,
        CARD_INDEX[trick[0][1]],
        win,
        winner ^ me == 2,
    )
    text = reasons.english(code, params)
    assert text.startswith(reason), text


def test_views_are_json_and_detached() -> None:
    import json

    game = Belote(dealer=3)
    deck, _taker, trump, cards = B_DEALS["B1"]
    game.deal(deck.split())
    game.apply(0, take(trump))
    for card in cards.split()[:5]:
        game.apply(game.to_act or 0, PLAY[card])
    before = game.to_dict()
    for seat in (None, 0, 1, 2, 3):
        view = game.view(seat)
        assert json.loads(json.dumps(view)) == view
        for event in view["events"]:
            event.clear()
        view["last_trick"].clear()
        view["hand"].clear()
    assert game.to_dict() == before
    assert game.view(0)["taking_round"] is None and game.view(0)["turn_up"] == deck.split()[20]

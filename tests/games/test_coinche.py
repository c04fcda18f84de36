"""Coinche: the worked examples of docs/rules.md §3.9, the auction of §3.2, options and views."""

from __future__ import annotations

from typing import Any

import pytest

from games.actions import COINCHE, PASS, PLAY, SURCOINCHE, Action
from games.base import IllegalAction
from games.cards import FRENCH_32
from games.coinche import Coinche, score_coinche_hand
from games.options import OptionError


def bid(value: int | str, trump: str) -> Action:
    return Action("bid", value=value, trump=trump)


def play_out(game: Coinche, cards: str) -> None:
    """Play ``cards`` (space-separated), each by the seat to act."""
    for card in cards.split():
        seat = game.to_act
        assert seat is not None
        game.apply(seat, PLAY[card])


def run_deal(
    deck: str, calls: list[tuple[int, Action]], cards: str, options: dict[str, Any] | None = None
) -> Coinche:
    game = Coinche(options=options, dealer=3)
    game.deal(deck.split())
    for seat, action in calls:
        game.apply(seat, action)
    play_out(game, cards)
    return game


# Whole deals found by random play (seat 0 and 2 are team A; dealer 3, so seat 0 bids first).
C1_DECK = "7S AC 9H QC KH AS QH AD JH TH JS 7D 8D 9S 7H 8H TD AH TS KC KS QS TC JD 9D KD 9C QD 8C JC 8S 7C"
C1_PLAY = "9H KH JH TH QH 8S QS 7H AH KC TC 8H QD 7D 8D JD AD JS 7S 9D 8C JC AC QC KS AS TD TS KD 9C 7C 9S"
C2_DECK = "7H KC 8S 9H 9C QC 7C 8H KH TH KD AC TS KS 7S 9S QD AS JS JC AD TD QS AH 8D TC JD 7D QH 9D 8C JH"
C2_PLAY = "KS 9S AS JS JC KC TC 7C 9C KH 8C 8S QS 7S QH TH 7H 9H 8H JH AC TS QC QD TD 8D 7D KD AD AH JD 9D"
C3_DECK = "QD KC AH JC 8H JD AD TD 9S 9H 7H TS QS 8D QH 9C KD 7D JH KH 7C 8C TH JS 7S QC 8S AC KS TC 9D AS"
C3_PLAY = "8D JD KD 9D AD TC QD 9C QC AC AS 8C TD TS QS JC 8H 8S JH TH 7C JS 7D 7H KC QH 9S 9H AH 7S KS KH"
C6_DECK = "7S TH QS QD 7H 7C KH AD 9C JH KD TC 7D TS AS 8S 9H JS 8C KC KS AH 9D QC QH AC TD JC 9S 8H JD 8D"
C6_PLAY = "TH 7H 9H JH TC 7D AC 9C AD JD 9D QD KD QS 8S TD KH 8H AH QH 7S AS 9S 8D JS KC KS QC JC 8C TS 7C"
C7_DECK = "TS AS QC JD TD QS 7S 9H KH 9C 8D QD TC AD 9S KD JS 8C KS 9D TH KC 8H JH AH 7D 7H 8S QH JC AC 7C"
C7_PLAY = "8H AH KH 9D KD 7H QD AD AS QS 8S KS TC TD 8C AC 7C KC 9S QH QC 7D 7S 9C TH JH 9H 8D TS JD JS JC"
C4_DECK = "9S QH AD TD QS 7D AC JH JC 8H 9C KS KC QC TH 9H KD QD JS 8D AH 7C 9D KH 8C 7S TC JD 8S AS TS 7H"
C4_PLAY = "AD TD JD 8D JH 8H QH 9H QC 8C TC 9C KD AS 9D 7D AH KH 8S 7H 9S QS QD JS AC TS KC TH JC KS 7C 7S"
C5_DECK = "QS AC TC 7S KC 8H KD 7C AH TH 8C QD AD 7D AS TD KH 9S TS QC 7H QH JD JS 9C JC KS JH 9H 8S 9D 8D"
C5_PLAY = "TC JC 7C 8C QH 8H JH TH 9H 8D 7H JS KD 9D AD TD AC KC KS QC QS 7S 9S 8S JD AS AH QD KH TS 7D 9C"
THREE_PASSES = [(1, PASS), (2, PASS), (3, PASS)]
C2_CALLS = [(0, bid(120, "S")), (1, COINCHE), (2, PASS), (0, PASS)]


def only_deal(game: Coinche) -> dict[str, Any]:
    assert len(game.deal_results) == 1
    return game.deal_results[0]


# ------------------------------------------------------------------------------ §3.9 whole deals
def test_c1_plain_success_whole_deal() -> None:
    game = run_deal(C1_DECK, [(0, bid(110, "H")), *THREE_PASSES], C1_PLAY)
    assert only_deal(game)["trick_points"] == [113, 49]
    assert only_deal(game)["scores"] == [220, 50]
    assert game.totals == [220, 50]


def test_c2_failed_coinched_contract_whole_deal() -> None:
    game = run_deal(C2_DECK, C2_CALLS, C2_PLAY)
    assert game.belote_points == [20, 0]
    assert only_deal(game)["trick_points"] == [95, 67]
    assert only_deal(game)["scores"] == [40, 560]
    game = run_deal(C2_DECK, C2_CALLS, C2_PLAY, {"multiply_belote": False})
    assert only_deal(game)["scores"] == [20, 560]


def test_c3_eighty_needs_82_whole_deal() -> None:
    game = run_deal(C3_DECK, [(0, bid(80, "C")), *THREE_PASSES], C3_PLAY)
    assert only_deal(game)["trick_points"] == [81, 81]
    assert only_deal(game)["scores"] == [0, 240]
    game = run_deal(
        C3_DECK, [(0, bid(80, "C")), *THREE_PASSES], C3_PLAY, {"eighty_needs_82": False}
    )
    assert only_deal(game)["scores"] == [160, 80]


def test_c4_capot_bid_and_made_whole_deal() -> None:
    game = run_deal(C4_DECK, [(0, bid("capot", "D"))], C4_PLAY)
    assert game.meld_points() == [20, 0] and game.belote_points == [20, 0]
    assert only_deal(game)["trick_points"] == [162, 0]
    assert only_deal(game)["scores"] == [540, 0]


def test_c5_capot_not_bid_whole_deal() -> None:
    calls = [(0, bid(100, "H")), *THREE_PASSES]
    game = run_deal(C5_DECK, calls, C5_PLAY)
    assert only_deal(game)["trick_points"] == [162, 0]
    assert only_deal(game)["scores"] == [510, 0]
    game = run_deal(C5_DECK, calls, C5_PLAY, {"scoring_method": "belote_plus_bonus"})
    # The Belote capot rule: 252 card points, plus the bonus of 100.
    assert only_deal(game)["trick_points"] == [252, 0]
    assert only_deal(game)["scores"] == [350, 0]


def test_c6_ta_surcoinched_whole_deal() -> None:
    game = run_deal(C6_DECK, [(0, bid(90, "AT")), (1, COINCHE), (2, SURCOINCHE)], C6_PLAY)
    assert game.multiplier == 4
    assert only_deal(game)["trick_points"] == [104, 58]
    assert only_deal(game)["scores"] == [860, 230]


def test_c7_sa_raw_scale_whole_deal() -> None:
    calls = [(0, bid(80, "NT")), *THREE_PASSES]
    game = run_deal(C7_DECK, calls, C7_PLAY, {"sa_ta_scale": "raw"})
    assert only_deal(game)["trick_points"] == [84, 46]
    assert only_deal(game)["scores"] == [160, 50]


def test_c8_proportional_whole_deal() -> None:
    calls = [(0, bid(80, "NT")), *THREE_PASSES]
    game = run_deal(C7_DECK, calls, C7_PLAY, {"sa_ta_scale": "proportional"})
    # trick_points are reported before conversion (§10 item 13).
    assert only_deal(game)["trick_points"] == [84, 46]
    assert only_deal(game)["scores"] == [190, 60]


def test_c9_bonus_only_whole_deal() -> None:
    game = run_deal(C2_DECK, C2_CALLS, C2_PLAY, {"scoring_method": "bonus_only"})
    assert only_deal(game)["scores"] == [0, 240]
    assert game.options["target_score"] == 1000


# ------------------------------------------------------------------ §3.9 scoring from quantities
DEFAULTS: dict[str, Any] = dict(Coinche().options)


def score(
    level: int,
    cp: list[int],
    melds: tuple[int, int] = (0, 0),
    belote: tuple[int, int] = (0, 0),
    m: int = 1,
    tricks: tuple[int, int] = (4, 4),
    declarer_tricks: int = 2,
    **options: Any,
) -> list[int]:
    opts = {**DEFAULTS, **options}
    result = score_coinche_hand(
        0, level, m, cp, list(melds), list(belote), list(tricks), declarer_tricks, opts
    )
    return list(result["scores"])


def test_c1_scoring() -> None:
    assert score(110, [113, 49]) == [220, 50]


def test_c2_scoring() -> None:
    assert score(120, [95, 67], belote=(20, 0), m=2) == [40, 560]
    assert score(120, [95, 67], belote=(20, 0), m=2, multiply_belote=False) == [20, 560]


def test_c3_scoring() -> None:
    assert score(80, [81, 81]) == [0, 240]


def test_c4_capot_bid_made() -> None:
    assert score(170, [162, 0], melds=(20, 0), belote=(20, 0), tricks=(8, 0)) == [540, 0]


def test_c5_capot_not_bid() -> None:
    assert score(100, [162, 0], tricks=(8, 0)) == [510, 0]
    assert score(100, [162, 0], tricks=(8, 0), unbid_capot="replaces_cards") == [350, 0]
    assert score(100, [162, 0], tricks=(8, 0), unbid_capot="none") == [260, 0]


def test_c6_scoring() -> None:
    assert score(90, [104, 58], belote=(20, 0), m=4) == [860, 230]


def test_c7_c8_scoring() -> None:
    assert score(80, [84, 46]) == [160, 50]
    assert score(80, [105, 57]) == [190, 60]


def test_c9_scoring() -> None:
    assert score(120, [95, 67], belote=(20, 0), m=2, scoring_method="bonus_only") == [0, 240]


def test_failed_contract_melds_options() -> None:
    # Team A (declarer) fails 120 with 50 cards + a 50 meld; B has a 20 meld and belote.
    def failed(**options: Any) -> list[int]:
        return score(120, [50, 112], melds=(50, 20), belote=(0, 20), **options)

    assert failed() == [0, 160 + 120 + 20 + 20]
    assert failed(failed_contract_melds="all_to_defenders") == [0, 370]
    assert failed(failed_contract_melds="none") == [0, 300]


def test_success_needs_more_and_basis() -> None:
    assert score(80, [82, 80], melds=(0, 20)) == [160, 100]
    assert score(80, [82, 80], melds=(0, 20), success_needs_more=True) == [0, 260]
    assert score(100, [90, 72], belote=(20, 0)) == [210, 70]
    assert score(100, [90, 72], belote=(20, 0), contract_basis="cards") == [20, 260]


def test_belote_plus_bonus() -> None:
    method: dict[str, Any] = {"scoring_method": "belote_plus_bonus", "rounding": "none"}
    assert score(110, [113, 49], **method) == [223, 49]
    # Coinched success: the losing side's record (but its belote) moves to the winners.
    assert score(110, [113, 49], belote=(0, 20), m=2, **method) == [113 + 220 + 49, 20]
    # Failure: Belote-style dedans plus the bonus to the defenders.
    assert score(120, [95, 67], belote=(20, 0), **method) == [20, 162 + 120]
    # Failed capot: 250 + 250 × m plus the defenders' belote.
    assert score(170, [100, 62], belote=(0, 20), m=2, tricks=(6, 2), **method) == [0, 770]
    # Failed générale (§10 item 9): 250 + generale_value × m.
    assert score(180, [152, 10], tricks=(7, 1), **method) == [0, 1250]


def test_generale_needs_the_bidder_alone() -> None:
    assert score(180, [162, 0], tricks=(8, 0), declarer_tricks=8) == [1000, 0]
    assert score(180, [162, 0], tricks=(8, 0), declarer_tricks=6) == [0, 1000]
    assert score(180, [162, 0], tricks=(8, 0), declarer_tricks=8, generale_value=350) == [350, 0]


# -------------------------------------------------------------------------------- auction §3.2
def new_game(**options: Any) -> Coinche:
    game = Coinche(options=options, dealer=3)
    game.deal(list(FRENCH_32))
    return game


def test_deal_packets() -> None:
    game = new_game()
    # 3-2-3 from seat 0: seat 0 gets deck[0..2], deck[12..13], deck[20..22].
    assert game.view(0)["hand"] == ["7S", "8S", "9S", "JH", "QH", "JD", "QD", "KD"]
    game = new_game(deal_packets="2-3-3")
    assert game.view(0)["hand"] == ["7S", "8S", "7H", "8H", "9H", "JD", "QD", "KD"]


def test_bids_must_rise_and_options_gate_them() -> None:
    game = new_game()
    game.apply(0, bid(100, "H"))
    with pytest.raises(IllegalAction, match="bid must be higher than 100"):
        game.apply(1, bid(100, "S"))
    with pytest.raises(IllegalAction, match="generale bids are disabled"):
        game.apply(1, bid("generale", "S"))
    with pytest.raises(IllegalAction, match="it is seat 1's turn"):
        game.apply(2, bid(110, "S"))
    game = new_game(sa_ta_enabled=False)
    with pytest.raises(IllegalAction, match="SA/TA bids are disabled"):
        game.apply(0, bid(80, "NT"))
    assert all(a.trump not in ("NT", "AT") for a in game.legal_actions(0))


def test_partner_may_overbid_and_only_opponents_coinche() -> None:
    game = new_game()
    game.apply(0, bid(80, "H"))
    game.apply(1, PASS)
    assert COINCHE not in game.legal_actions(2)
    with pytest.raises(IllegalAction, match="opponents"):
        game.apply(2, COINCHE)
    game.apply(2, bid(90, "S"))  # over the partner [W24]
    game.apply(3, COINCHE)
    # After a coinche: no more bids; the bidding side from the coincher's right answers.
    assert game.to_act == 0
    assert game.legal_actions(0) == [PASS, SURCOINCHE]
    with pytest.raises(IllegalAction):
        game.apply(0, bid(100, "S"))
    game.apply(0, PASS)
    assert game.to_act == 2
    game.apply(2, PASS)
    assert game.phase == "play"
    assert game.view(None)["contract"] == {
        "trump": "S",
        "declarer": 2,
        "value": 90,
        "multiplier": 2,
    }
    assert game.to_act == 0  # p_0 leads whoever declared


def test_three_passes_end_and_four_pass_out() -> None:
    game = new_game()
    for seat in range(4):
        game.apply(seat, PASS)
    assert game.awaiting_deck and game.dealer == 0
    assert game.deal_results[-1] == {
        "dealer": 3,
        "complete": True,
        "trick_points": None,
        "scores": [0, 0],
    }
    game.deal(list(FRENCH_32))
    assert game.to_act == 1
    game.apply(1, PASS)
    game.apply(2, bid(80, "D"))
    for seat in (3, 0, 1):
        game.apply(seat, PASS)
    assert game.phase == "play" and game.multiplier == 1


def test_capot_ends_the_auction_unless_coinchable() -> None:
    game = new_game()
    game.apply(0, bid("capot", "H"))
    assert game.phase == "play"
    game = new_game(capot_coinchable=True)
    game.apply(0, bid(100, "S"))
    game.apply(1, bid("capot", "H"))
    assert game.to_act == 2
    assert game.legal_actions(2) == [PASS, COINCHE]
    with pytest.raises(IllegalAction, match="only coinche or pass"):
        game.apply(2, bid("generale", "H"))
    game.apply(2, PASS)
    assert game.to_act == 0
    game.apply(0, COINCHE)
    assert game.legal_actions(1) == [PASS, SURCOINCHE]
    game.apply(1, SURCOINCHE)
    assert game.phase == "play" and game.multiplier == 4


def test_generale_can_open_or_overbid_a_number() -> None:
    game = new_game(generale_enabled=True)
    game.apply(0, bid(160, "H"))
    game.apply(1, bid("generale", "C"))
    assert game.phase == "play" and game.declarer == 1


def test_surcoinche_without_coinche_is_illegal() -> None:
    game = new_game()
    game.apply(0, bid(80, "H"))
    with pytest.raises(IllegalAction, match="nothing to surcoinche"):
        game.apply(1, SURCOINCHE)
    with pytest.raises(IllegalAction, match="no card may be played"):
        game.apply(1, PLAY["7S"])


def test_illegal_actions_change_nothing() -> None:
    game = new_game()
    game.apply(0, bid(80, "H"))
    before = game.to_dict()
    for seat, action in [(1, bid(80, "S")), (2, PASS), (1, Action("take", trump="H"))]:
        with pytest.raises(IllegalAction):
            game.apply(seat, action)
        assert not game.is_legal(seat, action)
    assert game.to_dict() == before


# ------------------------------------------------------------------------------------- options
def test_target_score_follows_scoring_method() -> None:
    assert Coinche().options["target_score"] == 3000
    assert Coinche({"scoring_method": "belote_plus_bonus"}).options["target_score"] == 2000
    assert Coinche({"scoring_method": "bonus_only"}).options["target_score"] == 1000
    assert (
        Coinche({"scoring_method": "bonus_only", "target_score": 500}).options["target_score"]
        == 500
    )


@pytest.mark.parametrize(
    "options, key",
    [
        ({"la_vache": True}, "la_vache"),
        ({"belote_protected": False}, "belote_protected"),
        ({"capot_win_disallowed": True}, "capot_win_disallowed"),
        ({"rounding": "six_split"}, "rounding"),
        ({"target_score": 0}, "target_score"),
        ({"generale_value": 600}, "generale_value"),
        ({"deal_packets": "3-2"}, "deal_packets"),
        ({"sa_ta_enabled": 1}, "sa_ta_enabled"),
    ],
)
def test_bad_options_name_the_key(options: dict[str, Any], key: str) -> None:
    with pytest.raises(OptionError, match=key):
        Coinche(options)


def test_play_keys_are_accepted() -> None:
    game = Coinche(
        {
            "trump_lead_overtrump": "never",
            "must_undertrump": False,
            "partner_winning_trump": "free",
            "meld_card_reuse": True,
            "hundred_priority": "sequence",
            "meld_tie": "first_declarer",
            "sa_nine_carre": False,
            "belote_king_first": True,
            "melds_enabled": False,
        }
    )
    assert game.options["melds_enabled"] is False


# ------------------------------------------------------------------------------ views and end
def test_views_hide_other_hands() -> None:
    game = run_deal(C1_DECK, [(0, bid(110, "H")), *THREE_PASSES], C1_PLAY[:12])
    public = game.view(None)
    assert public["hand"] == []
    assert public["auction"][0] == {"type": "bid", "seat": 0, "value": 110, "trump": "H"}
    for seat in range(4):
        view = game.view(seat)
        others = {c for s in range(4) if s != seat for c in game.view(s)["hand"]}
        text = repr({k: v for k, v in view.items() if k != "hand"})
        assert not any(card in text for card in others)
        assert not others & set(view["hand"])


def test_game_ends_at_target_with_the_higher_total() -> None:
    game = Coinche({"target_score": 200}, dealer=3)
    game.deal(C1_DECK.split())
    for seat, action in [(0, bid(110, "H")), *THREE_PASSES]:
        game.apply(seat, action)
    play_out(game, C1_PLAY)
    assert game.over and game.winners == [0] and game.totals == [220, 50]
    assert game.view(None)["phase"] == "over"
    with pytest.raises(IllegalAction):
        game.deal(C1_DECK.split())


def test_snapshot_round_trip_mid_deal() -> None:
    game = run_deal(C2_DECK, C2_CALLS, C2_PLAY[:30])
    copy = Coinche.from_dict(game.to_dict())
    assert copy.to_dict() == game.to_dict()
    clone = game.clone()
    play_out(clone, C2_PLAY[30:])
    assert game.to_dict() == copy.to_dict()
    play_out(copy, C2_PLAY[30:])
    assert copy.to_dict() == clone.to_dict()

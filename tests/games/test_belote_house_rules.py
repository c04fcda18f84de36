"""The house rules other Belote engines play (issue 16): ``ta_belote``, ``success_basis =
cards_melds`` (Coinche: ``contract_basis``) and ``carre_values``, each on the issue's worked example,
through the engine and through a record's replay."""

from __future__ import annotations

import json
import subprocess
import sys
from typing import Any

import pytest

from games.actions import PASS, Action
from games.belote import Belote, score_belote_hand
from games.belote_melds import best_declaration
from games.belote_rules import MODE_OF_TRUMP, belote_holders, mask_of
from games.coinche import Coinche, score_coinche_hand
from games.options import OptionError
from games.records import MalformedRecord, loads, replay

# Dealer 3: seat 0 speaks first; everybody passes round 1, then seat 0 names the contract. Seat 0
# then holds K♥ Q♥ (and no other K+Q) in the TA deal, and the four jacks in the SA deal.
TA_TEXT = (
    "JS QH 7H KC AH 7C 8C QC TD 7D JD AC 8H 8S 7S 9D KD 8D JH AS JC QD KH QS TH 9H TC KS 9S 9C "
    "TS AD"
)
SA_TEXT = (
    "QS JC TH TC 8D QC 7H KS KH KD 7S AS 7C JH AC 9C 7D 9H 8C QD JS 9S JD 8H 8S 9D TS AH KC TD "
    "AD QH"
)
TA_DECK = TA_TEXT.split()
SA_DECK = SA_TEXT.split()


def play_deal(deck: list[str], trump: str, **options: Any) -> tuple[Belote, dict[str, Any]]:
    """Seat 0 names ``trump`` in round 2; then every seat plays its first legal card."""
    game = Belote(options={"round2_sa_ta": True, **options}, dealer=3)
    game.deal(deck)
    for seat in range(4):
        game.apply(seat, PASS)
    game.apply(0, Action("take", trump=trump))
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        game.apply(seat, game.legal_actions(seat)[0])
    result = [e for e in game.events if e["type"] == "deal_result"][-1]
    return game, result


def record(game: Belote) -> dict[str, Any]:
    return {
        "format": "atout-record/1",
        "game": "belote",
        "options": {k: v for k, v in game.options.items() if v != Belote(dealer=0).options[k]},
        "deals": game.log,
    }


# --------------------------------------------------------------------------------- ta_belote
def test_ta_belote_each_suit_counts_the_hearts_pair_and_none_does_not() -> None:
    counted, with_belote = play_deal(TA_DECK, "AT")
    plain, without = play_deal(TA_DECK, "AT", ta_belote="none")
    assert with_belote["belote"] == [20, 0] and without["belote"] == [0, 0]
    assert with_belote["trick_points"] == without["trick_points"] == [138, 120]
    assert with_belote["scores"] == [158, 120] and without["scores"] == [138, 120]
    assert [e["type"] for e in counted.events if "belote" in e["type"]] == [
        "belote",
        "rebelote",
    ]
    assert not [e for e in plain.events if e["type"] in ("belote", "rebelote")]


def test_ta_belote_none_keeps_the_trump_suit_belote() -> None:
    hands = [mask_of(["KH", "QH", "KS", "7C"]), mask_of(["QS", "8C"]), 0, 0]
    hearts, ta = MODE_OF_TRUMP["H"], MODE_OF_TRUMP["AT"]
    assert belote_holders(hands, hearts, False) == belote_holders(hands, hearts) == [-1, 0, -1, -1]
    assert belote_holders(hands, ta) == [-1, 0, -1, -1]
    assert belote_holders(hands, ta, False) == [-1, -1, -1, -1]


# ----------------------------------------------------------------------------- success_basis
def score(basis: str) -> dict[str, Any]:
    options = dict(Belote(dealer=0).options, success_basis=basis)
    return score_belote_hand(0, [67, 95], [20, 0], [20, 0], [4, 4], 0, options)


def test_cards_melds_leaves_the_belote_out_of_the_contract() -> None:
    # The example: 67 card points + 20 meld + 20 belote against 95.
    assert score("all")["outcome"] == "success" and score("all")["scores"] == [107, 95]
    failed = score("cards_melds")
    assert failed["outcome"] == "failure"
    # The belote stays with its holder (belote_protected); the rest goes to the defenders.
    assert failed["scores"] == [20, 162 + 20]
    # Melds do count: the same hand with 30 more card points is made.
    options = dict(Belote(dealer=0).options, success_basis="cards_melds")
    made = score_belote_hand(0, [97, 65], [20, 0], [20, 0], [4, 4], 0, options)
    assert made["outcome"] == "success" and made["scores"] == [137, 65]


def test_coinche_contract_basis_cards_melds() -> None:
    options = dict(Coinche(dealer=0).options)

    def made(cp: int, melds: int, belote: int, basis: str) -> bool:
        opts = dict(options, contract_basis=basis)
        args: dict[str, Any] = {"melds": [melds, 0], "belote": [belote, 0]}
        return bool(
            score_coinche_hand(
                0,
                90,
                1,
                [cp, 162 - cp],
                side_tricks=[4, 4],
                declarer_tricks=2,
                options=opts,
                **args,
            )["success"]
        )

    assert made(72, 0, 20, "all") and not made(72, 0, 20, "cards_melds")
    assert made(72, 20, 0, "cards_melds") and not made(72, 20, 0, "cards_belote")


# ------------------------------------------------------------------------------- carre_values
def test_four_jacks_in_sa_score_100_by_contract_and_200_fixed() -> None:
    _, by_contract = play_deal(SA_DECK, "NT")
    _, fixed = play_deal(SA_DECK, "NT", carre_values="fixed")
    assert by_contract["melds"] == [100, 0] and fixed["melds"] == [200, 0]
    assert by_contract["scores"] == [172, 58] and fixed["scores"] == [272, 58]


@pytest.mark.parametrize("nine", [True, False])
def test_fixed_carres_ignore_the_sa_column_and_sa_nine_carre(nine: bool) -> None:
    sa = MODE_OF_TRUMP["NT"]

    def points(cards: str, fixed: bool) -> int:
        decl = best_declaration(mask_of(cards.split()), sa, False, True, nine, fixed)
        return 0 if decl is None else int(decl["points"])

    assert points("9S 9H 9D 9C 7S 8H 7D 8C", True) == 150
    assert points("9S 9H 9D 9C 7S 8H 7D 8C", False) == (100 if nine else 0)
    assert points("AS AH AD AC 7S 8H 7D 8C", True) == 100
    assert points("AS AH AD AC 7S 8H 7D 8C", False) == 200
    assert points("TS TH TD TC 7S 8H 7D 8C", True) == 100
    # In a suit contract both settings are the same column.
    hearts = MODE_OF_TRUMP["H"]
    for cards in ("JS JH JD JC 7S 8H 7D 8C", "AS AH AD AC 7S 8H 7D 8C"):
        mask = mask_of(cards.split())
        assert best_declaration(mask, hearts, False, True, nine, True) == best_declaration(
            mask, hearts, False, True, nine, False
        )


# --------------------------------------------------------------------- options and records
def test_defaults_are_todays_rules() -> None:
    for cls in (Belote, Coinche):
        opts = cls(dealer=0).options
        assert opts["ta_belote"] == "each_suit" and opts["carre_values"] == "by_contract"
    assert Belote(dealer=0).options["success_basis"] == "all"
    assert Coinche(dealer=0).options["contract_basis"] == "all"


@pytest.mark.parametrize(
    ("game", "key", "value"),
    [
        ("belote", "ta_belote", "trump_only"),
        ("belote", "carre_values", "SA"),
        ("belote", "success_basis", "melds"),
        ("coinche", "contract_basis", "cards_melds_belote"),
        ("coinche", "ta_belote", True),
        ("coinche", "carre_values", 1),
    ],
)
def test_an_unknown_value_is_refused(game: str, key: str, value: Any) -> None:
    cls = Belote if game == "belote" else Coinche
    with pytest.raises(OptionError, match=key):
        cls(options={key: value}, dealer=0)
    text = json.dumps(
        {"format": "atout-record/1", "game": game, "options": {key: value}, "deals": []}
    )
    with pytest.raises(MalformedRecord, match=key):
        replay(loads(text)).replay_result()


@pytest.mark.parametrize(
    ("deck", "trump", "options"),
    [
        (TA_DECK, "AT", {"ta_belote": "none"}),
        (SA_DECK, "NT", {"carre_values": "fixed"}),
        (TA_DECK, "AT", {"success_basis": "cards_melds", "ta_belote": "none"}),
    ],
)
def test_a_record_with_the_options_replays(
    deck: list[str], trump: str, options: dict[str, Any]
) -> None:
    game, result = play_deal(deck, trump, **options)
    text = json.dumps(record(game))
    assert json.loads(text)["options"] == {"round2_sa_ta": True, **options}
    replayed = replay(loads(text)).replay_result()
    assert replayed["deals"][0]["scores"] == result["scores"]
    assert replayed["totals"] == game.totals


def test_the_command_line_refuses_an_unknown_value_with_exit_2() -> None:
    text = json.dumps(
        {"format": "atout-record/1", "game": "belote", "options": {"ta_belote": "x"}, "deals": []}
    )
    done = subprocess.run(
        [sys.executable, "-m", "games", "replay", "-"],
        input=text,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr.count("\n") == 1 and "ta_belote" in done.stderr

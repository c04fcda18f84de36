"""Independent audit of the Belote engine against docs/rules.md §2, §8, §10 items 1–4 and 11–13.

The property tests here check the engines against reference implementations written straight
from the specification text (the §2.5 pseudo-code, the §2.6 validity rules with a brute-force
search), for random hands under every combination of the play and meld options. The example
tests build decks so that each option's situation arises in a real deal.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.belote import Belote, score_belote_hand
from games.belote_melds import best_declaration, resolve_melds
from games.belote_play import BeloteFamily
from games.belote_rules import MODE_OF_TRUMP, cards_of, mask_of
from games.cards import FRENCH_32
from games.coinche import Coinche
from games.records import parse, replay
from tests.games.conftest import cards_among

# ------------------------------------------------------------------- reference §2.5 (strings)
TRUMP_ORDER = "J9ATKQ87"
PLAIN_ORDER = "ATKQJ987"


def strength(card: str, trump: str) -> int:
    """Rank strength within the card's suit under ``trump`` (a suit letter, NT or AT)."""
    trump_like = trump == "AT" or card[1] == trump
    order = TRUMP_ORDER if trump_like else PLAIN_ORDER
    return 8 - order.index(card[0])


def trick_winner(trick: list[tuple[int, str]], trump: str) -> tuple[int, str]:
    """§1.4 / §2.5 "Trick winner": the highest trump, else the highest card of the led suit."""
    led = trick[0][1][1]
    trumps = [(s, c) for s, c in trick if trump in "SHDC" and c[1] == trump]
    pool = trumps or [(s, c) for s, c in trick if c[1] == led]
    return max(pool, key=lambda sc: strength(sc[1], trump))


def reference_legal(
    hand: list[str], trick: list[tuple[int, str]], trump: str, me: int, opts: dict[str, Any]
) -> set[str]:
    """The pseudo-code of docs/rules.md §2.5, line by line."""
    if not trick:
        return set(hand)
    led = trick[0][1][1]
    follow = [c for c in hand if c[1] == led]
    win_seat, _ = trick_winner(trick, trump)
    partner_w = (win_seat - me) % 4 == 2
    if trump == "NT":
        return set(follow or hand)
    if trump == "AT" or led == trump:
        if not follow:
            return set(hand)
        rule = opts["trump_lead_overtrump"]
        if rule == "never" or (rule == "not_over_partner" and partner_w):
            return set(follow)
        best = max((c for _, c in trick if c[1] == led), key=lambda c: strength(c, trump))
        higher = [c for c in follow if strength(c, trump) > strength(best, trump)]
        return set(higher or follow)
    if follow:
        return set(follow)
    trumps = [c for c in hand if c[1] == trump]
    played = [c for _, c in trick if c[1] == trump]
    if played:
        top = max(played, key=lambda c: strength(c, trump))
        over = [c for c in trumps if strength(c, trump) > strength(top, trump)]
    else:
        over = trumps
    if partner_w:
        if opts["partner_winning_trump"] == "free":
            return set(hand)
        allowed = [c for c in hand if c[1] != trump] + over
        return set(allowed or hand)
    if not trumps:
        return set(hand)
    if over:
        return set(over)
    return set(trumps) if opts["must_undertrump"] else set(hand)


PLAY_KEYS: dict[str, tuple[Any, ...]] = {
    "trump_lead_overtrump": ("always", "never", "not_over_partner"),
    "must_undertrump": (True, False),
    "partner_winning_trump": ("overtrump_only", "free"),
}


def _current_trick(game: BeloteFamily) -> list[tuple[int, str]]:
    return [(s, c) for s, c in game.view(None)["trick"]]


@settings(max_examples=40, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    lead=st.sampled_from(PLAY_KEYS["trump_lead_overtrump"]),
    under=st.booleans(),
    partner=st.sampled_from(PLAY_KEYS["partner_winning_trump"]),
)
def test_legal_plays_match_the_section_2_5_pseudo_code(
    seed: int, lead: str, under: bool, partner: str
) -> None:
    """Every play decision of random Coinche and Belote deals, every contract kind."""
    opts = {
        "trump_lead_overtrump": lead,
        "must_undertrump": under,
        "partner_winning_trump": partner,
    }
    rng = random.Random(seed)
    for trump in ("S", "H", "D", "C", "NT", "AT"):
        game: BeloteFamily = Coinche(opts, dealer=rng.randrange(4))
        deck = list(FRENCH_32)
        rng.shuffle(deck)
        game.deal(deck)
        game.apply(game.to_act or 0, Action("bid", value=80, trump=trump))
        for _ in range(3):
            game.apply(game.to_act or 0, PASS)
        while game.phase == "play":
            seat = game.to_act
            assert seat is not None
            hand = game.view(seat)["hand"]
            trick = _current_trick(game)
            legal = {a.card for a in game.legal_actions(seat)}
            assert legal == reference_legal(hand, trick, trump, seat, opts), (trick, hand)
            for card in hand:
                assert game.is_legal(seat, PLAY[card]) == (card in legal)
            card = rng.choice(sorted(legal))
            before = len(game.events)
            game.apply(seat, PLAY[card])
            if len(trick) == 3:
                trick_event = next(e for e in game.events[before:] if e["type"] == "trick")
                winner, _ = trick_winner([*trick, (seat, card)], trump)
                assert trick_event["winner"] == winner


# ------------------------------------------------------------- reference §2.6 (brute force)
MELD_ORDER = "AKQJT987"  # §2.2 meld order, high to low


def carre_points(rank: str, trump: str, sa_nine: bool, fixed: bool = False) -> int:
    if trump == "NT" and not fixed:
        table = {"J": 100, "9": 100 if sa_nine else 0, "A": 200, "T": 150, "K": 100, "Q": 100}
    else:
        table = {"J": 200, "9": 150, "A": 100, "T": 100, "K": 100, "Q": 100}
    return table.get(rank, 0)


def candidate_melds(
    hand: list[str], trump: str, sa_nine: bool, carre_first: bool, fixed: bool = False
) -> list[tuple[frozenset[str], int, tuple[int, int, int, int], tuple[str, int, int]]]:
    """Every meld the hand holds: (cards, points, key, (suit, low, high) or ("", 0, 0))."""
    out: list[Any] = []
    kind_carre = 1 if carre_first else 0
    for rank in "J9ATKQ":
        cards = frozenset(rank + s for s in "SHDC")
        points = carre_points(rank, trump, sa_nine, fixed)
        if cards <= set(hand) and points:
            key = (points, kind_carre, 8 - TRUMP_ORDER.index(rank), 0)
            out.append((cards, points, key, ("", 0, 0)))
    for suit in "SHDC":
        held = [i for i, r in enumerate(reversed(MELD_ORDER)) if r + suit in hand]
        for low in range(8):
            for high in range(low + 2, 8):
                if all(i in held for i in range(low, high + 1)):
                    n = high - low + 1
                    points = 20 if n == 3 else 50 if n == 4 else 100
                    cards = frozenset(MELD_ORDER[7 - i] + suit for i in range(low, high + 1))
                    flag = 1 if suit == trump else 0
                    key = (points, 1 - kind_carre, high, flag)
                    out.append((cards, points, key, (suit, low, high)))
    return out


def reference_declaration(
    hand: list[str],
    trump: str,
    reuse: bool,
    carre_first: bool,
    sa_nine: bool,
    fixed: bool = False,
) -> tuple[int, tuple[int, int, int, int]] | None:
    """The best valid declaration's (total, best key), trying every valid set of melds (§2.6,
    §10 item 11: reuse lets only a carré share a card with a sequence; sequences of one suit
    may never touch or overlap)."""
    melds = candidate_melds(hand, trump, sa_nine, carre_first, fixed)

    def compatible(a: Any, b: Any) -> bool:
        seq_a, seq_b = a[3][0] != "", b[3][0] != ""
        if seq_a and seq_b and a[3][0] == b[3][0]:
            return a[3][2] + 1 < b[3][1] or b[3][2] + 1 < a[3][1]
        return not (a[0] & b[0]) or (reuse and seq_a != seq_b)

    best: tuple[int, tuple[int, int, int, int]] | None = None

    def search(start: int, chosen: list[Any]) -> None:
        nonlocal best
        if chosen:
            total = sum(m[1] for m in chosen)
            top = max(m[2] for m in chosen)
            if best is None or (total, top) > best:
                best = (total, top)
        for i in range(start, len(melds)):
            if all(compatible(melds[i], m) for m in chosen):
                search(i + 1, [*chosen, melds[i]])

    search(0, [])
    return best


@settings(max_examples=400, deadline=None)
@given(
    seed=st.integers(0, 2**32),
    trump=st.sampled_from(["S", "H", "NT", "AT"]),
    reuse=st.booleans(),
    carre_first=st.booleans(),
    sa_nine=st.booleans(),
)
def test_declarations_match_a_brute_force_search(
    seed: int, trump: str, reuse: bool, carre_first: bool, sa_nine: bool
) -> None:
    rng = random.Random(seed)
    # Hands rich in melds: a carré or two plus cards drawn from few suits.
    ranks = rng.sample("J9ATKQ", rng.choice((0, 1, 2)))
    hand = [r + s for r in ranks for s in "SHDC"]
    suits = rng.sample("SHDC", 2)
    pool = [c for c in FRENCH_32 if c[1] in suits and c not in hand]
    hand += rng.sample(pool, 8 - len(hand))
    decl = best_declaration(mask_of(hand), MODE_OF_TRUMP[trump], reuse, carre_first, sa_nine)
    expected = reference_declaration(hand, trump, reuse, carre_first, sa_nine)
    if expected is None:
        assert decl is None, hand
    else:
        assert decl is not None, hand
        assert (decl["points"], tuple(decl["key"])) == expected, hand


def cards_mask(cards: str) -> int:
    return mask_of(cards.split())


def test_runs_of_six_to_eight_are_one_meld_d30() -> None:
    for n in (6, 7, 8):
        hand = [r + "H" for r in "789TJQKA"[:n]] + ["7S", "9S", "JC"][: 8 - n]
        decl = best_declaration(mask_of(hand), MODE_OF_TRUMP["S"], False, True, True)
        assert decl is not None
        assert [(m["kind"], m["points"], len(m["cards"])) for m in decl["melds"]] == [
            ("quinte", 100, n)
        ]


def test_reuse_in_an_eight_card_hand_item_11() -> None:
    # Carré of jacks; T-J-Q of hearts needs the jack of hearts.
    hand = cards_mask("JS JH JD JC TH QH 7S 8D")
    plain = best_declaration(hand, MODE_OF_TRUMP["C"], False, True, True)
    shared = best_declaration(hand, MODE_OF_TRUMP["C"], True, True, True)
    assert plain is not None and plain["points"] == 200
    assert shared is not None and shared["points"] == 220


def test_carre_of_nines_beats_carre_of_kings_in_sa_only_when_it_counts() -> None:
    nines = cards_mask("9S 9H 9D 9C 7S 8H 7D 8C")
    kings = cards_mask("KS KH KD KC 7H 8S TD TC")
    for sa_nine, side in ((True, 0), (False, 1)):
        a = best_declaration(nines, MODE_OF_TRUMP["NT"], False, True, sa_nine)
        b = best_declaration(kings, MODE_OF_TRUMP["NT"], False, True, sa_nine)
        assert resolve_melds([a, b, None, None], [0, 1, 2, 3], False) == side


def test_ta_carres_use_suit_values_and_sequences_never_carry_the_trump_flag() -> None:
    ta = MODE_OF_TRUMP["AT"]
    decl = best_declaration(cards_mask("9S 9H 9D 9C 7S 8H 7D 8C"), ta, False, True, True)
    assert decl is not None and decl["points"] == 150  # D31
    a = best_declaration(cards_mask("7H 8H 9H AS KD 7C TS JD"), ta, False, True, True)
    b = best_declaration(cards_mask("7S 8S 9S AH KC 7D TH JC"), ta, False, True, True)
    assert resolve_melds([a, b, None, None], [0, 1, 2, 3], False) is None
    assert resolve_melds([a, b, None, None], [1, 2, 3, 0], True) == 1


# --------------------------------------------------------------------------- deck building
def belote_deck(
    hands: dict[int, str], taker: int, turn_up: str, dealer: int = 3, packets: str = "3-2"
) -> list[str]:
    """The deck that gives each seat ``hands[seat]`` (8 cards; the taker's includes
    ``turn_up``) when ``taker`` takes (docs/rules.md §2.3)."""
    order = [(dealer + 1 + k) % 4 for k in range(4)]
    cards = {s: [c for c in hands[s].split() if c != turn_up] for s in order}
    assert sorted(c for h in hands.values() for c in h.split()) == sorted(FRENCH_32)
    sizes = [3, 2] if packets == "3-2" else [2, 3]
    deck: list[str] = []
    start = 0
    for size in sizes:
        for s in order:
            deck += cards[s][start : start + size]
        start += size
    deck.append(turn_up)
    for s in order:
        deck += cards[s][5:]
    assert sorted(deck) == sorted(FRENCH_32)
    return deck


def play_with(game: BeloteFamily, plans: dict[int, str]) -> None:
    """Play the deal out: each seat plays the first legal card of its plan, else its first
    legal card."""
    while game.phase == "play":
        seat = game.to_act
        assert seat is not None
        legal = [a.card for a in game.legal_actions(seat)]
        card = next((c for c in plans.get(seat, "").split() if c in legal), legal[0])
        game.apply(seat, PLAY[card])


# Team A (seats 0, 2; dealer 3) wins all eight tricks at spades: seat 0 leads J 9 A T of
# trumps, which draws the partner's four (seats 1 and 3 have none), then aces and tens. A's
# only meld is J-T-9 of trumps; seats 1 and 3 each hold two tierces (K-Q-J and 9-8-7; the tens
# are seat 0's), and K-Q-J beats J-T-9 on its top card: B wins the melds, 80.
# Seat 2 holds K+Q of spades: belote for A.
CAPOT_HANDS = {
    0: "JS 9S AS TS AH TH AD TD",
    1: "KH QH JH 9H 8H 7H 7C 8C",
    2: "KS QS 8S 7S AC QC JC 9C",
    3: "KD QD JD 9D 8D 7D KC TC",
}
CAPOT_PLAN = {0: "JS 9S AS TS AH TH AD TD", 2: "KS QS 8S 7S 9C JC QC AC"}


def capot_deal(game: Belote) -> None:
    """Deal and play the capot above; with dealer 1 the seats turn by two (teams unchanged)."""
    turn = (game.dealer - 3) % 4
    assert turn in (0, 2)
    hands = {(s + turn) % 4: h for s, h in CAPOT_HANDS.items()}
    plans = {(s + turn) % 4: p for s, p in CAPOT_PLAN.items()}
    game.deal(belote_deck(hands, turn, "JS", dealer=game.dealer))
    while game.to_act != turn:
        game.apply(game.to_act or 0, PASS)
    game.apply(turn, Action("take", trump="S"))
    play_with(game, plans)
    assert game.side_tricks() == [8, 0]


def test_capot_deal_and_capot_takes_melds_item_2() -> None:
    game = Belote(dealer=3)
    capot_deal(game)
    assert game.meld_points() == [0, 80]
    result = game.deal_results[-1]
    assert result["trick_points"] == [252, 0]
    assert result["scores"] == [252 + 20, 80]
    game = Belote({"capot_takes_melds": True}, dealer=3)
    capot_deal(game)
    assert game.deal_results[-1]["scores"] == [252 + 20 + 80, 0]
    # A team that won no trick but also no melds changes nothing.
    plain = score_belote_hand(0, [252, 0], [50, 0], [0, 0], [8, 0], 0, dict(Belote().options))
    assert plain["scores"] == [302, 0]


def test_capot_win_disallowed_item_4() -> None:
    game = Belote({"capot_win_disallowed": True, "target_score": 200}, dealer=3)
    capot_deal(game)
    # A went from 0 to 272 through a capot hand: the win does not count.
    assert not game.over and game.totals == [272, 80]
    game.deal(list(FRENCH_32))
    for _ in range(8):
        game.apply(game.to_act or 0, PASS)
    assert not game.over and game.dealer == 1  # a passed-out deal checks nothing
    # The same capot again: A was over the target before this hand, so it counts.
    capot_deal(game)
    assert game.over and game.winners == [0] and game.totals == [544, 160]
    game = Belote({"target_score": 200}, dealer=3)
    capot_deal(game)
    assert game.over and game.winners == [0]


def test_equal_totals_over_the_target_play_another_hand() -> None:
    game = Belote({"target_score": 200}, dealer=3)
    game.totals = [0, 192]
    capot_deal(game)
    assert game.totals == [272, 272] and not game.over and game.awaiting_deck
    game.deal(list(FRENCH_32))
    for _ in range(8):
        game.apply(game.to_act or 0, PASS)
    capot_deal(game)
    assert game.over and game.winners == [0] and game.totals == [544, 352]


def test_capot_by_the_defenders_is_a_failure_whatever_the_melds_item_1() -> None:
    result = score_belote_hand(1, [252, 0], [0, 300], [0, 0], [8, 0], 0, dict(Belote().options))
    assert result["outcome"] == "failure" and result["scores"] == [252 + 300, 0]


# ----------------------------------------------------------------------------- taking §2.4
def fresh(dealer: int = 3, **options: Any) -> Belote:
    game = Belote(options, dealer=dealer)
    game.deal(list(FRENCH_32))  # turn-up deck[20] = JD
    return game


def test_round_one_never_takes_another_trump_even_with_round2_sa_ta() -> None:
    game = fresh(round2_sa_ta=True)
    for trump in ("NT", "AT", "S", "H", "C"):
        assert not game.is_legal(0, Action("take", trump=trump))
    assert game.legal_actions(0) == [PASS, Action("take", trump="D")]


def test_round_two_bans_the_turned_up_suit_and_offers_sa_ta_only_when_enabled() -> None:
    for sa_ta in (False, True):
        game = fresh(round2_sa_ta=sa_ta)
        for seat in range(4):
            game.apply(seat, PASS)
        names = {a.trump for a in game.legal_actions(0) if a.type == "take"}
        assert names == ({"S", "H", "C", "NT", "AT"} if sa_ta else {"S", "H", "C"})
        with pytest.raises(IllegalAction, match="refused in round 1"):
            game.apply(0, Action("take", trump="D"))
    game.apply(0, Action("take", trump="NT"))
    assert game.view(None)["trump"] == "NT" and game.to_act == 0
    assert "JD" in game.view(0)["hand"]  # the taker still gets the turned-up card
    assert game.belote_holders == [-1, -1, -1, -1]  # no belote in SA


@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
def test_la_vache_binds_the_dealer_in_round_two_only(dealer: int) -> None:
    game = fresh(dealer=dealer, la_vache=True)
    for _ in range(4):  # round 1: the dealer may pass
        assert PASS in game.legal_actions(game.to_act or 0)
        game.apply(game.to_act or 0, PASS)
    for _ in range(3):
        seat = game.to_act
        assert seat is not None and seat != dealer and PASS in game.legal_actions(seat)
        game.apply(seat, PASS)
    assert game.to_act == dealer
    assert game.legal_actions(dealer) == [Action("take", trump=t) for t in "SHC"]
    assert not game.is_legal(dealer, PASS)
    game.apply(dealer, Action("take", trump="C"))
    assert game.view(None)["contract"]["taker"] == dealer


def test_without_la_vache_the_dealer_may_pass_everything_out() -> None:
    game = fresh()
    for _ in range(8):
        game.apply(game.to_act or 0, PASS)
    assert game.awaiting_deck and game.deal_results[-1]["trick_points"] is None


def test_same_dealer_redeals_and_records_replay_item_3() -> None:
    game = Belote({"redeal_by": "same_dealer"}, dealer=2)
    game.deal(list(FRENCH_32))
    for _ in range(8):
        game.apply(game.to_act or 0, PASS)
    assert game.dealer == 2
    game.deal(list(reversed(FRENCH_32)))
    assert game.to_act == 3  # p_0 of the same dealer
    record = game.to_record()
    assert [d["dealer"] for d in record["deals"]] == [2, 2]
    assert replay(parse(record)).replay_result() == game.replay_result()
    # The same record under next_dealer names the wrong dealer for deal 1.
    record["options"]["redeal_by"] = "next_dealer"
    with pytest.raises(ValueError, match="dealer"):
        replay(parse(record))


# ------------------------------------------------------------------------- litige (§2.8.4)
DEFAULTS: dict[str, Any] = dict(Belote().options)


def hand(
    d: int, cp: list[int], reserve: int = 0, melds: tuple[int, int] = (0, 0), **opts: Any
) -> dict[str, Any]:
    belote = list(opts.pop("belote", (0, 0)))
    tricks = list(opts.pop("tricks", (4, 4)))
    return score_belote_hand(d, cp, list(melds), belote, tricks, reserve, {**DEFAULTS, **opts})


def test_litige_reserves_add_up_and_go_to_the_next_winner() -> None:
    first = hand(0, [71, 91], belote=(20, 0))
    assert first["reserve"] == 71
    second = hand(1, [81, 81], reserve=first["reserve"])  # B takes, ties again
    assert second["outcome"] == "litige" and second["reserve"] == 71 + 81
    assert second["scores"] == [81, 0]
    # B takes again and fails: A (the winners of the hand) gets the whole reserve.
    third = hand(1, [100, 62], reserve=second["reserve"])
    assert third["outcome"] == "failure" and third["scores"] == [162 + 152, 0]
    assert third["reserve"] == 0
    unprotected = hand(0, [71, 91], belote=(20, 0), belote_protected=False)
    assert unprotected["scores"] == [0, 91] and unprotected["reserve"] == 91


def test_rounding_includes_the_reserve_item_3() -> None:
    result = hand(0, [76, 86 - 20], reserve=10, rounding="six_split")
    assert result["scores"] == [90, 60]  # 86 (higher, 6 up) and 66 (lower, 6 down)
    assert hand(0, [86, 76], reserve=5, rounding="half_down")["scores"] == [90, 80]
    assert hand(0, [84, 78], reserve=1, rounding="half_down")["scores"] == [80, 80]
    # Equal hand scores with a 6: both down (cards-only success test, equal totals).
    higher = hand(0, [96, 66], melds=(0, 20), success_basis="cards", rounding="six_split")
    assert higher["scores"] == [100, 80]
    same = hand(0, [86, 66], melds=(0, 20), success_basis="cards", rounding="six_split")
    assert same["scores"] == [80, 80]


def test_success_basis_decides_with_melds_and_belote() -> None:
    # A: cards 75, belote 20; B: cards 87, tierce 20.  TOT 95 v 107.
    args: dict[str, Any] = {"melds": (0, 20), "belote": (20, 0)}
    assert hand(0, [75, 87], **args)["outcome"] == "failure"
    assert hand(0, [75, 87], **args, success_basis="cards_belote")["outcome"] == "success"
    assert hand(0, [75, 87], **args, success_basis="cards")["outcome"] == "failure"
    ok = hand(0, [75, 87], **args, success_basis="cards_belote")
    assert ok["scores"] == [95, 107]  # the records are still TOT


B3 = (
    "TS AS QC JD TD QS 7S 9H KH 9C 8D QD TC AD 9S KD JS 8C KS 9D TH KC 8H JH AH 7D 7H 8S "
    "QH JC AC 7C",
    "8H AH 9H 9C 8S KS TS QS AD KD QH 9D KH QD TH JH 7D 7H 8D AS 7S AC TC 9S JD JS 7C QC "
    "TD 8C JC KC",
)
B3_NEXT = (
    "8S 7D TS 8H AS JD TC 9C KS KD 9D 8C 7C TH TD KC QH AD 7S QC QD AH AC 9H KH QS 7H JH "
    "8D JS JC 9S",
    "7C KC TC JC 8D 9D QD JD TD AD KD 7D JH JS AH KH 8S AS KS 9S 9H QH QC TH AC 8H 9C 8C "
    "TS QS 7H 7S",
)


def test_reserve_survives_a_passed_out_deal() -> None:
    game = Belote({"redeal_by": "same_dealer"}, dealer=3)
    game.deal(B3[0].split())
    game.apply(0, Action("take", trump="H"))
    for card in B3[1].split():
        game.apply(game.to_act or 0, PLAY[card])
    assert game.reserve == 71 and game.dealer == 0
    game.deal(list(FRENCH_32))
    for _ in range(8):
        game.apply(game.to_act or 0, PASS)
    assert game.reserve == 71 and game.view(None)["reserve"] == 71 and game.dealer == 0
    game.deal(B3_NEXT[0].split())
    while game.to_act != 1:
        game.apply(game.to_act or 0, PASS)
    game.apply(1, Action("take", trump="D"))
    for card in B3_NEXT[1].split():
        game.apply(game.to_act or 0, PLAY[card])
    assert game.deal_results[-1]["scores"] == [52, 181] and game.reserve == 0


def test_reserve_is_discarded_when_the_game_ends_d29() -> None:
    game = Belote({"target_score": 50}, dealer=3)
    game.deal(B3[0].split())
    game.apply(0, Action("take", trump="H"))
    for card in B3[1].split():
        game.apply(game.to_act or 0, PLAY[card])
    assert game.over and game.winners == [1] and game.totals == [20, 91]
    assert game.reserve == 0 and game.view(None)["reserve"] == 0
    assert game.events[-1]["outcome"] == "litige" and game.events[-1]["reserve"] == 0


# ------------------------------------------------------------------------ belote (§2.7)
def test_belote_in_ta_counts_every_suit_up_to_four() -> None:
    # Seat 0 holds K+Q of spades and hearts, seat 1 of diamonds, seat 3 of clubs: 40 v 40.
    hands = {
        0: "KS QS KH QH 7D 8D 9D TD",
        1: "KD QD 7S 8S 9S TS JS AS",
        2: "7H 8H 9H TH JH AH JD AD",
        3: "KC QC 7C 8C 9C TC JC AC",
    }
    game = Belote({"round2_sa_ta": True}, dealer=3)
    game.deal(belote_deck(hands, 0, "TD"))
    for _ in range(4):
        game.apply(game.to_act or 0, PASS)
    game.apply(0, Action("take", trump="AT"))
    play_with(game, {})
    assert game.belote_points == [40, 40]
    rebelotes = [e["seat"] for e in game.events if e["type"] == "rebelote"]
    assert sorted(rebelotes) == [0, 0, 1, 3]
    assert game.deal_results[-1]["trick_points"][0] + game.deal_results[-1]["trick_points"][1] in (
        258,
        348,
    )


def test_belote_king_first_in_a_whole_belote_deal() -> None:
    hands = {
        0: "QS KS 7H 8H 7D 8D 7C 8C",
        1: "AS TS 9H TH 9D TD 9C TC",
        2: "JS 9S JH QH JD QD JC QC",
        3: "7S 8S KH AH KD AD KC AC",
    }
    for king_first, first, points in (
        (True, "QS KS", 0),
        (True, "KS QS", 20),
        (False, "QS KS", 20),
    ):
        game = Belote({"belote_king_first": king_first}, dealer=3)
        game.deal(belote_deck(hands, 0, "7H"))
        game.apply(0, PASS)
        game.apply(1, PASS)
        game.apply(2, PASS)
        game.apply(3, PASS)
        game.apply(0, Action("take", trump="S"))
        play_with(game, {0: first + " 7H 8H 7D 8D 7C 8C"})
        assert game.belote_points == [points, 0], (king_first, first)


# ------------------------------------------------------------------------------ views
FRENCH_32_SET = frozenset(FRENCH_32)


def cards_in(value: Any) -> set[str]:
    return cards_among(value, FRENCH_32_SET)


def visible_cards(game: BeloteFamily, seat: int | None) -> set[str]:
    """What ``seat`` may know: its hand, every card played, the turned-up card, the melds the
    winning side showed."""
    seen = set(cards_of(game.hands[seat])) if seat is not None else set()
    for deal_actions in game.log[-1:]:
        seen |= {a["card"] for a in deal_actions["actions"] if a["type"] == "play"}
    if isinstance(game, Belote) and game.turn_up is not None:
        seen.add(game.view(None)["turn_up"])
    for event in game.events:
        if event["type"] == "melds":
            for player in event["melds"]:
                for meld in player["melds"]:
                    seen |= set(meld["cards"])
    return seen


@settings(max_examples=16, deadline=None)
@given(seed=st.integers(0, 2**32), belote=st.booleans())
def test_views_show_only_visible_cards(seed: int, belote: bool) -> None:
    rng = random.Random(seed)
    cls: type[BeloteFamily] = Belote if belote else Coinche
    options = {"round2_sa_ta": True} if belote else {"capot_coinchable": True}
    game = cls(options, dealer=rng.randrange(4))
    for _ in range(3):
        deck = list(FRENCH_32)
        rng.shuffle(deck)
        game.deal(deck)
        while not game.awaiting_deck and not game.over:
            for viewer in (None, 0, 1, 2, 3):
                view = game.view(viewer)
                assert cards_in(view) <= visible_cards(game, viewer)
                if viewer is None:
                    assert view["hand"] == []
                else:
                    assert view["hand"] == cards_of(game.hands[viewer])
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            passes = [a for a in legal if a.type == "pass"]
            action = passes[0] if passes and rng.random() < 0.5 else rng.choice(legal)
            game.apply(seat, action)
        if game.over:
            break
        # Losing melds never show their cards; declare events carry no cards at all.
        for event in game.events:
            if event["type"] == "declare":
                assert cards_in(event) == set()
            if event["type"] == "melds" and event["side"] is not None:
                assert all(p["seat"] % 2 == event["side"] for p in event["melds"])
        assert game.events[-1]["type"] == "deal_result"


# ------------------------------------------------------------------------ events (narration)
def check_deal_events(game: BeloteFamily, events: list[dict[str, Any]]) -> None:
    """The public events of one played deal tell its story in order (§9 phase summaries)."""
    tricks = [i for i, e in enumerate(events) if e["type"] == "trick"]
    assert len(tricks) == 8
    leader = (game.log[-1]["dealer"] + 1) % 4  # p_0 leads trick 1 (§2.4)
    for i in tricks:
        cards = events[i]["cards"]
        assert [s for s, _ in cards] == [(leader + k) % 4 for k in range(4)]
        trump = game.view(None)["trump"]
        assert events[i]["winner"] == trick_winner([(s, c) for s, c in cards], trump)[0]
        leader = events[i]["winner"]
    first = tricks[0]
    declares = [e for e in events[:first] if e["type"] == "declare"]
    declaring = [s for s in range(4) if game.declarations[s] is not None]
    assert sorted(e["seat"] for e in declares) == declaring
    assert not any(e["type"] == "declare" for e in events[first:])
    melds = [e for e in events if e["type"] == "melds"]
    if declaring:
        assert events[first + 1]["type"] == "melds" and len(melds) == 1
        side = melds[0]["side"]
        assert melds[0]["points"] == (game.meld_points()[side] if side is not None else 0)
    else:
        assert melds == []
    check_melds_and_belote(game, events)
    said: dict[str, int] = {}
    credited = [0, 0]
    for e in events:
        if e["type"] == "belote":
            said[e["card"][1]] = e["seat"]
        elif e["type"] == "rebelote":
            assert said.pop(e["card"][1]) == e["seat"]
            credited[e["seat"] % 2] += e["points"]
    assert credited == game.belote_points
    result = events[-1]
    assert result["type"] == "deal_result"
    assert result["scores"] == game.deal_results[-1]["scores"]
    assert result["trick_points"] == game.deal_results[-1]["trick_points"]


def check_melds_and_belote(game: BeloteFamily, events: list[dict[str, Any]]) -> None:
    """Melds and belote recomputed from the hands, which the trick events reveal in full."""
    opts = game.options
    trump = game.view(None)["trump"]
    hands: dict[int, list[str]] = {s: [] for s in range(4)}
    played: list[str] = []
    for e in events:
        if e["type"] == "trick":
            for s, c in e["cards"]:
                hands[s].append(c)
                played.append(c)
    ta_suits = "SHDC" if opts["ta_belote"] == "each_suit" else ""
    suits = "" if trump == "NT" else ta_suits if trump == "AT" else trump
    belote = [0, 0]
    for suit in suits:
        king_first = played.index("K" + suit) < played.index("Q" + suit)
        for s in range(4):
            pair = "K" + suit in hands[s] and "Q" + suit in hands[s]
            if pair and (king_first or not opts["belote_king_first"]):
                belote[s % 2] += 20
    assert game.belote_points == belote
    if not opts["melds_enabled"]:
        assert not any(e["type"] in ("declare", "melds") for e in events)
        return
    refs = [
        reference_declaration(
            hands[s],
            trump,
            opts["meld_card_reuse"],
            opts["hundred_priority"] == "carre",
            opts["sa_nine_carre"],
            opts["carre_values"] == "fixed",
        )
        for s in range(4)
    ]
    declared = {
        e["seat"]: sum(m["points"] for m in e["melds"]) for e in events if e["type"] == "declare"
    }
    assert declared == {s: ref[0] for s, ref in enumerate(refs) if ref is not None}
    best: list[Any] = [None, None]
    for s, ref in enumerate(refs):
        if ref is not None and (best[s % 2] is None or ref[1] > best[s % 2]):
            best[s % 2] = ref[1]
    if best == [None, None]:
        return
    if best[0] is None or best[1] is None:
        side: int | None = 0 if best[1] is None else 1
    elif best[0] != best[1]:
        side = 0 if best[0] > best[1] else 1
    elif opts["meld_tie"] == "first_declarer":
        first = (game.log[-1]["dealer"] + 1) % 4
        order = [(first + k) % 4 for k in range(4)]
        side = next(s for s in order if refs[s] is not None and refs[s][1] == best[0]) % 2
    else:
        side = None
    melds = next(e for e in events if e["type"] == "melds")
    assert melds["side"] == side
    if side is not None:
        points = sum(ref[0] for s, ref in enumerate(refs) if ref is not None and s % 2 == side)
        assert melds["points"] == points


@settings(max_examples=100, deadline=None)
@given(seed=st.integers(0, 2**32), belote=st.booleans())
def test_events_tell_every_deal_in_order(seed: int, belote: bool) -> None:
    from tests.games.conftest import random_options

    rng = random.Random(seed)
    cls: type[BeloteFamily] = Belote if belote else Coinche
    game = cls(random_options(cls.NAME, rng), dealer=rng.randrange(4))
    total = [0, 0]
    for _ in range(6):
        if game.over:
            break
        deck = list(FRENCH_32)
        rng.shuffle(deck)
        game.deal(deck)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            passes = [a for a in legal if a.type == "pass"]
            game.apply(seat, passes[0] if passes and rng.random() < 0.6 else rng.choice(legal))
        scores = game.deal_results[-1]["scores"]
        total = [total[0] + scores[0], total[1] + scores[1]]
        assert game.totals == total
        if game.deal_results[-1]["trick_points"] is None:
            assert game.events[-1] == {"type": "deal_result", "seat": None, "passed_out": True}
        else:
            check_deal_events(game, game.events)


@pytest.mark.parametrize("packets", ["3-2", "2-3"])
@pytest.mark.parametrize("dealer", [0, 1, 2, 3])
@pytest.mark.parametrize("taker_k", [0, 1, 2, 3])
@pytest.mark.parametrize("round_two", [False, True])
def test_both_deals_follow_the_index_formula(
    packets: str, dealer: int, taker_k: int, round_two: bool
) -> None:
    deck = list(FRENCH_32)
    random.Random(dealer * 4 + taker_k).shuffle(deck)
    game = Belote({"first_deal_packets": packets}, dealer=dealer)
    game.deal(deck)
    a, b = (3, 2) if packets == "3-2" else (2, 3)
    first = {
        (dealer + 1 + k) % 4: deck[a * k : a * k + a] + deck[4 * a + b * k : 4 * a + b * k + b]
        for k in range(4)
    }
    for seat, cards in first.items():
        assert sorted(game.view(seat)["hand"]) == sorted(cards)
    taker = (dealer + 1 + taker_k) % 4
    if round_two:
        for _ in range(4):
            game.apply(game.to_act or 0, PASS)
    while game.to_act != taker:
        game.apply(game.to_act or 0, PASS)
    named = next(s for s in "SHDC" if s != deck[20][1]) if round_two else deck[20][1]
    game.apply(taker, Action("take", trump=named))
    assert game.view(None)["trump"] == named
    start = 21
    for k in range(4):
        seat = (dealer + 1 + k) % 4
        size = 2 if seat == taker else 3
        extra = deck[start : start + size] + ([deck[20]] if seat == taker else [])
        assert sorted(game.view(seat)["hand"]) == sorted(first[seat] + extra)
        start += size
    assert game.to_act == (dealer + 1) % 4


# ------------------------------------------------ §2.8 recomputed from the public events alone
PLAIN_POINTS = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}


def event_quantities(
    events: list[dict[str, Any]], trump: str, capot_hundred: bool, points: Any = None
) -> dict[str, Any]:
    """CP (with the last-trick bonus), M, BEL and tricks per side, read off the events."""
    cp, tricks, bel, melds = [0, 0], [0, 0], [0, 0], [0, 0]
    seat_tricks = [0, 0, 0, 0]
    for e in events:
        if e["type"] == "trick":
            side = e["winner"] % 2
            for _, card in e["cards"]:
                if points is not None:
                    cp[side] += points(card)
                elif trump == "AT" or card[1] == trump:
                    cp[side] += TRUMP_POINTS.get(card[0], 0)
                else:
                    cp[side] += PLAIN_POINTS.get(card[0], 0)
            tricks[side] += 1
            seat_tricks[e["winner"]] += 1
            last = side
        elif e["type"] == "rebelote":
            bel[e["seat"] % 2] += 20
        elif e["type"] == "melds" and e["side"] is not None:
            melds[e["side"]] = e["points"]
    capot = 8 in tricks
    cp[last] += 100 if capot and capot_hundred else 10
    return {"cp": cp, "tricks": tricks, "bel": bel, "m": melds, "seat_tricks": seat_tricks}


def round_belote(scores: list[int], rounding: str) -> list[int]:
    if rounding == "half_down":
        return [x - x % 10 + (10 if x % 10 >= 6 else 0) for x in scores]
    if rounding == "six_split":
        out = []
        for x, y in ((scores[0], scores[1]), (scores[1], scores[0])):
            unit = x % 10
            up = unit >= 7 or (unit == 6 and x > y)
            out.append(x - unit + (10 if up else 0))
        return out
    return list(scores)


def reference_belote_hand(
    q: dict[str, Any], d: int, trump: str, reserve: int, opts: dict[str, Any]
) -> tuple[list[int], int]:
    """§2.8 with §10 items 1–3: the records of the hand and the reserve after it."""
    o = 1 - d
    mult = {"NT": opts["sa_card_multiplier"], "AT": opts["ta_card_multiplier"]}.get(trump, 1)
    cp = [p * mult for p in q["cp"]]
    m, bel = list(q["m"]), q["bel"]
    tot = [cp[i] + m[i] + bel[i] for i in (0, 1)]
    test = {
        "all": tot,
        "cards_belote": [cp[i] + bel[i] for i in (0, 1)],
        "cards_melds": [cp[i] + m[i] for i in (0, 1)],
        "cards": cp,
    }[opts["success_basis"]]
    if q["tricks"][d] == 8 or (q["tricks"][o] != 8 and test[d] > test[o]):
        outcome = "success"
    elif q["tricks"][o] == 8 or test[d] < test[o]:
        outcome = "failure"
    else:
        outcome = "litige"
    if opts["capot_takes_melds"]:
        for side in (0, 1):
            if q["tricks"][side] == 0:
                m[1 - side] += m[side]
                m[side] = 0
        tot = [cp[i] + m[i] + bel[i] for i in (0, 1)]
    kept = bel[d] if opts["belote_protected"] else 0
    scores = [0, 0]
    if outcome == "success":
        scores[d], scores[o] = tot[d] + reserve, tot[o]
        reserve = 0
    elif outcome == "failure":
        scores[d] = kept
        scores[o] = sum(cp) + m[0] + m[1] + bel[o] + bel[d] - kept + reserve
        reserve = 0
    else:
        scores[d], scores[o] = kept, tot[o]
        reserve += tot[d] - kept
    return round_belote(scores, opts["rounding"]), reserve


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_belote_scores_recomputed_from_events(seed: int) -> None:
    from tests.games.conftest import random_options

    rng = random.Random(seed)
    options = random_options("belote", rng)
    options["target_score"] = rng.choice([300, 600, 1000])
    game = Belote(options, dealer=rng.randrange(4))
    opts = game.options
    reserve, totals = 0, [0, 0]
    while not game.over and len(game.deal_results) < 12:
        deck = list(FRENCH_32)
        rng.shuffle(deck)
        game.deal(deck)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            passes = [a for a in legal if a.type == "pass"]
            game.apply(seat, passes[0] if passes and rng.random() < 0.5 else rng.choice(legal))
        events = game.events
        take = next((e for e in events if e["type"] == "take"), None)
        if take is None:
            assert game.deal_results[-1]["scores"] == [0, 0] and game.reserve == reserve
            continue
        q = event_quantities(events, take["trump"], True)
        assert game.deal_results[-1]["trick_points"] == q["cp"]
        scores, reserve = reference_belote_hand(q, take["seat"] % 2, take["trump"], reserve, opts)
        assert game.deal_results[-1]["scores"] == scores, (q, take)
        before, totals = totals, [totals[0] + scores[0], totals[1] + scores[1]]
        assert game.totals == totals
        target = opts["target_score"]
        ends = max(totals) >= target and totals[0] != totals[1]
        winner = 0 if totals[0] > totals[1] else 1
        if ends and opts["capot_win_disallowed"] and 8 in q["tricks"]:
            ends = before[winner] >= target
        assert game.over == ends
        if ends:
            assert game.winners == [winner] and game.reserve == 0
        else:
            assert game.reserve == reserve

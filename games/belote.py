"""Belote, the classic four-player game with a turned-up card (docs/rules.md §2).

Phases: ``taking`` (two rounds of take/pass, §2.4) → ``play`` (8 tricks) → ``deal`` (waiting for
the next deck) or ``over``. Melds and belote are announced by the engine (events), never actions.

View keys besides the common ones:
- ``turn_up``: the turned-up card. It stays in the view after the taker picks it up: everyone saw
  which card it was, so it is public knowledge (it is also in the taker's ``hand``).
- ``taking_round``: 1 or 2 while taking, else ``None``.
- ``contract``: ``{"trump", "taker", "value": None, "multiplier": 1}`` once someone took.
- ``reserve``: the pending litige reserve (§2.8.4).

Events: ``pass`` / ``take`` (with ``round``), ``declare`` (a player's melds in trick 1: kinds and
points only), ``melds`` (after trick 1: the side that scores and its melds with their cards; the
losing side's melds stay hidden), ``belote`` / ``rebelote``, ``trick``, ``deal_result``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from games.actions import PASS, Action
from games.base import IllegalAction
from games.belote_play import PLAY_OPTIONS, BeloteFamily
from games.belote_rules import (
    CARD_CODES,
    CARD_INDEX,
    SA,
    TA,
    round_half_down,
    round_six_split,
)
from games.options import OptionSpec, boolean, choice, integer, on_command
from games.views import BeloteContract, BeloteOptions, BeloteView

TAKE: dict[str, Action] = {t: Action("take", trump=t) for t in ("S", "H", "D", "C", "NT", "AT")}


class Belote(BeloteFamily):
    NAME: ClassVar[str] = "belote"
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset({"pass", "take", "play"})
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (
        choice("first_deal_packets", "3-2", ("3-2", "2-3"), "packet sizes of the first 5 cards"),
        choice(
            "redeal_by",
            "next_dealer",
            ("next_dealer", "same_dealer"),
            "who deals after all pass twice",
        ),
        boolean("round2_sa_ta", False, "SA and TA may be named in round 2", command=3),
        boolean("la_vache", False, "the dealer must name in round 2 if everyone else passed"),
        *on_command(PLAY_OPTIONS, melds_enabled=2),
        boolean("belote_protected", True, "belote stays with its team on failure or tie"),
        choice(
            "success_basis",
            "all",
            ("all", "cards_belote", "cards", "cards_melds"),
            "what counts in the success test: everything, cards and belote, cards only, or cards"
            " and melds (the belote never decides a contract)",
        ),
        choice("sa_card_multiplier", 1, (1, 2), "SA card points doubled (130 → 260)"),
        choice("ta_card_multiplier", 1, (1, 2), "TA card points doubled"),
        boolean("capot_takes_melds", False, "a team with no trick gives its melds to the other"),
        choice(
            "rounding", "none", ("none", "half_down", "six_split"), "rounding of recorded scores"
        ),
        integer(
            "target_score",
            1000,
            help="game target",
            command=1,
            suggested=(100, 300, 500, 1000, 1500, 2000),
        ),
        boolean("capot_win_disallowed", False, "no winning through a capot hand"),
    )

    # ------------------------------------------------------------------------------ setup
    def _init_match(self) -> None:
        self.reserve: int = 0
        self.turn_up: int | None = None
        self.taking_round: int | None = None
        self.passes: int = 0
        self._init_play_options()

    def _start_deal(self, deck: list[str]) -> None:
        self._clear_deal()
        sizes = [3, 2] if self.options["first_deal_packets"] == "3-2" else [2, 3]
        self._deal_packets(deck, 0, sizes)
        self.turn_up = CARD_INDEX[deck[20]]
        self.taking_round = 1
        self.passes = 0
        self.phase = "taking"
        self.turn = (self.dealer + 1) & 3

    # ----------------------------------------------------------------------------- taking
    def _turn_up_suit(self) -> str:
        assert self.turn_up is not None
        return CARD_CODES[self.turn_up][1]

    def _round2_choices(self) -> list[str]:
        up = self._turn_up_suit()
        choices = [s for s in "SHDC" if s != up]
        if self.options["round2_sa_ta"]:
            choices += ["NT", "AT"]
        return choices

    def _vache(self, seat: int) -> bool:
        """La vache: in round 2 the dealer, last to speak after three passes, must name."""
        return self.taking_round == 2 and self.options["la_vache"] and seat == self.dealer

    def _bidding_actions(self, seat: int) -> list[Action]:
        if self.taking_round == 1:
            return [PASS, TAKE[self._turn_up_suit()]]
        takes = [TAKE[t] for t in self._round2_choices()]
        return takes if self._vache(seat) else [PASS, *takes]

    def _check_bidding(self, seat: int, action: Action) -> None:
        if action.type == "play":
            raise IllegalAction("nobody_took")
        self._check_turn(seat)
        if action.type == "pass":
            if self._vache(seat):
                raise IllegalAction("la_vache")
            return
        trump = action.trump
        up = self._turn_up_suit()
        if trump is None:
            raise IllegalAction("take_names_trump")
        if self.taking_round == 1:
            if trump != up:
                raise IllegalAction("round1_turn_up_only", suit=up)
            return
        if trump == up:
            raise IllegalAction("round2_other_suit", suit=up)
        if trump in ("NT", "AT") and not self.options["round2_sa_ta"]:
            raise IllegalAction("round2_no_sa_ta")
        if trump not in self._round2_choices():
            raise IllegalAction("not_a_trump", trump=trump)

    def _apply_bidding(self, seat: int, action: Action) -> None:
        rnd = self.taking_round
        if action.type == "pass":
            self.events.append({"type": "pass", "seat": seat, "round": rnd})
            self.passes += 1
            self.turn = (seat + 1) & 3
            if self.passes == 4:
                self.passes = 0
                if rnd == 1:
                    self.taking_round = 2
                else:
                    self._passed_out()
            return
        trump = action.trump
        assert trump is not None and self.turn_up is not None
        self.events.append({"type": "take", "seat": seat, "trump": trump, "round": rnd})
        self.taking_round = None
        deck = self.log[-1]["deck"]
        self.hands[seat] |= 1 << self.turn_up
        start = 21
        for other in self._order():
            size = 2 if other == seat else 3
            self.hands[other] |= sum(1 << CARD_INDEX[c] for c in deck[start : start + size])
            start += size
        self._start_play(trump, seat)

    def _passed_out(self) -> None:
        self.taking_round = None
        self.events.append({"type": "deal_result", "seat": None, "passed_out": True})
        same = self.options["redeal_by"] == "same_dealer"
        self._finish_deal(None, [0, 0], self.dealer if same else None)

    # ---------------------------------------------------------------------------- scoring
    def _end_of_play(self) -> None:
        assert self.declarer is not None
        opts = self.options
        trick_points = list(self.card_points)
        mult = card_multiplier(self.mode, opts)
        cp = [p * mult for p in trick_points]
        d = self.declarer & 1
        result = score_belote_hand(
            declarer_side=d,
            card_points=cp,
            melds=self.meld_points(),
            belote=list(self.belote_points),
            side_tricks=self.side_tricks(),
            reserve=self.reserve,
            options=opts,
        )
        self.reserve = result["reserve"]
        before = list(self.totals)
        scores = result["scores"]
        self.totals = [before[0] + scores[0], before[1] + scores[1]]
        self._game_end(result["capot"], before, opts["target_score"], opts["capot_win_disallowed"])
        if self.over:
            self.reserve = 0  # a reserve pending at the end of the game is discarded (D29)
        self.events.append(
            {
                "type": "deal_result",
                "seat": None,
                "outcome": result["outcome"],
                "trick_points": trick_points,
                "melds": result["melds"],
                "belote": list(self.belote_points),
                "scores": list(scores),
                "reserve": self.reserve,
            }
        )
        self._finish_deal(trick_points, scores)

    # ------------------------------------------------------------------------------ views
    def view(self, seat: int | None) -> BeloteView:
        common = self._base_view(seat)
        contract: BeloteContract | None = (
            {"trump": common["trump"], "taker": self.declarer, "value": None, "multiplier": 1}
            if self.declarer is not None
            else None
        )
        return {
            **common,
            "game": "belote",
            "options": cast(BeloteOptions, dict(self.options)),
            "turn_up": CARD_CODES[self.turn_up] if self.turn_up is not None else None,
            "taking_round": self.taking_round,
            "contract": contract,
            "reserve": self.reserve,
        }


def card_multiplier(mode: int, options: Mapping[str, Any]) -> int:
    """What the card points of a deal played in ``mode`` are multiplied by (SA and TA may count
    double, §10 item 2)."""
    if mode == SA:
        return int(options["sa_card_multiplier"])
    if mode == TA:
        return int(options["ta_card_multiplier"])
    return 1


def score_belote_hand(
    declarer_side: int,
    card_points: list[int],
    melds: list[int],
    belote: list[int],
    side_tricks: list[int],
    reserve: int,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """One Belote hand's records (docs/rules.md §2.8 with §10 items 1–3).

    ``card_points`` are ``CP`` (last trick or capot bonus included, SA/TA multipliers applied).
    Returns ``scores`` (rounded records per side), ``outcome`` (``success``, ``failure`` or
    ``litige``), ``reserve`` (the reserve after this hand), ``capot`` and the ``melds`` scored.
    """
    d = declarer_side
    o = 1 - d
    m = list(melds)
    tot = [card_points[i] + m[i] + belote[i] for i in (0, 1)]
    basis = options["success_basis"]
    if basis == "all":
        test = tot
    elif basis == "cards_belote":
        test = [card_points[i] + belote[i] for i in (0, 1)]
    elif basis == "cards_melds":
        test = [card_points[i] + m[i] for i in (0, 1)]
    else:
        test = list(card_points)
    capot = 0 in side_tricks
    if side_tricks[o] == 0:
        outcome = "success"
    elif side_tricks[d] == 0:
        outcome = "failure"
    elif test[d] > test[o]:
        outcome = "success"
    elif test[d] < test[o]:
        outcome = "failure"
    else:
        outcome = "litige"
    if options["capot_takes_melds"]:
        for side in (0, 1):
            if side_tricks[side] == 0 and m[side]:
                m[1 - side] += m[side]
                m[side] = 0
        tot = [card_points[i] + m[i] + belote[i] for i in (0, 1)]
    protected = options["belote_protected"]
    kept = belote[d] if protected else 0
    scores = [0, 0]
    if outcome == "success":
        scores[d] = tot[d] + reserve
        scores[o] = tot[o]
        reserve = 0
    elif outcome == "failure":
        pool = card_points[0] + card_points[1]
        scores[d] = kept
        scores[o] = pool + m[d] + m[o] + belote[o] + (0 if protected else belote[d]) + reserve
        reserve = 0
    else:
        scores[d] = kept
        scores[o] = tot[o]
        reserve += tot[d] - kept
    rounding = options["rounding"]
    if rounding == "half_down":
        scores = [round_half_down(x) for x in scores]
    elif rounding == "six_split":
        scores = round_six_split(scores)
    return {
        "scores": scores,
        "outcome": outcome,
        "reserve": reserve,
        "capot": capot,
        "melds": m,
    }

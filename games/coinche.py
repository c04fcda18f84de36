"""Coinche (*belote coinchée*, *contrée*): Belote with an auction and doubling (docs/rules.md §3).

Phases: ``auction`` (§3.2) → ``play`` (8 tricks, melds and belote as in Belote) → ``deal`` (waiting
for the next deck) or ``over``. Melds and belote are announced by the engine, never actions.

View keys besides the common ones:
- ``auction``: every public call in order, ``{"seat", "type", "value"?, "trump"?}``.
- ``bid``: the standing bid ``{"value", "trump", "bidder"}`` or ``None``; ``doubled``: 0, 1
  (coinche) or 2 (surcoinche).
- ``contract``: ``{"trump", "declarer", "value", "multiplier"}`` once the auction is over.

Events: ``pass`` / ``bid`` / ``coinche`` / ``surcoinche``, ``declare``, ``melds``, ``belote`` /
``rebelote``, ``trick``, ``deal_result`` (as in Belote).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, cast

from games.actions import COINCHE, PASS, SURCOINCHE, Action
from games.base import IllegalAction
from games.belote_play import PLAY_OPTIONS, BeloteFamily
from games.belote_rules import (
    BELOTE_POINTS,
    CAPOT_LAST_TRICK,
    LAST_TRICK,
    POINTS_162,
    SA,
    TA,
    round10_half_up,
    round_half_up_div,
)
from games.options import OptionError, OptionSpec, boolean, choice, integer, on_command
from games.views import (
    CoincheAuctionEntry,
    CoincheBid,
    CoincheContract,
    CoincheOptions,
    CoincheView,
)

DENOMINATIONS = ("S", "H", "D", "C", "NT", "AT")
LEVELS: dict[int | str, int] = {v: v for v in range(80, 161, 10)}
LEVELS["capot"] = 170
LEVELS["generale"] = 180
CAPOT = 170
GENERALE = 180
DEFAULT_TARGETS = {"standard": 3000, "belote_plus_bonus": 2000, "bonus_only": 1000}


def _bid_table(sa_ta: bool, generale: bool) -> tuple[list[Action], dict[int, int]]:
    """Every bid action in level order, and for each standing level the index of the first bid
    above it (so the legal bids are one slice of a cached list)."""
    dens = DENOMINATIONS if sa_ta else DENOMINATIONS[:4]
    values: list[int | str] = [*range(80, 161, 10), "capot"]
    if generale:
        values.append("generale")
    actions = [Action("bid", value=v, trump=t) for v in values for t in dens]
    start = {0: 0}
    for i, value in enumerate(values):
        start[LEVELS[value]] = (i + 1) * len(dens)
    return actions, start


BID_TABLES = {(s, g): _bid_table(s, g) for s in (False, True) for g in (False, True)}


class Coinche(BeloteFamily):
    NAME: ClassVar[str] = "coinche"
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset(
        {"pass", "bid", "coinche", "surcoinche", "play"}
    )
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (
        choice("deal_packets", "3-2-3", ("3-2-3", "3-3-2", "2-3-3"), "deal pattern"),
        boolean("sa_ta_enabled", True, "SA and TA may be bid", command=2),
        choice(
            "sa_ta_scale",
            "card_values_162",
            ("card_values_162", "proportional", "raw"),
            "SA/TA point scale",
        ),
        boolean("capot_coinchable", False, "a capot (or generale) bid can be coinched"),
        boolean("generale_enabled", False, "one-player capot bid above CAPOT"),
        choice("generale_value", 1000, (350, 500, 700, 1000), "value of a generale"),
        choice(
            "contract_basis",
            "all",
            ("all", "cards_belote", "cards", "cards_melds"),
            "what counts toward the contract: everything, cards and belote, cards only, or cards"
            " and melds (the belote never decides a contract)",
        ),
        boolean("eighty_needs_82", True, "an 80 contract needs 82 points"),
        boolean("success_needs_more", False, "the declarers must also outscore the defenders"),
        choice(
            "scoring_method",
            "standard",
            ("standard", "bonus_only", "belote_plus_bonus"),
            "see docs/rules.md §3.5–3.6",
        ),
        choice(
            "unbid_capot",
            "bonus",
            ("bonus", "replaces_cards", "none"),
            "numeric contract made with all 8 tricks",
        ),
        choice(
            "failed_contract_melds",
            "defenders_own",
            ("defenders_own", "all_to_defenders", "none"),
            "melds on failure",
        ),
        boolean("multiply_belote", True, "belote is multiplied by the coinche multiplier too"),
        choice("rounding", "half_up_10", ("half_up_10", "none"), "rounding of recorded scores"),
        *on_command(PLAY_OPTIONS, melds_enabled=3),
        integer(
            "target_score",
            None,
            help="game target (default 3000, 2000 for belote_plus_bonus, 1000 for bonus_only)",
            command=1,
            suggested=(100, 500, 1000, 1500, 2000, 3000),
        ),
    )

    @classmethod
    def resolve_options(cls, options: dict[str, Any]) -> dict[str, Any]:
        if options["target_score"] is None:
            options["target_score"] = DEFAULT_TARGETS[options["scoring_method"]]
        if type(options["target_score"]) is not int or options["target_score"] < 1:
            raise OptionError("option 'target_score' must be an integer of at least 1")
        return options

    # ------------------------------------------------------------------------------ setup
    def _init_match(self) -> None:
        opts = self.options
        self.bid_config: list[bool] = [opts["sa_ta_enabled"], opts["generale_enabled"]]
        self.scale_162: bool = opts["sa_ta_scale"] == "card_values_162"
        self._clear_auction()
        self._init_play_options()

    def _clear_auction(self) -> None:
        self.auction: list[CoincheAuctionEntry] = []
        self.bid_level: int = 0
        self.bid_value: int | str | None = None
        self.bid_trump: str | None = None
        self.bidder: int | None = None
        self.doubled: int = 0
        self.passes: int = 0
        self.window: list[int] = []
        self.multiplier: int = 1

    def _points(self) -> tuple[int, ...]:
        return (POINTS_162 if self.scale_162 else BELOTE_POINTS)[self.mode]

    def _start_deal(self, deck: list[str]) -> None:
        self._clear_deal()
        self._clear_auction()
        sizes = [int(n) for n in self.options["deal_packets"].split("-")]
        self._deal_packets(deck, 0, sizes)
        self.phase = "auction"
        self.turn = (self.dealer + 1) & 3

    # ---------------------------------------------------------------------------- auction
    def _bidding_actions(self, seat: int) -> list[Action]:
        if self.window:
            return [PASS, SURCOINCHE] if self.doubled else [PASS, COINCHE]
        out = [PASS]
        level = self.bid_level
        if level < CAPOT:
            actions, start = BID_TABLES[self.bid_config[0], self.bid_config[1]]
            out += actions[start[level] :]
            if self.bidder is not None and (self.bidder ^ seat) & 1:
                out.append(COINCHE)
        return out

    def _check_bidding(self, seat: int, action: Action) -> None:
        kind = action.type
        if kind == "play":
            raise IllegalAction("auction_not_over")
        self._check_turn(seat)
        if self.window:
            if self.doubled:
                if kind not in ("pass", "surcoinche"):
                    raise IllegalAction("coinched_window")
            elif kind not in ("pass", "coinche"):
                raise IllegalAction("capot_window")
            return
        if kind == "pass":
            return
        if kind == "surcoinche":
            raise IllegalAction("nothing_to_surcoinche")
        if kind == "coinche":
            if self.bidder is None:
                raise IllegalAction("nothing_to_coinche")
            if not (self.bidder ^ seat) & 1:
                raise IllegalAction("coinche_opponents_only")
            if self.bid_level >= CAPOT:
                raise IllegalAction("capot_not_coinchable")
            return
        # kind == "bid"
        value = action.value
        level = LEVELS.get(value) if isinstance(value, int | str) else None
        if level is None or type(value) is bool:
            raise IllegalAction("bad_bid_value", value=value)
        if action.trump not in DENOMINATIONS:
            raise IllegalAction("bid_names_trump")
        if self.bid_level >= CAPOT:
            raise IllegalAction("no_bid_over", value=self.bid_value)
        if action.trump in ("NT", "AT") and not self.options["sa_ta_enabled"]:
            raise IllegalAction("sa_ta_disabled")
        if level == GENERALE and not self.options["generale_enabled"]:
            raise IllegalAction("generale_disabled")
        if level <= self.bid_level:
            raise IllegalAction("bid_too_low", value=self.bid_value)

    def _apply_bidding(self, seat: int, action: Action) -> None:
        kind = action.type
        entry: CoincheAuctionEntry
        if kind == "bid":
            entry = {"type": "bid", "seat": seat, "value": action.value, "trump": action.trump}
        elif kind == "coinche":
            entry = {"type": "coinche", "seat": seat}
        elif kind == "surcoinche":
            entry = {"type": "surcoinche", "seat": seat}
        else:
            entry = {"type": "pass", "seat": seat}
        self.auction.append(entry)
        self.events.append(entry.copy())
        window = self.window
        if window:
            window.pop(0)
            if kind == "surcoinche":
                self._contract(4)
            elif kind == "coinche":
                self._coinche(seat)
            elif not window:
                self._contract(2 if self.doubled else 1)
            else:
                self.turn = window[0]
            return
        if kind == "pass":
            self.passes += 1
            if self.bidder is None and self.passes == 4:
                self.events.append({"type": "deal_result", "seat": None, "passed_out": True})
                self._finish_deal(None, [0, 0])
            elif self.bidder is not None and self.passes == 3:
                self._contract(1)
            else:
                self.turn = (seat + 1) & 3
        elif kind == "bid":
            assert action.value is not None
            self.bid_level = LEVELS[action.value]
            self.bid_value = action.value
            self.bid_trump = action.trump
            self.bidder = seat
            self.passes = 0
            if self.bid_level >= CAPOT:
                if self.options["capot_coinchable"]:
                    self.window = [(seat + 1) & 3, (seat + 3) & 3]
                    self.turn = self.window[0]
                else:
                    self._contract(1)
            else:
                self.turn = (seat + 1) & 3
        else:  # coinche
            self._coinche(seat)

    def _coinche(self, seat: int) -> None:
        """After a coinche the bidding side, from the coincher's right, may surcoinche (§3.2)."""
        self.doubled = 1
        self.window = [(seat + 1) & 3, (seat + 3) & 3]
        self.turn = self.window[0]

    def _contract(self, multiplier: int) -> None:
        assert self.bid_trump is not None and self.bidder is not None
        self.window = []
        self.multiplier = multiplier
        self.doubled = {1: 0, 2: 1, 4: 2}[multiplier]
        self._start_play(self.bid_trump, self.bidder)

    # ---------------------------------------------------------------------------- scoring
    def _last_trick_bonus(self, capot: bool) -> int:
        return last_trick_bonus(capot, self.options)

    def _end_of_play(self) -> None:
        assert self.declarer is not None
        opts = self.options
        trick_points = list(self.card_points)
        tricks = self.side_tricks()
        cp = contract_card_points(trick_points, tricks, self.mode, opts)
        result = score_coinche_hand(
            declarer=self.declarer,
            level=self.bid_level,
            multiplier=self.multiplier,
            card_points=cp,
            melds=self.meld_points(),
            belote=list(self.belote_points),
            side_tricks=tricks,
            declarer_tricks=self.tricks_won[self.declarer],
            options=opts,
        )
        before = list(self.totals)
        scores = result["scores"]
        self.totals = [before[0] + scores[0], before[1] + scores[1]]
        self.events.append(
            {
                "type": "deal_result",
                "seat": None,
                "outcome": "success" if result["success"] else "failure",
                "trick_points": trick_points,
                "card_points": cp,
                "melds": self.meld_points(),
                "belote": list(self.belote_points),
                "scores": list(scores),
            }
        )
        self._game_end(False, before, opts["target_score"], False)
        self._finish_deal(trick_points, scores)

    # ------------------------------------------------------------------------------ views
    def view(self, seat: int | None) -> CoincheView:
        common = self._base_view(seat)
        bid: CoincheBid | None = (
            {"value": self.bid_value, "trump": self.bid_trump, "bidder": self.bidder}
            if self.bidder is not None
            else None
        )
        contract: CoincheContract | None = (
            {
                "trump": common["trump"],
                "declarer": self.declarer,
                "value": self.bid_value,
                "multiplier": self.multiplier,
            }
            if self.declarer is not None
            else None
        )
        return {
            **common,
            "game": "coinche",
            "options": cast(CoincheOptions, dict(self.options)),
            "auction": [e.copy() for e in self.auction],
            "bid": bid,
            "doubled": self.doubled,
            "contract": contract,
        }


def last_trick_bonus(capot: bool, options: Mapping[str, Any]) -> int:
    """The last trick's points: 10, or 100 for a capot under ``belote_plus_bonus``."""
    if capot and options["scoring_method"] == "belote_plus_bonus":
        return CAPOT_LAST_TRICK
    return LAST_TRICK


def contract_card_points(
    trick_points: list[int], side_tricks: list[int], mode: int, options: Mapping[str, Any]
) -> list[int]:
    """``CP`` per side from the points taken in tricks (last-trick bonus included): SA and TA
    converted to the 162 scale under ``sa_ta_scale = proportional``, as they are."""
    cp = list(trick_points)
    if options["sa_ta_scale"] == "proportional" and mode in (SA, TA):
        pool = 130 if mode == SA else 258
        bpb = options["scoring_method"] == "belote_plus_bonus"
        # Convert the 10-point-last-trick pool; a capot's extra 90 is added afterwards
        # (§10 item 8: the pool becomes 252 after conversion).
        extra = [CAPOT_LAST_TRICK - LAST_TRICK if bpb and t == 8 else 0 for t in side_tricks]
        cp = [round_half_up_div((cp[i] - extra[i]) * 162, pool) + extra[i] for i in (0, 1)]
    return cp


def score_coinche_hand(
    declarer: int,
    level: int,
    multiplier: int,
    card_points: list[int],
    melds: list[int],
    belote: list[int],
    side_tricks: list[int],
    declarer_tricks: int,
    options: Mapping[str, Any],
) -> dict[str, Any]:
    """One Coinche hand's records (docs/rules.md §3.4–3.6 with §10 items 7–9).

    ``level`` is 80…160, 170 for CAPOT or 180 for GENERALE; ``card_points`` are ``CP`` on the
    162 scale (converted already under ``proportional``; 100 for a capot's last trick under
    ``belote_plus_bonus``). Returns ``scores`` (rounded) and ``success``.
    """
    d = declarer & 1
    o = 1 - d
    m = multiplier
    cp, mp, bel = card_points, melds, belote
    tot = [cp[i] + mp[i] + bel[i] for i in (0, 1)]
    basis = options["contract_basis"]
    test = {
        "all": tot[d],
        "cards_belote": cp[d] + bel[d],
        "cards_melds": cp[d] + mp[d],
        "cards": cp[d],
    }[basis]
    generale_value: int = options["generale_value"]
    if level == CAPOT:
        success = side_tricks[d] == 8
    elif level == GENERALE:
        success = declarer_tricks == 8
    else:
        success = test >= level
        if level == 80 and options["eighty_needs_82"]:
            success = test >= 82
        if options["success_needs_more"]:
            success = success and tot[d] > tot[o]
    method = options["scoring_method"]
    scores = [0, 0]
    if method == "bonus_only":
        bonus = level if level < CAPOT else 250 if level == CAPOT else generale_value
        scores[d if success else o] = bonus * m
    elif method == "belote_plus_bonus":
        bonus = level if level < CAPOT else 250 if level == CAPOT else generale_value
        if success:
            scores[d] = tot[d] + bonus * m
            scores[o] = tot[o]
            if m > 1:
                scores[d] += scores[o] - bel[o]
                scores[o] = bel[o]
        elif level >= CAPOT:
            scores[d] = bel[d]
            scores[o] = 250 + bonus * m + bel[o]
        else:
            scores[d] = bel[d]
            scores[o] = cp[0] + cp[1] + mp[d] + mp[o] + bel[o] + bonus * m
    else:
        bel_m = m if options["multiply_belote"] else 1
        failed = options["failed_contract_melds"]
        x_o = mp[o] + mp[d] if failed == "all_to_defenders" else 0 if failed == "none" else mp[o]
        if level >= CAPOT:
            value = 500 if level == CAPOT else generale_value
            if success:
                scores[d] = (value + mp[d]) * m + bel[d] * bel_m
                scores[o] = mp[o] * m + bel[o] * bel_m
            else:
                scores[d] = bel[d] * bel_m
                scores[o] = (value + x_o) * m + bel[o] * bel_m
        elif success:
            unbid = options["unbid_capot"]
            base = level + cp[d] + mp[d]
            if side_tricks[d] == 8 and unbid == "bonus":
                base += 250
            elif side_tricks[d] == 8 and unbid == "replaces_cards":
                base = level + 250 + mp[d]
            scores[d] = base * m + bel[d] * bel_m
            scores[o] = (cp[o] + mp[o]) * m + bel[o] * bel_m
        else:
            scores[d] = bel[d] * bel_m
            scores[o] = (160 + level + x_o) * m + bel[o] * bel_m
    if options["rounding"] == "half_up_10":
        scores = [round10_half_up(x) for x in scores]
    return {"scores": scores, "success": success}

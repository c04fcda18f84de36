"""Briscola a chiamata: five players, a rank auction, a called card and a hidden partner (docs/rules.md §6).

Each player scores alone (side ``i`` is seat ``i``): the declarer and the holder of the called card
win or lose together for one deal only, so the scores are per seat and zero-sum.

The partnership is secret until the called card is played (§6.3), so it is kept here and shown
only by ``view``: the holder of the called card sees ``partner`` = his own seat (the declarer, if
he holds it himself, sees that he is alone); everybody else sees ``partner`` = None until the card
hits the table, and from then on everybody sees it.

View keys besides the common ones (docs/architecture.md):
- ``auction``: the public calls, in order: ``{"seat", "type": "call"|"pass", "rank", "points"}``
  (``rank``/``points`` only on calls; ``points`` only on a ``two_then_points`` bid over a "2");
- ``in_auction``: per seat, whether that player may still call (a pass is final);
- ``bid``: the standing call ``{"seat", "rank", "target"}`` or None;
- ``declarer``, ``called_rank``, ``target`` (61 or the points bid), ``called_card`` (once trumps are
  named; the card is public, its holder is not);
- ``partner``: the holder of the called card, where this seat may know it (see above), else None;
  ``alone``: True/False once known to this seat, else None;
- ``contract``: ``{"declarer", "rank", "target", "trump", "called_card"}`` once the auction is won;
- ``deals_played`` / ``match_deals``: progress of the match (passed-out deals do not count).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, cast

from games.actions import PASS, PLAY, Action
from games.base import IllegalAction
from games.cards import DECK_40, SUITS
from games.facts import plain_facts
from games.forty import FortyCardGame
from games.options import OptionSpec, choice, integer
from games.tricks import BRISCOLA_ORDER, BRISCOLA_POINTS, strength_table
from games.views import (
    CallEvent,
    ChiamataAuctionEntry,
    ChiamataBid,
    ChiamataContract,
    ChiamataOptions,
    ChiamataView,
)

PLAYERS: Final = 5
HAND_SIZE: Final = 8
TOTAL_POINTS: Final = 120
BASE_TARGET: Final = 61
"""A plain call (and a plain "2" under ``two_then_points``) needs 61 of the 120 points (§6.5)."""
MAX_TARGET: Final = 120

RANK_STRENGTH: Final = strength_table(BRISCOLA_ORDER)
CARD_POINTS: Final = {card: BRISCOLA_POINTS.get(card[0], 0) for card in DECK_40}
_SORT_KEY: Final = {card: (SUITS.index(card[1]), -RANK_STRENGTH[card[0]]) for card in DECK_40}

CALL: Final = {rank: Action("call", rank=rank) for rank in BRISCOLA_ORDER}
POINTS_CALL: Final = {t: Action("call", rank="2", points=t) for t in range(62, MAX_TARGET + 1)}
TRUMP: Final = {suit: Action("trump", suit=suit) for suit in SUITS}


class Chiamata(FortyCardGame):
    """The auction, the called card and the scoring; the trick play is ``FortyCardGame``'s."""

    NAME: ClassVar[str] = "chiamata"
    SEAT_COUNTS: ClassVar[tuple[int, ...]] = (PLAYERS,)
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset({"pass", "call", "trump", "play"})
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (
        choice("deal_packet", 4, (4, 1, 2, 8), "cards per packet"),
        choice("bidding", "rank_only", ("rank_only", "two_then_points"), "auction form", command=2),
        choice("follow_rule", "must_follow", ("must_follow", "free"), "duty to follow suit"),
        choice("first_lead", "eldest", ("eldest", "declarer"), "who leads trick 1"),
        choice("cappotto_basis", "points", ("points", "tricks"), "what counts as cappotto"),
        integer(
            "match_deals",
            5,
            minimum=1,
            multiple_of=5,
            help="deals in a match",
            command=1,
            suggested=(5, 10, 15, 20),
        ),
    )

    FACTS = plain_facts(BRISCOLA_ORDER, BRISCOLA_POINTS)
    STRENGTH = RANK_STRENGTH
    POINTS = CARD_POINTS

    # Deal state, set by _start_deal (declared for the type checker).
    in_auction: list[bool]
    auction: list[ChiamataAuctionEntry]
    high_seat: int | None
    high_rank: str | None
    target: int
    declarer: int | None
    called_card: str | None
    partner: int | None
    partner_revealed: bool

    # ------------------------------------------------------------------------- set-up
    def _init_match(self) -> None:
        self.deals_played: int = 0
        self._clear_deal()

    def _clear_deal(self) -> None:
        self._reset_deal()
        self.in_auction = [True] * PLAYERS
        self.auction = []
        self.high_seat = None
        self.high_rank = None
        self.target = BASE_TARGET
        self.declarer = None
        self.called_card = None
        self.partner = None
        self.partner_revealed = False
        self.turn = (self.dealer + 1) % PLAYERS

    @classmethod
    def deck_for(cls, options: Mapping[str, Any], seats: int) -> tuple[str, ...]:
        return DECK_40

    def _start_deal(self, deck: list[str]) -> None:
        self._clear_deal()
        packet = self.options["deal_packet"]
        eldest = (self.dealer + 1) % PLAYERS
        pos = 0
        # Packets go round p_0 … p_4 until each holds 8 (§6.1: p_k ← deck[20r + 4k …] for 4).
        for _ in range(HAND_SIZE // packet):
            for k in range(PLAYERS):
                self.hands[(eldest + k) % PLAYERS].extend(deck[pos : pos + packet])
                pos += packet
        for hand in self.hands:
            hand.sort(key=_SORT_KEY.__getitem__)
        self.phase = "auction"
        self.turn = eldest

    # --------------------------------------------------------------------------- turns
    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "auction":
            if self.high_rank == "2" and self.options["bidding"] == "two_then_points":
                return [PASS] + [POINTS_CALL[t] for t in range(self.target + 1, MAX_TARGET + 1)]
            floor = RANK_STRENGTH[self.high_rank] if self.high_rank is not None else 99
            return [PASS] + [CALL[r] for r in BRISCOLA_ORDER if RANK_STRENGTH[r] < floor]
        if self.phase == "trump":
            return [TRUMP[s] for s in SUITS]
        return self._play_actions(seat)

    @classmethod
    def follows_suit(cls, options: Mapping[str, Any]) -> bool:
        return bool(options["follow_rule"] == "must_follow")

    def must_follow(self) -> bool:
        return self.follows_suit(self.options)

    # ----------------------------------------------------------------------- validation
    def _validate(self, seat: int, action: Action) -> None:
        if seat != self.turn:
            raise IllegalAction("not_your_turn", seat=self.turn)
        kind = action.type
        if kind in ("pass", "call"):
            if self.phase != "auction":
                raise IllegalAction("auction_over", action=kind)
            if kind == "pass":
                if action != PASS:
                    raise IllegalAction("pass_carries_nothing")
                return
            self._validate_call(action)
        elif kind == "trump":
            if self.phase != "trump":
                raise IllegalAction(
                    "trump_after_auction" if self.phase == "auction" else "trump_already_named"
                )
            if action.suit is None or action != TRUMP.get(action.suit):
                raise IllegalAction("trump_one_suit")
        else:
            if self.phase != "play":
                raise IllegalAction(
                    "no_play_in_auction" if self.phase == "auction" else "declarer_names_trump"
                )
            card = action.card
            canonical = PLAY.get(card) if card is not None else None
            if canonical is None or (action is not canonical and action != canonical):
                raise IllegalAction("play_one_card")
            if card not in self.hands[seat]:
                raise IllegalAction("card_not_in_seat_hand", card=card, seat=seat)
            self._check_follow(seat, card)

    def _validate_call(self, action: Action) -> None:
        rank = action.rank
        if rank is None or action.card or action.suit or action.trump or action.value:
            raise IllegalAction("call_names_rank")
        if rank not in RANK_STRENGTH:
            raise IllegalAction("no_such_rank", rank=rank)
        points = action.points
        standing_two = self.high_rank == "2"
        if points is not None:
            if self.options["bidding"] != "two_then_points":
                raise IllegalAction("points_need_option")
            if rank != "2":
                raise IllegalAction("points_bid_is_two")
            if not standing_two:
                raise IllegalAction("points_over_two_only")
            if not BASE_TARGET < points <= MAX_TARGET:
                raise IllegalAction("points_range", high=MAX_TARGET, points=points)
            if points <= self.target:
                raise IllegalAction("points_must_exceed", target=self.target)
            return
        if self.high_rank is not None and RANK_STRENGTH[rank] >= RANK_STRENGTH[self.high_rank]:
            if standing_two:
                raise IllegalAction(
                    "two_beaten_by_points"
                    if self.options["bidding"] == "two_then_points"
                    else "nothing_beats_two"
                )
            raise IllegalAction("call_weaker_rank", rank=self.high_rank)

    # -------------------------------------------------------------------------- apply
    def _apply(self, seat: int, action: Action) -> None:
        self._validate(seat, action)
        kind = action.type
        if kind == "pass":
            self._pass(seat)
        elif kind == "call":
            self._call(seat, action)
        elif kind == "trump":
            self._name_trump(seat, str(action.suit))
        else:
            self._play_card(seat, str(action.card))

    def _pass(self, seat: int) -> None:
        self.in_auction[seat] = False
        self.auction.append({"type": "pass", "seat": seat})
        self.events.append({"type": "pass", "seat": seat})
        self._after_call(seat)

    def _call(self, seat: int, action: Action) -> None:
        rank = str(action.rank)
        entry: CallEvent = {"seat": seat, "type": "call", "rank": rank}
        if action.points is not None:
            entry["points"] = action.points
            self.target = action.points
        self.high_seat = seat
        self.high_rank = rank
        self.auction.append(entry)
        self.events.append(entry.copy())
        if rank == "2" and self.options["bidding"] == "rank_only":
            self._win_auction()  # nothing can beat a 2 (§6.2)
            return
        self._after_call(seat)

    def _after_call(self, seat: int) -> None:
        still_in = sum(self.in_auction)
        if still_in == 0:
            self._pass_out()
            return
        if still_in == 1 and self.high_seat is not None and self.in_auction[self.high_seat]:
            self._win_auction()
            return
        nxt = (seat + 1) % PLAYERS
        while not self.in_auction[nxt]:
            nxt = (nxt + 1) % PLAYERS
        self.turn = nxt

    def _pass_out(self) -> None:
        """All five passed: the deal is cancelled and does not count (§6.2, §10 item 18)."""
        self.events.append({"type": "redeal", "seat": self.dealer})
        self._finish_deal(None, [0] * PLAYERS)

    def _win_auction(self) -> None:
        assert self.high_seat is not None
        self.declarer = self.high_seat
        self.events.append(
            {
                "type": "declarer",
                "seat": self.declarer,
                "rank": self.high_rank,
                "target": self.target,
            }
        )
        self.phase = "trump"
        self.turn = self.declarer

    def _name_trump(self, seat: int, suit: str) -> None:
        self.trump = suit
        self.called_card = f"{self.high_rank}{suit}"
        self.partner = next(s for s in range(PLAYERS) if self.called_card in self.hands[s])
        self.events.append(
            {"type": "trump", "seat": seat, "suit": suit, "called_card": self.called_card}
        )
        self.phase = "play"
        eldest = (self.dealer + 1) % PLAYERS
        self.turn = seat if self.options["first_lead"] == "declarer" else eldest

    def _on_card(self, seat: int, card: str) -> None:
        if card == self.called_card:
            self.partner_revealed = True
            self.events.append(
                {
                    "type": "partner",
                    "seat": seat,
                    "declarer": self.declarer,
                    "alone": seat == self.declarer,
                }
            )

    # ------------------------------------------------------------------------- scoring
    def _end_deal(self) -> None:
        """§6.5: +2/+1/−1, alone +4/−1, reversed on failure, doubled on cappotto."""
        declarer, partner = self.declarer, self.partner
        assert declarer is not None and partner is not None
        side = {declarer, partner}
        taken = sum(self.points[s] for s in side)
        alone = declarer == partner
        side_tricks = sum(self.tricks_won[s] for s in side)
        scores, success, cappotto = score_chiamata_deal(
            declarer, partner, taken, side_tricks, self.target, self.options
        )
        for s in range(PLAYERS):
            self.totals[s] += scores[s]
        self.events.append(
            {
                "type": "deal_result",
                "seat": declarer,
                "declarer": declarer,
                "partner": partner,
                "alone": alone,
                "called_card": self.called_card,
                "target": self.target,
                "points": taken,
                "success": success,
                "cappotto": cappotto,
                "scores": list(scores),
            }
        )
        trick_points = list(self.points)
        self.deals_played += 1
        self._finish_deal(trick_points, scores)
        if self.deals_played >= self.options["match_deals"]:
            self.over = True
            best = max(self.totals)
            self.winners = [s for s in range(PLAYERS) if self.totals[s] == best]

    # ---------------------------------------------------------------------------- views
    def _known_partner(self, seat: int | None) -> int | None:
        """The holder of the called card, if ``seat`` may know it (§6.3's information rule)."""
        if self.partner is None:
            return None
        if self.partner_revealed or (seat is not None and seat == self.partner):
            return self.partner
        return None

    def view(self, seat: int | None) -> ChiamataView:
        partner = self._known_partner(seat)
        bid: ChiamataBid | None = (
            None
            if self.high_seat is None
            else {"seat": self.high_seat, "rank": self.high_rank, "target": self.target}
        )
        contract: ChiamataContract | None = (
            None
            if self.declarer is None
            else {
                "declarer": self.declarer,
                "rank": self.high_rank,
                "target": self.target,
                "trump": self.trump,
                "called_card": self.called_card,
            }
        )
        return {
            **self._common_view(seat),
            "game": "chiamata",
            "options": cast(ChiamataOptions, dict(self.options)),
            "contract": contract,
            "auction": [a.copy() for a in self.auction],
            "in_auction": list(self.in_auction),
            "bid": bid,
            "declarer": self.declarer,
            "called_rank": self.high_rank if self.declarer is not None else None,
            "target": self.target,
            "called_card": self.called_card,
            "partner": partner,
            "alone": None if partner is None else partner == self.declarer,
            "deals_played": self.deals_played,
            "match_deals": self.options["match_deals"],
        }


def score_chiamata_deal(
    declarer: int,
    partner: int,
    taken: int,
    side_tricks: int,
    target: int,
    options: Mapping[str, Any],
) -> tuple[list[int], bool, bool]:
    """Each seat's score for a deal in which the declarer's side (with ``partner``, the holder of
    the called card, who is the declarer when alone) took ``taken`` card points in
    ``side_tricks`` tricks against a ``target`` (§6.5): the scores, success and cappotto."""
    alone = declarer == partner
    if options["cappotto_basis"] == "points":
        # §10 item 19: a side with no card points is cappotto, whatever tricks it won.
        cappotto = taken in (0, TOTAL_POINTS)
    else:
        cappotto = side_tricks in (0, HAND_SIZE)
    success = taken >= target
    unit = (2 if cappotto else 1) * (1 if success else -1)
    scores = [-unit] * PLAYERS
    scores[declarer] = unit * (4 if alone else 2)
    if not alone:
        scores[partner] = unit
    return scores, success, cappotto

"""The card play of Belote and Coinche (docs/rules.md §2.5–2.7), shared by both engines.

``BeloteFamily`` runs the eight tricks once a contract is known: legal plays, trick winners, the
automatic meld announcements of trick 1 and their resolution, belote/rebelote, card points and the
public events. Subclasses supply the bidding (taking or auction) and the scoring.

Hot paths — ``legal_actions``, ``apply``, ``is_legal`` and ``clone`` — are overridden here with
versions that do not clone the game or build throwaway objects: they are what the random-deal
benchmark and the computer players' searches call millions of times. State stays plain JSON: hands
are 32-bit masks (see ``games.belote_rules``), the trick is a list of card indices.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping, Sequence
from typing import Any, ClassVar, TypeVar

from games.actions import Action
from games.base import Game, IllegalAction
from games.belote_melds import best_declaration, meld_summary, public_melds, resolve_melds
from games.belote_rules import (
    ACTIONS_BY_BYTE,
    BELOTE_POINTS,
    CAPOT_LAST_TRICK,
    CARD_CODES,
    CARD_INDEX,
    KING,
    LAST_TRICK,
    MODE_OF_TRUMP,
    PLAIN_ORDER,
    PLAIN_POINTS,
    QUEEN,
    STRENGTH,
    TRUMP_LEAD_CODES,
    TRUMP_OF_MODE,
    TRUMP_ORDER,
    TRUMP_POINTS,
    belote_holders,
    cards_of,
    illegal_play,
    legal_mask,
    mask_of,
    play_actions,
)
from games.cards import FRENCH_32
from games.facts import CardFacts
from games.options import OptionSpec, boolean, choice
from games.views import CommonView, MeldsEvent, Scores, common_view

PLAY_OPTIONS: tuple[OptionSpec, ...] = (
    choice(
        "trump_lead_overtrump",
        "always",
        ("always", "never", "not_over_partner"),
        "duty to beat the best trump when trumps (or any TA suit) are led",
    ),
    boolean("must_undertrump", True, "must play a lower trump if unable to over-trump an opponent"),
    choice(
        "partner_winning_trump",
        "overtrump_only",
        ("overtrump_only", "free"),
        "when the partner holds the trick, a trump played must over-trump",
    ),
    boolean("melds_enabled", True, "declarations in use"),
    boolean("meld_card_reuse", False, "one card may count in two melds (a carré and a sequence)"),
    choice(
        "hundred_priority",
        "carre",
        ("carre", "sequence"),
        "which wins between a 100-carré and a quinte",
    ),
    choice(
        "meld_tie", "void", ("void", "first_declarer"), "result when the two best melds are equal"
    ),
    boolean("sa_nine_carre", True, "four 9s are a 100 meld in SA"),
    boolean("belote_king_first", False, "belote counts only if the K is played before the Q"),
    choice(
        "ta_belote",
        "each_suit",
        ("each_suit", "none"),
        "in all trump (TA), every suit's K+Q is a belote (each_suit) or none is (none)",
    ),
    choice(
        "carre_values",
        "by_contract",
        ("by_contract", "fixed"),
        "carré values follow the contract (SA: A 200, T 150), or stay J 200, 9 150, others 100",
    ),
)
"""The Belote keys about play and melds, which Coinche shares (docs/rules.md §10 item 5)."""

NO_CARD = -1
F = TypeVar("F", bound="BeloteFamily")
DECK_SET = frozenset(FRENCH_32)


class BeloteFamily(Game):
    """Trick play, melds and belote of Belote and Coinche; bidding and scoring are subclasses'."""

    SEAT_COUNTS: ClassVar[tuple[int, ...]] = (4,)
    ENGINE_VERSION: ClassVar[int] = 2
    """2: the ``ta_belote`` and ``carre_values`` keys (a version-1 snapshot lacks them)."""
    FACTS: ClassVar[CardFacts] = CardFacts(PLAIN_ORDER, TRUMP_ORDER, PLAIN_POINTS, TRUMP_POINTS)

    # ------------------------------------------------------------------ subclass obligations
    @abstractmethod
    def _end_of_play(self) -> None:
        """Score the deal once the eighth trick is taken (and call ``_finish_deal``)."""

    @abstractmethod
    def _bidding_actions(self, seat: int) -> list[Action]:
        """Legal actions of ``seat`` (the seat to act) outside the play phase."""

    @abstractmethod
    def _check_bidding(self, seat: int, action: Action) -> None:
        """Raise ``IllegalAction`` if ``action`` may not be made now outside the play phase."""

    @abstractmethod
    def _apply_bidding(self, seat: int, action: Action) -> None:
        """Apply a bidding action already checked by ``_check_bidding``."""

    def _points(self) -> tuple[int, ...]:
        """Card points of the contract being played, by card index."""
        return BELOTE_POINTS[self.mode]

    def _last_trick_bonus(self, capot: bool) -> int:
        """10 for the last trick, or 100 when one side took all eight (Belote's capot)."""
        return CAPOT_LAST_TRICK if capot else LAST_TRICK

    # ------------------------------------------------------------------------------- setup
    @property
    def sides(self) -> int:
        return 2

    def side_of(self, seat: int) -> int:
        return seat & 1

    @classmethod
    def deck_for(cls, options: Mapping[str, Any], seats: int) -> tuple[str, ...]:
        return FRENCH_32

    def _init_play_options(self) -> None:
        opts = self.options
        self.trump_lead: int = TRUMP_LEAD_CODES[opts["trump_lead_overtrump"]]
        self.must_undertrump: bool = opts["must_undertrump"]
        self.partner_free: bool = opts["partner_winning_trump"] == "free"
        self._clear_deal()

    def _clear_deal(self) -> None:
        self.hands: list[int] = [0, 0, 0, 0]
        self.legal_memo: int = -1
        self.turn = None
        self.mode: int = NO_CARD
        self.declarer: int | None = None
        self.trick: list[int] = []
        self.leader: int = 0
        self.win_seat: int = 0
        self.win_card: int = NO_CARD
        self.tricks_won: list[int] = [0, 0, 0, 0]
        self.tricks_played: int = 0
        self.card_points: list[int] = [0, 0]
        self.last_trick: list[list[Any]] | None = None
        self.declarations: list[dict[str, Any] | None] = [None, None, None, None]
        self.meld_side: int | None = None
        self.belote_holders: list[int] = [-1, -1, -1, -1]
        self.belote_seen: list[int] = [0, 0, 0, 0]
        self.belote_points: list[int] = [0, 0]

    def deal(self, deck: Sequence[str]) -> None:
        """As ``Game.deal``, with a fast path for a deck already in upper-case codes."""
        if self.over or self.phase != "deal" or len(deck) != 32 or set(deck) != DECK_SET:
            super().deal(deck)
            return
        cards = list(deck)
        self.log.append({"dealer": self.dealer, "deck": cards, "actions": []})
        self.events = []
        self._start_deal(cards)

    def _order(self) -> list[int]:
        """``p_0 … p_3``: the seats from the dealer's right, ending with the dealer."""
        d = self.dealer
        return [(d + 1) & 3, (d + 2) & 3, (d + 3) & 3, d]

    def _deal_packets(self, deck: list[str], start: int, sizes: list[int]) -> int:
        """Deal rounds of packets ``p_0..p_3`` from ``deck[start]``; returns the next index."""
        order = self._order()
        hands = self.hands
        for size in sizes:
            for seat in order:
                hands[seat] |= mask_of(deck[start : start + size])
                start += size
        return start

    def _start_play(self, trump: str, declarer: int) -> None:
        """The contract is known and every hand holds 8 cards: announce nothing yet, set up."""
        mode = self.mode = MODE_OF_TRUMP[trump]
        self.declarer = declarer
        self.legal_memo = -1
        self.phase = "play"
        self.turn = (self.dealer + 1) & 3
        opts = self.options
        self.belote_holders = belote_holders(self.hands, mode, opts["ta_belote"] == "each_suit")
        if opts["melds_enabled"]:
            self.declarations = [
                best_declaration(
                    hand,
                    mode,
                    opts["meld_card_reuse"],
                    opts["hundred_priority"] == "carre",
                    opts["sa_nine_carre"],
                    opts["carre_values"] == "fixed",
                )
                for hand in self.hands
            ]

    # ------------------------------------------------------------------------ turn / legal
    def legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "play":
            if seat != self.turn:
                return []
            mask = self.legal_memo
            if mask < 0:
                mask = self._legal_mask(seat)
            a0, a1, a2, a3 = ACTIONS_BY_BYTE
            return [*a0[mask & 255], *a1[mask >> 8 & 255], *a2[mask >> 16 & 255], *a3[mask >> 24]]
        if self.over or self.phase == "deal" or seat != self.to_act:
            return []
        return self._bidding_actions(seat)

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "play":
            return play_actions(self._legal_mask(seat))
        return self._bidding_actions(seat)

    def _legal_mask(self, seat: int) -> int:
        """Cards ``seat`` (the seat to play) may play; memoised until the next card is played,
        because ``legal_actions`` and then ``apply`` both need it."""
        memo = self.legal_memo
        if memo >= 0:
            return memo
        trick = self.trick
        if not trick:
            memo = self.hands[seat]
        else:
            memo = legal_mask(
                self.hands[seat],
                self.mode,
                trick[0],
                self.win_card,
                self.win_seat ^ seat == 2,
                self.trump_lead,
                self.must_undertrump,
                self.partner_free,
            )
        self.legal_memo = memo
        return memo

    # ------------------------------------------------------------------------- actions
    def _validate(self, seat: int, action: Action) -> None:
        if self.phase == "play":
            self._check_play(seat, action)
        else:
            self._check_bidding(seat, action)

    def apply(self, seat: int, action: Action) -> None:
        if self.phase == "play" and action.type == "play":
            card = CARD_INDEX.get(action.card, NO_CARD)  # type: ignore[arg-type]
            memo = self.legal_memo
            if seat == self.turn and card >= 0 and memo > 0 and memo >> card & 1:
                # Fast path: the memo is the legal subset of this seat's hand.
                self._play(seat, card)
            else:
                self._play(seat, self._check_play(seat, action))
            self.log[-1]["actions"].append({"seat": seat, "type": "play", "card": action.card})
            return
        super().apply(seat, action)

    def _apply(self, seat: int, action: Action) -> None:
        if self.phase == "play":
            self._play(seat, self._check_play(seat, action))
        else:
            self._check_bidding(seat, action)
            self._apply_bidding(seat, action)

    def _check_turn(self, seat: int) -> None:
        if seat != self.turn:
            raise IllegalAction("not_your_turn", seat=self.turn)

    def _check_play(self, seat: int, action: Action) -> int:
        """The card index of a legal ``play`` action, or ``IllegalAction`` with the reason."""
        if action.type != "play":
            raise IllegalAction("play_phase", action=action.type)
        if seat != self.turn:
            raise IllegalAction("not_your_turn", seat=self.turn)
        card = CARD_INDEX.get(action.card or "", NO_CARD)
        if card < 0 or not self.hands[seat] >> card & 1:
            raise IllegalAction("seat_lacks_card", seat=seat, card=action.card)
        if self.trick and not self._legal_mask(seat) >> card & 1:
            code, params = illegal_play(
                card,
                self.hands[seat],
                self.mode,
                self.trick[0],
                self.win_card,
                self.win_seat ^ seat == 2,
            )
            raise IllegalAction(code, **params)
        return card

    def _play(self, seat: int, card: int) -> None:
        self.legal_memo = -1
        self.hands[seat] ^= 1 << card
        if self.tricks_played == 0:
            decl = self.declarations[seat]
            if decl is not None:
                self.events.append({"type": "declare", "seat": seat, "melds": meld_summary(decl)})
        suit = card >> 3
        if self.belote_holders[suit] == seat and (card & 7) in (KING, QUEEN):
            self._belote(seat, card)
        trick = self.trick
        if not trick:
            self.leader = seat
            self.win_seat = seat
            self.win_card = card
        else:
            win = self.win_card
            if suit == win >> 3:
                strength = STRENGTH[self.mode]
                if strength[card] > strength[win]:
                    self.win_seat = seat
                    self.win_card = card
            elif suit == self.mode:
                self.win_seat = seat
                self.win_card = card
        trick.append(card)
        if len(trick) == 4:
            self._end_trick()
        else:
            self.turn = (seat + 1) & 3

    def _belote(self, seat: int, card: int) -> None:
        """Belote when the first of the pair is played, rebelote (and 20) with the second.

        ``belote_seen`` per suit: 0 nothing played, 1 "belote" said, 2 void (the queen came first
        under ``belote_king_first``), 3 scored.
        """
        suit = card >> 3
        seen = self.belote_seen[suit]
        if seen == 0:
            if (card & 7) == QUEEN and self.options["belote_king_first"]:
                self.belote_seen[suit] = 2
                return
            self.belote_seen[suit] = 1
            self.events.append({"type": "belote", "seat": seat, "card": CARD_CODES[card]})
        elif seen == 1:
            self.belote_seen[suit] = 3
            self.belote_points[seat & 1] += 20
            self.events.append(
                {"type": "rebelote", "seat": seat, "card": CARD_CODES[card], "points": 20}
            )

    def _end_trick(self) -> None:
        trick = self.trick
        winner = self.win_seat
        points = self._points()
        side = winner & 1
        self.card_points[side] += (
            points[trick[0]] + points[trick[1]] + points[trick[2]] + points[trick[3]]
        )
        self.tricks_won[winner] += 1
        self.tricks_played += 1
        lead = self.leader
        played = [
            [lead, CARD_CODES[trick[0]]],
            [(lead + 1) & 3, CARD_CODES[trick[1]]],
            [(lead + 2) & 3, CARD_CODES[trick[2]]],
            [(lead + 3) & 3, CARD_CODES[trick[3]]],
        ]
        self.last_trick = played
        self.events.append({"type": "trick", "seat": winner, "winner": winner, "cards": played})
        self.trick = []
        if self.tricks_played == 1 and self.options["melds_enabled"]:
            self._resolve_melds()
        if self.tricks_played == 8:
            won = self.tricks_won
            capot = won[side] + won[side + 2] == 8
            self.card_points[side] += self._last_trick_bonus(capot)
            self.turn = None
            self._end_of_play()
        else:
            self.turn = winner

    def _resolve_melds(self) -> None:
        first = (self.dealer + 1) & 3
        order = [first, (first + 1) & 3, (first + 2) & 3, (first + 3) & 3]
        decls = self.declarations
        side = resolve_melds(decls, order, self.options["meld_tie"] == "first_declarer")
        self.meld_side = side
        if any(d is not None for d in decls):
            event: MeldsEvent = {
                "type": "melds",
                "seat": None,
                "side": side,
                "points": 0 if side is None else self.meld_points()[side],
                "melds": []
                if side is None
                else [
                    {"seat": s, "melds": public_melds(d)}
                    for s in order
                    if s & 1 == side and (d := decls[s]) is not None
                ],
            }
            self.events.append(event)

    # ---------------------------------------------------------------------------- results
    def meld_points(self) -> list[int]:
        """``M`` per side (§2.8.1): the winning side's melds, the other side nothing."""
        out = [0, 0]
        side = self.meld_side
        if side is not None:
            for seat in (side, side + 2):
                decl = self.declarations[seat]
                if decl is not None:
                    out[side] += decl["points"]
        return out

    def side_tricks(self) -> list[int]:
        won = self.tricks_won
        return [won[0] + won[2], won[1] + won[3]]

    def _partial_trick_points(self) -> list[int] | None:
        if self.phase != "play" or (self.tricks_played == 0 and not self.trick):
            return None
        return list(self.card_points)

    def _game_end(self, capot: bool, before: list[int], target: int, block_capot: bool) -> None:
        """docs/rules.md §2.9: the higher total at or over the target wins; equal totals play on;
        ``block_capot`` is ``capot_win_disallowed`` (§10 item 4)."""
        totals = self.totals
        if max(totals) < target or totals[0] == totals[1]:
            return
        winner = 0 if totals[0] > totals[1] else 1
        if block_capot and capot and before[winner] < target:
            return
        self.over = True
        self.winners = [winner]

    # ------------------------------------------------------------------------------ views
    def winning_seat(self) -> int | None:
        return self.win_seat if self.trick else None

    def _base_view(self, seat: int | None) -> CommonView[None]:
        hands = self.hands
        played = [[(self.leader + i) & 3, CARD_CODES[c]] for i, c in enumerate(self.trick)]
        scores: Scores = {"deal": list(self.card_points), "game": list(self.totals)}
        return common_view(
            self,
            seat,
            phase="over" if self.over else self.phase,
            hand=cards_of(hands[seat]) if seat is not None else [],
            hand_sizes=[h.bit_count() for h in hands],
            trick=played,
            last_trick=self.last_trick or None,
            tricks_won=list(self.tricks_won),
            trump=TRUMP_OF_MODE[self.mode] if self.mode >= 0 else None,
            scores=scores,
            events=self.events,
        )

    # -------------------------------------------------------------------------- snapshots
    CACHES = ("legal_memo",)
    """The legal-play memo is a cache, not state: snapshots leave it out."""

    @classmethod
    def from_dict(cls: type[F], data: Mapping[str, Any]) -> F:
        game = super().from_dict(data)
        game.legal_memo = -1
        return game

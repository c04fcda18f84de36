"""Deals of the unseen cards that fit what a seat knows: the hidden-information half of the search.

A computer player sees its own hand and the public play only. The search plays out many complete
deals instead (determinizations), so each must be one that could be the real deal. Some facts are
certain, and every sampled deal keeps them (``Knowledge``): every card played, every void shown
by not following, every card known to be held (the turn-up, melds, a belote, Sueca's trump card,
Piquet's declared combinations) or out of play (Briscola's face-up trump, its removed 2, Piquet's
discards). Others are likely only, and the ``Sampler`` draws hands in proportion to how well they
fit them (its ``Claim``s):

- what each call of an auction says about its caller's hand, as the normal player's own hand
  valuation would have made it: a Coinche bid, pass or coinche; a Belote take, or a pass with the
  turn-up on the table; a chiamata call or pass, the trump suit the declarer named and whether he
  holds the called card himself;
- Piquet's declarations, whose public outcome (who won each category, or a tie) the other hand
  must reproduce, and the exchange, where fewer cards taken means more cards worth keeping;
- the play: the last player of a trick who let a trick of ten points or more go to the other side
  most likely held no legal card that would have won it.

Claims come from the view's auction and events by their kind, whichever game they are in.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Final, TypeVar

from games.ai import knowledge as kn
from games.ai.belief import Belief
from games.ai.knowledge import Knowledge, Rules, events
from games.ai.normal import bid_value, chiamata_strength, defence, trump_strength
from games.cards import SUITS
from games.piquet_declarations import settle_declarations
from games.views import GameView

AUCTION_WEIGHTS = True
"""Draw hands in proportion to how well they fit the claims (``Sampler.plausibility``)."""
TRIES: Final = 20
"""Draws per sample before the most plausible one drawn is kept."""
TRIES_CERTAIN: Final = 60
"""The same where a claim rules hands out altogether (Piquet's declarations)."""
TRIES_MORE: Final = 5
"""While every draw is ruled out, up to this many times ``TRIES_CERTAIN``."""

BID_SLACK: Final = 10
BID_SLACK_SUPPORTED: Final = 30
BID_SCALE: Final = 15.0
"""A bid ``BID_SCALE`` points above what its sampled hand supports (beyond the slack) makes
that hand e (2.7) times less likely."""
COINCHE_DEFENCE: Final = 3.0
"""``normal.defence`` below which a coinche is unlikely (``DEFENCE_SCALE`` per trick short)."""
DEFENCE_SCALE: Final = 1.0
PASS_SLACK: Final = 20
PASS_SCALE: Final = 20.0

TAKE_STRENGTH: Final = 5.5
"""``normal.trump_strength`` of a taker's eight cards (with the turn-up) below which a take is
unlikely: the normal player takes at 5.4 on five cards and the turn-up, and nine in ten such
hands measure 5.3 or more once the deal is complete."""
REFUSE_STRENGTH: Final = 5.0
"""Above which a pass with the turn-up on the table is unlikely (19 in 20 passing hands measure
less once complete)."""
TAKE_SCALE: Final = 0.8

CALL_STRENGTH: Final = 9.0
"""``normal.chiamata_strength`` of the best suit under which a chiamata call is unlikely (the
normal player calls from 9), and over which a pass is (``FOLD_STRENGTH``)."""
FOLD_STRENGTH: Final = 13.0
CALL_SCALE: Final = 1.5
TRUMP_LENGTH: Final = 3
"""Cards of the named trump suit the declarer is expected to hold."""
CALLED_IN_OWN_HAND: Final = 0.15
"""How much less likely a declarer who called a card holds it himself (playing alone)."""

LET_GO_POINTS: Final = 10
LET_GO: Final = 0.3
"""How much less likely a last player who let ``LET_GO_POINTS`` or more go to the other side
held a legal card that would have won the trick."""

T = TypeVar("T")

KEEPERS_SCALE: Final = 1.5
"""Piquet: each card short of the ``12 - exchanged`` worth keeping makes a hand e times less
likely."""


@dataclass(frozen=True)
class Claim:
    """What one public act says about its author's hand.

    ``kind``: ``bid`` of ``value`` in ``suit`` (``supported`` when the partner named that suit
    first), ``pass`` with a contract standing at ``value``, ``coinche`` of a contract in ``suit``
    (Coinche); ``take`` of ``suit``, ``refuse`` of ``suit`` (a pass in the taking) (Belote);
    ``call``, ``fold`` (a pass), ``trump`` of ``suit``, ``called`` ``card`` (chiamata);
    ``declared`` (Piquet: ``card`` is the category, ``value`` the winner seat or -1, and the
    outcome must be reproduced), ``kept`` (``value`` cards taken in the exchange); ``let_go``
    (the play: ``card`` the trick's lead, ``value`` the card winning when the seat played,
    ``suit`` ``"partner"`` when its side was winning). ``since``: the cards the seat has played
    since (they were in its hand then, unless drawn later). ``drawn``: the cards it has drawn
    from a stock since (Briscola): that many of its cards now and since were not in its hand
    then."""

    kind: str
    seat: int
    suit: str = ""
    value: int = 0
    supported: bool = False
    since: int = 0
    card: str = ""
    drawn: int = 0


class Sampler:
    """Deals of the unseen cards consistent with a view's ``Knowledge``, fitted to its claims."""

    def __init__(self, know: Knowledge, view: GameView, belief: Belief | None = None) -> None:
        self.know = know
        self.view = view
        self.belief = belief.holders(view, know) if belief is not None else None
        """Each card's chance of being in each hand (then in no hand), by a learned belief
        (``games.ai.belief``): cards are then drawn in proportion to it, within the hard
        constraints, and the hand-written claims are left out (the belief learned what the
        calls and plays say)."""
        rules = know.rules
        sizes = kn.hand_sizes(view)
        self.sizes = sizes
        self.seat = know.seat
        self.unseen = [c for c in range(rules.size) if know.unseen >> c & 1]
        self.played_by = self._played_by()
        self.claims: list[Claim] = []
        if AUCTION_WEIGHTS and self.belief is None:
            self._auction_claims(view)
            self._taking_claims(view)
            self._chiamata_claims(view)
            self._piquet_claims(view)
            self._play_claims(view)
        self.tries = TRIES_CERTAIN if any(c.kind == "declared" for c in self.claims) else TRIES

    def _played_by(self) -> list[int]:
        """The cards each seat has played in this deal."""
        rules = self.know.rules
        out = [0] * self.know.seats
        for trick in [*self.know.history, self.know.trick]:
            for seat, code in trick:
                if 0 <= seat < len(out):
                    out[seat] |= rules.mask([code])
        return out

    def _claim(
        self,
        kind: str,
        seat: int,
        suit: str = "",
        value: int = 0,
        supported: bool = False,
        card: str = "",
    ) -> None:
        """A claim about another seat's hand as it was before the play (every card it has
        played since was in it)."""
        if seat != self.seat and 0 <= seat < self.know.seats:
            since = self.played_by[seat]
            self.claims.append(Claim(kind, seat, suit, value, supported, since, card))

    # ------------------------------------------------------------------------- the claims
    def _auction_claims(self, view: GameView) -> None:
        """What each Coinche bid, pass and coinche says about its caller's hand.

        Without this a sampled opponent who bid 120♥ holds hearts only a little more often
        than anyone else, so the search believes contracts fail that are made, coinches them
        and loses twice over. A bid claims a hand that ``normal.bid_value`` would bid about as
        high in that suit (less is asked of a bid in a suit the partner named first); a pass
        claims no clearly higher bid in any suit; a coinche, tricks against the trumps.
        """
        coinche = kn.as_coinche(view)
        if coinche is None:
            return  # a rank auction (chiamata): ``_chiamata_claims``
        current = 0
        current_trump: str | None = None
        named: set[tuple[int, str]] = set()
        for entry in coinche["auction"]:
            seat = entry["seat"]
            if entry["type"] == "bid":
                value, trump = entry["value"], entry["trump"]
                if not isinstance(value, int) or trump is None:
                    continue  # a capot or generale: no level to measure passes against
                # An SA or TA bid claims nothing that ``bid_value`` measures, but raises the
                # contract that later passes are measured against.
                if trump in SUITS:
                    supported = any((p, trump) in named for p in kn.known_partners(view, seat))
                    self._claim("bid", seat, suit=trump, value=value, supported=supported)
                named.add((seat, trump))
                current, current_trump = value, trump
            elif entry["type"] == "pass":
                self._claim("pass", seat, value=current)
            elif entry["type"] == "coinche" and current_trump is not None:
                self._claim("coinche", seat, suit=current_trump, value=current)

    def _taking_claims(self, view: GameView) -> None:
        """Belote: a take claims trumps enough for it; a pass with the turn-up's suit (or, in
        the second round, any suit) offered claims too few for a take."""
        belote = kn.as_belote(view)
        turn_up = belote["turn_up"] if belote is not None else None
        if turn_up is None:
            return
        for event in events(view):
            if event["type"] == "take" and event["trump"] in SUITS:
                self._claim("take", event["seat"], suit=event["trump"])
            elif event["type"] == "pass" and event.get("round") == 1:
                self._claim("refuse", event["seat"], suit=turn_up[1])
            elif event["type"] == "pass" and event.get("round") == 2:
                for suit in SUITS:
                    if suit != turn_up[1]:
                        self._claim("refuse", event["seat"], suit=suit)

    def _chiamata_claims(self, view: GameView) -> None:
        """Chiamata: a call claims a strong suit, a pass no very strong one; the declarer holds
        the trumps he named, and rarely the card he called."""
        chiamata = kn.as_chiamata(view)
        if chiamata is None:
            return  # a contract auction (Coinche): ``_auction_claims``
        for entry in chiamata["auction"]:
            if entry["type"] == "call":
                self._claim("call", entry["seat"])
            elif entry["type"] == "pass":
                self._claim("fold", entry["seat"])
        declarer = chiamata["declarer"]
        trump = kn.trump_of(view)
        called = chiamata["called_card"]
        if declarer is not None and trump is not None and called is not None:
            self._claim("trump", declarer, suit=trump)
            if chiamata["partner"] is None:
                self._claim("called", declarer, card=called)

    def _piquet_claims(self, view: GameView) -> None:
        """Piquet: each declaration category's public outcome, and each exchange's count."""
        piquet = kn.as_piquet(view)
        if piquet is None:
            return
        elder, younger = piquet["elder"], piquet["younger"]
        other = younger if self.seat == elder else elder
        shown: dict[str, tuple[int, int]] = {}
        for event in events(view):
            if event["type"] == "declaration":
                winner = event["seat"]
                shown[event["category"]] = (winner if winner is not None else -1, 0)
        if view["phase"] == "play":
            for category in ("point", "sequence", "set"):
                # A category missing from the elder's view before his first lead is the
                # younger's: its combinations are shown only then (§4.7.2).
                winner, _ = shown.get(category, (younger, 0))
                self._claim("declared", other, card=category, value=winner)
        exchanged = piquet["exchanged"]
        taken_by = exchanged[other] if 0 <= other < len(exchanged) else None
        if taken_by is None:
            return
        # Only an exchange short of what was allowed says something: the elder may take up to
        # five cards (eight in the 17th-century game), the younger what the elder left.
        talon = self.know.rules.size - 24
        elder_max = min(talon, 8 if talon > 8 else 5)
        taken = taken_by
        allowed = elder_max if other == elder else talon - int(exchanged[elder] or 0)
        if taken < allowed:
            self._claim("kept", other, value=taken)

    def _play_claims(self, view: GameView) -> None:
        """The last player of a trick who let it go to the other side with ten points or more
        in it: it most likely held no legal card that would have won."""
        know = self.know
        rules = know.rules
        tricks = [*know.history, know.trick]
        drawing = _tricks_followed_by_draws(view, len(know.history))
        for index, trick in enumerate(tricks):
            if len(trick) != know.seats or not trick:
                continue
            last_seat, last_code = trick[-1]
            before = trick[:-1]
            if last_seat == self.seat or not before:
                continue
            win_seat, win_code = rules.winner(before)
            win = rules.index[win_code]
            if know.team[win_seat] == know.team[last_seat] or rules.beats(
                rules.index[last_code], win
            ):
                continue
            if sum(rules.code_points(c) for _, c in trick) < LET_GO_POINTS:
                continue
            # The cards it played from this trick on were in its hand then.
            then = 0
            for later in tricks[index:]:
                then |= rules.mask([c for s, c in later if s == last_seat])
            drawn = max(0, drawing - index)
            self.claims.append(
                Claim("let_go", last_seat, "", win, False, then, before[0][1], drawn)
            )

    # ------------------------------------------------------------------------ plausibility
    def plausibility(self, hands: list[int]) -> float:
        """How well ``hands`` fit the claims: 1 when every call is what the normal player's
        hand valuation would have made of its hand, less the further each one strays (0 for
        a hand that contradicts a Piquet declaration)."""
        rules = self.know.rules
        weight = 1.0
        cache: dict[int, list[str]] = {}
        for claim in self.claims:
            held = hands[claim.seat] | claim.since
            if claim.kind == "let_go":
                # A legal card of the hand it had then that would have won the trick.
                legal = rules.legal(held, rules.index[claim.card], claim.value, False)
                winners = (legal & rules.beaters[claim.value]).bit_count()
                if winners:
                    weight *= 1.0 - (1.0 - LET_GO) * _held_then(held, winners, claim.drawn)
                continue
            cards = cache.get(held)
            if cards is None:
                cards = cache[held] = rules.cards(held)
            weight *= self._fit(claim, held, cards, hands, rules)
            if weight == 0.0:
                break
        return weight

    def _fit(
        self, claim: Claim, held: int, cards: list[str], hands: list[int], rules: Rules
    ) -> float:
        kind = claim.kind
        if kind == "coinche":
            short = COINCHE_DEFENCE - defence(cards, claim.suit)
            return math.exp(-short / DEFENCE_SCALE) if short > 0 else 1.0
        if kind == "bid":
            implied = bid_value(trump_strength(cards, claim.suit)) or 60
            slack = BID_SLACK_SUPPORTED if claim.supported else BID_SLACK
            short = claim.value - slack - implied
            return math.exp(-short / BID_SCALE) if short > 0 else 1.0
        if kind == "pass":
            implied = max(bid_value(trump_strength(cards, t)) for t in SUITS)
            over = implied - max(claim.value, 80) - PASS_SLACK
            return math.exp(-over / PASS_SCALE) if over > 0 else 1.0
        if kind == "take":
            lack = TAKE_STRENGTH - trump_strength(cards, claim.suit)
            return math.exp(-lack / TAKE_SCALE) if lack > 0 else 1.0
        if kind == "refuse":
            excess = trump_strength(cards, claim.suit) - REFUSE_STRENGTH
            return math.exp(-excess / TAKE_SCALE) if excess > 0 else 1.0
        if kind == "call":
            lack = CALL_STRENGTH - chiamata_strength(cards)[1]
            return math.exp(-lack / CALL_SCALE) if lack > 0 else 1.0
        if kind == "fold":
            excess = chiamata_strength(cards)[1] - FOLD_STRENGTH
            return math.exp(-excess / CALL_SCALE) if excess > 0 else 1.0
        if kind == "trump":
            lack = TRUMP_LENGTH - sum(1 for c in cards if c[1] == claim.suit)
            return math.exp(-lack) if lack > 0 else 1.0
        if kind == "called":
            return CALLED_IN_OWN_HAND if claim.card in cards else 1.0
        if kind == "declared":
            return self._declared(claim, held, hands, rules)
        if kind == "kept":
            keepers = _keepers(cards)
            short = (len(cards) - claim.value) - keepers
            return math.exp(-short / KEEPERS_SCALE) if short > 0 else 1.0
        return 1.0

    def _declared(self, claim: Claim, held: int, hands: list[int], rules: Rules) -> float:
        """Whether the two Piquet hands as they were at the declarations give the category
        the winner the view shows (-1: nobody)."""
        view = self.view
        piquet = kn.as_piquet(view)
        if piquet is None:
            return 1.0
        elder = piquet["elder"]
        mine = hands[self.seat] | self.played_by[self.seat]
        elder_hand, younger_hand = (mine, held) if self.seat == elder else (held, mine)
        era = str(rules.options["rules_era"])
        results = settle_declarations(rules.cards(elder_hand), rules.cards(younger_hand), era)
        for result in results:
            if result.category != claim.card:
                continue
            winner = -1
            if result.winner is not None:
                winner = elder if result.winner == 0 else 1 - elder
            return 1.0 if winner == claim.value else 0.0
        return 1.0

    # ----------------------------------------------------------------------------- drawing
    def sample(self, rng: random.Random) -> tuple[list[int], list[int]] | None:
        """Hands for every seat (the own hand as it is) and the cards left over, or ``None`` if
        the constraints could not be met after a few tries. Hands are drawn in proportion to
        how well they fit the claims (rejection sampling; after ``tries`` draws, the most
        plausible one drawn)."""
        failed = 0

        def draw() -> tuple[list[int], list[int]] | None:
            nonlocal failed
            while failed < 24:
                out = self._try(rng, relax=failed >= 16)
                if out is not None:
                    return out
                failed += 1
            return None

        return self.fitted(rng, draw, lambda out: out[0])

    def hands(self, rng: random.Random, count: int) -> list[list[int]]:
        """Up to ``count`` sampled deals' hands (``sample``), for an auction decision: the
        deals whose constraints could not be met are left out."""
        dealt = []
        for _ in range(count):
            sampled = self.sample(rng)
            if sampled is not None:
                dealt.append(sampled[0])
        return dealt

    def fitted(
        self,
        rng: random.Random,
        draw: Callable[[], T | None],
        hands_of: Callable[[T], list[int]],
    ) -> T | None:
        """One of ``draw()``'s deals, accepted in proportion to its plausibility (after
        ``tries`` draws, the most plausible one drawn); ``hands_of`` gives a deal's hands."""
        best: T | None = None
        best_w = -1.0
        tries = 0
        # Where a claim rules hands out, keep drawing (up to ``TRIES_MORE`` times as many)
        # until one is possible at all.
        while tries < self.tries or (best_w == 0.0 and tries < self.tries * TRIES_MORE):
            tries += 1
            out = draw()
            if out is None:
                break
            if not self.claims:
                return out
            w = self.plausibility(hands_of(out))
            if rng.random() < w:
                return out
            if w > best_w:
                best, best_w = out, w
        return best

    def _try(self, rng: random.Random, relax: bool) -> tuple[list[int], list[int]] | None:
        know = self.know
        seats = know.seats
        hands = [0] * seats
        hands[self.seat] = know.mine
        room = list(self.sizes)
        room[self.seat] = 0
        pool = []
        for c in self.unseen:
            holder = -1
            for s in range(seats):
                if s != self.seat and know.held[s] >> c & 1:
                    holder = s
            if holder >= 0 and room[holder] > 0:
                hands[holder] |= 1 << c
                room[holder] -= 1
            else:
                pool.append(c)
        rest_room = len(pool) - sum(room)
        if rest_room < 0:
            return None
        rng.shuffle(pool)
        forbidden = know.forbidden
        # Most constrained cards first.
        pool.sort(key=lambda c: sum(1 for s in range(seats) if not forbidden[s] >> c & 1))
        rest: list[int] = []
        belief = self.belief
        # With a belief, a card goes to a hand in proportion to its chance of being there times
        # the share of that hand still to fill: uniform odds give the uniform draw back.
        start = [max(1, r) for r in room]
        rest_start = max(1, rest_room)
        for c in pool:
            total = 0.0
            choices: list[tuple[int, float]] = []
            odds = belief[c] if belief is not None else None
            for s in range(seats):
                if room[s] > 0 and (relax or not forbidden[s] >> c & 1):
                    w = float(room[s]) if odds is None else max(odds[s], 1e-3) * room[s] / start[s]
                    choices.append((s, w))
                    total += w
            if rest_room > 0:
                w = (
                    float(rest_room)
                    if odds is None
                    else max(odds[seats], 1e-3) * rest_room / rest_start
                )
                choices.append((-1, w))
                total += w
            if not choices:
                return None
            pick = rng.random() * total
            chosen = choices[-1][0]
            for s, w in choices:
                pick -= w
                if pick < 0:
                    chosen = s
                    break
            if chosen < 0:
                rest.append(c)
                rest_room -= 1
            else:
                hands[chosen] |= 1 << c
                room[chosen] -= 1
        return hands, rest


def _keepers(cards: list[str]) -> int:
    """Piquet cards worth keeping in an exchange: a ten or higher, or any card of a suit of
    four or more (the normal player's exchange keeps those)."""
    length = {s: sum(1 for c in cards if c[1] == s) for s in SUITS}
    return sum(1 for c in cards if c[0] in "TJQKA" or length[c[1]] >= 4)


def _tricks_followed_by_draws(view: GameView, completed: int) -> int:
    """How many of the deal's first tricks were followed by drawing from the stock: all of
    them while a stock is left, those up to the one after which the face-up trump card was
    drawn once it is gone, none in a game without a stock."""
    if not kn.as_briscola(view):
        return 0
    if kn.stock_size(view) > 0:
        return completed
    tricks = 0
    for event in events(view):
        if event["type"] == "trick":
            tricks += 1
        elif event["type"] == "trump_card_drawn":
            return tricks
    return 0


def _held_then(cards: int, winners: int, drawn: int) -> float:
    """The chance that a hand of ``cards`` held at a past trick, of which ``drawn`` cards came
    from the stock only after it, held one of the ``winners`` among them then (the drawn ones
    taken as any of them alike): 1 when nothing was drawn since."""
    total = cards.bit_count()
    then = total - drawn
    if then <= 0:
        return 0.0
    return 1.0 - math.comb(total - winners, then) / math.comb(total, then)


__all__ = ["AUCTION_WEIGHTS", "Claim", "Sampler"]

"""What a finished sampled deal scores, counted the way the table counts it.

A search that played for card points would play for the wrong goal: a Coinche contract is made
or failed as a whole, and by the table's own rules (bonus-only scoring, what counts toward the
contract, the 80 that needs 82, rounding, capot, belote), Belote's litige and dedans move the
points to the other side, Piquet scores a pique, Sueca a bandeira, chiamata doubles its stakes
on a cappotto. So the score of a deal is never re-derived here: ``DealScoring`` hands the deal's
facts (card points, tricks, the last trick's winner, melds, belotes, the called card's holder,
Piquet's declarations) to the engines' own scoring functions under the view's ``options``, and
the searching seat's side reads its value from their result, in the game's own unit.

``TableScoring`` holds what the view says (contract, options, points already scored, melds and
belotes announced) once per decision; ``TableScoring.for_deal`` adds what one sampled deal says
(who holds the belote, whose melds win, who holds the called card, the younger's Piquet
declarations the elder has not seen yet). ``deal_score`` is the two in one call for a deal that
has been played to its end.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from games.ai import knowledge as kn
from games.ai.deal import Deal
from games.ai.knowledge import Knowledge, declarer_of, events
from games.ai.profiles import PROFILES
from games.belote import card_multiplier, score_belote_hand
from games.belote_melds import best_declaration, resolve_melds
from games.belote_rules import (
    CAPOT_LAST_TRICK,
    KING,
    LAST_TRICK,
    MODE_OF_TRUMP,
    QUEEN,
    belote_suits,
)
from games.briscola import hand_winner
from games.chiamata import score_chiamata_deal
from games.coinche import LEVELS, contract_card_points, last_trick_bonus, score_coinche_hand
from games.piquet import PIQUE, REPIQUE, cards_bonus
from games.piquet_declarations import settle_declarations
from games.sueca import hand_result
from games.views import BeloteView, GameView

Objective = Literal["score", "search", "cards"]
"""What a deal is worth to the searching seat: ``score``, its side's deal score in the game's
unit (the margin over the other side where there are two sides, its own score otherwise);
``search``, what the hard player maximises: that, plus in Sueca, Briscola and chiamata the card
points margin with the deal's result weighed by ``RESULT_WEIGHT`` card points a unit;
``cards``, in those three games the card points margin alone (a deal review's unit, which says
"card points" and must mean them), elsewhere the same as ``score``."""

RESULT_WEIGHT: Final[dict[str, int]] = {
    name: p.result_weight for name, p in PROFILES.items() if p.result_weight
}
"""Card points one unit of the deal's score is worth to the hard player's search where card
points decide the result (a Sueca game, a Briscola hand, a chiamata stake): the card points
still count for the next deals' chances and for ties, the unit for the result."""

BELOTE_POINTS: Final = 20


@dataclass(frozen=True)
class DealScore:
    """A finished deal as the engine records it, per side in the order of the view's ``teams``."""

    scores: tuple[int, ...]
    """The deal's scores in the game's unit (the engine's ``deal_result`` scores): points in
    Belote, Coinche and Piquet, games in Sueca, hands in Briscola, stakes in chiamata."""
    trick_points: tuple[int, ...]
    """Card points taken (Belote and Coinche: before any SA/TA conversion, last trick
    included); in Piquet, tricks won — as in the engine's ``deal_result``."""
    made: bool | None = None
    """Whether the contract was made (Belote, Coinche, chiamata), as the engine judges it."""


class TableScoring:
    """The scoring of the deal a view is in: what the view says, read once per decision."""

    def __init__(self, view: GameView, objective: Objective = "search") -> None:
        know = Knowledge(view)
        self.view = view
        self.know = know
        self.objective = objective
        self.game = know.rules.game
        self.profile = know.rules.profile
        self.options: Mapping[str, Any] = view["options"]
        self.teams = [list(team) for team in view["teams"]]
        self.team_of = kn.team_of(view)
        self.seat = know.seat
        self.seats = know.seats
        self.before = list(view["scores"]["deal"])
        self.totals = list(view["scores"]["game"])
        self.tricks_before = list(view["tricks_won"])
        self.declarer = declarer_of(view)
        coinche = kn.as_coinche(view)
        contract = coinche["contract"] if coinche is not None else None
        trump = kn.trump_of(view)
        self.mode = MODE_OF_TRUMP.get(trump or "", -1)
        self.level = 0
        self.multiplier = 1
        if contract is not None and contract["value"] is not None:
            self.level = LEVELS[contract["value"]]
            self.multiplier = contract["multiplier"]
        self.event_list = events(view)
        self.tricks_done = any(e["type"] == "trick" for e in self.event_list)
        self.weight = self.profile.result_weight

    # ---------------------------------------------------------------------- one sampled deal
    def start(self, deal: Deal) -> DealScoring:
        """The scoring of ``deal``, a sampled deal not played on yet (``Deal.dealt`` are its
        hands): in Piquet the deal is first given the hand's points so far, which decide
        whether a card brings a pique."""
        if self.profile.per_trick:
            h = list(self.before)
            shown = (e["type"] for e in self.event_list)
            pique_open = not any(kind in ("repique", "pique") for kind in shown)
            hidden, repique, younger = self._younger_hidden(deal)
            if hidden:
                h[younger] += hidden
                pique_open = pique_open and not repique
            deal.piquet_start(h, self.tricks_before, pique_open)
        scoring = self.for_deal(deal)
        deal.watch_queens([(king, queen) for king, queen, _ in scoring.pending])
        return scoring

    def for_deal(self, deal: Deal) -> DealScoring:
        """The scoring of one sampled deal, from its hands as they were dealt (``Deal.dealt``):
        who holds the belote, whose melds win, who holds the called card."""
        extra = [0] * len(self.teams)
        if self.profile.belote_rules:
            belote, pending = self._belotes(deal)
            return DealScoring(self, deal.side, self._melds(deal), belote, None, pending)
        partner = self._partner(deal) if self.profile.called_partner else None
        return DealScoring(self, deal.side, extra, extra, partner)

    def _melds(self, deal: Deal) -> list[int]:
        """Meld points per side: as announced after trick 1, or, during trick 1, those of the
        sampled hands, resolved as the engine will (``games.belote_melds``)."""
        out = [0, 0]
        for event in self.event_list:
            if event["type"] == "melds" and event["side"] is not None:
                out[event["side"]] += event["points"]
                return out
        opts = self.options
        if not opts["melds_enabled"] or self.tricks_done:
            return out
        decls = [
            best_declaration(
                hand,
                self.mode,
                opts["meld_card_reuse"],
                opts["hundred_priority"] == "carre",
                opts["sa_nine_carre"],
                opts["carre_values"] == "fixed",
            )
            for hand in deal.dealt
        ]
        dealer = self.view["dealer"]
        order = [(dealer + k) % 4 for k in range(1, 5)]
        side = resolve_melds(decls, order, opts["meld_tie"] == "first_declarer")
        if side is not None:
            for seat in (side, side + 2):
                decl = decls[seat]
                if decl is not None:
                    out[side] += int(decl["points"])
        return out

    def _belotes(self, deal: Deal) -> tuple[list[int], list[tuple[int, int, int]]]:
        """Belote points per side: announced ones, and a K and Q of a belote suit that one
        sampled hand holds; where the king must come first, those pairs are left pending as
        (king, queen, side): the play decides."""
        out = [0, 0]
        pairs: list[tuple[int, int, int]] = []
        announced: dict[int, int] = {}
        for event in self.event_list:
            if event["type"] == "belote" or event["type"] == "rebelote":
                announced["SHDC".index(event["card"][1])] = event["seat"]
        each = self.options["ta_belote"] == "each_suit"
        for suit in belote_suits(self.mode, each):
            seat = announced.get(suit)
            if seat is None:
                king, queen = suit * 8 + KING, suit * 8 + QUEEN
                pair = (1 << king) | (1 << queen)
                seat = next((s for s, h in enumerate(deal.dealt) if h & pair == pair), None)
                if seat is not None and self.options["belote_king_first"]:
                    pairs.append((king, queen, self.team_of[seat]))
                    continue
            if seat is not None:
                out[self.team_of[seat]] += BELOTE_POINTS
        return out, pairs

    def _partner(self, deal: Deal) -> int | None:
        """Chiamata's partner: shown in the view, or whoever holds the called card here."""
        view = kn.as_chiamata(self.view)
        if view is None:
            return self.declarer
        if view["partner"] is not None:
            return view["partner"]
        called = view["called_card"]
        rules = self.know.rules
        if called is not None and called in rules.index:
            bit = 1 << rules.index[called]
            for seat, hand in enumerate(deal.dealt):
                if hand & bit:
                    return seat
        return self.declarer

    def _younger_hidden(self, deal: Deal) -> tuple[int, bool, int]:
        """Piquet: the younger's declaration points (and repique) that the elder's view leaves
        out until his first lead (§4.7.2), from the sampled younger hand, and the younger's
        seat; no points when nothing is hidden from this view."""
        view = kn.as_piquet(self.view)
        if view is None:
            return 0, False, 0
        elder, younger = view["elder"], view["younger"]
        if self.seat != elder or self.tricks_done or self.know.trick:
            return 0, False, younger
        public = {e["category"]: e for e in self.event_list if e["type"] == "declaration"}
        repiqued = any(e["type"] == "repique" for e in self.event_list)
        rules = self.know.rules
        blanche = view["carte_blanche"]
        run = {elder: 10 if blanche[elder] else 0, younger: 10 if blanche[younger] else 0}
        era = self.options["rules_era"]
        results = settle_declarations(
            rules.cards(deal.dealt[elder]), rules.cards(deal.dealt[younger]), era
        )
        hidden = 0
        repique = False
        for result in results:
            shown = public.get(result.category)
            if shown is not None:
                if shown["seat"] is not None:
                    run[shown["seat"]] += shown["points"]
                continue
            if result.winner != 1:
                continue
            run[younger] += result.points
            hidden += result.points
            if not repiqued and not repique and run[younger] >= PIQUE and run[elder] == 0:
                repique = True
                hidden += REPIQUE
        return hidden, repique, younger


class DealScoring:
    """One sampled deal's scoring: its scores once it is played out, and its worth to the
    searching seat (``value``, by the table's objective)."""

    def __init__(
        self,
        table: TableScoring,
        side: list[int],
        melds: list[int],
        belote: list[int],
        partner: int | None,
        pending: list[tuple[int, int, int]] | None = None,
    ) -> None:
        self.table = table
        self.side = side
        self.melds = melds
        self.belote = belote
        self.partner = partner
        self.pending = pending or []
        """Belotes the king-first rule leaves to the play: (king, queen, side)."""
        self.memo: dict[tuple[int, ...], DealScore] = {}
        self.values: dict[tuple[int, ...], float] = {}
        game = table.game
        self.state: Callable[[Deal], tuple[int, ...]] = _two_sided_state
        alone = len(table.teams) > 2 and not table.profile.called_partner
        if table.profile.per_trick:
            self.state = _piquet_state
        elif alone:
            # Each seat scores alone by its own card points (three-player Briscola).
            self.state = _seat_state
        elif table.level == LEVELS["generale"]:
            declarer = table.declarer or 0
            self.state = lambda deal: (deal.points[0], deal.tricks[0], deal.seat_tricks[declarer])
        if self.pending:
            base = self.state
            self.state = lambda deal: (*base(deal), deal.voided)
        scorer = {
            "belote": self._belote,
            "coinche": self._coinche,
            "piquet": self._piquet,
            "sueca": self._sueca,
            "briscola": self._briscola,
            "chiamata": self._chiamata,
        }
        self._score = scorer[game]
        self.bounds: Callable[[Deal], tuple[float, float]] | None = None
        """The least and the most the deal can still be worth to the searching seat, for the
        solver's pruning: set where the value only grows with the searching side's card points
        (two-sided Briscola, whose hand goes to the side with more than half of them)."""
        if table.profile.stock and len(table.teams) == 2:
            self.bounds = self._briscola_bounds

    def _briscola_bounds(self, deal: Deal) -> tuple[float, float]:
        table = self.table
        ours = 0 if self.side[table.teams[0][0]] == 0 else 1
        mine = table.before[ours] + deal.points[0]
        theirs = table.before[1 - ours] + deal.points[1]
        pool = deal.pool
        search = table.objective == "search" and table.weight
        cards = table.objective == "cards" and table.weight
        result = table.weight if search else 0 if cards else 1
        margin = 1 if search or cards else 0
        # Every point left to us: the best; a tie may still win by the table's tie rule.
        high = mine + pool - theirs
        best = margin * high + (result if high >= 0 else -result)
        low = mine - theirs - pool
        worst = margin * low + (result if low > 0 else -result)
        return float(worst), float(best)

    # ------------------------------------------------------------------------------ public
    def score(self, deal: Deal) -> DealScore:
        """The deal's scores once ``deal`` has been played to its end."""
        key = (*self.state(deal), deal.last_seat, deal.pique_seat)
        hit = self.memo.get(key)
        if hit is None:
            hit = self.memo[key] = self._score(deal)
        return hit

    def units(self, score: DealScore) -> float:
        """The searching seat's side's deal score: its margin over the other side where there
        are two sides, its own score where each player scores alone."""
        table = self.table
        mine = table.team_of[table.seat]
        if len(score.scores) == 2:
            return float(score.scores[mine] - score.scores[1 - mine])
        return float(score.scores[mine])

    def value(self, deal: Deal) -> float:
        """What the finished ``deal`` is worth to the searching seat, by the objective."""
        key = (*self.state(deal), deal.last_seat, deal.pique_seat)
        hit = self.values.get(key)
        if hit is not None:
            return hit
        score = self.score(deal)
        value = self.units(score)
        table = self.table
        if table.objective != "score" and table.weight:
            margin = 0
            for team, points in zip(table.teams, score.trick_points, strict=True):
                margin += points if self.side[team[0]] == 0 else -points
            value = margin + (table.weight * value if table.objective == "search" else 0)
        self.values[key] = value
        return value

    # --------------------------------------------------------------------------- by game
    def _team_points(self, deal: Deal) -> list[int]:
        table = self.table
        return [
            table.before[t] + sum(deal.seat_points[s] for s in team)
            for t, team in enumerate(table.teams)
        ]

    def _team_tricks(self, deal: Deal) -> list[int]:
        before = self.table.tricks_before
        return [sum(before[s] + deal.seat_tricks[s] for s in team) for team in self.table.teams]

    def _belote_points(self, deal: Deal) -> list[int]:
        out = list(self.belote)
        for _, queen, side in self.pending:
            if not deal.voided >> queen & 1:
                out[side] += BELOTE_POINTS
        return out

    def _belote_family(self, deal: Deal, capot_last: int) -> tuple[list[int], list[int]]:
        """Card points per side, a capot's last trick counted ``capot_last`` (as the game
        counts it), and tricks."""
        points = self._team_points(deal)
        tricks = self._team_tricks(deal)
        for side in (0, 1):
            if tricks[side] == 8:
                points[side] += capot_last - LAST_TRICK
        return points, tricks

    def _belote(self, deal: Deal) -> DealScore:
        table = self.table
        trick_points, tricks = self._belote_family(deal, CAPOT_LAST_TRICK)
        mult = card_multiplier(table.mode, table.options)
        result = score_belote_hand(
            declarer_side=table.team_of[table.declarer or 0],
            card_points=[p * mult for p in trick_points],
            melds=self.melds,
            belote=self._belote_points(deal),
            side_tricks=tricks,
            reserve=_belote_view(table.view)["reserve"],
            options=table.options,
        )
        made = result["outcome"] == "success"
        return DealScore(tuple(result["scores"]), tuple(trick_points), made)

    def _coinche(self, deal: Deal) -> DealScore:
        table = self.table
        return self.contract_score(deal, table.declarer or 0, table.level, table.multiplier)

    def contract_score(self, deal: Deal, declarer: int, level: int, multiplier: int) -> DealScore:
        """Coinche: the finished ``deal``'s scores had ``declarer`` played a ``level`` contract
        (80…160, or ``games.coinche.LEVELS`` of a capot or generale) at ``multiplier`` in its
        trumps — what the auction weighs its calls by."""
        table = self.table
        capot_last = last_trick_bonus(True, table.options)
        trick_points, tricks = self._belote_family(deal, capot_last)
        result = score_coinche_hand(
            declarer=declarer,
            level=level,
            multiplier=multiplier,
            card_points=contract_card_points(trick_points, tricks, table.mode, table.options),
            melds=self.melds,
            belote=self._belote_points(deal),
            side_tricks=tricks,
            declarer_tricks=table.tricks_before[declarer] + deal.seat_tricks[declarer],
            options=table.options,
        )
        return DealScore(tuple(result["scores"]), tuple(trick_points), bool(result["success"]))

    def _piquet(self, deal: Deal) -> DealScore:
        tricks = [self.table.tricks_before[s] + deal.seat_tricks[s] for s in (0, 1)]
        h = [
            deal.h[s]
            + deal.seat_points[s]
            + (PIQUE if deal.pique_seat == s else 0)
            + cards_bonus(tricks[s])
            for s in (0, 1)
        ]
        return DealScore(tuple(h), tuple(tricks))

    def _sueca(self, deal: Deal) -> DealScore:
        table = self.table
        points = self._team_points(deal)
        sueca = kn.as_sueca(table.view)
        pending = sueca["pending_bonus"] if sueca is not None else 0
        result = hand_result(points, self._team_tricks(deal), table.totals, pending, table.options)
        return DealScore(tuple(result.scores), tuple(points))

    def _briscola(self, deal: Deal) -> DealScore:
        table = self.table
        points = self._team_points(deal)
        last_side = table.team_of[deal.last_seat]
        winner = hand_winner(points, last_side, table.options["tie_rule"])
        scores = [1 if side == winner else 0 for side in range(len(points))]
        return DealScore(tuple(scores), tuple(points))

    def _chiamata(self, deal: Deal) -> DealScore:
        table = self.table
        points = self._team_points(deal)
        declarer = table.declarer or 0
        partner = self.partner if self.partner is not None else declarer
        side = {declarer, partner}
        taken = sum(points[s] for s in side)
        tricks = sum(table.tricks_before[s] + deal.seat_tricks[s] for s in side)
        chiamata = kn.as_chiamata(table.view)
        target = chiamata["target"] if chiamata is not None else 61
        scores, made, _ = score_chiamata_deal(
            declarer, partner, taken, tricks, target, table.options
        )
        return DealScore(tuple(scores), tuple(points), made)


def _belote_view(view: GameView) -> BeloteView:
    found = kn.as_belote(view)
    if found is None:
        raise ValueError("a Belote deal's scoring needs a Belote view")
    return found


def _two_sided_state(deal: Deal) -> tuple[int, ...]:
    """What the rest of a deal's score depends on besides the cards left, where the two search
    sides are the scoring sides (or the deal's partnerships): one side's points and tricks."""
    return (deal.points[0], deal.tricks[0])


def _seat_state(deal: Deal) -> tuple[int, ...]:
    return tuple(deal.seat_points)


def _piquet_state(deal: Deal) -> tuple[int, ...]:
    return (*deal.seat_points, deal.pique_seat, deal.pique_open)


def start_deal(
    view: GameView,
    hands: Sequence[Sequence[str]],
    stock: Sequence[str] = (),
    objective: Objective = "score",
) -> tuple[Deal, DealScoring]:
    """The compact deal at ``view``'s decision with every seat holding ``hands`` (the cards in
    hand now: sampled ones, or the real ones), Briscola's ``stock`` in drawing order (the
    face-up trump card last), the trick on the table still to finish; and its scoring. Play the
    deal to its end (``Deal.play``, ``games.ai.rollout.rollout``), then ``DealScoring.score``
    gives each side's deal score and ``DealScoring.value`` the seat's."""
    know = Knowledge(view)
    rules = know.rules
    masks = [rules.mask(list(hand)) for hand in hands]
    leader = know.trick[0][0] if know.trick else know.seat
    trick = [rules.index[c] for _, c in know.trick]
    for i, card in enumerate(trick):
        masks[(leader + i) % know.seats] |= 1 << card
    side = sides_for(know, view, masks)
    deal = Deal(rules, masks, side, leader, trick, [rules.index[c] for c in stock])
    return deal, TableScoring(view, objective).start(deal)


def sides_for(know: Knowledge, view: GameView, hands: list[int]) -> list[int]:
    """Search sides (0: the searching seat's team of ``view["teams"]``) for one determinization:
    in chiamata, whose players score alone, the sides are the deal's (the partner is whoever
    holds the called card in that determinization)."""
    seats = know.seats
    me = know.seat
    chiamata = kn.as_chiamata(view) if know.rules.profile.called_partner else None
    if chiamata is not None:
        declarer = chiamata["declarer"]
        partner = chiamata["partner"]
        if partner is None:
            called = chiamata["called_card"]
            partner = declarer
            if isinstance(called, str) and called in know.rules.index:
                bit = 1 << know.rules.index[called]
                for s, h in enumerate(hands):
                    if h & bit:
                        partner = s
        team = {declarer, partner}
        mine = me in team
        return [0 if (s in team) == mine else 1 for s in range(seats)]
    of = know.team
    return [0 if of[s] == of[me] else 1 for s in range(seats)]


__all__ = [
    "RESULT_WEIGHT",
    "DealScore",
    "DealScoring",
    "Objective",
    "TableScoring",
    "sides_for",
    "start_deal",
]

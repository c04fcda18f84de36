"""What a finished sampled deal is worth to the searching seat, in the deal's own scoring.

Card points alone would make the search play for the wrong goal: a Coinche contract is made or
failed as a whole, Sueca counts games above 60 and 90 points, chiamata's declarers need their
target. ``Scorer`` turns a deal's final points into the searching side's margin as the game
scores it (with a bonus for winning the deal where the game counts wins), and ``sides_for`` says
who is on that side in one sampled deal (the view's teams; in chiamata, whoever holds the
called card).
"""

from __future__ import annotations

from collections.abc import Mapping

from games.ai import knowledge as kn
from games.ai.knowledge import Knowledge, declarer_of, events
from games.views import GameView


class Scorer:
    """Turns a finished determinized deal into what the searching seat cares about: its side's
    margin in the deal's own scoring (a Coinche contract made or failed, Sueca's games…)."""

    def __init__(self, view: GameView, know: Knowledge) -> None:
        self.view = view
        self.know = know
        self.game = know.rules.game
        scores = kn.field(view, "scores")
        deal_scores = scores.get("deal") if isinstance(scores, Mapping) else None
        self.deal_scores = [int(x) for x in deal_scores or []]
        self.declarer = declarer_of(view)
        self.teams = view["teams"]
        self.team = kn.team_of(view)
        self.bonus = [0] * len(self.teams)  # belote and melds, by team
        self._belote_extras()

    def _belote_extras(self) -> None:
        if self.game not in ("belote", "coinche"):
            return
        for event in events(self.view):
            kind = kn.field(event, "type")
            seat = kn.field(event, "seat")
            if kind == "belote" and isinstance(seat, int):
                self.bonus[self.team[seat]] += 20
            elif kind == "melds" and isinstance(kn.field(event, "side"), int):
                self.bonus[int(event["side"])] += int(kn.field(event, "points") or 0)

    def already(self, side_of_seat: list[int]) -> list[int]:
        """Points each search side scored before the search began (the view's deal scores are
        per team, in the order of its ``teams``)."""
        out = [0, 0]
        for team, points in zip(self.teams, self.deal_scores, strict=False):
            out[side_of_seat[team[0]]] += points
        return out

    def utility(self, p0: int, p1: int, tricks: list[int], extra: int, decl_side: int) -> float:
        """Side 0's margin for final deal points ``p0``/``p1`` (including what was scored before
        the search), side tricks ``tricks`` and Piquet's bonus margin ``extra``."""
        game = self.game
        if game == "piquet":
            return p0 - p1 + extra
        if game in ("belote", "coinche"):
            return self._belote_margin(p0, p1, tricks)
        diff = p0 - p1
        if game == "sueca":
            if tricks[0] == 10 or tricks[1] == 10:
                return diff + (120 if tricks[0] == 10 else -120)
            games = (1 if p0 > 60 else 0) + (1 if p0 > 90 else 0)
            games -= (1 if p1 > 60 else 0) + (1 if p1 > 90 else 0)
            return diff + 25 * games
        if game == "chiamata":
            target = int(kn.field(self.view, "target") or 61)
            decl = p0 if decl_side == 0 else p1
            made = decl >= target
            mine = made if decl_side == 0 else not made
            return diff + (30 if mine else -30)
        return diff + (20 if diff > 0 else -20 if diff < 0 else 0)

    def _belote_margin(self, p0: int, p1: int, tricks: list[int]) -> float:
        me = self.team[self.know.seat]
        bonus = [self.bonus[me], self.bonus[1 - me]]
        decl = self.declarer
        if decl is None:
            return p0 - p1
        d = 0 if self.team[decl] == me else 1
        o = 1 - d
        pts = [p0, p1]
        tot = [pts[i] + bonus[i] for i in (0, 1)]
        if self.game == "belote":
            if tot[d] > tot[o]:
                return tot[0] - tot[1]
            out = [0, 0]
            out[o] = 162 + tot[o]
            return out[0] - out[1]
        c = kn.field(self.view, "contract")
        value = c.get("value") if isinstance(c, Mapping) else None
        mult = int(c.get("multiplier") or 1) if isinstance(c, Mapping) else 1
        if isinstance(value, int):
            view = self.view
            needs_82 = view["game"] == "coinche" and view["options"]["eighty_needs_82"]
            need = 82 if value == 80 and needs_82 else value
            made = tot[d] >= need
            level = value
        else:
            made = tricks[d] == 8
            level = 250
        out = [0, 0]
        if made:
            out[d] = (level + pts[d]) * mult + bonus[d]
            out[o] = pts[o] * mult + bonus[o]
        else:
            out[d] = bonus[d]
            out[o] = (160 + level) * mult + bonus[o]
        return out[0] - out[1]


def sides_for(know: Knowledge, view: GameView, hands: list[int]) -> tuple[list[int], int]:
    """Search sides (0: the searching seat's team of ``view["teams"]``) for one determinization,
    and the declarer's side: in chiamata, whose players score alone, the sides are the deal's
    (the partner is whoever holds the called card in that determinization)."""
    seats = know.seats
    me = know.seat
    if view["game"] == "chiamata":
        declarer = kn.field(view, "declarer")
        partner = kn.field(view, "partner")
        if not isinstance(partner, int):
            called = kn.field(view, "called_card")
            partner = declarer
            if isinstance(called, str) and called in know.rules.index:
                bit = 1 << know.rules.index[called]
                for s, h in enumerate(hands):
                    if h & bit:
                        partner = s
        team = {declarer, partner}
        mine = me in team
        side = [0 if (s in team) == mine else 1 for s in range(seats)]
        return side, 0 if mine else 1
    of = know.team
    return [0 if of[s] == of[me] else 1 for s in range(seats)], 0


__all__ = ["Scorer", "sides_for"]

"""What the reviewed seat saw at one of its decisions (``games.review.values.Seen``), read from
its own view then and from the public actions before it: a review's picture shows the decision
in the deal around it, and nothing the seat could not see.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Final

from games.actions import Action
from games.ai import knowledge as kn
from games.review.moments import Moment, ReviewedDeal
from games.review.values import Contract, Seen, Side
from games.views import GameView

AUCTION: Final = frozenset({"bid", "pass", "take", "coinche", "surcoinche", "call", "trump"})
"""The action types everybody sees in an auction (an exchange names cards only its maker sees)."""

RAISES: Final = frozenset({"bid", "call"})
"""The actions a later bid must beat."""


def seen(reviewed: ReviewedDeal, moment: Moment) -> Seen:
    view = moment.game.view(moment.seat)
    actions = reviewed.record.deals[reviewed.deal].actions[: moment.index]
    auction = tuple((s, a) for s, a in actions if a.type in AUCTION)
    raises = [(s, a) for s, a in auction if a.type in RAISES]
    turn_up = kn.field(view, "turn_up")
    trump = view["trump"]
    trump_card = kn.field(view, "trump_card")
    stock = kn.field(view, "stock_size")
    return Seen(
        hand=tuple(kn.hand(view)),
        trick=tuple((int(s), str(c)) for s, c in view["trick"]),
        trump=trump,
        contract=_contract(view),
        auction=auction,
        to_beat=raises[-1] if raises and view["phase"] != "play" else None,
        turn_up=turn_up if isinstance(turn_up, str) and kn.declarer_of(view) is None else None,
        sides=sides(view, moment.seat),
        trick_number=_trick_number(view, actions),
        scores=tuple(int(v) for v in view["scores"]["deal"]),
        trump_card=trump_card if isinstance(trump_card, str) else None,
        stock=stock if isinstance(stock, int) else None,
        played=sum(1 for _, a in actions if a.type == "play"),
        deck=len(moment.game.full_deck()),
    )


def _trick_number(view: GameView, actions: Sequence[tuple[int, Action]]) -> int:
    if view["phase"] != "play":
        return 0
    plays = sum(1 for _, a in actions if a.type == "play")
    return plays // int(view["seats"]) + 1


def _contract(view: GameView) -> Contract | None:
    """The contract as the review names it, from the view's (each game's contract type says
    which seat holds it: Belote's taker, Coinche's and chiamata's declarer)."""
    contract = view["contract"]
    if contract is None:
        return None
    if "taker" in contract:
        taker = contract["taker"]
        if taker is None:
            return None
        return Contract(taker, Action("take", trump=contract["trump"]), contract["multiplier"])
    if "multiplier" in contract:
        if contract["declarer"] is None:
            return None
        action = Action("bid", value=contract["value"], trump=contract["trump"])
        return Contract(contract["declarer"], action, contract["multiplier"])
    target = contract["target"]
    action = Action("call", rank=contract["rank"], points=target if target != 61 else None)
    return Contract(contract["declarer"], action, 1, contract["called_card"])


def sides(view: GameView, seat: int) -> tuple[Side, ...]:
    """Each seat as ``seat`` knew it: the fixed teams of the view, or in chiamata the declarer
    and the partner once the seat knows who holds the called card."""
    seats = int(view["seats"])
    out: list[Side] = []
    if view["game"] != "chiamata":
        team = next((set(t) for t in view["teams"] if seat in t), {seat})
        return tuple(
            "you" if s == seat else "partner" if s in team else "opponent" for s in range(seats)
        )
    declarer = kn.field(view, "declarer")
    partner = kn.field(view, "partner")
    for s in range(seats):
        if s == seat:
            out.append("you")
        elif not isinstance(declarer, int):
            out.append("unknown")  # the auction: nobody is anybody's partner yet
        elif not isinstance(partner, int):
            # The called card not shown yet: only the declarer is known, and the seat is not
            # its partner (the partner sees itself as such).
            out.append("opponent" if s == declarer and seat != declarer else "unknown")
        else:
            attackers = {declarer, partner}
            out.append("partner" if (s in attackers) == (seat in attackers) else "opponent")
    return tuple(out)


__all__ = ["AUCTION", "seen", "sides"]

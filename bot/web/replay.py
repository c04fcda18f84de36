"""A finished deal step by step, and a game deal by deal: what the pages show, worked out once
from a table's log by the engines themselves, in no language (``pages`` words it).

Step 0 is the deal as dealt; step ``k`` is the table after the deal's ``k``-th action. Each
step holds every seat's hand (the deal is over: a replay shows all four hands, as a bridge
deal's diagram does), the cards on the table, the public table cards (the turned-up card, the
trump card, the stock), and the public events the action set off. A trick that has just been
completed stays on the table for its step, with its winner, as players see it gathered.

Only deals that the log shows complete are replayed: the deal in play never leaves here, and
its deck is never read past its start (``replay_deal`` stops at the deal asked for).
"""

from __future__ import annotations

from dataclasses import dataclass

from games.actions import Action
from games.base import RECORD_FORMAT, Game
from games.records import Json, ParsedDeal, ParsedRecord, replay
from games.registry import game_class
from games.views import DealRecord, Event, GameView


@dataclass(frozen=True)
class LogFacts:
    """What a replay needs of a table: its game, rules and first dealer, and its log."""

    game: str
    seats: int
    options: Json
    first_dealer: int
    deals: list[tuple[int, list[str]]]
    """(dealer, deck) of each deal, in order (the last one may be in play)."""
    actions: list[list[tuple[int, Json]]]
    """Each deal's (seat, action JSON), in order."""


@dataclass(frozen=True)
class TableCards:
    """What lies face up or counted on the table besides the trick."""

    turn_up: str | None = None
    """Belote's turned-up card, during the taking."""
    trump_card: str | None = None
    """Briscola's and Sueca's trump card (Briscola's lies under the stock until drawn)."""
    stock: int | None = None
    """Cards left in Briscola's stock, or in Piquet's talon."""
    trump: str | None = None
    """The trump suit (or NT/AT) once known."""
    called_card: str | None = None


@dataclass(frozen=True)
class Step:
    seat: int | None
    """Who acted (None for step 0)."""
    action: Action | None
    events: list[Event]
    """The public events the action set off, in order."""
    hands: list[list[str]]
    trick: list[tuple[int, str]]
    winner: int | None
    """The trick on the table is complete and ``winner`` took it."""
    tricks_done: int
    """Tricks gathered once this step is over."""
    tricks_won: list[int]
    """Tricks each seat has taken so far."""
    table: TableCards
    events_seen: int
    """The deal's events so far (where the next step's new ones start)."""


@dataclass(frozen=True)
class Trick:
    cards: list[tuple[int, str]]
    winner: int
    step: int
    """The step at which its last card was played."""


@dataclass(frozen=True)
class DealReplay:
    game: str
    seats: int
    options: Json
    deal_no: int
    dealer: int
    teams: list[list[int]]
    steps: list[Step]
    tricks: list[Trick]
    end_view: GameView
    """The public view once the deal is over: its contract, its events (melds, the result)."""
    result: DealRecord
    """The deal's entry of ``python -m games replay`` (docs/records.md)."""
    totals_after: list[int]
    """The game's score after this deal."""
    record: Json
    """This deal alone as an ``atout-record/1`` record, with the game's rules."""
    next_finished: bool
    """The deal after this one is over too, so that the page may link it."""


@dataclass(frozen=True)
class DealLine:
    """One finished deal on its game's page."""

    deal_no: int
    dealer: int
    result: DealRecord
    end_view: GameView
    totals_after: list[int]


@dataclass(frozen=True)
class GameReplay:
    game: str
    seats: int
    options: Json
    teams: list[list[int]]
    deals: list[DealLine]
    totals: list[int]
    over: bool
    winners: list[int]
    games_won: list[int] | None = None
    """Games won per side where the match counts games (``Game.match_games_won``: Piquet)."""


def _start(facts: LogFacts) -> Game:
    return game_class(facts.game)(
        options=facts.options, seats=facts.seats, dealer=facts.first_dealer
    )


def _parsed(facts: LogFacts, index: int) -> ParsedRecord:
    dealer, deck = facts.deals[index]
    actions = [(seat, Action.from_json(action)) for seat, action in facts.actions[index]]
    return ParsedRecord(
        facts.game, facts.seats, dict(facts.options), [ParsedDeal(dealer, deck, actions)]
    )


def _table_cards(view: GameView) -> TableCards:
    """What the game lays on the table besides the trick, from its own view."""
    trump = view["trump"]
    if view["game"] == "belote":
        # The turned-up card lies on the table during the taking only: then the taker has it.
        turn_up = view["turn_up"] if view["phase"] == "taking" else None
        return TableCards(turn_up=turn_up, trump=trump)
    if view["game"] == "briscola":
        return TableCards(trump_card=view["trump_card"], stock=view["stock_size"], trump=trump)
    if view["game"] == "sueca":
        return TableCards(trump_card=view["trump_card"], trump=trump)
    if view["game"] == "piquet":
        return TableCards(stock=view["talon_size"], trump=trump)
    if view["game"] == "chiamata":
        return TableCards(called_card=view["called_card"], trump=trump)
    return TableCards(trump=trump)


def _hands(
    game: Game, public: GameView, before: Step | None, seat: int | None, action: Action | None
) -> list[list[str]]:
    """Every seat's hand. A seat's own view is asked for only when its hand may hold other
    cards than before less the card it played: a deal, a draw from the stock, an exchange, a
    card taken up (each view copies the deal's events: asking all seats at every step was
    most of a page's making)."""
    sizes = public["hand_sizes"]
    hands: list[list[str]] = []
    for s in range(game.seats):
        if before is not None and not (s == seat and action is not None and action.type != "play"):
            held = before.hands[s]
            if s == seat and action is not None:
                held = [card for card in held if card != action.card]
            if len(held) == sizes[s]:
                hands.append(held)
                continue
        hands.append(list(game.view(s)["hand"]))
    return hands


def _step(
    game: Game, seat: int | None, action: Action | None, before: Step | None, seen: int
) -> Step:
    public = game.public_view()
    events = list(public["events"][seen:])
    trick = [(int(s), str(c)) for s, c in public["trick"]]
    winner = None
    gathered = [e for e in events if e["type"] == "trick"]
    if gathered and not trick and action is not None and action.type == "play":
        # The card completed a trick: the engine has gathered it at once; the step shows it
        # on the table with its winner, as players see it before it is taken in.
        last = gathered[-1]
        trick = [(int(s), str(c)) for s, c in last["cards"]]
        winner = int(last["winner"])
    done = before.tricks_done if before is not None else 0
    won = [int(n) for n in public["tricks_won"]]
    return Step(
        seat,
        action,
        events,
        _hands(game, public, before, seat, action),
        trick,
        winner,
        done + len(gathered),
        won,
        _table_cards(public),
        len(public["events"]),
    )


def replay_deal(facts: LogFacts, deal_no: int) -> DealReplay | None:
    """The finished deal ``deal_no`` (from 0) step by step; None when the log has no such
    deal or it is not finished."""
    if not 0 <= deal_no < len(facts.deals):
        return None
    game = _start(facts)
    for index in range(deal_no):
        replay(_parsed(facts, index), game)
    dealer, deck = facts.deals[deal_no]
    game.deal(deck)
    steps = [_step(game, None, None, None, 0)]
    tricks: list[Trick] = []
    for seat, recorded in facts.actions[deal_no]:
        action = Action.from_json(recorded)
        game.apply(seat, action)
        step = _step(game, seat, action, steps[-1], steps[-1].events_seen)
        steps.append(step)
        if step.winner is not None:
            tricks.append(Trick(step.trick, step.winner, len(steps) - 1))
    if len(game.deal_results) <= deal_no:
        return None  # the deal in play: nothing of it is shown
    end_view = game.public_view()
    totals_after = list(game.totals)
    next_finished = False
    if deal_no + 1 < len(facts.deals):
        # The next deal replayed without its steps, to know whether it is over (a link to it
        # then): only a finished deal has a page.
        replay(_parsed(facts, deal_no + 1), game)
        next_finished = len(game.deal_results) > deal_no + 1
    entry = game.log[deal_no]
    record: Json = {
        "format": RECORD_FORMAT,
        "game": game.NAME,
        "seats": game.seats,
        "options": dict(game.options),
        "deals": [
            {
                "dealer": entry["dealer"],
                "deck": list(entry["deck"]),
                "actions": [dict(a) for a in entry["actions"]],
            }
        ],
    }
    return DealReplay(
        game=game.NAME,
        seats=game.seats,
        options=dict(game.options),
        deal_no=deal_no,
        dealer=dealer,
        teams=game.teams(),
        steps=steps,
        tricks=tricks,
        end_view=end_view,
        result=game.deal_results[deal_no].copy(),
        totals_after=totals_after,
        record=record,
        next_finished=next_finished,
    )


def replay_game(facts: LogFacts) -> GameReplay:
    """Every finished deal of the game with its result and the score after it; the deal in
    play, if any, is replayed but nothing of it is kept."""
    game = _start(facts)
    lines: list[DealLine] = []
    for index in range(len(facts.deals)):
        replay(_parsed(facts, index), game)
        if len(game.deal_results) > index:
            lines.append(
                DealLine(
                    index,
                    facts.deals[index][0],
                    game.deal_results[index].copy(),
                    game.public_view(),
                    list(game.totals),
                )
            )
    return GameReplay(
        game=game.NAME,
        seats=game.seats,
        options=dict(game.options),
        teams=game.teams(),
        deals=lines,
        totals=list(lines[-1].totals_after) if lines else [0] * game.sides,
        over=game.over,
        winners=list(game.winners),
        games_won=game.match_games_won(),
    )


__all__ = [
    "DealLine",
    "DealReplay",
    "GameReplay",
    "LogFacts",
    "Step",
    "TableCards",
    "Trick",
    "replay_deal",
    "replay_game",
]

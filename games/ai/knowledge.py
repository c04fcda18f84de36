"""What a computer player knows: the view read through a few helpers, and the card rules.

Every computer level reads its seat's view through the helpers here (``hand``, ``trick``,
``tricks``, ``events``…) and never indexes the view elsewhere, so that a change of the view's
shape changes one module. The table's rules and teams are read from the view (its ``options``
and ``teams``, which every engine states): nothing here assumes a default rule or rebuilds who
plays with whom from the game's name. The card rules are the engine's: the deck a table of these
rules and seats plays with (``Game.deck_for``), whether a player must follow suit
(``Game.follows_suit``), rank order and card points (``Game.FACTS``), and for Belote and Coinche
the engine's own bitmask tables and legal-play function (``games.belote_rules``), so that the
computer players can never disagree with the engines about them.

``Knowledge`` then counts cards the way a club player does: what has been played, what each seat
can no longer hold (voids shown by not following, a trump it would have had to play), what each
seat is known to hold (the turned-up card, the trump card, a belote announced, melds shown).
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from typing import Any

from games import belote_rules as br
from games.ai.profiles import profile
from games.cards import SUITS
from games.piquet_declarations import RANK_ORDER as PIQUET_RANK_ORDER
from games.registry import game_class
from games.views import (
    BelotePlayOptions,
    BeloteView,
    BriscolaView,
    ChiamataAuctionEntry,
    ChiamataView,
    CoincheAuctionEntry,
    CoincheBid,
    CoincheView,
    Event,
    GameView,
    PiquetView,
    SuecaView,
)

FREE, FOLLOW, BELOTE = 0, 1, 2
"""How followers are constrained: no duty, must follow suit, Belote's §2.5 algorithm."""


# ----------------------------------------------------------------------------- view helpers
def field(view: Mapping[str, Any], key: str, default: Any = None) -> Any:
    """An event's field, or a key that only some games' views have where the reader does not
    know the game (``None`` elsewhere). A key every view has is read by indexing."""
    return view.get(key, default)


def game_of(view: GameView) -> str:
    return view["game"]


def seat_of(view: GameView) -> int:
    """The seat the view is of (a computer player always sits: a spectator's view has none)."""
    seat = view["seat"]
    if seat is None:
        raise ValueError("a spectator's view has no seat to play")
    return seat


def seat_count(view: GameView) -> int:
    return view["seats"]


def hand(view: GameView) -> list[str]:
    return list(view["hand"])


def hand_sizes(view: GameView) -> list[int]:
    return list(view["hand_sizes"])


def current_trick(view: GameView) -> list[tuple[int, str]]:
    return [(int(s), str(c)) for s, c in view["trick"]]


def events(view: GameView) -> list[Event]:
    """The deal's public events, tagged by ``type``: ``if event["type"] == "trick":`` narrows."""
    return view["events"]


def completed_tricks(view: GameView) -> list[list[tuple[int, str]]]:
    """The tricks of this deal already taken, in play order (from the public events)."""
    return [
        [(int(s), str(c)) for s, c in e["cards"]] for e in view["events"] if e["type"] == "trick"
    ]


def trump_of(view: GameView) -> str | None:
    trump = view["trump"]
    contract = view["contract"]
    if trump is None and contract is not None:
        trump = contract["trump"]
    return trump


def belote_play_options(view: GameView) -> BelotePlayOptions:
    """The play and meld rules of a Belote or Coinche table (``Profile.belote_rules``)."""
    if view["game"] == "belote" or view["game"] == "coinche":
        return view["options"]
    raise ValueError(f"{view['game']} is not played with Belote's play rules")


def coinche_bid(view: GameView) -> CoincheBid | None:
    """The contract standing in a Coinche auction (``None`` before the first bid, and in the
    other games)."""
    coinche = as_coinche(view)
    return coinche["bid"] if coinche is not None else None


def turn_up(view: GameView) -> str | None:
    """Belote's turned-up card while it is offered (``None`` in the other games)."""
    belote = as_belote(view)
    return belote["turn_up"] if belote is not None else None


def stock_size(view: GameView) -> int:
    """Cards in the stock, the face-up trump card included (0 in a game without one)."""
    briscola = as_briscola(view)
    return briscola["stock_size"] if briscola is not None else 0


def face_up_trump(view: GameView) -> str | None:
    """The trump card shown face up (Briscola's, under the stock; Sueca's, the dealer's), while
    it is on the table."""
    shown = as_briscola(view) or as_sueca(view)
    return shown["trump_card"] if shown is not None else None


def team_of(view: GameView) -> list[int]:
    """Each seat's side: its team's index in ``view["teams"]`` (also the index of that side in
    ``view["scores"]["deal"]``)."""
    out = [0] * len([s for team in view["teams"] for s in team])
    for index, team in enumerate(view["teams"]):
        for seat in team:
            out[seat] = index
    return out


def with_trump(view: GameView, trump: str) -> GameView:
    """A copy of ``view`` as if ``trump`` were trumps: what the rules of a contract not yet
    chosen are built from (``Rules(with_trump(view, "H"))``)."""
    out = copy.copy(view)
    out["trump"] = trump
    return out


def contract(view: GameView) -> Mapping[str, Any] | None:
    return view["contract"]


def declarer_of(view: GameView) -> int | None:
    """The seat that chose trumps (Belote's taker, Coinche's and chiamata's declarer)."""
    c = view["contract"]
    if c is None:
        return None
    if "taker" in c:
        return c["taker"]
    return c["declarer"]


def auction(view: GameView) -> list[CoincheAuctionEntry | ChiamataAuctionEntry]:
    """The auction's calls, oldest first (none in a game without an auction)."""
    if view["game"] == "coinche" or view["game"] == "chiamata":
        return list(view["auction"])
    return []


# Each game's own view, for the keys only it has: ``as_chiamata(view)`` is the view, typed, in
# a chiamata deal, else ``None``. The view's ``game`` tag is read here and nowhere else.
def as_belote(view: GameView) -> BeloteView | None:
    return view if view["game"] == "belote" else None


def as_coinche(view: GameView) -> CoincheView | None:
    return view if view["game"] == "coinche" else None


def as_piquet(view: GameView) -> PiquetView | None:
    return view if view["game"] == "piquet" else None


def as_briscola(view: GameView) -> BriscolaView | None:
    return view if view["game"] == "briscola" else None


def as_sueca(view: GameView) -> SuecaView | None:
    return view if view["game"] == "sueca" else None


def as_chiamata(view: GameView) -> ChiamataView | None:
    return view if view["game"] == "chiamata" else None


def known_partners(view: GameView, seat: int) -> set[int]:
    """Seats known to play on ``seat``'s side: its team (``view["teams"]``), and in chiamata,
    whose players score alone, the deal's partnership once the view shows it."""
    mates = next((set(team) for team in view["teams"] if seat in team), set())
    mates.discard(seat)
    if view["game"] != "chiamata":  # the type's tag: only chiamata's view has a partner
        return mates
    seats = seat_count(view)
    partner, declarer = view["partner"], view["declarer"]
    if isinstance(declarer, int) and isinstance(partner, int) and partner != declarer:
        if seat == partner:
            return {declarer}
        if seat == declarer:
            return {partner}
    if isinstance(declarer, int) and seat != declarer and isinstance(partner, int):
        # Revealed partnership: every defender sides with the other defenders.
        return {s for s in range(seats) if s not in (declarer, partner, seat)}
    return set()


def bits(mask: int) -> list[int]:
    """The cards of a bitmask (card indices), lowest first: the one conversion every search
    loop runs."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


# ---------------------------------------------------------------------------- card rules
class Rules:
    """Card order, points and trick rules of one view's game and contract, from the engines.

    Cards are indexed by their position in ``deck`` (the engine's deck for the view's rules and
    seats; Belote's bit order) so that sets of cards are bitmasks. The follow rule is the
    table's, as the engine states it for the view's ``options``; Belote's and Coinche's trump
    duties are read from them too.
    """

    def __init__(self, view: GameView) -> None:
        self.game = game_of(view)
        self.seats = seat_count(view)
        self.options: Mapping[str, Any] = view["options"]
        """The table's rules (the view's ``options``)."""
        self.profile = profile(self.game)
        """What the game asks of the players beyond its view (``games.ai.profiles``)."""
        piquet = as_piquet(view)
        self.piquet_old = piquet is not None and piquet["rules_era"] in ("old", "c17")
        trump = trump_of(view)
        engine = game_class(self.game)
        self.mode = -1
        self.follow = FOLLOW if engine.follows_suit(self.options) else FREE
        self.trump_lead = br.TRUMP_LEAD_ALWAYS
        self.must_undertrump = True
        self.partner_free = False
        last_bonus = 0
        if self.profile.belote_rules:
            # The engine's own bit order and tables (its legal-play function reads them).
            deck: tuple[str, ...] = br.CARD_CODES
            self.mode = br.MODE_OF_TRUMP.get(trump or "", br.SA)
            mode = self.mode
            # SA and TA on the 162 scale: a rule Coinche's tables have, Belote's not.
            scale = self.options.get("sa_ta_scale") == "card_values_162"
            table = br.POINTS_162 if scale else br.BELOTE_POINTS
            strength = [br.STRENGTH[mode][i] for i in range(32)]
            points = list(table[mode])
            options = belote_play_options(view)
            self.follow = BELOTE
            self.trump_lead = br.TRUMP_LEAD_CODES[options["trump_lead_overtrump"]]
            self.must_undertrump = options["must_undertrump"]
            self.partner_free = options["partner_winning_trump"] == "free"
            trump_suit = mode if mode < 4 else -1
            last_bonus = br.LAST_TRICK
        else:
            # The deck of this table's rules and seats, ranked and scored as the engine does:
            # these games' trumps rank and score as the other suits, so the plain order serves.
            deck = engine.deck_for(self.options, self.seats)
            facts = engine.FACTS
            strength = [facts.strength(c, None) for c in deck]
            points = [facts.points(c, None) for c in deck]
            trump_suit = SUITS.index(trump) if trump in ("S", "H", "D", "C") else -1
        self.deck = deck
        self.index = {c: i for i, c in enumerate(deck)}
        self.size = len(deck)
        self.suit = [SUITS.index(c[1]) for c in deck]
        self.trump_suit = trump_suit
        self.is_trump = [
            self.mode == br.TA or (trump_suit >= 0 and s == trump_suit) for s in self.suit
        ]
        # Power orders every card for trick winning: a trump above any plain card.
        self.power = [strength[i] + (100 if self.is_trump[i] else 0) for i in range(self.size)]
        self.points = points
        self.last_bonus = last_bonus
        self.suit_mask = [0, 0, 0, 0]
        for i, s in enumerate(self.suit):
            self.suit_mask[s] |= 1 << i
        # Cards of each suit from weakest to strongest: "the next higher card" for counting.
        self.by_power = [
            sorted((i for i in range(self.size) if self.suit[i] == s), key=lambda i: self.power[i])
            for s in range(4)
        ]
        self.full = (1 << self.size) - 1
        # ``above[card]``: the cards of its suit that beat it; ``beaters[card]`` adds the trumps
        # that beat it when it is not a trump.
        self.above = [0] * self.size
        for s in range(4):
            ranked = self.by_power[s]
            for k, c in enumerate(ranked):
                for higher in ranked[k + 1 :]:
                    self.above[c] |= 1 << higher
        trumps = self.suit_mask[trump_suit] if trump_suit >= 0 else 0
        self.beaters = [
            self.above[c] | (0 if self.is_trump[c] else trumps) for c in range(self.size)
        ]

    # ---------------------------------------------------------------------- conversions
    def mask(self, cards: list[str] | tuple[str, ...]) -> int:
        out = 0
        for c in cards:
            i = self.index.get(c)
            if i is not None:
                out |= 1 << i
        return out

    def cards(self, mask: int) -> list[str]:
        out = []
        while mask:
            low = mask & -mask
            out.append(self.deck[low.bit_length() - 1])
            mask ^= low
        return out

    def code_points(self, card: str) -> int:
        i = self.index.get(card)
        return self.points[i] if i is not None else 0

    def code_power(self, card: str) -> int:
        i = self.index.get(card)
        return self.power[i] if i is not None else 0

    # -------------------------------------------------------------------------- tricks
    def beats(self, card: int, best: int) -> bool:
        """Whether ``card`` played now beats the trick's current best card ``best``."""
        if self.suit[card] == self.suit[best]:
            return self.power[card] > self.power[best]
        return self.is_trump[card] and not self.is_trump[best]

    def winner(self, trick: list[tuple[int, str]]) -> tuple[int, str]:
        """Seat and card winning ``trick`` so far (docs/rules.md §1.4, Belote §2.5)."""
        seat, best = trick[0]
        b = self.index[best]
        for s, code in trick[1:]:
            c = self.index[code]
            if self.beats(c, b):
                seat, best, b = s, code, c
        return seat, best

    def legal(self, hand_mask: int, lead: int, win_card: int, partner_winning: bool) -> int:
        """Cards of ``hand_mask`` a follower may play (``lead`` < 0: leading, anything)."""
        if lead < 0 or self.follow == FREE:
            return hand_mask
        if self.follow == FOLLOW:
            return hand_mask & self.suit_mask[self.suit[lead]] or hand_mask
        return br.legal_mask(
            hand_mask,
            self.mode,
            lead,
            win_card,
            partner_winning,
            self.trump_lead,
            self.must_undertrump,
            self.partner_free,
        )


# ------------------------------------------------------------------------ card counting
class Knowledge:
    """Card counting from one seat's view: played cards, cards each seat cannot or must hold."""

    def __init__(self, view: GameView, rules: Rules | None = None) -> None:
        self.view = view
        self.rules = rules = rules or Rules(view)
        self.seat = seat_of(view)
        self.seats = rules.seats
        self.team = team_of(view)
        self.mine = rules.mask(hand(view))
        self.trick = current_trick(view)
        self.history = completed_tricks(view)
        played = 0
        for t in [*self.history, self.trick]:
            for _, code in t:
                played |= rules.mask([code])
        self.played = played
        self.forbidden = [0] * self.seats
        self.held = [0] * self.seats
        self.out = 0
        """Cards known to be out of play without having been played (Piquet's discards…)."""
        for t in self.history:
            self._infer(t)
        if self.trick:
            self._infer(self.trick)
        self._known_holdings()
        self.unseen = rules.full & ~self.mine & ~self.played & ~self.out
        self.forbidden[self.seat] = rules.full & ~self.mine
        for s in range(self.seats):
            self.held[s] &= self.unseen
            self.forbidden[s] &= ~self.held[s]

    def _infer(self, trick: list[tuple[int, str]]) -> None:
        """Voids shown by one trick: not following shows a void (when following is a duty),
        and in Belote a discard when trumping was due shows there is no trump to play."""
        rules = self.rules
        if rules.follow == FREE or not trick:
            return
        lead = rules.index.get(trick[0][1], -1)
        if lead < 0:
            return
        led_suit = rules.suit[lead]
        win_seat, win = trick[0][0], lead
        for seat, code in trick[1:]:
            c = rules.index.get(code, -1)
            if c < 0 or not 0 <= seat < self.seats:
                continue
            if rules.suit[c] != led_suit:
                self.forbidden[seat] |= rules.suit_mask[led_suit]
                if rules.follow == BELOTE and 0 <= rules.trump_suit != led_suit:
                    partner_winning = win_seat != seat and self.team[win_seat] == self.team[seat]
                    self._belote_trump_duty(seat, c, win, partner_winning)
            elif (
                rules.follow == BELOTE
                and rules.is_trump[c]
                and rules.is_trump[win]
                and not rules.beats(c, win)
                and rules.trump_lead == br.TRUMP_LEAD_ALWAYS
            ):
                # Trumps led (or TA): over-trumping is due whenever possible.
                self.forbidden[seat] |= br.ABOVE[rules.mode][win]
            if rules.beats(c, win):
                win_seat, win = seat, c

    def _belote_trump_duty(self, seat: int, card: int, win: int, partner_winning: bool) -> None:
        rules = self.rules
        trumps = rules.suit_mask[rules.trump_suit]
        above = br.ABOVE[rules.mode][win] if rules.is_trump[win] else trumps
        if partner_winning:
            if not rules.partner_free and rules.is_trump[card] and not rules.beats(card, win):
                self.forbidden[seat] |= above
            return
        if not rules.is_trump[card]:
            # Neither followed nor trumped with an opponent winning: no trump that was due.
            due = trumps if rules.must_undertrump or not rules.is_trump[win] else above
            self.forbidden[seat] |= due
        elif not rules.beats(card, win):
            self.forbidden[seat] |= above

    def _known_holdings(self) -> None:
        view, rules = self.view, self.rules
        belote, sueca = as_belote(view), as_sueca(view)
        briscola, piquet = as_briscola(view), as_piquet(view)
        if belote is not None:
            turn_up = belote["turn_up"]
            taker = declarer_of(view)
            if turn_up is not None and taker is not None:
                self.held[taker] |= rules.mask([turn_up])
        if sueca is not None:
            card, holder = sueca["trump_card"], sueca["trump_card_seat"]
            if card is not None and holder is not None:
                self.held[holder] |= rules.mask([card])
        if briscola is not None:
            card = briscola["trump_card"]
            if card is not None and briscola["stock_size"] > 0:
                self.out |= rules.mask([card])  # the last card of the stock, not in any hand
            for other, cards in briscola["partner_hands"].items():
                self.held[int(other)] |= rules.mask(list(cards))
        if piquet is not None:
            self.out |= rules.mask(list(piquet["discards"]))
            if piquet["younger"] == self.seat:
                # The younger sees the talon cards left over once he has exchanged.
                seen = rules.mask(list(piquet["talon_seen"]))
                self.out |= seen & ~self.mine
        for event in view["events"]:
            if event["type"] == "belote":
                code = event["card"]
                other = ("Q" if code[0] == "K" else "K") + code[1]
                self.held[event["seat"]] |= rules.mask([other])
            elif event["type"] == "melds":
                for entry in event["melds"]:
                    for meld in entry["melds"]:
                        self.held[entry["seat"]] |= rules.mask(meld["cards"])
            elif event["type"] == "declaration":
                seat = event["seat"]
                if seat is not None and seat != self.seat:
                    for combo in event["combinations"]:
                        self.held[seat] |= rules.mask(combo["cards"])
        self.out &= ~self.mine & ~self.played

    # ---------------------------------------------------------------------- questions
    def remaining(self, suit: int) -> int:
        """Unseen cards of ``suit`` (in other hands or the stock)."""
        return self.unseen & self.rules.suit_mask[suit]

    def is_master(self, card: int) -> bool:
        """Whether ``card`` beats every unseen card of its suit."""
        rules = self.rules
        higher = [c for c in rules.by_power[rules.suit[card]] if rules.power[c] > rules.power[card]]
        return not any(self.unseen >> c & 1 for c in higher)

    def may_hold(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` may still hold a card of ``suit`` as far as this seat can tell."""
        return bool(self.remaining(suit) & ~self.forbidden[seat])


__all__ = [
    "BELOTE",
    "FOLLOW",
    "FREE",
    "PIQUET_RANK_ORDER",
    "Knowledge",
    "Rules",
    "as_belote",
    "as_briscola",
    "as_chiamata",
    "as_coinche",
    "as_piquet",
    "as_sueca",
    "auction",
    "bits",
    "coinche_bid",
    "completed_tricks",
    "contract",
    "current_trick",
    "declarer_of",
    "events",
    "field",
    "game_of",
    "hand",
    "hand_sizes",
    "known_partners",
    "seat_count",
    "seat_of",
    "team_of",
    "trump_of",
    "turn_up",
    "with_trump",
]

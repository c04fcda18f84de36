"""Piquet for two players (docs/rules.md §4): modern, old and 17th-century rules, target or Rubicon.

A deal goes: deal → the elder's exchange → the younger's exchange → automatic declarations (carte
blanche, point, sequences, sets, repique, scored in canonical order, §4.10) → 12 tricks → the cards
bonus. Declarations are never actions (§4.7.2); the only actions are ``exchange`` (the discards)
and ``play``. Because the discards are combinatorial, ``legal_actions`` offers one template
``Action("exchange")`` and the view's ``exchange`` limits say how many cards may go; ``is_legal``
decides a concrete exchange.

The template is an ``ActionTemplate`` (``min_count`` to ``max_count`` cards, the same limits as the
view's ``exchange``); ``Game.is_legal`` accepts it when offered.

View keys beyond the common ones (docs/architecture.md):

- ``elder`` / ``younger``: seats, matching ``dealer`` (between deals: the next deal's);
  ``talon_size``: cards left in the talon;
- ``exchanged``: per seat, how many cards that seat exchanged (``None`` before it has);
- ``exchange``: ``{"min", "max"}`` for the viewer when it is his exchange, else ``None``;
- ``talon_seen``: the talon cards the viewer may have looked at (§4.6 and ``talon_view``), whether
  they are still in the talon or were drawn since; ``discards``: the viewer's own discards under
  ``discard_view = own``, else ``[]``;
- ``carte_blanche``: per seat, whether a carte blanche has been announced for it;
- ``games_won``, ``rules_era``, ``scoring_mode``, ``target_score``, ``games_to_win_match``,
  ``partie`` (Rubicon: ``{"hands_played", "hands"}``, else ``None``).

``scores.deal`` holds the hand totals ``h`` of §4.10 per seat. Events: ``carte_blanche`` (with
``hand`` once the hand is shown), ``carte_blanche_shown``, ``exchange`` (counts only),
``declaration`` (category, winner ``seat``, ``points``, ``combinations`` with their cards; ``result``
``won``/``tie``/``none``), ``repique``, ``pique``, ``trick`` (with the trick ``points`` per seat),
``cards_bonus``, ``deal_result``, ``game_won`` (Rubicon: with ``partie_score``). The younger's
winning combinations, and the points they bring, reach the elder and the public only once the elder
has led to trick 1 (§4.7.2); until then they appear in the younger's own view alone.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, ClassVar, Final, cast

from games.actions import PLAY, Action, ActionTemplate
from games.base import Game, IllegalAction
from games.cards import FRENCH_32, FRENCH_36
from games.facts import plain_facts
from games.options import OptionSpec, boolean, choice, integer
from games.piquet_declarations import (
    RANK_INDEX,
    RANK_ORDER,
    is_carte_blanche,
    partie_score,
    settle_declarations,
)
from games.views import (
    DeclarationEvent,
    Event,
    ExchangeLimits,
    GameWonEvent,
    Partie,
    PiquetOptions,
    PiquetView,
    Scores,
    common_view,
)

TEN_OR_HIGHER: Final = frozenset("TJQKA")
REPIQUE: Final = 60
PIQUE: Final = 30
CARTE_BLANCHE: Final = 10
PARTIE_HANDS: Final = 6


def last_trick_point(capot: bool, winning_card: str, options: Mapping[str, Any]) -> bool:
    """Whether the last trick scores its point (§4.8): not on a capot where the table says so,
    and only when won with a ten or higher under ``old_last_trick_needs_ten``."""
    return (options["last_trick_point_on_capot"] or not capot) and (
        not options["old_last_trick_needs_ten"] or winning_card[0] in TEN_OR_HIGHER
    )


def cards_bonus(tricks_won: int) -> int:
    """The "cards" (§4.9): 10 for most of the tricks, 40 for all twelve."""
    return 40 if tricks_won == 12 else 10 if tricks_won >= 7 else 0


class Piquet(Game):
    NAME: ClassVar[str] = "piquet"
    SEAT_COUNTS: ClassVar[tuple[int, ...]] = (2,)
    ACTION_TYPES: ClassVar[frozenset[str]] = frozenset({"exchange", "play"})
    FACTS = plain_facts(RANK_ORDER[::-1], {rank: 1 for rank in TEN_OR_HIGHER})
    """No trumps; a card "scores" when it may earn a trick point under every era (ten or higher)."""
    CLONE_NESTED: ClassVar[frozenset[str]] = frozenset({"hands"})
    OPTIONS: ClassVar[tuple[OptionSpec, ...]] = (
        choice("rules_era", "modern", ("modern", "old", "c17"), "rule set (§4.1)"),
        choice("scoring_mode", "target", ("target", "rubicon"), "game format", command=2),
        integer(
            "target_score",
            100,
            help="game target in target mode",
            command=1,
            suggested=(30, 50, 100, 150, 200),
        ),
        integer(
            "games_to_win_match",
            2,
            help="games (or Rubicon parties) to win the match",
            command=3,
            suggested=(1, 2, 3),
        ),
        choice("deal_packet", 2, (2, 3), "packet size of the deal"),
        choice("younger_min_exchange", 1, (1, 0), "0: the younger may keep his hand"),
        choice("talon_view", "modern", ("modern", "parlett"), "who may look at the talon"),
        choice("discard_view", "none", ("none", "own"), "may a player look at his discards"),
        boolean("last_trick_point_on_capot", True, "+1 for the last trick when winning all 12"),
        boolean("old_last_trick_needs_ten", False, "last-trick point needs a T or higher"),
    )

    # ------------------------------------------------------------------------ match state
    def _init_match(self) -> None:
        self.games_won: list[int] = [0, 0]
        self.game_results: list[dict[str, Any]] = []
        self.partie_hands: int = 0
        self.partie_length: int = PARTIE_HANDS
        self._clear_deal()

    def _clear_deal(self) -> None:
        self.deal_dealer: int = self.dealer
        self.hands: list[list[str]] = [[], []]
        self.dealt: list[list[str]] = [[], []]
        self.talon: list[str] = []
        self.talon_pos: int = 0
        self.exchanged: list[int | None] = [None, None]
        self.discards: list[list[str]] = [[], []]
        self.carte_blanche: list[bool] = [False, False]
        self.announced: list[bool] = [False, False]
        self.h: list[int] = [0, 0]
        self.bonus_done: bool = False
        self.trick: list[list[Any]] = []
        self.last_trick: list[list[Any]] | None = None
        self.leader: int = 0
        self.tricks_won: list[int] = [0, 0]
        self.card_played: bool = False
        self.first_lead_done: bool = False
        self.pending: list[Event] = []
        self.hidden_points: list[int] = [0, 0]
        self.reached_first: int | None = None

    @classmethod
    def deck_for(cls, options: Mapping[str, Any], seats: int) -> tuple[str, ...]:
        """The 17th-century game is played with 36 cards (the sixes in), §4.1."""
        return FRENCH_36 if options["rules_era"] == "c17" else FRENCH_32

    @property
    def elder(self) -> int:
        """The elder of the deal in progress (or just finished: ``dealer`` has moved on by then)."""
        return 1 - self.deal_dealer

    @property
    def younger(self) -> int:
        return self.deal_dealer

    def _elder_max(self) -> int:
        return 8 if self.options["rules_era"] == "c17" else 5

    # ------------------------------------------------------------------------------ deal
    def _start_deal(self, deck: list[str]) -> None:
        self._clear_deal()
        elder, younger = self.elder, self.younger
        packet = self.options["deal_packet"]
        for start in range(0, 24, 2 * packet):
            self.hands[elder].extend(deck[start : start + packet])
            self.hands[younger].extend(deck[start + packet : start + 2 * packet])
        self.talon = list(deck[24:])
        self.dealt = [list(self.hands[0]), list(self.hands[1])]
        self.carte_blanche = [is_carte_blanche(self.hands[0]), is_carte_blanche(self.hands[1])]
        self.phase = "exchange"
        if self.carte_blanche[elder]:
            # Announced before his exchange; the hand itself is shown only after the younger
            # has discarded, so that the younger cannot exchange knowing it (§4.5).
            self.announced[elder] = True
            self.events.append({"type": "carte_blanche", "seat": elder, "points": CARTE_BLANCHE})

    # ----------------------------------------------------------------------------- turns
    @property
    def to_act(self) -> int | None:
        if self.over:
            return None
        if self.phase == "exchange":
            return self.elder if self.exchanged[self.elder] is None else self.younger
        if self.phase == "play":
            return self.leader if not self.trick else 1 - self.leader
        return None

    def exchange_limits(self, seat: int) -> tuple[int, int]:
        """(min, max) cards ``seat`` may exchange now (§4.6, §4.13)."""
        left = len(self.talon) - self.talon_pos
        if seat == self.elder:
            return 1, min(self._elder_max(), left)
        return min(self.options["younger_min_exchange"], left), left

    def _legal_actions(self, seat: int) -> list[Action]:
        if self.phase == "exchange":
            low, high = self.exchange_limits(seat)
            return [ActionTemplate("exchange", min_count=low, max_count=high)]
        hand = self.hands[seat]
        if self.trick:
            suit = self.trick[0][1][1]
            follow = [PLAY[c] for c in hand if c[1] == suit]
            if follow:
                return follow
        return [PLAY[c] for c in hand]

    def _validate(self, seat: int, action: Action) -> None:
        to_act = self.to_act
        if seat != to_act:
            raise IllegalAction("not_your_turn", seat=to_act)
        if self.phase == "exchange":
            if action.type != "exchange":
                raise IllegalAction("exchange_first")
            cards = action.cards
            if cards is None:
                raise IllegalAction("name_discards")
            low, high = self.exchange_limits(seat)
            if not low <= len(cards) <= high:
                raise IllegalAction("exchange_count", low=low, high=high, count=len(cards))
            if len(set(cards)) != len(cards):
                raise IllegalAction("exchange_twice")
            hand = self.hands[seat]
            for discard in cards:
                if discard not in hand:
                    raise IllegalAction("card_not_in_hand", card=discard)
            return
        if action.type != "play":
            raise IllegalAction("exchanges_over")
        card = action.card
        hand = self.hands[seat]
        if card is None or card not in hand:
            raise IllegalAction("card_not_in_hand", card=card)
        if self.trick:
            suit: str = self.trick[0][1][1]
            if card[1] != suit and any(c[1] == suit for c in hand):
                raise IllegalAction("must_follow", suit=suit)

    # ----------------------------------------------------------------------------- apply
    def _apply(self, seat: int, action: Action) -> None:
        self._validate(seat, action)
        if action.type == "exchange":
            assert action.cards is not None
            self._exchange(seat, list(action.cards))
        else:
            assert action.card is not None
            self._play(seat, action.card)

    def _exchange(self, seat: int, cards: list[str]) -> None:
        hand = self.hands[seat]
        for card in cards:
            hand.remove(card)
        count = len(cards)
        hand.extend(self.talon[self.talon_pos : self.talon_pos + count])
        self.talon_pos += count
        self.discards[seat] = cards
        self.exchanged[seat] = count
        self.events.append({"type": "exchange", "seat": seat, "count": count})
        younger = self.younger
        if seat == self.elder:
            if self.carte_blanche[younger]:
                # The elder has exchanged already, so the younger's hand is shown at once.
                self.announced[younger] = True
                self.events.append(
                    {
                        "type": "carte_blanche",
                        "seat": younger,
                        "points": CARTE_BLANCHE,
                        "hand": list(self.dealt[younger]),
                    }
                )
            return
        elder = self.elder
        if self.carte_blanche[elder]:
            self.events.append(
                {"type": "carte_blanche_shown", "seat": elder, "hand": list(self.dealt[elder])}
            )
        if self._declare():
            self._reveal()
            self._end_deal(ended_in_declarations=True)
            return
        self.phase = "play"
        self.leader = elder

    # ---------------------------------------------------------------------- declarations
    def _declare(self) -> bool:
        """Score steps 1–4 of §4.10 in canonical order; True when the game ended on a target."""
        elder, younger = self.elder, self.younger
        for holder in (elder, younger):
            if self.carte_blanche[holder] and self._declared(holder, CARTE_BLANCHE, None):
                return True
        era = self.options["rules_era"]
        for result in settle_declarations(self.hands[elder], self.hands[younger], era):
            if result.winner is None:
                self.events.append(
                    {
                        "type": "declaration",
                        "category": result.category,
                        "seat": None,
                        "points": 0,
                        "combinations": [],
                        "result": "tie" if result.tie else "none",
                    }
                )
                continue
            winner = elder if result.winner == 0 else younger
            event: DeclarationEvent = {
                "type": "declaration",
                "category": result.category,
                "seat": winner,
                "points": result.points,
                "combinations": [c.to_json() for c in result.combinations],
                "result": "won",
            }
            if self._declared(winner, result.points, event):
                return True
        return False

    def _declared(self, seat: int, points: int, event: DeclarationEvent | None) -> bool:
        """Credit one declaration step, then the repique check and the target check (§4.10,
        §4.11). The younger's combinations stay private until the elder's first lead."""
        secret = seat == self.younger and event is not None
        if event is not None:
            self._event(event, secret)
        self._credit(seat, points)
        if secret:
            self.hidden_points[seat] += points
        other = 1 - seat
        if not self.bonus_done and self.h[seat] >= 30 and self.h[other] == 0:
            self.bonus_done = True
            self._credit(seat, REPIQUE)
            if secret:
                self.hidden_points[seat] += REPIQUE
            self._event({"type": "repique", "seat": seat, "points": REPIQUE}, secret)
        target: int = self.options["target_score"]
        return self.options["scoring_mode"] == "target" and self._running(seat) >= target

    def _event(self, event: Event, secret: bool) -> None:
        (self.pending if secret else self.events).append(event)

    def _reveal(self) -> None:
        """Show the younger's combinations to all. They join the events in the order they were
        shown, after the elder's, so that a narrator reading new events by index misses none."""
        if self.pending:
            self.events.extend(self.pending)
            self.pending = []
        self.hidden_points = [0, 0]

    def _credit(self, seat: int, points: int) -> None:
        """Add to the hand total; ``totals`` only take the hand in when it ends (docs/records.md:
        the score after the last complete deal), so the running game score is ``totals + h``."""
        self.h[seat] += points
        if self.reached_first is None and self._running(seat) >= self.options["target_score"]:
            self.reached_first = seat

    def _running(self, seat: int) -> int:
        return self.totals[seat] + self.h[seat]

    # ------------------------------------------------------------------------------ play
    def _trick_point(self, seat: int) -> None:
        """One trick point with the pique check of §4.10 (step 5 only)."""
        before = self.h[seat]
        self._credit(seat, 1)
        if not self.bonus_done and before < 30 <= self.h[seat] and self.h[1 - seat] == 0:
            self.bonus_done = True
            self._credit(seat, PIQUE)
            self.events.append({"type": "pique", "seat": seat, "points": PIQUE})

    def _play(self, seat: int, card: str) -> None:
        self.hands[seat].remove(card)
        self.card_played = True
        modern = self.options["rules_era"] == "modern"
        if not self.trick:
            self.trick.append([seat, card])
            if not self.first_lead_done:
                self.first_lead_done = True
                self._reveal()
            if modern or card[0] in TEN_OR_HIGHER:
                self._trick_point(seat)
            return
        self.trick.append([seat, card])
        lead_card = self.trick[0][1]
        leader = self.leader
        follower_wins = card[1] == lead_card[1] and RANK_INDEX[card[0]] > RANK_INDEX[lead_card[0]]
        winner = seat if follower_wins else leader
        winning_card = card if follower_wins else lead_card
        points = [0, 0]
        if modern or lead_card[0] in TEN_OR_HIGHER:
            points[leader] += 1
        if follower_wins and (modern or card[0] in TEN_OR_HIGHER):
            points[seat] += 1
            self._trick_point(seat)
        self.tricks_won[winner] += 1
        last = sum(self.tricks_won) == 12
        if last:
            capot = self.tricks_won[winner] == 12
            if last_trick_point(capot, winning_card, self.options):
                points[winner] += 1
                self._trick_point(winner)
        self.events.append(
            {"type": "trick", "winner": winner, "cards": self.trick, "points": points}
        )
        self.last_trick = self.trick
        self.trick = []
        self.leader = winner
        if last:
            self._cards_bonus()
            self._end_deal(ended_in_declarations=False)

    def _cards_bonus(self) -> None:
        """Step 6 (§4.9): never counts toward pique."""
        for seat in (0, 1):
            bonus = cards_bonus(self.tricks_won[seat])
            if bonus:
                self._credit(seat, bonus)
                self.events.append({"type": "cards_bonus", "seat": seat, "points": bonus})

    # ------------------------------------------------------------------------- deal end
    def _end_deal(self, ended_in_declarations: bool) -> None:
        trick_points = [0, 0] if ended_in_declarations else list(self.tricks_won)
        scores = list(self.h)
        self.totals = [self.totals[0] + scores[0], self.totals[1] + scores[1]]
        self.events.append(
            {
                "type": "deal_result",
                "scores": scores,
                "trick_points": trick_points,
                "totals": list(self.totals),
            }
        )
        winner = self._game_winner()
        self._finish_deal(trick_points, scores)
        if winner is not None:
            self._game_won(winner)

    def _game_winner(self) -> int | None:
        """Who has won the game with the hand just ended, if anybody (§4.11, §4.12). In Rubicon
        this also counts the hand toward the partie and lengthens a tied partie by two hands."""
        totals = self.totals
        if self.options["scoring_mode"] == "rubicon":
            self.partie_hands += 1
            if self.partie_hands < self.partie_length:
                return None
            if totals[0] == totals[1]:
                self.partie_length += 2
                return None
            return 0 if totals[0] > totals[1] else 1
        target = self.options["target_score"]
        over = [seat for seat in (0, 1) if totals[seat] >= target]
        if not over:
            return None
        if len(over) == 1:
            return over[0]
        if totals[0] != totals[1]:
            return 0 if totals[0] > totals[1] else 1
        # Declarations stop at the first player over the target, so two players over it with
        # equal totals only happen after trick play, where ``_credit`` noted who got there first.
        assert self.reached_first is not None
        return self.reached_first

    def _game_won(self, winner: int) -> None:
        loser = 1 - winner
        result: GameWonEvent = {"type": "game_won", "seat": winner, "totals": list(self.totals)}
        if self.options["scoring_mode"] == "rubicon":
            result["partie_score"] = partie_score(self.totals[winner], self.totals[loser])
        self.events.append(result)
        self.game_results.append(
            {k: v for k, v in result.items() if k != "type"}  # winner, totals, partie score
        )
        self.games_won[winner] += 1
        if self.games_won[winner] >= self.options["games_to_win_match"]:
            self.over = True
            self.winners = [winner]
            self.phase = "over"
            return
        self.totals = [0, 0]
        self.partie_hands = 0
        self.partie_length = PARTIE_HANDS

    def _partial_trick_points(self) -> list[int] | None:
        return list(self.tricks_won) if self.card_played else None

    def match_games_won(self) -> list[int] | None:
        return list(self.games_won)

    # ------------------------------------------------------------------------------ views
    def talon_seen(self, seat: int | None) -> list[str]:
        """Talon cards ``seat`` may have looked at (§4.6): (a) the elder, the cards he could have
        taken but left; (b) the younger, every card left after his exchange — or, under
        ``talon_view = parlett``, both players and the public, since the younger may only expose
        them to both. Nobody looks at the talon before his own exchange."""
        seen: list[str] = []
        taken = self.exchanged[self.elder]
        if seat == self.elder and taken is not None:
            seen.extend(self.talon[taken : self._elder_max()])
        if self.exchanged[self.younger] is not None:
            left = self.talon[self.talon_pos :]
            if self.options["talon_view"] == "parlett" or seat == self.younger:
                seen.extend(c for c in left if c not in seen)
        return seen

    def winning_seat(self) -> int | None:
        return self.FACTS.winning_seat(self.trick, None)

    def view(self, seat: int | None) -> PiquetView:
        if seat is not None and seat not in (0, 1):
            raise ValueError(f"seat must be 0, 1 or None, not {seat!r}")
        younger = self.younger
        sees_pending = seat == younger
        events = self.events + self.pending if sees_pending else self.events
        hidden = [0, 0] if sees_pending else self.hidden_points
        to_act = self.to_act
        exchange: ExchangeLimits | None = None
        if self.phase == "exchange" and seat is not None and seat == to_act:
            low, high = self.exchange_limits(seat)
            exchange = {"min": low, "max": high}
        scoring_mode = self.options["scoring_mode"]
        # ``totals`` take the hand in only when it ends; until then the game score runs with it.
        running = self.phase in ("exchange", "play")
        game_score = [(self._running(s) if running else self.totals[s]) - hidden[s] for s in (0, 1)]
        scores: Scores = {
            "deal": [self.h[0] - hidden[0], self.h[1] - hidden[1]],
            "game": game_score,
        }
        partie: Partie | None = (
            {"hands_played": self.partie_hands, "hands": self.partie_length}
            if scoring_mode == "rubicon"
            else None
        )
        return {
            **common_view(
                self,
                seat,
                hand=[] if seat is None else list(self.hands[seat]),
                hand_sizes=[len(self.hands[0]), len(self.hands[1])],
                trick=self.trick,
                last_trick=self.last_trick,
                tricks_won=list(self.tricks_won),
                trump=None,
                scores=scores,
                events=events,
            ),
            "game": "piquet",
            "options": cast(PiquetOptions, dict(self.options)),
            "elder": 1 - self.dealer,
            "younger": self.dealer,
            "talon_size": len(self.talon) - self.talon_pos,
            "exchanged": list(self.exchanged),
            "exchange": exchange,
            "talon_seen": self.talon_seen(seat),
            "discards": (
                list(self.discards[seat])
                if seat is not None and self.options["discard_view"] == "own"
                else []
            ),
            "carte_blanche": list(self.announced),
            "games_won": list(self.games_won),
            "rules_era": self.options["rules_era"],
            "scoring_mode": scoring_mode,
            "target_score": self.options["target_score"] if scoring_mode == "target" else None,
            "games_to_win_match": self.options["games_to_win_match"],
            "partie": partie,
        }

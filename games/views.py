"""The typed shape of views and events: what every engine promises the floors above it.

Views and events are ``TypedDict`` values, not dataclasses, for one reason: the bot and the
computer players read them as mappings today (``view["trick"]``, ``event.get("winner")``), and
records, snapshots and tests compare them with plain dicts. A ``TypedDict`` is a plain ``dict`` at
run time, so nothing above the engines has to change at once, while ``mypy --strict`` checks every
key an engine writes and every key a typed consumer reads. Events form a tagged union: the
``type`` key is a ``Literal``, so ``if event["type"] == "trick":`` narrows to ``TrickEvent``. A later
step may turn them into frozen dataclasses with a ``to_json``; the JSON would stay the same.

Each game's view is ``CommonView`` (the keys of docs/architecture.md, plus the engine facts
``teams``, ``winning`` and ``decision``) with its own extras, the table's rules under ``options``
(its own type: ``BeloteOptions``…) and a ``Literal`` ``game`` key, so that
``if view["game"] == "briscola":`` narrows ``GameView`` to ``BriscolaView`` and
``view["options"]`` to ``BriscolaOptions``. The computer players read the rules and the teams
from there: a view is all they get.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Generic, Literal, NotRequired, Protocol, TypedDict, TypeVar, cast, final

TrickPlay = list[Any]
"""One card of a trick: ``[seat, card]`` (an int and a card code; a JSON list, not a tuple)."""

Decision = Literal["take", "bid", "exchange", "trump", "play"]
"""What the seat to act has to decide; ``None`` in a view when nobody acts."""


# --------------------------------------------------------------------------------- events
class PassEvent(TypedDict):
    type: Literal["pass"]
    seat: int
    round: NotRequired[int | None]
    """Belote's taking round (1 or 2)."""


class TakeEvent(TypedDict):
    type: Literal["take"]
    seat: int
    trump: str
    round: int | None


class BidEvent(TypedDict):
    type: Literal["bid"]
    seat: int
    value: int | str | None
    trump: str | None


class CoincheEvent(TypedDict):
    type: Literal["coinche"]
    seat: int


class SurcoincheEvent(TypedDict):
    type: Literal["surcoinche"]
    seat: int


class CallEvent(TypedDict):
    """A chiamata call: a rank, and a target over a standing 2 under ``two_then_points``."""

    seat: int
    type: Literal["call"]
    rank: str
    points: NotRequired[int]


class MeldSummary(TypedDict):
    kind: str
    points: int


class ShownMeld(TypedDict):
    kind: str
    cards: list[str]
    points: int


class SeatMelds(TypedDict):
    seat: int
    melds: list[ShownMeld]


class DeclareEvent(TypedDict):
    """A Belote player's melds said in trick 1: kinds and points, never the cards."""

    type: Literal["declare"]
    seat: int
    melds: list[MeldSummary]


class MeldsEvent(TypedDict):
    """After trick 1: the side whose melds score, and those melds with their cards."""

    type: Literal["melds"]
    seat: None
    side: int | None
    points: int
    melds: list[SeatMelds]


class BeloteEvent(TypedDict):
    type: Literal["belote"]
    seat: int
    card: str


class RebeloteEvent(TypedDict):
    type: Literal["rebelote"]
    seat: int
    card: str
    points: int


class TrickEvent(TypedDict):
    """A trick taken. ``points``: the trick's card points (forty-card games) or, in Piquet, the
    trick points per seat; Piquet's trick has no ``seat``."""

    type: Literal["trick"]
    seat: NotRequired[int]
    winner: int
    cards: list[TrickPlay]
    points: NotRequired[int | list[int]]


class TrumpCardDrawnEvent(TypedDict):
    type: Literal["trump_card_drawn"]
    seat: int
    card: str | None


class RedealEvent(TypedDict):
    type: Literal["redeal"]
    seat: int


class DeclarerEvent(TypedDict):
    type: Literal["declarer"]
    seat: int
    rank: str | None
    target: int


class TrumpEvent(TypedDict):
    type: Literal["trump"]
    seat: int
    suit: str
    called_card: str | None


class PartnerEvent(TypedDict):
    type: Literal["partner"]
    seat: int
    declarer: int | None
    alone: bool


class CarteBlancheEvent(TypedDict):
    type: Literal["carte_blanche"]
    seat: int
    points: int
    hand: NotRequired[list[str]]


class CarteBlancheShownEvent(TypedDict):
    type: Literal["carte_blanche_shown"]
    seat: int
    hand: list[str]


class ExchangeEvent(TypedDict):
    type: Literal["exchange"]
    seat: int
    count: int


class ShownCombination(TypedDict):
    cards: list[str]
    name: str
    """English, for the command line; images and messages use ``code`` and ``params``."""
    score: int
    code: str
    params: dict[str, int | str]


class DeclarationEvent(TypedDict):
    type: Literal["declaration"]
    category: str
    seat: int | None
    points: int
    combinations: list[ShownCombination]
    result: Literal["won", "tie", "none"]


class RepiqueEvent(TypedDict):
    type: Literal["repique"]
    seat: int
    points: int


class PiqueEvent(TypedDict):
    type: Literal["pique"]
    seat: int
    points: int


class CardsBonusEvent(TypedDict):
    type: Literal["cards_bonus"]
    seat: int
    points: int


class GameWonEvent(TypedDict):
    type: Literal["game_won"]
    seat: int
    totals: list[int]
    partie_score: NotRequired[int]


class DealRecord(TypedDict):
    """A finished deal as the engine scored it (``Game.deal_results``; each deal of
    ``python -m games replay``'s output, docs/records.md). The same keys in every game, so that
    a score sheet or a duplicate comparison reads any game's deals alike; what differs by game
    (contract, melds, sweeps) is in the deal's ``deal_result`` event."""

    dealer: int
    complete: bool
    trick_points: list[int] | None
    """Card points (Piquet: tricks) per side; ``None`` for a deal passed out."""
    scores: list[int]


class DealResultEvent(TypedDict):
    """The end of a deal. Which keys are present depends on the game (its module docstring);
    ``seat`` is the declarer where the deal has one, else ``None`` (absent in Piquet)."""

    type: Literal["deal_result"]
    seat: NotRequired[int | None]
    passed_out: NotRequired[bool]
    outcome: NotRequired[str]
    trick_points: NotRequired[list[int]]
    card_points: NotRequired[list[int]]
    melds: NotRequired[list[int]]
    belote: NotRequired[list[int]]
    scores: NotRequired[list[int]]
    reserve: NotRequired[int]
    winner: NotRequired[int | None]
    bandeira: NotRequired[bool]
    bonus: NotRequired[int]
    declarer: NotRequired[int]
    partner: NotRequired[int]
    alone: NotRequired[bool]
    called_card: NotRequired[str | None]
    target: NotRequired[int]
    points: NotRequired[int]
    success: NotRequired[bool]
    cappotto: NotRequired[bool]
    totals: NotRequired[list[int]]


Event = (
    PassEvent
    | TakeEvent
    | BidEvent
    | CoincheEvent
    | SurcoincheEvent
    | CallEvent
    | DeclareEvent
    | MeldsEvent
    | BeloteEvent
    | RebeloteEvent
    | TrickEvent
    | TrumpCardDrawnEvent
    | RedealEvent
    | DeclarerEvent
    | TrumpEvent
    | PartnerEvent
    | CarteBlancheEvent
    | CarteBlancheShownEvent
    | ExchangeEvent
    | DeclarationEvent
    | RepiqueEvent
    | PiqueEvent
    | CardsBonusEvent
    | GameWonEvent
    | DealResultEvent
)
"""Every public event of every game, tagged by ``type``."""

CoincheAuctionEntry = PassEvent | BidEvent | CoincheEvent | SurcoincheEvent
ChiamataAuctionEntry = PassEvent | CallEvent


# -------------------------------------------------------------------------------- options
# The table's rules as the engine holds them (``Game.options``: every key, defaults filled in),
# one type per game so that a consumer reading a rule is checked by mypy. They mirror the
# engines' ``OPTIONS`` specs; ``tests/games/test_view_facts.py`` holds the two in step.
class BelotePlayOptions(TypedDict):
    """The play and meld rules Belote and Coinche share (``games.belote_play.PLAY_OPTIONS``)."""

    trump_lead_overtrump: Literal["always", "never", "not_over_partner"]
    must_undertrump: bool
    partner_winning_trump: Literal["overtrump_only", "free"]
    melds_enabled: bool
    meld_card_reuse: bool
    hundred_priority: Literal["carre", "sequence"]
    meld_tie: Literal["void", "first_declarer"]
    sa_nine_carre: bool
    belote_king_first: bool
    ta_belote: Literal["each_suit", "none"]
    carre_values: Literal["by_contract", "fixed"]


class BeloteOptions(BelotePlayOptions):
    first_deal_packets: Literal["3-2", "2-3"]
    redeal_by: Literal["next_dealer", "same_dealer"]
    round2_sa_ta: bool
    la_vache: bool
    belote_protected: bool
    success_basis: Literal["all", "cards_belote", "cards", "cards_melds"]
    sa_card_multiplier: Literal[1, 2]
    ta_card_multiplier: Literal[1, 2]
    capot_takes_melds: bool
    rounding: Literal["none", "half_down", "six_split"]
    target_score: int
    capot_win_disallowed: bool


class CoincheOptions(BelotePlayOptions):
    deal_packets: Literal["3-2-3", "3-3-2", "2-3-3"]
    sa_ta_enabled: bool
    sa_ta_scale: Literal["card_values_162", "proportional", "raw"]
    capot_coinchable: bool
    generale_enabled: bool
    generale_value: Literal[350, 500, 700, 1000]
    contract_basis: Literal["all", "cards_belote", "cards", "cards_melds"]
    eighty_needs_82: bool
    success_needs_more: bool
    scoring_method: Literal["standard", "bonus_only", "belote_plus_bonus"]
    unbid_capot: Literal["bonus", "replaces_cards", "none"]
    failed_contract_melds: Literal["defenders_own", "all_to_defenders", "none"]
    multiply_belote: bool
    rounding: Literal["half_up_10", "none"]
    target_score: int


class PiquetOptions(TypedDict):
    rules_era: Literal["modern", "old", "c17"]
    scoring_mode: Literal["target", "rubicon"]
    target_score: int
    games_to_win_match: int
    deal_packet: Literal[2, 3]
    younger_min_exchange: Literal[1, 0]
    talon_view: Literal["modern", "parlett"]
    discard_view: Literal["none", "own"]
    last_trick_point_on_capot: bool
    old_last_trick_needs_ten: bool


class BriscolaOptions(TypedDict):
    three_player_removed_card: Literal["2C", "2H", "2D", "2S"]
    """The 2 out of the deck with three players (a rule, not a card anybody holds; with other
    seat counts it is kept but has no effect)."""
    deal_packet: Literal[3, 1]
    trump_card_source: Literal["next_card", "bottom_card"]
    tie_rule: Literal["draw", "last_trick"]
    hands_to_win: int
    partners_view_after_stock: bool


class SuecaOptions(TypedDict):
    deal_packet: Literal[10, 5, 2, 1]
    trump_card: Literal["dealer_last", "dealer_first"]
    games_to_win: int
    bandeira: Literal["match", "four_games"]
    draw_bonus: Literal["carry_one", "none"]


class ChiamataOptions(TypedDict):
    deal_packet: Literal[4, 1, 2, 8]
    bidding: Literal["rank_only", "two_then_points"]
    follow_rule: Literal["must_follow", "free"]
    first_lead: Literal["eldest", "declarer"]
    cappotto_basis: Literal["points", "tricks"]
    match_deals: int


# ---------------------------------------------------------------------------------- views
class Scores(TypedDict):
    deal: list[int]
    """This deal's points per side (Piquet: the hand totals per seat)."""
    game: list[int]


@final
class BeloteContract(TypedDict):
    trump: str | None
    taker: int | None
    value: None
    multiplier: int


@final
class CoincheContract(TypedDict):
    trump: str | None
    declarer: int | None
    value: int | str | None
    multiplier: int


@final
class ChiamataContract(TypedDict):
    declarer: int
    rank: str | None
    target: int
    trump: str | None
    called_card: str | None


Contract = BeloteContract | CoincheContract | ChiamataContract
"""Any game's contract, as a reader of several games' deals holds it (a challenge's results)."""

ContractT = TypeVar("ContractT", BeloteContract, CoincheContract, ChiamataContract, None)
"""A game's contract (``None`` in the games without one). The contracts are ``final``, so that
a key tells them apart for mypy where a reader holds two games' (``"taker" in contract``)."""


class CommonView(TypedDict, Generic[ContractT]):
    """The keys of every game's view (docs/architecture.md), and the facts engines state so that no
    consumer re-derives them: ``teams`` (the seats of each scoring side), ``winning`` (the seat
    winning the trick in progress, ``None`` when no card is on the table) and ``decision`` (what
    the seat to act decides). Each game's view names its contract's type (``None`` for the games
    without one), so that a reader of a Belote view finds ``taker`` without a guess."""

    seats: int
    seat: int | None
    dealer: int
    phase: str
    to_act: int | None
    decision: Decision | None
    hand: list[str]
    hand_sizes: list[int]
    trick: list[TrickPlay]
    last_trick: list[TrickPlay] | None
    winning: int | None
    tricks_won: list[int]
    trump: str | None
    contract: ContractT | None
    scores: Scores
    events: list[Event]
    teams: list[list[int]]


class BeloteView(CommonView[BeloteContract]):
    game: Literal["belote"]
    options: BeloteOptions
    turn_up: str | None
    taking_round: int | None
    reserve: int


class CoincheBid(TypedDict):
    value: int | str | None
    trump: str | None
    bidder: int


class CoincheView(CommonView[CoincheContract]):
    game: Literal["coinche"]
    options: CoincheOptions
    auction: list[CoincheAuctionEntry]
    bid: CoincheBid | None
    doubled: int
    """0 unless coinched: 1 after a coinche, 2 after a surcoinche."""


class ExchangeLimits(TypedDict):
    min: int
    max: int


class Partie(TypedDict):
    hands_played: int
    hands: int


class PiquetView(CommonView[None]):
    game: Literal["piquet"]
    options: PiquetOptions
    elder: int
    younger: int
    talon_size: int
    exchanged: list[int | None]
    exchange: ExchangeLimits | None
    talon_seen: list[str]
    discards: list[str]
    carte_blanche: list[bool]
    games_won: list[int]
    rules_era: str
    scoring_mode: str
    target_score: int | None
    games_to_win_match: int
    partie: Partie | None


class BriscolaView(CommonView[None]):
    game: Literal["briscola"]
    options: BriscolaOptions
    stock_size: int
    trump_card: str | None
    hands_to_win: int
    partner_hands: dict[str, list[str]]


class SuecaView(CommonView[None]):
    game: Literal["sueca"]
    options: SuecaOptions
    trump_card: str | None
    trump_card_seat: int | None
    games_to_win: int
    pending_bonus: int


class ChiamataBid(TypedDict):
    seat: int
    rank: str | None
    target: int


class ChiamataView(CommonView[ChiamataContract]):
    game: Literal["chiamata"]
    options: ChiamataOptions
    auction: list[ChiamataAuctionEntry]
    in_auction: list[bool]
    bid: ChiamataBid | None
    declarer: int | None
    called_rank: str | None
    target: int
    called_card: str | None
    partner: int | None
    alone: bool | None
    deals_played: int
    match_deals: int


GameView = BeloteView | CoincheView | PiquetView | BriscolaView | SuecaView | ChiamataView
"""Any game's view; ``view["game"]`` tells which."""


# -------------------------------------------------------------------------------- helpers
class ViewSource(Protocol):
    """What ``common_view`` reads of an engine (``games.base.Game`` has it all): a protocol
    rather than the class, so that the view types do not depend on the engines that use them."""

    seats: int
    dealer: int
    phase: str

    @property
    def to_act(self) -> int | None: ...

    @property
    def decision(self) -> Decision | None: ...

    def winning_seat(self) -> int | None: ...

    def teams(self) -> list[list[int]]: ...


def common_view(
    game: ViewSource,
    seat: int | None,
    *,
    hand: list[str],
    hand_sizes: list[int],
    trick: Sequence[TrickPlay],
    last_trick: Sequence[TrickPlay] | None,
    tricks_won: list[int],
    trump: str | None,
    scores: Scores,
    events: Sequence[Event],
    phase: str | None = None,
) -> CommonView[None]:
    """The keys every view has, built one way for every engine: the copies a caller may change
    without reaching the engine's state, the seat to act, the decision, the trick's winner. The
    contract is ``None`` here: a game with one puts its own in its view."""
    to_act = game.to_act
    plays = [list(p) for p in trick]
    return {
        "seats": game.seats,
        "seat": seat,
        "dealer": game.dealer,
        "phase": game.phase if phase is None else phase,
        "to_act": to_act,
        "decision": game.decision if to_act is not None else None,
        "hand": hand,
        "hand_sizes": hand_sizes,
        "trick": plays,
        "last_trick": None if last_trick is None else [list(p) for p in last_trick],
        "winning": game.winning_seat(),
        "tricks_won": tricks_won,
        "trump": trump,
        "contract": None,
        "scores": scores,
        "events": [copy_event(e) for e in events],
        "teams": game.teams(),
    }


def copy_event(event: Event) -> Event:
    """A view's own copy of an event, nested lists and dicts included, so that whoever holds the
    view cannot change the game through it (events share lists with the engine's state)."""
    return cast(Event, _copy(event))


def _copy(value: Any) -> Any:
    if type(value) is list:
        return [_copy(v) for v in value]
    if type(value) is dict:
        return {k: _copy(v) for k, v in value.items()}
    return value

"""Rules Belote and Coinche share (docs/rules.md §2.2, §2.5, §2.7, §3.3): written once, as tables.

Cards are integers inside the engines — ``index = suit * 8 + rank`` with suits ``S H D C`` and
ranks ``7 8 9 T J Q K A`` — so a hand is a 32-bit mask whose bytes are the four suits. Every rule
that depends on the contract (strength, points, "which cards beat this one") is a table indexed by
a *mode*: 0–3 for a suit contract (the trump suit's index), 4 for SA (``NT``) and 5 for TA
(``AT``). The legal-play algorithm of §2.5 then costs a handful of mask operations, which is what
lets thousands of random deals per second run in pure Python (the benchmark's target).
"""

from __future__ import annotations

from typing import Final

from games.actions import PLAY, Action

SUIT_LETTERS: Final = "SHDC"
RANK_LETTERS: Final = "789TJQKA"
"""Natural order, which is also the meld (sequence) order from low to high."""

CARD_CODES: Final[tuple[str, ...]] = tuple(r + s for s in SUIT_LETTERS for r in RANK_LETTERS)
CARD_INDEX: Final[dict[str, int]] = {code: i for i, code in enumerate(CARD_CODES)}
SUIT_MASKS: Final = (0xFF, 0xFF << 8, 0xFF << 16, 0xFF << 24)

SA: Final = 4
TA: Final = 5
MODE_OF_TRUMP: Final[dict[str, int]] = {"S": 0, "H": 1, "D": 2, "C": 3, "NT": SA, "AT": TA}
TRUMP_OF_MODE: Final = ("S", "H", "D", "C", "NT", "AT")

PLAIN_ORDER: Final = "ATKQJ987"
TRUMP_ORDER: Final = "J9ATKQ87"
PLAIN_POINTS: Final = {"A": 11, "T": 10, "K": 4, "Q": 3, "J": 2}
TRUMP_POINTS: Final = {"J": 20, "9": 14, "A": 11, "T": 10, "K": 4, "Q": 3}
SA_162_POINTS: Final = {"A": 19, "T": 10, "K": 4, "Q": 3, "J": 2}
TA_162_POINTS: Final = {"J": 14, "9": 9, "A": 6, "T": 5, "K": 3, "Q": 1}

LAST_TRICK: Final = 10
CAPOT_LAST_TRICK: Final = 100


def _strength(order: str) -> list[int]:
    """Rank index → strength (higher wins) for an order written high → low."""
    return [len(order) - order.index(r) for r in RANK_LETTERS]


PLAIN_STRENGTH: Final = _strength(PLAIN_ORDER)
TRUMP_STRENGTH: Final = _strength(TRUMP_ORDER)


def _is_trump_like(mode: int, suit: int) -> bool:
    """Whether ``suit`` ranks in trump order under ``mode`` (the trump suit, or every suit in TA)."""
    return mode in (TA, suit)


def _strength_table(mode: int) -> tuple[int, ...]:
    table = []
    for card in range(32):
        suit, rank = divmod(card, 8)
        table.append(TRUMP_STRENGTH[rank] if _is_trump_like(mode, suit) else PLAIN_STRENGTH[rank])
    return tuple(table)


STRENGTH: Final[tuple[tuple[int, ...], ...]] = tuple(_strength_table(m) for m in range(6))
"""``STRENGTH[mode][card]``: rank strength within the card's suit under that contract."""


def _above(mode: int) -> tuple[int, ...]:
    table = []
    for card in range(32):
        suit = card // 8
        mask = 0
        for other in range(suit * 8, suit * 8 + 8):
            if STRENGTH[mode][other] > STRENGTH[mode][card]:
                mask |= 1 << other
        table.append(mask)
    return tuple(table)


ABOVE: Final[tuple[tuple[int, ...], ...]] = tuple(_above(m) for m in range(6))
"""``ABOVE[mode][card]``: mask of the cards of the same suit that beat ``card``."""


def _points_table(mode: int, plain: dict[str, int], trump: dict[str, int]) -> tuple[int, ...]:
    table = []
    for card in range(32):
        suit, rank = divmod(card, 8)
        values = trump if _is_trump_like(mode, suit) else plain
        table.append(values.get(RANK_LETTERS[rank], 0))
    return tuple(table)


BELOTE_POINTS: Final[tuple[tuple[int, ...], ...]] = tuple(
    _points_table(m, PLAIN_POINTS, TRUMP_POINTS) for m in range(6)
)
"""Card points of §2.2 (SA totals 120, TA 248, suit contracts 152)."""
POINTS_162: Final[tuple[tuple[int, ...], ...]] = (
    *BELOTE_POINTS[:4],
    _points_table(SA, SA_162_POINTS, SA_162_POINTS),
    _points_table(TA, TA_162_POINTS, TA_162_POINTS),
)
"""Coinche's ``card_values_162`` scale (§3.3): SA and TA rescaled so every contract totals 152."""


def _actions_by_byte(suit: int) -> tuple[tuple[Action, ...], ...]:
    return tuple(
        tuple(PLAY[CARD_CODES[suit * 8 + r]] for r in range(8) if byte >> r & 1)
        for byte in range(256)
    )


ACTIONS_BY_BYTE: Final = tuple(_actions_by_byte(s) for s in range(4))
"""``ACTIONS_BY_BYTE[suit][byte]``: the interned play actions of the cards of one suit."""


def play_actions(mask: int) -> list[Action]:
    """The interned ``play`` actions of the cards of ``mask`` (suit by suit, low rank first)."""
    a0, a1, a2, a3 = ACTIONS_BY_BYTE
    return [
        *a0[mask & 255],
        *a1[mask >> 8 & 255],
        *a2[mask >> 16 & 255],
        *a3[mask >> 24],
    ]


def mask_of(cards: list[str]) -> int:
    mask = 0
    for code in cards:
        mask |= 1 << CARD_INDEX[code]
    return mask


def cards_of(mask: int) -> list[str]:
    """The card codes of ``mask``, suit by suit in natural rank order."""
    out = []
    while mask:
        low = mask & -mask
        out.append(CARD_CODES[low.bit_length() - 1])
        mask ^= low
    return out


# ---------------------------------------------------------------------------- legal play (§2.5)
TRUMP_LEAD_ALWAYS: Final = 0
TRUMP_LEAD_NEVER: Final = 1
TRUMP_LEAD_NOT_OVER_PARTNER: Final = 2
TRUMP_LEAD_CODES: Final = {
    "always": TRUMP_LEAD_ALWAYS,
    "never": TRUMP_LEAD_NEVER,
    "not_over_partner": TRUMP_LEAD_NOT_OVER_PARTNER,
}


def legal_mask(
    hand: int,
    mode: int,
    lead_card: int,
    win_card: int,
    partner_winning: bool,
    trump_lead: int,
    must_undertrump: bool,
    partner_free: bool,
) -> int:
    """The cards of ``hand`` that may be played to a trick in progress (docs/rules.md §2.5).

    ``lead_card`` is the first card of the trick and ``win_card`` the card currently winning it;
    an empty trick allows the whole hand and is the caller's business. In a suit contract the
    winning card is a trump exactly when a trump has been played, so it is also the "highest trump
    in the trick" of the algorithm.
    """
    led = lead_card >> 3
    follow = hand & SUIT_MASKS[led]
    if mode == SA:
        return follow or hand
    if mode == TA or led == mode:
        if not follow:
            return hand
        if trump_lead == TRUMP_LEAD_NEVER or (
            trump_lead == TRUMP_LEAD_NOT_OVER_PARTNER and partner_winning
        ):
            return follow
        return (follow & ABOVE[mode][win_card]) or follow
    if follow:
        return follow
    trumps = hand & SUIT_MASKS[mode]
    over = trumps & ABOVE[mode][win_card] if win_card >> 3 == mode else trumps
    if partner_winning:
        if partner_free:
            return hand
        return ((hand & ~SUIT_MASKS[mode]) | over) or hand
    if not trumps:
        return hand
    if over:
        return over
    return trumps if must_undertrump else hand


def illegal_play(
    card: int, hand: int, mode: int, lead_card: int, win_card: int, partner_winning: bool
) -> tuple[str, dict[str, str]]:
    """Why ``card`` (held, but not allowed by ``legal_mask``) may not be played, as a refusal
    code and its parameters (``games.reasons``)."""
    led = lead_card >> 3
    code = CARD_CODES[card]
    winner = CARD_CODES[win_card]
    led_suit = SUIT_LETTERS[led]
    if hand & SUIT_MASKS[led] and card >> 3 != led:
        return "must_follow", {"suit": led_suit}
    if mode == TA or led == mode:
        if mode == led:
            return "must_overtrump_card", {"card": code, "winner_card": winner}
        return "must_play_higher", {"suit": led_suit, "card": code, "winner_card": winner}
    trump = SUIT_LETTERS[mode]
    trumped = win_card >> 3 == mode
    if card >> 3 == mode:
        if not partner_winning and hand & SUIT_MASKS[mode] & ABOVE[mode][win_card]:
            return "must_overtrump_card", {"card": code, "winner_card": winner}
        return "no_undertrump", {"card": code}
    if trumped and not hand & SUIT_MASKS[mode] & ABOVE[mode][win_card]:
        return "must_undertrump", {"suit": led_suit, "trump_suit": trump}
    if trumped:
        return "must_overtrump", {"suit": led_suit, "winner_card": winner}
    return "must_trump", {"suit": led_suit, "trump_suit": trump}


# ------------------------------------------------------------------------------- belote (§2.7)
KING: Final = RANK_LETTERS.index("K")
QUEEN: Final = RANK_LETTERS.index("Q")


def belote_suits(mode: int, ta_each_suit: bool = True) -> tuple[int, ...]:
    """Suits whose K+Q make a belote: the trump suit, none in SA, and in TA every suit — or none
    under ``ta_belote = none``, the tables that keep belote for a contract with one trump suit."""
    if mode == SA:
        return ()
    if mode == TA:
        return (0, 1, 2, 3) if ta_each_suit else ()
    return (mode,)


def belote_holders(hands: list[int], mode: int, ta_each_suit: bool = True) -> list[int]:
    """Per suit, the seat holding both K and Q of it when that makes a belote, else -1."""
    holders = [-1, -1, -1, -1]
    for suit in belote_suits(mode, ta_each_suit):
        pair = (1 << (suit * 8 + KING)) | (1 << (suit * 8 + QUEEN))
        for seat, hand in enumerate(hands):
            if hand & pair == pair:
                holders[suit] = seat
    return holders


# ------------------------------------------------------------------------------------ rounding
def round10_half_up(x: int) -> int:
    """docs/rules.md §1.5 (x ≥ 0): 75 → 80, 74 → 70."""
    return 10 * ((x + 5) // 10)


def round_half_up_div(numerator: int, denominator: int) -> int:
    """``round_half_up(numerator / denominator)`` exactly, for non-negative integers."""
    return (2 * numerator + denominator) // (2 * denominator)


def round_half_down(x: int) -> int:
    """Belote ``half_down`` (§2.8.5): units 0–5 down, 6–9 up."""
    return 10 * ((x + 4) // 10)


def round_six_split(amounts: list[int]) -> list[int]:
    """Belote ``six_split`` (§2.8.5): units 0–5 down, 7–9 up; a 6 goes up only for the team with
    the strictly higher unrounded amount."""
    out = []
    for i, x in enumerate(amounts):
        units = x % 10
        base = x - units
        if units >= 7:
            out.append(base + 10)
        elif units == 6:
            other = amounts[1 - i]
            out.append(base + 10 if x > other else base)
        else:
            out.append(base)
    return out

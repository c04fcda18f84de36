"""Views made safe to draw: every key the renderer reads, normalised to the type it expects.

The renderer is called with views from six engines that evolve on their own. A value of an
unexpected type must not cost a player the table image, so each public entry point first passes
its view through ``clean_view``: malformed values are dropped (as if the key were missing), card
codes are checked and upper-cased, seats are kept in range. Drawing code can then trust types.
"""

from __future__ import annotations

from typing import Any, Final, TypeGuard

RANKS: Final = frozenset("23456789TJQKA")
SUITS: Final = frozenset("SHDC")
DENOMINATIONS: Final = frozenset({"S", "H", "D", "C", "NT", "AT"})
CARD_KEYS: Final = ("turn_up", "trump_card", "called_card")
COUNT_KEYS: Final = ("stock_size", "talon_size", "hands_to_win", "games_to_win", "pending_bonus")
MAX_SEATS: Final = 6


def card_code(value: Any) -> str | None:
    """The upper-case code of a card, or ``None`` when ``value`` is not one."""
    if isinstance(value, str) and len(value) == 2:
        code = value.upper()
        if code[0] in RANKS and code[1] in SUITS:
            return code
    return None


def is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _seat(value: Any, seats: int) -> int | None:
    return value if is_int(value) and 0 <= value < seats else None


def _ints(value: Any) -> list[int] | None:
    if isinstance(value, list) and all(is_int(v) for v in value):
        return list(value)
    return None


def _plays(value: Any, seats: int) -> list[list[Any]]:
    """A trick: ``[seat, card]`` pairs with a seat in range and a real card."""
    out: list[list[Any]] = []
    if not isinstance(value, list):
        return out
    for entry in value:
        if isinstance(entry, list | tuple) and len(entry) == 2:
            seat, card = _seat(entry[0], seats), card_code(entry[1])
            if seat is not None and card is not None:
                out.append([seat, card])
    return out


def seat_count(view: dict[str, Any], names: list[str] | None = None) -> int:
    seats = view.get("seats")
    if is_int(seats) and 1 <= seats <= MAX_SEATS:
        return int(seats)
    sizes = view.get("hand_sizes")
    if isinstance(sizes, list) and 1 <= len(sizes) <= MAX_SEATS:
        return len(sizes)
    if names and 1 <= len(names) <= MAX_SEATS:
        return len(names)
    return 4


def clean_view(view: Any, names: list[str] | None = None) -> dict[str, Any]:
    """A copy of ``view`` whose keys read by the renderer all have their expected types."""
    raw: dict[str, Any] = dict(view) if isinstance(view, dict) else {}
    seats = seat_count(raw, names)
    out: dict[str, Any] = {k: v for k, v in raw.items() if isinstance(k, str)}
    out["game"] = raw.get("game") if isinstance(raw.get("game"), str) else ""
    out["seats"] = seats
    for key in ("seat", "dealer", "to_act", "elder", "younger", "trump_card_seat"):
        out[key] = _seat(raw.get(key), seats)
    out["phase"] = raw.get("phase") if isinstance(raw.get("phase"), str) else ""
    hand = raw.get("hand")
    out["hand"] = [c for c in (card_code(x) for x in hand) if c] if isinstance(hand, list) else []
    for key in ("hand_sizes", "tricks_won", "games_won"):
        values = _ints(raw.get(key))
        out[key] = values if values is not None and len(values) <= MAX_SEATS else []
    out["trick"] = _plays(raw.get("trick"), seats)
    last = _plays(raw.get("last_trick"), seats)
    out["last_trick"] = last or None
    trump = raw.get("trump")
    out["trump"] = (
        trump.upper() if isinstance(trump, str) and trump.upper() in DENOMINATIONS else None
    )
    for key in ("contract", "bid", "exchange", "partie"):
        out[key] = raw.get(key) if isinstance(raw.get(key), dict) else None
    contract = out["contract"]
    if contract is not None:
        contract = dict(contract)
        t = contract.get("trump")
        contract["trump"] = t.upper() if isinstance(t, str) and t.upper() in DENOMINATIONS else None
        out["contract"] = contract
    scores = raw.get("scores")
    deal = _ints(scores.get("deal")) if isinstance(scores, dict) else None
    game = _ints(scores.get("game")) if isinstance(scores, dict) else None
    if game is not None and not 1 <= len(game) <= MAX_SEATS:
        game = None
    if deal is not None and game is not None and len(deal) != len(game):
        deal = None
    out["scores"] = {"deal": deal, "game": game} if game is not None else {}
    events = raw.get("events")
    out["events"] = [e for e in events if isinstance(e, dict)] if isinstance(events, list) else []
    for key in ("auction",):
        entries = raw.get(key)
        out[key] = [e for e in entries if isinstance(e, dict)] if isinstance(entries, list) else []
    for key in CARD_KEYS:
        out[key] = card_code(raw.get(key))
    for key in COUNT_KEYS:
        out[key] = raw.get(key) if is_int(raw.get(key)) else None
    seen = raw.get("talon_seen")
    out["talon_seen"] = (
        [c for c in (card_code(x) for x in seen) if c] if isinstance(seen, list) else []
    )
    teams = raw.get("teams")
    if isinstance(teams, list) and all(
        isinstance(t, list) and all(_seat(s, seats) is not None for s in t) for t in teams
    ):
        out["teams"] = [list(t) for t in teams]
    else:
        out["teams"] = None
    for key in ("exchanged", "in_auction", "carte_blanche"):
        values = raw.get(key)
        out[key] = list(values) if isinstance(values, list) else None
    return out


def clean_names(names: Any, seats: int, locale: str = "en") -> list[str]:
    """One display name per seat: given names, else "Seat n"."""
    from rendering.info import seat_label
    from rendering.text import displayable

    given = list(names) if isinstance(names, list | tuple) else []
    return [
        displayable(str(given[i]))
        if i < len(given) and given[i] is not None
        else seat_label(i, locale)
        for i in range(seats)
    ]


def clean_cards(cards: Any) -> list[str] | None:
    if cards is None:
        return None
    if not isinstance(cards, list | tuple | set | frozenset):
        return None
    return [c for c in (card_code(x) for x in cards) if c]

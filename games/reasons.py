"""Why an action is refused, as a code with parameters: the words belong to the catalogues.

An engine raises ``IllegalAction("must_follow", suit="S")``; a player reads the sentence of their
language, chosen by ``rendering.words.reason`` from ``illegal_<code>`` in the images catalogue.
The English sentences here are the engines' own: what ``python -m games replay`` prints and what
a record's error names, so they never change with a translation (docs/records.md).

Parameter conventions, so a catalogue can turn each into words (docs/i18n.md):

- a name ending in ``suit`` holds a suit letter (``S H D C``), ``trump`` a denomination
  (``S H D C NT AT``);
- a name ending in ``card`` holds a card code (``TH``), ``rank`` a rank letter;
- ``seat`` is a seat number, ``action`` an action type, ``game`` a game name;
- every other parameter is a number or a word shown as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Final

from games.cards import SUIT_NAMES

ENGLISH: Final[Mapping[str, str]] = {
    # Any game (games.base)
    "game_over": "the game is over",
    "deal_not_finished": "the current deal is not finished",
    "deal_complete": "the deal is complete",
    "no_such_action": "{game} has no {action!r} action",
    "not_your_turn": "it is seat {seat}'s turn",
    "card_not_in_hand": "{card} is not in your hand",
    "seat_lacks_card": "seat {seat} does not hold {card}",
    "must_follow": "must follow {suit}",
    # Belote and Coinche play (games.belote_rules)
    "play_phase": "the cards are being played: {action} is not allowed now",
    "must_overtrump_card": "must over-trump: {card} does not beat {winner_card}",
    "must_play_higher": "must play a higher {suit_one}: {card} does not beat {winner_card}",
    "no_undertrump": "may not under-trump with {card} while holding another card",
    "must_undertrump": "must under-trump: no {suit}, play a {trump_suit_one}",
    "must_overtrump": "must over-trump: no {suit}, beat {winner_card}",
    "must_trump": "must trump: no {suit}, play a {trump_suit_one}",
    # Belote's taking
    "nobody_took": "nobody has taken yet: no card may be played",
    "la_vache": "la vache: the dealer must name a trump in round 2",
    "take_names_trump": "a take must name the trump",
    "round1_turn_up_only": "in round 1 only the turned-up suit ({suit}) may be taken",
    "round2_other_suit": "{suit} was refused in round 1: name another suit",
    "round2_no_sa_ta": "SA/TA may not be named (round2_sa_ta is off)",
    "not_a_trump": "{trump} is not a trump",
    # Coinche's auction
    "auction_not_over": "the auction is not over: no card may be played",
    "coinched_window": "after a coinche only surcoinche or pass is allowed",
    "capot_window": "after a capot bid only coinche or pass is allowed",
    "nothing_to_surcoinche": "nothing to surcoinche: the standing bid is not coinched",
    "nothing_to_coinche": "nothing to coinche: there is no bid",
    "coinche_opponents_only": "only the bidder's opponents may coinche",
    "capot_not_coinchable": "a capot bid cannot be coinched (capot_coinchable is off)",
    "bad_bid_value": "bid value {value!r} is not 80…160 by 10, capot or generale",
    "bid_names_trump": "a bid must name a trump: S, H, D, C, NT or AT",
    "no_bid_over": "no bid over a {value} bid",
    "sa_ta_disabled": "SA/TA bids are disabled",
    "generale_disabled": "generale bids are disabled",
    "bid_too_low": "bid must be higher than {value}",
    # Briscola a chiamata
    "auction_over": "no {action} now: the auction is over",
    "pass_carries_nothing": "a pass carries no card, rank or suit",
    "trump_after_auction": "trumps are named only by the declarer, after the auction",
    "trump_already_named": "trumps are already named",
    "trump_one_suit": "name trumps with one suit: S, H, D or C",
    "no_play_in_auction": "no card may be played during the auction",
    "declarer_names_trump": "the declarer must name trumps first",
    "play_one_card": "a play names one card",
    "card_not_in_seat_hand": "{card} is not in seat {seat}'s hand",
    "call_names_rank": "a call names a rank (and, over a 2, points)",
    "no_such_rank": "the 40-card deck has no rank {rank!r}: call one of A 3 K Q J 7 6 5 4 2",
    "points_need_option": "calls with points need bidding = two_then_points",
    "points_bid_is_two": "a points bid is a call of 2 with a target",
    "points_over_two_only": "a points bid is allowed only over a standing 2",
    "points_range": "a points bid is 62 to {high}, not {points}",
    "points_must_exceed": "a points bid must exceed {target}",
    "two_beaten_by_points": "nothing beats a 2 but a points bid",
    "nothing_beats_two": "nothing beats a 2",
    "call_weaker_rank": "a call must name a rank weaker than {rank}",
    # Piquet
    "exchange_first": "the cards are not played before both exchanges",
    "name_discards": "name the cards to discard",
    "exchange_count": "exchange {low} to {high} cards, not {count}",
    "exchange_twice": "an exchange may not name a card twice",
    "exchanges_over": "the exchanges are over",
}
"""Every code an engine raises, with its English sentence (the codes of docs/i18n.md)."""


def english(code: str, params: Mapping[str, object]) -> str:
    """The engines' own sentence for ``code``: suits by their English names (``spades``, and
    ``_one`` for one of them: ``spade``)."""
    values: dict[str, object] = dict(params)
    for name, value in params.items():
        if name.endswith("suit") and isinstance(value, str) and value in SUIT_NAMES:
            values[name] = SUIT_NAMES[value]
            values[name + "_one"] = SUIT_NAMES[value][:-1]
    return ENGLISH[code].format(**values)

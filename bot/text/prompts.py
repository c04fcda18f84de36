"""The line over a player's controls: what stands that they must beat or remember when they
decide — the bid to beat in Coinche, the standing call in chiamata and which way calls go, the
rank they called when they name the briscola (and the suits that would leave them alone).

Drawn from the seat's own view: it is shown to that player only, so it may name their cards.
"""

from __future__ import annotations

from bot.text.cards import card_name, rank_phrase, trump_word
from bot.text.i18n import t
from games.chiamata import BASE_TARGET
from games.views import ChiamataView, CoincheView, GameView

MULTIPLIERS = {1: " ×2", 2: " ×4"}
"""A coinched (surcoinched) bid, as the table image marks it."""


def turn_prompt(
    view: GameView, names: list[str], locale: str = "en", deck_style: str = "auto"
) -> str | None:
    """The sentence for the seat to act, or None when its controls say it all."""
    if view["game"] == "coinche" and view["decision"] == "bid":
        return _coinche(view, names, locale, deck_style)
    if view["game"] == "chiamata" and view["decision"] in ("bid", "trump"):
        return _chiamata(view, names, locale, deck_style)
    return None


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else "?"


def _coinche(view: CoincheView, names: list[str], locale: str, deck_style: str) -> str | None:
    bid = view["bid"]
    if bid is None or bid["trump"] is None:
        return None
    value = bid["value"]
    shown = t(f"bid_{value}", locale) if isinstance(value, str) else str(value)
    trump = trump_word(bid["trump"], locale, deck_style)
    what = f"{shown} {trump}{MULTIPLIERS.get(view['doubled'], '')}"
    return t("prompt_bid", locale, bid=what, name=_name(names, bid["bidder"]))


def _chiamata(view: ChiamataView, names: list[str], locale: str, deck_style: str) -> str:
    def rank(code: str) -> str:
        return rank_phrase(code, "chiamata", deck_style, locale)

    if view["decision"] == "trump":
        called = view["called_rank"] or "A"
        lines = [t("prompt_trump", locale, rank=rank(called))]
        for card in sorted(c for c in view["hand"] if c[0] == called):
            lines.append(
                t(
                    "prompt_trump_alone",
                    locale,
                    card=card_name(card, "chiamata", deck_style, locale),
                )
            )
        return " ".join(lines)
    bid = view["bid"]
    if bid is None or bid["rank"] is None:
        return t("prompt_call_first", locale, first=rank("A"), last=rank("2"))
    standing = rank(bid["rank"])
    if bid["target"] > BASE_TARGET and bid["rank"] == "2":
        standing = t("call_points", locale, rank=standing, points=bid["target"])
    return t("prompt_call", locale, rank=standing, name=_name(names, bid["seat"]))

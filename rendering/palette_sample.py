"""The sample that the fixed palettes of ``palette.py`` are chosen from, and the command that
rewrites them (``python -m rendering.palette_sample``).

The sample is made of what every image is made of: every card face (bright, dimmed, at each
size), backs, and tables, hands and sheets drawn from built-in sample views that use every kind
of element (bubbles, badges, the highlighted seat, the stock, a log). Drawing it takes a second
or more per style and leaves tens of megabytes of freed memory behind, which is why a drawing
process never does: it reads the palettes shipped in ``palette_data.py``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Final

from PIL import Image

from games.base import seat_teams
from games.registry import game_class
from games.views import (
    BeloteView,
    BriscolaView,
    ChiamataView,
    CoincheView,
    CommonView,
    GameView,
    Scores,
)
from rendering import cards, theme
from rendering.hand import draw_hand
from rendering.palette import STYLES
from rendering.sheets import draw_last_trick, draw_score_sheet
from rendering.table import draw_table

ALL_CARDS: Final = tuple(r + s for s in "SHDC" for r in "A23456789TJQK")


def _card_grid(style: str) -> Image.Image:
    sizes = (theme.TABLE_CARD, theme.SMALL_CARD, theme.HAND_CARD)
    cols = 13
    tiles: list[Image.Image] = []
    for w, h in sizes:
        for dim in (False, True):
            if dim and (w, h) != theme.HAND_CARD:
                continue
            grid = Image.new("RGB", (cols * (w + 8), 4 * (h + 8)), theme.FELT)
            for i, card in enumerate(ALL_CARDS):
                sprite = cards.dimmed(card, style, w, h) if dim else cards.face(card, style, w, h)
                x, y = (i % cols) * (w + 8), (i // cols) * (h + 8)
                grid.paste(cards.shadow(w, h), (x, y), cards.shadow(w, h))
                grid.paste(sprite, (x + 2, y), sprite)
            tiles.append(grid)
    return _stack(tiles)


def _stack(images: list[Image.Image]) -> Image.Image:
    width = max(im.width for im in images)
    height = sum(im.height for im in images)
    out = Image.new("RGB", (width, height), theme.FELT)
    y = 0
    for im in images:
        out.paste(im.convert("RGB"), (0, y))
        y += im.height
    return out


def _common(seats: int, dealer: int, phase: str, to_act: int | None) -> CommonView[None]:
    """The keys every sample view shares; each sample sets what it shows."""
    return {
        "seats": seats,
        "seat": None,
        "dealer": dealer,
        "phase": phase,
        "to_act": to_act,
        "decision": None,
        "hand": [],
        "hand_sizes": [0] * seats,
        "trick": [],
        "last_trick": None,
        "winning": None,
        "tricks_won": [0] * seats,
        "trump": None,
        "contract": None,
        "scores": {"deal": [0, 0], "game": [0, 0]},
        "events": [],
        "teams": seat_teams(seats, 2 if seats == 4 else seats),
    }


def _rules(name: str) -> Any:
    """``name``'s default rules, every key filled in as a view's ``options`` holds them."""
    return game_class(name).check_options(None)


def _sample_views() -> list[GameView]:
    """Views that together use every element a table can show."""
    scores: Scores = {"deal": [57, 105], "game": [1230, 980]}
    coinche: CoincheView = {
        **_common(4, 0, "auction", 3),
        "game": "coinche",
        "options": _rules("coinche"),
        "decision": "bid",
        "hand_sizes": [8, 8, 8, 8],
        "scores": scores,
        "auction": [
            {"seat": 1, "type": "bid", "value": 80, "trump": "H"},
            {"seat": 2, "type": "bid", "value": 90, "trump": "S"},
            {"seat": 3, "type": "bid", "value": 100, "trump": "D"},
            {"seat": 0, "type": "bid", "value": 110, "trump": "C"},
        ],
        "bid": {"value": 110, "trump": "C", "bidder": 0},
        "doubled": 0,
    }
    belote: BeloteView = {
        **_common(4, 2, "play", 1),
        "game": "belote",
        "options": _rules("belote"),
        "decision": "play",
        "hand_sizes": [3, 4, 4, 3],
        "trick": [[3, "JH"], [0, "9H"]],
        "winning": 3,
        "tricks_won": [2, 1, 0, 1],
        "trump": "H",
        "turn_up": "7H",
        "taking_round": None,
        "reserve": 0,
        "contract": {"trump": "H", "taker": 3, "value": None, "multiplier": 1},
        "scores": scores,
        "events": [
            {"type": "declare", "seat": 0, "melds": [{"kind": "tierce", "points": 20}]},
            {"type": "belote", "seat": 3, "card": "KH"},
        ],
    }
    briscola: BriscolaView = {
        **_common(2, 0, "play", 0),
        "game": "briscola",
        "options": _rules("briscola"),
        "decision": "play",
        "hand_sizes": [2, 3],
        "trick": [[1, "AD"]],
        "winning": 1,
        "tricks_won": [5, 6],
        "trump": "S",
        "stock_size": 15,
        "trump_card": "7S",
        "hands_to_win": 0,
        "partner_hands": {},
        "scores": {"deal": [40, 33], "game": [1, 0]},
    }
    chiamata: ChiamataView = {
        **_common(5, 4, "play", 2),
        "game": "chiamata",
        "options": _rules("chiamata"),
        "decision": "play",
        "hand_sizes": [6, 6, 5, 5, 5],
        "trick": [[0, "3C"], [1, "KC"], [2, "2C"], [3, "QH"]],
        "winning": 0,
        "tricks_won": [1, 0, 1, 0, 0],
        "trump": "C",
        "contract": {
            "declarer": 1,
            "rank": "2",
            "target": 61,
            "trump": "C",
            "called_card": "2C",
        },
        "called_card": "2C",
        "scores": {"deal": [11, 0, 10, 0, 0], "game": [2, -1, 1, -1, -1]},
        "events": [{"type": "partner", "seat": 2, "declarer": 1, "alone": False}],
        "auction": [{"seat": 0, "type": "call", "rank": "3"}, {"seat": 1, "type": "pass"}],
        "in_auction": [False, True, False, False, False],
        "bid": {"seat": 1, "rank": "2", "target": 61},
        "declarer": 1,
        "called_rank": "2",
        "target": 61,
        "partner": None,
        "alone": None,
        "deals_played": 1,
        "match_deals": 5,
    }
    return [coinche, belote, briscola, chiamata]


def _hand_sample() -> BeloteView:
    return {
        **_common(4, 0, "play", 0),
        "game": "belote",
        "options": _rules("belote"),
        "seat": 0,
        "decision": "play",
        "trump": "S",
        "hand": ["JS", "9S", "AH", "TH", "KC", "QC", "8D", "7D"],
        "turn_up": None,
        "taking_round": None,
        "reserve": 0,
    }


def _last_trick_sample() -> BeloteView:
    return {
        **_common(4, 0, "play", 0),
        "game": "belote",
        "options": _rules("belote"),
        "last_trick": [[0, "AS"], [1, "TD"]],
        "turn_up": None,
        "taking_round": None,
        "reserve": 0,
    }


def sample_palette(style: str) -> Image.Image:
    """The palette that the sample of ``style``'s sprites and panels gives: what is shipped."""
    names = ["Marie", "Luc", "Giulia", "Tomás", "Anne-Sophie", "Jean"]
    tiles = [
        draw_table(view, names[: view["seats"]], [False, True, False, True, False], style)
        for view in _sample_views()
    ]
    tiles.append(draw_hand(_hand_sample(), ["AH", "TH"], style))
    tiles.append(draw_last_trick(_last_trick_sample(), names, style))
    tiles.append(
        draw_score_sheet(
            "coinche",
            names[:4],
            [{"dealer": 0, "complete": True, "trick_points": [152, 10], "scores": [160, 0]}],
            [160, 0],
        )
    )
    tiles.append(_card_grid(style))
    sample = _stack(tiles)
    return sample.quantize(256, method=Image.Quantize.FASTOCTREE)


def palette_module() -> str:
    """The source of ``palette_data.py`` for the palettes the samples give now."""
    lines = [
        '"""The fixed palettes of ``palette.py``, as its sample gives them: 256 RGB colours per deck',
        "style in hexadecimal. Written by ``python -m rendering.palette_sample``; do not edit by hand.",
        '"""',
        "",
        "from __future__ import annotations",
        "",
        "from typing import Final",
        "",
        "PALETTES: Final[dict[str, str]] = {",
    ]
    for style in STYLES:
        colours = bytes(sample_palette(style).getpalette() or []).hex()
        lines.append(f'    "{style}": (')
        lines += [f'        "{colours[i : i + 84]}"' for i in range(0, len(colours), 84)]
        lines.append("    ),")
    lines.append("}")
    return "\n".join(lines) + "\n"


def main() -> None:
    """Rewrite ``palette_data.py`` beside this file."""
    path = Path(__file__).resolve().parent / "palette_data.py"
    path.write_text(palette_module(), encoding="utf-8")
    print(path)


if __name__ == "__main__":
    main()

"""Every game and phase renders, within the size limits, deterministically, and a table image
never depends on a hidden hand."""

from __future__ import annotations

import random
from typing import Any

import pytest

import rendering
from games.ai.random_play import deal_shuffled
from games.base import IllegalAction
from games.registry import GAME_NAMES, new_game
from rendering import (
    DECK_STYLES,
    render_deal_summary,
    render_hand,
    render_last_trick,
    render_score_sheet,
    render_table,
)
from rendering import cards as card_sprites
from rendering.demo import DEMO_NAMES, DEMO_SEATS, concrete, finished_deal, random_position
from rendering.geometry import NAME
from rendering.hand import hand_inputs
from rendering.palette import fixed_palette
from rendering.text import cap_height, size_for_cap_height
from tests.rendering.helpers import decode

MAX_BYTES = 150 * 1024
SEAT_OPTIONS = {"briscola": (2, 3, 4, 6)}


def walk(
    name: str, seed: int, seats: int | None = None
) -> list[tuple[dict[str, Any], dict[str, Any], list[str]]]:
    """Every position of one seeded game (two deals at most): public view, the actor's view and
    its legal cards."""
    rng = random.Random(seed)
    game = new_game(name, seats=seats, dealer=rng.randrange(seats or new_game(name).seats))
    out = []
    deals = 0
    while not game.over and deals < 2:
        if game.awaiting_deck:
            deal_shuffled(game, rng)
            deals += 1
            continue
        seat = game.to_act
        assert seat is not None
        legal = game.legal_actions(seat)
        cards = [a.card for a in legal if a.type == "play" and a.card]
        out.append((game.public_view(), game.view(seat), cards))
        game.apply(seat, concrete(game, seat, rng.choice(legal), rng))
    out.append((game.public_view(), game.view(0), []))
    return out


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_phase_renders_within_limits(name: str) -> None:
    seat_counts = SEAT_OPTIONS.get(name, (None,))
    phases = set()
    for seats in seat_counts:
        for public, private, legal in walk(name, 3, seats)[::3]:
            phases.add(public["phase"])
            n = public["seats"]
            table = render_table(public, DEMO_NAMES[:n], bots=[True] * n)
            image = decode(table)
            assert image.width <= 1200 and image.height <= 720
            assert len(table) <= MAX_BYTES
            hand = decode(render_hand(private, legal or None))
            assert hand.width <= 1200 and hand.height <= 720
            decode(render_last_trick(public, DEMO_NAMES[:n]))
    assert "play" in phases


@pytest.mark.parametrize("name", GAME_NAMES)
def test_summary_and_score_sheet(name: str) -> None:
    position = finished_deal(name, 5)
    assert position.result is not None and position.final_view is not None
    names = DEMO_NAMES[: position.game.seats]
    summary = decode(render_deal_summary(position.final_view, names, position.result))
    assert summary.width <= 1200 and summary.height <= 720
    sheet = decode(
        render_score_sheet(name, names, position.game.deal_results, list(position.game.totals))
    )
    assert sheet.width <= 1200 and sheet.height <= 720


def test_long_score_sheet_fits() -> None:
    results = [{"scores": [i * 10, 162 - i * 10]} for i in range(40)]
    sheet = decode(render_score_sheet("coinche", DEMO_NAMES[:4], results, [1234, 5678]))
    assert sheet.height <= 720


@pytest.mark.parametrize("name", GAME_NAMES)
@pytest.mark.parametrize("style", DECK_STYLES)
def test_deterministic(name: str, style: str) -> None:
    position = random_position(name, 21)
    view = position.game.public_view()
    names = DEMO_NAMES[: position.game.seats]
    first = render_table(view, names, deck_style=style)
    private = position.game.view(position.seat or 0)
    hand = render_hand(private, position.legal, deck_style=style)
    card_sprites.face.cache_clear()
    card_sprites.back.cache_clear()
    fixed_palette.cache_clear()
    assert render_table(view, names, deck_style=style) == first
    assert render_hand(private, position.legal, deck_style=style) == hand


@pytest.mark.parametrize("name", GAME_NAMES)
def test_table_ignores_hidden_hands(name: str) -> None:
    """A table image is drawn from public information only: whatever the viewer's own hand, and
    whoever holds which unplayed card, the image is the same."""
    position = random_position(name, 8)
    game = position.game
    names = DEMO_NAMES[: game.seats]
    public = render_table(game.public_view(), names)
    other = dict(game.public_view())
    other["hand"] = ["AS", "AH"]
    assert render_table(other, names) == public


ANNOUNCEMENTS = frozenset(
    {
        "declare",
        "melds",
        "belote",
        "rebelote",
        "carte_blanche",
        "carte_blanche_shown",
        "declaration",
        "repique",
        "pique",
    }
)
"""Events in which a player shows or scores what their hand holds (melds, Piquet's
declarations, belote): the public view rightly depends on hidden cards through them alone."""


def _unannounced(view: dict[str, Any]) -> dict[str, Any]:
    """A public view without what the players announced, nor the scores it moved."""
    kept = {k: v for k, v in view.items() if k != "scores"}
    kept["events"] = [e for e in view["events"] if e["type"] not in ANNOUNCEMENTS]
    return kept


@pytest.mark.parametrize("name", GAME_NAMES)
def test_swapped_hidden_cards_give_the_same_table(name: str) -> None:
    """Two games whose decks differ only by two cards that stay hidden in two hands: their
    public views may differ only by what a player announced (a meld, a declaration), and where
    nothing was announced differently the table images are the same."""
    twins = 0
    for seed in range(12):
        rng = random.Random(seed)
        seats = new_game(name).seats
        game = new_game(name, seats=seats, dealer=0)
        deck = deal_shuffled(game, rng)
        steps = rng.randint(1, 12)
        actions = []
        for _ in range(steps):
            seat = game.to_act
            if seat is None or game.awaiting_deck:
                break
            action = concrete(game, seat, rng.choice(game.legal_actions(seat)), rng)
            actions.append((seat, action))
            game.apply(seat, action)
        if game.awaiting_deck or game.over:
            continue
        public = game.public_view()
        hidden = {c for e in public["events"] for c in _cards_in(e)}
        hidden |= {card for _, card in public["trick"]} | _visible(game)
        mine = [c for c in game.view(0)["hand"] if c not in hidden]
        theirs = [c for c in game.view(1)["hand"] if c not in hidden]
        for a, b in zip(mine, theirs, strict=False):
            swapped = [b if c == a else a if c == b else c for c in deck]
            twin = new_game(name, seats=seats, dealer=0)
            twin.deal(swapped)
            try:
                for seat, action in actions:
                    twin.apply(seat, action)
            except IllegalAction:
                continue  # a card played in the line was the one swapped away: not a twin
            assert _unannounced(twin.public_view()) == _unannounced(public), (seed, a, b)
            if twin.public_view() != public:
                continue  # a meld or declaration changed with the hand: rightly public
            names = DEMO_NAMES[:seats]
            assert render_table(twin.public_view(), names) == render_table(public, names)
            # Even handed a private view, the table shows nothing of the viewer's hand.
            assert twin.view(0)["hand"] != game.view(0)["hand"]
            assert render_table(twin.view(0), names) == render_table(game.view(0), names)
            twins += 1
            break
    assert twins >= 3, f"only {twins} twin positions: the test checked too little"


def _cards_in(event: dict[str, Any]) -> list[str]:
    found: list[str] = []
    for value in event.values():
        if isinstance(value, str) and len(value) == 2:
            found.append(value)
        elif isinstance(value, list):
            for item in value:
                if isinstance(item, str) and len(item) == 2:
                    found.append(item)
                elif isinstance(item, list):
                    found.extend(x for x in item if isinstance(x, str) and len(x) == 2)
    return found


def _visible(game: Any) -> set[str]:
    view = game.public_view()
    return {
        c
        for key in ("turn_up", "trump_card", "called_card")
        for c in [view.get(key)]
        if isinstance(c, str)
    }


def test_a_fresh_game_renders_before_any_deal() -> None:
    """Between deals (and before the first) a view has no hand, no trick and no contract."""
    for name in GAME_NAMES:
        game = new_game(name, seats=DEMO_SEATS[name])
        names = DEMO_NAMES[: game.seats]
        public, private = game.public_view(), game.view(0)
        assert (private["hand"], public["trick"], public["last_trick"]) == ([], [], None)
        assert public.get("contract") is None and public.get("trump") is None
        assert (public["phase"], public["to_act"]) == ("deal", None)
        decode(render_table(game.public_view(), names))
        decode(render_hand(game.view(0)))
        decode(render_last_trick(game.public_view(), names))
    decode(render_score_sheet("belote", [], [], []))


def test_phone_readable_sizes() -> None:
    for size in ((104, 150), (76, 108), (112, 160)):
        rank_px, suit_px = card_sprites.index_sizes(*size)
        assert rank_px >= 28 and suit_px >= 28
        assert cap_height(size_for_cap_height(rank_px)) >= 28
    # A seat's name: its capitals at least 20 px in the 1200 px image.
    assert cap_height(NAME, "condensed") >= 20


def test_styles_and_extension() -> None:
    assert rendering.IMAGE_EXTENSION in ("png", "webp")
    assert DECK_STYLES == ("auto", "french", "french4", "italian")
    assert card_sprites.resolve_style("briscola", "auto") == "italian"
    assert card_sprites.resolve_style("chiamata", "auto") == "italian"
    assert card_sprites.resolve_style("sueca", "auto") == "french"
    assert card_sprites.resolve_style("belote", "unknown") == "french"
    assert card_sprites.resolve_style("belote", "italian") == "italian"


def test_french4_differs_from_french() -> None:
    position = random_position("coinche", 4, steps=1)
    view = position.game.view(0)
    assert {c[1] for c in view["hand"]} & {"D", "C"}
    assert render_hand(view, deck_style="french4") != render_hand(view, deck_style="french")


def test_threads_give_the_same_bytes() -> None:
    """The bot renders in worker threads: concurrent renders equal sequential ones."""
    from concurrent.futures import ThreadPoolExecutor

    card_sprites.face.cache_clear()
    jobs = []
    for name in GAME_NAMES:
        position = random_position(name, 44)
        names = DEMO_NAMES[: position.game.seats]
        jobs.append((position.game.public_view(), names))
    with ThreadPoolExecutor(max_workers=4) as pool:
        parallel = list(pool.map(lambda job: render_table(job[0], job[1]), jobs * 2))
    sequential = [render_table(view, names) for view, names in jobs * 2]
    assert parallel == sequential


def test_names_the_fonts_cannot_draw() -> None:
    from rendering.text import displayable

    assert displayable("Zoë 漢字") == "Zoë 漢字"  # the CJK subset draws Japanese names
    assert displayable("Zoë क") == "Zoë"
    assert displayable("क") == "?"
    view = random_position("sueca", 2).game.public_view()
    assert render_table(view, ["Zoë क", "Luc", "Giulia", "Tomás"]) == render_table(
        view, ["Zoë", "Luc", "Giulia", "Tomás"]
    )
    assert render_table(view, ["Zoë 漢字", "Luc", "Giulia", "Tomás"]) != render_table(
        view, ["Zoë", "Luc", "Giulia", "Tomás"]
    )


def test_marked_discards_stand_lifted_in_the_hand() -> None:
    """Piquet's discards being chosen are drawn where they lie in the hand, lifted: the hand
    image changes above the marked card only."""
    from PIL import ImageChops

    game = new_game("piquet", seats=2, dealer=0)
    deal_shuffled(game, random.Random(1))
    view = game.view(game.to_act)  # type: ignore[arg-type]
    plain = decode(render_hand(view)).convert("RGB")
    card = sorted(view["hand"])[0]
    marked = decode(render_hand(view, marked=[card])).convert("RGB")
    box = ImageChops.difference(plain, marked).getbbox()
    assert box is not None and box[2] - box[0] < plain.width // 3


def _chiamata_follow(follow_rule: str) -> tuple[Any, list[str]]:
    """A chiamata seat to act on a trick whose led suit it holds, with other suits too."""
    rng = random.Random(4)
    game = new_game("chiamata", options={"follow_rule": follow_rule}, seats=5, dealer=0)
    while True:
        if game.awaiting_deck:
            deal_shuffled(game, rng)
            continue
        seat = game.to_act
        assert seat is not None
        view = game.view(seat)
        legal = game.legal_actions(seat)
        if view["phase"] == "play" and view["trick"]:
            led = view["trick"][0][1][1]
            suits = {card[1] for card in view["hand"]}
            if led in suits and len(suits) > 1:
                return view, [a.card for a in legal if a.card]
        game.apply(seat, concrete(game, seat, rng.choice(legal), rng))


def test_a_chiamata_hand_says_which_rule_dims_its_cards() -> None:
    """Under ``follow_rule = must_follow`` (chiamata's default, which many players of Briscola do
    not expect) the hand's header says that this table's rule asks to follow the suit led;
    under ``free`` every card may be played and nothing is said."""
    from rendering.hand import draw_hand

    view, legal = _chiamata_follow("must_follow")
    led = view["trick"][0][1][1]
    assert sorted(legal) == sorted(c for c in view["hand"] if c[1] == led)
    for locale, words in (("en", "this table's rule"), ("fr", "règle de cette table")):
        records: list[Any] = []
        draw_hand(view, legal, "italian", locale, records=records)
        header = " · ".join(r.text for r in records if r.kind == "text")
        assert words in header, header
    view, legal = _chiamata_follow("free")
    assert sorted(legal) == sorted(view["hand"])
    records = []
    draw_hand(view, legal, "italian", "en", records=records)
    assert "rule" not in " ".join(r.text for r in records if r.kind == "text")


@pytest.mark.parametrize("name", GAME_NAMES)
def test_hands_of_equal_inputs_are_one_image(name: str) -> None:
    """``hand_inputs`` holds everything a hand image shows: a hand message whose inputs did not
    change keeps its image (``bot.table.hands``), so two hands of equal inputs must be the same
    picture. Seats 0 and 1 at each of a deal's first positions: waiting, then to act."""
    rng = random.Random(5)
    game = new_game(name, dealer=0)
    images: dict[tuple[object, ...], bytes] = {}
    repeated = 0
    for _ in range(16):
        if game.over:
            break
        if game.awaiting_deck:
            deal_shuffled(game, rng)
            continue
        actor = game.to_act
        assert actor is not None
        legal = game.legal_actions(actor)
        for seat in (0, 1):
            view = game.view(seat)
            cards = [a.card for a in legal if a.type == "play" and a.card] if seat == actor else []
            key = hand_inputs(view, cards or None)
            image = render_hand(view, cards or None)
            if key in images:
                repeated += 1
                assert images[key] == image, (name, seat, view["phase"])
            images[key] = image
        game.apply(actor, concrete(game, actor, rng.choice(legal), rng))
    assert repeated, "no hand was drawn twice: the test proved nothing"

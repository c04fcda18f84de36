"""The words drawn in images: every key the code asks for exists in English, catalogues agree on
placeholders, missing locales and keys fall back to English, and another locale really changes
the images (so a translation only needs a file)."""

from __future__ import annotations

import ast
import json
import string
from collections.abc import Iterator
from pathlib import Path

import pytest

import rendering
from games.belote_melds import SEQUENCE_NAMES
from games.registry import GAME_NAMES
from rendering import i18n
from rendering.demo import DEMO_NAMES, finished_deal, random_position
from rendering.i18n import plural, term, text
from tests.rendering.helpers import decode

SOURCE_DIR = Path(rendering.__file__).resolve().parent
DYNAMIC_KEYS = {
    "call_": ("pass", "coinche", "surcoinche"),
    "column_": ("melds", "belote"),
    "log_": ("bidding", "melds", "declarations"),
    "italian_corner_": ("A", "J", "Q", "K"),
}
"""Keys built from a prefix in the code (``text(f"call_{kind}")``), with every value it takes."""
TERMS = {
    "game_name": tuple(GAME_NAMES),
    "denomination": ("NT", "AT"),
    "italian_rank": ("A", "J", "Q", "K"),
    "italian_suit": ("S", "H", "D", "C"),
    "meld_kind": (*SEQUENCE_NAMES.values(), "quinte", "carre"),
    "event": ("belote", "rebelote", "repique", "pique", "capot"),
    "piquet_category": ("point", "sequence", "set"),
    "piquet_bonus": ("repique", "pique", "carte_blanche", "cards_bonus", "capot"),
}
"""Engine values drawn as words, per ``term`` group."""


def english() -> dict[str, str]:
    data: dict[str, str] = json.loads((i18n.LOCALES_DIR / "en.json").read_text("utf-8"))
    return data


def fields(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name is not None}


def calls() -> Iterator[tuple[str, ast.Call]]:
    """Every call of ``text``, ``plural`` and ``term`` in the rendering package."""
    for path in sorted(SOURCE_DIR.glob("*.py")):
        if path.name == "i18n.py":
            continue
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (
                isinstance(node, ast.Call)
                and isinstance(node.func, ast.Name)
                and node.func.id in ("text", "plural", "term")
                and node.args
            ):
                yield f"{path.name}:{node.lineno}", node


def test_the_scan_finds_the_calls() -> None:
    found = {node.func.id for _, node in calls() if isinstance(node.func, ast.Name)}
    assert found == {"text", "plural", "term"}
    assert sum(1 for _ in calls()) > 80


def test_every_key_used_exists_in_english() -> None:
    strings = english()
    missing: list[str] = []
    for where, node in calls():
        assert isinstance(node.func, ast.Name)
        first = node.args[0]
        if isinstance(first, ast.Constant) and isinstance(first.value, str):
            if node.func.id == "text":
                keys = [first.value]
            elif node.func.id == "plural":
                keys = [f"{first.value}_one", f"{first.value}_other"]
            else:
                keys = [f"{first.value}_{value}" for value in TERMS[first.value]]
        else:
            assert isinstance(first, ast.JoinedStr), f"{where}: keys must be literal"
            head = first.values[0]
            assert isinstance(head, ast.Constant), where
            prefix = str(head.value)
            assert prefix in DYNAMIC_KEYS, f"{where}: unknown dynamic key {prefix!r}…"
            keys = [prefix + suffix for suffix in DYNAMIC_KEYS[prefix]]
        missing += [f"{where}: {key}" for key in keys if key not in strings]
    assert missing == []


def test_no_unused_english_key() -> None:
    used: set[str] = set()
    for _, node in calls():
        assert isinstance(node.func, ast.Name)
        first = node.args[0]
        if isinstance(first, ast.Constant) and node.func.id == "text":
            used.add(first.value)
        elif isinstance(first, ast.Constant) and node.func.id == "plural":
            used |= {f"{first.value}_one", f"{first.value}_other"}
    used |= {f"{group}_{v}" for group, values in TERMS.items() for v in values}
    used |= {prefix + s for prefix, suffixes in DYNAMIC_KEYS.items() for s in suffixes}
    assert set(english()) - used - {"@plural"} == set()


def test_placeholders_match_the_arguments_given() -> None:
    strings = english()
    for where, node in calls():
        assert isinstance(node.func, ast.Name)
        first = node.args[0]
        if not isinstance(first, ast.Constant) or node.func.id == "term":
            continue
        if any(k.arg is None for k in node.keywords):
            continue
        given = {k.arg for k in node.keywords if k.arg not in ("locale",)}
        if node.func.id == "plural":
            given.add("count")
            templates = [strings[f"{first.value}_one"], strings[f"{first.value}_other"]]
        else:
            templates = [strings[first.value]]
        for template in templates:
            assert fields(template) <= given, f"{where}: {template!r} needs more than {given}"
            if node.func.id == "text":
                assert fields(template) == given, f"{where}: {given} unused by {template!r}"


def test_singular_and_plural_take_the_same_values() -> None:
    strings = english()
    for key in strings:
        if key.endswith("_one"):
            other = key[: -len("_one")] + "_other"
            assert other in strings, key
            assert fields(strings[key]) == fields(strings[other]), key


@pytest.mark.parametrize("path", sorted(i18n.LOCALES_DIR.glob("*.json")), ids=lambda p: p.stem)
def test_every_catalogue_agrees_with_english(path: Path) -> None:
    strings = english()
    data = json.loads(path.read_text("utf-8"))
    assert isinstance(data, dict)
    assert i18n.LOCALE_NAME.fullmatch(path.stem)
    assert data.get("@plural", "one") in i18n.PLURAL_RULES
    for key, template in data.items():
        assert key in strings, f"{path.name}: {key} is not an English key"
        assert isinstance(template, str)
        if not key.startswith("@"):
            assert fields(template) == fields(strings[key]), f"{path.name}: {key}"


def test_missing_locale_or_key_falls_back_to_english() -> None:
    assert text("score_panel", "xx") == text("score_panel") == "Score"
    assert text("seat", "pt-BR", number=3) == "Seat 3"
    assert text("score_panel", "../../etc/passwd") == "Score"
    assert plural("tricks", 1, "xx") == "1 trick"
    assert plural("tricks", 0, "xx") == "0 tricks"
    assert text("no_such_key_anywhere") == "no_such_key_anywhere"
    assert term("meld_kind", "quinte_flush") == "quinte_flush"
    assert term("italian_rank", "7", default="7") == "7"


def test_unknown_locale_draws_english() -> None:
    position = random_position("coinche", 11)
    view = position.game.public_view()
    names = DEMO_NAMES[:4]
    english_image = rendering.render_table(view, names)
    assert rendering.render_table(view, names, locale="en") == english_image
    assert rendering.render_table(view, names, locale="xx") == english_image
    assert rendering.render_table(view, names, locale=None) == english_image  # type: ignore[arg-type]


def _swapped(template: str) -> str:
    """The template with its words' case swapped and its placeholders kept."""
    out = []
    for literal, name, spec, conversion in string.Formatter().parse(template):
        out.append(literal.swapcase().replace("{", "{{").replace("}", "}}"))
        if name is not None:
            out.append(
                "{"
                + name
                + ("!" + conversion if conversion else "")
                + (":" + spec if spec else "")
                + "}"
            )
    return "".join(out)


@pytest.fixture
def fake_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A test locale ``tl``: every English sentence with its case swapped, zero singular."""
    strings = english()
    fake = {key: _swapped(value) for key, value in strings.items() if not key.startswith("@")}
    fake["@plural"] = "zero_one"
    (tmp_path / "en.json").write_text(json.dumps(strings), "utf-8")
    (tmp_path / "tl.json").write_text(json.dumps(fake), "utf-8")
    monkeypatch.setattr(i18n, "LOCALES_DIR", tmp_path)
    i18n.catalogue.cache_clear()
    i18n._chain.cache_clear()
    yield "tl"
    monkeypatch.undo()
    i18n.catalogue.cache_clear()
    i18n._chain.cache_clear()


def test_fake_locale_words(fake_locale: str) -> None:
    assert text("score_panel", fake_locale) == "sCORE"
    assert text("seat", fake_locale, number=2) == "sEAT 2"
    assert plural("tricks", 0, fake_locale) == "0 TRICK"
    assert plural("tricks", 2, fake_locale) == "2 TRICKS"
    assert text("seat", "tl-XX", number=2) == "sEAT 2"
    assert i18n.available_locales() == ["en", "tl"]


def test_fake_locale_changes_every_image(fake_locale: str) -> None:
    position = random_position("belote", 5, steps=40)
    game = position.game
    names = DEMO_NAMES[:4]
    ended = finished_deal("belote", 5)
    assert ended.result is not None and ended.final_view is not None
    seat = position.seat if position.seat is not None else 0
    renders = {
        "table": lambda loc: rendering.render_table(game.public_view(), names, locale=loc),
        "hand": lambda loc: rendering.render_hand(game.view(seat), position.legal, locale=loc),
        "last trick": lambda loc: rendering.render_last_trick(
            game.public_view(), names, locale=loc
        ),
        "summary": lambda loc: rendering.render_deal_summary(
            ended.final_view or {}, names, ended.result or {}, locale=loc
        ),
        "sheet": lambda loc: rendering.render_score_sheet(
            "belote", names, ended.game.deal_results, list(ended.game.totals), locale=loc
        ),
    }
    for label, render in renders.items():
        theirs, ours = render(fake_locale), render("en")
        assert theirs != ours, label
        assert decode(theirs).size[1] == decode(ours).size[1], label


@pytest.mark.parametrize("name", GAME_NAMES)
def test_fake_locale_draws_every_game(fake_locale: str, name: str) -> None:
    for seed in range(4):
        position = random_position(name, 40 + seed)
        view = position.game.public_view()
        names = DEMO_NAMES[: position.game.seats]
        decode(rendering.render_table(view, names, locale=fake_locale))
        if position.result is not None and position.final_view is not None:
            decode(
                rendering.render_deal_summary(
                    position.final_view, names, position.result, locale=fake_locale
                )
            )


def test_counts_of_one_are_singular_in_english() -> None:
    from games.briscola import Briscola
    from games.sueca import Sueca
    from rendering.presenters import table_info

    one = table_info(Briscola({"hands_to_win": 1}, seats=2).public_view(), ["a", "b"])
    three = table_info(Briscola({"hands_to_win": 3}, seats=2).public_view(), ["a", "b"])
    assert "First to 1 hand" in one.contract
    assert "First to 3 hands" in three.contract
    sueca = table_info(Sueca({"games_to_win": 1}).public_view(), list("abcd"))
    assert "First to 1 game" in sueca.contract


@pytest.mark.parametrize(
    ("game", "heading"), [("piquet", "column_tricks"), ("coinche", "column_card_points")]
)
def test_the_deal_summary_says_what_trick_points_count(
    game: str, heading: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Piquet's deal result counts tricks won; the other games count card points."""
    import rendering.sheets

    used: list[str] = []
    original = rendering.sheets.text

    def spy(key: str, *args: object, **kwargs: object) -> str:
        used.append(key)
        return original(key, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(rendering.sheets, "text", spy)
    ended = finished_deal(game, 5)
    assert ended.result is not None and ended.final_view is not None
    rendering.render_deal_summary(ended.final_view, list(DEMO_NAMES), ended.result)
    assert heading in used
    assert {"column_tricks", "column_card_points"} - {heading} - set(used)


def test_a_suit_never_leaves_its_bid_alone_on_a_line() -> None:
    """The Bidding box once drew "Computer 2: 80" with the ♠ alone on the next line."""
    from rendering.text import text_width, wrap_words

    room = text_width("Computer 2: 80", 20, "condensed") + 3
    assert wrap_words("Computer 2: 80 ♠", 20, room, "condensed") == ["Computer 2:", "80 ♠"]
    assert wrap_words("alice: 90 ♥", 20, 400, "condensed") == ["alice: 90 ♥"]

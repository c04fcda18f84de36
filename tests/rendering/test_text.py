"""The words drawn in images: every key the code asks for exists in English, catalogues agree on
placeholders, missing locales and keys fall back to English, and another locale really changes
the images (so a translation only needs a file)."""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest
from fluent.syntax import FluentSerializer, parse
from fluent.syntax import ast as fluent_ast
from fluent.syntax.visitor import Transformer

import rendering
from games.belote_melds import SEQUENCE_NAMES
from games.registry import GAME_NAMES
from i18n.catalogue import Catalogue
from i18n.locales import LOCALES
from rendering import words
from rendering.demo import DEMO_NAMES, finished_deal, random_position
from rendering.words import plural, term, text
from tests.rendering.helpers import decode
from tests.support import i18n_checks

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
ENGINE_PREFIXES = (
    "illegal_",
    "piquet_combination_",
    "suit_",
    "action_",
    "corner_",
    "italian_corner_",
    "italian_card",
    "the_italian_card",
    "the_italian_rank",
    "the_rank",
    "rank_",
)
"""Keys ``rendering.words`` itself asks for: the engines' codes (``reason``, ``combination``) and
the words of their parameters and of every card (``card_name``, ``rank_word``, ``rank_phrase``,
``corner``: the rank and suit words of the bot, the images and the pages, one catalogue)."""


def english() -> dict[str, fluent_ast.Message]:
    return i18n_checks.messages(words.IMAGES.path("en"))


def calls() -> Iterator[tuple[str, ast.Call]]:
    """Every call of ``text``, ``plural`` and ``term`` in the rendering package."""
    for path in sorted(SOURCE_DIR.glob("*.py")):
        if path.name == "words.py":
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


def keys_of(where: str, node: ast.Call) -> list[str]:
    assert isinstance(node.func, ast.Name)
    first = node.args[0]
    if isinstance(first, ast.Constant) and isinstance(first.value, str):
        if node.func.id in ("text", "plural"):
            return [first.value]
        return [f"{first.value}_{value}" for value in TERMS[first.value]]
    assert isinstance(first, ast.JoinedStr), f"{where}: keys must be literal"
    head = first.values[0]
    assert isinstance(head, ast.Constant), where
    prefix = str(head.value)
    assert prefix in DYNAMIC_KEYS, f"{where}: unknown dynamic key {prefix!r}…"
    return [prefix + suffix for suffix in DYNAMIC_KEYS[prefix]]


def test_every_key_used_exists_in_english() -> None:
    strings = english()
    missing: list[str] = []
    for where, node in calls():
        missing += [f"{where}: {key}" for key in keys_of(where, node) if key not in strings]
    assert missing == []


def engine_keys() -> set[str]:
    """Keys the engines' codes name (refusals, Piquet combinations, rule help)."""
    return {key for key in english() if key.startswith(ENGINE_PREFIXES)}


def test_no_unused_english_key() -> None:
    used: set[str] = set()
    for where, node in calls():
        used |= set(keys_of(where, node))
    used |= {f"{group}_{v}" for group, values in TERMS.items() for v in values}
    assert set(english()) - used - engine_keys() == set()


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
        needed = i18n_checks.variables(strings[first.value])
        assert needed <= given, f"{where}: {first.value} needs more than {given}"
        if node.func.id == "text":
            assert needed == given, f"{where}: {given - needed} unused by {first.value}"
        else:
            assert "count" in needed, f"{where}: {first.value} does not select on $count"


def test_english_catalogue_parses() -> None:
    assert i18n_checks.parse_problems(words.IMAGES, "en") == []
    assert i18n_checks.format_problems(words.IMAGES, "en") == []


@pytest.mark.parametrize("locale", LOCALES)
def test_every_catalogue_agrees_with_english(locale: str) -> None:
    """Each locale has exactly English's keys (pt-BR: a subset, it falls back to pt-PT), with
    the same variables, parses without junk and formats without errors."""
    assert i18n_checks.catalogue_problems(words.IMAGES, [locale]) == []


def test_only_known_locales_have_a_file() -> None:
    assert set(words.available_locales()) == set(LOCALES)


def test_the_checks_catch_a_broken_catalogue(tmp_path: Path) -> None:
    """A missing key, an extra key, another variable and a syntax error each fail."""
    (tmp_path / "en").mkdir()
    (tmp_path / "en" / "t.ftl").write_text("a = A { $x }\nb = B\nc = C\n", "utf-8")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "t.ftl").write_text("a = A { $y }\nz = Z\nc = { C\n", "utf-8")
    catalogue = Catalogue(tmp_path, "t.ftl")
    problems = "\n".join(i18n_checks.catalogue_problems(catalogue, ["en", "fr"]))
    assert "fr: junk" in problems
    assert "fr: b is missing" in problems
    assert "fr: z is not an English key" in problems
    assert "fr: a uses ['y'], English ['x']" in problems
    assert i18n_checks.catalogue_problems(catalogue, ["en"]) == []
    assert i18n_checks.key_problems(catalogue, "fr", partial=True) == [
        "fr: z is not an English key"
    ]


def test_missing_locale_or_key_falls_back_to_english() -> None:
    assert text("score_panel", "xx") == text("score_panel") == "Score"
    assert text("seat", "pt-BR", number=3) == text("seat", "pt-PT", number=3) == "Lugar 3"
    assert text("side", "pt-BR", number=1) == "Time 1"
    assert plural("tricks", 0, "pt-BR") == "0 vaza"
    assert plural("tricks", 0, "pt-PT") == "0 vazas"
    assert text("score_panel", "../../etc/passwd") == "Score"
    assert plural("tricks", 1, "xx") == "1 trick"
    assert plural("tricks", 0, "xx") == "0 tricks"
    assert text("seat", "fr-CA", number=3) == text("seat", "fr", number=3)
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


class _SwapCase(Transformer):
    def visit_TextElement(self, node: fluent_ast.TextElement) -> fluent_ast.TextElement:
        node.value = node.value.swapcase()
        return node


@pytest.fixture
def fake_locale(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A test locale ``xq``: every English sentence with its case swapped (plural rules of a
    language CLDR does not know: one for 1, other for the rest)."""
    source = words.IMAGES.path("en").read_text("utf-8")
    swapped = FluentSerializer().serialize(_SwapCase().visit(parse(source)))
    for locale, content in (("en", source), ("xq", swapped)):
        (tmp_path / locale).mkdir()
        (tmp_path / locale / "images.ftl").write_text(content, "utf-8")
    monkeypatch.setattr(words, "IMAGES", Catalogue(tmp_path, "images.ftl"))
    words.term.cache_clear()
    yield "xq"
    monkeypatch.undo()
    words.term.cache_clear()


def test_fake_locale_words(fake_locale: str) -> None:
    assert text("score_panel", fake_locale) == "sCORE"
    assert text("seat", fake_locale, number=2) == "sEAT 2"
    assert plural("tricks", 1, fake_locale) == "1 TRICK"
    assert plural("tricks", 2, fake_locale) == "2 TRICKS"
    assert text("seat", "xq-XX", number=2) == "sEAT 2"
    assert words.available_locales() == ["en", "xq"]


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
    assert "1 hand to win" in one.contract
    assert "3 hands to win" in three.contract
    sueca = table_info(Sueca({"games_to_win": 1}).public_view(), list("abcd"))
    assert "1 game to win" in sueca.contract


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


def test_a_french_colon_stays_with_the_name_before_it() -> None:
    """French puts a space before its colon; the log once drew "Ordinateur 2" with " : 90 ♥"
    alone on the next line. The catalogue's space there does not break, even in a row too
    narrow for the name and its colon."""
    from rendering.info import said
    from rendering.text import text_width, wrap_words

    line = said("Ordinateur 2", "90 ♥", "fr")
    room = text_width("Ordinateur 2 :", 20, "condensed") + 2
    assert wrap_words(line, 20, room, "condensed") == ["Ordinateur 2 :", "90 ♥"]
    for narrow in (room - 8, room - 20):
        rows = wrap_words(line, 20, narrow, "condensed")
        assert not any(row.startswith(":") for row in rows), rows

"""Atout speaks English, French, Italian, Portuguese (Portugal and Brazil) and Japanese.

Every sentence exists in every language with the same variables; no English sentence hides in the
code outside the catalogue; Discord receives descriptions and choices it accepts in each client
language; buttons and selects keep within Discord's limits in every language; the language of a
person and of a table are chosen as docs say.
"""

from __future__ import annotations

import ast
import random
import re
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import discord
import pytest
from discord import app_commands
from fluent.syntax import FluentParser, FluentSerializer
from fluent.syntax import ast as fluent_ast
from fluent.syntax.visitor import Visitor

from bot.text.cards import card_name, rank_name, suit_name
from bot.text.i18n import BOT, LOCALES, has_key, t, user_locale
from bot.text.translator import DISCORD_LOCALES, CatalogueTranslator, command_text, translated
from bot.ui.panels import PanelContext, PanelRegistry
from cogs.belote import taking_panel
from cogs.chiamata import chiamata_panel
from cogs.coinche import bidding_panel
from cogs.piquet import exchange_panel
from games.ai import choose
from games.registry import GAME_NAMES, game_class, new_game

ROOT = Path(__file__).resolve().parents[3]
FULL = [locale for locale in LOCALES if locale != "pt-BR"]
"""Locales whose file holds every key; pt-BR writes only where Brazil differs from Portugal."""


class Variables(Visitor):
    def __init__(self) -> None:
        super().__init__()
        self.names: set[str] = set()

    def visit_VariableReference(self, node: fluent_ast.VariableReference) -> None:
        self.names.add(node.id.name)


def messages(locale: str) -> dict[str, set[str]]:
    """Each message of ``locale``'s bot.ftl and the variables it uses; a syntax error fails."""
    resource = FluentParser().parse(BOT.path(locale).read_text("utf-8"))
    junk = [entry.content[:80] for entry in resource.body if isinstance(entry, fluent_ast.Junk)]
    assert junk == [], f"{locale}: lines Fluent cannot read: {junk}"
    found: dict[str, set[str]] = {}
    for entry in resource.body:
        if isinstance(entry, fluent_ast.Message):
            visitor = Variables()
            visitor.visit(entry)
            assert entry.id.name not in found, f"{locale}: {entry.id.name} written twice"
            found[entry.id.name] = visitor.names
    return found


def test_every_language_has_a_catalogue() -> None:
    assert sorted(BOT.locales()) == sorted(LOCALES)


@pytest.mark.parametrize("locale", FULL[1:])
def test_every_key_exists_in_every_language_with_the_same_variables(locale: str) -> None:
    english = messages("en")
    theirs = messages(locale)
    assert sorted(set(english) - set(theirs)) == [], f"{locale} lacks these sentences"
    assert sorted(set(theirs) - set(english)) == [], f"{locale} has sentences English lacks"
    differing = {k: (english[k], theirs[k]) for k in english if english[k] != theirs[k]}
    assert differing == {}, f"{locale}: variables differ from English"


def test_brazil_writes_only_what_differs_and_reads_the_rest_from_portugal() -> None:
    english = messages("en")
    brazil = messages("pt-BR")
    assert set(brazil) <= set(english)
    assert {k: v for k, v in brazil.items() if english[k] != v} == {}
    portugal = messages("pt-PT")
    assert all(BOT.text(k, "pt-BR") == BOT.text(k, "pt-PT") for k in portugal if k not in brazil)
    assert t("turn_play", "pt-BR", name="Ana") == t("turn_play", "pt-PT", name="Ana")
    assert t("error_not_your_turn", "pt-BR") != t("error_not_your_turn", "pt-PT")


def test_a_missing_key_or_variable_is_caught(tmp_path: Path) -> None:
    """The checks above can fail: a catalogue with a key less and a variable renamed."""
    english = messages("en")
    broken = BOT.path("fr").read_text("utf-8").replace("turn_play = ", "turn_plays = ")
    broken = broken.replace("{ $name } remporte le pli", "{ $nom } remporte le pli")
    (tmp_path / "fr").mkdir()
    (tmp_path / "fr" / "bot.ftl").write_text(broken, "utf-8")
    resource = FluentParser().parse(broken)
    keys: dict[str, set[str]] = {}
    for entry in resource.body:
        if isinstance(entry, fluent_ast.Message):
            visitor = Variables()
            visitor.visit(entry)
            keys[entry.id.name] = visitor.names
    assert "turn_play" in set(english) - set(keys)
    assert keys["event_trick"] != english["event_trick"]


@pytest.mark.parametrize("locale", FULL[1:])
def test_the_languages_are_translated_not_copied(locale: str) -> None:
    """A sentence left in English would pass the key check: most sentences must differ."""
    english = messages("en")
    same = [k for k in english if BOT.text(k, locale) == BOT.text(k, "en")]
    assert len(same) < len(english) // 8, same


def test_the_games_own_words() -> None:
    assert t("bid_capot", "fr") == "Capot"
    assert t("action_coinche", "fr") == "Coincher"
    assert "Rebelote" in t("event_rebelote", "fr", name="x")
    assert "presa" in t("event_trick", "it", name="x")
    assert "socio" in t("event_partner", "it", name="x")
    assert t("deal_sweep", "it") == "Cappotto!"
    assert "vaza" in t("event_trick", "pt-PT", name="x")
    assert "trunfo" in t("turn_trump", "pt-PT", name="x")
    assert "切り札" in t("turn_trump", "ja", name="x")
    assert [card_name(c, "belote", "auto", "fr") for c in ("JH", "QS", "KD", "AC")] == [
        "V♥️",
        "D♤",
        "R♦️",
        "A♧",
    ]
    assert [suit_name(s, "belote", "auto", "fr") for s in "SHDC"] == [
        "pique",
        "cœur",
        "carreau",
        "trèfle",
    ]
    assert [suit_name(s, "belote", "auto", "it") for s in "SHDC"] == [
        "picche",
        "cuori",
        "quadri",
        "fiori",
    ]
    assert [suit_name(s, "briscola", "auto", "it") for s in "SHDC"] == [
        "spade",
        "coppe",
        "denari",
        "bastoni",
    ]
    assert [rank_name(r, "briscola", "auto", "it") for r in "JQK"] == ["fante", "cavallo", "re"]
    assert [suit_name(s, "sueca", "auto", "pt-PT") for s in "SHDC"] == [
        "espadas",
        "copas",
        "ouros",
        "paus",
    ]
    assert [suit_name(s, "belote", "auto", "ja") for s in "SHDC"] == [
        "スペード",
        "ハート",
        "ダイヤ",
        "クラブ",
    ]
    # Issue 41.8: an Italian-deck card in the reader's language, not in Italian.
    assert card_name("KC", "briscola", "italian", "fr") == "le Roi de Bâtons"
    assert card_name("KD", "briscola", "italian", "en") == "the King of Coins"
    assert card_name("KD", "briscola", "italian", "it") == "il re di denari"
    assert card_name("AS", "briscola", "italian", "pt-PT") == "o ás de espadas"
    assert card_name("QH", "chiamata", "auto", "ja") == "聖杯の騎士"


VOUS = re.compile(r"\b(?:vous|votre|vos)\b|\b\w+ez\b", re.IGNORECASE)
"""The polite plural in French: its pronouns, and the verb forms that end in -ez (choisissez,
écartez, jouez). The few French words that end in -ez without being a verb are allowed."""
NOT_VERBS = frozenset({"chez", "assez", "nez"})


def french_vous(path: Path) -> list[str]:
    """Every French sentence of a catalogue that speaks to the reader as vous."""
    resource = FluentParser().parse(path.read_text("utf-8"))
    found = []
    for entry in resource.body:
        if not isinstance(entry, fluent_ast.Message) or entry.value is None:
            continue
        words = [m.group(0) for m in VOUS.finditer(FluentSerializer().serialize_entry(entry))]
        if [w for w in words if w.lower() not in NOT_VERBS]:
            found.append(entry.id.name)
    return found


def test_french_says_tu_to_everybody() -> None:
    """The bot says tu ("à toi de jouer", "Ce n'est pas ton tour"): no French sentence of the
    bot or of its images may switch to vous ("Votre jeu", "écartez")."""
    from rendering.words import IMAGES

    assert "toi" in t("hand_your_turn", "fr", id=1)
    assert french_vous(BOT.path("fr")) == []
    assert french_vous(IMAGES.path("fr")) == []


def sentences(locale: str) -> dict[str, str]:
    """Each message of ``locale``'s bot.ftl as written."""
    resource = FluentParser().parse(BOT.path(locale).read_text("utf-8"))
    return {
        entry.id.name: FluentSerializer().serialize_entry(entry)
        for entry in resource.body
        if isinstance(entry, fluent_ast.Message)
    }


PORTUGAL_TU = re.compile(
    r"\b(?:teu|tua|teus|tuas|tens|podes|queres|chamaste|jogas)\b"
    r"|= (?:marca|escolhe|chama|passa|joga)\b",
    re.I,
)
"""Portugal's tu, which a Brazilian reads as foreign: its possessives, a few verb forms, and an
order that opens a line ("Marca 1 a 5 cartas para trocar" on Piquet's discard button)."""


def test_brazil_says_voce_where_portugal_says_tu() -> None:
    """pt-BR reads pt-PT's sentences where it has none of its own, so each pt-PT sentence
    speaking to the reader as tu ("Chamaste o 3 … o teu parceiro") has its own pt-BR words."""
    portugal, brazil = sentences("pt-PT"), sentences("pt-BR")
    assert [k for k, v in portugal.items() if PORTUGAL_TU.search(brazil.get(k, v))] == []
    assert "sua" in t("hand_your_turn", "pt-BR", id=1)
    assert "seu parceiro" in t("prompt_trump", "pt-BR", rank="o 3")


PORTUGAL_VOCE = re.compile(
    r"\b(?:sua|seu|suas|seus) (?:mesa|resultados?|mãos|lugar|jogo)\b|\bjá jogou\b"
    r"|\bclassifica-o\b|\bvocê\b|= (?:Jogou|Escolheu|Deixou|Verá|Escreva)\b"
    r"|\b(?:tente|escolha|não terminou nenhuma)\b",
    re.I,
)
"""Portugal speaking to the reader as você ("A sua mesa do desafio", "Já jogou o desafio"),
which its tu everywhere else ("é a tua vez") made a mix."""


def test_portugal_says_tu_to_everybody() -> None:
    portugal = sentences("pt-PT")
    assert [k for k, v in portugal.items() if PORTUGAL_VOCE.search(v)] == []
    brazil = sentences("pt-BR")
    for key in (
        "review_title",
        "review_computing",
        "cmd_review",
        "review_mistakes",
        "review_failed",
    ):
        assert PORTUGAL_TU.search(brazil.get(key, portugal[key])) is None, key
    assert "= Você:" in brazil["challenge_standings_you"]


def test_the_vous_check_finds_vous(tmp_path: Path) -> None:
    sample = tmp_path / "bot.ftl"
    sample.write_text(
        "a = Votre jeu\nb = écartez { $n } cartes\nc = chez toi, assez\nd = à toi\n", "utf-8"
    )
    assert french_vous(sample) == ["a", "b"]


def test_plurals_follow_each_language() -> None:
    assert t("count_games", "en", count=1) == "1 game"
    assert t("count_games", "fr", count=0) == "0 partie"
    assert t("count_games", "fr", count=2) == "2 parties"
    assert t("count_games", "it", count=1) == "1 partita"
    assert t("count_games", "pt-BR", count=3) == "3 jogos"
    assert t("count_games", "ja", count=1) == "1 戦"


# --------------------------------------------------------------------- locale choice
class Asking:
    def __init__(self, locale: Any) -> None:
        self.locale = locale


@pytest.mark.parametrize(
    ("discord_locale", "atout"),
    [
        (discord.Locale.american_english, "en"),
        (discord.Locale.british_english, "en"),
        (discord.Locale.french, "fr"),
        (discord.Locale.italian, "it"),
        (discord.Locale.brazil_portuguese, "pt-BR"),
        (discord.Locale.japanese, "ja"),
        (discord.Locale.german, "en"),
        (None, "en"),
    ],
)
def test_a_person_reads_their_client_language(discord_locale: Any, atout: str) -> None:
    assert user_locale(Asking(discord_locale)) == atout


# ----------------------------------------------------------------- Discord's own localisation
NAME = re.compile(r"^[-_\w]{1,32}$")
"""Discord's rule for command and option names (``\\w`` covers its letters and numbers)."""


def command_payloads() -> list[dict[str, Any]]:
    """What ``tree.sync`` would send: every command of every cog, translated."""
    import asyncio

    from bot.app import EXTENSIONS, create_bot
    from bot.config import Settings

    async def build() -> list[dict[str, Any]]:
        bot = create_bot(Settings(token=None, db_path=":memory:", ai_pause_s=0.0))
        await bot.tree.set_translator(CatalogueTranslator())
        for extension in EXTENSIONS:
            await bot.load_extension(extension)
        translator = bot.tree.translator
        assert translator is not None
        return [
            await command.get_translated_payload(bot.tree, translator)
            for command in bot.tree.get_commands()
        ]

    return asyncio.run(build())


def walk_options(options: list[dict[str, Any]]) -> list[dict[str, Any]]:
    found: list[dict[str, Any]] = []
    for option in options:
        found.append(option)
        found += walk_options(option.get("options") or [])
    return found


@pytest.fixture(scope="module")
def payloads() -> list[dict[str, Any]]:
    return command_payloads()


def test_every_command_string_fits_discords_rules_in_every_language(
    payloads: list[dict[str, Any]],
) -> None:
    assert len(payloads) >= 10
    checked = 0
    for command in payloads:
        for node in [command, *walk_options(command.get("options") or [])]:
            assert NAME.fullmatch(node["name"]) and node["name"] == node["name"].lower(), node
            # Names stay English on purpose (bot.text.translator): none is localised.
            assert not node.get("name_localizations"), node["name"]
            if "description" in node:
                assert 1 <= len(node["description"]) <= 100, node["name"]
            descriptions = node.get("description_localizations") or {}
            for locale, text in descriptions.items():
                assert 1 <= len(text) <= 100, (node["name"], locale, text)
                checked += 1
            for choice in node.get("choices") or []:
                assert 1 <= len(choice["name"]) <= 100
                for locale, text in (choice.get("name_localizations") or {}).items():
                    assert 1 <= len(text) <= 100, (choice, locale)
                    checked += 1
    assert checked > 500


def test_a_french_player_reads_french_descriptions(payloads: list[dict[str, Any]]) -> None:
    coinche = next(c for c in payloads if c["name"] == "coinche")
    assert coinche["description_localizations"]["fr"] == t("cmd_coinche", "fr")
    assert coinche["description_localizations"]["ja"] == t("cmd_coinche", "ja")
    start = next(o for o in coinche["options"] if o["name"] == "start")
    assert start["description_localizations"]["it"] == t("cmd_start_coinche", "it")
    language = next(o for o in start["options"] if o["name"] == "language")
    names = {c["value"]: c["name"] for c in language["choices"]}
    assert names == {code: t(f"language_{code}") for code in LOCALES}
    assert names["fr"] == "Français" and names["ja"] == "日本語"
    level = next(o for o in start["options"] if o["name"] == "level")
    easy = next(c for c in level["choices"] if c["value"] == "easy")
    assert easy["name_localizations"]["fr"] == "facile"
    assert easy["name_localizations"]["pt-BR"] == t("level_easy", "pt-PT")
    timer = next(o for o in start["options"] if o["name"] == "turn_timer")
    thirty = next(c for c in timer["choices"] if c["value"] == 30)
    assert thirty["name_localizations"]["fr"] == "30 secondes"


def test_the_translator_answers_only_for_its_languages() -> None:
    text = command_text("cmd_coinche")
    assert text.message == t("cmd_coinche")
    assert translated(text, discord.Locale.german) is None
    assert translated(app_commands.locale_str("plain"), discord.Locale.french) is None
    assert set(DISCORD_LOCALES.values()) == set(LOCALES) - {"pt-PT"}


# ------------------------------------------------------------------ Discord's limits
def register_panels() -> PanelRegistry:
    panels = PanelRegistry()
    panels.register("belote", taking_panel)
    panels.register("coinche", bidding_panel)
    panels.register("piquet", exchange_panel)
    panels.register("chiamata", chiamata_panel)
    return panels


def check_items(items: list[Any], where: str) -> int:
    count = 0
    for item in items:
        inner = getattr(item, "item", item)
        if isinstance(inner, discord.ui.Button):
            assert inner.label is None or 1 <= len(inner.label) <= 80, (where, inner.label)
            assert inner.label is None or not has_key(inner.label), (where, inner.label)
            count += 1
        elif isinstance(inner, discord.ui.Select):
            assert inner.placeholder is None or len(inner.placeholder) <= 150, where
            for option in inner.options:
                assert 1 <= len(option.label) <= 100, (where, option.label)
                assert not has_key(option.label), (where, option.label)
                count += 1
    return count


@pytest.mark.parametrize("name", GAME_NAMES)
def test_every_panel_fits_discords_limits_in_every_language(name: str) -> None:
    """Whole deals of every game with each panel drawn in every language and deck."""
    panels = register_panels()
    rng = random.Random(f"limits:{name}")
    checked = 0
    for deck in ("auto", "italian"):
        game = new_game(name, seats=game_class(name).SEAT_COUNTS[-1])
        cards = list(game.full_deck())
        rng.shuffle(cards)
        game.deal(cards)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            view, legal = game.view(seat), game.legal_actions(seat)
            for locale in LOCALES:
                ctx = PanelContext(1, game.action_count, view, legal, locale, {}, deck)
                checked += check_items(panels.build(name, ctx), f"{name} {locale} {deck}")
            game.apply(seat, choose(view, legal, "easy", rng))
    assert checked > 0


@pytest.mark.parametrize("locale", LOCALES)
def test_every_label_and_choice_fits_in_every_language(locale: str) -> None:
    keys = BOT.keys("en")
    long = {"value": 250, "trump": "♠\ufe0e", "number": 10, "low": 1, "high": 5}
    for key in keys:
        if key.startswith(("button_", "action_", "level_")):
            limit = 150 if key.endswith("_placeholder") else 80
            text = t(key, locale, **long, first=61, last=120, rank="cavallo", points=120)
            assert 1 <= len(text) <= limit, (key, text)
        names = ("rule_", "deck_", "timer_", "language_", "period_", "game_")
        if key.startswith(names) and not key.startswith(("rule_help_", "rule_current")):
            text = t(key, locale, key="k", value="v", help="h", seconds=300)
            assert 1 <= len(text) <= 100, (key, text)


# ------------------------------------------------------------ no English outside catalogues
SINK_METHODS = {
    "send_message",
    "send",
    "edit",
    "edit_message",
    "edit_original_response",
    "refuse",
    "retire",
    "announce",
    "send_to_table",
}
SINK_KEYWORDS = {"content", "label", "placeholder", "description", "name", "group_description"}
SINK_CALLS = {"SelectOption", "Choice", "describe", "Button", "Select"}
NOT_SHOWN = {"create_task", "command", "ArgumentParser", "add_argument"}
"""Calls whose strings no player reads: task names, command names (identifiers, English on
purpose: ``bot.text.translator``), the administrator's command-line help."""
WORDS = re.compile(r"[A-Za-z]{2,}")


def literal_text(node: ast.AST) -> str | None:
    """The words a literal shows a user: a string, or the fixed parts of an f-string."""
    if isinstance(node, ast.Constant) and isinstance(node.value, str):
        return node.value
    if isinstance(node, ast.JoinedStr):
        return " ".join(
            v.value for v in node.values if isinstance(v, ast.Constant) and isinstance(v.value, str)
        )
    return None


def parsed(source: str) -> ast.AST:
    """``ast.parse`` in a thread of its own: CPython 3.11's AST constructor compares its count
    of C recursion with the thread's, and a thread whose count another test's C code left off
    raises SystemError ("AST constructor recursion depth mismatch"; seen once in CI, by test order)."""
    with ThreadPoolExecutor(1) as thread:
        return thread.submit(ast.parse, source).result()


def english_literals(source: str, path: str) -> list[str]:
    """User-facing string literals with words in them: arguments of sending, editing and
    refusing calls, labels, placeholders, descriptions, choice names."""
    found: list[str] = []

    def check(node: ast.AST, where: str) -> None:
        text = literal_text(node)
        if text is None or text.startswith("atout:") or has_key(text):
            return
        if WORDS.search(text):
            found.append(f"{path}:{getattr(node, 'lineno', '?')} {where}: {text!r}")

    for node in ast.walk(parsed(source)):
        if isinstance(node, ast.ClassDef):
            for keyword in node.keywords:
                if keyword.arg in SINK_KEYWORDS:
                    check(keyword.value, keyword.arg)
        if not isinstance(node, ast.Call):
            continue
        func = node.func
        name = func.attr if isinstance(func, ast.Attribute) else getattr(func, "id", "")
        if name in NOT_SHOWN:
            continue
        if name in SINK_METHODS:
            for arg in node.args:
                check(arg, name)
        if name in SINK_CALLS:
            for arg in node.args:
                check(arg, name)
            for keyword in node.keywords:
                if keyword.arg in SINK_KEYWORDS or keyword.arg is None:
                    check(keyword.value, f"{name}({keyword.arg}=)")
            continue
        for keyword in node.keywords:
            if keyword.arg in SINK_KEYWORDS:
                check(keyword.value, f"{name}({keyword.arg}=)")
    return found


def test_the_english_scan_finds_english() -> None:
    source = (
        "async def f(i):\n"
        "    await i.response.send_message('Not your turn', ephemeral=True)\n"
        "    b = discord.ui.Button(label=f'Play {card}')\n"
        "    c = app_commands.Choice(name='target', value='target')\n"
        "    await refuse(i, t('error_no_table'))\n"
        "    await i.followup.send(content='error_no_table')\n"
    )
    found = english_literals(source, "x.py")
    assert len(found) == 3, found
    assert not any("error_no_table" in f for f in found)
    assert any("Not your turn" in f for f in found)


def test_no_user_facing_english_outside_the_catalogues() -> None:
    found: list[str] = []
    for folder in ("bot", "cogs"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            found += english_literals(path.read_text("utf-8"), str(path.relative_to(ROOT)))
    assert found == []


@pytest.mark.parametrize("locale", LOCALES)
def test_an_illegal_move_is_refused_in_the_players_language(locale: str) -> None:
    from bot.play.sessions import ActResult
    from bot.table.controller import refusal
    from games.actions import Action
    from games.base import IllegalAction

    game = new_game("belote")
    cards = list(game.full_deck())
    random.Random(1).shuffle(cards)
    game.deal(cards)
    seat = game.to_act
    assert seat is not None
    other = game.view((seat + 1) % 4)["hand"][0]
    with pytest.raises(IllegalAction) as caught:
        game.apply(seat, Action("play", card=other))
    result = ActResult(False, "illegal", caught.value.reason, refused=caught.value)
    said = refusal(result, locale, "belote")
    assert said.startswith(t("error_illegal", locale, reason="@").split("@")[0])
    if locale != "en":
        assert caught.value.reason not in said


def test_the_bot_catalogue_passes_the_shared_fluent_checks() -> None:
    """The same checks as the images' catalogue (tests/support/i18n_checks.py): parsing, keys,
    variables, references and formatting with sample values, in every locale."""
    from tests.support.i18n_checks import catalogue_problems

    assert catalogue_problems(BOT) == []


@pytest.mark.parametrize("locale", LOCALES)
def test_an_italian_card_has_the_same_name_in_messages_and_images(locale: str) -> None:
    """A Japanese player read "denari（金貨）の7" in the log and "デナーリの7" on the table: the
    bot's sentences name an Italian card by the image's words, with an article or a gloss
    around them at most."""
    from rendering import words as images

    for card in (r + s for r in "A234567JQK" for s in "SHDC"):
        said = re.sub(r"（[^）]*）", "", card_name(card, "briscola", locale=locale)).lower()
        drawn = images.card_name(card, locale, italian=True).lower()
        assert drawn in said, (locale, card, said, drawn)

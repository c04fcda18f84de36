"""Every language draws: no glyph is missing from the font that draws it (no tofu), engine
refusals and Piquet combinations read in each locale, card corners use each locale's letters."""

from __future__ import annotations

import re
import string
from pathlib import Path

import pytest

import rendering
from games.base import IllegalAction
from games.piquet_declarations import best_point, sequences, sets
from games.reasons import ENGLISH
from i18n.locales import LOCALES
from rendering import words
from rendering.__main__ import LOCAL_NAMES, main
from rendering.demo import DEMO_NAMES, random_position
from rendering.text import glyph_font, has_glyph, runs
from tests.rendering.helpers import decode
from tests.support import i18n_checks


def drawable_text(locale: str) -> str:
    """Every character the images catalogue can draw in ``locale`` (all variants of every
    message), the card corners and the demo's local player names."""
    chars: set[str] = set()
    path = words.IMAGES.path(locale)
    for entry in i18n_checks.resource(path).body:
        for node in i18n_checks.text_elements(entry):
            chars |= set(node)
    for rank in "AKQJ":
        chars |= set(words.corner(rank, locale)) | set(words.corner(rank, locale, italian=True))
    chars |= set("".join(LOCAL_NAMES.get(locale, DEMO_NAMES)))
    return "".join(sorted(chars - set(string.whitespace)))


@pytest.mark.parametrize("locale", LOCALES)
def test_no_tofu(locale: str) -> None:
    """A character no vendored font has would be drawn as an empty box."""
    chars = drawable_text(locale)
    assert len(chars) > 30
    assert [ch for ch in chars if not has_glyph(ch)] == []


def test_japanese_is_drawn_with_the_cjk_font() -> None:
    assert glyph_font("切") == glyph_font("ト") == glyph_font("：") == "cjk"
    assert glyph_font("A") == glyph_font("♠") == glyph_font("é") == "dejavu"
    assert glyph_font("क") is None
    assert runs("Luc：ブロット！") == [("Luc", False), ("：ブロット！", True)]
    # Player names in any locale: JIS X 0208 kanji draw.
    assert all(glyph_font(ch) == "cjk" for ch in "健太美咲渡邊")


@pytest.mark.parametrize("locale", LOCALES)
def test_every_refusal_reads_in_every_locale(locale: str) -> None:
    samples = {
        "suit": "H",
        "trump_suit": "S",
        "card": "QH",
        "winner_card": "KH",
        "trump": "NT",
        "rank": "K",
        "action": "bid",
        "game": "coinche",
        "seat": 2,
    }
    for code, english in ENGLISH.items():
        fields = {name for _, name, _, _ in string.Formatter().parse(english) if name}
        params = {f.removesuffix("_one"): samples.get(f.removesuffix("_one"), 7) for f in fields}
        exc = IllegalAction(code, **params)
        sentence = words.reason(exc, locale)
        assert sentence and "{" not in sentence and "$" not in sentence, (code, sentence)
        assert not sentence.startswith("illegal_"), code


def test_refusals_in_french_and_japanese() -> None:
    exc = IllegalAction("must_follow", suit="H")
    assert str(exc) == exc.reason == "must follow hearts"
    assert exc.code == "must_follow" and exc.params == {"suit": "H"}
    assert words.reason(exc, "fr") == "il faut fournir à cœur"
    assert words.reason(exc, "it") == "devi rispondere a cuori"
    assert words.reason(exc, "pt-PT") == "tens de assistir a copas"
    assert words.reason(exc, "pt-BR") == "tem que servir copas"
    assert words.reason(exc, "ja").startswith("ハート")
    over = IllegalAction("must_overtrump_card", card="QH", winner_card="KH")
    assert words.reason(over, "fr") == "il faut monter à l'atout\u00a0: le D♥ ne bat pas le R♥"
    call = IllegalAction("call_weaker_rank", rank="K")
    assert words.reason(call, "it", game="chiamata") == "chiama una carta più bassa di re"
    assert words.reason(ValueError("plain"), "fr") == "plain"


PORTUGAL_VOCE = re.compile(
    r"\b(?:sua|seu|suas|seus)\b|(?:^|: |, )(?:jogue|chame|troque|ganhe|escolha (?:as|um|outro))\b"
    r"|^(?:tem de|não pode|não tem)\b"
)
"""Portugal's images speaking to the player as você (its possessives, orders and "tem de" said
to the reader), which its bot's tu ("é a tua vez") made a mix in one message."""
BRAZIL_TU = re.compile(r"\b(?:teu|tua|teus|tuas|tens|podes)\b|^(?:troca|joga|escolhe|chama) ")


def test_portugal_says_tu_and_brazil_voce_in_the_images() -> None:
    """One register per language, as the bot's messages: "As suas cartas · troque 1 a 5
    cartas" stood under "é a tua vez"; Brazil, reading Portugal's file, keeps its você."""
    keys = list(i18n_checks.messages(words.IMAGES.path("pt-PT")))
    portugal = {k: words.text(k, "pt-PT") for k in keys}
    brazil = {k: words.text(k, "pt-BR") for k in keys}
    assert [v for v in portugal.values() if PORTUGAL_VOCE.search(v)] == []
    assert [v for v in brazil.values() if BRAZIL_TU.search(v)] == []


def test_a_real_refusal_from_an_engine() -> None:
    from games.actions import Action
    from games.sueca import Sueca

    game = Sueca()
    game.deal(sorted(game.full_deck()))
    seat = game.to_act
    assert seat is not None
    with pytest.raises(IllegalAction) as caught:
        game.apply((seat + 1) % 4, Action("play", card=game.hands[(seat + 1) % 4][0]))
    assert caught.value.code == "not_your_turn"
    assert words.reason(caught.value, "pt-PT") == "não é a tua vez"
    assert words.reason(caught.value, "pt-BR") == "não é a sua vez"


def test_piquet_combinations_in_each_locale() -> None:
    hand = ["AS", "KS", "QS", "JS", "TS", "KH", "KD", "KC", "7C", "8C", "9D", "7H"]
    point = best_point(hand, "modern").to_json()
    run = sequences(hand)[0].to_json()
    kings = sets(hand)[0].to_json()
    assert point["code"] == "point" and point["params"] == {"count": 5, "value": 51}
    assert words.combination(point) == point["name"] == "point of five (51)"
    assert words.combination(run) == run["name"] == "quint to the ace"
    assert words.combination(kings) == kings["name"] == "quatorze of kings"
    assert words.combination(run, "fr") == "quinte majeure"
    assert words.combination(kings, "fr") == "quatorze de rois"
    assert words.combination(kings, "it") == "quattordici di re"
    assert words.combination(run, "ja") == "Aから 5枚続き"
    assert words.combination({"name": "odd"}, "fr") == "odd"


def test_corner_letters_per_locale() -> None:
    assert [words.corner(r, "fr") for r in "KQJAT9"] == ["R", "D", "V", "A", "10", "9"]
    assert [words.corner(r, "pt-PT") for r in "KQJ"] == ["R", "D", "V"]
    assert [words.corner(r, "pt-BR") for r in "KQJ"] == ["K", "Q", "J"]
    assert [words.corner(r, "fr", italian=True) for r in "KQJ"] == ["R", "C", "F"]
    assert words.card_name("JH", "fr") == "V♥"
    assert words.card_name("QD", "ja", italian=True) == "金貨の騎士"
    assert words.card_name("QD", "it", italian=True) == "cavallo di denari"
    assert words.card_name("QD", "en", italian=True) == "Knight of Coins"
    assert words.card_name("QD", "fr", italian=True, short=True) == "Cavalier ♦"


@pytest.mark.parametrize("locale", LOCALES)
def test_each_locale_draws_every_image(locale: str) -> None:
    for game in ("coinche", "piquet", "chiamata"):
        position = random_position(game, 3)
        names = LOCAL_NAMES.get(locale, DEMO_NAMES)[: position.game.seats]
        view = position.game.public_view()
        ours = rendering.render_table(view, names, locale=locale)
        english = rendering.render_table(view, names, locale="en")
        assert decode(ours).size == decode(english).size
        if locale != "en":
            assert ours != english


def test_demo_writes_a_locale(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--out", str(tmp_path / "ja"), "--lang", "ja"]) == 0
    written = capsys.readouterr().out.split()
    assert len(written) >= 30
    with pytest.raises(SystemExit):
        main(["demo", "--out", str(tmp_path / "xx"), "--lang", "xx"])


def test_accented_capitals_keep_their_accent() -> None:
    """ "Última vaza" once lost its accent: the sprite was cut at the top of the capitals."""
    from rendering.text import overhang, text_sprite

    plain = text_sprite("Ultima", 20, (255, 255, 255))
    accented = text_sprite("Última", 20, (255, 255, 255))
    assert overhang(plain) == 0
    assert overhang(accented) > 0
    assert accented.height == plain.height + overhang(accented)
    top_rows = accented.getchannel("A").crop((0, 0, accented.width, overhang(accented)))
    assert top_rows.getbbox() is not None


def test_japanese_is_drawn_whole_at_the_latin_size() -> None:
    """Japanese was drawn at 0.84 of the Latin size (8.4 px on a phone where Latin text is 10):
    an ideograph now stands at the font's full size, rising above the capitals into rows drawn
    above ``y`` (``overhang``) rather than cut at the capitals' top, on the capitals' baseline."""
    from PIL import ImageFont

    from rendering.canvas import Canvas
    from rendering.text import CJK_FONT, CJK_WIDTH, FONT_DIR, cap_height, overhang, text_mask

    size = 40
    whole = ImageFont.truetype(str(FONT_DIR / CJK_FONT), size).getbbox("漢")
    glyph = whole[3] - whole[1]  # the ideograph's own height at this size
    mask = text_mask("漢字 H", size)
    box = mask.getbbox()
    assert box is not None
    assert box[3] - box[1] >= glyph - 1
    assert overhang(mask) > 0
    assert glyph > cap_height(size) * 1.2  # taller than a capital: the old 0.84 was not
    # Condensed (長体): as wide as the 0.84-size glyph was, so names keep their room.
    alone = text_mask("漢", size)
    assert abs(alone.width - whole[2] * CJK_WIDTH) <= 2
    # Drawn at y, the ideograph's top is above y and nothing of it is lost on the canvas.
    canvas = Canvas((400, 120), (0, 0, 0))
    canvas.rich(10, 40, "漢字 H", size)
    ink = canvas.image.convert("L").point(lambda v: 255 if v > 60 else 0).getbbox()
    assert ink is not None and ink[1] < 40 and ink[3] - ink[1] >= glyph - 2

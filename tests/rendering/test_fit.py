"""Names of 16 characters, and the computer players' names of every language, drawn whole on
every plate, badge, game-over banner and score sheet, in every layout and language; the side
column read on a phone; Briscola for six's trick and hands.

The images record what they draw (``Canvas.records``): these tests read the texts really drawn
and their boxes, not the constants the layout was meant to use.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from unicodedata import east_asian_width
from unittest.mock import patch

import pytest

from i18n.locales import LOCALES
from rendering import table as table_module
from rendering.canvas import Box, Canvas, Record
from rendering.column import PHONE_MIN_CAP, PHONE_WIDTH, draw_column
from rendering.demo import Position, random_position
from rendering.geometry import COLUMN, H, W
from rendering.hand import draw_hand
from rendering.info import SideLabel, side_names, wins
from rendering.presenters import table_info
from rendering.sheets import draw_deal_summary, draw_score_sheet
from rendering.table import background, draw_table
from rendering.text import cap_height
from rendering.words import text

LAYOUTS = [
    ("belote", 4),
    ("coinche", 4),
    ("piquet", 2),
    ("briscola", 2),
    ("briscola", 3),
    ("briscola", 4),
    ("briscola", 6),
    ("chiamata", 5),
    ("sueca", 4),
]
HUMANS = ["Anne-Sophie Roux", "Mohammed Alghamd", "MAXIMILIAN WEBER"]
"""Names of 16 characters, among the widest a player is likely to choose (capitals, m and w)."""
JAPANESE = ["さくらもちのトランプ大好き倶楽部", "ＭＡＸＩＭＩＬＩＡＮ　ＷＥＢＥＲ"]
"""Names of 16 characters in Japanese script, about twice as wide as Latin ones: kana and kanji
without a space, and full-width Latin."""
COMPUTER = {
    "en": "Computer",
    "fr": "Ordinateur",
    "it": "Computer",
    "ja": "コンピューター",
    "pt-PT": "Computador",
    "pt-BR": "Computador",
}
"""The computer players' names as the bot gives them (bot/text/locales/*/bot.ftl,
``computer_name``)."""


def test_the_names_are_sixteen_characters() -> None:
    assert all(len(name) == 16 for name in HUMANS + JAPANESE)
    assert set(COMPUTER) == set(LOCALES)


def table(
    seats: int, locale: str, shift: int, humans: list[str] = HUMANS
) -> tuple[list[str], list[bool]]:
    """Humans and numbered computers taking turns round the table; ``shift`` moves everybody one
    seat on, so that every name meets both a wide plate and a narrow one."""
    names: list[str] = []
    bots: list[bool] = []
    for seat in range(seats):
        k = seat + shift
        if k % 2:
            names.append(f"{COMPUTER[locale]} {k // 2 + 1}")
            bots.append(True)
        else:
            names.append(humans[(k // 2) % len(humans)])
            bots.append(False)
    return names, bots


def tables(seats: int, locale: str) -> list[tuple[list[str], list[bool]]]:
    """The tables every name is tried at: the Latin names on alternate seats, then the
    Japanese ones on every seat in turn, the second one seat after the first (one table a seat
    for both, rather than one a seat for each)."""
    out = [table(seats, locale, shift) for shift in (0, 1)]
    for seat in range(seats):
        names, bots = table(seats, locale, seat % 2)
        for k, name in enumerate(JAPANESE):
            names[(seat + k) % seats], bots[(seat + k) % seats] = name, False
        out.append((names, bots))
    return out


@cache
def views(game: str, seats: int) -> list[dict[str, object]]:
    """Public views from the start, the bidding, the middle and the end of seeded games (the
    last ones are over: the banner is drawn)."""
    out = []
    for seed, steps in ((1, 0), (2, 3), (3, None), (4, None), (5, 100_000), (6, 100_000)):
        position = random_position(game, 900 + seed, seats=seats, steps=steps)
        out.append(position.game.public_view())
    return out


def column(view: dict[str, object], names: list[str], locale: str) -> tuple[Record, ...]:
    """What the side column of a table records, drawn alone: ``draw_table`` draws it first, on
    the bare felt, from ``table_info``. The column's tests read it alone."""
    c = Canvas((W, H), background())
    c.style = "french"
    records: list[Record] = []
    c.records = records
    draw_column(c, view, table_info(view, names, locale), names, "french")
    return tuple(records)


def without_column(
    view: dict[str, object], names: list[str], bots: list[bool], locale: str
) -> tuple[Record, ...]:
    """What a table records after its column (plates, trick, bubbles, banner): ``draw_table``
    with the column left out. The plate test reads only these; the column is more than half of
    a table's drawing. ``test_a_table_records_its_column_then_the_rest`` checks that the two
    parts, put together, are what the whole table records."""
    with patch.object(table_module, "draw_column", lambda *args, **kwargs: None):
        return drawn(view, names, bots, locale)


def drawn(
    view: dict[str, object], names: list[str], bots: list[bool], locale: str
) -> tuple[Record, ...]:
    """What a table drawn with the French deck records."""
    records: list[Record] = []
    draw_table(view, names, bots, "french", locale, records=records)
    return tuple(records)


@pytest.mark.parametrize(("game", "seats"), LAYOUTS)
def test_a_table_records_its_column_then_the_rest(game: str, seats: int) -> None:
    """The tests below draw a table's column alone (``column``) or the rest alone
    (``without_column``): one then the other record what the whole table records, at every
    view, in Japanese, with the Japanese names seated beside computers or Latin names."""
    names, bots = tables(seats, "ja")[3]
    for view in views(game, seats):
        alone = column(view, names, "ja")
        assert alone
        assert drawn(view, names, bots, "ja") == alone + without_column(view, names, bots, "ja")


def inside(a: Box, b: Box) -> bool:
    return b[0] <= a[0] and b[1] <= a[1] and a[2] <= b[2] and a[3] <= b[3]


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def joined(rows: list[str]) -> str:
    """Rows read as one text: broken at a space, or (Japanese) between two wide characters."""
    out = ""
    for row in rows:
        if out and east_asian_width(out[-1]) in "WF" and east_asian_width(row[0]) in "WF":
            out += row
        else:
            out = f"{out} {row}" if out else row
    return out


def plate_name(records: Sequence[Record], seat: int) -> str:
    """The name a plate shows: the texts inside it above its last row, joined."""
    plate = next(r.box for r in records if r.kind == "plate" and r.owner == seat)
    texts = sorted(
        (r for r in records if r.kind == "text" and inside(r.box, plate)),
        key=lambda r: (r.box[1], r.box[0]),
    )
    last = max(r.box[1] for r in texts)
    return joined([r.text for r in texts if r.box[1] < last])


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game", "seats"), LAYOUTS)
def test_every_name_is_drawn_whole_on_its_plate(game: str, seats: int, locale: str) -> None:
    """A plate shows each name whole (on one row, or two broken at a space or between Japanese
    characters), its texts inside it; badges, bubbles and the game-over banner hold theirs
    whole too."""
    for names, bots in tables(seats, locale):
        for view in views(game, seats):
            records = without_column(view, names, bots, locale)
            for seat in range(seats):
                assert plate_name(records, seat) == names[seat], (view.get("phase"), seat)
            solids = [r for r in records if r.kind in ("plate", "badge", "bubble", "banner")]
            for record in (r for r in records if r.kind == "text" and r.box[0] >= COLUMN):
                assert "…" not in record.text, record
                for solid in solids:
                    if overlap(record.box, solid.box) and solid.kind != "plate":
                        assert inside(record.box, solid.box), (record, solid)
            if view.get("phase") == "over":
                banner = next(r.box for r in records if r.kind == "banner")
                said = "".join(
                    "".join(r.text.split())
                    for r in records
                    if r.kind == "text" and inside(r.box, banner)
                )
                winners = [
                    wins(label, locale)
                    for label in side_names(view["teams"], names, locale)
                    if "".join(wins(label, locale).split()) in said
                ]
                scores = view.get("scores")
                game_scores = scores.get("game") if isinstance(scores, dict) else None
                if isinstance(game_scores, list) and game_scores.count(max(game_scores)) == 1:
                    assert winners, said


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game", "seats"), LAYOUTS)
def test_score_sheets_name_every_side_whole(game: str, seats: int, locale: str) -> None:
    """The score sheet's heads and the deal summary's rows name each side's players whole
    (Latin names and Japanese ones)."""
    position = finished(game, seats)
    played = position.game
    for names in (table(seats, locale, 0)[0], table(seats, locale, 0, JAPANESE)[0]):
        records: list[Record] = []
        image = draw_score_sheet(
            game,
            names,
            list(played.deal_results),
            list(played.totals),
            locale,
            played.teams(),
            records=records,
        )
        _assert_names_whole(records, image.size, side_names(played.teams(), names, locale))
        if position.final_view is not None and position.result is not None:
            records = []
            image = draw_deal_summary(
                position.final_view, names, position.result, "french", locale, records=records
            )
            _assert_names_whole(records, image.size, side_names(played.teams(), names, locale))


@cache
def finished(game: str, seats: int) -> Position:
    """A seeded match played to its end, for every language's sheets (read, never changed)."""
    return random_position(game, 77, seats=seats, steps=100_000)


def _assert_names_whole(
    records: list[Record], size: tuple[int, int], labels: list[SideLabel]
) -> None:
    """Every member of every side named whole, nothing shortened, nothing outside the image
    and no two texts on each other."""
    drawn = [r.text for r in records if r.kind == "text"]
    assert not any("…" in t for t in drawn), drawn
    for label in labels:
        for member in label.members:
            assert named(member, drawn), (member, drawn)
    assert all(inside(r.box, (0, 0, *size)) for r in records)
    assert apart(records), texts_overlapping(records)


def named(member: str, drawn: list[str]) -> bool:
    """Whether the texts drawn hold ``member`` whole: every word of a Latin name, or a Japanese
    one on one text or over consecutive ones."""
    if all(east_asian_width(ch) not in "WF" for ch in member):
        words = " ".join(drawn).split()
        return all(word in words for word in member.split())
    return any(member in joined(drawn[i : i + 3]) for i in range(len(drawn)))


@pytest.mark.parametrize("locale", ["en", "fr", "ja"])
@pytest.mark.parametrize(("game", "seats"), LAYOUTS)
def test_side_column_reads_on_a_phone(game: str, seats: int, locale: str) -> None:
    """Every text of the side column (contract, score, cards, bidding) has capitals at least
    ``PHONE_MIN_CAP`` pixels tall when the image is shown ``PHONE_WIDTH`` pixels wide."""
    names, _ = table(seats, locale, 0)
    for view in views(game, seats):
        records = column(view, names, locale)
        texts = [r for r in records if r.kind == "text" and r.box[2] <= COLUMN]
        assert texts
        smallest = min(cap_height(r.size, r.weight) * PHONE_WIDTH / W for r in texts)
        assert smallest >= PHONE_MIN_CAP, (view.get("phase"), smallest)


def test_a_trick_of_six_is_drawn_large() -> None:
    """Briscola for six: each card of the trick at least 44 px wide at 550 px (it was 35)."""
    names, bots = table(6, "en", 0)
    checked = 0
    for seed in range(40):
        view = random_position("briscola", seed, seats=6).game.public_view()
        if len(view.get("trick") or []) < 2:
            continue
        records: list[Record] = []
        draw_table(view, names, bots, "italian", records=records)
        played = [r for r in records if r.kind == "card"]
        assert len(played) == len(view["trick"])
        for card in played:
            assert (card.box[2] - card.box[0]) * 550 / W >= 44, card
        checked += 1
    assert checked >= 5


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize("seats", [2, 3, 4, 6])
def test_briscola_hands_are_their_cards(seats: int, locale: str) -> None:
    """Every Briscola card may always be played: the hand does not say "3 playable", and the
    image is as wide as its cards (it was at least 360 px wide, 60 % felt beside one card)."""
    checked = 0
    for seed in range(12):
        position = random_position("briscola", seed, seats=seats)
        if position.seat is None:
            continue
        view = position.game.view(position.seat)
        records: list[Record] = []
        image = draw_hand(view, position.legal, "italian", locale, records=records)
        hand = view["hand"]
        said = " ".join(r.text for r in records if r.kind == "text")
        assert text("hand_playable", locale, count=len(hand)) not in said
        boxes = [r.box for r in records if r.kind == "card"]
        assert len(boxes) == len(hand)
        covered = max(b[2] for b in boxes) - min(b[0] for b in boxes)
        # As wide as the cards, or as the header's longest phrase ("Your hand") over one card.
        header = max(r.box[2] - r.box[0] for r in records if r.kind == "text")
        assert image.width <= max(covered, header) + 2 * 14 + 2, (len(hand), covered, header)
        if len(hand) > 1:
            assert covered / image.width >= 0.88, (len(hand), covered, image.width)
        checked += 1
    assert checked >= 6


def test_a_hand_still_says_how_many_cards_may_be_played_when_not_all() -> None:
    """Where the rules restrict the cards (Belote's trick play), the count stays."""
    for seed in range(60):
        position = random_position("belote", seed)
        if position.seat is None or not position.legal:
            continue
        view = position.game.view(position.seat)
        if view["phase"] != "play" or len(position.legal) == len(view["hand"]):
            continue
        records: list[Record] = []
        draw_hand(view, position.legal, "french", "en", records=records)
        said = " ".join(r.text for r in records if r.kind == "text")
        assert text("hand_playable", "en", count=len(position.legal)) in said
        return
    pytest.fail("no restricted Belote hand among the seeds")


@pytest.mark.parametrize("locale", LOCALES)
def test_ranked_pages_name_every_player_whole(locale: str) -> None:
    """The leaderboard and a challenge's standings write each player's name whole: 16 Latin or
    Japanese characters, and the computer players as the bot names them ("Computer (easy)" on
    a leaderboard, "Computer 1 (easy)" in a lobby) in every language."""
    from bot.text.i18n import t
    from rendering.challenge import ChallengeRow, draw_challenge_standings
    from rendering.leaderboard import LeaderboardRow, draw_leaderboard

    levels = [t(f"level_{level}", locale) for level in ("easy", "normal", "hard")]
    computers = [t("computer_rated", locale, level=level) for level in levels] + [
        t("seat_computer", locale, name=t("computer_name", locale, number=9), level=level)
        for level in levels
    ]
    # A page writes spaces as spaces (the full-width one included: ``displayable``).
    names = [" ".join(name.split()) for name in (*HUMANS, *JAPANESE, *computers)]
    records: list[Record] = []
    draw_leaderboard(
        "Coinche",
        "",
        [LeaderboardRow(i + 1, name, 1000, 10, 5) for i, name in enumerate(names)],
        None,
        locale,
        records,
    )
    drawn = [r.text for r in records if r.kind == "text"]
    assert [name for name in names if name not in drawn] == []
    assert apart(records), texts_overlapping(records)
    records = []
    draw_challenge_standings(
        "Coinche",
        "",
        {
            key: t(f"challenge_heading_{key}", locale)
            for key in ("rank", "player", "deals", "percent", "par")
        },
        [ChallengeRow(i + 1, name, 8, 8, 50.0, 0) for i, name in enumerate(names)],
        None,
        locale,
        records,
    )
    drawn = [r.text for r in records if r.kind == "text"]
    assert [name for name in names if name not in drawn] == []
    assert apart(records)


def texts_overlapping(records: list[Record]) -> list[tuple[str, str]]:
    """The pairs of texts drawn over each other (a heading running into the next, a name into
    its row's numbers)."""
    texts = [r for r in records if r.kind == "text" and r.text.strip()]
    return [
        (a.text, b.text)
        for i, a in enumerate(texts)
        for b in texts[i + 1 :]
        if overlap(a.box, b.box)
    ]


def apart(records: list[Record]) -> bool:
    return not texts_overlapping(records)


TEAM_LAYOUTS = [
    ("belote", 4),
    ("coinche", 4),
    ("sueca", 4),
    ("briscola", 2),
    ("briscola", 3),
    ("briscola", 4),
    ("briscola", 6),
    ("chiamata", 5),
]


@pytest.mark.parametrize("locale", LOCALES)
@pytest.mark.parametrize(("game", "seats"), TEAM_LAYOUTS)
def test_the_side_panel_names_every_team_whole(game: str, seats: int, locale: str) -> None:
    """The score panel beside the table names each side's players whole, in every language,
    with the cards the column shows under it (Belote's turn-up kept "Ordinat…" and
    "Computador…" short; Briscola's stock "alice & b…", and three or five sides "Ordina… 1"):
    a 16-character name or a short one, partnered, against computer players. The short name
    sits on both sides of the alternation (the stock's bug), each 16-character one on one."""
    for human, shift in (("alice", 0), ("alice", 1), (HUMANS[0], 0), (HUMANS[2], 1)):
        names, _ = table(seats, locale, shift, [human, "bob", "carol"])
        for view in views(game, seats):
            records = column(view, names, locale)
            panel = next(r.box for r in records if r.kind == "score")
            said = [r.text for r in records if r.kind == "text" and inside(r.box, panel)]
            assert not [t for t in said if "…" in t], (view.get("phase"), names, said)
            words = " ".join(said).split()
            # Briscola for six names its teams "Team A" / "Team B" (``side_names``).
            named = [m for side in side_names(view["teams"], names, locale) for m in side.members]
            assert all(w in words for name in named for w in name.split()), (names, said)


@pytest.mark.parametrize("locale", LOCALES)
def test_chiamata_target_holds_one_row(locale: str) -> None:
    """The declarers' target is one row of the side column, up to a bid of all 120 points:
    "Doit faire 61 points" and "Precisa de 61 pontos" took two, and with a 16-character player
    and two computers the sides' names under them were shortened; "100 pour gagner" and "100
    para ganhar" took two again."""
    from rendering.column import _contract_rows

    c = Canvas((10, 10), (0, 0, 0))
    for target in (61, 88, 99, 100, 120):
        line = text("needs_points", locale, target=target)
        rows = _contract_rows(c, "Briscola a chiamata", (line,))[3]
        assert rows == [[line.replace("\u00a0", " ")]], rows


@pytest.mark.parametrize("locale", LOCALES)
def test_piquet_declarations_are_drawn_whole(locale: str) -> None:
    """Piquet's declarations panel shows its lines whole, over as many rows as they take (it
    cut "quart to the king, tierce to th…" on a third row)."""
    checked = 0
    for shift in (0, 1):
        names, _ = table(2, locale, shift, [HUMANS[0], "bob"])
        for view in views("piquet", 2):
            log = table_info(view, names, locale).log
            if not log:
                continue
            records = column(view, names, locale)
            shown = [r.text for r in records if r.kind == "text" and r.box[2] <= COLUMN]
            assert not [t for t in shown if "…" in t], shown
            assert "".join(log[-1].split()) in "".join("".join(shown).split()), (log, shown)
            checked += 1
    assert checked >= 4


@pytest.mark.parametrize("locale", LOCALES)
def test_the_log_breaks_a_line_only_between_its_words(locale: str) -> None:
    """The side column's log (an auction, Belote's and Coinche's melds) shows whole lines, the
    newest last; a computer's number stays with its name ("Computador" over "1: Passo" was drawn
    when the first row was as narrow as the indented ones) and no row passes the panel's edge."""
    from rendering.column import _log
    from rendering.info import said

    lines: list[str] = []
    for name in [*JAPANESE[:1], HUMANS[0], f"{COMPUTER[locale]} 2", f"{COMPUTER[locale]} 1"]:
        lines.append(said(name, text("call_pass", locale), locale))
        lines.append(text("announce", locale, who=name, what=text("event_belote", locale)))
        meld = text("meld_kind_quarte", locale)
        lines.append(
            text("meld_scored", locale, who=name, meld=meld, cards="A♠ K♠ Q♠ J♠", points=50)
        )
    for y in range(H - 420, H - 100, 23):
        c = Canvas((W, H), (0, 0, 0))
        c.records = []
        _log(c, y, "Log", tuple(lines))
        rows = [r for r in c.records if r.kind == "text"][1:]
        if not rows:
            continue
        assert all(r.box[2] <= COLUMN - 6 - 8 for r in rows), [(r.text, r.box) for r in rows]
        starts = [i for i, r in enumerate(rows) if not r.text.startswith(" ")]
        drawn = [
            joined([r.text.strip() for r in rows[a:b]])
            for a, b in zip(starts, [*starts[1:], len(rows)], strict=True)
        ]
        plain = ["".join(line.split()) for line in lines]
        assert ["".join(d.split()) for d in drawn] == plain[len(plain) - len(drawn) :], drawn
        assert not [r.text for r in rows if r.text.strip()[:1].isdigit()], drawn

"""What a challenge shows, as text and images: its card, the standings, a person's results, the
field of one deal, and the line that ends each deal of an attempt.

No peeking (docs/challenges.md): the card and the standings say nothing about any deal — who plays,
how many deals each has completed, their average matchpoints and their total against par; what a
deal held (contracts, scores, the par) is worded only here, for a reader the caller has allowed to
see that deal (``Attempts.may_see``). Every word goes through ``t``, in the reader's language.
"""

from __future__ import annotations

import datetime
import functools
from dataclasses import dataclass

import discord

from bot.play import workers
from bot.storage.challenges.interface import (
    Challenge,
    DealResult,
    Par,
    Standing,
    Standings,
    moment,
)
from bot.text.i18n import t
from bot.text.narrate import outcome_line
from bot.text.rules import rules_summary
from bot.ui.codec import ChallengeButtonId
from bot.ui.standings import plain
from games.duplicate import CARD_POINT_GAMES, PLAYER_SEAT, DealDetail
from games.registry import game_class
from i18n.numbers import number, signed
from rendering import IMAGE_EXTENSION
from rendering.challenge import ChallengeRow, matchpoints, render_challenge_standings

FIELD_SHOWN = 15
"""Lines of a deal's field shown in full (the reader's own is always added)."""


@dataclass(frozen=True)
class Answer:
    text: str
    image: bytes | None = None
    filename: str = ""


def when(text: str) -> str:
    """A stored time as Discord shows it to each reader, in their time zone."""
    return f"<t:{int(moment(text).timestamp())}:f>"


def relative(text: str) -> str:
    return f"<t:{int(moment(text).timestamp())}:R>"


def title(challenge: Challenge, locale: str) -> str:
    return t("challenge_title", locale, id=challenge.id, game=t(f"game_{challenge.game}", locale))


def score_text(value: int, game: str, locale: str) -> str:
    """A result in the game's unit: card points as a count (72, never +72), a net score or a
    chiamata score signed (+720, -330)."""
    if game in CARD_POINT_GAMES or not value:
        return number(value, locale)
    return signed(value, locale)


def rank_text(rank: int, tied: bool) -> str:
    """A rank in bold, ``=1`` when others share it (as bridge results write a tie). Bold keeps
    Discord from reading "1." at a line's start as a numbered list, which it renumbers 1, 2, 3
    whatever the ranks say."""
    return f"**={rank}**" if tied else f"**{rank}**"


# --------------------------------------------------------------------------- the card
def card_content(
    challenge: Challenge,
    started: int,
    finished: int,
    winners: list[Standing],
    now: datetime.datetime,
    locale: str,
) -> str:
    """The public card. While the challenge is open it names nobody's standing: a leader's
    matchpoints depend on results of deals that most readers have not played yet."""
    cls = game_class(challenge.game)
    engine = cls(options=challenge.options, seats=challenge.seats, dealer=0)
    defaults = {spec.name: spec.default for spec in cls.OPTIONS}
    partnered = engine.sides < challenge.seats
    lines = [
        f"**{title(challenge, locale)}**",
        t(
            "challenge_card_setup",
            locale,
            count=challenge.deal_count,
            seats=challenge.seats,
        ),
        t(
            "challenge_card_rules",
            locale,
            rules=rules_summary(
                challenge.game, engine.options, defaults, locale, single_deals=True
            ),
        ),
        t("challenge_card_how_partner" if partnered else "challenge_card_how", locale),
        t("challenge_card_players", locale, started=started, finished=finished),
    ]
    is_open = challenge.open_at(now)
    if winners and not is_open:
        lines.append(
            t(
                "challenge_card_winner",
                locale,
                count=len(winners),
                name=", ".join(plain(line.name) for line in winners),
                percent=matchpoints(winners[0].percent, locale),
            )
        )
    if is_open:
        lines.append(
            t(
                "challenge_card_closes",
                locale,
                when=when(challenge.closes_at),
                left=relative(challenge.closes_at),
            )
        )
    else:
        lines.append(t("challenge_card_closed", locale, when=when(challenge.closes_at)))
    return "\n".join(lines)


def card_view(challenge: Challenge, is_open: bool, locale: str) -> discord.ui.View:
    """Play (while open) and Standings; the items are the cog's DynamicItems, which discord.py
    rebuilds from the custom_id alone, so a plain button with that id is enough here."""
    view = discord.ui.View(timeout=None)
    if is_open:
        view.add_item(
            discord.ui.Button(
                label=t("button_challenge_play", locale),
                style=discord.ButtonStyle.success,
                custom_id=ChallengeButtonId("play", challenge.id).custom_id,
            )
        )
    view.add_item(
        discord.ui.Button(
            label=t("button_challenge_standings", locale),
            style=discord.ButtonStyle.secondary,
            custom_id=ChallengeButtonId("standings", challenge.id).custom_id,
        )
    )
    return view


# --------------------------------------------------------------------------- standings
def _own_line(own: Standing, standings: Standings, challenge: Challenge, locale: str) -> str:
    return t(
        "challenge_standings_you_tied" if own.tied else "challenge_standings_you",
        locale,
        rank=own.rank,
        players=standings.total,
        percent=matchpoints(own.percent, locale),
        par=signed(own.vs_par, locale),
        done=own.deals,
        total=challenge.deal_count,
    )


def _row(line: Standing, challenge: Challenge, own: Standing | None) -> ChallengeRow:
    """A line of the image: the deals played of those counted here (in sealed standings, the
    reader's finished deals: a player who finished both of two reads "1/1" to a reader who has
    finished one, not "1/2"), the percentage over them, the total against par."""
    return ChallengeRow(
        rank=line.rank,
        name=line.name,
        deals=line.deals,
        deal_count=line.counted or challenge.deal_count,
        percent=line.percent,
        vs_par=line.vs_par,
        highlight=own is not None and line.user_id == own.user_id,
        tied=line.tied,
    )


async def standings_answer(
    challenge: Challenge,
    standings: Standings,
    now: datetime.datetime,
    locale: str,
    *,
    counted: int | None = None,
) -> Answer:
    """The standings: the table in an image (drawn in an image worker, behind people's hands),
    and in words only what the image does not say — what is counted, the reader's own line and
    how matchpoints work. ``counted``: the deals the reader has finished, the only ones counted
    while the challenge is open (``None``: every deal, once it has closed)."""
    head = title(challenge, locale)
    state = (
        t("challenge_standings_open", locale, left=relative(challenge.closes_at))
        if challenge.open_at(now)
        else t("challenge_standings_final", locale)
    )
    subtitle = t(
        "challenge_standings_subtitle",
        locale,
        count=standings.total,
        page=standings.page,
        pages=standings.pages,
    )
    lines = [f"**{head}** — {subtitle} · {state}"]
    if counted is not None and counted < challenge.deal_count:
        lines.append(
            t("challenge_standings_sealed", locale, count=counted, total=challenge.deal_count)
        )
    own = standings.own
    if own is not None:
        lines.append(_own_line(own, standings, challenge, locale))
        if own.deals < own.counted:
            lines.append(t("challenge_standings_missed", locale, done=own.deals, total=own.counted))
    lines.append(t("challenge_standings_note", locale))
    headings = {
        key: t(f"challenge_heading_{key}", locale)
        for key in ("rank", "player", "deals", "percent", "par")
    }
    rows = [_row(line, challenge, own) for line in standings.lines]
    own_row = _row(own, challenge, own) if own is not None and own not in standings.lines else None
    draw = functools.partial(
        render_challenge_standings, head, subtitle, headings, rows, own_row, locale=locale
    )
    image = await workers.image_slots().run(workers.TABLE, draw)
    name = f"challenge-{challenge.id}-{standings.page}.{IMAGE_EXTENSION}"
    return Answer("\n".join(lines), image, name)


# --------------------------------------------------------------------------- results
def detail_text(detail: DealDetail | None, game: str, deck_style: str, locale: str) -> str:
    """Who bid, took or called what and whether it was made, in one short line (empty where
    the game has no contract: a Briscola or Sueca deal is its card points)."""
    if detail is None:
        return ""
    result = detail["result"]
    if result is None or result.get("passed_out", False):
        passed = game in ("belote", "coinche")
        return t("deal_passed_out", locale).rstrip(".") if passed else ""
    line = outcome_line(detail["contract"], result, detail["names"], game, locale, deck_style)
    return line.rstrip(".") if line is not None else ""


def _sides(detail: DealDetail | None) -> tuple[int, int] | None:
    """The deal scores of the player's side and of the other side, where there are two."""
    if detail is None or len(detail["teams"]) != 2 or detail["result"] is None:
        return None
    scores = detail["result"].get("scores")
    if scores is None or len(scores) != 2:
        return None
    mine = next(i for i, team in enumerate(detail["teams"]) if PLAYER_SEAT in team)
    return scores[mine], scores[1 - mine]


def result_text(result: DealResult, game: str, locale: str) -> str:
    """What the player's result on a deal is, with the numbers it is made of."""
    score = score_text(result.score, game, locale)
    if game in CARD_POINT_GAMES:
        return t("challenge_result_points", locale, score=score)
    sides = _sides(result.detail)
    if sides is not None:
        mine, theirs = sides
        return t(
            "challenge_result_sides",
            locale,
            mine=number(mine, locale),
            theirs=number(theirs, locale),
            score=score,
        )
    return t("challenge_result_own", locale, score=score)


def par_text(score: int | None, par: Par, game: str, locale: str) -> str:
    """The par with its number, and how the player's result stands against it."""
    shown = score_text(par.score, game, locale)
    if score is None or score == par.score:
        key = "challenge_par_same" if score is not None else "challenge_par_only"
        return t(key, locale, par=shown)
    key = "challenge_par_better" if score > par.score else "challenge_par_worse"
    diff = abs(score - par.score)
    return t(key, locale, par=shown, diff=number(diff, locale), count=diff)


def deal_done_text(
    challenge: Challenge,
    deal_no: int,
    result: DealResult | None,
    par: Par | None,
    locale: str,
) -> str:
    """The one message that ends a deal of an attempt: the player's result with what it is made
    of, the par with its number, and how the result stands against those who played the deal
    before."""
    game = challenge.game
    what = result_text(result, game, locale) if result is not None else ""
    lines = [
        t(
            "challenge_deal_done",
            locale,
            number=deal_no + 1,
            total=challenge.deal_count,
            result=what,
        )
    ]
    if par is None:
        lines.append(t("challenge_deal_par_pending", locale))
    else:
        lines.append(par_text(result.score if result else None, par, game, locale))
    if result is not None and result.field_size > 1:
        lines.append(
            t(
                "challenge_deal_field",
                locale,
                percent=matchpoints(result.percent, locale),
                count=result.field_size - 1,
            )
        )
    elif result is not None:
        lines.append(t("challenge_deal_alone", locale))
    return "\n".join(lines)


def own_results_text(
    challenge: Challenge, results: list[DealResult], pars: dict[int, Par], locale: str
) -> str:
    game = challenge.game
    lines = [t("challenge_results_title", locale, title=title(challenge, locale))]
    done = {result.deal_no: result for result in results}
    for deal_no in range(challenge.deal_count):
        result = done.get(deal_no)
        if result is None:
            lines.append(t("challenge_results_unplayed", locale, number=deal_no + 1))
            continue
        par = pars.get(deal_no)
        lines.append(
            t(
                "challenge_results_line",
                locale,
                number=deal_no + 1,
                score=score_text(result.score, game, locale),
                par=score_text(par.score, game, locale) if par else "…",
                percent=matchpoints(result.percent, locale),
                count=result.field_size,
            )
        )
    if results:
        lines.append(t("challenge_results_hint", locale))
    return "\n".join(lines)


def field_text(
    challenge: Challenge,
    deal_no: int,
    field: list[DealResult],
    par: Par | None,
    user_id: int,
    locale: str,
) -> str:
    """The results on one deal, best first (``field``: the first ``FIELD_SHOWN``, and the
    reader's own after them when it is not among them), a short line each, readable on a
    phone: the rank (ties shown as ties), the player, the contract they played and whether it
    was made, the result and the matchpoints; the par first."""
    game = challenge.game
    style = challenge.settings.deck_style
    lines = [
        t(
            "challenge_field_title",
            locale,
            title=title(challenge, locale),
            number=deal_no + 1,
            count=field[0].field_size if field else 0,
        )
    ]
    if game in CARD_POINT_GAMES:
        lines.append(t("challenge_field_unit_points", locale))
    if par is not None:
        detail = detail_text(par.detail, game, style, locale)
        lines.append(
            t(
                "challenge_field_par" if detail else "challenge_field_par_plain",
                locale,
                detail=detail,
                score=score_text(par.score, game, locale),
            )
        )
    for result in field:
        detail = detail_text(result.detail, game, style, locale)
        name = plain(result.name)
        lines.append(
            t(
                "challenge_field_line" if detail else "challenge_field_line_plain",
                locale,
                rank=rank_text(result.rank, result.tied),
                name=f"__{name}__" if result.user_id == user_id else name,
                detail=detail,
                score=score_text(result.score, game, locale),
                percent=matchpoints(result.percent, locale),
            )
        )
    return "\n".join(lines)

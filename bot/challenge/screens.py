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
from bot.storage.challenges import (
    Challenge,
    DealResult,
    Par,
    Standing,
    Standings,
    moment,
)
from bot.text.i18n import t
from bot.text.narrate import outcome_lines
from bot.text.rules import rules_summary
from bot.ui.codec import ChallengeButtonId
from bot.ui.standings import plain
from games.registry import game_class
from rendering import IMAGE_EXTENSION
from rendering.challenge import ChallengeRow, matchpoints, render_challenge_standings
from rendering.i18n import number, signed

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


def score_text(value: int, locale: str) -> str:
    """A result in the game's unit: card points as they are, a net score signed."""
    return signed(value, locale) if value else number(0, locale)


# --------------------------------------------------------------------------- the card
def card_content(
    challenge: Challenge,
    started: int,
    finished: int,
    leader: Standing | None,
    now: datetime.datetime,
    locale: str,
) -> str:
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
            rules=rules_summary(challenge.game, engine.options, defaults, locale),
        ),
        t("challenge_card_how_partner" if partnered else "challenge_card_how", locale),
        t("challenge_card_players", locale, started=started, finished=finished),
    ]
    is_open = challenge.open_at(now)
    if leader is not None:
        key = "challenge_card_leader" if is_open else "challenge_card_winner"
        lines.append(
            t(key, locale, name=plain(leader.name), percent=matchpoints(leader.percent, locale))
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
def _line(line: Standing, challenge: Challenge, locale: str) -> str:
    return t(
        "challenge_standings_line",
        locale,
        rank=line.rank,
        name=plain(line.name),
        percent=matchpoints(line.percent, locale),
        par=signed(line.vs_par, locale),
        done=line.deals,
        total=challenge.deal_count,
    )


def _row(line: Standing, challenge: Challenge, own: Standing | None) -> ChallengeRow:
    return ChallengeRow(
        rank=line.rank,
        name=line.name,
        deals=line.deals,
        deal_count=challenge.deal_count,
        percent=line.percent,
        vs_par=line.vs_par,
        highlight=own is not None and line.user_id == own.user_id,
    )


async def standings_answer(
    challenge: Challenge, standings: Standings, now: datetime.datetime, locale: str
) -> Answer:
    """The standings' text and image (drawn in an image worker, behind people's hands)."""
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
    lines += [_line(line, challenge, locale) for line in standings.lines]
    own = standings.own
    if own is not None and own not in standings.lines:
        lines.append(t("challenge_standings_you", locale, line=_line(own, challenge, locale)))
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
def detail_text(detail: dict[str, object], game: str, deck_style: str, locale: str) -> str:
    """Who bid or took what and how it went, from a deal's stored detail."""
    names = [str(n) for n in detail.get("names") or []]  # type: ignore[attr-defined]
    teams = [list(team) for team in detail.get("teams") or []]  # type: ignore[attr-defined]
    contract = detail.get("contract") or {}
    result = detail.get("result") or {}
    assert isinstance(contract, dict) and isinstance(result, dict)
    lines = outcome_lines(contract, result, names, teams, game, locale, deck_style)
    if not lines and result.get("trick_points") is None and game in ("belote", "coinche"):
        return t("deal_passed_out", locale)
    return " · ".join(line.rstrip(".") for line in lines)


def deal_done_text(
    challenge: Challenge,
    deal_no: int,
    result: DealResult | None,
    par: Par | None,
    locale: str,
) -> str:
    """The line that ends a deal of an attempt: the player's result, the par, and how the
    result stands against those who played the deal before."""
    lines = [
        t(
            "challenge_deal_done",
            locale,
            number=deal_no + 1,
            total=challenge.deal_count,
            score=score_text(result.score if result else 0, locale),
        )
    ]
    if par is None:
        lines.append(t("challenge_deal_par_pending", locale))
    else:
        lines.append(t("challenge_deal_par", locale, par=score_text(par.score, locale)))
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
                score=score_text(result.score, locale),
                par=score_text(par.score, locale) if par else "…",
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
    reader's own after them when it is not among them): the contract each played, the score
    and the matchpoints; the par first."""
    style = str(challenge.settings.get("deck_style", "auto"))
    lines = [
        t(
            "challenge_field_title",
            locale,
            title=title(challenge, locale),
            number=deal_no + 1,
            count=field[0].field_size if field else 0,
        )
    ]
    if par is not None:
        lines.append(
            t(
                "challenge_field_par",
                locale,
                detail=detail_text(par.detail, challenge.game, style, locale),
                score=score_text(par.score, locale),
            )
        )
    for result in field:
        lines.append(
            t(
                "challenge_field_line",
                locale,
                rank=result.rank,
                name=plain(result.name),
                detail=detail_text(result.detail, challenge.game, style, locale),
                score=score_text(result.score, locale),
                percent=matchpoints(result.percent, locale),
            )
        )
    return "\n".join(lines)

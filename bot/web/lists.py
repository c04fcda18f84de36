"""The pages that list: a game's deals, a challenge deal's traveller (everybody's play of it),
and a server's leaderboard of one game."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from bot.storage.challenges.interface import Challenge, DealResult, Par
from bot.storage.ratings.model import Board, RatingChange
from bot.web.deal_page import deal_headline
from bot.web.pages import Words, render, rules_line, seats_shown, sides_shown
from bot.web.reads import TableFacts
from bot.web.replay import GameReplay


@dataclass(frozen=True)
class DealRow:
    number: int
    link: str
    headline: list[tuple[str, bool | None]]
    scores: list[int]
    totals: list[int]


def game_page(
    replayed: GameReplay,
    table: TableFacts,
    locale: str,
    deal_links: Sequence[str],
    changes: Sequence[RatingChange],
    board_link: str | None,
) -> str:
    """Every finished deal of a game with the score after it; the result and the rating
    changes once it is over."""
    w = Words(locale)
    seats = seats_shown(table.names, table.computers, replayed.teams, None, 0, locale)
    names = [seat.said for seat in seats]
    labels = [label.text for label in sides_shown(replayed.teams, names, locale)]
    rows = [
        DealRow(
            number=line.deal_no + 1,
            link=link,
            headline=deal_headline(line.end_view, line.result, replayed.teams, names, locale),
            scores=list(line.result["scores"]),
            totals=line.totals_after,
        )
        for line, link in zip(replayed.deals, deal_links, strict=True)
    ]
    winners = [labels[side] for side in replayed.winners if 0 <= side < len(labels)]
    return render(
        "game.html",
        locale,
        title=w("web_title_game", game=w.bot(f"game_{replayed.game}"), table=table.id),
        game=replayed.game,
        table=table,
        seats=seats,
        rules=rules_line(replayed.game, replayed.options, replayed.seats, locale),
        labels=labels,
        rows=rows,
        over=replayed.over,
        abandoned=table.status == "abandoned",
        winners=winners,
        totals=replayed.totals,
        games_won=replayed.games_won,
        changes=changes,
        rated=table.rated,
        board_link=board_link,
    )


def challenge_page(
    challenge: Challenge,
    deal_no: int,
    field: Sequence[DealResult],
    par: Par | None,
    replays: Sequence[str],
    locale: str,
) -> str:
    """A challenge deal's traveller: every member's result on it, best first, each line
    opening that member's replay."""
    w = Words(locale)
    return render(
        "challenge.html",
        locale,
        title=w("web_title_challenge", challenge=challenge.id, deal=deal_no + 1),
        challenge=challenge,
        game=challenge.game,
        rules=rules_line(
            challenge.game, dict(challenge.options), challenge.seats, locale, one_deal=True
        ),
        deal=deal_no + 1,
        lines=list(zip(field, replays, strict=True)),
        par=par,
    )


def board_page(board: Board, token: str, locale: str, everywhere: bool = False) -> str:
    """One page of a server's leaderboard of one game (50 players a page); ``everywhere``: the
    instance's ladder of open tables."""
    w = Words(locale)
    title = "web_title_ladder" if everywhere else "web_title_board"
    return render(
        "board.html",
        locale,
        title=w(title, game=w.bot(f"game_{board.game}")),
        everywhere=everywhere,
        board=board,
        game=board.game,
        previous=f"{token}?page={board.page - 1}" if board.page > 1 else None,
        next=f"{token}?page={board.page + 1}" if board.page < board.pages else None,
    )


__all__ = ["board_page", "challenge_page", "game_page"]

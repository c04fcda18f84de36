"""A deal replayed for its page: every step is the engine's own table, the deal in play is never
replayed, and the deal's record replays to the same result."""

from __future__ import annotations

import random

import pytest

from bot.web.replay import LogFacts, replay_deal, replay_game
from games.ai import choose
from games.records import parse, replay
from games.registry import GAME_NAMES, game_class


def played(game: str, seed: int, deals: int, extra: int = 0) -> LogFacts:
    """``deals`` whole deals of ``game`` by easy computers, then ``extra`` actions of the next."""
    cls = game_class(game)
    engine = cls(seats=cls.SEAT_COUNTS[0], dealer=0)
    rng = random.Random(seed)
    logged: list[tuple[int, list[str]]] = []
    actions: list[list[tuple[int, dict[str, object]]]] = []
    while len(logged) < deals + (1 if extra else 0) and not engine.over:
        deck = list(engine.full_deck())
        rng.shuffle(deck)
        logged.append((engine.dealer, deck))
        actions.append([])
        engine.deal(deck)
        while not engine.awaiting_deck and not engine.over:
            if len(logged) > deals and len(actions[-1]) >= extra:
                break
            seat = engine.to_act
            assert seat is not None
            action = choose(engine.view(seat), engine.legal_actions(seat), "easy", rng)
            engine.apply(seat, action)
            actions[-1].append((seat, action.to_json()))
    return LogFacts(game, engine.seats, {}, 0, logged, actions)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_each_step_is_the_engines_table(game: str) -> None:
    facts = played(game, seed=11, deals=2)
    replayed = replay_deal(facts, 1)
    assert replayed is not None
    assert len(replayed.steps) == len(facts.actions[1]) + 1
    engine = replay(parse(replayed.record))
    assert engine.deal_results[0]["complete"]
    cards_played: list[str] = []
    for before, after in zip(replayed.steps, replayed.steps[1:], strict=False):
        action = after.action
        assert action is not None and after.seat is not None
        if action.type == "play" and action.card is not None:
            card = action.card
            assert card in before.hands[after.seat] and card not in after.hands[after.seat]
            assert (after.seat, card) in after.trick, "the card played is on the table"
            cards_played.append(card)
    assert len(replayed.tricks) == replayed.steps[-1].tricks_done
    assert [c for trick in replayed.tricks for _, c in trick.cards] == cards_played
    assert replayed.totals_after == list(replay(parse(_record(facts, 2))).totals)


def _record(facts: LogFacts, deals: int) -> dict[str, object]:
    return {
        "format": "atout-record/1",
        "game": facts.game,
        "seats": facts.seats,
        "deals": [
            {
                "dealer": dealer,
                "deck": deck,
                "actions": [dict(action, seat=seat) for seat, action in facts.actions[i]],
            }
            for i, (dealer, deck) in enumerate(facts.deals[:deals])
        ],
    }


def test_a_deal_in_play_is_not_replayed() -> None:
    facts = played("coinche", seed=3, deals=1, extra=6)
    assert replay_deal(facts, 0) is not None
    assert replay_deal(facts, 1) is None, "the deal in play has no steps to show"
    assert replay_deal(facts, 2) is None
    game = replay_game(facts)
    assert [line.deal_no for line in game.deals] == [0]
    assert not game.over


def test_a_trick_stays_on_the_table_for_its_step_with_its_winner() -> None:
    replayed = replay_deal(played("sueca", seed=5, deals=1), 0)
    assert replayed is not None
    fourth = replayed.steps[4]
    assert len(fourth.trick) == 4 and fourth.winner is not None
    assert replayed.steps[5].winner is None and len(replayed.steps[5].trick) == 1


def test_a_deal_links_the_next_one_only_once_that_is_over_too() -> None:
    """Whether the next deal is over is read from the log itself: a page made the moment a
    deal ends (before the next is dealt, or while it is played) must not link a deal in play,
    and one made after the next has ended links it even if nothing was dealt after that."""
    in_play = played("coinche", seed=3, deals=1, extra=6)
    replayed = replay_deal(in_play, 0)
    assert replayed is not None and not replayed.next_finished
    both = played("coinche", seed=3, deals=2)
    first, second = replay_deal(both, 0), replay_deal(both, 1)
    assert first is not None and first.next_finished
    assert second is not None and not second.next_finished
    assert first.steps == replayed.steps and first.totals_after == replayed.totals_after

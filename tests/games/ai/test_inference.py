"""The hard player's sampled hands agree with what the other seats did.

``games.ai.sampler`` draws the hidden hands in proportion to how well they fit each public act:
a bid, a take or a pass with the turn-up on the table, a chiamata call, the trump named and the
card called, Piquet's declarations and exchanges, a trick let go. Each test compares the hands it
draws with those drawn with the claims switched off, on positions of games played by the normal
player, and asks for the difference each claim should make; Piquet's declarations are certain
facts, which every sampled hand must reproduce.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

import pytest

import games.ai.sampler as sampler_module
from games.ai import choose
from games.ai.knowledge import Knowledge
from games.ai.normal import trump_strength
from games.ai.random_play import deal_shuffled
from games.ai.sampler import Sampler
from games.base import Game
from games.piquet_declarations import settle_declarations
from games.registry import new_game
from games.views import GameView

Hands = list[int]


def _views(
    name: str, wanted: Callable[[Game, int], bool], count: int, seats: int | None = None
) -> Iterator[tuple[Game, GameView]]:
    """``count`` decisions of games the normal player plays where ``wanted(game, seat)``."""
    rng = random.Random(f"inference:{name}")
    found = 0
    while found < count:
        seats = seats or {"piquet": 2, "chiamata": 5}.get(name, 4)
        game = new_game(name, seats=seats, dealer=rng.randrange(seats))
        deal_shuffled(game, rng)
        while not game.awaiting_deck and not game.over:
            seat = game.to_act
            assert seat is not None
            if wanted(game, seat):
                yield game, game.view(seat)
                found += 1
                break
            game.apply(seat, choose(game.view(seat), game.legal_actions(seat), "normal", rng))


def _draws(view: GameView, fitted: bool, monkeypatch: pytest.MonkeyPatch, n: int) -> list[Hands]:
    monkeypatch.setattr(sampler_module, "AUCTION_WEIGHTS", fitted)
    sampler = Sampler(Knowledge(view), view)
    rng = random.Random(5)
    out = []
    for _ in range(n):
        dealt = sampler.sample(rng)
        assert dealt is not None
        out.append(dealt[0])
    return out


def _mean_over(
    views: list[tuple[Game, GameView]],
    measure: Callable[[GameView, Hands], float],
    monkeypatch: pytest.MonkeyPatch,
    fitted: bool,
) -> float:
    values = [measure(view, h) for _, view in views for h in _draws(view, fitted, monkeypatch, 30)]
    return sum(values) / len(values)


def _cards(view: GameView, mask: int) -> list[str]:
    return Knowledge(view).rules.cards(mask)


def test_a_belote_taker_is_sampled_with_trumps_and_the_passers_without(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def first_card_after_a_round_one_take(game: Game, seat: int) -> bool:
        view = game.view(seat)
        takes = [e for e in view["events"] if e["type"] == "take" and e["round"] == 1]
        return view["phase"] == "play" and bool(takes) and takes[0]["seat"] != seat

    views = list(_views("belote", first_card_after_a_round_one_take, 8))

    def taker_strength(view: GameView, hands: Hands) -> float:
        take = next(e for e in view["events"] if e["type"] == "take")
        return trump_strength(_cards(view, hands[take["seat"]]), str(take["trump"]))

    def passers_strength(view: GameView, hands: Hands) -> float:
        take = next(e for e in view["events"] if e["type"] == "take")
        passers = [
            e["seat"]
            for e in view["events"]
            if e["type"] == "pass" and e["seat"] not in (view["seat"], take["seat"])
        ]
        return sum(trump_strength(_cards(view, hands[s]), str(take["trump"])) for s in passers)

    plain = _mean_over(views, taker_strength, monkeypatch, False)
    fitted = _mean_over(views, taker_strength, monkeypatch, True)
    assert fitted > plain + 0.5, (plain, fitted)
    plain = _mean_over(views, passers_strength, monkeypatch, False)
    fitted = _mean_over(views, passers_strength, monkeypatch, True)
    assert fitted < plain - 0.3, (plain, fitted)


def test_a_chiamata_declarer_holds_his_trumps_and_rarely_the_called_card(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def first_play_of_a_defender(game: Game, seat: int) -> bool:
        view = game.view(seat)
        return (
            view["phase"] == "play"
            and view["declarer"] not in (None, seat)
            and view["partner"] is None
            and str(view["called_card"]) not in view["hand"]
        )

    views = list(_views("chiamata", first_play_of_a_defender, 8))

    def declarer_trumps(view: GameView, hands: Hands) -> float:
        cards = _cards(view, hands[int(view["declarer"] or 0)])
        return sum(1 for c in cards if c[1] == view["trump"])

    def declarer_called(view: GameView, hands: Hands) -> float:
        return float(str(view["called_card"]) in _cards(view, hands[int(view["declarer"] or 0)]))

    plain = _mean_over(views, declarer_trumps, monkeypatch, False)
    fitted = _mean_over(views, declarer_trumps, monkeypatch, True)
    assert fitted > plain + 0.5, (plain, fitted)
    plain = _mean_over(views, declarer_called, monkeypatch, False)
    fitted = _mean_over(views, declarer_called, monkeypatch, True)
    assert fitted < plain / 2, (plain, fitted)


def test_piquet_hands_reproduce_every_declaration(monkeypatch: pytest.MonkeyPatch) -> None:
    def first_play(game: Game, seat: int) -> bool:
        return game.view(seat)["phase"] == "play"

    views = list(_views("piquet", first_play, 12))

    def agrees(view: GameView, hands: Hands) -> float:
        seat = view["seat"]
        assert seat is not None
        elder, younger = view["elder"], view["younger"]
        cards = [_cards(view, hands[s]) for s in (0, 1)]
        shown = {e["category"]: e["seat"] for e in view["events"] if e["type"] == "declaration"}
        results = settle_declarations(cards[elder], cards[younger], view["rules_era"])
        for result in results:
            winner = None if result.winner is None else (elder, younger)[result.winner]
            # The younger's own wins reach the elder only with his first lead.
            if shown.get(result.category, younger) != winner:
                return 0.0
        return 1.0

    plain = _mean_over(views, agrees, monkeypatch, False)
    fitted = _mean_over(views, agrees, monkeypatch, True)
    assert fitted >= 0.95 and fitted > plain, (plain, fitted)


def test_a_trick_let_go_says_no_card_would_have_won_it(monkeypatch: pytest.MonkeyPatch) -> None:
    def after_a_let_go(game: Game, seat: int) -> bool:
        view = game.view(seat)
        if view["phase"] != "play" or view["stock_size"] < 6 or view["trick"]:
            return False
        tricks = [e for e in view["events"] if e["type"] == "trick"]
        if not tricks:
            return False
        last = tricks[-1]
        # The seat led and won: the other let a trick of ten points or more go.
        return bool(last["cards"][0][0] == seat == last["winner"] and last["points"] >= 10)

    views = list(_views("briscola", after_a_let_go, 10, seats=2))

    def could_have_won(view: GameView, hands: Hands) -> float:
        know = Knowledge(view)
        rules = know.rules
        last = [e for e in view["events"] if e["type"] == "trick"][-1]
        (leader, lead), (other, _) = last["cards"]
        assert leader == view["seat"]
        # Its hand then: the cards it holds now but those drawn since (unknown to the seat,
        # so judged on the whole hand), and the card it played.
        held = hands[other] | rules.mask([last["cards"][1][1]])
        return float(bool(held & rules.beaters[rules.index[lead]]))

    plain = _mean_over(views, could_have_won, monkeypatch, False)
    fitted = _mean_over(views, could_have_won, monkeypatch, True)
    assert fitted < plain - 0.1, (plain, fitted)


def test_a_card_drawn_since_a_let_go_is_not_taken_for_one_held_then() -> None:
    """A Briscola player who let a trick go and drew since: its cards now are not all the cards
    it had then, and the older the trick, the less they say."""

    def let_go_two_tricks_back(game: Game, seat: int) -> bool:
        view = game.view(seat)
        if view["phase"] != "play" or view["stock_size"] < 6:
            return False
        tricks = [e for e in view["events"] if e["type"] == "trick"]
        if len(tricks) < 3:
            return False
        old = tricks[-3]
        return bool(old["cards"][0][0] == seat == old["winner"] and old["points"] >= 10)

    views = list(_views("briscola", let_go_two_tricks_back, 6, seats=2))
    for _game, view in views:
        sampler = Sampler(Knowledge(view), view)
        completed = len([e for e in view["events"] if e["type"] == "trick"])
        claims = [c for c in sampler.claims if c.kind == "let_go"]
        assert claims, "the trick three back was let go"
        for claim in claims:
            # Every trick so far was followed by a draw: one card each per trick since.
            assert 1 <= claim.drawn <= completed
        oldest = max(claims, key=lambda c: c.drawn)
        assert oldest.drawn >= 3
    assert sampler_module._held_then(0b1111, 1, 0) == 1.0
    assert sampler_module._held_then(0b1111, 1, 1) == 0.75
    assert sampler_module._held_then(0b1111, 2, 1) == 1.0
    assert sampler_module._held_then(0b111111, 1, 3) == 0.5
    assert sampler_module._held_then(0b111, 1, 3) == 0.0

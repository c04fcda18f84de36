"""Which hard player a belief network learned from: a fingerprint of its choices.

A belief network learns where the cards are from how the hard player bids and plays in
self-play. When that player changes (its search, its bidder, its budget), the network reads
its plays with the old player's habits: it should be trained again. The choices-unchanged test
(``tests/data/ai_choices.json``) already tells when the play moves; this fingerprint carries
that fact into the shipped network file (``meta["player"]``, written by ``--install``), so a
test can say which network to retrain rather than leave a stale one quietly in use.

The fingerprint is taken without any belief (``beliefs=False``): the belief itself changes the
hard player's cards, and a network must not be judged stale for having been installed.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from games.ai import belief as bf
from games.ai.hard import choose_hard
from games.ai.nets import from_bytes, members_to_bytes, to_bytes
from training.runs import ROOT
from training.selfplay import random_deal

POSITIONS = 40
"""Decisions fingerprinted: enough that a changed search or bidder moves at least one of them."""
SAMPLES = 6
"""Sampled deals a decision: a fixed budget, so the fingerprint is the same on every machine."""


def fingerprint(game_name: str, seats: int, positions: int = POSITIONS) -> str:
    """A digest of the hard player's choices (no belief) at ``positions`` decisions of
    ``game_name``, reached by random legal play from seeded deals under random house rules."""
    rng = random.Random(f"fingerprint:{game_name}:{seats}")
    chosen: list[dict[str, object]] = []
    while len(chosen) < positions:
        game = random_deal(game_name, seats, rng)[0]
        while not game.awaiting_deck and not game.over and len(chosen) < positions:
            seat = game.to_act
            assert seat is not None
            legal = game.legal_actions(seat)
            if len(legal) > 1:
                pick = random.Random(f"fingerprint:{len(chosen)}")
                action = choose_hard(game.view(seat), legal, pick, SAMPLES, 0, beliefs=False)
                chosen.append(action.to_json())
            game.apply(seat, rng.choice(legal))
    text = json.dumps(chosen, sort_keys=True, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def install(source: Path, game_name: str, seats: int) -> Path:
    """The belief network ``source`` shipped as ``game_name``'s at ``seats``
    (``games/ai/weights/``), its ``meta`` stamped with today's hard player: install a network
    only when its self-play records come from that player."""
    net = from_bytes(source.read_bytes())
    meta = {**net.meta, "player": fingerprint(game_name, seats)}
    members = getattr(net, "members", None)
    data = members_to_bytes(members, meta) if members else to_bytes(net.layers, meta)
    target = ROOT / "games" / "ai" / "weights" / f"{bf.NETS[(game_name, seats)]}.npz"
    target.write_bytes(data)
    return target


__all__ = ["POSITIONS", "SAMPLES", "fingerprint", "install"]

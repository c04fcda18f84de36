"""The learned networks' forward pass at play time: numpy only, weights packaged with the code.

The computer players that use a learned evaluation (``games.ai.duel_value``) read small
multi-layer perceptrons trained offline (``training/``, PyTorch, never needed to play). A
network's weights ship as a compact ``.npz`` in ``games/ai/weights/``: its layers ``w0, b0, w1,
b1, …`` (float32) and a ``meta`` JSON text saying what it was trained on, which the player checks
against the features it builds, so that a stale file fails loudly instead of playing on wrong
inputs. A file is read once per process (``load``) and the forward pass is deterministic.
"""

from __future__ import annotations

import io
import json
from functools import cache
from importlib import resources
from typing import Any, Final

import numpy as np
import numpy.typing as npt

WEIGHTS: Final = "weights"
"""The folder of ``games.ai`` that holds the networks' files."""

Array = npt.NDArray[np.float32]


class Mlp:
    """A multi-layer perceptron with ReLU between its layers and a linear output.

    Its products are numpy's own loops (``einsum``), not BLAS: OpenBLAS shares a product this
    size between every core and keeps them spinning after it (on two cores, four times the CPU
    for twice the speed), on a bot whose other tables want those cores, and its kernels differ
    from one processor to another. ``blas=True`` is for the training's self-play, a process
    that starts OpenBLAS on one thread (``training/__init__.py``): 3 times faster there.
    """

    def __init__(
        self, layers: list[tuple[Array, Array]], meta: dict[str, Any], blas: bool = False
    ) -> None:
        self.layers = layers
        self.meta = meta
        self.blas = blas

    @property
    def inputs(self) -> int:
        return int(self.layers[0][0].shape[0])

    @property
    def parameters(self) -> int:
        return sum(int(w.size + b.size) for w, b in self.layers)

    def __call__(self, x: Array) -> Array:
        """The outputs for a batch of inputs (rows)."""
        h = np.asarray(x, dtype=np.float32)
        last = len(self.layers) - 1
        for i, (w, b) in enumerate(self.layers):
            h = (h @ w if self.blas else np.einsum("ij,jk->ik", h, w)) + b
            if i < last:
                np.maximum(h, 0.0, out=h)
        return h


class Ensemble(Mlp):
    """Several networks trained on the same inputs, their outputs averaged: the errors of
    networks from different generations of a self-play run are partly independent, so their
    mean is a steadier value than any one of them."""

    def __init__(self, members: list[Mlp]) -> None:
        if len({(m.inputs, json.dumps(m.meta.get("features"))) for m in members}) != 1:
            raise ValueError("an ensemble's networks must share their inputs")
        super().__init__(members[0].layers, members[0].meta, members[0].blas)
        self.members = members

    @property
    def parameters(self) -> int:
        return sum(m.parameters for m in self.members)

    def __call__(self, x: Array) -> Array:
        total = self.members[0](x)
        for m in self.members[1:]:
            total = total + m(x)
        return np.asarray(total / np.float32(len(self.members)), dtype=np.float32)


def ensemble(members: list[Mlp]) -> Mlp:
    """One network for several: the mean of their outputs (``Ensemble``)."""
    return members[0] if len(members) == 1 else Ensemble(members)


def _layers(arrays: Any, prefix: str) -> list[tuple[Array, Array]]:
    layers = []
    k = 0
    while f"{prefix}w{k}" in arrays:
        w = np.ascontiguousarray(arrays[f"{prefix}w{k}"], dtype=np.float32)
        b = np.ascontiguousarray(arrays[f"{prefix}b{k}"], dtype=np.float32)
        layers.append((w, b))
        k += 1
    return layers


def from_bytes(data: bytes, blas: bool = False) -> Mlp:
    """A network from the bytes of its ``.npz`` file (what ``load`` reads, and what the training
    writes: ``to_bytes``); an ensemble's file (``members_to_bytes``) gives an ``Ensemble``."""
    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        meta = json.loads(str(arrays["meta"]))
        members: list[Mlp] = []
        while f"m{len(members)}_w0" in arrays:
            members.append(Mlp(_layers(arrays, f"m{len(members)}_"), meta, blas))
        layers = _layers(arrays, "")
    if members:
        return Ensemble(members)
    if not layers:
        raise ValueError("a network file without layers")
    return Mlp(layers, meta, blas)


def to_bytes(layers: list[tuple[Array, Array]], meta: dict[str, Any]) -> bytes:
    """The ``.npz`` bytes of a network: the inverse of ``from_bytes``."""
    return _npz(
        {f"{name}{k}": a for k, wb in enumerate(layers) for name, a in zip("wb", wb, strict=True)},
        meta,
    )


def members_to_bytes(members: list[Mlp], meta: dict[str, Any]) -> bytes:
    """The ``.npz`` bytes of an ensemble of networks (``Ensemble``), under one ``meta``."""
    arrays = {
        f"m{i}_{name}{k}": a
        for i, member in enumerate(members)
        for k, wb in enumerate(member.layers)
        for name, a in zip("wb", wb, strict=True)
    }
    return _npz(arrays, meta)


def _npz(arrays: dict[str, Any], meta: dict[str, Any]) -> bytes:
    out = io.BytesIO()
    packed: dict[str, Any] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
    packed.update({k: np.asarray(a, dtype=np.float32) for k, a in arrays.items()})
    np.savez_compressed(out, **packed)
    return out.getvalue()


@cache
def load(name: str) -> Mlp:
    """The packaged network ``name`` (``games/ai/weights/<name>.npz``), read once."""
    data = resources.files("games.ai").joinpath(f"{WEIGHTS}/{name}.npz").read_bytes()
    return from_bytes(data)


__all__ = ["Ensemble", "Mlp", "ensemble", "from_bytes", "load", "members_to_bytes", "to_bytes"]

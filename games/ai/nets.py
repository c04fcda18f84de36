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


def from_bytes(data: bytes, blas: bool = False) -> Mlp:
    """A network from the bytes of its ``.npz`` file (what ``load`` reads, and what the training
    writes: ``to_bytes``)."""
    with np.load(io.BytesIO(data), allow_pickle=False) as arrays:
        meta = json.loads(str(arrays["meta"]))
        layers = []
        k = 0
        while f"w{k}" in arrays:
            w = np.ascontiguousarray(arrays[f"w{k}"], dtype=np.float32)
            b = np.ascontiguousarray(arrays[f"b{k}"], dtype=np.float32)
            layers.append((w, b))
            k += 1
    if not layers:
        raise ValueError("a network file without layers")
    return Mlp(layers, meta, blas)


def to_bytes(layers: list[tuple[Array, Array]], meta: dict[str, Any]) -> bytes:
    """The ``.npz`` bytes of a network: the inverse of ``from_bytes``."""
    out = io.BytesIO()
    arrays: dict[str, Any] = {"meta": np.array(json.dumps(meta, sort_keys=True))}
    for k, (w, b) in enumerate(layers):
        arrays[f"w{k}"] = np.asarray(w, dtype=np.float32)
        arrays[f"b{k}"] = np.asarray(b, dtype=np.float32)
    np.savez_compressed(out, **arrays)
    return out.getvalue()


@cache
def load(name: str) -> Mlp:
    """The packaged network ``name`` (``games/ai/weights/<name>.npz``), read once."""
    data = resources.files("games.ai").joinpath(f"{WEIGHTS}/{name}.npz").read_bytes()
    return from_bytes(data)


__all__ = ["Mlp", "from_bytes", "load", "to_bytes"]

"""The networks in PyTorch (CPU), for training only: the play-time forward pass is numpy's
(``games.ai.nets``), which reads what ``export`` writes."""

from __future__ import annotations

import itertools
from pathlib import Path
from typing import Any

import numpy as np
import torch
from torch import nn

from games.ai.nets import Mlp, to_bytes


class ValueNet(nn.Module):  # type: ignore[misc]  # torch is untyped here (pyproject)
    """Inputs → ReLU layers → outputs: the shape ``games.ai.nets.Mlp`` runs."""

    def __init__(self, inputs: int, hidden: tuple[int, ...], outputs: int) -> None:
        super().__init__()
        sizes = (inputs, *hidden, outputs)
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        last = len(self.linears) - 1
        for i, layer in enumerate(self.linears):
            x = layer(x)
            if i < last:
                x = torch.relu(x)
        return x


def layers(model: ValueNet) -> list[tuple[np.ndarray, np.ndarray]]:
    """The weights as ``games.ai.nets`` keeps them: ``x @ w + b``, so each ``w`` transposed."""
    return [
        (
            layer.weight.detach().cpu().numpy().T.astype(np.float32),
            layer.bias.detach().cpu().numpy().astype(np.float32),
        )
        for layer in model.linears
    ]


def export(model: ValueNet, meta: dict[str, Any]) -> bytes:
    """The ``.npz`` bytes of the play-time network."""
    return to_bytes(layers(model), meta)


def save_checkpoint(
    path: Path,
    model: ValueNet,
    optimiser: Any,
    generator: torch.Generator,
    epoch: int,
    **extra: Any,
) -> None:
    """The training's state after ``epoch`` (the model, the optimiser, the random stream and
    what ``extra`` adds), written whole: the unit a stopped training resumes from."""
    tmp = path.with_suffix(".pt.tmp")
    state = {
        "model": model.state_dict(),
        "optimiser": optimiser.state_dict(),
        "generator": generator.get_state(),
        "epoch": epoch,
        **extra,
    }
    torch.save(state, tmp)
    tmp.replace(path)


def load_checkpoint(
    path: Path, model: ValueNet, optimiser: Any, generator: torch.Generator
) -> dict[str, Any]:
    """Put a checkpoint's state back in ``model``, ``optimiser`` and ``generator``; returns the
    whole state (its ``epoch`` and the extras)."""
    saved: dict[str, Any] = torch.load(path, weights_only=False)
    model.load_state_dict(saved["model"])
    optimiser.load_state_dict(saved["optimiser"])
    generator.set_state(saved["generator"])
    return saved


def as_mlp(model: ValueNet, meta: dict[str, Any]) -> Mlp:
    return Mlp(layers(model), meta, blas=True)


__all__ = ["ValueNet", "as_mlp", "export", "layers", "load_checkpoint", "save_checkpoint"]

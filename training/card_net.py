"""The per-card belief network in PyTorch (training only): ``games.ai.card_belief.forward``'s
shape, its first layer computed block by block and broadcast over cards and holders."""

from __future__ import annotations

import itertools

import torch
from torch import nn


class CardNet(nn.Module):  # type: ignore[misc]  # torch is untyped here (pyproject)
    """One small network scoring every (card, holder) pair; ``linears`` as ``ValueNet``'s, so
    ``training.nn.export`` writes it (its first layer over the blocks' features in order)."""

    def __init__(self, blocks: tuple[int, ...], hidden: tuple[int, ...], deck: int) -> None:
        super().__init__()
        sizes = (sum(blocks), *hidden, 1)
        self.linears = nn.ModuleList(nn.Linear(a, b) for a, b in itertools.pairwise(sizes))
        self.cuts = [0, *itertools.accumulate(blocks)]
        self.register_buffer("suit", torch.arange(deck) // (deck // 4), persistent=False)

    def forward(
        self,
        card: torch.Tensor,
        holder: torch.Tensor,
        suit_holder: torch.Tensor,
        card_holder: torch.Tensor,
        deal: torch.Tensor,
    ) -> torch.Tensor:
        """(B, D, H) logits from the blocks (B, D, ·), (B, H, ·), (B, 4, H, ·), (B, D, H, ·),
        (B, ·)."""
        first = self.linears[0]
        w = [first.weight[:, self.cuts[i] : self.cuts[i + 1]] for i in range(5)]
        h = (
            (card @ w[0].T)[:, :, None, :]
            + (holder @ w[1].T)[:, None, :, :]
            + (suit_holder @ w[2].T)[:, self.suit]
            + card_holder @ w[3].T
            + (deal @ w[4].T + first.bias)[:, None, None, :]
        )
        x = torch.relu(h)
        last = len(self.linears) - 1
        for i, layer in enumerate(self.linears[1:], start=1):
            x = layer(x)
            if i < last:
                x = torch.relu(x)
        return x.squeeze(-1)


__all__ = ["CardNet"]

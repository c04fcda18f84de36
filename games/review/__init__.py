"""The deal review: where one seat's decisions in a finished deal cost points, and what would
have been better (``review``; ``python -m games review``).

Pure like the rest of ``games``: no Discord, no I/O, deterministic for a seed and a sample
budget. The bot runs it in worker processes and stores what it finds.
"""

from __future__ import annotations

from games.review.analysis import DEFAULT_SAMPLES, Decision, Review, review
from games.review.moments import NothingToReview

__all__ = ["DEFAULT_SAMPLES", "Decision", "NothingToReview", "Review", "review"]

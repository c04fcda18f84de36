"""The deal review: where one seat's decisions in a finished deal cost points, and what would
have been better (``review``; ``python -m games review``).

Pure like the rest of ``games``: no Discord, no I/O, deterministic for a seed and a sample
budget. The review is a typed value (``games.review.values``) with a JSON form; the bot runs it
in worker processes, stores that JSON and reads it back into the same value.
"""

from __future__ import annotations

from games.review.analysis import DEFAULT_SAMPLES, review
from games.review.moments import NothingToReview
from games.review.values import Decision, Review, Seen, StaleReview

__all__ = [
    "DEFAULT_SAMPLES",
    "Decision",
    "NothingToReview",
    "Review",
    "Seen",
    "StaleReview",
    "review",
]

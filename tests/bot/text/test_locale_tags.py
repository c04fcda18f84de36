"""A tag from Discord or a person becomes one of Atout's locales, the same every time it is
asked (the answers are remembered)."""

from __future__ import annotations

import pytest

from i18n.locales import supported


@pytest.mark.parametrize(
    ("tag", "locale"),
    [
        ("en-GB", "en"),
        ("fr-CA", "fr"),
        ("pt-BR", "pt-BR"),
        ("pt_br", "pt-BR"),
        ("pt", "pt-PT"),
        ("ja", "ja"),
        ("xx", "en"),
        ("../etc", "en"),
        (None, "en"),
        (3, "en"),
    ],
)
def test_a_tag_becomes_a_locale_every_time(tag: object, locale: str) -> None:
    assert supported(tag) == locale
    assert supported(tag) == locale

"""Checks any Fluent :class:`~rendering.words.Catalogue` must pass, shared by the image and bot
catalogue tests: each returns a list of problems (empty when all is well), so a test asserts
``== []`` and a failure names every faulty key at once.

- :func:`parse_problems`: the file parses with no junk (a typo in Fluent syntax silently drops the
  message it breaks, so junk must fail).
- :func:`key_problems`: a locale has exactly English's keys (``partial=True`` for a regional file
  such as pt-BR that only holds the words its region says differently; it falls back).
- :func:`variable_problems`: every message uses the same ``$variables`` as English, except that
  a language with one plural form (Japanese) may leave out a ``$count`` English only selects on.
- :func:`reference_problems`: every ``{ other-message }`` or ``{ -term }`` a message uses exists.
- :func:`format_problems`: every message formats without a Fluent error with sample values.
- :func:`plural_problems`: a count printed beside a noun selects its plural form.
- :func:`catalogue_problems`: all of the above for every locale in ``LOCALES``.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from pathlib import Path

from fluent.runtime import FluentResource
from fluent.syntax import ast as fluent_ast
from fluent.syntax.visitor import Visitor

from i18n.catalogue import Catalogue
from i18n.locales import DEFAULT_LOCALE, LOCALES

PARTIAL_LOCALES = frozenset({"pt-BR"})
"""Regional catalogues that may hold only the words their region says differently."""


class _Collector(Visitor):
    """Variables and references used anywhere in a message (patterns, selectors, attributes)."""

    def __init__(self) -> None:
        super().__init__()
        self.variables: set[str] = set()
        self.messages: set[str] = set()
        self.terms: set[str] = set()

    def visit_VariableReference(self, node: fluent_ast.VariableReference) -> None:
        self.variables.add(node.id.name)

    def visit_MessageReference(self, node: fluent_ast.MessageReference) -> None:
        self.messages.add(node.id.name)

    def visit_TermReference(self, node: fluent_ast.TermReference) -> None:
        self.terms.add(node.id.name)
        self.generic_visit(node)


def resource(path: Path) -> fluent_ast.Resource:
    """The file parsed (the checks only read the tree): parsed again only once it changes, as
    each check of each locale reads English and the locale, and Fluent's parser is slow."""
    stat = path.stat()
    return _parsed(path, stat.st_mtime_ns, stat.st_size)


@lru_cache(maxsize=64)
def _parsed(path: Path, mtime_ns: int, size: int) -> fluent_ast.Resource:
    return FluentResource(path.read_text(encoding="utf-8"))


def entries(path: Path) -> dict[str, fluent_ast.Message | fluent_ast.Term]:
    """Messages by key and terms by ``-name`` in one file."""
    found: dict[str, fluent_ast.Message | fluent_ast.Term] = {}
    for entry in resource(path).body:
        if isinstance(entry, fluent_ast.Message):
            found[entry.id.name] = entry
        elif isinstance(entry, fluent_ast.Term):
            found["-" + entry.id.name] = entry
    return found


def messages(path: Path) -> dict[str, fluent_ast.Message]:
    return {k: v for k, v in entries(path).items() if isinstance(v, fluent_ast.Message)}


def used(entry: fluent_ast.SyntaxNode) -> _Collector:
    collector = _Collector()
    collector.visit(entry)
    return collector


def variables(entry: fluent_ast.SyntaxNode) -> set[str]:
    """The ``$variables`` a message or term reads (terms' own parameters excluded)."""
    return used(entry).variables


def parse_problems(catalogue: Catalogue, locale: str) -> list[str]:
    path = catalogue.path(locale)
    if not path.is_file():
        return [f"{path}: missing"]
    problems: list[str] = []
    seen: set[str] = set()
    for entry in resource(path).body:
        if isinstance(entry, fluent_ast.Junk):
            notes = "; ".join(a.message for a in entry.annotations)
            problems.append(f"{locale}: junk {entry.content.strip()[:60]!r}: {notes}")
        elif isinstance(entry, fluent_ast.Message | fluent_ast.Term):
            name = entry.id.name if isinstance(entry, fluent_ast.Message) else "-" + entry.id.name
            if name in seen:
                problems.append(f"{locale}: {name} written twice")
            seen.add(name)
            if isinstance(entry, fluent_ast.Message) and entry.value is None:
                problems.append(f"{locale}: {name} has no value")
    return problems


def key_problems(catalogue: Catalogue, locale: str, partial: bool = False) -> list[str]:
    english = set(messages(catalogue.path(DEFAULT_LOCALE)))
    if not catalogue.path(locale).is_file():
        return [f"{locale}: no file {catalogue.path(locale)}"]
    theirs = set(messages(catalogue.path(locale)))
    problems = [f"{locale}: {key} is not an English key" for key in sorted(theirs - english)]
    if not partial:
        problems += [f"{locale}: {key} is missing" for key in sorted(english - theirs)]
    return problems


def variable_problems(catalogue: Catalogue, locale: str) -> list[str]:
    english = messages(catalogue.path(DEFAULT_LOCALE))
    problems = []
    for key, message in messages(catalogue.path(locale)).items():
        if key not in english:
            continue
        want, have = variables(english[key]), variables(message)
        if not have <= want or not want - have <= {"count"}:
            problems.append(f"{locale}: {key} uses {sorted(have)}, English {sorted(want)}")
    return problems


def reference_problems(catalogue: Catalogue, locale: str) -> list[str]:
    own = entries(catalogue.path(locale))
    english = entries(catalogue.path(DEFAULT_LOCALE))
    problems = []
    for key, entry in own.items():
        refs = used(entry)
        for name in sorted(refs.messages):
            if name not in own and name not in english:
                problems.append(f"{locale}: {key} refers to unknown message {name}")
        for name in sorted(refs.terms):
            if "-" + name not in own:
                problems.append(f"{locale}: {key} refers to unknown term -{name}")
    return problems


def sample_values(names: Iterable[str]) -> dict[str, object]:
    """A value per variable: numbers for counts and scores (plurals select on them), words else."""
    numeric = ("count", "number", "points", "target", "score", "round", "of", "low", "high")
    return {name: 2 if any(part in name for part in numeric) else f"<{name}>" for name in names}


def format_problems(catalogue: Catalogue, locale: str) -> list[str]:
    bundle = catalogue.bundle(locale)
    if bundle is None:
        return [f"{locale}: no bundle"]
    problems = []
    for key, message in messages(catalogue.path(locale)).items():
        compiled = bundle.get_message(key)
        if compiled.value is None:
            continue
        values = sample_values(variables(message))
        # The plural forms of every language a count selects on; a message without a count
        # formats the same each time, once.
        for count in (0, 1, 2, 5, 21) if "count" in values else (None,):
            if count is not None:
                values["count"] = count
            _, errors = bundle.format_pattern(compiled.value, values)
            if errors:
                problems.append(f"{locale}: {key}: {errors[0]}")
                break
    return problems


def catalogue_problems(catalogue: Catalogue, locales: Iterable[str] = LOCALES) -> list[str]:
    """Every check above for every locale: what a catalogue test asserts is empty."""
    problems: list[str] = []
    for locale in locales:
        problems += parse_problems(catalogue, locale)
        if not catalogue.path(locale).is_file():
            continue
        problems += key_problems(catalogue, locale, partial=locale in PARTIAL_LOCALES)
        problems += variable_problems(catalogue, locale)
        problems += reference_problems(catalogue, locale)
        problems += format_problems(catalogue, locale)
        problems += plural_problems(catalogue, locale)
    return problems


def text_elements(entry: fluent_ast.SyntaxNode) -> list[str]:
    """The literal text of a message in all its variants (what a font must be able to draw)."""
    found: list[str] = []

    class _Text(Visitor):
        def visit_TextElement(self, node: fluent_ast.TextElement) -> None:
            found.append(node.value)

        def visit_StringLiteral(self, node: fluent_ast.StringLiteral) -> None:
            found.append(node.parse()["value"])

    _Text().visit(entry)
    return found


def plural_problems(catalogue: Catalogue, locale: str) -> list[str]:
    """A ``$count`` written before a noun is a plural: "1 games" is what a message says when it
    prints a count it does not select on. Every message of a language with plural forms that
    shows a count beside a word selects on it (Fluent's CLDR categories); a bare count
    ("exchange 3", "3 playable") is listed in ``BARE_COUNTS``."""
    if locale == "ja":
        return []
    problems = []
    for key, message in messages(catalogue.path(locale)).items():
        if key in BARE_COUNTS or "count" not in variables(message):
            continue
        if not _selects_on_count(message):
            problems.append(f"{locale}: {key} prints $count without choosing a plural form")
    return problems


BARE_COUNTS = frozenset(
    {
        "event_exchange",
        "badge_exchanged",
        "hand_exchange",
        "hand_playable",
        "illegal_exchange_count",
        "piquet_combination_point",
    }
)
"""Messages whose count stands without a noun of its own, in every language."""


def _selects_on_count(entry: fluent_ast.SyntaxNode) -> bool:
    class Finder(Visitor):
        found = False

        def visit_SelectExpression(self, node: fluent_ast.SelectExpression) -> None:
            selector = node.selector
            if isinstance(selector, fluent_ast.VariableReference) and selector.id.name == "count":
                self.found = True
            self.generic_visit(node)

    finder = Finder()
    finder.visit(entry)
    return finder.found

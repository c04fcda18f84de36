"""One floor's sentences in every locale, read from Fluent files: ``Catalogue(directory,
resource).text(key, locale, **values)``.

A key missing from a locale falls back along the chain ``pt-BR`` → ``pt-PT`` → English, so a
half-done catalogue still shows whole sentences; a key missing from English is a bug that shows
as the key and that the tests catch.
"""

from __future__ import annotations

import gc
import hashlib
import importlib.metadata
import os
import pickle
import re
import sys
import tempfile
from collections.abc import Hashable
from decimal import Decimal
from pathlib import Path
from typing import Any, Final

from fluent.runtime import FluentBundle, FluentResource
from fluent.runtime.types import FluentNumber, fluent_number
from fluent.syntax.ast import Resource

from i18n.bidi import clean_bidi
from i18n.locales import DEFAULT_LOCALE, FAMILY, LOCALE_NAME


def _argument(value: Any) -> Any:
    """Numbers stay numbers (so plurals select on them) but print as the code gave them: a score
    of 1620 is never "1,620" in one language and "1 620" in another on the same sheet."""
    if isinstance(value, bool):
        return str(value)
    if isinstance(value, int | float | Decimal):
        return fluent_number(value, useGrouping=False)
    if isinstance(value, str):
        return clean_bidi(value)  # a name's direction controls end with it (i18n.bidi)
    if isinstance(value, FluentNumber):
        return value
    return clean_bidi(str(value))


PARSER_VERSION: Final = importlib.metadata.version("fluent.syntax")


def cached_path(path: Path, source: bytes) -> Path:
    """Where the parse of ``source`` (the text of ``path``) is kept: beside it, in
    ``__pycache__`` as Python keeps its bytecode, named by the text's and the parser's hash, so
    that an edited file or another parser is never served an old parse."""
    digest = hashlib.blake2b(source + PARSER_VERSION.encode(), digest_size=10).hexdigest()
    return path.parent / "__pycache__" / f"{path.name}.{digest}.pickle"


def read_resource(path: Path, write: bool | None = None) -> Resource:
    """A Fluent file, parsed. fluent.syntax parses a character at a time in Python: the six
    locales' catalogues took 0.5 to 1.2 s of CPU at every start of a process (the bot, each
    drawing process, every tool and test process: discord.py words the commands in every
    locale), and reading back a kept parse takes a tenth of that. The parse is kept where Python
    would keep bytecode (``write``: as Python does, unless ``PYTHONDONTWRITEBYTECODE``); a kept
    parse that cannot be read is parsed again."""
    source = path.read_bytes()
    cached = cached_path(path, source)
    try:
        kept = cached.read_bytes()
    except OSError:
        kept = b""
    if kept:
        # Tens of thousands of small objects at once: the collector would walk the whole heap
        # many times over (0.6 s instead of 0.1 s in a process that has loaded the bot).
        collecting = gc.isenabled()
        gc.disable()
        try:
            resource = pickle.loads(kept)
            if isinstance(resource, Resource):
                return resource
        except Exception:  # unreadable or from another fluent: parse the file again
            pass
        finally:
            if collecting:
                gc.enable()
    resource = FluentResource(source.decode("utf-8"))
    if write if write is not None else not sys.dont_write_bytecode:
        _keep(cached, resource)
    return resource


def _keep(cached: Path, resource: Resource) -> None:
    """Written whole or not at all (a file renamed into place), the older parses of the same
    file removed; a directory that cannot be written keeps nothing."""
    try:
        cached.parent.mkdir(exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=cached.parent, delete=False) as out:
            written = Path(out.name)
            try:
                out.write(pickle.dumps(resource, protocol=pickle.HIGHEST_PROTOCOL))
            except BaseException:
                written.unlink(missing_ok=True)
                raise
        try:
            os.replace(written, cached)
        except OSError:
            written.unlink(missing_ok=True)
            raise
        name = cached.name.split(".")
        for old in cached.parent.glob(".".join([*name[:-2], "*", "pickle"])):
            if old != cached:
                old.unlink(missing_ok=True)
    except OSError:
        pass


class Catalogue:
    """One floor's sentences in every locale: ``<directory>/<locale>/<resource>``."""

    def __init__(self, directory: Path, resource: str) -> None:
        self.directory = directory
        self.resource = resource
        self._bundles: dict[tuple[str, str], FluentBundle | None] = {}
        self._chains: dict[str, tuple[FluentBundle, ...]] = {}
        self._plain: dict[tuple[str, str], str] = {}
        self._filled: dict[Hashable, str] = {}
        """Sentences with values, by locale, key and values: formatting one through Fluent costs
        about 0.1 ms, and a table says the same "3 tricks" on every redraw."""

    def path(self, locale: str) -> Path:
        return self.directory / locale / self.resource

    def locales(self) -> list[str]:
        """The locales that have a file, English first."""
        found = [p.parent.name for p in self.directory.glob(f"*/{self.resource}")]
        return sorted(found, key=lambda name: (name != DEFAULT_LOCALE, name))

    def bundle(self, locale: str, rules: str | None = None) -> FluentBundle | None:
        """``locale``'s own file, choosing plural forms by ``rules`` (default: ``locale``): pt-BR
        reading a pt-PT sentence still says "0 vaza" the Brazilian way."""
        rules = rules or locale
        if (locale, rules) not in self._bundles:
            path = self.path(locale)
            bundle = None
            if LOCALE_NAME.fullmatch(locale) and path.is_file():
                bundle = FluentBundle([rules, locale], use_isolating=False)
                bundle.add_resource(read_resource(path))
            self._bundles[(locale, rules)] = bundle
        return self._bundles[(locale, rules)]

    def chain(self, locale: str) -> tuple[FluentBundle, ...]:
        """The bundles consulted for ``locale``, best first: the locale, its bare language
        (``fr-CA`` → ``fr``), the catalogue speaking for its language (``pt`` → ``pt-PT``), then
        English. Within a language the requested locale's plural rules apply."""
        if locale not in self._chains:
            names = [locale]
            if LOCALE_NAME.fullmatch(locale):
                base = re.split(r"[-_]", locale)[0].lower()
                names += [base, FAMILY.get(base, DEFAULT_LOCALE)]
            names.append(DEFAULT_LOCALE)
            rules = locale if LOCALE_NAME.fullmatch(locale) else DEFAULT_LOCALE
            bundles = []
            for name in dict.fromkeys(names):
                same_language = name.split("-")[0].lower() == rules.split("-")[0].lower()
                bundles.append(self.bundle(name, rules if same_language else name))
            self._chains[locale] = tuple(b for b in bundles if b is not None)
        return self._chains[locale]

    def has(self, key: str, locale: str = DEFAULT_LOCALE) -> bool:
        return any(bundle.has_message(key) for bundle in self.chain(locale))

    def keys(self, locale: str) -> set[str]:
        """The keys written in ``locale``'s own file (no fallback)."""
        bundle = self.bundle(locale)
        return set() if bundle is None else set(bundle._messages)

    def text(self, key: str, locale: str = DEFAULT_LOCALE, /, **values: Any) -> str:
        """The ``key`` sentence of ``locale`` with ``values`` filled in."""
        if not values:
            cached = self._plain.get((locale, key))
            if cached is not None:
                return cached
            sentence = self._format(key, locale, values)
            self._plain[(locale, key)] = sentence
            return sentence
        # The type too: True == 1, but one prints "True" and the other selects a plural.
        memo: Hashable = (locale, key, *((k, type(v), v) for k, v in sorted(values.items())))
        try:
            cached = self._filled.get(memo)
        except TypeError:  # a value that cannot be a key: formatted every time
            return self._format(key, locale, values)
        if cached is None:
            cached = self._format(key, locale, values)
            if len(self._filled) >= FILLED_KEPT:
                self._filled.clear()
            self._filled[memo] = cached
        return cached

    def _format(self, key: str, locale: str, values: dict[str, Any]) -> str:
        for bundle in self.chain(locale):
            if not bundle.has_message(key):
                continue
            message = bundle.get_message(key)
            if message.value is None:
                continue
            args = {name: _argument(value) for name, value in values.items()}
            result, _errors = bundle.format_pattern(message.value, args)
            return str(result)
        return key


FILLED_KEPT: Final = 4096
"""Sentences with values kept per catalogue (all dropped at once when full: cheap, and a drawing
process soon needs again the few it uses)."""

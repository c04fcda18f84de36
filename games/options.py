"""Variant keys (docs/rules.md's *Variants* tables): one declaration per key, validated in one place.

The same specs drive the replay's error messages, the options of ``/<game> start`` and the
lobby's "House rules" selects, so a rule has one name and one list of values everywhere. The few
rules a player sets when opening a table carry ``command`` (their place on the command) and, for
free integers, the ``suggested`` values the command offers.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any


class OptionError(ValueError):
    """An unknown option key, or a value of the wrong type or outside its list."""


@dataclass(frozen=True)
class OptionSpec:
    name: str
    default: Any
    choices: tuple[Any, ...] | None = None
    """Allowed values (strings or ints); ``None`` for bool and free integer options."""
    kind: str = "choice"
    """``choice``, ``bool`` or ``int``."""
    minimum: int = 1
    multiple_of: int = 1
    help: str = ""
    command: int = 0
    """Its place among the options of ``/<game> start`` (1 first); 0 keeps it to the lobby's
    house rules. Discord shows up to 25 options, and a short command is one people read."""
    suggested: tuple[int, ...] = ()
    """The values ``/<game> start`` offers for a free integer (Discord lists choices, it cannot
    suggest "any multiple of 5")."""

    def __post_init__(self) -> None:
        # A suggestion the engine would refuse would be a choice that can only fail.
        for value in self.suggested:
            self.check(value)

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if type(value) is not bool:
                raise OptionError(f"option {self.name!r} must be true or false, not {value!r}")
            return value
        if self.kind == "int":
            if type(value) is not int:
                raise OptionError(f"option {self.name!r} must be an integer, not {value!r}")
            if value < self.minimum:
                raise OptionError(f"option {self.name!r} must be at least {self.minimum}")
            if value % self.multiple_of:
                raise OptionError(f"option {self.name!r} must be a multiple of {self.multiple_of}")
            return value
        assert self.choices is not None
        for choice in self.choices:
            # JSON integers only: True must not pass for 1, nor "1" for 1.
            if type(choice) is type(value) and choice == value:
                return value
        allowed = ", ".join(repr(c) for c in self.choices)
        raise OptionError(f"option {self.name!r} must be one of {allowed}, not {value!r}")


def boolean(name: str, default: bool, help: str = "", *, command: int = 0) -> OptionSpec:
    return OptionSpec(name, default, kind="bool", help=help, command=command)


def integer(
    name: str,
    default: int | None,
    minimum: int = 1,
    multiple_of: int = 1,
    help: str = "",
    *,
    command: int = 0,
    suggested: tuple[int, ...] = (),
) -> OptionSpec:
    return OptionSpec(
        name,
        default,
        kind="int",
        minimum=minimum,
        multiple_of=multiple_of,
        help=help,
        command=command,
        suggested=suggested,
    )


def choice(
    name: str, default: Any, choices: tuple[Any, ...], help: str = "", *, command: int = 0
) -> OptionSpec:
    return OptionSpec(name, default, choices=choices, help=help, command=command)


def on_command(specs: tuple[OptionSpec, ...], **places: int) -> tuple[OptionSpec, ...]:
    """``specs`` shared by several games (Belote's and Coinche's play rules), with the places
    one game gives some of them on its command."""
    unknown = set(places) - {s.name for s in specs}
    if unknown:
        raise ValueError(f"no options {sorted(unknown)}")
    return tuple(replace(s, command=places.get(s.name, s.command)) for s in specs)


def command_specs(specs: tuple[OptionSpec, ...]) -> tuple[OptionSpec, ...]:
    """The specs ``/<game> start`` shows, in the order it shows them."""
    return tuple(sorted((s for s in specs if s.command), key=lambda s: s.command))


def validate(
    specs: tuple[OptionSpec, ...], options: Mapping[str, Any] | None, game: str
) -> dict[str, Any]:
    """Every key of ``specs`` with the given or default value; ``OptionError`` names a bad key."""
    if options is None:
        options = {}
    if not isinstance(options, Mapping):
        raise OptionError("options must be a JSON object")
    by_name = {spec.name: spec for spec in specs}
    for key in options:
        if key not in by_name:
            raise OptionError(f"unknown option {key!r} for {game}")
    return {
        spec.name: spec.check(options[spec.name]) if spec.name in options else spec.default
        for spec in specs
    }

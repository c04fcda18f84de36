"""Write ``requirements.lock``: the exact versions of every package the bot needs at run time,
as installed in this environment, for the Docker image to install before it copies the code.

The closure of ``pyproject.toml``'s ``[project] dependencies`` (no extras), each package at the
version installed here, where the suite passes; requirements whose markers do not hold in the
image (Linux, CPython 3.11, x86_64 or arm64 alike) are left out, as pip would. Run it after
changing a dependency or upgrading one in the development environment, then rebuild the image:

    python3 scripts/lock_requirements.py            # writes requirements.lock
    python3 scripts/lock_requirements.py --check    # exit 1 if the file is not what it would write
"""

from __future__ import annotations

import argparse
import sys
import tomllib
from importlib import metadata
from pathlib import Path

from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parent.parent
LOCK = ROOT / "requirements.lock"
IMAGE = {
    "python_version": "3.11",
    "python_full_version": "3.11.14",
    "sys_platform": "linux",
    "platform_system": "Linux",
    "os_name": "posix",
    "platform_machine": "x86_64",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
    "extra": "",
}
"""The marker environment of the image (python:3.11 slim); ``extra`` empty: no extras."""
HEADER = """\
# The Docker image's run-time packages, pinned (pip install --no-deps -r requirements.lock).
# Written by scripts/lock_requirements.py from the environment the test suite passed in;
# run it again after changing a dependency in pyproject.toml.
"""


def closure() -> dict[str, str]:
    """Canonical name -> ``name==version`` of every run-time package, from pyproject."""
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    todo = [Requirement(text) for text in project["dependencies"]]
    pinned: dict[str, str] = {}
    while todo:
        requirement = todo.pop()
        if requirement.marker is not None and not requirement.marker.evaluate(IMAGE):
            continue
        key = canonicalize_name(requirement.name)
        if key in pinned:
            continue
        distribution = metadata.distribution(requirement.name)
        if not requirement.specifier.contains(distribution.version, prereleases=True):
            raise SystemExit(
                f"installed {requirement.name} {distribution.version} is not {requirement}"
            )
        pinned[key] = f"{distribution.metadata['Name']}=={distribution.version}"
        todo.extend(Requirement(text) for text in distribution.requires or [])
    return pinned


def text() -> str:
    return HEADER + "".join(f"{line}\n" for _, line in sorted(closure().items()))


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="compare, do not write")
    args = parser.parse_args()
    wanted = text()
    if args.check:
        same = LOCK.is_file() and LOCK.read_text(encoding="utf-8") == wanted
        print("requirements.lock is up to date" if same else "requirements.lock differs")
        return 0 if same else 1
    LOCK.write_text(wanted, encoding="utf-8")
    print(f"wrote {LOCK.relative_to(ROOT)}: {wanted.count('==')} packages")
    return 0


if __name__ == "__main__":
    sys.exit(main())

"""The Docker files, checked without a Docker engine: what docs/running.md promises of them.

The image: base images pinned by exact tag and digest; the run-time dependencies installed from
``requirements.lock`` before any code is copied (a code change does not reinstall them); no
``VOLUME`` (every compose service would get an anonymous volume). Compose: one build for both
bot services, no anonymous volume, the database pinned and checked for readiness over TCP.
(``docker compose config`` with Compose v2.40 accepted the file when this was written.)
"""

from __future__ import annotations

import re
import tomllib
from pathlib import Path
from typing import Any

import yaml
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name

ROOT = Path(__file__).resolve().parents[1]
PINNED = re.compile(r"^[\w./-]+:\d+\.\d+(\.\d+)?[\w.-]*@sha256:[0-9a-f]{64}$")
CODE = ("games", "rendering", "bot", "cogs")


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, continuation lines joined, comments dropped."""
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    lines = [line for line in text.splitlines() if not line.lstrip().startswith("#")]
    joined = "\n".join(lines).replace("\\\n", " ")
    found = []
    for line in joined.splitlines():
        if line.strip():
            word, _, rest = line.strip().partition(" ")
            found.append((word.upper(), rest.strip()))
    return found


def compose() -> dict[str, Any]:
    loaded: dict[str, Any] = yaml.safe_load((ROOT / "docker-compose.yml").read_text("utf-8"))
    return loaded


def test_every_base_image_is_pinned_by_tag_and_digest() -> None:
    images = [rest.split()[0] for word, rest in instructions() if word == "FROM"]
    assert len(images) == 2
    for image in images:
        assert PINNED.match(image), image
    assert PINNED.match(compose()["services"]["db"]["image"])


def test_dependencies_come_from_the_lock_before_the_code() -> None:
    steps = instructions()
    build = steps[: next(i for i, (w, _) in enumerate(steps[1:], 1) if w == "FROM")]
    install_lock = next(
        i for i, (w, rest) in enumerate(build) if w == "RUN" and "-r requirements.lock" in rest
    )
    assert "--no-deps" in build[install_lock][1]
    copies = [i for i, (w, rest) in enumerate(build) if w == "COPY" and rest.split()[0] in CODE]
    assert sorted(build[i][1].split()[0] for i in copies) == sorted(CODE)
    assert install_lock < min(copies), "the dependencies are installed before the code is copied"
    lock_copy = next(i for i, (w, rest) in enumerate(build) if w == "COPY" and "lock" in rest)
    assert build[lock_copy][1].split()[:-1] == ["requirements.lock"]
    code_install = [i for i, (w, rest) in enumerate(build) if w == "RUN" and rest.endswith(" .")]
    assert code_install and "--no-deps" in build[code_install[0]][1]


def test_the_lock_pins_every_dependency_of_the_project() -> None:
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    locked: dict[str, str] = {}
    for line in (ROOT / "requirements.lock").read_text(encoding="utf-8").splitlines():
        if line and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version and re.fullmatch(r"[\w.]+", version), line
            locked[canonicalize_name(name)] = version
    for text in project["dependencies"]:
        requirement = Requirement(text)
        version = locked.get(canonicalize_name(requirement.name))
        assert version is not None, f"{requirement.name} is not in requirements.lock"
        assert requirement.specifier.contains(version), f"{requirement.name}=={version}: {text}"


def test_the_image_declares_no_volume_and_runs_as_a_user() -> None:
    steps = instructions()
    assert not [rest for word, rest in steps if word == "VOLUME"]
    final = steps[max(i for i, (w, _) in enumerate(steps) if w == "FROM") :]
    users = [rest for word, rest in final if word == "USER"]
    assert users and users[-1].split(":")[0] not in ("0", "root")
    assert ("CMD", '["python", "-m", "bot"]') in final


def test_compose_builds_once_and_every_volume_is_named() -> None:
    spec = compose()
    services = spec["services"]
    bots = {name: service for name, service in services.items() if name.startswith("bot")}
    assert len(bots) == 2
    builders = [name for name, service in bots.items() if "build" in service]
    assert len(builders) == 1, "one build for both bot services"
    image = bots[builders[0]]["image"]
    for name, service in bots.items():
        assert service["image"] == image
        if name not in builders:
            assert service.get("pull_policy") == "never", "the built image, never a pull"
    declared = set(spec.get("volumes") or {})
    for name, service in services.items():
        for volume in service.get("volumes") or []:
            source = volume.split(":")[0] if isinstance(volume, str) else volume.get("source")
            assert source in declared, f"{name}: {volume} is not a named volume"


def test_compose_waits_for_postgresql_over_tcp() -> None:
    services = compose()["services"]
    test = services["db"]["healthcheck"]["test"]
    command = " ".join(test[1:]) if isinstance(test, list) else test
    assert re.search(r"\bpg_isready\b.*-h 127\.0\.0\.1\b", command), command
    for name, service in services.items():
        if name.startswith("bot"):
            assert service["depends_on"]["db"]["condition"] == "service_healthy"
            assert "${ATOUT_PG_PASSWORD}" in service["environment"]["ATOUT_DB"]
    assert services["db"]["environment"]["POSTGRES_PASSWORD"].startswith("${ATOUT_PG_PASSWORD:?")


def test_both_stages_build_on_one_base_whose_pin_and_source_are_recorded() -> None:
    images = [rest.split()[0] for word, rest in instructions() if word == "FROM"]
    assert images[0] == images[1], "the build and the run stage on the same base"
    text = (ROOT / "Dockerfile").read_text(encoding="utf-8")
    tag, digest = images[0].split("@")
    assert f"Digest source: the multi-platform index (OCI image index) of {tag}," in text
    assert "could not be pulled" not in text
    assert digest.startswith("sha256:") and len(digest) == len("sha256:") + 64


def test_the_image_checks_the_bots_health() -> None:
    """``python -m bot health`` reads the file the bot writes (``ATOUT_HEALTH_FILE``): the image
    sets both, and Docker runs the check (compose's bot services inherit it)."""
    steps = instructions()
    final = steps[max(i for i, (w, _) in enumerate(steps) if w == "FROM") :]
    checks = [rest for word, rest in final if word == "HEALTHCHECK"]
    assert len(checks) == 1
    options, _, command = checks[0].partition("CMD")
    assert command.strip() == '["python", "-m", "bot", "health"]'
    flags = dict(option.lstrip("-").split("=") for option in options.split())
    assert set(flags) == {"interval", "timeout", "start-period", "retries"}
    env = " ".join(rest for word, rest in final if word == "ENV")
    assert "ATOUT_HEALTH_FILE=/tmp/" in env
    for name, service in compose()["services"].items():
        if name.startswith("bot"):
            assert "healthcheck" not in service, "the image's own check"

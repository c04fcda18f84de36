"""What this process may use of the machine: CPUs and memory, as the kernel enforces them.

``os.cpu_count()`` counts the host's CPUs, not this process's share: a container limited to one
CPU (``docker run --cpus 1``, a cgroup's ``cpu.max``) or a process pinned with ``taskset`` (its
affinity) would start a drawing process per host CPU and have them take turns on one. The same
for memory: a 1 GB VPS, or a container's ``memory.max``, is smaller than the host's RAM. Both
cgroup versions are read (v2's unified files, v1's separate controllers), up the hierarchy from
this process's group, since a parent group's limit binds its children as well.
"""

from __future__ import annotations

import math
import os
from collections.abc import Iterator
from pathlib import Path

CGROUP_ROOT = Path("/sys/fs/cgroup")
PROC_CGROUP = Path("/proc/self/cgroup")
MEMINFO = Path("/proc/meminfo")


def _groups(controller: str, root: Path, proc_cgroup: Path) -> Iterator[Path]:
    """The directories of this process's cgroup for ``controller`` and of every ancestor
    group, innermost first; v2's unified hierarchy (``0::/path``) and v1's controllers."""
    try:
        lines = proc_cgroup.read_text(encoding="ascii").splitlines()
    except OSError:
        return
    for line in lines:
        number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        if number == "0" and not controllers:
            mounts = [root, root / "unified"]
        elif controller in controllers.split(","):
            mounts = [root / controllers, root / controller]
        else:
            continue
        for mount in mounts:
            if not mount.is_dir():
                continue
            # Inside a container the group's path is often not visible under the mount (a cgroup
            # namespace, or a bind mount of the group itself): then the mount is the group.
            parts = [part for part in path.split("/") if part]
            while parts and not (mount.joinpath(*parts)).is_dir():
                parts.pop(0)
            while True:
                yield mount.joinpath(*parts)
                if not parts:
                    break
                parts.pop()


def _read(path: Path) -> str | None:
    try:
        return path.read_text(encoding="ascii").strip()
    except OSError:
        return None


def cgroup_cpus(root: Path = CGROUP_ROOT, proc_cgroup: Path = PROC_CGROUP) -> float:
    """The CPUs the cgroup quotas allow (``cpu.max`` or ``cpu.cfs_quota_us``), ``inf`` if
    none."""
    limit = math.inf
    for group in _groups("cpu", root, proc_cgroup):
        quota_period = _read(group / "cpu.max")
        if quota_period is not None:
            quota, _, period = quota_period.partition(" ")
            if quota != "max" and period:
                limit = min(limit, int(quota) / int(period))
            continue
        quota_us, period_us = _read(group / "cpu.cfs_quota_us"), _read(group / "cpu.cfs_period_us")
        if quota_us and period_us and int(quota_us) > 0:
            limit = min(limit, int(quota_us) / int(period_us))
    return limit


def usable_cpus(root: Path = CGROUP_ROOT, proc_cgroup: Path = PROC_CGROUP) -> int:
    """The CPUs this process may run on (affinity) and the cgroup's quota allows, at least 1.
    A quota of 1.5 CPUs counts as 2: the half CPU is time the processes can use."""
    try:
        cpus = len(os.sched_getaffinity(0))
    except AttributeError:  # not Linux
        cpus = os.cpu_count() or 1
    quota = cgroup_cpus(root, proc_cgroup)
    if quota != math.inf:
        cpus = min(cpus, math.ceil(quota))
    return max(1, cpus)


UNLIMITED = 1 << 60
"""cgroup v1 writes "no limit" as a huge number near 2**63."""


def cgroup_memory(root: Path = CGROUP_ROOT, proc_cgroup: Path = PROC_CGROUP) -> int | None:
    """The memory the cgroup limits allow (``memory.max`` or ``memory.limit_in_bytes``)."""
    limit: int | None = None
    for group in _groups("memory", root, proc_cgroup):
        for name in ("memory.max", "memory.limit_in_bytes"):
            value = _read(group / name)
            if value is not None and value.isdigit() and int(value) < UNLIMITED:
                limit = int(value) if limit is None else min(limit, int(value))
    return limit


def usable_memory(
    root: Path = CGROUP_ROOT, proc_cgroup: Path = PROC_CGROUP, meminfo: Path = MEMINFO
) -> int | None:
    """The machine's memory (``MemTotal``) or the cgroup's limit if lower; None if unknown."""
    total: int | None = None
    try:
        for line in meminfo.read_text(encoding="ascii").splitlines():
            if line.startswith("MemTotal:"):
                total = int(line.split()[1]) * 1024
                break
    except OSError:
        pass
    limit = cgroup_memory(root, proc_cgroup)
    if limit is not None and (total is None or limit < total):
        return limit
    return total

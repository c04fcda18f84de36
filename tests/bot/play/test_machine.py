"""What the process may use of the machine, read from cgroup trees laid out as the kernel does
(v2's unified hierarchy, v1's separate controllers, a container's view of its own group)."""

from __future__ import annotations

import math
import os
from pathlib import Path

from bot.play.machine import cgroup_cpus, cgroup_memory, usable_cpus, usable_memory

MB = 1024 * 1024


def tree(root: Path, files: dict[str, str], proc_cgroup: str) -> tuple[Path, Path]:
    for name, text in files.items():
        path = root / "cgroup" / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text + "\n")
    proc = root / "proc-self-cgroup"
    proc.write_text(proc_cgroup)
    return root / "cgroup", proc


def test_v2_quota_and_memory_limit_of_the_group_and_its_parents(tmp_path: Path) -> None:
    cgroup, proc = tree(
        tmp_path,
        {
            "cpu.max": "max 100000",
            "system.slice/cpu.max": "300000 100000",  # a parent's 3 CPUs
            "system.slice/atout.service/cpu.max": "150000 100000",  # 1.5 CPUs
            "system.slice/atout.service/memory.max": str(768 * MB),
            "system.slice/memory.max": "max",
        },
        "0::/system.slice/atout.service\n",
    )
    assert cgroup_cpus(cgroup, proc) == 1.5
    assert usable_cpus(cgroup, proc) == min(2, len(os.sched_getaffinity(0)))
    assert cgroup_memory(cgroup, proc) == 768 * MB
    meminfo = tmp_path / "meminfo"
    meminfo.write_text("MemTotal:       16384000 kB\nMemFree: 1 kB\n")
    assert usable_memory(cgroup, proc, meminfo) == 768 * MB


def test_a_container_sees_its_own_group_at_the_mount(tmp_path: Path) -> None:
    """Docker with a cgroup namespace: /proc/self/cgroup names a path the mount does not show;
    the mount itself is the container's group (docker run --cpus 1 --memory 512m)."""
    cgroup, proc = tree(
        tmp_path,
        {"cpu.max": "100000 100000", "memory.max": str(512 * MB)},
        "0::/docker/0123abcd\n",
    )
    assert cgroup_cpus(cgroup, proc) == 1.0
    assert usable_cpus(cgroup, proc) == 1
    assert cgroup_memory(cgroup, proc) == 512 * MB


def test_v1_controllers(tmp_path: Path) -> None:
    cgroup, proc = tree(
        tmp_path,
        {
            "cpu,cpuacct/cpu.cfs_quota_us": "-1",
            "cpu,cpuacct/bot/cpu.cfs_quota_us": "200000",
            "cpu,cpuacct/bot/cpu.cfs_period_us": "100000",
            "memory/memory.limit_in_bytes": "9223372036854771712",  # v1's "no limit"
        },
        "4:cpu,cpuacct:/bot\n3:memory:/bot\n1:name=systemd:/\n",
    )
    assert cgroup_cpus(cgroup, proc) == 2.0
    assert cgroup_memory(cgroup, proc) is None


def test_no_limits_and_no_cgroup_at_all(tmp_path: Path) -> None:
    cgroup, proc = tree(tmp_path, {"cpu.max": "max 100000"}, "0::/\n")
    assert cgroup_cpus(cgroup, proc) == math.inf
    assert usable_cpus(cgroup, proc) == len(os.sched_getaffinity(0))
    missing = tmp_path / "nowhere"
    assert cgroup_cpus(missing, missing) == math.inf
    assert usable_memory(missing, missing, missing) is None

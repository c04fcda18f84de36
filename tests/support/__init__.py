"""What the tests (and a few benchmarks) share and that is not a test: a fake Discord on
loopback for the real ``python -m bot``, a throwaway PostgreSQL server, the catalogue checks,
the kill-and-restart runner and simcord's speed-ups. Kept apart so that the root of ``tests/``
holds tests only."""

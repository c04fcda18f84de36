"""What the tests and the benchmarks both use, and that is neither: a table or a challenge
played under simcord (``driver``, ``challenge``), finished games written straight into storage
and the web pages' database (``pages``), a fake Discord on loopback for the real ``python -m
bot`` (``fake_discord``) and the kill-and-restart runner over it (``kill_run``), a throwaway
PostgreSQL server (``pg_server``).

It imports the project (games, rendering, bot) and never ``tests`` or ``benchmarks``: a benchmark
runs without the test suite, and nothing here is collected as a test.
"""

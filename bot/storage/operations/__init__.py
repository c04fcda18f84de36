"""What an admin runs on a database, beside the bot: ``python -m bot backup``/``restore``
(``backup``, SQLite), ``python -m bot migrate-db`` (``migrate_db``: SQLite to PostgreSQL, checked
by replaying every game), and the lock that keeps one bot per database (``instance_lock``), which
both of them take too.

The top of storage: it may import any room of it; none imports it.
"""

"""Ratings and history (``storage.ratings``): the rating model (``model``, openskill) and what
storing an ended game writes (``match``: sides, places, who left), both pure and tested without
SQL; the interface (``interface``), what a finished game writes (``writes``) and what the
leaderboards, ``/stats`` and ``/history`` read (``reads``).

It may import ``databases``, ``tables`` (a table's row and settings: who sat, who left),
``settings`` (a server's ``show_computers`` and reset marks) and ``games``.
"""

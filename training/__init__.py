"""Offline training of the computer players' learned networks (see README.md): not installed,
run from the checkout (``python -m training.briscola``), with the ``train`` extra (PyTorch).

The self-play's forward passes are small matrix products, many of them: OpenBLAS on one thread
does them with the least CPU (the machines are shared). That has to be said before numpy loads.
"""

import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")

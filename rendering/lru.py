"""A cache bounded by what its entries weigh (bytes), not by their number: a drawing process
meets a few thousand strings and sprites a day whose sizes differ a hundredfold, and it must not
grow with them; the web pages kept in memory (``bot.web.cache``) weigh 1 to 40 KB each."""

from __future__ import annotations

import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Iterator
from typing import Generic, TypeVar

V = TypeVar("V")


class SizedLRU(Generic[V]):
    """Values by key, least recently used dropped first once their weights pass ``max_weight``.
    Thread-safe: drawing threads share it."""

    def __init__(self, max_weight: int, weigh: Callable[[V], int]) -> None:
        self.max_weight = max_weight
        self._weigh = weigh
        self._values: OrderedDict[Hashable, tuple[V, int]] = OrderedDict()
        self._weight = 0
        self._lock = threading.Lock()

    def get(self, key: Hashable) -> V | None:
        with self._lock:
            found = self._values.get(key)
            if found is None:
                return None
            self._values.move_to_end(key)
            return found[0]

    def put(self, key: Hashable, value: V) -> None:
        weight = self._weigh(value)
        if weight > self.max_weight:
            return
        with self._lock:
            old = self._values.pop(key, None)
            if old is not None:
                self._weight -= old[1]
            self._values[key] = (value, weight)
            self._weight += weight
            while self._weight > self.max_weight:
                _, (_, dropped) = self._values.popitem(last=False)
                self._weight -= dropped

    def pop(self, key: Hashable) -> V | None:
        """Forget ``key``; the value it had, if kept."""
        with self._lock:
            old = self._values.pop(key, None)
            if old is None:
                return None
            self._weight -= old[1]
            return old[0]

    def __iter__(self) -> Iterator[Hashable]:
        """The keys kept now, least recently used first (a copy: the cache may change)."""
        with self._lock:
            return iter(list(self._values))

    def __contains__(self, key: Hashable) -> bool:
        """Kept now (not counted as a use)."""
        return key in self._values

    def clear(self) -> None:
        with self._lock:
            self._values.clear()
            self._weight = 0

    @property
    def weight(self) -> int:
        return self._weight

    def __len__(self) -> int:
        return len(self._values)

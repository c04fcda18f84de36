"""Drawing an image in layers: what a table keeps from one action to the next is drawn once,
kept (drawn and already quantised), and laid back under what changes.

A ``Frame`` is an image being drawn over a base that is the same for every image of its kind
(the room, the wooden table and its felt) and was quantised once. Its canvas keeps the box of
everything painted (``Canvas.dirty``); encoding quantises only those boxes over a copy of the
base's indices, since without dithering a pixel's index depends on that pixel alone.

A ``Layer`` is what a drawing function painted, kept as patches: for each box it painted, the
RGB pixels and their indices. ``Frame.layer`` draws a function once per key and lays its
patches back for every later image with the same key. Two rules make a kept layer safe:

- the key holds everything the function reads: a layer's function receives its key and nothing
  else (``table.py`` draws the name plates from the names, robots and seat colours in the key),
  so an image drawn with different names or seats gets a different layer, never a stale one;
- a layer is kept only if it was drawn on the untouched base, and laid back only where nothing
  has been painted yet: a patch is a rectangle of pixels, so it brings the base along with it.
  Anything that must be drawn over something painted before it is drawn again instead.

A layer that is seldom drawn over (a whole plate, a side panel) is kept without its RGB
pixels, its indices alone (a third of the bytes, and no pixels to deflate): the cache holds
three times as many. Should something be painted over one after all (the turn's arrow reaching
a neighbour's plate), its function draws it again there first, as a layer not kept would be.

The kept layers live in one ``LayerCache`` per process, bounded in bytes and emptied least
recently used first: a drawing process draws many tables in turn.
"""

from __future__ import annotations

import re
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Final, TypeVar, cast

from PIL import Image
from PIL import _imaging as imaging

from rendering import deflate, pixels
from rendering.canvas import Box, Canvas
from rendering.encode import quantize
from rendering.palette import fixed_palette
from rendering.png import png_rows

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

T = TypeVar("T")
TILE: Final = 16
"""Painted boxes are merged on a grid of this many pixels before they are quantised: a few
large rectangles quantise faster than a hundred small ones, and the pixels they take in
needlessly are quantised to the index they already had."""
GAP: Final = 3
"""Painted runs of tiles on one row this many tiles apart or closer are quantised as one."""
CACHE_BYTES: Final = 12 * 1024 * 1024
"""What a process keeps of layers at most. What a four-seat table shows takes about 50 KB:
its plates' fixed parts with their pixels (18 KB), its plates and side panels as shown, as
indices alone (30 KB, RGB pixels would treble that). So this keeps the layers of about 240
tables, older states of them going first (a drawing process draws its share of the tables,
``bot.play.workers``' lanes: a third of 500 with three)."""
LAYER_OVERHEAD: Final = 600
"""Bytes a kept layer costs beyond its pixels (its key, objects, the cache's entry)."""
SEEN_KEPT: Final = 4096
"""Keys remembered for admission (their hashes: a collision only keeps a layer early)."""
_RUN: Final = re.compile(rb"\x01+")


@dataclass(frozen=True)
class Layer:
    """What a drawing function painted on the base: the box it painted in, the indices of those
    pixels in the style's palette and the pixels themselves, both deflated, and what the
    function returned.

    The pixels are needed only when something is drawn over the layer (a plate's cards and
    tricks over its fixed part), rarely for a side panel; the indices go into every image the
    layer is laid in. Both are kept deflated: a panel's pixels shrink ten to thirty times and
    its indices about sixteen times, and inflating a layer's indices takes about 0.1 ms of an
    image's 10 or so. Kept raw, the indices were four fifths of the cache: a table's layers took
    about 0.25 MB, so that a drawing process kept sixty tables in 16 MB, and each of the three
    processes of a bot with 200 tables (each draws any table) missed on most of them."""

    box: Box
    packed_indices: bytes
    packed: bytes | None
    """The pixels, deflated; None for a layer kept without them (``Frame.layer``)."""
    value: object = None

    @property
    def nbytes(self) -> int:
        """Memory held: the deflated indices and pixels."""
        return len(self.packed_indices) + len(self.packed or b"") + LAYER_OVERHEAD

    @property
    def size(self) -> tuple[int, int]:
        return (self.box[2] - self.box[0], self.box[3] - self.box[1])

    def indexed(self) -> ImagingCore:
        """The layer's indices, as a core image of mode P over the inflated bytes (what
        ``Image.frombuffer`` does, without its checks: a third of the time of ``frombytes``)."""
        data = deflate.decompress(self.packed_indices)
        core: ImagingCore = imaging.map_buffer(data, self.size, "raw", 0, ("P", 0, 1))
        return core

    def rgb(self) -> Image.Image:
        """The layer's pixels (one kept without them is drawn again instead: ``Frame``)."""
        if self.packed is None:
            raise RuntimeError("a layer kept without its pixels has none to give")
        return Image.frombytes("RGB", self.size, deflate.decompress(self.packed))


class LayerCache:
    """Layers by key, least recently used dropped first once their pixels pass ``max_bytes``.
    Drawing threads share it, hence the lock."""

    def __init__(self, max_bytes: int = CACHE_BYTES) -> None:
        self.max_bytes = max_bytes
        self._layers: OrderedDict[Hashable, Layer] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0
        self._seen: OrderedDict[int, None] = OrderedDict()

    def seen(self, key: Hashable) -> bool:
        """Whether ``key`` was asked for before (among the last ``SEEN_KEPT`` keys); notes it."""
        mark = hash(key)
        with self._lock:
            if mark in self._seen:
                self._seen.move_to_end(mark)
                return True
            self._seen[mark] = None
            if len(self._seen) > SEEN_KEPT:
                self._seen.popitem(last=False)
            return False

    def get(self, key: Hashable) -> Layer | None:
        with self._lock:
            layer = self._layers.get(key)
            if layer is None:
                self.misses += 1
                return None
            self._layers.move_to_end(key)
            self.hits += 1
            return layer

    def put(self, key: Hashable, layer: Layer) -> None:
        size = layer.nbytes
        if size > self.max_bytes:
            return
        with self._lock:
            old = self._layers.pop(key, None)
            if old is not None:
                self._bytes -= old.nbytes
            self._layers[key] = layer
            self._bytes += size
            while self._bytes > self.max_bytes:
                _, dropped = self._layers.popitem(last=False)
                self._bytes -= dropped.nbytes

    def clear(self) -> None:
        with self._lock:
            self._layers.clear()
            self._seen.clear()
            self._bytes = 0
            self.hits = self.misses = 0

    @property
    def nbytes(self) -> int:
        """The pixels held now."""
        return self._bytes

    def __len__(self) -> int:
        return len(self._layers)


CACHE = LayerCache()
"""The layers of this process (a test may put a smaller one in its place)."""
_enabled = True


def set_enabled(enabled: bool) -> None:
    """Turn kept layers off (every image drawn whole, as ``draw_table`` does) or back on: the
    tests compare both ways, the benchmark measures both."""
    global _enabled
    _enabled = enabled


def enabled() -> bool:
    return _enabled


def kept(
    c: Canvas,
    frame: Frame | None,
    draw: Callable[..., T],
    *args: Hashable,
    admit: bool = False,
    pixels: bool = True,
) -> T:
    """``draw(c, *args)``; with a ``frame``, kept as a layer under ``draw``'s name and ``args``,
    which are all that ``draw`` reads (``Frame.layer``)."""
    if frame is None:
        return draw(c, *args)
    return frame.layer(
        (draw.__qualname__, *args), lambda canvas: draw(canvas, *args), admit, pixels
    )


def merge(boxes: Sequence[Box], size: tuple[int, int]) -> list[Box]:
    """Rectangles on the ``TILE`` grid, within ``size``, that together cover every box."""
    width, height = size
    cols = -(-width // TILE)
    rows = [bytearray(cols) for _ in range(-(-height // TILE))]
    for x0, y0, x1, y1 in boxes:
        c0, c1 = x0 // TILE, -(-x1 // TILE)
        fill = b"\x01" * (c1 - c0)
        for r in range(y0 // TILE, -(-y1 // TILE)):
            rows[r][c0:c1] = fill
    out: list[Box] = []
    open_runs: dict[tuple[int, int], int] = {}
    """Runs of the previous tile row (first column, end column) -> the row they started on."""
    for r, row in enumerate(rows):
        runs: list[tuple[int, int]] = []
        for match in _RUN.finditer(row):
            start, end = match.span()
            if runs and start - runs[-1][1] <= GAP:
                runs[-1] = (runs[-1][0], end)
            else:
                runs.append((start, end))
        still: dict[tuple[int, int], int] = {}
        for run in runs:
            still[run] = open_runs.pop(run, r)
        for (c0, c1), r0 in open_runs.items():
            out.append(_box(c0, r0, c1, r, size))
        open_runs = still
    for (c0, c1), r0 in open_runs.items():
        out.append(_box(c0, r0, c1, len(rows), size))
    return out


def _box(c0: int, r0: int, c1: int, r1: int, size: tuple[int, int]) -> Box:
    return (c0 * TILE, r0 * TILE, min(size[0], c1 * TILE), min(size[1], r1 * TILE))


def _overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


_bases: dict[tuple[int, str], tuple[Image.Image, Image.Image]] = {}
_bases_lock = threading.Lock()


def _base_rows(base: Image.Image, style: str) -> Image.Image:
    """The base's indices with a column of zeros on the left (the rows of its PNG), made once
    per base image and style. Bases are few and live as long as the process (``background``)."""
    key = (id(base), style)
    known = _bases.get(key)
    if known is not None and known[0] is base:
        return known[1]
    indexed = quantize(base, style)
    rows = Image.new("P", (base.width + 1, base.height), 0)
    rows.paste(indexed, (1, 0))
    rows.putpalette(indexed.getpalette() or [])
    with _bases_lock:
        _bases[key] = (base, rows)
    return rows


_scratch = threading.local()
"""Per drawing thread, by base and style: an image and its PNG rows showing the base, drawn on
and put back to the base after each image. A fresh 3.4 MB copy per image cost a quarter of a
millisecond and, freed and allocated again among the cache's entries, left the allocator's heap
fragmented (a drawing process grew to about 140 MB)."""


def _take_scratch(base: Image.Image, style: str) -> tuple[Image.Image, Image.Image]:
    pool: dict[tuple[int, str], tuple[Image.Image, Image.Image]] | None = getattr(
        _scratch, "pool", None
    )
    found = pool.pop((id(base), style), None) if pool is not None else None
    if found is not None:
        return found
    return base.copy(), _base_rows(base, style).copy()


def _give_back(base: Image.Image, style: str, image: Image.Image, rows: Image.Image) -> None:
    pool = getattr(_scratch, "pool", None)
    if pool is None:
        pool = _scratch.pool = {}
    pool[(id(base), style)] = (image, rows)


class Frame:
    """An image drawn over ``base`` in ``style``, keeping painted boxes and laid-back layers.

    It draws on this thread's scratch copy of the base, which ``encode`` puts back to the base
    (every box painted or laid) and hands to the next frame; a frame that fails before it is
    encoded keeps its scratch, and the next one starts from a fresh copy."""

    def __init__(self, base: Image.Image, style: str, cache: LayerCache | None = None) -> None:
        self.base = base
        self.style = style
        self.cache = cache if cache is not None else CACHE
        self.base_rows = _base_rows(base, style)
        """The base's indices; also registers the base for good, so ``id(base)`` in a layer's
        key always means this base."""
        image, self.rows = _take_scratch(base, style)
        self.canvas = Canvas(base.size, image, copy=False)
        self.canvas.style = style
        self.painted_boxes: list[Box] = []
        """Boxes painted outside any layer being drawn."""
        self.canvas.dirty = self.painted_boxes
        self.canvas.before_paint = self._uncover
        self.outer: list[list[Box]] = []
        """The painted boxes of the layers whose drawing is under way, outermost first (a
        layer being drawn keeps its own)."""
        self.redraw: dict[int, Callable[[Canvas], object]] = {}
        """Hidden layers kept without their pixels, by layer: the function that draws them."""
        self.laid: list[Layer] = []
        """Layers laid back or kept in this image, in order: their indices are known."""
        self.hidden: list[Layer] = []
        """Laid layers whose pixels are not on the canvas yet: nothing was painted over them."""
        self.fresh: dict[int, ImagingCore] = {}
        """The indices of the layers kept by this frame, by layer: known, not to be inflated."""
        self.encoded = False

    def painted(self, box: Box) -> bool:
        """Whether anything was painted in ``box`` since the frame began (laid layers aside)."""
        lists = (*self.outer, self.canvas.dirty or [])
        return any(_overlap(box, d) for boxes in lists for d in boxes)

    def free(self, box: Box) -> bool:
        """Whether ``box`` still shows the untouched base: nothing painted or laid in it."""
        return not self.painted(box) and not any(_overlap(box, kept.box) for kept in self.laid)

    def _uncover(self, box: Box) -> None:
        """Something is about to be painted in ``box``: the pixels of the layers under it go on
        the canvas first, as if they had been put there when laid (nothing was painted over
        them since, or they would be there already)."""
        if not self.hidden:
            return
        still, again = [], []
        for layer in self.hidden:
            if not _overlap(box, layer.box):
                still.append(layer)
            elif layer.packed is None:
                again.append(layer)
            else:
                pixels.paste(self.canvas.image, layer.rgb(), layer.box[0], layer.box[1])
        self.hidden = still
        for layer in again:
            # Drawn where it lies, on the base that is still there, as painting of the image
            # outside any layer: its box is quantised again, to the indices it already has.
            dirty = self.canvas.dirty
            self.canvas.dirty = self.painted_boxes
            try:
                self.redraw.pop(id(layer))(self.canvas)
            finally:
                self.canvas.dirty = dirty

    def layer(
        self,
        key: Hashable,
        draw: Callable[[Canvas], T],
        admit: bool = False,
        keep_pixels: bool = True,
    ) -> T:
        """``draw(canvas)``'s painting, laid back from the kept layer under ``key`` or drawn;
        returns what ``draw`` returned. ``key`` must hold everything ``draw`` reads. A layer is
        kept the second time its key is drawn (``admit``: the first), so that what a table shows
        once (a bid just made) does not push out of the cache what it shows every time; kept
        without its RGB pixels unless ``keep_pixels`` (what nothing is drawn over: ``Uncovered``)."""
        full_key = (key, self.style, id(self.base))
        try:
            kept = self.cache.get(full_key)
        except TypeError:  # a key that cannot be hashed: never kept
            return draw(self.canvas)
        if kept is not None and self.free(kept.box):
            self.laid.append(kept)
            self.hidden.append(kept)
            if kept.packed is None:
                self.redraw[id(kept)] = draw
            return cast(T, kept.value)
        outer = self.canvas.dirty
        own: list[Box] = []
        start = len(self.laid)
        self.outer.append(outer or [])
        self.canvas.dirty = own
        try:
            value = draw(self.canvas)
        finally:
            self.canvas.dirty = outer
            self.outer.pop()
        # Layers that ``draw`` laid itself (a plate's fixed part under the whole plate) are part
        # of what it drew.
        inner = self.laid[start:]
        boxes = own + [layer.box for layer in inner]
        if not boxes:
            return value
        box = (
            min(b[0] for b in boxes),
            min(b[1] for b in boxes),
            max(b[2] for b in boxes),
            max(b[3] for b in boxes),
        )
        if (
            kept is None
            and (admit or self.cache.seen(full_key))
            and not self.painted(box)
            and not any(_overlap(box, other.box) for other in self.laid[:start])
        ):
            # The inner layers' pixels go on the canvas, and the new layer, which covers them,
            # takes their place.
            self._uncover(box)
            del self.laid[start:]
            image = self.canvas.image
            indexed = pixels.quantized(image, box, fixed_palette(self.style))
            layer = Layer(
                box,
                deflate.compress(pixels.core_bytes(indexed)),
                deflate.compress(image.crop(box).tobytes()) if keep_pixels else None,
                value,
            )
            self.cache.put(full_key, layer)
            self.laid.append(layer)
            self.fresh[id(layer)] = indexed
        else:
            (outer if outer is not None else own).extend(own)
        return value

    def _indices(self, layer: Layer) -> ImagingCore:
        known = self.fresh.get(id(layer))
        return known if known is not None else layer.indexed()

    def image(self) -> Image.Image:
        """A copy of the image drawn so far, every laid layer on it (before ``encode``)."""
        if self.encoded:
            raise RuntimeError("the frame was encoded: its canvas went back to the base")
        self._uncover((0, 0, *self.canvas.image.size))
        return self.canvas.image.copy()

    def encode(self) -> bytes:
        """The PNG of the image: the base's indices, the laid layers', and the painted boxes
        quantised. The indices of a layer still hidden go last: a painted box may reach into it
        (boxes are merged on a grid), and there the canvas still shows the base. Then the
        scratch images go back to the base, for the next frame."""
        if self.encoded:
            raise RuntimeError("a frame is encoded once")
        self.encoded = True
        rows = self.rows
        hidden = {id(layer) for layer in self.hidden}
        for kept in self.laid:
            if id(kept) not in hidden:
                pixels.put(rows, self._indices(kept), kept.box[0] + 1, kept.box[1])
        image = self.canvas.image
        palette = fixed_palette(self.style)
        painted = merge(self.canvas.dirty or [], image.size)
        for box in painted:
            pixels.put(rows, pixels.quantized(image, box, palette), box[0] + 1, box[1])
        for kept in self.hidden:
            pixels.put(rows, self._indices(kept), kept.box[0] + 1, kept.box[1])
        data = png_rows(rows)
        shown = [kept.box for kept in self.laid if id(kept) not in hidden]
        for x0, y0, x1, y1 in painted + shown:
            image.im.paste(self.base.im.crop((x0, y0, x1, y1)), (x0, y0, x1, y1))
        for x0, y0, x1, y1 in painted + [kept.box for kept in self.laid]:
            box = (x0 + 1, y0, x1 + 1, y1)
            rows.im.paste(self.base_rows.im.crop(box), box)
        _give_back(self.base, self.style, image, rows)
        return data

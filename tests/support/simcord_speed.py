"""simcord's settlement, made linear for long games (an exact shortcut, not a change of meaning).

Every hand a player opens is an ephemeral message, and discord.py gives the view of an ephemeral
message a 15-minute expiry task (the life of the interaction token). A whole game opens hundreds
of hands, so hundreds of expiry tasks wait at once. After every click simcord settles the bot: for
each waiting task it scans every pending timer for the one that would wake it
(``_timer_records_waking``), which is tasks x timers per settle, and a whole game spent most of its
time there (80% of a Chiamata game's profile).

The shortcut indexes the pending timers once per settlement pass by the object they would wake
(their waiter future, or the task an ``asyncio.timeout`` belongs to), in the pass's synchronous
stretch in which simcord's own code then asks the question once per task: nothing runs between the
index and the questions, so the answers are the ones the scan gives. Each candidate is checked
again with simcord's own test, and the answer keeps the scan's order.

The second shortcut is in the settlement's wait. When the bot still has callbacks queued to run
(a finished task's done-callbacks, typically), simcord waits for one of the bot's tasks to finish,
or 50 ms: the callbacks run at once, but the tasks are parked for good, so every click paid the
whole 50 ms (a refused click cost 60 ms instead of 10). The wait now also ends as soon as what was
queued has run; simcord's loop then looks again, exactly as it does after 50 ms.

With nothing queued, the bot's tasks are waiting on something outside the loop: a database
thread, a worker process. When it answers, the task takes its step and waits again (a loop task
never finishes), so simcord slept out the rest of the 50 ms before it saw that everything was
parked: every advance of the virtual clock paid 50 ms for the bot's periodic sweeps, which read
the database. The wait now also ends once one of the tasks it waits for has moved on (it waits on
another future, or its future is done), looked at every ``POLL_S``; simcord's loop then looks
again, as after its 50 ms.

Within a pass's synchronous stretch simcord also asks, for every waiting task, questions whose
answers the stretch cannot change: is the task's future one a view of the bot's waits on (a scan
of every view of the view store, once per task: tasks x views), is the task a view's expiry task,
does it wait on a listener through ``wait_for`` (each asked twice per task). They are answered
once per stretch (``_Stretch``): opened where the index is built, closed as soon as the
settlement loop does anything else (runs due timers, awaits, returns), so that no answer outlives
the stretch it was given in. The settlement state simcord builds for every question (a frozen
dataclass of the env's fields) is built again only when one of the fields changed.

Most of a game's waiting tasks are views' expiry tasks, and for each simcord asks, twice a pass,
whether its wait is recognised and whether it is parked: both are ``or``-like chains of questions
that change nothing, the expiry question late in each. It is now asked first (a yes decides both
answers: see ``_is_parked``), and which timers wake a wait is answered once per stretch. The expiry
question itself reads the task's view from its coroutine once per task (``_expiry``).

A settlement makes a pass after every step any bot task takes (a dozen a click), and in each it
asks of every waiting task whether its wait is to be virtualized and whether it is parked. Only the
tasks a timer with a live real-time fallback could wake are asked the first (for the others the
answer cancels nothing: ``_virtualize``); a task found parked by its view's expiry timer or its
loop's interval is, in the next passes, asked only whether that reason still holds
(``_still_parked``); a pass over the very timers of the last pass keeps its index; the scan for a
sleep beyond the deadline reads the index. The timer records' ``==`` answers false at once where a
field-by-field comparison must (``_record_eq``). The view store's ``__stopped`` futures are
gathered once per view, not once per item (``_scan_stored``).

Outside the settlement: simcord's deep copies of JSON payloads (the HTTP log of every request,
gateway events) copy dicts and lists directly (``_deepcopy``), and its ``time.monotonic`` no longer
runs an import statement at each call (``_clock_monotonic``).

It is installed only on the simcord version it was written against (pinned in pyproject); any
other version runs unpatched.
"""

from __future__ import annotations

import asyncio
import copy
import operator
import types
import weakref
from typing import Any

import simcord
from discord.ui import view as discord_view
from simcord import _dpy_internals, _runtime, _settlement
from simcord import components as simcord_components
from simcord import env as simcord_env
from simcord import gateway as simcord_gateway
from simcord import results as simcord_results
from simcord.backend import serializers as simcord_serializers
from simcord.http import router as simcord_router

VERSION = "3.2.1"

_original_waking = _settlement._timer_records_waking
_original_virtualize = simcord_env._virtualize_recognized_waits
_index: tuple[Any, float, dict[Any, list[tuple[int, Any]]]] | None = None
"""(work state, virtual time, key -> [(position, record)]) of the current settlement pass."""


def _keys(record: Any) -> list[Any]:
    """What a pending timer can wake: each of its arguments, the object its callback is bound
    to, and for an ``asyncio.timeout`` the task that timeout belongs to."""
    handle = record.handle
    callback = _dpy_internals._original_callback(getattr(handle, "_callback", None))
    keys: list[Any] = [id(arg) for arg in getattr(handle, "_args", ())]
    owner = getattr(callback, "__self__", None)
    if owner is not None:
        keys.append(id(owner))
        task = getattr(owner, "_task", None)
        if task is not None:
            keys.append(("task", id(task)))
    return keys


_built: tuple[Any, float, tuple[Any, ...], dict[Any, list[tuple[int, Any]]]] | None = None
"""(work state, virtual time, its timers in order, table) of the last index built."""
_known_keys: dict[int, tuple[Any, list[Any]]] = {}
"""id(timer record) -> (the record, ``_keys`` of it), for the records of the last index."""


def _build(state: Any) -> None:
    """The index of the pass. A pass that sees the very timers of the last index (the same
    records in the same order, at the same virtual time: most passes of a settlement but its
    first) takes that index again: a record cancelled since stays in it, and every question
    asked of the index checks each record's cancellation again. A record's keys are those of
    its handle's callback and arguments, which a handle keeps until it is cancelled (and a
    cancelled one is never indexed): read once per record."""
    global _index, _built, _known_keys
    callbacks = state.work.callbacks
    built = _built
    if (
        built is not None
        and built[0] is state.work
        and built[1] == state.virtual_time
        and len(built[2]) == len(callbacks)
        and all(map(operator.is_, built[2], callbacks))
    ):
        _index = (state.work, state.virtual_time, built[3])
        return
    table: dict[Any, list[tuple[int, Any]]] = {}
    known = _known_keys
    kept: dict[int, tuple[Any, list[Any]]] = {}
    for position, record in enumerate(callbacks):
        handle = record.handle
        if record.when is None or handle is None or handle.cancelled():
            continue
        if record.when <= state.virtual_time:
            continue
        seen = known.get(id(record))
        if seen is None or seen[0] is not record:
            seen = (record, list(dict.fromkeys(_keys(record))))
        kept[id(record)] = seen
        for key in seen[1]:
            table.setdefault(key, []).append((position, record))
    _known_keys = kept
    _built = (state.work, state.virtual_time, tuple(callbacks), table)
    _index = (state.work, state.virtual_time, table)


class _Stretch:
    """What one synchronous stretch of a settlement pass has been told already."""

    __slots__ = ("client", "expiry", "stored", "virtual_time", "wait_for", "waking", "work")

    def __init__(self, client: Any, work: Any = None, virtual_time: float = 0.0) -> None:
        self.client = client
        self.stored: set[Any] | None = None
        self.expiry: dict[asyncio.Task[Any], bool] = {}
        self.wait_for: dict[asyncio.Task[Any], bool] = {}
        self.work = work
        self.virtual_time = virtual_time
        self.waking: dict[tuple[asyncio.Task[Any], Any], list[Any]] = {}


_stretch: _Stretch | None = None
_original_stored = _dpy_internals._stored_wait_futures
_original_expiry = _dpy_internals._view_timeout_task_identity
_original_wait_for = _dpy_internals._listener_wait_for_frame
_original_run_due = simcord_env._run_due_virtual_callbacks
_original_settle = simcord_env.Env._settle_internal
_original_state = simcord_env.Env._settlement_state


def _close() -> None:
    global _stretch
    _stretch = None


def _stored_wait_futures(client: Any) -> set[Any]:
    stretch = _stretch
    if stretch is None or stretch.client is not client:
        return _scan_stored(client)
    if stretch.stored is None:
        stretch.stored = _scan_stored(client)
    return stretch.stored


def _scan_stored(client: Any) -> set[Any]:
    """simcord's ``_stored_wait_futures``: the ``__stopped`` futures of every view and modal of
    the view store. simcord reads a view's attributes once for each of its items (a hand's
    view, once per card button); here once per view, and through the names of its
    ``__stopped`` attributes, found again whenever its attribute names change."""
    store = getattr(_dpy_internals.get_state(client), "_view_store", None)
    futures: set[Any] = set()
    if store is None:
        return futures
    seen: set[int] = set()
    for entries in getattr(store, "_views", {}).values():
        for item in entries.values():
            view = getattr(item, "_view", None)
            if view is None or id(view) in seen:
                continue
            seen.add(id(view))
            _add_stopped(view, futures)
    for modal in getattr(store, "_modals", {}).values():
        _add_stopped(modal, futures)
    return futures


_stopped_names: dict[int, tuple[Any, Any, tuple[str, ...]]] = {}
"""id(view) -> (the view, its attribute names, those ending in __stopped): emptied with
each settlement (``_settle_internal``), so that no view outlives its tests in it."""


def _add_stopped(view: Any, futures: set[Any]) -> None:
    attributes = vars(view)
    known = _stopped_names.get(id(view))
    if known is None or known[0] is not view or attributes.keys() != known[1]:
        names = tuple(name for name in attributes if name.endswith("__stopped"))
        known = _stopped_names[id(view)] = (view, frozenset(attributes), names)
    for name in known[2]:
        value = attributes[name]
        if isinstance(value, asyncio.Future):
            futures.add(value)


def _view_timeout_task_identity(client: Any, task: asyncio.Task[Any]) -> bool:
    stretch = _stretch
    if stretch is None or stretch.client is not client:
        return _expiry(client, task)
    known = stretch.expiry.get(task)
    if known is None:
        known = stretch.expiry[task] = _expiry(client, task)
    return known


_TIMEOUT_IMPL = getattr(discord_view.BaseView, "_BaseView__timeout_task_impl", None)
_TIMEOUT_CODE = getattr(_TIMEOUT_IMPL, "__code__", None)
_owners: weakref.WeakKeyDictionary[asyncio.Task[Any], tuple[Any, Any, tuple[str, ...]]]
_owners = weakref.WeakKeyDictionary()
"""A view's expiry task -> (its view, the view's attribute names, those ending in __stopped)."""


def _expiry(client: Any, task: asyncio.Task[Any]) -> bool:
    """simcord's ``_view_timeout_task_identity``, which for a view's expiry task reads the view
    from the coroutine's frame (its ``self``, which the coroutine never rebinds) and scans the
    view's attributes for a finished ``__stopped`` future. The view is kept per task, and the
    names to look at per set of attribute names; the futures are read as they are now."""
    coro: Any = task.get_coro()
    if _TIMEOUT_CODE is None or getattr(coro, "cr_code", None) is not _TIMEOUT_CODE:
        return _original_expiry(client, task)
    frame = getattr(coro, "cr_frame", None)
    if frame is None:
        return _original_expiry(client, task)
    known = _owners.get(task)
    if known is None:
        owner = frame.f_locals.get("self")
        if not isinstance(owner, discord_view.BaseView):
            return _original_expiry(client, task)
        attributes = vars(owner)
        names = tuple(name for name in attributes if name.endswith("__stopped"))
        known = _owners[task] = (owner, frozenset(attributes), names)
    owner, keys, names = known
    attributes = vars(owner)
    if attributes.keys() != keys:
        names = tuple(name for name in attributes if name.endswith("__stopped"))
        _owners[task] = (owner, frozenset(attributes), names)
    for name in names:
        value = attributes[name]
        if isinstance(value, asyncio.Future) and value.done():
            return False
    return True


def _listener_wait_for_frame(client: Any, task: asyncio.Task[Any]) -> bool:
    stretch = _stretch
    if stretch is None or stretch.client is not client:
        return _original_wait_for(client, task)
    known = stretch.wait_for.get(task)
    if known is None:
        known = stretch.wait_for[task] = _original_wait_for(client, task)
    return known


def _run_due_virtual_callbacks(state: Any, deadline: float) -> None:
    _close()  # the bot's own code runs here
    _original_run_due(state, deadline)


async def _settle_internal(self: Any, **kwargs: Any) -> None:
    _close()
    _parked.clear()
    _stopped_names.clear()
    try:
        await _settle_loop(self, **kwargs)
    finally:
        _close()
        _parked.clear()
        _stopped_names.clear()
        _unparked[0] = None


_unparked: list[Any] = [None]
"""The task a pass of the settlement last found not parked: the next pass asks it first."""


def _all_parked(state: Any, pending: list[asyncio.Task[Any]], deadline: float) -> bool:
    """Whether every task of ``pending`` is parked (simcord's ``len(parked) == len(pending)``),
    asking first the task the last pass found not parked, and no further than a task that is
    not: a busy click takes a dozen passes, of which only the last finds all parked."""
    last = _unparked[0]
    ordered = pending
    if last is not None and last in pending:
        ordered = [last, *(task for task in pending if task is not last)]
    for task in ordered:
        if not simcord_env._is_parked(state, task, deadline):
            _unparked[0] = task
            return False
    _unparked[0] = None
    return True


async def _settle_loop(
    self: Any,
    *,
    timeout: float | None = None,
    idle: float = 0.05,
    dispatch: str | None = None,
    _deadline: float | None = None,
) -> None:
    """simcord 3.2.1's ``Env._settle_internal``, line for line, but for the list of parked tasks
    of each pass: simcord classifies every waiting task, and uses the list to see whether all
    are parked, when nothing else (a native job, an active callback) keeps the bot busy anyway;
    and for the message of a timeout. Here it is asked only when nothing else keeps the bot
    busy, through ``_all_parked``, and made whole for a timeout's message."""
    env = simcord_env
    effective = (
        self.settle_timeout if timeout is None else self._validate_timeout(timeout, "timeout")
    )
    interval = self._validate_idle(idle)
    assert self._loop is not None
    self._last_dispatch = dispatch
    deadline = self._loop.time() + effective if _deadline is None else _deadline
    stable_empty = 0
    while True:
        env._run_due_virtual_callbacks(self._settlement_state(), deadline)
        await env.asyncio.sleep(0)
        advancing = self._real_advance_task or self._advance_task
        if advancing is not None and advancing is not env._current_task():
            done, _ = await env.asyncio.wait(
                (advancing,), timeout=max(0.0, deadline - self._loop.time())
            )
            if not done:
                raise TimeoutError("bot did not settle while advancing time")
            if self._real_advance_task is advancing:
                self._real_advance_task = None
            advancing.result()
            continue
        pending = [task for task in env._owned_tasks(self._settlement_state()) if not task.done()]
        callbacks = env._active_callbacks(self._settlement_state())
        native_pending = tuple(self._work.executors)
        if not pending and not callbacks and not native_pending:
            stable_empty += 1
            if stable_empty >= 2:
                return
            continue
        stable_empty = 0
        env._virtualize_recognized_waits(self._settlement_state(), pending)
        active_callbacks = [
            record
            for record in callbacks
            if not env._callback_is_parked(self._settlement_state(), record, deadline)
        ]
        if (
            not native_pending
            and not active_callbacks
            and _all_parked(self._settlement_state(), pending, deadline)
        ):
            # Recheck after another loop turn so a resumed continuation or
            # callback scheduled by a just-finished task cannot escape.
            await env.asyncio.sleep(0)
            again = [task for task in env._owned_tasks(self._settlement_state()) if not task.done()]
            env._virtualize_recognized_waits(self._settlement_state(), again)
            again_callbacks = [
                record
                for record in env._active_callbacks(self._settlement_state())
                if not env._callback_is_parked(self._settlement_state(), record, deadline)
            ]
            if (
                not self._work.executors
                and not again_callbacks
                and all(env._is_parked(self._settlement_state(), task, deadline) for task in again)
            ):
                return
            continue
        remaining = deadline - self._loop.time()
        if remaining <= 0:
            parked = [
                task for task in pending if env._is_parked(self._settlement_state(), task, deadline)
            ]
            stuck = [task for task in pending if task not in parked]
            raise TimeoutError(
                env._settle_timeout_message(
                    self._settlement_state(), stuck, pending, effective, active_callbacks
                )
            )
        wait_for = min(interval, remaining)
        if pending or native_pending:
            await env.asyncio.wait(
                (*pending, *native_pending),
                timeout=wait_for,
                return_when=asyncio.FIRST_COMPLETED,
            )
        else:
            await env.asyncio.sleep(wait_for)
        # A busy task can make progress forever. The deadline is absolute,
        # so progress never extends it.
        if self._loop.time() >= deadline:
            pending = [
                task for task in env._owned_tasks(self._settlement_state()) if not task.done()
            ]
            env._virtualize_recognized_waits(self._settlement_state(), pending)
            parked = [
                task for task in pending if env._is_parked(self._settlement_state(), task, deadline)
            ]
            active_callbacks = [
                record
                for record in env._active_callbacks(self._settlement_state())
                if not env._callback_is_parked(self._settlement_state(), record, deadline)
            ]
            if self._work.executors or active_callbacks or len(parked) != len(pending):
                raise TimeoutError(
                    env._settle_timeout_message(
                        self._settlement_state(),
                        [task for task in pending if task not in parked],
                        pending,
                        effective,
                        active_callbacks,
                    )
                )


_last_state: list[Any] = [None, None]
"""[env, the settlement state last built for it]."""


def _settlement_state(self: Any) -> Any:
    env, state = _last_state
    if (
        env is self
        and state.work is self._work
        and state.bot is self.bot
        and state.loop is self._loop
        and state.virtual_time == self._virtual_time
        and state.advancing == self._advancing
        and state.generation == self._generation
        and state.last_dispatch == self._last_dispatch
    ):
        return state
    state = _original_state(self)
    _last_state[:] = [self, state]
    return state


def _virtualize(state: Any, pending: list[asyncio.Task[Any]]) -> None:
    """simcord's ``_virtualize_recognized_waits``, which for each recognised wait cancels the
    real-time fallback of the timers that wake it, asked only of the tasks that a timer with a
    live fallback could wake (``_live_fallback``): for any other, whatever the answers, it
    cancels nothing. A view's expiry timer loses its fallback in the first pass that sees its
    wait, so most of a game's waiting tasks are asked nothing in every later pass."""
    global _stretch
    _build(state)
    _stretch = _Stretch(state.bot, state.work, state.virtual_time)
    assert _index is not None
    table = _index[2]
    asked = [task for task in pending if _live_fallback(table, task)]
    if asked:
        _original_virtualize(state, asked)


def _live_fallback(table: dict[Any, list[tuple[int, Any]]], task: asyncio.Task[Any]) -> bool:
    """Whether a timer of the index that could wake ``task``'s wait (every timer that does is
    among them: ``_indexed_waking``'s candidates) still has a live real-time fallback."""
    waiter = getattr(task, "_fut_waiter", None)
    candidates = table.get(("task", id(task)), [])
    if waiter is not None:
        candidates = [*candidates, *table.get(id(waiter), ())]
    for _, record in candidates:
        real = record.real_handle
        if real is not None and not real.cancelled():
            return True
    return False


def _waking(state: Any, task: asyncio.Task[Any], waiter: Any) -> list[Any]:
    stretch = _stretch
    if (
        stretch is not None
        and stretch.work is state.work
        and stretch.virtual_time == state.virtual_time
    ):
        key = (task, waiter)
        known = stretch.waking.get(key)
        if known is None:
            known = stretch.waking[key] = _indexed_waking(state, task, waiter)
        return known
    return _indexed_waking(state, task, waiter)


def _indexed_waking(state: Any, task: asyncio.Task[Any], waiter: Any) -> list[Any]:
    index = _index
    if index is None or index[0] is not state.work or index[1] != state.virtual_time:
        return _original_waking(state, task, waiter)
    table = index[2]
    candidates: dict[int, Any] = {}
    if waiter is not None:
        for position, record in table.get(id(waiter), ()):
            candidates[position] = record
    for position, record in table.get(("task", id(task)), ()):
        candidates[position] = record
    found = []
    for position in sorted(candidates):
        record = candidates[position]
        handle = record.handle
        if handle is None or handle.cancelled() or record.when <= state.virtual_time:
            continue
        callback = _dpy_internals._original_callback(getattr(handle, "_callback", None))
        if _dpy_internals.is_wakeup_callback(callback, getattr(handle, "_args", ()), waiter, task):
            found.append(record)
    return found


_original_recognized = _settlement._recognized_wait
_original_is_parked = _settlement._is_parked


def _recognized_wait(state: Any, task: asyncio.Task[Any], waiter: Any) -> bool:
    """simcord's answer (an ``or`` of questions that change nothing), asking first the one that
    answers yes for most of a game's waiting tasks: is it a view's expiry task."""
    if _dpy_internals.view_expiry_task(state.bot, task, waiter):
        return True
    return bool(_original_recognized(state, task, waiter))


def _is_parked(state: Any, task: asyncio.Task[Any], deadline: float) -> bool:
    """simcord's answer. Its reasons are tried in turn, and every one before the interval of a
    ``discord.ext.tasks`` loop gives a reason too (the task is done, a declared wait, a
    listener, a view's completion, a view's expiry timer): so a view's expiry task, or a loop
    between two runs, waiting on a live future (``view_expiry_task``, ``tasks_loop_sleep`` ask
    that) that a pending timer wakes is parked whichever comes first, without asking the
    others. Such a task is remembered for the settlement (``_parked``): in a later pass, while
    it waits on that future, its view is not stopped (or its loop still sleeps on it) and the
    timer is still pending, it is parked still."""
    if task.done():
        return True
    waiter = getattr(task, "_fut_waiter", None)
    if waiter is not None and not waiter.done():
        table = _fresh_table(state)
        known = _parked.get(task)
        if known is not None and table is not None and _still_parked(state, task, known, table):
            return True
        for reason in (_dpy_internals.view_expiry_task, _loop_sleep):
            if reason(state.bot, task, waiter):
                found = _settlement._timer_records_waking(state, task, waiter)
                if found:
                    if table is not None:
                        _remember(task, waiter, reason, found[0], table)
                    return True
    return bool(_original_is_parked(state, task, deadline))


def _loop_sleep(client: Any, task: asyncio.Task[Any], waiter: Any) -> bool:
    return bool(_dpy_internals.tasks_loop_sleep(task, waiter))


_parked: dict[asyncio.Task[Any], tuple[Any, Any, Any, Any, Any, Any]] = {}
"""A task found parked in this settlement by its view's expiry timer or its loop's interval:
task -> (the future it waited on, its view or its loop, the pending timer that wakes it, that
timer's key in the index, and for a view ``_expiry``'s attribute names and ``__stopped``
names of it). Emptied as each settlement starts and ends."""


def _fresh_table(state: Any) -> dict[Any, list[tuple[int, Any]]] | None:
    """The index of this stretch's timers, or None out of a stretch."""
    stretch = _stretch
    index = _index
    if (
        stretch is None
        or index is None
        or stretch.work is not state.work
        or index[0] is not state.work
        or stretch.virtual_time != state.virtual_time
        or index[1] != state.virtual_time
    ):
        return None
    return index[2]


def _remember(
    task: asyncio.Task[Any],
    waiter: Any,
    reason: Any,
    record: Any,
    table: dict[Any, list[tuple[int, Any]]],
) -> None:
    keys = names = None
    if reason is _loop_sleep:
        owner = _dpy_internals._tasks_loop_self(task)
    else:
        known = _owners.get(task)
        if known is None:
            return  # answered by simcord's own question (not read from the coroutine)
        owner, keys, names = known
    key = id(waiter)
    if not any(entry is record for _, entry in table.get(key, ())):
        key = ("task", id(task))
    _parked[task] = (waiter, owner, record, key, keys, names)


def _still_parked(
    state: Any,
    task: asyncio.Task[Any],
    known: tuple[Any, Any, Any, Any, Any, Any],
    table: dict[Any, list[tuple[int, Any]]],
) -> bool:
    """Whether the reason ``task`` was parked for in an earlier pass holds now: the same live
    future waited on, the timer that wakes it still pending among the bot's timers (this
    stretch's index holds it), and its view not stopped (simcord's question, ``_expiry``) or
    its loop sleeping on that future (its sleep handle's future, as ``tasks_loop_sleep`` asks)."""
    waiter, owner, record, key, keys, names = known
    if task._fut_waiter is not waiter:  # type: ignore[attr-defined]
        return False
    handle = record.handle
    if handle.cancelled() or record.when <= state.virtual_time:
        return False
    if not any(entry is record for _, entry in table.get(key, ())):
        return False
    if keys is not None:
        attributes = vars(owner)
        if attributes.keys() != keys:
            return _view_timeout_task_identity(state.bot, task)
        for name in names:  # ``_expiry``'s question, on the view's names as they are
            value = attributes[name]
            if isinstance(value, asyncio.Future) and value.done():
                return False
        return True
    return getattr(getattr(owner, "_handle", None), "future", None) is waiter


_original_sleep_waiter = _settlement._is_virtual_sleep_waiter


def _is_virtual_sleep_waiter(state: Any, waiter: Any, deadline: float) -> bool:
    """simcord's scan of every timer for an ``asyncio.sleep`` of ``waiter`` that fires after
    the deadline, asked in a stretch of the index's only of the timers the index keeps under
    ``waiter`` (every one called with it): a task not otherwise parked paid a scan of a game's
    hundreds of timers in every pass."""
    if waiter is None or waiter.done():
        return False
    table = _fresh_table(state)
    if table is None:
        return bool(_original_sleep_waiter(state, waiter, deadline))
    for _, record in table.get(id(waiter), ()):
        handle = record.handle
        if handle.cancelled() or record.when <= state.virtual_time:
            continue
        if _settlement._callback_fire_time(state, record) <= deadline:
            continue
        callback = _dpy_internals._original_callback(getattr(handle, "_callback", None))
        if getattr(callback, "__name__", "") == "_set_result_unless_cancelled" and any(
            arg is waiter for arg in getattr(handle, "_args", ())
        ):
            return True
    return False


_original_record_eq = _runtime._CallbackRecord.__eq__


def _record_eq(self: Any, other: Any) -> Any:
    """The timer records' dataclass ``==`` (every field), answered at once where it must be
    false: records hold different handles, one of them live. Each record's handle calls that
    record's own wrapper of the callback, so a live handle equals no other record's handle
    (``TimerHandle`` compares callbacks, a plain ``Handle`` is equal only to itself). A record
    that has run is removed from the bot's list with ``list.remove``, which compared it with
    every timer before it field by field (a game's hundreds of views' expiry timers)."""
    if other.__class__ is not self.__class__:
        return NotImplemented
    if self is other:
        return True
    mine, theirs = self.handle, other.handle
    if mine is not theirs and (
        (mine is not None and not mine.cancelled())
        or (theirs is not None and not theirs.cancelled())
    ):
        return False
    return _original_record_eq(self, other)


def _set(future: asyncio.Future[None]) -> None:
    if not future.done():
        future.set_result(None)


async def _settle_wait(
    fs: Any, *, timeout: float | None = None, return_when: str = asyncio.ALL_COMPLETED
) -> tuple[set[Any], set[Any]]:
    """``asyncio.wait`` for simcord's settlement loop: with callbacks queued on the loop, it
    also returns once they have run (a callback queued now runs after them); with none, once a
    task it waits for has taken a step (``_wait_for_a_step``)."""
    _close()
    loop = asyncio.get_running_loop()
    ready: Any = getattr(loop, "_ready", None)
    if return_when != asyncio.FIRST_COMPLETED:
        return await asyncio.wait(fs, timeout=timeout, return_when=return_when)
    if not ready:
        return await _wait_for_a_step(loop, fs, timeout)
    ran: asyncio.Future[None] = loop.create_future()
    loop.call_soon(_set, ran)
    try:
        done, pending = await asyncio.wait({*fs, ran}, timeout=timeout, return_when=return_when)
    finally:
        if not ran.done():
            ran.cancel()
    done.discard(ran)
    pending.discard(ran)
    return done, pending


POLL_S = 0.002
"""How often a settlement wait with nothing queued looks whether a task it waits for moved on."""


def _moved_on(waiting: dict[asyncio.Task[Any], Any]) -> bool:
    for task, waiter in waiting.items():
        now = getattr(task, "_fut_waiter", None)
        if now is not waiter or (now is not None and now.done()):
            return True
    return False


async def _wait_for_a_step(
    loop: asyncio.AbstractEventLoop, fs: Any, timeout: float | None
) -> tuple[set[Any], set[Any]]:
    """``asyncio.wait(fs, timeout, FIRST_COMPLETED)`` that also returns (with nothing done) as
    soon as a task of ``fs`` has taken a step since the call. One wait: a timer looks every
    ``POLL_S`` (a game's hundreds of waiting views would make a wait per look cost more)."""
    fs = tuple(fs)
    waiting = {f: getattr(f, "_fut_waiter", None) for f in fs if isinstance(f, asyncio.Task)}
    moved: asyncio.Future[None] = loop.create_future()

    def look() -> None:
        if moved.done():
            return
        if _moved_on(waiting):
            moved.set_result(None)
        else:
            timer[0] = loop.call_later(POLL_S, look)

    timer = [loop.call_later(POLL_S, look)]
    try:
        done, pending = await asyncio.wait(
            {*fs, moved}, timeout=timeout, return_when=asyncio.FIRST_COMPLETED
        )
    finally:
        timer[0].cancel()
        if not moved.done():
            moved.cancel()
    done.discard(moved)
    pending.discard(moved)
    return done, pending


class _AsyncioForSettlement(types.ModuleType):
    """``asyncio`` as simcord's ``env`` module sees it: the same, but for ``wait``; and any
    use of it (an await, mostly) closes the settlement's stretch."""

    def __getattr__(self, name: str) -> Any:
        _close()
        return getattr(asyncio, name)


_ATOMS = (str, int, float, bool, type(None))


def _deepcopy(x: Any, memo: dict[int, Any] | None = None) -> Any:
    """``copy.deepcopy`` for simcord's JSON payloads (a request's body as it logs it, a gateway
    event, a message's components), which are dicts and lists of strings and numbers: those are
    copied here as ``copy.deepcopy`` copies them (a dict or list met twice is copied once), and
    anything else by ``copy.deepcopy`` itself, with the same memo. A bot's start sends its 30
    commands in 32 languages, which ``copy.deepcopy``'s generic path took 10 ms to copy."""
    if memo is None:
        memo = {}
    cls = type(x)
    if cls in _ATOMS:
        return x
    if cls is dict or cls is list:
        known = memo.get(id(x))
        if known is not None:
            return known
        if cls is dict:
            copied: Any = {}
            memo[id(x)] = copied
            for key, value in x.items():
                copied[key if type(key) in _ATOMS else _deepcopy(key, memo)] = (
                    value if type(value) in _ATOMS else _deepcopy(value, memo)
                )
        else:
            copied = []
            memo[id(x)] = copied
            append = copied.append
            for value in x:
                append(value if type(value) in _ATOMS else _deepcopy(value, memo))
        return copied
    return copy.deepcopy(x, memo)


class _CopyForSimcord(types.ModuleType):
    """``copy`` as simcord's router and gateway see it: the same, but for ``deepcopy``."""

    deepcopy = staticmethod(_deepcopy)

    def __getattr__(self, name: str) -> Any:
        return getattr(copy, name)


_original_clock = _dpy_internals._clock_monotonic


def _clock_monotonic() -> float:
    """simcord's ``time.monotonic`` while an env runs (the bot's virtual clock in its scope,
    the real one elsewhere), without the import statement simcord's runs at every call: the
    event loop asks the time at each of its turns, and the import was 3 % of a run."""
    env = _runtime._selected_env(driver=False)
    return env._virtual_time if env is not None else _dpy_internals._REAL_MONOTONIC()  # type: ignore[no-any-return]


def install() -> bool:
    """Patch simcord 3.2.1's settlement; False (and nothing patched) on any other version."""
    if simcord.__version__ != VERSION:
        return False
    simcord_env._virtualize_recognized_waits = _virtualize
    _settlement._virtualize_recognized_waits = _virtualize
    _settlement._timer_records_waking = _waking
    _settlement._recognized_wait = _recognized_wait
    _settlement._is_parked = _is_parked
    _settlement._is_virtual_sleep_waiter = _is_virtual_sleep_waiter
    _runtime._CallbackRecord.__eq__ = _record_eq  # type: ignore[method-assign]
    simcord_env._is_parked = _is_parked
    _dpy_internals._stored_wait_futures = _stored_wait_futures
    _dpy_internals._view_timeout_task_identity = _view_timeout_task_identity
    _dpy_internals._listener_wait_for_frame = _listener_wait_for_frame
    simcord_env._run_due_virtual_callbacks = _run_due_virtual_callbacks
    simcord_env.Env._settle_internal = _settle_internal  # type: ignore[method-assign]
    simcord_env.Env._settlement_state = _settlement_state  # type: ignore[method-assign]
    _dpy_internals._clock_monotonic = _clock_monotonic
    for module in (simcord_router, simcord_gateway):
        module.copy = _CopyForSimcord("copy")  # type: ignore[attr-defined]
    for module in (simcord_components, simcord_results, simcord_serializers):
        module.deepcopy = _deepcopy  # type: ignore[attr-defined]
    seen_by_env = _AsyncioForSettlement("asyncio")
    seen_by_env.wait = _settle_wait  # type: ignore[attr-defined]
    simcord_env.asyncio = seen_by_env  # type: ignore[attr-defined]
    return True


def run_script(argv: list[str]) -> None:
    """Runs a script (``argv[0]``) as ``__main__`` with the shortcuts installed: the suite's way
    of running the scripts that play under simcord in a process of their own."""
    import runpy
    import sys

    install()
    sys.argv = list(argv)
    runpy.run_path(argv[0], run_name="__main__")


if __name__ == "__main__":
    import sys

    run_script(sys.argv[1:])

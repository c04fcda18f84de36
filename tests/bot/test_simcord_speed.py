"""The suite's simcord shortcuts (``tests.support.simcord_speed``) answer exactly as simcord's own
code: the same timers wake the same waits, the same tasks are parked pass after pass, the same
fallbacks are cancelled, the settlement wait gives back the same futures, and the view store's
futures, the timer records' equality, the payloads' deep copies and the clock are simcord's."""

from __future__ import annotations

import asyncio
import copy
import random
from types import SimpleNamespace
from typing import Any

import discord
import simcord
from simcord import _runtime

from tests.support import simcord_speed


class Owner:
    """Stands for an ``asyncio.timeout`` (its ``_task``) or any object a timer is bound to."""

    def __init__(self, task: Any) -> None:
        self._task = task

    def _on_timeout(self) -> None:
        """A bound callback."""


Owner.__module__ = "asyncio.timeouts"  # what simcord takes for an ``asyncio.timeout``


class FakeHandle:
    """A timer's handle (or its real-time fallback) whose cancellation a test decides."""

    def __init__(self, callback: Any, args: tuple[Any, ...], cancelled: bool, when: float) -> None:
        self._callback = callback
        self._args = args
        self.is_cancelled = cancelled
        self.at = when

    def cancelled(self) -> bool:
        return self.is_cancelled

    def cancel(self) -> None:
        self.is_cancelled = True

    def when(self) -> float:
        return self.at


class Waiter:
    """A future no one has answered yet."""

    def done(self) -> bool:
        return False


class Waiting:
    """A task, waiting on its future."""

    def __init__(self, waiter: Any) -> None:
        self._fut_waiter = waiter


def _set_result_unless_cancelled(future: Any, result: Any) -> None:
    """Named as the callback of an ``asyncio.sleep``'s timer."""


def random_world(rng: random.Random) -> tuple[Any, list[Any], list[Any]]:
    """A settlement state with timers bound to, or called with, a few waiters and tasks, some
    of them sleeps' timers, some with a live real-time fallback."""
    waiters = [Waiter() for _ in range(6)]
    tasks = [object() for _ in range(4)]
    records = []
    for _ in range(60):
        kind = rng.randrange(5)
        if kind == 0:
            callback: Any = print
            args: tuple[Any, ...] = (rng.choice(waiters), 1)
        elif kind == 1:
            callback = Owner(rng.choice(tasks))._on_timeout
            args = ()
        elif kind == 2:
            callback = rng.choice(waiters).__reduce__  # bound to the waiter itself
            args = ()
        elif kind == 3:
            callback = _set_result_unless_cancelled
            args = (rng.choice(waiters), None)
        else:
            callback = print
            args = ()
        handle = FakeHandle(callback, args, rng.random() < 0.2, 0.0)
        when = rng.choice([None, 0.5, 1.0, 5.0, 9.0])
        real = rng.choice([None, FakeHandle(None, (), rng.random() < 0.3, rng.uniform(0, 10))])
        records.append(SimpleNamespace(handle=handle, when=when, real_handle=real))
    state = SimpleNamespace(
        work=SimpleNamespace(callbacks=records), virtual_time=1.0, advancing=rng.random() < 0.2
    )
    return state, waiters, tasks


def one_pass_answers_as_the_scan(
    state: Any, waiters: list[Any], tasks: list[Any], deadlines: tuple[float, ...]
) -> tuple[int, int]:
    """In a pass's stretch (its index built), which timers wake each wait and whether each
    waiter sleeps beyond each deadline are the scan's answers; returns how many timers woke a
    wait and how many sleeps were beyond a deadline."""
    found = sleeps = 0
    simcord_speed._build(state)
    simcord_speed._stretch = simcord_speed._Stretch(None, state.work, state.virtual_time)
    try:
        for waiter in [*waiters, None]:
            for task in tasks:
                scan = simcord_speed._original_waking(state, task, waiter)
                assert simcord_speed._waking(state, task, waiter) == scan
                found += len(scan)
            for deadline in deadlines:
                sleeping = simcord_speed._original_sleep_waiter(state, waiter, deadline)
                assert simcord_speed._is_virtual_sleep_waiter(state, waiter, deadline) == sleeping
                sleeps += sleeping
    finally:
        simcord_speed._close()
    return found, sleeps


def test_the_index_finds_what_the_scan_finds() -> None:
    assert simcord.__version__ == simcord_speed.VERSION, "the shortcuts would not be installed"
    rng = random.Random(5)
    found = sleeps = 0
    for _ in range(30):
        state, waiters, tasks = random_world(rng)
        woken, slept = one_pass_answers_as_the_scan(state, waiters, tasks, (0.0, 3.0, 20.0))
        found += woken
        sleeps += slept
    assert found > 100  # the worlds do have timers that wake their waits
    assert sleeps > 50  # and sleeps parked beyond a deadline


def test_a_pass_over_the_same_timers_answers_as_a_new_index() -> None:
    """A pass that sees the very timers of the last index takes it again; a timer cancelled
    meanwhile is no longer found; a timer added or removed, or the clock moved on, makes a new
    index."""
    rng = random.Random(11)
    for _ in range(20):
        state, waiters, tasks = random_world(rng)
        for change in range(5):
            one_pass_answers_as_the_scan(state, waiters, tasks, (0.0, 20.0))
            records = state.work.callbacks
            if change == 0:  # cancelled since the last index: the same timers, the index kept
                for record in rng.sample(records, 15):
                    record.handle.cancel()
            elif change == 1:  # one timer gone: a new index
                records.remove(rng.choice(records))
            elif change == 2:  # the clock moved on: timers due now
                state.virtual_time = 6.0
            else:  # one timer more
                waiter = rng.choice(waiters)
                handle = FakeHandle(_set_result_unless_cancelled, (waiter, None), False, 0.0)
                records.append(SimpleNamespace(handle=handle, when=7.0, real_handle=None))


def test_virtualizing_cancels_the_fallbacks_simcord_cancels() -> None:
    """simcord's pass over every waiting task, and the shortcut's over those a timer with a
    live fallback could wake, cancel the same fallbacks."""
    rng = random.Random(3)
    cancelled = 0
    for _ in range(30):
        world = rng.getstate()
        results = []
        for virtualize in (simcord_speed._virtualize, simcord_speed._original_virtualize):
            rng.setstate(world)
            state, waiters, _ = random_world(rng)
            waiting = [Waiting(rng.choice([*waiters, None])) for _ in range(8)]
            for index, task in enumerate(waiting):
                Owner(task)  # a timeout of the task's own
                if index % 3 == 0:
                    state.work.callbacks.append(
                        SimpleNamespace(
                            handle=FakeHandle(Owner(task)._on_timeout, (), False, 0.0),
                            when=4.0,
                            real_handle=FakeHandle(None, (), False, 4.0),
                        )
                    )
            state.bot = None
            recognized = {id(task) for task in waiting if rng.random() < 0.6}

            def recognize(state: Any, task: Any, waiter: Any, known: set[int] = recognized) -> bool:
                return id(task) in known

            original = simcord_speed._settlement._recognized_wait
            simcord_speed._settlement._recognized_wait = recognize
            try:
                simcord_speed._build(state)  # as the settlement asks once per pass
                virtualize(state, waiting)
            finally:
                simcord_speed._settlement._recognized_wait = original
                simcord_speed._close()
            results.append(
                [
                    record.real_handle is not None and record.real_handle.cancelled()
                    for record in state.work.callbacks
                ]
            )
        assert results[0] == results[1]
        cancelled += sum(results[0])
    assert cancelled > 100


def test_a_timer_record_equals_another_as_its_dataclass_says() -> None:
    """simcord's timer records compare field by field; the shortcut answers false at once
    where one of two different handles is live. Each record's handle calls a wrapper of its
    own (simcord's ``invoke``), as here."""
    loop = asyncio.new_event_loop()
    try:

        def record(when: float | None, cancelled: bool, timer: bool) -> Any:
            def invoke() -> None:
                pass

            handle: asyncio.Handle
            if timer:
                handle = asyncio.TimerHandle(when or 0.0, invoke, (), loop)
            else:
                handle = asyncio.Handle(invoke, (), loop)
            if cancelled:
                handle.cancel()
            return _runtime._CallbackRecord(handle, when if timer else None, "invoke")

        records = [
            record(when, cancelled, timer)
            for when in (1.0, 1.0, 2.0)
            for cancelled in (False, True)
            for timer in (True, False)
        ]
        records.append(_runtime._CallbackRecord(None, None, "invoke"))
        records.append(_runtime._CallbackRecord(None, None, "invoke"))
        equal = 0
        for first in records:
            for second in [*records, "not a record"]:
                assert simcord_speed._record_eq(first, second) == (
                    simcord_speed._original_record_eq(first, second)
                )
                equal += first is not second and first == second
        assert equal > 0  # cancelled timers at one instant are equal records, both ways
    finally:
        loop.close()


def test_an_index_of_another_pass_is_not_used() -> None:
    state, waiters, tasks = random_world(random.Random(8))
    simcord_speed._build(state)
    later: Any = SimpleNamespace(work=state.work, virtual_time=state.virtual_time + 2)
    found = simcord_speed._waking(later, tasks[0], waiters[0])
    assert found == simcord_speed._original_waking(later, tasks[0], waiters[0])


async def test_the_settlement_wait_returns_what_asyncio_wait_returns() -> None:
    loop = asyncio.get_running_loop()
    parked = loop.create_future()
    finished = loop.create_future()
    finished.set_result(1)
    # Nothing queued: the plain wait, to its timeout.
    done, pending = await simcord_speed._settle_wait(
        (parked,), timeout=0.01, return_when=asyncio.FIRST_COMPLETED
    )
    assert done == set() and pending == {parked}
    # A callback queued: the wait ends once it has run, with the caller's futures only.
    ran: list[int] = []
    loop.call_soon(ran.append, 1)
    started = loop.time()
    done, pending = await simcord_speed._settle_wait(
        (parked, finished), timeout=5, return_when=asyncio.FIRST_COMPLETED
    )
    assert done == {finished} and pending == {parked}
    loop.call_soon(ran.append, 2)
    done, pending = await simcord_speed._settle_wait(
        (parked,), timeout=5, return_when=asyncio.FIRST_COMPLETED
    )
    assert ran == [1, 2] and done == set() and pending == {parked}
    assert loop.time() - started < 1
    parked.cancel()


async def test_with_nothing_queued_the_wait_ends_when_a_task_takes_a_step() -> None:
    """A task waiting on a thread's answer takes its step and waits again (a loop task never
    ends): the wait gives back what ``asyncio.wait`` would, nothing done, without sleeping out
    its timeout; with no step it waits to its timeout."""
    loop = asyncio.get_running_loop()
    answer = loop.create_future()
    forever = loop.create_future()

    async def loop_task() -> None:
        await answer
        await forever

    task = loop.create_task(loop_task())
    await asyncio.sleep(0)  # the task waits for its answer
    done, pending = await simcord_speed._settle_wait(
        (task,), timeout=0.01, return_when=asyncio.FIRST_COMPLETED
    )
    assert done == set() and pending == {task} and not answer.done()
    loop.call_later(0.01, answer.set_result, None)  # the thread answers
    started = loop.time()
    done, pending = await simcord_speed._settle_wait(
        (task,), timeout=5, return_when=asyncio.FIRST_COMPLETED
    )
    assert done == set() and pending == {task}
    assert loop.time() - started < 1
    assert getattr(task, "_fut_waiter", None) is forever  # it took its step
    task.cancel()
    parked = loop.create_future()
    finished = loop.create_future()
    finished.set_result(1)
    done, pending = await simcord_speed._settle_wait(
        (parked, finished), timeout=5, return_when=asyncio.FIRST_COMPLETED
    )
    assert done == {finished} and pending == {parked}
    parked.cancel()


def test_a_stretch_answers_as_simcord_and_its_answers_end_with_it() -> None:
    """Within a settlement stretch the view store's futures are gathered once; the stretch is
    closed by whatever the settlement loop does next (running due timers, any ``asyncio`` it
    uses), after which the answers are simcord's again, on what changed meanwhile."""
    assert simcord.__version__ == simcord_speed.VERSION
    loop = asyncio.new_event_loop()
    try:
        first = loop.create_future()

        class View:
            def __init__(self, stopped: asyncio.Future[None]) -> None:
                self._BaseView__stopped = stopped

        views: dict[Any, dict[Any, Any]] = {1: {"a": SimpleNamespace(_view=View(first))}}
        store = SimpleNamespace(_views=views, _modals={})
        client = SimpleNamespace(_connection=SimpleNamespace(_view_store=store))
        original = simcord_speed._original_stored
        assert simcord_speed._stored_wait_futures(client) == original(client) == {first}

        simcord_speed._stretch = simcord_speed._Stretch(client)
        assert simcord_speed._stored_wait_futures(client) == {first}
        second = loop.create_future()
        views[2] = {"b": SimpleNamespace(_view=View(second))}  # nothing changes in a stretch…
        assert simcord_speed._stored_wait_futures(client) == {first}
        simcord_speed.simcord_env.asyncio.sleep  # noqa: B018  # …and the loop's next step ends it
        assert simcord_speed._stretch is None
        assert simcord_speed._stored_wait_futures(client) == original(client) == {first, second}

        simcord_speed._stretch = simcord_speed._Stretch(client)
        state = SimpleNamespace(work=SimpleNamespace(callbacks=[]), virtual_time=0.0, loop=loop)
        simcord_speed._run_due_virtual_callbacks(state, deadline=0.0)
        assert simcord_speed._stretch is None
    finally:
        simcord_speed._close()
        loop.close()


def finished_future(loop: asyncio.AbstractEventLoop) -> asyncio.Future[None]:
    future = loop.create_future()
    future.set_result(None)
    return future


def stored_views(count: int) -> tuple[discord.Client, list[discord.ui.View]]:
    """A client whose view store holds ``count`` views, expiring in 10, 11... seconds."""
    client = discord.Client(intents=discord.Intents.none())
    views = [discord.ui.View(timeout=10 + i) for i in range(count)]
    for view in views:
        client._connection._view_store.add_view(view)
    return client, views


async def test_a_world_of_waiting_tasks_is_classified_as_simcord_classifies_it() -> None:
    """Views' expiry tasks (running, and stopped), tasks waiting for a view, a listener, a
    declared wait, plain sleeps and finished tasks, with timers before and after the settlement's
    clock: whether each wait is recognised and parked, and which timers wake it, are simcord's
    answers, in a stretch and out of one."""
    assert simcord.__version__ == simcord_speed.VERSION
    loop = asyncio.get_running_loop()
    client, views = stored_views(8)
    views[0].stop()  # its expiry task is cancelled
    listener = loop.create_future()
    client._listeners = {"message": [(listener, lambda _: True)]}

    async def forever(future: Any) -> None:
        await future

    waiting = [
        loop.create_task(views[1].wait()),
        loop.create_task(forever(listener)),
        loop.create_task(asyncio.sleep(3)),
        loop.create_task(asyncio.sleep(30)),
        loop.create_task(asyncio.sleep(0)),
    ]
    declared = loop.create_task(asyncio.sleep(40))
    await asyncio.sleep(0)
    await asyncio.sleep(0)
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    assert sum(simcord_speed._original_expiry(client, task) for task in tasks) == 7
    woken = next(t for t in tasks if simcord_speed._original_expiry(client, t) and t._fut_waiter)
    woken._fut_waiter.set_result(None)  # its timer fired; the task has not run yet
    records = [
        SimpleNamespace(handle=handle, when=handle.when() - loop.time(), real_handle=None)
        for handle in loop._scheduled  # type: ignore[attr-defined]
    ]
    asked = 0
    for virtual_time in (0.0, 12.5, 15.5, 100.0):
        work = SimpleNamespace(
            callbacks=records, tasks=dict.fromkeys(tasks), external_waits={declared: "a test"}
        )
        state = SimpleNamespace(
            work=work, bot=client, loop=loop, virtual_time=virtual_time, advancing=False
        )
        for in_stretch in (False, True):
            if in_stretch:
                simcord_speed._build(state)
                simcord_speed._stretch = simcord_speed._Stretch(client, work, virtual_time)
            try:
                for task in tasks:
                    waiter = getattr(task, "_fut_waiter", None)
                    assert simcord_speed._recognized_wait(
                        state, task, waiter
                    ) == simcord_speed._original_recognized(state, task, waiter)
                    for deadline in (loop.time(), loop.time() + 20):
                        fast = simcord_speed._is_parked(state, task, deadline)
                        assert fast == simcord_speed._original_is_parked(state, task, deadline)
                    assert simcord_speed._waking(
                        state, task, waiter
                    ) == simcord_speed._original_waking(state, task, waiter)
                    asked += 1
            finally:
                simcord_speed._close()
    assert asked == 8 * len(tasks)
    # A view's expiry task stays one while its view is not stopped, as the view is now.
    for change in (
        lambda: None,
        views[3].stop,
        lambda: setattr(views[4], "_BaseView__stopped", finished_future(loop)),
        lambda: setattr(views[5], "extra__stopped", finished_future(loop)),
    ):
        change()
        answers = [simcord_speed._expiry(client, task) for task in tasks]
        assert answers == [simcord_speed._original_expiry(client, task) for task in tasks]
    assert sum(answers) == 4  # seven, less the three stopped
    for task in [*tasks, *waiting]:
        task.cancel()
    await asyncio.gather(*tasks, return_exceptions=True)


async def test_a_task_parked_in_one_pass_is_asked_again_in_the_next() -> None:
    """Views' expiry tasks and a ``discord.ext.tasks`` loop between two runs are parked; the
    settlement remembers them from pass to pass (``_parked``), and each pass still answers as
    simcord does after whatever changed meanwhile: a view stopped, or given a finished
    ``__stopped`` future (or another ``__stopped`` attribute), an expiry timer cancelled, an
    expiry task asleep again on a new future, the clock past a timer, the loop's sleep handle
    replaced."""
    assert simcord.__version__ == simcord_speed.VERSION
    loop = asyncio.get_running_loop()
    client, views = stored_views(6)

    @discord.ext.tasks.loop(seconds=50)
    async def sweep() -> None:
        pass

    sweep.start()
    for _ in range(4):
        await asyncio.sleep(0)
    tasks = [task for task in asyncio.all_tasks() if task is not asyncio.current_task()]
    assert len(tasks) == 7
    records = [  # each with its real-time fallback, at the same instant
        SimpleNamespace(handle=handle, when=handle.when() - loop.time(), real_handle=handle)
        for handle in loop._scheduled  # type: ignore[attr-defined]
    ]
    work = SimpleNamespace(callbacks=records, tasks=dict.fromkeys(tasks), external_waits={})
    expiry = {id(view): view._BaseView__timeout_task for view in views}  # type: ignore[attr-defined]

    def timer_of(task: Any) -> Any:
        return next(r for r in records if task._fut_waiter in r.handle._args)

    async def step_to_a_new_sleep(view: discord.ui.View) -> None:
        """The expiry task wakes early (the view's timeout was pushed back) and sleeps again,
        on a new future, whose timer is not among the bot's timers."""
        task = expiry[id(view)]
        view.timeout = 20  # the expiry moves on
        task._fut_waiter.set_result(None)  # type: ignore[attr-defined]
        for _ in range(3):
            await asyncio.sleep(0)

    changes = [
        lambda: None,
        lambda: step_to_a_new_sleep(views[3]),
        views[0].stop,
        lambda: setattr(views[1], "_BaseView__stopped", finished_future(loop)),
        lambda: timer_of(expiry[id(views[2])]).handle.cancel(),
        lambda: setattr(sweep, "_handle", SimpleNamespace(future=loop.create_future())),
        lambda: setattr(views[5], "extra__stopped", finished_future(loop)),
        lambda: None,
    ]
    parked = []
    simcord_speed._parked.clear()
    try:
        for step, change in enumerate(changes):
            changed = change()
            if changed is not None:
                await changed
            virtual_time = 14.5 if step == len(changes) - 1 else 0.0  # past views[4]'s timer
            state = SimpleNamespace(
                work=work, bot=client, loop=loop, virtual_time=virtual_time, advancing=False
            )
            simcord_speed._build(state)
            simcord_speed._stretch = simcord_speed._Stretch(client, work, virtual_time)
            deadlines = (loop.time(), loop.time() + 1000)  # before the timers, and after
            try:
                answers = [
                    simcord_speed._is_parked(state, task, deadline)
                    for deadline in deadlines
                    for task in tasks
                ]
            finally:
                simcord_speed._close()
            assert answers == [
                simcord_speed._original_is_parked(state, task, deadline)
                for deadline in deadlines
                for task in tasks
            ]
            parked.append(sum(answers))
    finally:
        simcord_speed._parked.clear()
        sweep.cancel()
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    assert parked[0] == 14 and parked[-1] < 8  # the changes did change answers


class Kept:
    """An object that says how it is deep-copied."""

    def __init__(self, value: Any) -> None:
        self.value = value

    def __deepcopy__(self, memo: dict[int, Any]) -> Kept:
        return Kept(copy.deepcopy(self.value, memo))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Kept) and other.value == self.value

    __hash__ = None  # type: ignore[assignment]


class Word(str):
    """A string of a type of its own (an enum's value)."""


def containers(value: Any, seen: dict[int, int], out: list[Any]) -> list[Any]:
    """The shape of a copy: each container met, as the first place it was met (so that a dict
    met twice, or a list holding itself, reads the same in two copies)."""
    if isinstance(value, (dict, list, tuple, Kept)):
        if id(value) in seen:
            out.append(("again", seen[id(value)]))
            return out
        seen[id(value)] = len(seen)
        out.append(type(value).__name__)
        items: Any = value.value if isinstance(value, Kept) else value
        for item in items.items() if isinstance(items, dict) else items:
            containers(item, seen, out)
    else:
        out.append(value)
    return out


def test_a_payload_is_copied_as_copy_deepcopy_copies_it() -> None:
    """A request's body, a gateway event, a message's components: the same values, the same
    objects met twice (or held by themselves), none of the original's lists or dicts shared."""
    shared = {"name": "play", "name_localizations": {"fr": "jouer", "ja": "遊ぶ"}}
    loop: list[Any] = [1]
    loop.append(loop)
    payload: Any = {
        "commands": [shared, shared, {"options": [{"type": 3, "required": True}]}],
        "numbers": [1, 2.5, None, False, -3],
        "tuple": (1, "a", [2, {"b": None}]),
        "atoms": (1, "a"),
        "bytes": b"\x00\x01",
        "kept": Kept([shared]),
        "word": Word("piquet"),
        "sub": Word("key"),
        "loop": loop,
        7: "an int key",
    }
    payload[("a", "tuple", "key")] = shared
    ours = simcord_speed._deepcopy(payload)
    theirs = copy.deepcopy(payload)
    # Equal, read container by container (a list that holds itself has no ==).
    assert containers(ours, {}, []) == containers(theirs, {}, []) != containers(loop, {}, [])
    assert type(ours["word"]) is Word and ours["atoms"] is payload["atoms"] is theirs["atoms"]
    originals = {id(c) for c in (payload, shared, loop, *payload["commands"], payload["numbers"])}
    assert not originals & {id(ours), id(ours["commands"][0]), id(ours["loop"])}
    assert ours["commands"][0] is ours["commands"][1] is ours[("a", "tuple", "key")]
    memo: dict[int, Any] = {}
    assert simcord_speed._deepcopy([shared, shared], memo)[0] is memo[id(shared)]


def test_the_clock_reads_as_simcords() -> None:
    """In a bot's scope, the virtual time of its env (while that env runs that generation);
    anywhere else, the real monotonic clock."""
    original = simcord_speed._original_clock
    fake = SimpleNamespace(_started=True, _runtime=object(), _generation=3, _virtual_time=123.5)
    for scope, virtual in (
        ((fake, 3), True),
        ((fake, 2), False),  # an older generation's bot
        (None, False),
    ):
        token = _runtime._BOT_SCOPE.set(scope)
        try:
            before = original()
            fast = simcord_speed._clock_monotonic()
            after = original()
        finally:
            _runtime._BOT_SCOPE.reset(token)
        if virtual:
            assert before == fast == after == 123.5
        else:
            assert before <= fast <= after and fast != 123.5


async def test_the_view_stores_futures_are_simcords() -> None:
    """Views of several items each, a modal, a view stopped, a ``__stopped`` attribute added,
    replaced or not a future: the store's futures are those simcord gathers, as they are now."""
    loop = asyncio.get_running_loop()
    client = discord.Client(intents=discord.Intents.none())
    store = client._connection._view_store
    views = []
    for index in range(4):
        view = discord.ui.View(timeout=None)
        for button in range(index + 1):
            view.add_item(discord.ui.Button(label="b", custom_id=f"v{index}:{button}"))
        store.add_view(view)
        views.append(view)
    modal = discord.ui.Modal(title="m", custom_id="modal")
    modal.add_item(discord.ui.TextInput(label="t", custom_id="t"))
    store.add_view(modal)
    original = simcord_speed._original_stored
    simcord_speed._stopped_names.clear()
    try:
        for change in (
            lambda: None,
            views[0].stop,
            lambda: setattr(views[1], "_BaseView__stopped", loop.create_future()),
            lambda: setattr(views[2], "other__stopped", loop.create_future()),
            lambda: setattr(views[3], "late__stopped", "not a future"),
            lambda: setattr(modal, "_BaseView__stopped", loop.create_future()),
        ):
            change()
            gathered = original(client)
            assert simcord_speed._scan_stored(client) == gathered
        assert len(gathered) == 5 and modal._BaseView__stopped in gathered  # type: ignore[attr-defined]
    finally:
        simcord_speed._stopped_names.clear()


def test_all_parked_is_simcords_count_of_the_parked_asking_the_busy_task_first() -> None:
    """Whether every waiting task is parked, as simcord's ``len(parked) == len(pending)``; the
    task a pass found busy is asked first in the next, and the questions stop at a busy one."""
    rng = random.Random(2)
    tasks = [Waiting(None) for _ in range(12)]
    original = simcord_speed.simcord_env._is_parked
    try:
        for _ in range(200):
            busy = {id(task) for task in tasks if rng.random() < 0.15}
            asked: list[Any] = []

            def is_parked(
                state: Any, task: Any, deadline: float, known: set[int] = busy, seen: Any = asked
            ) -> bool:
                seen.append(task)
                return id(task) not in known

            simcord_speed.simcord_env._is_parked = is_parked
            last = simcord_speed._unparked[0]
            pending = rng.sample(tasks, rng.randrange(1, len(tasks)))
            parked = [task for task in pending if id(task) not in busy]
            assert simcord_speed._all_parked(None, pending, 0.0) == (len(parked) == len(pending))
            if last in pending:
                assert asked[0] is last
            assert all(id(task) not in busy for task in asked[:-1])  # no further than a busy one
    finally:
        simcord_speed.simcord_env._is_parked = original
        simcord_speed._unparked[0] = None

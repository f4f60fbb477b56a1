"""Pacer: parked tasks wake at their time (never early, at most a tick late), in time order, and can be cancelled."""

import trio
import trio.testing

from kbroker.pacer import Pacer


def run(main):
    return trio.run(main, clock=trio.testing.MockClock(autojump_threshold=0))


def test_waits_end_in_time_order_never_early_and_at_most_a_tick_late():
    async def main():
        pacer, woke = Pacer(), []

        async def wait(seconds):
            start = trio.current_time()
            await pacer.sleep(seconds)
            woke.append((seconds, trio.current_time() - start))

        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            async with trio.open_nursery() as waits:
                for seconds in (1.3, 0.5, 2.0, 0.5001, 0.9):
                    waits.start_soon(wait, seconds)
            nursery.cancel_scope.cancel()
        return woke

    woke = run(main)
    assert [seconds for seconds, _ in woke] == [0.5, 0.5001, 0.9, 1.3, 2.0]
    assert all(seconds <= waited <= seconds + Pacer.TICK_S + 1e-9 for seconds, waited in woke), woke


def test_a_wait_added_while_the_pacer_sleeps_towards_a_later_one_is_not_late():
    async def main():
        pacer = Pacer()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            nursery.start_soon(pacer.sleep, 10)
            await trio.sleep(1)
            start = trio.current_time()
            await pacer.sleep(0.5)
            waited = trio.current_time() - start
            nursery.cancel_scope.cancel()
        return waited

    assert 0.5 <= run(main) <= 0.5 + Pacer.TICK_S


def test_a_cancelled_wait_ends_at_once_and_is_never_woken_again():
    async def main():
        pacer = Pacer()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            with trio.move_on_after(0.2) as scope:
                await pacer.sleep(5)
            assert scope.cancelled_caught and trio.current_time() == 0.2
            await trio.sleep(10)  # the pacer reaches the cancelled wait's time and must not reschedule anything
            nursery.cancel_scope.cancel()

    run(main)


def test_a_watch_cancels_its_scope_at_its_deadline_moved_or_not_and_a_stopped_one_never():
    async def main():
        pacer, cancelled_at = Pacer(), {}

        async def watched(name, deadline, move_to=None, stop_at=None):
            with trio.CancelScope() as scope:
                watch = pacer.watch(scope, deadline)
                if move_to is not None:
                    await trio.sleep(0.1)
                    watch.deadline = move_to
                if stop_at is not None:
                    await trio.sleep(stop_at - trio.current_time())
                    watch.stop()
                await trio.sleep(100)
            cancelled_at[name] = trio.current_time() if scope.cancelled_caught else None

        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            async with trio.open_nursery() as scopes:
                scopes.start_soon(watched, "fixed", 2.0)
                scopes.start_soon(watched, "later", 1.0, 3.0)
                scopes.start_soon(watched, "earlier", 5.0, 0.5)
                scopes.start_soon(watched, "stopped", 1.0, None, 0.5)
            nursery.cancel_scope.cancel()
        return cancelled_at

    at = run(main)
    assert at["stopped"] is None
    for name, when in (("fixed", 2.0), ("later", 3.0), ("earlier", 0.5)):
        assert when <= at[name] <= when + Pacer.TICK_S, (name, at[name])


def test_compact_keeps_only_what_is_still_wanted():
    async def main():
        pacer = Pacer()
        scopes = [trio.CancelScope() for _ in range(100)]
        watches = [pacer.watch(scope, 50.0) for scope in scopes]
        for watch in watches[:90]:
            watch.stop()
        for watch in watches[90:]:
            watch.deadline = 60.0  # leaves its first entry behind
        pacer.compact()
        return len(pacer._due)

    assert run(main) == 10


def test_compacted_entries_are_freed_even_while_the_loop_runs():
    import sys

    async def main():
        pacer = Pacer()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            await pacer.sleep(0.1)  # the loop has been through its heap once
            watch = pacer.watch(trio.CancelScope(), 100.0)
            entry = watch.entry
            watch.stop()
            del watch
            pacer.compact()
            references = sys.getrefcount(entry) - 1  # minus getrefcount's own argument
            nursery.cancel_scope.cancel()
        return references

    assert run(main) == 1  # only the test's variable: no heap the loop kept holds it


def test_entries_nobody_wants_are_dropped_once_they_outnumber_the_wanted_ones():
    # What a connection waiting for each request does: a watch per wait, its deadline moved once, then stopped.
    async def main():
        pacer, most = Pacer(), 0
        wanted = [trio.CancelScope() for _ in range(3 * Pacer.COMPACT_AFTER)]
        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            for scope in wanted:
                pacer.watch(scope, 1.0)
            for i in range(20 * Pacer.COMPACT_AFTER):
                watch = pacer.watch(trio.CancelScope(), 600.0 + i)
                watch.deadline = 660.0 + i
                watch.stop()
                most = max(most, len(pacer._due))
            await trio.sleep(2.0)
            nursery.cancel_scope.cancel()
        return most, len(wanted), all(scope.cancel_called for scope in wanted), len(pacer._due)

    most, wanted, all_cancelled, left = run(main)
    assert most <= 2 * wanted + Pacer.COMPACT_AFTER + 1
    assert all_cancelled  # the wanted watches survive the rebuilds and still fire
    assert left <= Pacer.COMPACT_AFTER + 1


def test_a_stop_after_its_watch_fired_does_not_count_as_a_dropped_entry():
    async def main():
        pacer = Pacer()
        async with trio.open_nursery() as nursery:
            nursery.start_soon(pacer.run)
            with trio.CancelScope() as scope:
                watch = pacer.watch(scope, 0.5)
                await trio.sleep(1)
            watch.stop()
            await pacer.sleep(0.1)
            nursery.cancel_scope.cancel()
        return pacer._unwanted, len(pacer._due)

    assert run(main) == (0, 0)

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

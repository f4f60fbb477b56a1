"""When Produce hands a batch's append to a worker thread: a large one while some response waits for its socket
(kbroker.api.produce._responses_waiting_for_sockets), a very large one always."""

import socket

import trio
import trio.testing

from kbroker.api import produce


def test_an_append_goes_to_a_thread_only_while_a_send_waits_for_its_socket():
    async def main():
        seen = [produce._responses_waiting_for_sockets()]
        sizes = (produce.APPEND_IN_THREAD_BYTES - 1, produce.APPEND_IN_THREAD_BYTES,
                 produce.APPEND_ALWAYS_IN_THREAD_BYTES)
        in_thread = [[produce._append_in_thread(size) for size in sizes]]
        ours, peer = socket.socketpair()
        with ours, peer:
            ours.setblocking(False)
            ours.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, 4096)
            try:
                while True:
                    ours.send(b"x" * 65536)
            except BlockingIOError:
                pass  # the socket's buffers are full: the next send waits, as a large fetch response does
            async with trio.open_nursery() as nursery:
                nursery.start_soon(trio.lowlevel.wait_writable, ours)
                await trio.testing.wait_all_tasks_blocked()
                seen.append(produce._responses_waiting_for_sockets())
                in_thread.append([produce._append_in_thread(size) for size in sizes])
                nursery.cancel_scope.cancel()
        seen.append(produce._responses_waiting_for_sockets())
        return seen, in_thread

    seen, in_thread = trio.run(main)
    assert seen == [False, True, False]
    assert in_thread == [[False, False, True], [False, True, True]]

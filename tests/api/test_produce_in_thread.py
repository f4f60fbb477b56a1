"""When Produce hands a large batch's append to a worker thread: only while some response waits for its socket
(kbroker.api.produce._responses_waiting_for_sockets)."""

import socket

import trio
import trio.testing

from kbroker.api import produce


def test_an_append_goes_to_a_thread_only_while_a_send_waits_for_its_socket():
    async def main():
        seen = [produce._responses_waiting_for_sockets()]
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
                nursery.cancel_scope.cancel()
        seen.append(produce._responses_waiting_for_sockets())
        return seen

    assert trio.run(main) == [False, True, False]

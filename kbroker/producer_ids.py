"""The broker's producer-id manager (Kafka's RPCProducerIdManager): hands out producer ids from blocks the
controller allocates through the metadata log (ProducerIdsRecord), one id at a time.

- The first id of a block comes from the controller; ids are handed out in order until the block is used up.
- When the id at 90 % of the current block is handed out, the next block is fetched at once (the request that
  crossed the mark waits for it; the others keep taking ids from the current block), so a busy broker never
  waits for a block at the moment the current one runs out.
- A broker with no block yet (first use after start-up) or whose prefetch failed fetches the block when it needs
  it. Kafka answers COORDINATOR_LOAD_IN_PROGRESS while its asynchronous RPC is in flight; here the request waits
  for the block instead (from the local controller at once, or, on a node whose controller is remote, for
  AllocateProducerIds to the active controller: up to request.timeout.ms). Only an allocation the controller refuses (stale broker
  epoch, exhausted id space) fails, with `ProducerIdUnavailable` carrying COORDINATOR_LOAD_IN_PROGRESS, which is
  what a client of Kafka sees while Kafka's manager retries.
- Each block must lie above the last one (Kafka's monotonicity sanity check).

All state lives on the trio thread; `allocate` is an async callable returning a controller ProducerIdBlock
(kbroker.node hands it the node's controller, kbroker.broker_node an AllocateProducerIds to the active one).
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable
from typing import NamedTuple

import trio

from kbroker.protocol import errors

log = logging.getLogger(__name__)

PREFETCH_THRESHOLD = 0.90
_LONG_MAX = (1 << 63) - 1


class ProducerIdUnavailable(Exception):
    """No producer id can be handed out now; `error_code` is what the client gets."""

    def __init__(self, message: str, error_code: int = errors.COORDINATOR_LOAD_IN_PROGRESS.code):
        super().__init__(message)
        self.error_code = error_code


class Block(NamedTuple):
    first: int
    size: int

    @property
    def end(self) -> int:
        """One past the last id of the block."""
        return self.first + self.size

    @property
    def prefetch_at(self) -> int:
        return self.first + int(self.size * PREFETCH_THRESHOLD)


Allocate = Callable[[], Awaitable[object]]


class ProducerIdManager:
    def __init__(self, allocate: Allocate, *, broker_id: int):
        self._allocate = allocate
        self.broker_id = broker_id
        self._current: Block | None = None
        self._next_id = 0
        self._prefetched: Block | None = None
        self._fetch_lock = trio.Lock()

    @property
    def current_block(self) -> Block | None:
        return self._current

    async def generate_producer_id(self) -> int:
        """The next unused producer id (raises ProducerIdUnavailable)."""
        while True:
            block = self._current
            if block is not None and self._next_id < block.end:
                producer_id = self._next_id
                self._next_id += 1
                if producer_id == block.prefetch_at:
                    await self._prefetch(block)
                return producer_id
            if self._prefetched is not None:
                self._current, self._prefetched = self._prefetched, None
                self._next_id = self._current.first
                continue
            await self._fetch_block_after(block)

    async def _prefetch(self, block: Block) -> None:
        try:
            await self._fetch_block_after(block)
        except ProducerIdUnavailable as exc:
            # The current block still has ids; the request that runs out of them fetches again.
            log.warning("prefetching the next producer id block failed: %s", exc)

    async def _fetch_block_after(self, block: Block | None) -> None:
        """Fetch the block that follows `block`, unless another request did (or moved past it) meanwhile."""
        async with self._fetch_lock:
            if self._prefetched is not None or self._current is not block:
                return
            result = await self._allocate()
            if result.error.code != errors.NONE.code:
                raise ProducerIdUnavailable(f"Producer id block allocation for broker {self.broker_id} failed "
                                            f"({errors.for_code(result.error.code).name}: {result.error.message})")
            fetched = Block(result.first_producer_id, result.size)
            self._check(fetched)
            log.debug("broker %d got producer id block [%d, %d)", self.broker_id, fetched.first, fetched.end)
            self._prefetched = fetched

    def _check(self, block: Block) -> None:
        if block.first < 0 or block.size <= 0 or block.first > _LONG_MAX - block.size:
            raise ProducerIdUnavailable(f"Producer id block [{block.first}, +{block.size}) is not a valid range")
        latest = self._current
        if latest is not None and block.first < latest.end:
            raise ProducerIdUnavailable(f"Producer id block starting at {block.first} is not above the current "
                                        f"block [{latest.first}, {latest.end})")

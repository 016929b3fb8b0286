"""What a move's announcement costs the process between the group's PUBLISH and each socket's
handler, apart from the table it then renders: the channel layer (Redis publish/subscribe,
`config.channel_layer`) and Channels' dispatch of each socket (`await_many_dispatch`, as
`channels.consumer.AsyncConsumer.__call__` runs it, and `games.consumers.socket.TableSocket
.dispatch`). The handler does nothing, so the figures are the layers alone, the candidates for a
same-process shortcut (issue 39, item 3).

    python -m bench.layer [--pushes 400] [--sockets 4 100]

For each number of sockets in one group: processor time of the process from `group_send` until
every socket's handler has run, per push; the difference between two numbers of sockets gives
the cost per socket, the rest is the push's own (the PUBLISH and its reading). The same again
with the announcement put straight into each socket's queue (serialized once), as a shortcut
for the sockets of the process that stored the move would."""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import time
from typing import Any

PUSH = {"type": "match.moved", "match_id": 1, "seq": 0, "push": "0" * 32}
"""An announcement as `games.services.announce` tells it."""


class Handler:
    """A socket's message handling as the table's socket does it, with a handler that only
    counts."""

    def __init__(self, arrived: Any) -> None:
        self.arrived = arrived

    async def dispatch(self, message: dict[str, Any]) -> None:
        from channels.consumer import get_handler_name

        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def match_moved(self, message: dict[str, Any]) -> None:
        self.arrived()


async def _run(layer: Any, sockets: int, pushes: int, *, shortcut: bool) -> list[float]:
    """Processor time (ms) of each push delivered to `sockets` handlers."""
    from channels.utils import await_many_dispatch

    group = f"bench-layer-{sockets}-{shortcut}"
    done = asyncio.Event()
    count = 0

    def arrived() -> None:
        nonlocal count
        count += 1
        if count == sockets:
            done.set()

    never = asyncio.Event()
    channels, tasks = [], []
    for _ in range(sockets):
        channel = await layer.new_channel()
        await layer.group_add(group, channel)
        channels.append(channel)
        receive = _receiver(layer, channel)
        tasks.append(
            asyncio.ensure_future(
                await_many_dispatch([never.wait, receive], Handler(arrived).dispatch)
            )
        )
    await asyncio.sleep(0.2)  # the subscriptions settle
    times = []
    try:
        for seq in range(pushes):
            count = 0
            done.clear()
            started = time.process_time()
            message = {**PUSH, "seq": seq}
            if shortcut:
                data = layer.channel_layer.serialize(message)
                for channel in channels:
                    layer.channels[channel].put_nowait(data)
            else:
                await layer.group_send(group, message)
            await done.wait()
            times.append((time.process_time() - started) * 1000)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for channel in channels:
            await layer.group_discard(group, channel)
    return times[len(times) // 10 :]


def _receiver(layer: Any, channel: str) -> Any:
    async def receive() -> dict[str, Any]:
        message: dict[str, Any] = await layer.receive(channel)
        return message

    return receive


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pushes", type=int, default=400)
    parser.add_argument("--sockets", type=int, nargs="+", default=[4, 100])
    args = parser.parse_args()
    from bench.__main__ import DEFAULT_REDIS, ROOT, _database_url, _environment

    os.environ.update(
        _environment(_database_url(), os.environ.get("BENCH_REDIS_URL", DEFAULT_REDIS))
    )
    sys.path.insert(0, str(ROOT))
    os.environ["DJANGO_SETTINGS_MODULE"] = "config.settings"
    import django

    django.setup()
    from channels.layers import get_channel_layer

    async def measure() -> None:
        layer = get_channel_layer()
        for shortcut in (False, True):
            medians = {}
            for sockets in args.sockets:
                times = await _run(layer, sockets, args.pushes, shortcut=shortcut)
                medians[sockets] = statistics.median(times)
                way = "straight into the queues" if shortcut else "group_send over Redis"
                print(
                    f"{way}: {sockets} sockets, {len(times)} pushes, processor time a push "
                    f"median {medians[sockets]:.3f} ms, mean {statistics.fmean(times):.3f} ms"
                )
            few, many = min(medians), max(medians)
            if many > few:
                per_socket = (medians[many] - medians[few]) / (many - few)
                print(
                    f"  per socket {per_socket * 1000:.1f} µs, "
                    f"the push's own {(medians[few] - few * per_socket) * 1000:.1f} µs"
                )

    asyncio.run(measure())
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

"""Channels over Redis publish/subscribe, with a resync for a process's sockets when Redis
comes back.

A group push is one PUBLISH that each process receives once, where channels-redis's list-based
layer writes one message per socket. Measured with the live benchmark (one daphne, 50 tables),
that gave a third of the latency at saturation and dropped a fraction of the pushes.

Publish/subscribe keeps nothing for a subscriber that is away: the pushes told while Redis was
down are lost. redis-py takes the subscriptions back when it reconnects, but the sockets are
not told (channels-redis 4.3 stores its `on_reconnect` option and never calls it). So after
every reconnect each socket of the process gets `{"type": "layer.reconnected"}` and sends its
viewer what changed meanwhile, as a socket that opens does.
"""

from collections.abc import Callable
from typing import Any

from channels_redis.pubsub import RedisPubSubChannelLayer, RedisSingleShardConnection
from redis.asyncio.client import PubSub

RECONNECTED = {"type": "layer.reconnected"}


class _ResubscribingPubSub(PubSub):
    """Calls `reconnected` once Redis has its subscriptions back after a lost connection
    (redis-py calls `on_connect` on reconnects only)."""

    def __init__(self, *args: Any, reconnected: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._reconnected = reconnected

    async def on_connect(self, connection: Any) -> None:
        await super().on_connect(connection)
        self._reconnected()


class _ResyncingShard(RedisSingleShardConnection):
    def _ensure_redis(self) -> None:
        if self._redis is None:
            super()._ensure_redis()
            pool = self._redis.connection_pool
            self._pubsub = _ResubscribingPubSub(pool, reconnected=self._tell_every_socket)

    def _tell_every_socket(self) -> None:
        layer = self.channel_layer
        message = layer.channel_layer.serialize(RECONNECTED)
        for queue in layer.channels.values():
            queue.put_nowait(message)


class ResyncingPubSubLayer(RedisPubSubChannelLayer):
    """`RedisPubSubChannelLayer` whose sockets hear `layer.reconnected` (see the module)."""

    def _get_layer(self) -> Any:
        layer = super()._get_layer()
        if not getattr(layer, "resyncs", False):
            layer._shards = [_ResyncingShard(shard.host, layer) for shard in layer._shards]
            layer.resyncs = True
        return layer

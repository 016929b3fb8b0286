"""daphne as the site runs it, with its websockets compressed (permessage-deflate) when the
browser offers it: a table's push is about 16 KB of HTML that changes little from one push to
the next, and deflate with the previous pushes in its window sends it as about 0.6 KB for
0.08 ms of processor time a frame (bench/README.md). daphne builds autobahn's websocket factory
itself and accepts no compression; `Server` sets the factory's `perMessageCompressionAccept`
as daphne hands the factory over.

A minute after it starts, `Server` also settles the cyclic garbage collector (`settle_collector`).

Production runs `python -m config.server` with daphne's own arguments (deploy/), and
`manage.py serve` uses the same `Server`.
"""

from __future__ import annotations

import gc
from typing import Any

from autobahn.websocket.compress import PerMessageDeflateOffer, PerMessageDeflateOfferAccept
from daphne import cli, server

MEMORY_LEVEL = 5
"""zlib's memory level for a socket's compressor: with the full 32 KB window (the last two
pushes, which is where the ratio comes from) it keeps 144 KB a socket instead of the default
256 KB, for the same bytes on the wire."""
CLIENT_WINDOW_BITS = 10
"""The window asked of the browser for what it sends (moves of a few hundred bytes): the
server's decompressor for a socket then keeps 1 KB of window instead of 32 KB."""


SETTLED_AFTER_SECONDS = 60
"""When a running server moves what it has built since start-up out of the collector's sight."""


class Server(server.Server):
    def run(self) -> None:
        from twisted.internet import reactor

        reactor.callLater(SETTLED_AFTER_SECONDS, settle_collector)  # type: ignore[attr-defined]
        super().run()

    @property
    def ws_factory(self) -> Any:
        return self._ws_factory

    @ws_factory.setter
    def ws_factory(self, factory: Any) -> None:
        """daphne's `run` sets its factory here, before it listens."""
        factory.setProtocolOptions(perMessageCompressionAccept=self.accept_compression)
        self._ws_factory = factory

    def accept_compression(self, offers: list[Any]) -> PerMessageDeflateOfferAccept | None:
        """The browser's permessage-deflate offer, accepted; none other (there is none)."""
        for offer in offers:
            if isinstance(offer, PerMessageDeflateOffer):
                return PerMessageDeflateOfferAccept(
                    offer,
                    request_max_window_bits=(
                        CLIENT_WINDOW_BITS if offer.accept_max_window_bits else 0
                    ),
                    mem_level=MEMORY_LEVEL,
                    max_message_size=self.websocket_max_message_size,
                )
        return None


def settle_collector() -> None:
    """Freeze, once the server has served a while, what it built after start-up (`config/asgi.py`
    froze start-up's 136,000 objects): lazily imported modules, compiled templates, labels
    cached per language, URLs. Two matches left about 40,000 such objects, and each full pass
    of the collector crossed them all (10-25 ms of processor time, a move's latency several
    times over); frozen, a full pass crosses only what came later (`bench/movecpu.py`).

    Only the youngest generation is collected first (0-13 ms): a full pass there, with 800
    sockets open, stopped the server for 250 ms (bench/README.md). Cyclic garbage in the older
    generations at that moment stays, once; the table path leaves none
    (`games/tests/test_table.py`)."""
    gc.collect(0)
    gc.freeze()


class CommandLineInterface(cli.CommandLineInterface):
    server_class = Server


if __name__ == "__main__":
    CommandLineInterface.entrypoint()

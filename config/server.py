"""daphne as the site runs it, with its websockets compressed (permessage-deflate) when the
browser offers it: a table's push is about 16 KB of HTML that changes little from one push to
the next, and deflate with the previous pushes in its window sends it as about 0.6 KB for
0.08 ms of processor time a frame (bench/README.md). daphne builds autobahn's websocket factory
itself and accepts no compression; `Server` sets the factory's `perMessageCompressionAccept`
as daphne hands the factory over.

Before it listens, `Server` also settles the cyclic garbage collector (`settle_collector`).

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


COLLECTOR_THRESHOLDS = (10_000, 10, 10)
"""The cyclic collector's thresholds once the process has settled (Python's are 700, 10, 10): a
move's work allocates thousands of containers and frees nearly all of them by reference
counting, so the young generation is crossed often but rarely grows by 10,000."""


class Server(server.Server):
    def run(self) -> None:
        settle_collector()
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
    """Compile the tables' templates, then move everything the process has built so far (Django,
    the games, the templates: about 190,000 objects) out of the cyclic collector's sight, and let
    it run less often. A full pass over that heap took 105 ms of processor time and came every
    few hundred moves, the low-load tail; the young passes of the default threshold (700) ran
    several times a move in the middle of renders whose temporaries are freed by reference
    counting anyway (bench/README.md, `bench/movecpu.py`)."""
    from games.regions import environment

    templates = environment()
    for name in templates.list_templates(filter_func=lambda name: name.endswith(".html")):
        templates.get_template(name)
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)


class CommandLineInterface(cli.CommandLineInterface):
    server_class = Server


if __name__ == "__main__":
    CommandLineInterface.entrypoint()

"""Every game's log gives each event a line in both languages, keeps a private event
(`visible_to`) to its owners, and a finished game's replay, which opens every event, names the
seat of each one (what each viewer may see of the table itself: `test_table_hidden.py`; of the
replay page: `test_replay_hidden.py`)."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

import pytest
from django.utils import translation

from games.registry import GAMES
from games.tests.example import EXAMPLE, every_game, with_example
from games.tests.playouts import random_moves

NAMES = ["Eva", "Jan", "Bob", "Ola", "Ida"]
SEATS = 3
SEEDS = range(3)
LANGUAGES = ["en", "cs"]
WITHOUT_PRIVATE_EVENTS = {"isle_of_cats"}
"""Games whose every event is public (Ostrov koček: a draft, a buy or a look logs counts only)."""
REPLAYS_BY_NAME = ["kosmopolis", "seven_dragons", "space_bastards", "space_dragons", EXAMPLE.slug]
"""Games with private lines, which a finished game's replay opens and names by seat."""


@dataclass(frozen=True)
class Lines:
    """The random games in which a game's every kind of event turns up, and its public events
    whose line is left out for their own seat (a private event says it better)."""

    seats: tuple[int, ...]
    seeds: range
    options: tuple[dict[str, Any], ...] = ({},)
    own_line_only: frozenset[str] = frozenset()
    made_up: frozenset[str] = frozenset()
    """Kinds no random game reaches, described from a made-up event by the game's own tests."""


LINES = {
    "kosmopolis": Lines(
        (2, 3, 4), range(12), own_line_only=frozenset({"drafted", "drew", "drew_modifier", "saved"})
    ),
    "seven_dragons": Lines((2, 3, 5), range(8), own_line_only=frozenset({"drew"})),
    "space_dragons": Lines(
        (3, 4, 5),
        range(6),
        options=({}, {"draft": False}),
        own_line_only=frozenset({"drafted"}),
        made_up=frozenset({"supply_empty"}),
    ),
    EXAMPLE.slug: Lines((2, 3, 4), range(4)),
}
"""Space Bastards' and Ostrov koček's lines are checked in their own table tests (bot games:
a random one hardly reaches their late events)."""


def private_events(slug: str, seats: int = SEATS) -> Iterator[dict[str, Any]]:
    """The private events of random complete games of `seats` seats, one per seed in `SEEDS`."""
    for _before, _seat, events, _after in random_moves(GAMES[slug].engine, seats, SEEDS):
        yield from (event for event in events if "visible_to" in event)


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", with_example(sorted(LINES)))
def test_every_event_type_gets_a_line_for_each_viewer_it_reaches(game, language):
    """A public event reads to every seat and a spectator, a private one to its owners; only
    the kinds a private event says better are left out, and only for their own seat."""
    info, lines = GAMES[game], LINES[game]
    seen: set[str] = set()
    with translation.override(language):
        for seats in lines.seats:
            names = NAMES[:seats]
            for options in lines.options:
                for _before, _seat, events, _after in random_moves(
                    info.engine, seats, lines.seeds, options
                ):
                    for event in events:
                        seen.add(event["type"])
                        owners = event.get("visible_to")
                        for viewer in owners if owners is not None else [None, *range(seats)]:
                            text = info.table.describe(event, names, viewer)
                            if text is None:
                                assert event["type"] in lines.own_line_only, event
                                assert viewer == event["seat"]
                                continue
                            assert isinstance(text, str)
                            assert text.strip()
                            assert "%(" not in text
    assert seen | lines.made_up == set(info.log.LINES)


@pytest.mark.parametrize("game", every_game())
def test_private_events_are_described_only_for_their_owners(game):
    table = GAMES[game].table
    names = NAMES[:SEATS]
    seen = 0
    for event in private_events(game):
        seen += 1
        owners = set(event["visible_to"])
        assert table.describe(event, names, None) is None
        for viewer in range(SEATS):
            text = table.describe(event, names, viewer)
            assert (text is not None) == (viewer in owners), (event, viewer)
            assert text is None or text.strip()
    assert bool(seen) != (game in WITHOUT_PRIVATE_EVENTS), seen


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", with_example(REPLAYS_BY_NAME))
def test_a_finished_games_replay_describes_private_events_by_name(game, language):
    """The replay of a finished game strips `visible_to`; private lines then name the seat, at
    the game's fewest seats and at `SEATS`."""
    info = GAMES[game]
    with translation.override(language):
        for seats in sorted({info.min_players, SEATS}):
            names = NAMES[:seats]
            for event in private_events(game, seats):
                opened = {key: value for key, value in event.items() if key != "visible_to"}
                text = info.table.describe(opened, names, None)
                assert text
                assert names[event["seat"]] in text

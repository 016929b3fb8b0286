import itertools
from datetime import timedelta

import pytest
from django.utils import timezone

from accounts.models import User
from lobby.tests.conftest import _english, people
from tournaments import services

__all__ = ["_english", "people"]
"""The lobby's fixtures, used here too: English messages, and five people (Eva, Jan, Ota, Ida,
Max)."""


@pytest.fixture
def bots(db):
    return [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(8)
    ]


@pytest.fixture
def seeds(monkeypatch):
    """Every match dealt from a known seed, so the bots play the same games each run."""
    counter = itertools.count(1000)
    monkeypatch.setattr("secrets.randbits", lambda _bits: next(counter))


def settings_for(**changed):
    """A Swiss tournament of Sedm draků in an hour: two at a table, three real-time rounds."""
    return {
        "name": "Friday Swiss",
        "game": "seven_dragons",
        "kind": "swiss",
        "seats": 2,
        "options": {},
        "pace": "live",
        "clock_minutes": 5,
        "clock_increment": 5,
        "move_hours": 24,
        "round_days": 7,
        "rounds": 3,
        "rated": True,
        "private": False,
        "max_players": 16,
        "starts_at": timezone.now() + timedelta(hours=1),
        **changed,
    }


@pytest.fixture
def make_tournament(people):
    def make(**changed):
        return services.create_tournament(
            creator=people[0], now=timezone.now(), **settings_for(**changed)
        )

    return make

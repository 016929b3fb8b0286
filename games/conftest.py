"""Fixtures for every game's tests, the cross-game suite's and each game's own."""

import pytest

from accounts.models import User


@pytest.fixture
def people(db: None) -> list[User]:
    return [
        User.objects.create_user(
            name, f"{name}@example.com", "heslo-123-abc", display_name=name, language="en"
        )
        for name in ("Eva", "Jan", "Ota", "Ida")
    ]


@pytest.fixture
def bots(db: None) -> list[User]:
    return [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(4)
    ]

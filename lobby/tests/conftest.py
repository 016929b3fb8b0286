import pytest
from django.utils import translation

from accounts.models import User


@pytest.fixture(autouse=True)
def _english():
    with translation.override("en"):
        yield


@pytest.fixture
def people(db):
    return [
        User.objects.create_user(
            name, f"{name}@example.com", "heslo-123-abc", display_name=name, language="en"
        )
        for name in ("Eva", "Jan", "Ota", "Ida", "Max")
    ]


@pytest.fixture
def bots(db):
    return [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(4)
    ]

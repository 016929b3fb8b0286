import pytest
from django.utils import translation

from accounts.models import User


@pytest.fixture
def people(db):
    return [
        User.objects.create_user(
            name, f"{name}@example.com", "heslo-123-abc", display_name=name, language="en"
        )
        for name in ("Eva", "Jan", "Ota", "Ida")
    ]


@pytest.fixture
def bots(db):
    return [
        User.objects.create(username=f"robot-{n}", display_name=f"Robot {n}", is_bot=True)
        for n in range(4)
    ]


@pytest.fixture(autouse=True)
def _english():
    """Messages are asserted in English; the Czech catalog is tested on its own."""
    with translation.override("en"):
        yield

import pytest
from django.utils import translation

from accounts.models import User
from games import services
from lobby.models import Table


@pytest.fixture
def people(db):
    return [
        User.objects.create_user(
            name, f"{name}@example.com", "heslo-123-abc", display_name=name, language="en"
        )
        for name in ("Eva", "Jan", "Ota", "Ida")
    ]


@pytest.fixture
def match(people):
    """Eva and Jan play; Ota and Ida may watch."""
    return services.start_match(game="kosmopolis", players=people[:2])


@pytest.fixture
def private_match(people):
    """A match of a private table of Eva and Jan: nobody else may see it."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    Table.objects.create(
        game="kosmopolis", host=people[0], seats=2, private=True, match=match, status="started"
    )
    return match


@pytest.fixture(autouse=True)
def _english():
    """Messages are asserted in English; the Czech catalog is tested on its own."""
    with translation.override("en"):
        yield

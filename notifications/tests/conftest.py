import pytest

from accounts.models import User


@pytest.fixture
def people(transactional_db):
    return [
        User.objects.create_user(name, f"{name}@example.com", "heslo-123-abc", language="en")
        for name in ("eva", "jan", "ota", "ida")
    ]

"""Names that could pass for another player's or a bot's are refused, at sign-up (the
username) and on the profile (the display name), with the reason in the player's language."""

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from accounts.names import name_keys

pytestmark = pytest.mark.django_db

PASSWORD = "kosmicka-lod-42"


@pytest.fixture
def alice():
    return User.objects.create_user("alice", "alice@example.com", PASSWORD, display_name="Alice")


@pytest.fixture
def bot():
    return User.objects.create(username="robot-karel", display_name="Robot Karel", is_bot=True)


def _sign_up(client, username: str):
    """Signing up in English (the site's default language is Czech)."""
    return client.post(
        reverse("account_signup"),
        {
            "username": username,
            "email": f"{abs(hash(username))}@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        headers={"accept-language": "en"},
    )


def _profile(client, display_name: str):
    return client.post(
        reverse("edit_profile"),
        {"display_name": display_name, "language": "en", "time_zone": "UTC"},
    )


@pytest.mark.parametrize(
    "copy",
    [
        "\u0430lice",  # Cyrillic а
        "AIice",  # capital I for l
        "a1ice",  # digit one for l
        "ａｌｉｃｅ",  # fullwidth
        "alice.",  # punctuation
    ],
)
def test_a_username_that_copies_another_players_name_is_refused(client, alice, copy):
    with translation.override("en"):
        response = _sign_up(client, copy)
    assert response.status_code == 200
    assert "can be mistaken for alice" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("name", ["robot-ema", "Robot_Zora", "r\u043ebot-x", "robot"])
def test_a_username_that_passes_for_a_bot_is_refused(client, name):
    with translation.override("en"):
        response = _sign_up(client, name)
    assert "belong to the site&#x27;s bots" in response.content.decode()
    assert not User.objects.filter(is_bot=False).exists()


def test_a_different_name_is_welcome(client, alice, bot):
    assert _sign_up(client, "Robotka").status_code == 302
    assert _sign_up(client, "alicia").status_code == 302


@pytest.mark.parametrize("copy", ["ALICE", "Аlice", "Robot Karel", "R0bot Karel", "robot karel"])
def test_a_display_name_that_copies_another_players_or_a_bots_is_refused(client, alice, bot, copy):
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="en")
    client.force_login(eve)
    response = _profile(client, copy)
    assert response.status_code == 200
    html = response.content.decode()
    assert "can be mistaken for" in html or "belong to the site&#x27;s bots" in html
    eve.refresh_from_db()
    assert eve.display_name == ""


def test_a_display_name_may_look_like_ones_own_username(client, alice):
    client.force_login(alice)
    assert _profile(client, "ALICE").status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == "ALICE"


def test_the_refusal_is_in_czech_for_a_czech_reader(client, alice):
    with translation.override("cs"):
        response = client.post(
            reverse("account_signup"),
            {
                "username": "\u0430lice",
                "email": "x@example.com",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
            headers={"accept-language": "cs"},
        )
    assert "lze zaměnit" in response.content.decode()


def _alike(one: str, other: str) -> bool:
    return bool(set(name_keys(one)) & set(name_keys(other)))


def test_look_alike_names_share_a_key_and_different_names_do_not():
    assert _alike("Alice", "\u0430l\u0456ce")
    assert _alike("Alice", "AIice")
    assert _alike("ALICE", "alice")
    assert _alike("corn", "com")
    assert not _alike("Tomáš", "Tomas")
    assert not _alike("Eva", "Ewa")
    assert not _alike("ilona", "llona")

"""Names that could pass for another player's or a bot's are refused, at sign-up (the
username) and on the profile (the display name), with the reason in the player's language."""

import importlib

import pytest
from django.urls import reverse
from django.utils import translation

from accounts.models import User
from accounts.names import default_ignorable, name_keys

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


@pytest.mark.parametrize("name", ["\u202eecila", "\u202elerak-tobor", "Eva\u2066", "\u200fEva"])
def test_a_display_name_with_a_control_that_turns_the_text_is_refused(client, alice, bot, name):
    """`U+202E ecila` shows as “alice”: the key of what is stored cannot say what is shown."""
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="en")
    client.force_login(eve)
    html = _profile(client, name).content.decode()
    assert "may not contain invisible characters that change the direction of text" in html
    eve.refresh_from_db()
    assert eve.display_name == ""


@pytest.mark.parametrize("filler", ["\u3164", "\u115f", "\u1160", "\uffa0"])
def test_a_username_with_an_invisible_letter_copies_the_name_without_it(client, alice, filler):
    """Hangul fillers are letters to Unicode but show as nothing (or a blank): `alice` with
    one is `alice`."""
    with translation.override("en"):
        response = _sign_up(client, f"alice{filler}")
    assert "can be mistaken for alice" in response.content.decode()
    assert User.objects.count() == 1


@pytest.mark.parametrize("invisible", ["\u3164", "\u034f", "\ufe0f", "\u200b", "\u00ad"])
def test_a_display_name_with_an_invisible_character_copies_the_name_without_it(
    client, alice, invisible
):
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="en")
    client.force_login(eve)
    html = _profile(client, f"al{invisible}ice").content.decode()
    assert "can be mistaken for alice" in html
    eve.refresh_from_db()
    assert eve.display_name == ""


def test_an_invisible_letter_does_not_hide_a_bots_name(client):
    with translation.override("en"):
        response = _sign_up(client, "robot\u3164karel")
    assert "belong to the site&#x27;s bots" in response.content.decode()


@pytest.mark.parametrize("name", ["\u3164", "\u3164\u3164\u3164", "\u200b\u2060"])
def test_a_display_name_that_shows_nothing_is_refused(client, name):
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="en")
    client.force_login(eve)
    html = _profile(client, name).content.decode()
    assert "A name needs at least one visible character." in html
    eve.refresh_from_db()
    assert eve.display_name == ""


@pytest.mark.parametrize(
    "label",
    [
        "Deleted player",
        "deleted  player",
        "DELETED-PLAYER",
        "D\u0435leted player",  # Cyrillic е
        "Smazaný hráč",
        "smazaný  hráč",
        "Bot for alice",
        "bot for Eva",
        "Bot za hráče alice",
        "Player 2",
        "Hráč 3",
        "imaginary player 1",
        "Imaginární hráč 2",
    ],
)
def test_a_display_name_that_the_site_shows_in_place_of_a_name_is_refused(client, label):
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="en")
    client.force_login(eve)
    html = _profile(client, label).content.decode()
    assert "which the site itself shows in place of a player&#x27;s name" in html
    eve.refresh_from_db()
    assert eve.display_name == ""


@pytest.mark.parametrize("username", ["deleted_player", "Smazany.hrac", "Player1", "bot.for.eva"])
def test_a_username_that_the_site_shows_in_place_of_a_name_is_refused(client, username):
    with translation.override("en"):
        response = _sign_up(client, username)
    html = response.content.decode()
    if username == "Smazany.hrac":  # no accents: another name, as Tomáš is not Tomas
        assert response.status_code == 302
    else:
        assert "which the site itself shows in place of a player&#x27;s name" in html


@pytest.mark.parametrize("name", ["Bot Fortuna", "Botfor Alice", "Player One", "Hráček", "Jana ☀️"])
def test_names_near_the_sites_labels_or_with_an_emoji_are_welcome(client, name):
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="en")
    client.force_login(eve)
    assert _profile(client, name).status_code == 302
    eve.refresh_from_db()
    assert eve.display_name == name


def test_the_refusal_of_a_sites_label_names_it_in_czech_for_a_czech_reader(client):
    eve = User.objects.create_user("eve", "eve@example.com", PASSWORD, language="cs")
    client.force_login(eve)
    response = client.post(
        reverse("edit_profile"),
        {"display_name": "Smazaný hráč", "language": "cs", "time_zone": "UTC"},
    )
    assert "které web sám ukazuje místo jména hráče" in response.content.decode()
    assert "„Smazaný hráč“" in response.content.decode()


def test_default_ignorable_code_points_are_unicodes_list():
    """DerivedCoreProperties.txt: Other_Default_Ignorable_Code_Point + Cf + Variation_Selector,
    less the format characters that show (U+0600 ARABIC NUMBER SIGN, U+FFF9 INTERLINEAR
    ANNOTATION ANCHOR, U+13430 EGYPTIAN HIEROGLYPH VERTICAL JOINER)."""
    ignorable = [
        0x00AD, 0x034F, 0x061C, 0x115F, 0x1160, 0x17B4, 0x17B5, 0x180B, 0x180E, 0x180F,
        0x200B, 0x200D, 0x200F, 0x202A, 0x202E, 0x2060, 0x2065, 0x2066, 0x206F, 0x3164,
        0xFE00, 0xFE0F, 0xFEFF, 0xFFA0, 0xFFF0, 0xFFF8, 0x1BCA0, 0x1BCA3, 0x1D173, 0x1D17A,
        0xE0000, 0xE0001, 0xE0020, 0xE007F, 0xE0100, 0xE01EF, 0xE0FFF,
    ]  # fmt: skip
    shown = [0x0041, 0x0020, 0x00A0, 0x0600, 0x0605, 0x06DD, 0x070F, 0x08E2, 0x110BD, 0xFFF9,
             0xFFFB, 0x13430, 0x1BCA4, 0xE1000, 0x3163, 0x2800]  # fmt: skip
    assert [hex(c) for c in ignorable if not default_ignorable(chr(c))] == []
    assert [hex(c) for c in shown if default_ignorable(chr(c))] == []


def test_a_player_keeps_their_name_when_a_later_one_turns_out_to_look_alike(client, alice):
    """Names taken before a rule caught them (here a look-alike stored directly) do not stop
    the first player from saving their profile with their name unchanged."""
    User.objects.create_user("alice2", "alice2@example.com", PASSWORD, display_name="ALICE")
    client.force_login(alice)
    assert _profile(client, "Alice").status_code == 302
    assert _profile(client, "Alice Smith").status_code == 302
    alice.refresh_from_db()
    assert alice.display_name == "Alice Smith"
    assert _profile(client, "ALICE").status_code == 200, "a new name is checked"


def test_the_migration_folds_the_names_taken_before(alice):
    """Keys made again without the invisible letters; display names that turn the text, show
    nothing or are the site's labels cleared; other names kept."""
    from django.apps import apps

    migration = importlib.import_module("accounts.migrations.0005_names_shown_as_they_are")
    shown = {
        "copy": "alice\u3164",
        "turned": "\u202eecila",
        "blank": "\u3164",
        "label": "Deleted player",
        "fine": "Jana ☀️",
    }
    for username, display_name in shown.items():
        User.objects.create_user(username, f"{username}@example.com", PASSWORD)
        User.objects.filter(username=username).update(display_name=display_name, name_keys=[])
    migration.fold_names(apps, None)
    names = dict(User.objects.values_list("username", "display_name"))
    kept = {"alice": "Alice", "copy": "alice\u3164", "fine": "Jana ☀️"}
    assert names == {**dict.fromkeys(shown, ""), **kept}
    copy = User.objects.get(username="copy")
    assert set(copy.name_keys) >= set(name_keys("alice"))

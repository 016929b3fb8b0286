"""The profile page, the public profile, the language switch and deleting an account."""

import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from accounts.models import User
from accounts.services import delete_account

pytestmark = pytest.mark.django_db


@pytest.fixture
def player():
    user = User.objects.create_user("vera", "vera@example.com", "heslo-123-abc", language="en")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def _profile_form(**changes):
    data = {
        "display_name": "Věra K.",
        "language": "cs",
        "time_zone": "America/New_York",
        "quiet_hours_start": "22:00",
        "quiet_hours_end": "07:30",
        "email_digest": "on",
        "notify_your_turn_site": "on",
        "notify_your_turn_email": "on",
        "notify_invitation_browser": "on",
    }
    data.update(changes)
    return {key: value for key, value in data.items() if value is not None}


def test_profile_edit_saves_name_language_time_zone_and_notifications(client, player):
    client.force_login(player)
    response = client.post(reverse("edit_profile"), _profile_form())
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.display_name == "Věra K."
    assert player.language == "cs"
    assert player.time_zone == "America/New_York"
    assert str(player.quiet_hours_start) == "22:00:00"
    assert player.email_digest is True
    assert player.wants("your_turn", "email")
    assert player.wants("invitation", "browser")
    assert not player.wants("your_turn", "browser")
    assert not player.wants("match_ended", "email")
    page = client.get(reverse("edit_profile"))
    assert page["Content-Language"] == "cs"
    assert "Nastavení" in page.content.decode()


def test_profile_edit_refuses_half_of_the_quiet_hours_and_changes_nothing(client, player):
    client.force_login(player)
    response = client.post(reverse("edit_profile"), _profile_form(quiet_hours_end=None))
    assert response.status_code == 200
    assert "both ends" in response.content.decode()
    player.refresh_from_db()
    assert player.display_name == ""
    assert player.quiet_hours_start is None


def test_profile_edit_refuses_an_unknown_time_zone(client, player):
    client.force_login(player)
    response = client.post(reverse("edit_profile"), _profile_form(time_zone="Mars/Olympus"))
    assert response.status_code == 200
    player.refresh_from_db()
    assert player.time_zone != "Mars/Olympus"


def test_profile_page_needs_login(client):
    response = client.get(reverse("edit_profile"))
    assert response.status_code == 302
    assert reverse("account_login") in response.url


def test_public_profile_shows_the_display_name(client, player):
    player.display_name = "Věra Kosmická"
    player.save()
    response = client.get(reverse("player_profile", args=["vera"]))
    assert response.status_code == 200
    assert "Věra Kosmická" in response.content.decode()
    assert "vera@example.com" not in response.content.decode()


def test_the_czech_profile_counts_matches_left_without_guessing_a_gender(client, player):
    """The column of matches resigned, abandoned or timed out is "Odchody" like its neighbours
    ("Hry", "Výhry"), not "Odešel", which takes the player for a man."""
    from games.models import PlayerStats

    player.language = "cs"
    player.save()
    for game in ("kosmopolis", PlayerStats.OVERALL):
        PlayerStats.objects.create(user=player, game=game, played=2, won=1, resigned=1)
    client.force_login(player)
    html = client.get(reverse("player_profile", args=["vera"])).content.decode()
    assert "vzdané · opuštěné · prošlý čas" in html
    assert ">Odchody</abbr>" in html
    assert "Odešel" not in html


def test_language_switch_renders_czech_and_remembers_it_on_the_profile(client, player):
    english = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")
    assert "Board games online" in english.content.decode()
    client.post(reverse("set_language"), {"language": "cs", "next": "/"})
    czech = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="en")
    assert czech["Content-Language"] == "cs"
    assert "Deskové hry online" in czech.content.decode()
    assert "Sedm draků" in czech.content.decode()

    client.force_login(player)
    client.post(reverse("set_language"), {"language": "cs", "next": "/"})
    player.refresh_from_db()
    assert player.language == "cs"


def test_a_signed_in_player_sees_their_profile_language(client, player):
    client.force_login(player)
    response = client.get(reverse("home"), HTTP_ACCEPT_LANGUAGE="cs")
    assert response["Content-Language"] == "en"
    assert "Seven Dragons" in response.content.decode()


def test_deleting_the_account_erases_personal_data_and_keeps_an_anonymous_row(client, player):
    client.force_login(player)
    wrong = client.post(reverse("delete_account"), {"password": "not-it", "confirm": "on"})
    assert wrong.status_code == 200
    assert User.objects.get(pk=player.pk).deleted_at is None

    response = client.post(
        reverse("delete_account"), {"password": "heslo-123-abc", "confirm": "on"}
    )
    assert response.status_code == 302
    gone = User.objects.get(pk=player.pk)
    assert gone.deleted_at is not None
    assert gone.email == ""
    assert gone.username != "vera"
    assert not gone.is_active
    assert not gone.has_usable_password()
    assert gone.public_name in {"Deleted player", "Smazaný hráč"}
    assert not EmailAddress.objects.filter(user=gone).exists()
    assert client.get(reverse("edit_profile")).status_code == 302
    assert client.get(reverse("player_profile", args=["vera"])).status_code == 404
    assert client.get(reverse("player_profile", args=[gone.username])).status_code == 404
    login = client.post(reverse("account_login"), {"login": "vera", "password": "heslo-123-abc"})
    assert login.status_code == 200


def test_deleting_an_account_ends_its_other_sessions(client, player):
    other_tab = client.__class__()
    other_tab.force_login(player)
    delete_account(user=User.objects.get(pk=player.pk))
    assert other_tab.get(reverse("edit_profile")).status_code == 302


def test_a_deleted_accounts_seats_in_running_matches_go_to_bots_at_once(client, player):
    """The clock would have handed them over hours or days later; the others play on with a
    bot now. A finished match keeps its seats as they were."""
    from django.utils import translation

    from games import services
    from games.models import Match, Seat

    jan = User.objects.create_user("jan", "jan@example.com", "heslo-123-abc", language="en")
    running = services.start_match(
        game="kosmopolis", players=[player, jan], pace=Match.Pace.TURN_BASED, move_hours=72
    )
    finished = services.start_match(game="kosmopolis", players=[jan, player])
    Match.objects.filter(pk=finished.pk).update(status=Match.Status.FINISHED)
    delete_account(user=player)
    seat = Seat.objects.get(match=running, user=player)
    assert (seat.is_bot, seat.left) == (True, Seat.Left.ABANDONED)
    assert seat.replaced_at is not None
    assert not Seat.objects.get(match=finished, user=player).is_bot
    client.force_login(jan)
    with translation.override("en"):
        page = client.get(running.get_absolute_url(), headers={"Accept-Language": "en"})
    assert "Deleted player abandoned the match; a bot plays the seat." in page.content.decode()


def test_the_name_of_a_deleted_player_follows_the_language(player):
    from django.utils import translation

    delete_account(user=player)
    with translation.override("cs"):
        assert player.public_name == "Smazaný hráč"
    with translation.override("en"):
        assert player.public_name == "Deleted player"


def test_the_bots_pace_is_chosen_in_the_settings_and_kept_when_a_form_leaves_it_out(client, player):
    assert player.bot_pace_ms == 700, "under a second by default"
    client.force_login(player)
    assert client.post(reverse("edit_profile"), _profile_form(bot_pace_ms="0")).status_code == 302
    player.refresh_from_db()
    assert player.bot_pace_ms == 0
    client.post(reverse("edit_profile"), _profile_form())
    player.refresh_from_db()
    assert player.bot_pace_ms == 0
    assert client.post(reverse("edit_profile"), _profile_form(bot_pace_ms="7")).status_code == 200
    player.refresh_from_db()
    assert player.bot_pace_ms == 0


@pytest.mark.parametrize("language", ["cs", "en"])
def test_the_notification_grid_fits_a_phone_with_the_devices_column(
    client, player, settings, language
):
    """At 390 px every column of the switches, devices and e-mail included, is on the screen:
    none is left beyond the grid's edge for the player to scroll to."""
    from playwright.sync_api import sync_playwright

    from games.tests.browser import CHROMIUM, CHROMIUM_ARGS
    from notifications.push import new_key_pair

    settings.VAPID_PRIVATE_KEY = new_key_pair()[0]
    player.language = language
    player.save()
    client.force_login(player)
    html = client.get(reverse("edit_profile")).content.decode()
    assert "Devices" in html or "Zařízení" in html
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.set_content(html)
        page.add_style_tag(path=settings.BASE_DIR / "static" / "css" / "site.css")
        hidden = page.evaluate(
            """() => {
                const box = document.querySelector(".switch-grid").parentElement;
                return box.scrollWidth - box.clientWidth;
            }"""
        )
        browser.close()
    assert hidden <= 0

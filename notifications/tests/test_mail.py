"""E-mails: who gets which, what they say, quiet hours, unsubscribing, a worker that was down."""

import os
import re
import subprocess
import sys
from datetime import UTC, datetime, time
from unittest import mock

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone
from procrastinate.contrib.django.models import ProcrastinateJob

from accounts.preferences import NOTIFICATION_KINDS
from games import services
from games.kosmopolis import engine
from games.models import Match
from games.tests.browser import database_url
from notifications.mail import quiet_until
from notifications.models import Notification


def _start(people, pace=Match.Pace.TURN_BASED):
    return services.start_match(game="kosmopolis", players=people, pace=pace, move_hours=24)


def _move(match: Match, people, seat: int) -> None:
    match.refresh_from_db()
    services.submit_move(
        match_id=match.pk,
        user=people[seat],
        move=engine.legal_moves(match.state, seat)[0],
        expected_seq=match.move_count,
    )


def test_a_three_seat_turn_based_match_mails_exactly_who_asked(client, people, mailoutbox):
    eva, jan, ota = people[:3]
    jan.notification_preferences = {"your_turn": {"email": False}}
    jan.save()
    ota.language = "cs"
    ota.save()
    match = _start([eva, jan, ota])
    assert sorted(m.to[0] for m in mailoutbox) == ["eva@example.com", "ota@example.com"]
    assert Notification.objects.filter(user=jan, kind="your_turn").exists(), "still on the site"

    to_eva = next(m for m in mailoutbox if m.to == ["eva@example.com"])
    link = f"{settings.SITE_URL}{match.get_absolute_url()}"
    assert f"It is your turn in Kosmopolis #{match.pk}" in to_eva.subject
    assert link in to_eva.body
    html = to_eva.alternatives[0][0]
    assert f'href="{link}"' in html
    unsubscribe = re.search(r"https?://\S+/notifications/unsubscribe/\S+/", to_eva.body).group(0)
    assert to_eva.extra_headers["List-Unsubscribe"] == f"<{unsubscribe}>"
    to_ota = next(m for m in mailoutbox if m.to == ["ota@example.com"])
    assert "Jste na tahu" in to_ota.subject

    mailoutbox.clear()
    _move(match, people, 0)
    _move(match, people, 1)
    assert mailoutbox == [], "one unread 'your turn' mail per match at most, none to the mover"

    path = unsubscribe.split(settings.SITE_URL.rstrip("/"), 1)[1]
    asked = client.get(path)
    assert asked.status_code == 200
    assert f'action="{path}"' in asked.content.decode()
    eva.refresh_from_db()
    assert eva.wants("your_turn", "email"), "following the link (a mail scanner) only asks"
    # RFC 8058: the mail client's one-click POST, without a session or a CSRF token.
    one_click = Client(enforce_csrf_checks=True)
    assert one_click.post(path, {"List-Unsubscribe": "One-Click"}).status_code == 200
    eva.refresh_from_db()
    assert not eva.wants("your_turn", "email")
    assert client.get(path[:-5] + "xxxx/").status_code == 404
    assert one_click.post(path[:-5] + "xxxx/").status_code == 404


def test_real_time_matches_send_no_turn_mails(people, mailoutbox):
    _start(people[:2], pace=Match.Pace.LIVE)
    assert mailoutbox == []
    assert Notification.objects.filter(kind="your_turn").count() == 2


def test_a_notice_read_on_the_site_is_not_mailed(people, mailoutbox, queued_tasks):
    match = _start(people[:2])
    Notification.objects.update(read_at=match.started_at)
    from notifications.mail import send_notification_email

    for notice in Notification.objects.all():
        assert send_notification_email(notification_id=notice.pk) is False
    assert mailoutbox == []


@pytest.mark.parametrize(
    ("start", "end", "now", "expected"),
    [
        (time(22), time(7), datetime(2026, 3, 2, 22, 30, tzinfo=UTC), datetime(2026, 3, 3, 7)),
        (time(22), time(7), datetime(2026, 3, 2, 6, 0, tzinfo=UTC), datetime(2026, 3, 2, 7)),
        (time(22), time(7), datetime(2026, 3, 2, 12, 0, tzinfo=UTC), None),
        (time(13), time(14), datetime(2026, 3, 2, 13, 5, tzinfo=UTC), datetime(2026, 3, 2, 14)),
    ],
)
def test_quiet_hours_are_read_in_the_players_time_zone(people, start, end, now, expected):
    player = people[0]
    player.time_zone = "UTC"
    player.quiet_hours_start, player.quiet_hours_end = start, end
    ends = quiet_until(player, now)
    assert (ends.replace(tzinfo=None) if ends else None) == expected


def test_mails_wait_for_the_end_of_quiet_hours(people, mailoutbox, queued_tasks):
    from notifications.mail import send_notification_email

    player = people[0]
    player.time_zone = "UTC"
    player.quiet_hours_start, player.quiet_hours_end = time(22), time(7)
    player.save()
    _start(people[:2])
    notice = Notification.objects.get(user=player)
    before = set(ProcrastinateJob.objects.values_list("pk", flat=True))
    night = datetime(2026, 3, 2, 23, 30, tzinfo=UTC)
    with mock.patch("notifications.mail.timezone.now", return_value=night):
        assert send_notification_email(notification_id=notice.pk) is False
    assert mailoutbox == []
    later = ProcrastinateJob.objects.exclude(pk__in=before).get()
    assert later.task_name == "notifications.mail.send_notification_email"
    assert later.scheduled_at == datetime(2026, 3, 3, 7, tzinfo=UTC)


def test_a_worker_that_was_down_sends_what_is_pending(people, settings, queued_tasks):
    match = _start(people[:2])
    assert not Notification.objects.filter(emailed_at__isnull=False).exists()
    env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}
    subprocess.run(
        [sys.executable, "manage.py", "worker", "--batch"],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    mailed = Notification.objects.filter(match_id=match.pk, emailed_at__isnull=False)
    assert mailed.count() == 2


def test_a_reminder_comes_two_hours_before_a_turn_based_deadline(people, mailoutbox, queued_tasks):
    from games.models import Seat

    match = _start(people[:2])
    seat = Seat.objects.get(match=match, number=0)
    reminders = ProcrastinateJob.objects.filter(task_name="games.services.remind_turn")
    assert sorted(reminders.values_list("scheduled_at", flat=True))[0] == (
        seat.deadline(match) - services.REMINDER_BEFORE
    )
    since = seat.turn_started_at.isoformat()
    assert services.send_turn_reminder(match_id=match.pk, seat=0, since=since) is True
    assert Notification.objects.filter(user=people[0], kind="turn_reminder").exists()
    _move(match, people, 0)
    assert services.send_turn_reminder(match_id=match.pk, seat=0, since=since) is False


def test_a_digest_player_gets_one_mail_a_day_listing_the_news(people, mailoutbox, queued_tasks):
    from notifications.mail import next_digest_time, send_digest, send_notification_email

    player = people[0]
    player.email_digest = True
    player.time_zone = "Europe/Prague"
    player.save()
    first = _start(people[:2])
    second = _start([player, people[2]])
    for notice in Notification.objects.filter(user=player):
        assert send_notification_email(notification_id=notice.pk) is False
    assert not [m for m in mailoutbox if m.to == [player.email]]
    digests = ProcrastinateJob.objects.filter(task_name="notifications.mail.send_digest")
    assert digests.count() == 1
    due = digests.get().scheduled_at
    assert due.astimezone(player.zone).hour == 8
    assert due == next_digest_time(player, timezone.now())

    assert send_digest(user_id=player.pk) == 2
    digest = next(m for m in mailoutbox if m.to == [player.email])
    assert f"#{first.pk}" in digest.body
    assert f"#{second.pk}" in digest.body
    assert send_digest(user_id=player.pk) == 0


def test_the_digest_names_its_language_and_unsubscribes_in_one_click(client, people, mailoutbox):
    from notifications.mail import send_digest

    player, other = people[0], people[1]
    player.email_digest = True
    player.save()
    other.language = "cs"
    other.save()
    _start([player, other])
    assert send_digest(user_id=player.pk) == 1
    digest = next(m for m in mailoutbox if m.to == [player.email])
    assert '<html lang="en">' in digest.alternatives[0][0]
    notice = next(m for m in mailoutbox if m.to == [other.email])
    assert '<html lang="cs">' in notice.alternatives[0][0]

    assert digest.extra_headers["List-Unsubscribe-Post"] == "List-Unsubscribe=One-Click"
    link = re.fullmatch(r"<(https?://\S+)>", digest.extra_headers["List-Unsubscribe"]).group(1)
    answer = client.post(link.split(settings.SITE_URL.rstrip("/"), 1)[1])
    assert answer.status_code == 200
    player.refresh_from_db()
    assert not any(player.wants(kind, "email") for kind in NOTIFICATION_KINDS)
    assert player.wants("your_turn", "site")


def test_the_digest_leaves_out_a_real_time_match_still_being_played(people, mailoutbox):
    from notifications.mail import send_digest

    player = people[0]
    player.email_digest = True
    player.save()
    turn_based = _start(people[:2])
    live = services.start_match(game="kosmopolis", players=[player, people[2]], clock_seconds=600)
    assert Notification.objects.filter(user=player, match_id=live.pk).exists()
    assert send_digest(user_id=player.pk) == 1
    digest = next(m for m in mailoutbox if m.to == [player.email])
    assert f"#{turn_based.pk}" in digest.body
    assert f"#{live.pk}" not in digest.body

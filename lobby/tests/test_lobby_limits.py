"""Limits a person never meets and a script does: new tables and bot matches, invitations (and
those to one player), and the yearly vacation allowance under requests sent at once."""

import threading
from datetime import timedelta

import pytest
import redis
from django.core.cache import caches
from django.db import connections
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from accounts.models import User
from config.guards import _limiter, within_limit
from games import services as game_services
from games.models import Match, Vacation
from games.tests.test_faults_redis import ThrowawayRedis
from lobby import services
from lobby.models import Invitation, Table

pytestmark = pytest.mark.django_db(transaction=True)

TOO_MANY = "Too many requests in a short time."


def _client(user: User) -> Client:
    client = Client(headers={"Accept-Language": "en"})
    client.force_login(user)
    return client


def test_bot_matches_and_tables_are_limited_per_player(people, bots, settings):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "new_table": "3/h"}
    eva = _client(people[0])
    started = [eva.post(reverse("play_against_bots", args=["kosmopolis"])) for _ in range(3)]
    assert [response.status_code for response in started] == [302] * 3
    refused = eva.post(reverse("play_against_bots", args=["kosmopolis"]))
    assert refused.status_code == 429
    assert TOO_MANY in refused.content.decode()
    assert eva.post(reverse("lobby_quick_play", args=["kosmopolis"])).status_code == 429
    form = {"seats": "3", "pace": "live", "clock_minutes": "5", "clock_increment": "5"}
    assert eva.post(reverse("lobby_open_table", args=["kosmopolis"]), form).status_code == 429
    assert Match.objects.filter(seats__user=people[0]).count() == 3
    assert eva.get(reverse("lobby_open_table", args=["kosmopolis"])).status_code == 200
    jan = _client(people[1])
    assert jan.post(reverse("play_against_bots", args=["kosmopolis"])).status_code == 302


def test_the_default_limits_let_a_person_play_on(people, bots):
    eva = _client(people[0])
    for _ in range(10):
        assert eva.post(reverse("play_against_bots", args=["kosmopolis"])).status_code == 302


def test_inviting_one_player_again_and_again_is_limited(people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=4)
    eva = _client(people[0])
    url = reverse("lobby_table_action", args=[table.pk, "invite"])
    answers = [eva.post(url, {"username": "Jan"}).status_code for _ in range(10)]
    assert answers == [302] * 5 + [429] * 5
    assert TOO_MANY in eva.post(url, {"username": "jan"}).content.decode()
    assert eva.post(url, {"username": "Ota"}).status_code == 302, "others can still be invited"
    assert set(Invitation.objects.values_list("invitee__username", flat=True)) == {"Jan", "Ota"}
    assert Table.objects.get(pk=table.pk).status == Table.Status.OPEN


def test_joining_leaving_and_substitutes_are_limited_per_player(people, settings):
    """Each of them re-renders every open lobby: a script's flood of them is held back."""
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "lobby_action": "5/h"}
    table = services.open_table(host=people[0], game="kosmopolis", seats=4)
    match = game_services.start_match(game="kosmopolis", players=[people[1], people[2]])
    jan = _client(people[1])
    join = reverse("lobby_table_action", args=[table.pk, "join"])
    leave = reverse("lobby_table_action", args=[table.pk, "leave"])
    substitute = reverse("match_ask_sub", args=[match.pk])
    answers = [jan.post(url).status_code for url in (join, leave, substitute, join, leave)]
    assert answers == [302] * 5
    assert jan.post(join).status_code == 429
    assert TOO_MANY in jan.post(substitute).content.decode()
    assert not table.sitting.filter(user=people[1]).exists()
    volunteer = reverse("match_volunteer", args=[match.pk, 0])
    ota = _client(people[3])
    assert [ota.post(join).status_code for _ in range(5)] == [302] * 5, "each player's own"
    assert ota.post(volunteer).status_code == 429
    assert Match.objects.get(pk=match.pk).seat_list[0].user == people[1]


def test_vacation_requests_sent_at_once_stay_within_the_allowance(people):
    """Six requests for 21 days at the same moment, on six connections: one is granted."""
    now = timezone.now()
    start = threading.Barrier(6)
    outcomes: list[str] = []

    def ask() -> None:
        user = User.objects.get(pk=people[0].pk)
        start.wait()
        try:
            game_services.declare_vacation(user=user, days=21, now=now)
            outcomes.append("granted")
        except game_services.MoveRefused:
            outcomes.append("refused")
        finally:
            connections.close_all()

    threads = [threading.Thread(target=ask) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert sorted(outcomes) == ["granted"] + ["refused"] * 5
    taken = sum((v.ends - v.starts).days for v in Vacation.objects.filter(user=people[0]))
    assert taken == Vacation.DAYS_PER_YEAR
    assert User.objects.get(pk=people[0].pk).vacation_until == now + timedelta(days=21)


def test_with_redis_the_limits_count_where_every_process_reads_them(people, bots, settings):
    """Django's Redis cache for the views' limits and `limits` on Redis for moves and talk: a
    count made through one connection holds for the next one, as for another process."""
    server = ThrowawayRedis()
    server.start()
    try:
        redis_cache = "config.cache.KeptClientRedisCache"
        settings.CACHES = {"default": {"BACKEND": redis_cache, "LOCATION": server.url}}
        settings.RATE_LIMIT_STORAGE = server.url
        settings.PLAY_RATE_LIMITS = {
            **settings.PLAY_RATE_LIMITS,
            "new_table": "1/h",
            "socket_message": "1/minute",
        }
        assert (
            _client(people[0]).post(reverse("play_against_bots", args=["kosmopolis"])).status_code
            == 302
        )
        caches["default"].close()
        assert (
            _client(people[0]).post(reverse("play_against_bots", args=["kosmopolis"])).status_code
            == 429
        )
        assert any(b"rl:" in key for key in redis.Redis.from_url(server.url).scan_iter())
        assert within_limit(people[0]) is True
        _limiter.cache_clear()
        assert within_limit(people[0]) is False, "counted through another connection"
        assert within_limit(people[1]) is True
    finally:
        server.stop()
    assert within_limit(people[2]) is True, "with Redis away a move is not held up"


def test_a_refusal_of_a_form_sent_by_htmx_shows_its_message_on_the_page(people, settings):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "new_table": "1/h"}
    eva = _client(people[0])
    assert eva.post(reverse("play_against_bots", args=["kosmopolis"])).status_code == 302
    refused = eva.post(
        reverse("play_against_bots", args=["kosmopolis"]), headers={"HX-Request": "true"}
    )
    assert refused.status_code == 429
    assert refused.headers["HX-Retarget"] == "#refusal"
    assert refused.headers["HX-Reswap"] == "innerHTML"
    body = refused.content.decode()
    assert TOO_MANY in body
    assert "<html" not in body
    page = eva.get(reverse("home")).content.decode()
    assert 'id="refusal"' in page
    assert '{"code": "(400|429)", "swap": true' in page


def test_on_redis_every_rate_of_a_move_counts_in_one_round_trip(people, settings):
    """A move counts toward each of its rates (a burst and a longer window), the rates sent
    to Redis together; a Redis that lost its scripts still counts every rate."""
    server = ThrowawayRedis()
    server.start()
    try:
        settings.RATE_LIMIT_STORAGE = server.url
        settings.PLAY_RATE_LIMITS = {
            **settings.PLAY_RATE_LIMITS,
            "socket_message": "2/minute;3/hour",
        }
        _limiter.cache_clear()
        assert [within_limit(people[0]) for _ in range(3)] == [True, True, False]
        redis.Redis.from_url(server.url).script_flush()
        assert within_limit(people[1]) is True
        assert within_limit(people[1]) is True
        assert within_limit(people[1]) is False, "the burst counted after the scripts were lost"
        settings.PLAY_RATE_LIMITS = {
            **settings.PLAY_RATE_LIMITS,
            "socket_message": "5/minute;3/hour",
        }
        assert within_limit(people[0]) is False, "three of the hour's counted"
    finally:
        _limiter.cache_clear()
        server.stop()

"""What the site lets in: logins throttled in the shared cache per address and per account, the
admin's login among them; NUL characters and malformed forms refused with a 400; websockets only
from the site's own origin and only to its addresses; the CSP's websocket source and the
language cookie."""

import ast

import pytest
from asgiref.sync import async_to_sync
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.test import Client
from django.urls import reverse

from accounts.models import User
from config.asgi import application
from config.guards import whole_number
from config.routing import websocket_urlpatterns
from config.tests.test_site import _settings_under
from lobby import services as lobby_services


@pytest.fixture
def eva(db):
    return User.objects.create_user(
        "Eva", "eva@example.com", "heslo-123-abc", display_name="Eva", language="en"
    )


TOO_MANY = "Too many failed login attempts."


def _login(client: Client, login: str, password: str, address: str) -> str:
    """Whether the login went through ("in"), failed ("failed"), or was refused unchecked."""
    response = client.post(
        reverse("account_login"),
        {"login": login, "password": password},
        headers={"X-Forwarded-For": address, "Accept-Language": "en"},
    )
    if response.status_code == 302:
        return "in"
    return "refused" if TOO_MANY in response.content.decode() else "failed"


def test_rate_limits_count_in_redis_when_there_is_one():
    """With REDIS_URL every process counts in the same place, so limits do not multiply with
    the processes."""
    redis = {"REDIS_URL": "redis://127.0.0.1:6379/11"}
    configured = ast.literal_eval(
        _settings_under(redis, "settings.CACHES['default'], settings.RATE_LIMIT_STORAGE")
    )
    assert configured[0]["BACKEND"] == "config.cache.KeptClientRedisCache"
    assert configured[0]["LOCATION"] == "redis://127.0.0.1:6379/11"
    assert configured[1] == "redis://127.0.0.1:6379/11"


def test_the_client_address_is_read_from_the_trusted_proxy():
    proxied = {"TRUSTED_PROXY_COUNT": "1", "TRUSTED_CLIENT_IP_HEADER": "X-Real-IP"}
    expression = "settings.ALLAUTH_TRUSTED_PROXY_COUNT, settings.ALLAUTH_TRUSTED_CLIENT_IP_HEADER"
    assert _settings_under(proxied, expression) == repr((1, "X-Real-IP"))
    assert _settings_under({}, expression) == repr((0, None))


def test_behind_the_proxy_an_attacker_locks_out_only_their_address_and_the_guessed_account(
    eva, settings
):
    """Failed logins count per client address (the one the trusted proxy saw) and per account:
    guesses at one account stop after a few, whichever address they come from, and one
    address's guesses stop after a few more, while another visitor behind the same proxy still
    signs in."""
    settings.ALLAUTH_TRUSTED_PROXY_COUNT = 1
    User.objects.create_user("Jan", "jan@example.com", "heslo-456-def")
    attacker = Client()
    tries = [_login(attacker, "Eva", f"guess-{n}", f"203.0.113.{n}") for n in range(5)]
    assert tries == ["failed"] * 5
    assert _login(Client(), "Eva", "heslo-123-abc", "203.0.113.99") == "refused"
    assert _login(Client(), "Jan", "heslo-456-def", "198.51.100.7") == "in"

    crowd = Client()
    tries = [_login(crowd, f"nobody-{n}", "x", "203.0.113.50") for n in range(11)]
    assert tries == ["failed"] * 10 + ["refused"]
    assert _login(Client(), "Jan", "heslo-456-def", "198.51.100.8") == "in"


def test_failed_logins_count_per_account_whatever_the_port_or_the_name_it_is_given_by(eva):
    """Five failures lock the account out for a while: another port in the Host header (which
    ALLOWED_HOSTS ignores) is the same site, and the account's e-mail the same account."""

    def login(login: str, password: str, host: str = "testserver") -> str:
        response = Client().post(
            reverse("account_login"),
            {"login": login, "password": password},
            headers={"Accept-Language": "en", "Host": host},
        )
        if response.status_code == 302:
            return "in"
        return "refused" if TOO_MANY in response.content.decode() else "failed"

    guesses = ["Eva", "eva", "EVA@example.com", "eva@example.com", "Eva"]
    assert [login(name, f"guess-{n}") for n, name in enumerate(guesses)] == ["failed"] * 5
    assert login("Eva", "heslo-123-abc", host="testserver:7") == "refused"
    assert login("eva@example.com", "heslo-123-abc", host="testserver:8000") == "refused"
    assert login("nobody", "heslo-123-abc") == "failed", "another account's budget is its own"


def test_logins_past_the_limit_get_a_429_that_says_why(eva, settings):
    settings.ACCOUNT_RATE_LIMITS = {**settings.ACCOUNT_RATE_LIMITS, "login": "2/m/ip"}
    client = Client(headers={"Accept-Language": "en"})
    answers = [
        client.post(reverse("account_login"), {"login": "Eva", "password": "x"}) for _ in range(3)
    ]
    assert [answer.status_code for answer in answers] == [200, 200, 429]
    assert "Too many requests in a short time." in answers[2].content.decode()


def test_the_admin_signs_in_through_the_throttled_login(db):
    boss = User.objects.create_user("Boss", "boss@example.com", "heslo-789-ghi")
    boss.is_staff = boss.is_superuser = True
    boss.save()
    client = Client()
    asked = client.get("/admin/login/")
    assert asked.status_code == 302
    assert asked["Location"].startswith(reverse("account_login"))
    posted = client.post("/admin/login/", {"username": "Boss", "password": "heslo-789-ghi"})
    assert posted.status_code == 302
    assert "_auth_user_id" not in client.session, "no second, unthrottled password form"


@pytest.mark.parametrize(
    ("method", "address", "fields"),
    [
        ("get", "/players/%00/", {}),
        ("get", "/players/Eva/vs/", {"other": "\x00"}),
        ("get", "/tables/join/%00/", {}),
        ("post", "/tables/join/%00/", {}),
        ("post", "/matches/{match}/hand/", {"username": "Jan\x00"}),
        ("post", "/tables/{table}/invite/", {"username": "\x00"}),
    ],
)
def test_a_nul_character_anywhere_is_a_400_with_the_reason(eva, method, address, fields):
    from games import services

    jan = User.objects.create_user("Jan", "jan@example.com", "heslo-456-def")
    match = services.start_match(game="kosmopolis", players=[eva, jan])
    table = lobby_services.open_table(host=eva, game="kosmopolis", seats=3)
    client = Client(headers={"Accept-Language": "en"})
    client.force_login(eva)
    url = address.format(match=match.pk, table=table.pk)
    response = getattr(client, method)(url, fields)
    assert response.status_code == 400
    assert "a character that is not allowed" in response.content.decode()


@pytest.mark.parametrize("address", ["/players/%00/", "/?q=%00"])
def test_the_nul_refusal_carries_the_security_headers_of_every_page(client, settings, address):
    """The refusal comes before any view, yet it is a page like the others: framed by no one
    and held to the site's CSP, in production (DEBUG off) as well."""
    settings.DEBUG = False
    response = client.get(address, secure=True)
    assert response.status_code == 400
    assert "frame-ancestors 'none'" in response["Content-Security-Policy"]
    assert response["X-Frame-Options"] == "DENY"
    assert response["X-Content-Type-Options"] == "nosniff"


@pytest.mark.parametrize(
    "digits",
    [None, "٠١٢٣٤٥٦٧٨٩", "０１２３４５６７８９", "⁰¹²³⁴⁵⁶⁷⁸⁹"],
    ids=["letters", "arabic-indic", "fullwidth", "superscript"],
)
def test_removing_a_player_named_by_no_id_is_a_400(eva, digits):
    jan = User.objects.create_user("Jan", "jan@example.com", "heslo-456-def")
    table = lobby_services.open_table(host=eva, game="kosmopolis", seats=3)
    lobby_services.join_table(table_id=table.pk, user=jan)
    client = Client()
    client.force_login(eva)
    player = "abc" if digits is None else str(jan.pk).translate(str.maketrans("0123456789", digits))
    response = client.post(f"/tables/{table.pk}/remove/", {"player": player})
    assert response.status_code == 400
    assert "The form names no player." in response.content.decode()
    assert table.sitting.filter(user=jan).exists()


def test_a_number_from_a_request_is_written_in_ascii_digits_only():
    assert [whole_number(text) for text in ("0", "42", 42, "9" * 18)] == [0, 42, 42, int("9" * 18)]
    refused = ["", "²", "٣", "３", "4²", " 4", "4 ", "4\n", "+4", "-4", -4, "4_0", "9" * 19, True]
    assert [whole_number(text) for text in refused] == [None] * len(refused)


def _socket(
    path: str, origin: str, host: str = "testserver", app=application
) -> tuple[bool, int | None]:
    async def connect() -> tuple[bool, int | None]:
        headers = [(b"origin", origin.encode()), (b"host", host.encode())]
        socket = WebsocketCommunicator(app, path, headers=headers)
        connected, code = await socket.connect()
        if connected:
            await socket.disconnect()
        return connected, code

    return async_to_sync(connect)()


@pytest.mark.django_db(transaction=True)
def test_a_websocket_to_an_unknown_address_is_closed_as_not_found():
    routes = URLRouter(websocket_urlpatterns)
    assert _socket("/ws/nothing/", "http://testserver", app=routes) == (False, 4404)
    assert _socket("/ws/matches/abc/", "http://testserver", app=routes) == (False, 4404)
    assert _socket("/ws/nothing/", "http://testserver") == (False, 4404)


@pytest.mark.django_db(transaction=True)
def test_websockets_are_accepted_from_exactly_the_sites_origins(settings):
    """A move over the socket carries no CSRF token: the origin check is its CSRF check, so it
    compares scheme, host and port, as Django's CSRF check does."""
    settings.SITE_ORIGIN = "https://deskovky.example"
    settings.CSRF_TRUSTED_ORIGINS = ["https://play.deskovky.example:8443"]
    assert _socket("/ws/lobby/", "http://testserver")[0], "the socket's own origin"
    assert _socket("/ws/lobby/", "https://deskovky.example")[0]
    assert _socket("/ws/lobby/", "https://play.deskovky.example:8443")[0]
    refused = [
        "https://testserver",
        "http://testserver:8080",
        "http://deskovky.example",
        "https://deskovky.example:444",
        "https://play.deskovky.example",
        "https://evil.example",
        "null",
    ]
    assert [origin for origin in refused if _socket("/ws/lobby/", origin)[0]] == []
    assert not _socket("/ws/lobby/", "http://evil.example", host="evil.example")[0]


def test_the_production_csp_allows_only_the_sites_own_websockets():
    production = {"DEBUG": "0", "SITE_URL": "https://deskovky.example/", "SECRET_KEY": "x" * 50}
    sources = _settings_under(production, "settings.CONTENT_SECURITY_POLICY")
    connect = ast.literal_eval(sources)["DIRECTIVES"]["connect-src"]
    assert connect == ["'self'", "wss://deskovky.example"]


def test_the_language_cookie_is_same_site(client):
    response = client.post(reverse("set_language"), {"language": "en", "next": "/"})
    assert response.cookies["language"]["samesite"] == "Lax"

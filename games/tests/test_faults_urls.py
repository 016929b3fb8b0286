"""Every address the site serves, pages and websockets, read from the URL resolvers (so a new
address is covered the day it is added): its parameters and the usual form and query fields
filled with NUL characters, huge numbers, other scripts' digits (`str.isdigit()` takes them), the
wrong type and very long text, signed out and signed in, GET and POST. Each answer is a page, a
redirect or a 4xx; never a server error."""

import re
from collections.abc import Iterator
from urllib.parse import quote

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.conf import settings
from django.test import Client
from django.urls import URLResolver, get_resolver

from accounts.models import User
from config.asgi import application
from config.routing import websocket_urlpatterns
from games import services
from lobby import services as lobby_services

SLOT = "\x01"
"""Where a parameter goes in an address."""
FIELDS = [
    "other", "step", "seq", "next", "username", "player", "token", "days", "seats", "reason",
    "answer", "language", "login", "password", "email", "cards", "type", "game", "page",
    "players", "line", "muted",
]  # fmt: skip
"""The fields the site's views and allauth's read from a query or a form."""
OTHER_DIGITS = ["²", "٣", "３"]
"""A superscript, an Arabic-Indic and a fullwidth digit."""
BAD_VALUES = ["%00", "a%00b", "9" * 30, "-1", "abc", "0", "x" * 3000, "%C5%BE%F0%9F%90%89"]
BAD_VALUES += [quote(digit) for digit in OTHER_DIGITS]
"""Put in an address: URL-encoded, as a client sends them."""
BAD_FIELD_VALUES = ["a\x00b", "9" * 30, "abc", "x" * 3000, "ž🐉", *OTHER_DIGITS]


def _templates(patterns: list, prefix: str = "") -> Iterator[str]:
    """Each address pattern as text with SLOT for each parameter."""
    for pattern in patterns:
        text = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            yield from _templates(pattern.url_patterns, text)
        else:
            text = re.sub(r"<[^>]+>", SLOT, text)  # path converters
            text = re.sub(r"\(\?P<\w+>[^)]*\)", SLOT, text)  # regular expression groups
            text = text.replace("^", "").replace("$", "").replace("\\", "")
            yield "/" + text.lstrip("/")


def _addresses(template: str, known: list[str]) -> list[str]:
    """The pattern with each parameter set to each bad value (and to ids that exist, so that
    the other parameters reach the views' own checks)."""
    slots = template.count(SLOT)
    if not slots:
        return [template]
    addresses = []
    for value in BAD_VALUES:
        for position in range(slots):
            addresses.append(
                _filled(template, [value if i == position else "1" for i in range(slots)])
            )
    for good in known:
        addresses.append(_filled(template, [good] * slots))
    return addresses


def _filled(template: str, values: list[str]) -> str:
    for value in values:
        template = template.replace(SLOT, value, 1)
    return template


@pytest.fixture
def site_objects(people, bots):
    """A match, a table with an invitation, a player: their ids and names fill the parameters
    that are not being fuzzed."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    table = lobby_services.open_table(host=people[2], game="kosmopolis", seats=3)
    invitation = lobby_services.invite(table_id=table.pk, by=people[2], username="Eva")
    return [str(match.pk), str(table.pk), str(invitation.pk), "Eva", "kosmopolis", "1"]


TEMPLATES = sorted(set(_templates(get_resolver().url_patterns)))


def test_the_addresses_are_read_from_the_resolver():
    assert "/matches/" + SLOT + "/move/" in TEMPLATES
    assert "/admin/login/" in TEMPLATES


@pytest.mark.django_db
@pytest.mark.parametrize("template", TEMPLATES, ids=lambda t: t.replace(SLOT, "<>"))
def test_no_address_answers_any_bad_parameter_with_a_server_error(people, site_objects, template):
    admin = template.startswith("/admin/")
    if admin:
        staff = User.objects.create_user("Spravce", "spravce@example.com", "heslo-123-abc")
        staff.is_staff = staff.is_superuser = True
        staff.save()
        viewers = [staff]
    else:
        viewers = [None, people[0]]
    clients = {viewer: _client(viewer) for viewer in viewers}
    requests = [(address, {}) for address in _addresses(template, site_objects)]
    if not admin:
        address = _found(clients[people[0]], people[0], template, site_objects)
        requests += [(address, dict.fromkeys(FIELDS, value)) for value in BAD_FIELD_VALUES]
    errors = []
    for address, fields in requests:
        for viewer in viewers:
            for method in ("get", "post"):
                status = _status(clients[viewer], viewer, method, address, fields)
                if status >= 500:
                    value = next(iter(fields.values()), "")[:9]
                    errors.append(f"{method.upper()} {address[:80]} {value!r} {viewer}")
    assert errors == []


def _found(client: Client, viewer, template: str, known: list[str]) -> str:
    """The pattern filled with the first of the existing ids that is not a 404, so that the
    form's fields reach the view."""
    if SLOT not in template:
        return template
    filled = [_filled(template, [good] * template.count(SLOT)) for good in known]
    return next((a for a in filled if _status(client, viewer, "get", a, {}) != 404), filled[0])


def _client(viewer) -> Client:
    client = Client(raise_request_exception=False)
    if viewer is not None:
        client.force_login(viewer)
    return client


def _status(client: Client, viewer, method: str, address: str, fields: dict) -> int:
    """The answer's status (a signed-in client that was signed out signs in again)."""
    session = client.cookies.get(settings.SESSION_COOKIE_NAME)
    if viewer is not None and (session is None or not session.value):
        client.force_login(viewer)
    return getattr(client, method)(address, fields).status_code


@pytest.mark.django_db(transaction=True)
def test_no_websocket_address_fails_on_any_bad_parameter(people, site_objects):
    templates = sorted(set(_templates([*websocket_urlpatterns])))
    assert "/ws/matches/" + SLOT + "/" in templates
    templates += ["/ws/", "/ws/nothing/", "/nothing/"]
    signed_in = Client()
    signed_in.force_login(people[0])
    cookie = (
        f"{settings.SESSION_COOKIE_NAME}={signed_in.cookies[settings.SESSION_COOKIE_NAME].value}"
    )

    opened: list[bool] = []

    async def connect(address: str, query: str, cookies: str) -> None:
        headers = [(b"origin", b"http://testserver"), (b"host", b"testserver")]
        if cookies:
            headers.append((b"cookie", cookies.encode()))
        socket = WebsocketCommunicator(application, f"{address}?{query}", headers=headers)
        connected, _code = await socket.connect(timeout=10)
        opened.append(connected)
        if connected:
            await socket.send_to(text_data="\x00" + "x" * 5000)
            await socket.receive_nothing(timeout=0.05)
            await socket.disconnect()

    for template in templates:
        for address in _addresses(template, site_objects):
            for cookies in ("", cookie):
                query = "seq=" + BAD_VALUES[len(address) % len(BAD_VALUES)]
                async_to_sync(connect)(address, query, cookies)
    assert any(opened), "the sockets reached their consumers"

"""The lobby pages and the live list of tables."""

import pytest
from asgiref.sync import async_to_sync
from channels.db import database_sync_to_async
from channels.testing import WebsocketCommunicator
from django.db import transaction
from django.urls import reverse

from lobby import services
from lobby.consumers import LobbyConsumer
from lobby.models import Table

pytestmark = pytest.mark.django_db(transaction=True)


def test_opening_a_table_from_the_form_and_sitting_down(client, people):
    client.force_login(people[0])
    response = client.post(
        reverse("lobby_open_table", args=["kosmopolis"]),
        {
            "seats": 2,
            "pace": "turn",
            "clock_minutes": 5,
            "clock_increment": 5,
            "move_hours": 48,
            "rated": "on",
            "bots_allowed": "on",
        },
    )
    table = Table.objects.get()
    assert response.url == table.get_absolute_url()
    assert (table.pace, table.move_hours, table.private) == ("turn", 48, False)
    client.force_login(people[1])
    response = client.post(reverse("lobby_table_action", args=[table.pk, "join"]))
    table.refresh_from_db()
    assert response.url == table.match.get_absolute_url()


def test_a_forged_action_changes_nothing(client, people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=3)
    client.force_login(people[1])
    response = client.post(reverse("lobby_table_action", args=[table.pk, "start"]), follow=True)
    assert "Only the host" in response.content.decode()
    assert client.post(reverse("lobby_table_action", args=[table.pk, "fly"])).status_code == 404
    table.refresh_from_db()
    assert table.status == Table.Status.OPEN


def test_a_private_table_is_invisible_without_the_invitation(client, people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=3, private=True)
    client.force_login(people[1])
    assert f"lobby-table-{table.pk}" not in client.get(reverse("home")).content.decode()
    assert client.get(table.get_absolute_url()).status_code == 404
    services.invite(table_id=table.pk, by=people[0], username="ota")
    client.force_login(people[2])
    assert f"lobby-table-{table.pk}" in client.get(reverse("home")).content.decode()
    assert client.get(table.get_absolute_url()).status_code == 200
    client.force_login(people[1])
    page = client.get(reverse("lobby_join_by_link", args=[table.invite_token]))
    assert page.status_code == 200
    client.post(reverse("lobby_join_by_link", args=[table.invite_token]))
    assert table.sitting.filter(user=people[1]).exists()


def test_my_games_lists_my_turn_first(client, people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=2)
    services.join_table(table_id=table.pk, user=people[1])
    client.force_login(people[0])
    html = client.get(reverse("my_games")).content.decode()
    assert html.index("my-match my-turn") < html.index("Waiting for others")


def test_the_lobby_list_changes_live_when_a_table_opens_and_starts(people):
    async def scenario():
        watcher = WebsocketCommunicator(LobbyConsumer.as_asgi(), "/ws/lobby/")
        watcher.scope["user"] = people[4]
        watcher.scope["url_route"] = {"kwargs": {}}
        assert (await watcher.connect())[0]
        try:
            table = await database_sync_to_async(services.open_table)(
                host=people[0], game="kosmopolis", seats=2
            )
            opened = await watcher.receive_from()
            await database_sync_to_async(services.join_table)(table_id=table.pk, user=people[1])
            started = await watcher.receive_from()
            return table, opened, started
        finally:
            await watcher.disconnect()

    table, opened, started = async_to_sync(scenario)()
    marker = f'id="lobby-table-{table.pk}" data-status='
    assert f'{marker}"open"' in opened
    assert f'{marker}"started"' in started


@pytest.mark.parametrize(
    "three", ["³", "٣", "３"], ids=["superscript", "arabic-indic", "fullwidth"]
)
def test_a_player_count_in_other_digits_narrows_nothing_on_the_page_or_the_live_list(
    client, people, three
):
    """`str.isdigit()` takes them all; a superscript made the page and the socket fail."""
    pair = services.open_table(host=people[0], game="kosmopolis", seats=2)
    page = client.get(reverse("home"), {"players": three})
    assert page.status_code == 200
    assert f'id="lobby-table-{pair.pk}"' in page.content.decode()

    async def scenario():
        watcher = WebsocketCommunicator(LobbyConsumer.as_asgi(), f"/ws/lobby/?players={three}")
        watcher.scope["user"] = people[4]
        watcher.scope["url_route"] = {"kwargs": {}}
        assert (await watcher.connect())[0]
        try:
            trio = await database_sync_to_async(services.open_table)(
                host=people[1], game="kosmopolis", seats=3
            )
            return trio, await watcher.receive_from()
        finally:
            await watcher.disconnect()

    trio, pushed = async_to_sync(scenario)()
    assert f'id="lobby-table-{pair.pk}"' in pushed
    assert f'id="lobby-table-{trio.pk}"' in pushed


def test_a_burst_of_changes_re_renders_each_lobby_socket_once_or_twice_ending_as_it_is(people):
    """Joins and leaves that land together (a flood of them, or a table filling up) cost each
    open lobby page a render or two, not one each; the last render shows the table as it is."""
    table = services.open_table(host=people[0], game="kosmopolis", seats=4)

    @database_sync_to_async
    def burst() -> None:
        """Twenty-two changes, told together when the transaction commits."""
        with transaction.atomic():
            for _ in range(10):
                services.join_table(table_id=table.pk, user=people[1])
                services.leave_table(table_id=table.pk, user=people[1])
            services.join_table(table_id=table.pk, user=people[2])
            services.join_table(table_id=table.pk, user=people[3])

    async def scenario():
        lobby = WebsocketCommunicator(LobbyConsumer.as_asgi(), "/ws/lobby/")
        lobby.scope["url_route"] = {"kwargs": {}}
        room = WebsocketCommunicator(LobbyConsumer.as_asgi(), f"/ws/lobby/tables/{table.pk}/")
        room.scope["url_route"] = {"kwargs": {"table_id": table.pk}}
        for socket in (lobby, room):
            socket.scope["user"] = people[4]
            assert (await socket.connect())[0]
        try:
            await burst()
            renders = []
            for socket in (lobby, room):
                pushed = [await socket.receive_from(timeout=5)]
                while not await socket.receive_nothing(timeout=1):
                    pushed.append(await socket.receive_from())
                renders.append(pushed)
            return renders
        finally:
            await lobby.disconnect()
            await room.disconnect()

    in_lobby, in_room = async_to_sync(scenario)()
    assert len(in_lobby) <= 2
    assert len(in_room) <= 2
    assert "3 of 4 seats" in in_lobby[-1]
    assert "Ota" in in_room[-1]
    assert "Ida" in in_room[-1]


def test_my_games_shows_the_time_left_and_takes_a_vacation(client, people):
    table = services.open_table(
        host=people[0], game="kosmopolis", seats=2, pace="turn", move_hours=48
    )
    services.join_table(table_id=table.pk, user=people[1])
    client.force_login(people[0])
    html = client.get(reverse("my_games")).content.decode()
    assert "left</time>" in html
    assert "21 left this year" in html
    client.post(reverse("take_vacation"), {"days": "3"})
    html = client.get(reverse("my_games")).content.decode()
    assert "You are on vacation until" in html
    people[0].refresh_from_db()
    assert people[0].vacation_until is not None


@pytest.mark.parametrize("slug", ["kosmopolis", "seven_dragons", "space_dragons", "isle_of_cats"])
def test_every_game_has_a_rules_summary_in_both_languages(client, slug):
    english = client.get(reverse("rules_summary", args=[slug]), HTTP_ACCEPT_LANGUAGE="en")
    czech = client.get(reverse("rules_summary", args=[slug]), HTTP_ACCEPT_LANGUAGE="cs")
    assert english.status_code == czech.status_code == 200
    assert english.content.decode().count("<li>") >= 4
    assert english.content != czech.content


def test_a_rated_waiting_room_shows_each_players_chance(client, people):
    table = services.open_table(host=people[0], game="kosmopolis", seats=3, rated=True)
    services.join_table(table_id=table.pk, user=people[1])
    client.force_login(people[0])
    html = client.get(table.get_absolute_url()).content.decode()
    assert "Chances to win" in html
    assert html.count("50 %") == 2


def test_a_pushed_room_still_offers_a_seat_to_a_signed_in_visitor(people):
    """Ota looks at Eva's waiting room; Jan sits down. The room Ota's page gets pushed still
    has its "Sit down" button (the page's own render had it; the push lost it)."""
    table = services.open_table(host=people[0], game="kosmopolis", seats=4, pace="live")

    async def scenario():
        room = WebsocketCommunicator(LobbyConsumer.as_asgi(), f"/ws/lobby/tables/{table.pk}/")
        room.scope["url_route"] = {"kwargs": {"table_id": table.pk}}
        room.scope["user"] = people[2]
        assert (await room.connect())[0]
        try:
            await database_sync_to_async(services.join_table)(table_id=table.pk, user=people[1])
            return await room.receive_from(timeout=5)
        finally:
            await room.disconnect()

    pushed = async_to_sync(scenario)()
    assert "Jan" in pushed
    assert "Sit down" in pushed


def test_the_pushed_lobby_offers_a_seat_wanting_a_substitute_to_a_signed_in_player(people):
    """A seat whose player asked for a volunteer appears in Ota's lobby with its "Take over
    this seat" button, pushed as on the page."""
    from games import services as games

    match = games.start_match(game="kosmopolis", players=people[:2])

    async def scenario():
        lobby = WebsocketCommunicator(LobbyConsumer.as_asgi(), "/ws/lobby/")
        lobby.scope["url_route"] = {"kwargs": {}}
        lobby.scope["user"] = people[2]
        assert (await lobby.connect())[0]
        try:
            await database_sync_to_async(games.ask_for_substitute)(
                match_id=match.pk, user=people[0]
            )
            return await lobby.receive_from(timeout=5)
        finally:
            await lobby.disconnect()

    pushed = async_to_sync(scenario)()
    assert "Substitutes wanted" in pushed
    assert "Take over this seat" in pushed


def test_the_hosts_remove_button_stands_beside_the_players_name(client, people):
    """In the waiting room the host's "remove" is on the line of the name it removes, not on
    a line of its own below it (where it reads as belonging to the next seat)."""
    from django.conf import settings
    from playwright.sync_api import sync_playwright

    from games.tests.browser import CHROMIUM, CHROMIUM_ARGS

    table = services.open_table(host=people[0], game="kosmopolis", seats=3, pace="live")
    services.join_table(table_id=table.pk, user=people[1])
    client.force_login(people[0])
    html = client.get(reverse("lobby_table", args=[table.pk])).content.decode()
    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
        page.set_content(html)
        page.add_style_tag(path=settings.BASE_DIR / "static" / "css" / "site.css")
        seat = page.locator(".seat-taken", has_text="Jan")
        seat_box, button_box = seat.bounding_box(), seat.locator("button").bounding_box()
        browser.close()
    assert button_box["y"] < seat_box["y"] + 12

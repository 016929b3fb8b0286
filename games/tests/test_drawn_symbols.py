"""The games' own look: emblems next to their names, and card symbols drawn from one SVG sprite
per game, inlined once per page so that a card (and every live push) only refers to a symbol."""

from __future__ import annotations

import re

import pytest
from django.contrib.staticfiles import finders
from django.template.loader import render_to_string
from django.templatetags.static import static
from django.urls import reverse

from games import services
from games.kosmopolis.components import PROFESSION_BY_COLOR
from games.models import Match
from games.regions import render_regions
from games.registry import GAMES, playable_games
from games.selectors import TABLE_REGIONS, load_table, table_for
from games.seven_dragons.components import ACTION_OF
from games.seven_dragons.labels import SYMBOLS, WILD_SYMBOL
from games.space_dragons.labels import DRAWN_SYMBOLS
from games.tests.example import every_game
from lobby import services as lobby_services

pytestmark = pytest.mark.django_db(transaction=True)

DRAWN = [game.slug for game in playable_games() if game.symbols]
"""The games whose cards carry symbols from a sprite (every game now; a game whose pieces are
all drawn in its own SVG may go without one)."""
MOVES = 12


def _used(html: str) -> set[str]:
    return set(re.findall(r'<use href="#([\w-]+)"', html))


def _defined(html: str) -> set[str]:
    return set(re.findall(r'<symbol id="([\w-]+)"', html))


def _played(game: str, people) -> Match:
    """A match a few moves in (action cards, dragons, crew played), each seat's last legal move."""
    rules = GAMES[game].engine
    match = services.start_match(game=game, players=people[:3])
    for _move in range(MOVES):
        match.refresh_from_db()
        seat = min(rules.to_act(match.state))
        services.submit_move(
            match_id=match.pk,
            user=people[seat],
            move=rules.legal_moves(match.state, seat)[-1],
            expected_seq=match.move_count,
        )
    return match


def test_the_card_games_draw_their_symbols_from_a_sprite():
    assert {
        "kosmopolis",
        "seven_dragons",
        "space_dragons",
        "isle_of_cats",
        "space_bastards",
    } <= set(DRAWN)


@pytest.mark.parametrize("game", DRAWN)
def test_every_symbol_the_table_and_replay_draw_is_in_the_pages_one_sprite(client, people, game):
    match = _played(game, people)
    client.force_login(people[0])
    replay = reverse("match_replay", args=[match.pk])
    for url, query in [
        (match.get_absolute_url(), {}),
        (replay, {"step": match.move_count}),
        (replay, {"step": 0}),
    ]:
        html = client.get(url, query).content.decode()
        assert html.count('class="card-symbols"') == 1, url
        used = _used(html)
        assert used, url
        assert used <= _defined(html), (url, sorted(used - _defined(html)))


@pytest.mark.parametrize("game", DRAWN)
def test_a_push_refers_to_symbols_and_never_carries_the_sprite(people, game):
    match = _played(game, people)
    table = load_table(match.pk)
    for user in [*people[:3], people[3]]:
        pushed = "".join(
            render_regions(TABLE_REGIONS, table_for(table, user).context(oob=True)).values()
        )
        assert "<symbol" not in pushed
        assert _used(pushed)


def _sprite(game: str) -> set[str]:
    return _defined(render_to_string(GAMES[game].symbols))


def test_each_seven_dragons_colour_and_action_has_a_drawn_symbol_of_its_own():
    colours = [*SYMBOLS.values(), WILD_SYMBOL]
    assert len(set(colours)) == len(colours)
    assert {f"seven-{symbol}" for symbol in colours} <= _sprite("seven_dragons")
    assert {f"seven-{action}" for action in ACTION_OF.values()} <= _sprite("seven_dragons")


def test_each_kosmopolis_profession_and_space_dragons_symbol_is_drawn():
    assert {f"kosmo-{p}" for p in PROFESSION_BY_COLOR.values()} <= _sprite("kosmopolis")
    assert {f"kd-{key}" for key in DRAWN_SYMBOLS} | {"kd-dragon"} <= _sprite("space_dragons")


def test_every_game_shows_its_emblem_on_the_home_page_beside_its_name(client):
    html = client.get(reverse("home")).content.decode()
    for game in GAMES.values():
        card = html[html.index(f'id="game-{game.slug}"') :]
        heading = card[: card.index("</h3>")]
        assert f'<img class="emblem" src="{static(game.emblem)}" alt=""' in heading
        assert str(game.name) in heading


@pytest.mark.parametrize("game", every_game())
def test_an_emblem_is_drawn_for_this_site_and_loads_nothing_from_elsewhere(game):
    path = finders.find(GAMES[game].emblem)
    assert path, game
    with open(path, encoding="utf-8") as emblem:
        svg = emblem.read()
    assert svg.startswith('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96">')
    assert "<image" not in svg
    assert "<script" not in svg
    assert re.findall(r"https?://", svg) == ["http://"]


def test_the_lobby_lists_and_the_waiting_room_show_a_tables_game_by_its_emblem(client, people):
    table = lobby_services.open_table(host=people[0], game="seven_dragons", seats=3)
    emblem = static(GAMES["seven_dragons"].emblem)
    home = client.get(reverse("home")).content.decode()
    listed = home[home.index(f'id="lobby-table-{table.pk}"') :]
    assert (
        f'<img class="emblem emblem-small" src="{emblem}" alt=""' in listed[: listed.index("</li>")]
    )
    room = client.get(table.get_absolute_url()).content.decode()
    assert f'<img class="emblem" src="{emblem}" alt=""' in room

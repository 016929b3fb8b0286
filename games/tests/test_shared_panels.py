"""A seat's panel renders once per announcement for the viewers who see it alike, and never
hands one viewer what another sees (`games.regions.seat_panel`)."""

import copy

import pytest
from django.contrib.auth.models import AnonymousUser
from django.utils import translation

from games import services
from games.regions import environment, fragments, once, render_region, render_regions
from games.selectors import load_table, table_for
from games.translated import reading


def _panels(context, announcement=None):
    html = render_regions(["players"], context, announcement=announcement)["players"]
    return fragments(html)[1]


@pytest.mark.django_db
def test_each_viewer_gets_the_panels_a_render_of_their_own_would_give(people):
    match = load_table(services.start_match(game="seven_dragons", players=people[:3]).pk)
    announcement = (match.pk, match.move_count)
    viewers = [people[0], people[1], AnonymousUser(), people[2]]
    with translation.override("cs"):
        contexts = [table_for(match, viewer).context(oob=True) for viewer in viewers]
        shared = [_panels(context, announcement) for context in contexts]
        alone = [fragments(render_region("players", context))[1] for context in contexts]
    assert shared == alone
    # Eva sees her own goal card on her panel; Jan and a spectator see it face down.
    assert shared[0]["seat-panel-0"] != shared[1]["seat-panel-0"]
    assert shared[1]["seat-panel-0"] == shared[2]["seat-panel-0"] == shared[3]["seat-panel-0"]


@pytest.mark.django_db
def test_a_panel_is_rendered_again_for_a_viewer_whose_data_differs(people):
    match = load_table(services.start_match(game="kosmopolis", players=people[:3]).pk)
    announcement = (match.pk, match.move_count)
    with translation.override("en"):
        context = table_for(match, people[1]).context(oob=True)
        first = _panels(context, announcement)["seat-panel-0"]
        for tokens, shown in ((99, ">99<"), (1, ">1<"), (True, ">True<")):
            other = {**context, "g": copy.deepcopy(context["g"])}
            other["g"]["players"][0]["tokens"] = tokens
            panel = _panels(other, announcement)["seat-panel-0"]
            assert panel != first
            assert shown in panel


def test_once_renders_again_whatever_the_viewers_data_differs_in():
    macro = (
        environment()
        .from_string(
            "{% macro cards(seat) %}{% if seat.cards %}{% for card in seat.cards %}"
            "{{ card.name }};{% endfor %}{% else %}none{% endif %}{% endmacro %}"
        )
        .module.cards
    )
    seats = [
        {"cards": [{"name": "Eva"}, {"name": "Jan"}]},
        {"cards": None, "hidden": "x"},
        {"cards": [{"name": "Eva"}, {"name": "Jan"}], "hidden": "y"},
        {"cards": [{"name": "Eva"}]},
        {"cards": [{"name": 1}]},
        {"cards": [{"name": True}]},
    ]
    with translation.override("en"), reading(("a test", 1)):
        shown = [once(macro, seat) for seat in seats]
    assert shown == ["Eva;Jan;", "none", "Eva;Jan;", "Eva;", "1;", "True;"]
    # What the macro never read does not count: the third seat's render is the first one's.
    assert shown[2] is shown[0]

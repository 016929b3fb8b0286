"""Options a player puts together instead of picking a fixed choice: Space Bastards' switched-off
planets (as many as the number of players asks) and an order of the relationships of one's own.
Chosen in the table's form, refused with a clear message when wrong, shown with the table, and
played by the engine."""

import pytest
from django.http import QueryDict
from django.urls import reverse
from django.utils import translation

from games import services as game_services
from games.forms import GameChoicesForm
from games.models import Match, Move
from games.registry import GAMES
from games.space_bastards import engine
from games.tests.playing import play_first_legal_move
from lobby import services
from lobby.models import Table

GAME = GAMES["space_bastards"]
OPTION = {option.key: option for option in GAME.options}
OWN_PLANETS = str(len(OPTION["planets_off"].choices))
OWN_ORDER = str(len(OPTION["priority"].choices))
BACKWARDS = [
    "change",
    "mutation",
    "migration",
    "diplomacy",
    "trade",
    "eating",
    "shooting",
    "love",
]


STANDARD = ["love", "shooting", "eating", "trade", "diplomacy", "migration", "mutation", "change"]


def _order(order: list[str]) -> dict[str, str]:
    return {f"option_priority_own_{place}": item for place, item in enumerate(order, start=1)}


def _data(seats: int, planets: list[str] | None = None, **fields) -> QueryDict:
    """A posted form: the number of players, the options' fields, the planets ticked."""
    data = QueryDict(mutable=True)
    data.update({"seats": str(seats), **fields})
    data.setlist("option_planets_off_own", planets or [])
    return data


def _form(seats: int, planets: list[str] | None = None, **fields) -> GameChoicesForm:
    return GameChoicesForm(_data(seats, planets, **fields), game=GAME)


def _table_form(planets: list[str] | None = None, **fields) -> dict[str, list[str]]:
    """The open-table form as the test client posts it, the ticked planets each sent."""
    return dict(
        _data(
            3,
            planets,
            pace="turn",
            clock_minutes="5",
            clock_increment="5",
            move_hours="24",
            bots_allowed="on",
            **fields,
        ).lists()
    )


# --- the form ----------------------------------------------------------------------------------


def test_planets_chosen_for_the_number_of_players_are_taken():
    form = _form(3, ["P7", "P2", "P5"], option_planets_off=OWN_PLANETS)
    assert form.is_valid(), form.errors
    assert form.game_options() == {"planets_off": ["P2", "P5", "P7"]}


@pytest.mark.parametrize(("seats", "ticked"), [(3, ["P2", "P5"]), (4, ["P2", "P5", "P7"]), (2, [])])
def test_a_wrong_number_of_planets_for_the_players_is_refused_with_the_number(seats, ticked):
    form = _form(seats, ticked, option_planets_off=OWN_PLANETS)
    assert not form.is_valid()
    wanted = {2: 5, 3: 3, 4: 2}[seats]
    [error] = form.errors["option_planets_off_own"]
    assert f"exactly {wanted} for {seats} players" in error


def test_the_form_says_how_many_planets_each_number_of_players_switches_off():
    help_text = str(GameChoicesForm(game=GAME)["option_planets_off_own"].help_text)
    for count, players in [(5, 2), (3, 3), (2, 4), (2, 5)]:
        assert f"{count} with {players} players" in help_text


def test_ticked_planets_count_only_when_chosen_planets_are_asked_for():
    form = _form(3, ["P2"], option_planets_off="1")
    assert form.is_valid(), form.errors
    assert form.game_options() == {"planets_off": "random"}


def test_an_order_of_ones_own_is_taken_place_by_place():
    form = _form(4, option_priority=OWN_ORDER, **_order(BACKWARDS))
    assert form.is_valid(), form.errors
    assert form.game_options() == {"priority": BACKWARDS}


def test_an_order_with_a_relationship_twice_is_refused():
    order = [*BACKWARDS[:7], "change"]
    form = _form(4, option_priority=OWN_ORDER, **_order(order))
    assert not form.is_valid()
    assert "a place of its own" in form.errors["option_priority_own_1"][0]


def test_every_place_of_the_order_is_a_labelled_select_starting_as_the_standard_order():
    form = GameChoicesForm(game=GAME)
    places = [form[f"option_priority_own_{n}"] for n in range(1, 9)]
    assert [field.initial for field in places] == STANDARD
    assert [field.label for field in places][:2] == [
        "Order of your own, place 1",
        "Order of your own, place 2",
    ]
    assert all(f'for="{field.id_for_label}"' in field.label_tag() for field in places)


def test_the_form_reads_in_czech():
    with translation.override("cs"):
        form = GameChoicesForm(game=GAME)
        assert form["option_priority_own_1"].label == "Vlastní pořadí, 1. místo"
        assert "5 při 2 hráčích" in str(form["option_planets_off_own"].help_text)
        bad = _form(3, ["P2"], option_planets_off=OWN_PLANETS)
        assert not bad.is_valid()
        assert "pro 3 hráče vyberte přesně 3" in bad.errors["option_planets_off_own"][0]


# --- the options themselves ------------------------------------------------------------------


@pytest.mark.parametrize(
    "chosen",
    [
        {"planets_off": ["P2", "P3"]},
        {"planets_off": ["P2", "P2", "P3"]},
        {"planets_off": ["P2", "P3", "P99"]},
        {"planets_off": [2, 3, 4]},
        {"planets_off": "P2"},
        {"priority": BACKWARDS[:7]},
        {"priority": [*BACKWARDS[:7], "change"]},
        {"priority": "backwards"},
    ],
)
def test_options_that_do_not_fit_are_refused(chosen):
    with pytest.raises(ValueError, match=r"planets|relationships"):
        GAME.clean_options(chosen, seats=3)


def test_options_put_together_are_kept_and_read_as_the_table_shows_them():
    chosen = {"planets_off": ["P2", "P5", "P7"], "priority": BACKWARDS}
    assert GAME.clean_options(chosen, seats=3) == chosen
    assert GAME.option_lines(chosen) == [
        ("Switched-off planets", "Amberis, Tealos, Indigon"),
        (
            "Order of the relationships",
            "Change of relationship, Mutation, Migration, Diplomacy, Trade, Eating, Shooting, Love",
        ),
    ]
    assert GAME.option_lines({"planets_off": "random"}) == [
        ("Switched-off planets", "drawn at random")
    ]
    assert GAME.option_lines({}) == []


# --- a table with them -------------------------------------------------------------------------


@pytest.mark.django_db
def test_a_table_opened_with_its_own_options_shows_them_and_plays_them(client, people, bots):
    client.force_login(people[0])
    data = _table_form(
        ["P2", "P5", "P7"],
        option_planets_off=OWN_PLANETS,
        option_priority=OWN_ORDER,
        **_order(BACKWARDS),
    )
    response = client.post(reverse("lobby_open_table", args=["space_bastards"]), data)
    table = Table.objects.get()
    assert response.url == table.get_absolute_url()
    assert table.options == {"planets_off": ["P2", "P5", "P7"], "priority": BACKWARDS}
    for page in (client.get(reverse("home")), client.get(table.get_absolute_url())):
        text = page.content.decode()
        assert "Switched-off planets: Amberis, Tealos, Indigon" in text
        assert "Order of the relationships: Change of relationship, Mutation," in text
    services.fill_with_bots(table_id=table.pk, host=people[0])
    match = Table.objects.get().match
    assert sorted(match.state["in_play"]) == sorted(
        {"P1", "P2", "P3", "P4", "P5", "P6", "P7", "P8", "P9", "P10"} - {"P2", "P5", "P7"}
    )
    assert match.state["options"]["priority"] == BACKWARDS


@pytest.mark.django_db
def test_a_refused_table_form_names_the_problem_and_opens_nothing(client, people):
    client.force_login(people[0])
    data = _table_form(["P2"], option_planets_off=OWN_PLANETS)
    response = client.post(reverse("lobby_open_table", args=["space_bastards"]), data)
    assert response.status_code == 200
    assert "choose exactly 3 for 3 players" in response.content.decode()
    assert not Table.objects.exists()


@pytest.mark.django_db
def test_a_table_whose_planets_need_every_seat_does_not_start_short(people):
    table = services.open_table(
        host=people[0],
        game="space_bastards",
        seats=3,
        options={"planets_off": ["P2", "P5", "P7"]},
    )
    services.join_table(table_id=table.pk, user=people[1])
    with pytest.raises(services.LobbyRefused, match="exactly 5 for 2 players"):
        services.start_table(table_id=table.pk, user=people[0])
    assert Table.objects.get().status == Table.Status.OPEN
    assert not Match.objects.exists()


@pytest.mark.django_db(transaction=True)
def test_a_match_with_chosen_planets_and_order_plays_them_to_the_end_and_a_rematch_keeps_them(
    people, bots
):
    options = {"planets_off": ["P1", "P3", "P4", "P8", "P10"], "priority": BACKWARDS}
    match = game_services.start_match(
        game="space_bastards", players=[people[0], bots[0]], options=options, seed=5
    )
    for _turn in range(1000):
        match.refresh_from_db()
        if match.is_over:
            break
        if 0 in engine.to_act(match.state):
            play_first_legal_move(match, people[0], 0)
    assert match.is_over
    assert sorted(match.state["in_play"]) == ["P2", "P5", "P6", "P7", "P9"]
    assert set(match.state["board"]) == set(match.state["in_play"])
    rounds: list[list[str]] = []
    for events in Move.objects.filter(match=match).order_by("seq").values_list("events", flat=True):
        for event in events:
            if event["type"] == "plans_revealed":
                rounds.append([])
            elif event["type"] in ("action_started", "no_effect") and rounds:
                rounds[-1].append(event["card"])
    assert len(rounds) == 12
    assert sum(len(set(cards)) > 1 for cards in rounds) >= 5
    for cards in rounds:
        places = [BACKWARDS.index(card) for card in cards]
        assert places == sorted(places), "each round resolves in the chosen order"
    again = services.rematch(match_id=match.pk, user=people[0])
    assert again.options == options
    assert again.state["in_play"] == match.state["in_play"]


@pytest.mark.django_db
def test_a_match_against_bots_with_a_wrong_choice_says_what_is_wrong(client, people, bots):
    client.force_login(people[0])
    data = dict(_data(2, ["P2"], option_planets_off=OWN_PLANETS).lists())
    response = client.post(reverse("play_against_bots", args=["space_bastards"]), data, follow=True)
    assert "choose exactly 5 for 2 players" in response.content.decode()
    assert not Match.objects.exists()

"""The Isle of Cats table as players see it: the boats, the solo option refused at a table for
several, the lesson sets, the statistics and a match ended early (what each viewer may see of
the cards, on the page and in the socket's pushes: `test_table_hidden.py`)."""

import random

import pytest

from games import services
from games.isle_of_cats import bot, engine
from games.models import Match
from lobby.services import LobbyRefused, open_table

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def match(people):
    return services.start_match(game="isle_of_cats", players=people[:2], seed=424242)


def test_a_spectator_sees_the_boats(client, match):
    """What each viewer may see of the cards: `test_table_hidden.py`."""
    assert 'class="ioc-boat"' in client.get(match.get_absolute_url()).content.decode()


def _bot_move(match: Match, people, rng: random.Random) -> None:
    """The first seat that must act moves as the bot would, through the move service."""
    match.refresh_from_db()
    seat = min(engine.to_act(match.state))
    services.submit_move(
        match_id=match.pk,
        user=people[seat],
        move=bot.choose_move(match.state, seat, rng),
        expected_seq=match.move_count,
    )


def test_the_sisters_difficulty_is_only_for_a_table_of_one(people):
    with pytest.raises(LobbyRefused):
        open_table(host=people[0], game="isle_of_cats", seats=2, options={"solo_hard_lessons": 2})
    table = open_table(
        host=people[0], game="isle_of_cats", seats=1, options={"solo_hard_lessons": 2}
    )
    assert table.options == {"solo_hard_lessons": 2}


def test_the_lesson_sets_chosen_in_the_lobby_leave_the_other_sets_out_of_the_deck(people):
    from games.forms import GameChoicesForm
    from games.registry import GAMES

    game = GAMES["isle_of_cats"]
    offered = dict(GameChoicesForm(game=game).fields["option_lesson_sets"].choices)
    assert len(offered) == 8
    chosen = next(i for i, (value, _label) in enumerate(game.options[1].choices) if value == ["A"])
    form = GameChoicesForm(data={"seats": "2", "option_lesson_sets": str(chosen)}, game=game)
    assert form.is_valid(), form.errors
    table = open_table(host=people[0], game="isle_of_cats", seats=2, options=form.game_options())
    assert table.options == {"lesson_sets": ["A"]}
    state = engine.setup(2, table.options, 7)
    left_out = engine.LESSON_SET_CARDS["B"] | engine.LESSON_SET_CARDS["C"]
    cards = set(state["deck"]).union(*(p["draft"] for p in state["players"]))
    assert engine.LESSON_SET_CARDS["A"] & cards
    assert not left_out & cards


def test_finished_matches_add_their_facts_to_the_games_statistics_page(client, bots):
    from django.urls import reverse

    from games.isle_of_cats import stats
    from games.models import GameStats

    solo = services.start_match(game="isle_of_cats", players=bots[:1], seed=11)
    pair = services.start_match(game="isle_of_cats", players=bots[:2], seed=12)
    facts: dict[str, int] = {}
    for match in (solo, pair):
        match.refresh_from_db()
        assert match.is_over
        for key, value in stats.match_facts(match.state, match.result).items():
            facts[key] = facts.get(key, 0) + value
    assert GameStats.objects.get(game="isle_of_cats").facts == facts
    url = reverse("game_statistics", args=["isle_of_cats"])
    html = client.get(url, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    families = facts["families"] / facts["boats"]
    assert "Families per boat" in html
    assert f"{families:.1f}" in html
    assert "Solo matches the sister won" in html


def test_a_match_ended_early_shows_nobody_on_turn(client, people, match):
    """The match stopped in the middle of a rescue turn: the turn order and the panels no longer
    say whose turn it is (the result is there instead)."""
    rng = random.Random(3)
    while match.state["phase"] != "rescue":
        _bot_move(match, people, rng)
        match.refresh_from_db()
    client.force_login(people[0])
    assert ">on turn<" in client.get(match.get_absolute_url()).content.decode()
    services.leave_match(match_id=match.pk, user=people[1], reason="abandoned")
    services.end_match_early(match_id=match.pk, user=people[0])
    html = client.get(match.get_absolute_url()).content.decode()
    assert "The match was ended early" in html
    assert ">on turn<" not in html

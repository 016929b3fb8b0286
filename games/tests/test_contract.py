"""Every registered game meets the contract of `games.contract`, and the system check of
`games.checks` fails `manage.py check` for a game that does not (`broken_game`)."""

from __future__ import annotations

import random
from dataclasses import dataclass

import pytest
from django.core.checks import Error
from django.core.management import call_command
from django.core.management.base import SystemCheckError

from games import registry
from games.checks import game_errors
from games.contract import part
from games.log import names_nothing, seat_name
from games.registry import GAMES, GameInfo
from games.tests.example import every_game


@dataclass(frozen=True)
class BrokenInfo(GameInfo):
    """A game whose modules are those of `games/tests/broken_game/`."""

    @property
    def package(self) -> str:
        return "games.tests.broken_game"


BROKEN = BrokenInfo("broken_game", "Broken", 2, 4, 10, "Breaks its contract.", playable=True)


@pytest.mark.parametrize("slug", every_game())
def test_every_registered_game_meets_its_contract(slug):
    assert game_errors(GAMES[slug]) == []


def test_the_site_passes_its_checks():
    call_command("check")


def test_the_site_with_the_guides_example_registered_passes_its_checks(example_game):
    call_command("check")


def test_a_game_that_breaks_its_contract_is_told_each_fault():
    errors = game_errors(BROKEN)
    assert all(isinstance(error, Error) and error.obj == "broken_game" for error in errors)
    said = {(error.id, error.msg) for error in errors}
    assert (
        "games.E001",
        "broken_game has no context module (No module named 'games.tests.broken_game.context').",
    ) in said
    assert ("games.E002", "games.tests.broken_game.engine.standing is missing.") in said
    assert (
        "games.E004",
        "games.tests.broken_game.engine.view does not take the contract's "
        "parameters (state, seat).",
    ) in said
    assert ("games.E003", "games.tests.broken_game.bot.choose_move is not a function.") in said
    assert (
        "games.E004",
        "games.tests.broken_game.stats.start_seat does not take the contract's parameters (state).",
    ) in said
    assert (
        "games.E005",
        "games.tests.broken_game.log.LINES: the lines of ended are no "
        "functions of (event, names, viewer, you, name).",
    ) in said
    missing = {error.msg for error in errors if error.id in ("games.E006", "games.E007")}
    assert missing == {
        *(
            f"broken_game's template broken_game/{region}.html is missing."
            for region in ("board", "mine", "panel", "result")
        ),
        "broken_game's stylesheet broken_game/broken_game.css is missing.",
        "broken_game's emblem games/emblems/broken_game.svg is missing.",
    }
    assert len(errors) == len(said) == 12


def test_the_optional_parts_a_game_leaves_out_take_their_defaults():
    # broken_game's log has neither `marks` nor `seat_name`; kosmopolis's context lists its
    # table's moves with the engine's own `legal_moves`.

    assert part(BROKEN, "log", "marks") is names_nothing
    assert part(BROKEN, "log", "seat_name") is seat_name
    assert GAMES["kosmopolis"].table.legal_moves is GAMES["kosmopolis"].engine.legal_moves


def test_a_script_without_has_script_is_an_error_as_it_would_never_load():
    quiet = BrokenInfo("kosmopolis", "Quiet", 2, 4, 10, "", playable=True)
    assert [error.msg for error in game_errors(quiet) if error.id == "games.E008"] == [
        "kosmopolis's script kosmopolis/kosmopolis.js never loads: its GameInfo lacks "
        "has_script=True."
    ]


def test_manage_py_check_fails_for_a_registered_game_that_breaks_its_contract(monkeypatch):
    monkeypatch.setitem(registry.GAMES, "broken_game", BROKEN)
    with pytest.raises(
        SystemCheckError, match=r"games\.tests\.broken_game\.engine\.standing is missing"
    ):
        call_command("check")


@pytest.mark.parametrize("slug", every_game())
def test_a_log_line_marks_data_card_ids_as_strings_in_every_game(slug):
    """The page marks `data-card` attributes, which are strings: `marks` gives strings in
    every game (three once gave their cards' numbers)."""
    game = GAMES[slug]
    state = game.engine.setup(game.min_players, {}, 7)
    rng = random.Random(7)
    marked: list[object] = []
    for _move in range(300):
        if len(marked) >= 3 or game.engine.is_over(state):
            break
        seat = min(game.engine.to_act(state))
        events = game.engine.apply_in_place(state, seat, game.bot.choose_move(state, seat, rng))
        marked += [mark for event in events for mark in game.table.marks(event)]
    assert marked
    assert all(type(mark) is str for mark in marked)


def test_the_status_of_a_finished_game_says_who_won_to_whom():
    table = GAMES["isle_of_cats"].table
    names = ["Eva", "Jan"]
    won = {"winners": [1], "ranks": [2, 1]}
    assert table.status_text({}, 1, names, won) == "Game over: you win!"
    assert table.status_text({}, 0, names, won) == "Game over: Jan wins."
    shared = {"winners": [0, 1]}
    assert table.status_text({}, 0, names, shared) == "Game over: you share the win with Jan."
    assert table.status_text({}, None, names, shared) == "Game over: Eva and Jan win."
    assert table.status_text({}, 0, names[:1], {"winners": ["sister"]}) == (
        "Game over: the sister wins."
    )
    early = {"winners": [0], "ended_early": True}
    assert table.status_text({}, 1, names, early) == "The match was ended early. Winner: Eva."

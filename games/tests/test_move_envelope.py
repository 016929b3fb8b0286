"""The envelope every move passes before its game's own rules (`games.rules.check_move`) and
the copy `apply` works on (`games.rules.copying`): one for every engine, so that each game
refuses a move after the end, out of turn, without a known type or with fields it does not
take in the same words, and `apply` never touches the state it was given."""

from __future__ import annotations

import random
from typing import Any

import pytest

from games.rules import (
    Fields,
    IllegalMove,
    check_move,
    copy_state,
    copying,
    engine_for,
)

ENGINES = ["isle_of_cats", "kosmopolis", "seven_dragons", "space_bastards", "space_dragons"]
SEATS = {"isle_of_cats": 2, "kosmopolis": 3, "seven_dragons": 3, "space_bastards": 2}
FIELDS = {
    "pass": Fields(),
    "play": Fields(frozenset({"card"}), frozenset({"to"})),
}


def refusal(move: Any, seat: Any = 0, *, over: bool = False, seats: Any = (0, 1)) -> str:
    with pytest.raises(IllegalMove) as refused:
        check_move(move, seat, over=over, seats=seats, fields=FIELDS)
    return refused.value.message


def test_a_move_that_fits_gives_its_type():
    assert check_move({"type": "pass"}, 1, over=False, seats=(0, 1), fields=FIELDS) == "pass"
    move = {"type": "play", "card": 3, "to": "city"}
    assert check_move(move, 0, over=False, seats=range(2), fields=FIELDS) == "play"


def test_the_end_comes_before_everything_else():
    assert refusal(None, seat="nobody", over=True) == "The game is over."


@pytest.mark.parametrize("seat", [2, -1, None, "0", 0.0, True, [0]])
def test_a_seat_not_among_those_to_act_is_refused(seat):
    assert refusal({"type": "pass"}, seat, seats=(0, 1)) == "Not your turn."


@pytest.mark.parametrize("move", [None, [], "pass", 5, ["pass"]])
def test_a_move_is_an_object(move):
    assert refusal(move) == "A move must be an object."


@pytest.mark.parametrize("kind", [None, 5, ["pass"], "PASS", "fly", "type"])
def test_the_type_is_one_of_the_games(kind):
    assert refusal({"type": kind}) == "Unknown move type."
    assert refusal({"card": 3}) == "Unknown move type."


def test_missing_and_unexpected_fields_are_named():
    assert refusal({"type": "play", "to": "city"}) == "Malformed move: missing fields: card."
    refused = refusal({"type": "play", "card": 1, "take": 2, 9: 1})
    assert refused == "Malformed move: unexpected fields: 9, take."
    assert refusal({"type": "pass", "card": 1}) == "Malformed move: unexpected fields: card."


def test_apply_works_on_a_copy():
    def apply_in_place(state: dict[str, Any], seat: int, move: Any) -> list[dict[str, Any]]:
        state["hands"][seat].append(move["card"])
        state["log"]["moves"] += 1
        if move["card"] < 0:
            raise IllegalMove("No such card.")
        return [{"type": "drew", "seat": seat}]

    apply = copying(apply_in_place)
    state = {"hands": [[1], [2]], "log": {"moves": 0}}
    after, events = apply(state, 1, {"card": 7})
    assert after == {"hands": [[1], [2, 7]], "log": {"moves": 1}}
    assert events == [{"type": "drew", "seat": 1}]
    assert state == {"hands": [[1], [2]], "log": {"moves": 0}}
    with pytest.raises(IllegalMove):
        apply(state, 0, {"card": -1})
    assert state == {"hands": [[1], [2]], "log": {"moves": 0}}


def test_a_copy_shares_nothing():
    state = {"players": [{"hand": [1, 2], "seen": None}], "options": {"draft": True}}
    copied = copy_state(state)
    copied["players"][0]["hand"].append(3)
    copied["options"]["draft"] = False
    assert copied != state
    assert state == {"players": [{"hand": [1, 2], "seen": None}], "options": {"draft": True}}


def _played_to_the_end(slug: str) -> dict[str, Any]:
    engine = engine_for(slug)
    rng = random.Random(3)
    state = engine.setup(SEATS.get(slug, 3), {}, 3)
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        engine.apply_in_place(state, seat, rng.choice(engine.legal_moves(state, seat)))
    return state


@pytest.mark.parametrize("slug", ENGINES)
def test_every_engine_refuses_the_envelopes_faults_alike(slug):
    engine = engine_for(slug)
    state = engine.setup(SEATS.get(slug, 3), {}, 5)
    seat = min(engine.to_act(state))
    legal = engine.legal_moves(state, seat)[0]
    kind = legal["type"]
    cases = [
        (seat, None, "A move must be an object."),
        (seat, ["pass"], "A move must be an object."),
        (seat, {"type": "fly"}, "Unknown move type."),
        (seat, {"type": 5}, "Unknown move type."),
        (seat, {**legal, "extra": 1}, "Malformed move: unexpected fields: extra."),
        (99, {"type": kind}, "Not your turn."),
        ("0", {"type": kind}, "Not your turn."),
    ]
    for who, move, message in cases:
        for apply in (engine.apply, engine.apply_in_place):
            with pytest.raises(IllegalMove) as refused:
                apply(state, who, move)
            assert refused.value.message == message, (who, move)
    over = _played_to_the_end(slug)
    with pytest.raises(IllegalMove) as refused:
        engine.apply(over, 0, legal)
    assert refused.value.message == "The game is over."

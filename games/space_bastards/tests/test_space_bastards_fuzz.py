"""Fuzzed moves against the engine: always an IllegalMove with a message, never another error,
never a changed state. Seeds are fixed (`derandomize`), so every run tries the same moves."""

from __future__ import annotations

import copy
import json
from functools import cache
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from games.rules import IllegalMove
from games.space_bastards import engine
from games.space_bastards.tests.space_bastards_helpers import sample_states

json_values = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=True, allow_infinity=True)
    | st.text(max_size=12),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=8,
)
small_numbers = st.integers(min_value=-3, max_value=12)


@cache
def _states() -> list[dict[str, Any]]:
    return [s for seats in (2, 3, 5) for s in sample_states(seats, range(2), stride=9)]


@st.composite
def broken_moves(draw: Any, state: dict[str, Any]) -> tuple[int, Any]:
    """A seat and a legal move of some seat with one field broken, or just any JSON."""
    acting = sorted(engine.to_act(state)) or [0]
    seat = draw(st.sampled_from([*acting, *range(state["seats"])]))
    legal = [m for s in acting for m in engine.legal_moves(state, s)]
    if not legal or draw(st.integers(0, 4)) == 0:
        return seat, draw(json_values)
    move = copy.deepcopy(draw(st.sampled_from(legal)))
    key = draw(st.sampled_from(sorted(move)))
    how = draw(st.sampled_from(["drop", "json", "number", "other", "extra"]))
    if how == "drop":
        del move[key]
    elif how == "json":
        move[key] = draw(json_values)
    elif how == "number":
        move[key] = draw(small_numbers | st.lists(small_numbers, max_size=4))
    elif how == "other":
        move[key] = draw(st.sampled_from(legal)).get(key)
    else:
        move[draw(st.text(max_size=6))] = draw(json_values)
    return seat, move


@settings(
    max_examples=300,
    derandomize=True,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
@given(data=st.data())
def test_the_engine_refuses_any_broken_move_and_leaves_the_state_untouched(data):
    state = copy.deepcopy(data.draw(st.sampled_from(_states())))
    seat, move = data.draw(broken_moves(state))
    before = json.dumps(state, sort_keys=True)
    refusal = None
    try:
        engine.apply(state, seat, move)
    except IllegalMove as refused:
        refusal = refused.message
    assert refusal is None or refusal.strip()
    assert json.dumps(state, sort_keys=True) == before
    try:
        engine.apply_in_place(state, seat, move)
    except IllegalMove:
        assert json.dumps(state, sort_keys=True) == before

"""The Seven Dragons table: move forms, log lines, status line and the rendered fragments."""

from __future__ import annotations

import json
import random
import re
from itertools import product
from typing import Any

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import translation

from games.registry import GAMES
from games.rules import IllegalMove
from games.seven_dragons import engine, labels, log
from games.seven_dragons.components import DRAGON_QUADRANTS, GOAL_COLOR
from games.seven_dragons.tests.seven_dragons_states import build
from games.tests.forms import assert_forms_offer_exactly, forms_of, post
from games.tests.playouts import random_moves
from games.tests.rendered import render_regions

table = GAMES["seven_dragons"].table

NAMES = ["Eva", "Jan", "Bob", "Ola", "Ema"]
LANGUAGES = ["en", "cs"]
GOAL_OF = {colour: card for card, colour in GOAL_COLOR.items()}


def _look(card: int, rot: int) -> list[str]:
    printed = list(DRAGON_QUADRANTS[card])
    return printed[::-1] if rot == 180 else printed


def normalized(move: dict[str, Any]) -> str:
    """A move as the table shows it: a card's rotation by how the card then looks, so that the
    two rotations of a card alike both ways up are one placement."""
    shown = json.loads(json.dumps(move))
    if shown["type"] == "play_dragon":
        shown["rot"] = _look(shown["card"], shown["rot"])
    elif shown.get("action") and "rot" in shown["action"]:
        shown["action"]["rot"] = _look(shown["action"]["card"], shown["action"]["rot"])
    return json.dumps(shown, sort_keys=True)


# --- move_from_post --------------------------------------------------------------------------


def test_dragon_form_becomes_a_dragon_move():
    data = post(type="play_dragon", card=17, at="1,-2,180", expected_seq=3)
    assert table.move_from_post(data) == {
        "type": "play_dragon",
        "card": 17,
        "x": 1,
        "y": -2,
        "rot": 180,
    }


@pytest.mark.parametrize(
    ("option", "action"),
    [
        ("top", None),
        ("bottom:card=12", {"card": 12}),
        ("top:card=12,rot=0,x=2,y=-1", {"card": 12, "x": 2, "y": -1, "rot": 0}),
        ("top:dir=ccw", {"dir": "ccw"}),
        ("bottom:slot=3", {"slot": 3}),
        ("top:seat=1", {"seat": 1}),
    ],
)
def test_action_forms_become_action_moves(option, action):
    data = post(type="play_action", card=55, option=option)
    place = option.split(":")[0]
    assert table.move_from_post(data) == {
        "type": "play_action",
        "card": 55,
        "place": place,
        "action": action,
    }


# --- describe --------------------------------------------------------------------------------


@pytest.mark.parametrize("seats", [2, 4])
def test_public_lines_never_name_a_hidden_card_or_goal(seats, monkeypatch):
    for module in (labels, log):
        monkeypatch.setattr(module, "card_label", lambda card: f"[#{card}]")
    names = NAMES[:seats]
    for before, _seat, events, after in random_moves(engine, seats, range(6)):
        allowed = {c["card"] for c in engine.view(before, None)["layout"]}
        allowed |= {c["card"] for c in engine.view(after, None)["layout"]}
        allowed |= set(after["action_pile"])
        goals_public = after["over"]
        for event in events:
            if "visible_to" in event:
                continue
            for viewer in [None, *range(seats)]:
                text = table.describe(event, names, viewer) or ""
                named = {int(card) for card in re.findall(r"\[#(\d+)\]", text)}
                assert named <= allowed, (event, text)
                if event["type"] in ("goals_traded", "goals_rotated") and not goals_public:
                    assert not any(labels.colour_name(c) in text for c in GOAL_OF), text


def test_log_lines_examples():
    event = {
        "type": "played_dragon",
        "seat": 1,
        "card": 15,
        "x": 0,
        "y": -1,
        "rot": 0,
        "bonus_colors": ["red", "blue"],
        "bonus_drawn": 1,
    }
    with translation.override("en"):
        english = table.describe(event, NAMES[:2], 0)
        own = table.describe(event, NAMES[:2], 1)
    with translation.override("cs"):
        czech = table.describe(event, NAMES[:2], 0)
    assert english == (
        "Jan places the red/blue dragon at (0, -1), upright (0°). "
        "Bonus for connecting red, blue: 1 card."
    )
    assert own.startswith("You place the red/blue dragon")
    assert czech != english
    assert "Jan" in czech


# --- sample positions ------------------------------------------------------------------------


def _sample_states(seats: int, seeds: range, stride: int = 7) -> list[dict[str, Any]]:
    states = []
    for seed in seeds:
        rng = random.Random(seed)
        state = engine.setup(seats, {}, seed)
        step = 0
        while True:
            if step % stride == 0 or engine.is_over(state):
                states.append(state)
            if engine.is_over(state):
                break
            seat = state["current"]
            state, _events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
            step += 1
    return states


# --- rendered fragments ----------------------------------------------------------------------


def reachable_moves(form: dict[str, Any]) -> set[str]:
    names = sorted(form["radios"])
    moves = set()
    for radios in product(*[[None, *form["radios"][n]] for n in names]):
        for button in form["buttons"]:
            data = QueryDict(mutable=True)
            for name, value in form["hidden"].items():
                data[name] = value
            for name, value in zip(names, radios, strict=True):
                if value is not None:
                    data[name] = value
            if button[0]:
                data[button[0]] = button[1]
            try:
                moves.add(normalized(table.move_from_post(data)))
            except IllegalMove:
                continue
    return moves


def render(
    state: dict[str, Any], seat: int | None, names: list[str], *, in_replay: bool = False
) -> dict[str, str]:
    legal = [] if in_replay else None
    return render_regions("seven_dragons", state, seat, names, legal=legal, in_replay=in_replay)


def hidden_from(state: dict[str, Any], seat: int | None) -> set[int]:
    """Card ids the seat may not see: the draw pile, other hands, goals not its own."""
    cards = set(state["deck"])
    for other in range(state["seats"]):
        if other != seat:
            cards |= set(state["hands"][other])
    if not state["over"]:
        cards |= {g for slot, g in enumerate(state["slots"]) if slot != seat}
    return cards


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("language", LANGUAGES)
def test_fragments_show_no_hidden_card_and_offer_exactly_the_legal_moves(seats, language):
    names = NAMES[:seats]
    kinds = set()
    with translation.override(language):
        for state in _sample_states(seats, range(3), stride=9):
            for seat in [None, *range(seats)]:
                html = render(state, seat, names)
                whole = "".join(html.values())
                shown = {int(c) for c in re.findall(r'data-card="(\d+)"', whole)}
                assert not shown & hidden_from(state, seat)
                if seat is not None:
                    assert set(state["hands"][seat]) <= shown
                    assert state["slots"][seat] in shown
                assert 'style="' not in whole
                assert "<script" not in whole
                legal = engine.legal_moves(state, seat) if seat is not None else []
                assert_forms_offer_exactly(html["mine"], legal, reachable_moves, normalized)
                kinds |= {m["type"] for m in legal}
    assert kinds == {"play_dragon", "play_action"}


def test_every_action_kind_offers_exactly_its_legal_moves():
    state = build(
        seats=3,
        layout=[(7, 1, 0, 0), (1, 0, 1, 0), (15, -1, 0, 0)],
        hands=[[52, 55, 58, 61, 64, 19], [3], [4]],
    )
    html = render(state, 0, NAMES[:3])["mine"]
    forms = forms_of(html)
    reachable = set().union(*(reachable_moves(f) for f in forms))
    assert reachable == {normalized(m) for m in engine.legal_moves(state, 0)}
    assert len(forms) == 6


def test_bonus_is_shown_beside_the_placement():
    # Example R3: 15 at (0, -1) upright connects red and blue and earns one card.
    state = build(
        layout=[(29, -1, 0, 0), (7, -1, -1, 0), (22, -1, -2, 0), (16, 0, -2, 180)],
        hands=[[15], [3]],
    )
    g = table.table_context(engine.view(state, 0), engine.legal_moves(state, 0), 0, NAMES[:2])
    (card,) = g["hand"]
    spot = {c["spot"]: (c["x"], c["y"]) for c in g["cells"] if "spot" in c}
    bonus = {(spot[o["spot"]], o["rot"]): o["bonus"] for o in card["options"]}
    assert bonus[((0, -1), 0)] == 1


def test_a_card_alike_both_ways_up_is_offered_once_per_place():
    # 1 is a single-colour card: upright and upside down are one placement.
    state = build(layout=[(7, 1, 0, 0)], hands=[[1, 15], [3]])
    html = render(state, 0, NAMES[:2])["mine"]
    single, double = (f for f in forms_of(html) if f["hidden"]["type"] == "play_dragon")
    single_at = single["radios"]["at"]
    assert len(single_at) == len({v.rsplit(",", 1)[0] for v in single_at})
    legal = engine.legal_moves(state, 0)
    assert len(double["radios"]["at"]) == len([m for m in legal if m.get("card") == 15])


def test_lit_places_and_targets_are_buttons_on_the_layout():
    state = build(
        seats=3,
        layout=[(7, 1, 0, 0), (1, 0, 1, 0), (15, -1, 0, 0)],
        hands=[[52, 55, 58, 61, 64, 19], [3], [4]],
    )
    legal = engine.legal_moves(state, 0)
    html = render(state, 0, NAMES[:3])
    spots = set(
        re.findall(
            r'<button type="button" class="sd-cell sd-spot[^"]*" data-position="(-?\d+,-?\d+)"',
            html["board"],
        )
    )
    occupied = {f"{x},{y}" for _card, x, y, _rot in state["layout"]}
    ways = [m if m["type"] == "play_dragon" else m["action"] or {} for m in legal]
    places = {f"{w['x']},{w['y']}" for w in ways if "x" in w}
    assert spots == places - occupied
    targets = set(
        re.findall(
            r'<button type="button" class="sd-cell[^"]* sd-target[^"]*" '
            r'data-position="(-?\d+,-?\d+)"',
            html["board"],
        )
    )
    assert targets == {"1,0", "0,1", "-1,0"}
    other = render(state, 1, NAMES[:3])["board"]
    assert '<button type="button" class="sd-cell' not in other


def test_the_last_card_of_each_other_seat_is_marked():
    state = build(seats=3, layout=[(7, 1, 0, 0)], hands=[[1, 15], [3], [4]])
    state, _events = engine.apply(
        state, 0, {"type": "play_dragon", "card": 1, "x": 0, "y": 1, "rot": 0}
    )
    with translation.override("en"):
        seen_by_next = render(state, 1, NAMES[:3])["board"]
    (marked,) = re.findall(
        r'class="sd-cell[^"]* sd-last last-move"[^>]*data-position="([^"]+)"', seen_by_next
    )
    assert marked == "0,1"
    assert "last move of Eva" in seen_by_next
    assert " sd-last" not in render(state, 0, NAMES[:3])["board"]


def test_replay_fragment_names_the_player_and_has_no_forms():
    state = _sample_states(2, range(1), stride=4)[2]
    with translation.override("en"):
        html = render(state, 1, NAMES[:2], in_replay=True)["mine"]
    assert "<form" not in html
    assert "Hand of Jan" in html
    assert "Your hand" not in html


def test_spectator_sees_no_goal_and_no_form():
    state = _sample_states(3, range(1), stride=4)[2]
    html = "".join(render(state, None, NAMES[:3]).values())
    assert "<form" not in html
    assert not {int(c) for c in re.findall(r'data-card="(\d+)"', html)} & set(GOAL_COLOR)


def test_result_reveals_goals_highlights_the_area_and_explains():
    finished = [s for s in _sample_states(3, range(6)) if s["over"]]
    seven = next(s for s in finished if s["end_reason"] == "seven")
    with translation.override("en"):
        html = render(seven, None, NAMES[:3])
    whole = "".join(html.values())
    for goal in seven["slots"]:
        assert f'data-card="{goal}"' in whole
    assert whole.count("sd-win") >= 7 + 1
    assert "wins at once" in html["result"]
    winner = seven["winner"]
    assert NAMES[winner] in html["result"]


def test_colours_carry_a_symbol_and_an_aria_label():
    with translation.override("cs"):
        card = labels.dragon_info(15, 180)
    assert [q["symbol"] for q in card["quads"]] == ["waves", "waves", "flame", "flame"]
    html = render_to_string("seven_dragons/_card.html", {"card": card})
    assert 'data-card="15"' in html
    assert html.count('<use href="#seven-waves"/>') == 2
    assert html.count('<use href="#seven-flame"/>') == 2
    assert "modrá" in html
    assert "aria-label" in html

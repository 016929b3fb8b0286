"""The Kosmopolis table: move forms, log lines, status line and the rendered fragments."""

from __future__ import annotations

import json
import re
from itertools import combinations, product
from typing import Any

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import translation

from games.kosmopolis import engine, labels, log
from games.kosmopolis.components import CARD_COLOR, COLORS
from games.kosmopolis.labels import PRIEST_COLOR
from games.kosmopolis.tests import kosmopolis_helpers as helpers
from games.kosmopolis.tests.kosmopolis_helpers import sample_states
from games.registry import GAMES
from games.rules import IllegalMove
from games.tests.forms import assert_forms_offer_exactly, forms_of, post
from games.tests.playouts import random_moves
from games.tests.rendered import render_regions

table = GAMES["kosmopolis"].table

NAMES = ["Eva", "Jan", "Bob", "Ola"]
LANGUAGES = ["en", "cs"]


def normalized(move: dict[str, Any]) -> str:
    move = dict(move)
    if move["type"] == "draft":
        move["cards"] = sorted(move["cards"])
    if move["type"] == "save":
        move["columns"] = sorted(move["columns"], key=COLORS.index)
    return json.dumps(move, sort_keys=True)


# --- move_from_post --------------------------------------------------------------------------


def test_draft_form_becomes_a_draft_move():
    data = post(type="draft", cards=[12, 47], expected_seq=3, csrfmiddlewaretoken="x")
    assert table.move_from_post(data) == {"type": "draft", "cards": [12, 47]}


def test_draft_form_with_a_wrong_count_is_left_to_the_engine():
    assert table.move_from_post(post(type="draft", cards=[12])) == {"type": "draft", "cards": [12]}


def test_play_forms_become_play_moves():
    assert table.move_from_post(post(type="play", card=40, to="city")) == {
        "type": "play",
        "card": 40,
        "to": "city",
    }
    assert table.move_from_post(post(type="play", card=40, to="kosmopolis")) == {
        "type": "play",
        "card": 40,
        "to": "kosmopolis",
    }


def test_priest_form_carries_its_column():
    data = post(type="play", card=60, to="kosmopolis", take="blue", take_required=1)
    assert table.move_from_post(data) == {
        "type": "play",
        "card": 60,
        "to": "kosmopolis",
        "take": "blue",
    }


def test_priest_column_is_ignored_for_other_cards_and_for_the_city():
    """The take radios are shared by the whole hand; they only count for a priest in Kosmopolis."""
    green = post(type="play", card=7, to="kosmopolis", take="blue", take_required=1)
    assert table.move_from_post(green) == {"type": "play", "card": 7, "to": "kosmopolis"}
    city = post(type="play", card=60, to="city", take="blue", take_required=1)
    assert table.move_from_post(city) == {"type": "play", "card": 60, "to": "city"}


def test_priest_without_a_column_is_refused_when_the_form_requires_one():
    with translation.override("en"), pytest.raises(IllegalMove, match="column"):
        table.move_from_post(post(type="play", card=60, to="kosmopolis", take_required=1))
    # With nothing to take (N2) the priest goes without a column.
    assert table.move_from_post(post(type="play", card=60, to="kosmopolis")) == {
        "type": "play",
        "card": 60,
        "to": "kosmopolis",
    }


def test_modifier_form_becomes_place_modifier():
    assert table.move_from_post(post(type="place_modifier", column="yellow")) == {
        "type": "place_modifier",
        "column": "yellow",
    }


def test_save_forms_become_save_moves():
    assert table.move_from_post(post(type="save", columns="blue,yellow")) == {
        "type": "save",
        "columns": ["blue", "yellow"],
    }
    assert table.move_from_post(post(type="save", columns="")) == {"type": "save", "columns": []}
    assert table.move_from_post(post(type="save", columns=["blue", "pink"])) == {
        "type": "save",
        "columns": ["blue", "pink"],
    }


# --- describe --------------------------------------------------------------------------------


def _public_cards(view: dict[str, Any]) -> set[int]:
    cards = {c for column in view["kosmopolis"].values() for c in column}
    cards |= {c for city in view["cities"] for column in city.values() for c in column}
    cards |= set(view["removed"])
    for pile in view.get("bonus_piles", []):
        cards |= set(pile)
    return cards


@pytest.mark.parametrize("seats", [2, 3, 4])
def test_public_lines_never_name_a_hidden_card(seats, monkeypatch):
    """Every card a public line names was public before or after the move, or was just played."""
    for module in (labels, log):
        monkeypatch.setattr(module, "card_label", lambda card: f"[#{card}]")
    names = NAMES[:seats]
    for before, _seat, events, after in random_moves(engine, seats, range(10)):
        allowed = _public_cards(engine.view(before, None)) | _public_cards(engine.view(after, None))
        allowed |= {e["card"] for e in events if e["type"] == "played"}
        for event in events:
            if "visible_to" in event:
                continue
            for viewer in [None, *range(seats)]:
                text = table.describe(event, names, viewer) or ""
                named = {int(card) for card in re.findall(r"\[#(\d+)\]", text)}
                assert named <= allowed, (event, text)
                if event["type"] in ("drew_modifier", "placed_modifier"):
                    assert not re.search(r"[+\u2212]\d", text), text


def test_log_lines_in_czech_and_english_differ():
    event = {"type": "played", "seat": 1, "card": 40, "to": "kosmopolis"}
    with translation.override("en"):
        english = table.describe(event, NAMES[:2], 0)
        own = table.describe(event, NAMES[:2], 1)
    with translation.override("cs"):
        czech = table.describe(event, NAMES[:2], 0)
    assert english == "Jan plays agent 3 into Kosmopolis."
    assert own == "You play agent 3 into Kosmopolis."
    assert czech != english
    assert "Jan" in czech


def test_round_evaluation_line_tells_saves_losses_and_bonuses():
    event = {
        "type": "round_evaluated",
        "round": 1,
        "limits": {"green": 8, "yellow": 12, "blue": 9, "pink": 1},
        "modifiers": [],
        "saved": [["yellow", "blue"], []],
        "spent": [3, 0],
        "discarded": [{"seat": 1, "color": "pink", "cards": [65]}],
        "values": [{"yellow": 12, "blue": 9}, {}],
        "bonuses": [{"color": "yellow", "seat": 0}],
        "city_totals": [21, 4],
        "next_start_player": 0,
    }
    with translation.override("en"):
        text = table.describe(event, NAMES[:2], None)
    assert "Eva pays 3 tokens to save: yellow, blue." in text
    assert "Jan discards the pink column: priest 5." in text
    assert "Bonus card from the yellow column: Eva." in text
    assert "Eva 21, Jan 4" in text


# --- rendered fragments ----------------------------------------------------------------------


def reachable_moves(form: dict[str, Any]) -> set[str]:
    """Every move some way of filling in and submitting the form produces."""
    radio_names = sorted(form["radios"])
    radio_choices = [[None, *form["radios"][name]] for name in radio_names]
    box_choices: list[list[tuple[str, ...]]] = []
    box_names = sorted(form["boxes"])
    for name in box_names:
        box_choices.append(list(combinations(form["boxes"][name], form.get("keep", 0))))
    moves = set()
    for radios in product(*radio_choices):
        for boxes in product(*box_choices):
            for button in form["buttons"]:
                data = QueryDict(mutable=True)
                for name, value in form["hidden"].items():
                    data[name] = value
                for name, value in zip(radio_names, radios, strict=True):
                    if value is not None:
                        data[name] = value
                for name, values in zip(box_names, boxes, strict=True):
                    data.setlist(name, list(values))
                if button[0]:
                    data[button[0]] = button[1]
                try:
                    moves.add(normalized(table.move_from_post(data)))
                except IllegalMove:
                    continue
    return moves


def render(state: dict[str, Any], seat: int | None, names: list[str]) -> dict[str, str]:
    return render_regions("kosmopolis", state, seat, names)


def hidden_from(state: dict[str, Any], seat: int | None) -> tuple[set[int], set[int]]:
    """Card ids the seat may not see, and the ids of face-down modifiers it did not place.

    Modifier ids as such are no secret (every round uses 72-75); which id lies where is.
    """
    cards = set(state["deck"])
    for other in range(state["seats"]):
        if other == seat:
            continue
        cards |= set(state["hands"][other]) | set(state["packets"][other])
        cards |= set(state["kept"][other])
        if state["phase"] != "over":
            cards |= set(state["bonus"][other])
    modifiers: set[int] = set()
    if state["phase"] == "play":
        modifiers |= {m["id"] for m in state["modifiers"] if m["seat"] != seat}
        if state["pending_modifier"] is not None and state["current"] != seat:
            modifiers.add(state["pending_modifier"])
    return cards, modifiers


@pytest.mark.parametrize("seats", [2, 3, 4])
@pytest.mark.parametrize("language", LANGUAGES)
def test_fragments_show_no_hidden_card_and_offer_exactly_the_legal_moves(seats, language):
    names = NAMES[:seats]
    kinds = set()
    with translation.override(language):
        for state in sample_states(seats, range(5), stride=3):
            for seat in [None, *range(seats)]:
                html = render(state, seat, names)
                whole = "".join(html.values())
                shown_cards = {int(c) for c in re.findall(r'data-card="(\d+)"', whole)}
                shown_mods = {int(m) for m in re.findall(r'data-modifier="(\d+)"', whole)}
                hidden_cards, hidden_mods = hidden_from(state, seat)
                assert not shown_cards & hidden_cards
                assert not shown_mods & hidden_mods
                assert 'style="' not in whole
                assert "<script" not in whole

                legal = engine.legal_moves(state, seat) if seat is not None else []
                assert_forms_offer_exactly(html["mine"], legal, reachable_moves, normalized)
                kinds |= {m["type"] for m in legal}
    assert kinds == {"draft", "play", "place_modifier", "save"}


def test_spectator_gets_the_cities_only():
    state = sample_states(3, range(1), stride=5)[3]
    html = render(state, None, NAMES[:3])["mine"]
    assert "<form" not in html
    for name in NAMES[:3]:
        assert name in html


def test_priest_choice_offers_only_non_empty_columns():
    from games.kosmopolis.tests.kosmopolis_helpers import table as laid_out

    state = laid_out(2, kosmopolis={"blue": [47, 39, 51]}, hands=[[60, 7], [8]])
    html = render(state, 0, NAMES[:2])["mine"]
    (form,) = forms_of(html)
    assert form["radios"]["take"] == ["blue"]
    assert form["hidden"]["take_required"] == "1"
    assert reachable_moves(form) == {normalized(m) for m in engine.legal_moves(state, 0)}


def test_modifier_value_is_shown_only_to_its_owner():
    from games.kosmopolis.tests.kosmopolis_helpers import table as laid_out

    state = laid_out(2, hands=[[40, 7], [8]])
    state, _events = engine.apply(state, 0, {"type": "play", "card": 40, "to": "kosmopolis"})
    modifier = state["pending_modifier"]
    mine = render(state, 0, NAMES[:2])
    theirs = render(state, 1, NAMES[:2])
    assert f'data-modifier="{modifier}"' in mine["mine"]
    assert "data-modifier" not in "".join(theirs.values())
    state, _events = engine.apply(state, 0, {"type": "place_modifier", "column": "yellow"})
    assert f'data-modifier="{modifier}"' in render(state, 0, NAMES[:2])["board"]
    assert "k-facedown" in render(state, 1, NAMES[:2])["board"]


def test_result_sheet_shows_categories_ranks_and_the_tie_break():
    state = sample_states(2, range(1))[-1]
    assert engine.is_over(state)
    result = engine.result(state)
    with translation.override("en"):
        html = render(state, 0, NAMES[:2])["result"]
    for row in result["breakdown"]:
        assert f"<strong>{row['total']}</strong>" in html
    assert "Eva" in html
    assert "Jan" in html
    view = engine.view(state, None)
    view["result"] = {
        "scores": [51, 51],
        "ranks": [2, 1],
        "winners": [1],
        "breakdown": [
            {"city": 40, "bonus": 9, "tokens": 2, "total": 51, "sixes": 3, "fives": 2}
            | {"fours": 4, "threes": 1, "twos": 0},
            {"city": 45, "bonus": 6, "tokens": 0, "total": 51, "sixes": 3, "fives": 4}
            | {"fours": 1, "threes": 0, "twos": 0},
        ],
    }
    g = table.table_context(view, [], None, NAMES[:2])
    assert g["result"]["tiebreak"] is True
    assert [r["name"] for r in g["result"]["rows"]] == ["Jan", "Eva"]
    with translation.override("en"):
        html = render_to_string("kosmopolis/result.html", {"g": g, "view": view})
    assert "decided by the number of cards worth 6" in html


def test_cards_carry_a_letter_and_an_aria_label():
    with translation.override("cs"):
        card = labels.card_info(60)
    assert CARD_COLOR[60] == "pink"
    assert card["letter"] == "R"
    assert "kněz" in card["aria"]
    html = render_to_string("kosmopolis/_card.html", {"card": card})
    assert 'aria-label="kněz 3, růžová"' in html
    assert 'data-card="60"' in html


# --- playing on the columns, the last move marked --------------------------------------------


def _cards_of(colour: str) -> list[int]:
    return [c for c, col in enumerate(CARD_COLOR) if col == colour]


def test_public_log_lines_mark_only_cards_shown_face_up():
    for before, _seat, events, after in random_moves(engine, 3, range(4)):
        public = _public_cards(engine.view(before, None)) | _public_cards(engine.view(after, None))
        public |= {e["card"] for e in events if e["type"] == "played"}
        for event in events:
            if "visible_to" not in event:
                assert set(table.marks(event)) <= {str(card) for card in public}, event


def test_a_chosen_card_is_played_by_the_buttons_of_its_columns():
    priest, *_rest = _cards_of(PRIEST_COLOR)
    green = _cards_of("green")
    state = helpers.table(
        3,
        current=0,
        hands=[[priest, green[0]], [green[1]], [green[2]]],
        kosmopolis={"green": [green[3]]},
    )
    html = render(state, 0, NAMES[:3])
    to_kosmopolis = re.findall(r'data-k-play="kosmopolis" data-colour="(\w+)"', html["board"])
    assert sorted(to_kosmopolis) == sorted(COLORS)
    assert re.findall(r'data-k-take="(\w+)"', html["board"]) == ["green"]
    to_city = re.findall(r'data-k-play="city" data-colour="(\w+)"', html["mine"])
    assert sorted(to_city) == sorted(COLORS)
    assert f'value="{priest}" data-colour="{PRIEST_COLOR}" data-priest' in html["mine"]
    waiting = render(state, 1, NAMES[:3])
    assert "data-k-play" not in waiting["board"] + waiting["mine"]


def test_the_card_each_other_seat_played_last_is_marked():
    green = _cards_of("green")
    state = helpers.table(3, current=0, hands=[[green[0]], [green[1]], [green[2]]])
    state, _events = engine.apply(state, 0, {"type": "play", "card": green[0], "to": "city"})
    with translation.override("en"):
        seen = render(state, 1, NAMES[:3])["mine"]
    (marked,) = re.findall(r'<li class="k-last last-move">.*?data-card="(\d+)"', seen)
    assert int(marked) == green[0]
    assert "last move of Eva" in seen
    assert "k-last" not in render(state, 0, NAMES[:3])["mine"]

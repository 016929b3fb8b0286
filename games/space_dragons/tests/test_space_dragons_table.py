"""The Space Dragons table: move forms, log lines, status line and the rendered fragments."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.http import QueryDict
from django.template.loader import render_to_string
from django.utils import translation

from games.registry import GAMES
from games.rules import IllegalMove
from games.space_dragons import engine, labels, log
from games.space_dragons.tests.space_dragons_helpers import finished
from games.tests.forms import assert_forms_offer_exactly, post
from games.tests.playouts import random_moves
from games.tests.rendered import render_regions

table = GAMES["space_dragons"].table

NAMES = ["Eva", "Jan", "Bob", "Ola", "Ida"]
LANGUAGES = ["en", "cs"]


def normalized(move: dict[str, Any]) -> str:
    return json.dumps(move, sort_keys=True)


def sample_states(seats: int, seeds: range, stride: int = 4) -> list[dict[str, Any]]:
    states = []
    last = None
    for index, (before, _seat, _events, after) in enumerate(random_moves(engine, seats, seeds)):
        if index % stride == 0:
            states.append(before)
        last = after
    states.append(last)
    return states


# --- move_from_post --------------------------------------------------------------------------


def test_draft_form_becomes_a_draft_move():
    data = post(type="draft", card=57, expected_seq=3, csrfmiddlewaretoken="x")
    assert table.move_from_post(data) == {"type": "draft", "card": 57}


def test_play_form_becomes_a_play_move():
    assert table.move_from_post(post(type="play", card=12)) == {"type": "play", "card": 12}


def test_a_card_that_is_not_offered_is_left_to_the_engine():
    assert table.move_from_post(post(type="play", card=200)) == {"type": "play", "card": 200}


# --- describe --------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("effect", ["shield", "damage"])
def test_an_empty_supply_names_the_seat_it_fails(language, effect):
    """No random game empties the supply (every ship under it), so its line is read from a
    made-up event (the other kinds: `games/tests/test_log_lines.py`)."""
    with translation.override(language):
        event = {"type": "supply_empty", "seat": 1, "effect": effect}
        assert "Jan" in table.describe(event, NAMES[:3], 0)


@pytest.mark.parametrize("seats", [3, 5])
def test_public_lines_never_name_a_hidden_card(seats, monkeypatch):
    for module in (labels, log):
        monkeypatch.setattr(module, "card_label", lambda card: f"[#{card}]")
    names = NAMES[:seats]
    for before, _seat, events, after in random_moves(engine, seats, range(5)):
        public = set(before["start_reveal"])
        for p in after["players"]:
            public |= set(p["display"])
        for event in events:
            if "visible_to" in event:
                continue
            for viewer in [None, *range(seats)]:
                text = table.describe(event, names, viewer) or ""
                named = {int(card) for card in re.findall(r"\[#(\d+)\]", text)}
                assert named <= public, (event, text)


def test_log_lines_state_effects_in_words():
    with translation.override("en"):
        assert table.describe({"type": "played", "seat": 0, "card": 12}, NAMES[:3], 1) == (
            "Eva plays 12 (2× shield)."
        )
        assert table.describe({"type": "shield_gained", "seat": 0}, NAMES[:3], 1) == (
            "Eva's card gives their ship a shield."
        )
        assert table.describe({"type": "played", "seat": 1, "card": 39}, NAMES[:3], 1) == (
            "You play 39."
        )
        won = {"type": "trick_won", "seat": 2, "card": 72, "dragon": "D13", "hits": 3}
        assert table.describe(won, NAMES[:3], 0) == (
            "Bob's 72 is the highest card: they hunt the 11-point dragon. "
            "The other cards aim 3 targeting hits at the winner."
        )
        hit = {"type": "damage_taken", "seat": 2, "cause": "targeting"}
        assert table.describe(hit, NAMES[:3], 0) == "A targeting hit damages Bob's ship."
    with translation.override("cs"):
        czech = table.describe(won, NAMES[:3], 0)
    assert "Bob" in czech
    assert "kosmodrak za 11 bodů" in czech


# --- rendered fragments ----------------------------------------------------------------------


def reachable_moves(form: dict[str, Any]) -> set[str]:
    moves = set()
    for card in [None, *form["radios"].get("card", [])]:
        for name, value in form["buttons"]:
            data = QueryDict(mutable=True)
            for key, hidden in form["hidden"].items():
                data[key] = hidden
            if card is not None:
                data["card"] = card
            if name:
                data[name] = value
            try:
                moves.add(normalized(table.move_from_post(data)))
            except IllegalMove:
                continue
    return moves


def render(
    state: dict[str, Any], seat: int | None, names: list[str], **extra: Any
) -> dict[str, str]:
    return render_regions("space_dragons", state, seat, names, **extra)


def hidden_from(state: dict[str, Any], seat: int | None) -> set[int]:
    """Crew cards the seat may not see: face-down piles and other seats' packs and hands."""
    cards = set(state["draw_pile"])
    for other, player in enumerate(state["players"]):
        cards |= set(player["shields"]) | set(player["damage"])
        if other != seat:
            cards |= set(player["pack"]) | set(player["drafted"]) | set(player["hand"])
    return cards


def hidden_dragons(state: dict[str, Any]) -> set[str]:
    dragons = set(state["lair"]) | set(state["box_dragons"])
    return dragons | {p["ship"] for p in state["players"]}


def shown(html: str) -> tuple[set[int], set[str]]:
    cards = {int(c) for c in re.findall(r'data-card="(\d+)"', html)}
    dragons = set(re.findall(r'data-dragon="(D\d+)"', html))
    return cards, dragons


@pytest.mark.parametrize("seats", [3, 4, 5])
@pytest.mark.parametrize("language", LANGUAGES)
def test_fragments_show_no_hidden_card_and_offer_exactly_the_legal_moves(seats, language):
    names = NAMES[:seats]
    kinds = set()
    with translation.override(language):
        for state in sample_states(seats, range(3), stride=5):
            for seat in [None, *range(seats)]:
                html = render(state, seat, names)
                whole = "".join(html.values())
                cards, dragons = shown(whole)
                assert not cards & hidden_from(state, seat)
                assert not dragons & hidden_dragons(state)
                assert 'style="' not in whole
                assert "<script" not in whole
                if seat is not None and state["phase"] != "over":
                    own = state["players"][seat]
                    assert set(own["hand"]) | set(own["pack"]) | set(own["drafted"]) <= cards

                legal = engine.legal_moves(state, seat) if seat is not None else []
                assert_forms_offer_exactly(html["mine"], legal, reachable_moves, normalized)
                kinds |= {m["type"] for m in legal}
    assert kinds == {"draft", "play"}


def test_a_replay_titles_each_seat_by_name_and_offers_no_form():
    state = sample_states(3, range(1), stride=5)[2]
    with translation.override("en"):
        for seat in range(3):
            html = render(state, seat, NAMES[:3], in_replay=True)["mine"]
            assert "<form" not in html
            assert NAMES[seat] in html
            assert "Your " not in html


def test_the_replay_of_a_finished_game_shows_the_unplayed_cards_to_their_owner_only():
    """§7: the two unplayed cards are never shown to anyone but their owner, also after the
    game; the replay renders one seat's area, the viewer's own."""
    state = sample_states(3, range(1))[-1]
    assert engine.is_over(state)
    unplayed = [set(player["hand"]) for player in state["players"]]
    with translation.override("en"):
        for seat in range(3):
            html = render(state, seat, NAMES[:3], in_replay=True)
            cards, _dragons = shown("".join(html.values()))
            assert unplayed[seat] <= cards
            assert not cards & set().union(*(unplayed[s] for s in range(3) if s != seat))
            assert "never played" in html["mine"]
        cards, _dragons = shown("".join(render(state, None, NAMES[:3], in_replay=True).values()))
        assert not cards & set().union(*unplayed)


def test_spectator_sees_crews_and_no_form():
    state = sample_states(3, range(1), stride=5)[-2]
    html = render(state, None, NAMES[:3])
    assert "<form" not in html["mine"]
    for name in NAMES[:3]:
        assert name in html["board"]


def test_board_shows_the_trick_in_play_order_and_the_running_scores():
    state = sample_states(4, range(1), stride=1)
    hunt = next(s for s in state if s["phase"] == "hunt" and len(s["trick_plays"]) == 2)
    with translation.override("en"):
        board = render(hunt, None, NAMES[:4])["board"]
    first, second = (p["card"] for p in hunt["trick_plays"])
    trick = board.split('class="sd-trick-plays"')[1]
    assert trick.index(f'data-card="{first}"') < trick.index(f'data-card="{second}"')
    assert "Current dragon" in board
    assert f'data-dragon="{hunt["current_dragon"]}"' in board
    assert "Score now" in board
    assert "side A: highest +10, lowest +5" in board


def test_draft_shows_who_has_picked_but_never_what():
    state = engine.setup(3, {}, 4)
    pick = engine.legal_moves(state, 1)[0]
    state, _events = engine.apply(state, 1, pick)
    with translation.override("en"):
        board = render(state, 0, NAMES[:3])["board"]
        mine_1 = render(state, 1, NAMES[:3])["mine"]
    assert "Jan · has picked" in board
    assert "Eva · picking" in board
    assert f'data-card="{pick["card"]}"' not in board
    assert f'data-card="{pick["card"]}"' in mine_1.split("Your crew so far")[1]


def test_result_sheet_shows_categories_awards_and_the_tie_break():
    # Spec example 8: seat 1 wins with 45.
    state = finished(
        [[3, 14, 22, 35, 57, 69, 74], [1, 11, 29, 41, 52, 64, 77], [9, 19, 45, 60, 67, 71, 80]],
        [["D05", "D17"], ["D01", "D14", "D08"], ["D20", "D11"]],
        [1, 2, 0],
        [1, 0, 3],
        {"research": "A", "morale": "B", "crime": "A"},
    )
    with translation.override("en"):
        html = render(state, 0, NAMES[:3])["result"]
    for total in ("<strong>27</strong>", "<strong>45</strong>", "<strong>15</strong>"):
        assert total in html
    assert "Winner: Jan" in html
    assert html.index("Jan") < html.index("Eva") < html.index("Bob")
    assert "side B: lowest \u221210, second lowest \u22125" in html
    assert "decided by the number of dragons" not in html
    view = engine.view(state, None)
    view["result"] = dict(view["result"], ranks=[2, 1, 3], winners=[1], scores=[45, 45, 15])
    view["result"]["breakdown"][0] = dict(view["result"]["breakdown"][0], total=45)
    g = table.table_context(view, [], None, NAMES[:3])
    assert g["result"]["tiebreak"] is True
    with translation.override("en"):
        html = render_to_string("space_dragons/result.html", {"g": g, "view": view})
    assert "decided by the number of dragons hunted" in html


def test_cards_carry_letters_and_an_aria_label():
    with translation.override("cs"):
        card = labels.card_info(12)
    html = render_to_string("space_dragons/_card.html", {"card": card})
    assert 'data-card="12"' in html
    assert "2× štít" in card["aria"]
    assert "výzkum" in card["aria"]
    assert ">Št<" in html


@pytest.mark.parametrize("seat", [None, 0, 1, 2])
def test_the_face_up_dragon_and_the_lair_count_show_during_the_draft(seat):
    """§7: `current_dragon` and `lair_count` are public in every phase, the draft included."""
    state = engine.setup(3, {}, 5)
    assert state["phase"] == "draft"
    view = engine.view(state, seat)
    assert view["current_dragon"] == state["current_dragon"] is not None
    assert view["lair_count"] == len(state["lair"]) == 6
    with translation.override("en"):
        board = render(state, seat, NAMES[:3])["board"]
    _cards, dragons = shown(board)
    assert dragons == {state["current_dragon"]}
    assert "6 more dragons in the lair" in board
    assert "Dragons left in the lair: <strong>6</strong>" in board

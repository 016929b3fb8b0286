"""The Space Bastards table: move forms, log lines, status line and the rendered fragments."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from django.http import QueryDict
from django.utils import translation

from games.registry import GAMES
from games.rules import IllegalMove
from games.services import refusal_text
from games.space_bastards import bot, engine, labels, log, stats
from games.space_bastards.components import ORIENTATIONS, PLANET_CELLS, PLANET_IDS, RACES
from games.space_bastards.tests import space_bastards_helpers as helpers
from games.tests.forms import CSRF_TOKEN, EXPECTED_SEQ, MOVE_URL, forms_of, post
from games.tests.rendered import render_regions

table = GAMES["space_bastards"].table

NAMES = ["Eva", "Jan", "Bob", "Ola", "Ida"]
LANGUAGES = ["en", "cs"]
APP = Path(log.__file__).resolve().parent
SILENT = {"placing", "movement_done", "change_done", "answers_revealed", "action_done"}
"""Events the log leaves out: the next line says the same (whose turn, what came of it)."""


def cells(*pairs: tuple[int, int]) -> list[str]:
    return [f"{r},{c}" for r, c in pairs]


@cache
def _game(seats: int, seed: int) -> list[tuple[str, int, dict, list[dict]]]:
    """Every move of a bot game: (state before as JSON, seat, move, events)."""
    state = engine.setup(seats, {}, seed)
    rng = random.Random(seed)
    steps = []
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        move = bot.choose_move(state, seat, rng)
        before = json.dumps(state)
        events = engine.apply_in_place(state, seat, move)
        steps.append((before, seat, move, events))
    steps.append((json.dumps(state), -1, {}, []))
    return steps


def sample_states(seats: int, seed: int, stride: int) -> list[dict]:
    return [json.loads(before) for before, *_rest in _game(seats, seed)[::stride]] + [
        json.loads(_game(seats, seed)[-1][0])
    ]


# --- move_from_post --------------------------------------------------------------------------


def test_simple_forms_become_their_moves():
    assert table.move_from_post(post(type="choose_planet", planet="P3")) == {
        "type": "choose_planet",
        "planet": "P3",
    }
    assert table.move_from_post(post(type="pick", race="spud")) == {"type": "pick", "race": "spud"}
    assert table.move_from_post(post(type="shoot", target="P6|2")) == {
        "type": "shoot",
        "planet": "P6",
        "target": 2,
    }
    assert table.move_from_post(post(type="eat", target="P6|N")) == {
        "type": "eat",
        "planet": "P6",
        "target": "N",
    }
    assert table.move_from_post(post(type="trade", decline=[1, "N"])) == {
        "type": "trade",
        "decline": [1, "N"],
    }
    assert table.move_from_post(post(type="diplomacy")) == {"type": "diplomacy", "decline": []}
    assert table.move_from_post(post(type="respond", accept="no")) == {
        "type": "respond",
        "accept": False,
    }
    assert table.move_from_post(post(type="exchange", choice="love|1|toad")) == {
        "type": "exchange",
        "relationship": "love",
        "side": 1,
        "race": "toad",
    }
    assert table.move_from_post(post(type="ship_step", to="t1")) == {
        "type": "ship_step",
        "to": "t1",
    }
    assert table.move_from_post(post(type="done", expected_seq=4)) == {"type": "done"}


def test_a_placement_form_sends_the_ticked_cells():
    data = post(type="place", pieces=["0:slug:0"], cells=cells((1, 2), (1, 3)))
    assert table.move_from_post(data) == {"type": "place", "cells": [[1, 2], [1, 3]]}
    data = post(type="love", planet="P4", race="toad", cells=cells((0, 2)))
    assert table.move_from_post(data) == {
        "type": "love",
        "planet": "P4",
        "race": "toad",
        "cells": [[0, 2]],
    }


def test_a_rearrangement_splits_the_ticked_cells_into_each_pieces_shape():
    """Own spud first, then a neutral toad and a slug: 7 cells become three placements (any
    partition will do: the engine then judges it on the planet)."""
    ticked = cells((0, 0), (0, 1), (1, 0), (1, 1), (2, 0), (2, 1), (2, 2))
    data = post(type="place", pieces=["1:spud:0", "N:toad:0", "0:slug:0"], cells=ticked)
    move = table.move_from_post(data)
    shapes = {"1:spud:0": move["cells"], **move["rearrange"]}
    for token, placed in shapes.items():
        top, left = min(r for r, _c in placed), min(c for _r, c in placed)
        shape = tuple(sorted((r - top, c - left) for r, c in placed))
        assert shape in {tuple(sorted(o)) for o in ORIENTATIONS[labels.race_of(token)]}
    placed = [tuple(c) for cs in shapes.values() for c in cs]
    assert sorted(placed) == sorted((r, c) for r, c in (map(int, v.split(",")) for v in ticked))


def test_a_mutation_of_two_creatures_gets_two_placements_of_the_new_race():
    ticked = cells((1, 0), (1, 1), (2, 0), (2, 1), (1, 4), (1, 5), (2, 4), (2, 5))
    data = post(
        type="mutate",
        planet="P3",
        combo="0|toad|spud",
        tokens=["0:toad:0", "0:toad:1"],
        cells=ticked,
    )
    assert table.move_from_post(data) == {
        "type": "mutate",
        "planet": "P3",
        "owner": 0,
        "from": "toad",
        "to": "spud",
        "tokens": ["0:toad:0", "0:toad:1"],
        "cells": [[[1, 0], [1, 1], [2, 0], [2, 1]], [[1, 4], [1, 5], [2, 4], [2, 5]]],
    }


def test_the_plan_form_carries_the_standing_answers():
    data = post(type="plan", cards=["love", "trade"], pref_trade="refuse", pref_trade_2="accept")
    data["pref_diplomacy"] = "accept"
    assert table.move_from_post(data) == {
        "type": "plan",
        "cards": ["love", "trade"],
        "prefs": {
            "trade": {"default": "refuse", "seats": {"2": "accept"}},
            "diplomacy": {"default": "accept", "seats": {}},
        },
    }


def test_every_legal_move_of_a_game_survives_the_form_round_trip():
    """A move written into the form's fields, as its form would post it, reads back as itself
    (cells in any order)."""
    checked = set()
    for before, seat, _move, _events in _game(3, 4)[:-1:5]:
        state = json.loads(before)
        for move in engine.legal_moves(state, seat)[:40]:
            data = _as_form(move, state)
            assert _canonical(table.move_from_post(data), state) == _canonical(move, state)
            checked.add(move["type"])
    assert {"place", "plan", "ship_step", "done"} <= checked


def _as_form(move: dict, state: dict) -> QueryDict:
    kind = move["type"]
    fields: dict[str, Any] = {"type": kind}
    if kind == "place":
        col = state["colonise"]
        pieces = [col["token"], *move.get("rearrange", {})]
        every = [move["cells"], *move.get("rearrange", {}).values()]
        fields.update(pieces=pieces, cells=[f"{r},{c}" for cs in every for r, c in cs])
    elif kind in ("love", "unload"):
        fields.update({k: v for k, v in move.items() if k != "cells"})
        fields["cells"] = [f"{r},{c}" for r, c in move["cells"]]
    elif kind in ("shoot", "eat"):
        fields["target"] = f"{move['planet']}|{move['target']}"
    elif kind in ("trade", "diplomacy"):
        fields["decline"] = move["decline"]
    elif kind == "respond":
        fields["accept"] = "yes" if move["accept"] else "no"
    elif kind == "mutate":
        fields.update(
            planet=move["planet"],
            combo=f"{move['owner']}|{move['from']}|{move['to']}",
            tokens=move["tokens"],
            cells=[f"{r},{c}" for cs in move["cells"] for r, c in cs],
        )
    elif kind == "arrange_corpses":
        fields.update(
            planet=move["planet"],
            pieces=list(move["layout"]),
            cells=[f"{r},{c}" for cs in move["layout"].values() for r, c in cs],
        )
    elif kind == "exchange":
        fields["choice"] = f"{move['relationship']}|{move['side']}|{move['race']}"
    elif kind == "plan":
        fields["cards"] = move["cards"]
    else:
        fields.update({k: v for k, v in move.items() if k != "type"})
    return post(**fields)


def _canonical(move: dict, state: dict) -> str:
    """A move with its cells sorted; several pieces of one race compare as a set of shapes."""
    move = json.loads(json.dumps(move))
    if "cells" in move and move["type"] != "mutate":
        move["cells"] = sorted(move["cells"])
    if move["type"] == "mutate":
        move["cells"] = sorted(sorted(c) for c in move["cells"])
    for key in ("rearrange", "layout"):
        if key in move:
            by_race: dict[str, list] = {}
            for token, cs in move[key].items():
                by_race.setdefault(labels.race_of(token), []).append(sorted(cs))
            move[key] = {race: sorted(shapes) for race, shapes in by_race.items()}
    return json.dumps(move, sort_keys=True)


# --- engine refusals ---------------------------------------------------------------------------


def test_a_refusal_naming_a_race_and_a_planet_reads_in_czech_with_czech_names():
    with pytest.raises(IllegalMove) as refused:
        engine._check_shape("P1", "toad", frozenset({(99, 99)}))
    assert refused.value.message == "Those cells do not fit a token of the Toadlings on Rubina."
    with translation.override("cs"):
        assert refusal_text(refused.value) == (
            "Tato pole neodpovídají žetonu na planetě Rubina (Ropušáci)."
        )


# --- describe ----------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_type_gets_a_log_line(language):
    seen = set()
    with translation.override(language):
        for seats, seed in [(2, 1), (3, 2), (5, 3)]:
            names = NAMES[:seats]
            for _before, seat, _move, events in _game(seats, seed):
                for event in events:
                    if event["type"] in SILENT:
                        continue
                    reader = event.get("visible_to", [seat])[0]
                    text = table.describe(event, names, reader)
                    assert text, event
                    assert text.strip(), event
                    assert "%(" not in text
                    seen.add(event["type"])
    assert {"placed", "plans_revealed", "dominance", "ship_moved", "points_bought"} <= seen


def test_log_lines_in_czech_and_english_differ():
    event = {"type": "born", "seat": 1, "planet": "P6", "token": "1:toad:3", "cells": [[1, 2]]}
    with translation.override("en"):
        english = table.describe(event, NAMES, None)
    with translation.override("cs"):
        czech = table.describe(event, NAMES, None)
    assert english == "A Toadling of Jan was born on Azurit (2-3)."
    assert czech != english
    assert "Azurit" in czech


# --- the fragments ------------------------------------------------------------------------


def render(state: dict, seat: int | None, names: list[str]) -> dict[str, str]:
    return render_regions("space_bastards", state, seat, names)


def secrets(state: dict, viewer: int | None) -> tuple[set[str], set[str]]:
    """(markers the viewer must not see, the viewer's own secret markers): colonisation picks,
    planned cards and answers to an offer, each until all are in."""
    hidden: set[str] = set()
    own: set[str] = set()
    col = state.get("colonise") or {}
    for seat in range(state["seats"]):
        mine = set()
        if state["phase"] == "colonise_pick" and col["picks"][seat]:
            mine.add(f"pick-{seat}-{col['picks'][seat]}")
        if state["phase"] == "plan" and state["plans"][seat]:
            mine |= {f"plan-{seat}-{card}" for card in state["plans"][seat]["cards"]}
        respond = state.get("respond")
        if respond and respond["answers"][seat] is not None:
            mine.add(f"answer-{seat}-{'yes' if respond['answers'][seat] else 'no'}")
        if seat == viewer:
            own = mine
        else:
            hidden |= mine
    return hidden, own


def shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="([^"]+)"', html))


@pytest.mark.parametrize("seats", [2, 3, 5])
@pytest.mark.parametrize("language", LANGUAGES)
def test_fragments_show_no_hidden_choice_and_offer_a_form_for_every_legal_move(seats, language):
    names = NAMES[:seats]
    kinds = set()
    secrets_seen = 0
    with translation.override(language):
        for state in sample_states(seats, seats, stride=2):
            for seat in [None, *range(seats)]:
                html = render(state, seat, names)
                whole = "".join(html.values())
                hidden, own = secrets(state, seat)
                assert not shown(whole) & hidden
                assert own <= shown(whole)
                secrets_seen += len(own)
                assert 'style="' not in whole
                assert "<script" not in whole
                legal = engine.legal_moves(state, seat) if seat is not None else []
                forms = forms_of(html["mine"])
                assert {f["hidden"]["type"] for f in forms} == {m["type"] for m in legal}
                for form in forms:
                    assert form["attrs"]["action"] == form["attrs"]["hx-post"] == MOVE_URL
                    assert form["hidden"]["expected_seq"] == EXPECTED_SEQ
                    assert form["hidden"]["csrfmiddlewaretoken"] == CSRF_TOKEN
                kinds |= {m["type"] for m in legal}
    assert secrets_seen
    assert {"choose_planet", "pick", "place", "plan", "ship_step", "done"} <= kinds


def _state_with_planned(seats: int = 3) -> dict:
    for before, _seat, move, _events in _game(seats, 6):
        state = json.loads(before)
        if state["phase"] == "plan" and any(state["plans"]):
            return state
        del move
    raise AssertionError("no half-planned state")


def test_a_planned_card_is_shown_to_its_planner_only():
    state = _state_with_planned()
    planner = next(s for s, plan in enumerate(state["plans"]) if plan)
    cards = state["plans"][planner]["cards"]
    for seat in [None, *range(3)]:
        whole = "".join(render(state, seat, NAMES[:3]).values())
        markers = {f"plan-{planner}-{c}" for c in cards}
        assert (markers <= shown(whole)) == (seat == planner)


def test_the_relationship_column_is_hidden_until_the_deal():
    state = engine.setup(3, {}, 11)
    whole = "".join(render(state, 0, NAMES[:3]).values())
    assert not {c for c in shown(whole) if "-" in c and c.split("-")[0] in RACES}
    assert state["race_deck"][0] not in whole


def test_placement_grids_offer_only_free_cells_of_the_planet():
    state = json.loads(next(b for b, _s, m, _e in _game(3, 4) if m.get("type") == "place"))
    seat = min(engine.to_act(state))
    html = render(state, seat, NAMES[:3])["mine"]
    form = next(f for f in forms_of(html) if f["hidden"]["type"] == "place")
    planet = state["colonise"]["planet"]
    taken = {tuple(c) for where in state["board"][planet].values() for c in where["cells"]}
    offered = {tuple(map(int, v.split(","))) for v in form["boxes"]["cells"]}
    assert offered == PLANET_CELLS[planet] - taken


def test_a_grid_marks_whose_creature_fills_a_cell_as_the_map_does():
    """Red and green look alike to many colour-blind players: a taken cell of a placement grid
    carries the owner's number (or N) beside the race's letter, as the token on the map."""
    tokens = {
        "P6": {
            "0:toad:0": [[1, 0]],
            "0:slug:0": [[1, 1], [1, 2]],
            "1:slug:0": [[3, 2], [3, 3]],
            "N:cactus:0": [[1, 4], [2, 4], [3, 4]],
        }
    }
    state = helpers.table(2, column={"love": ("toad", "slug")}, tokens=tokens)
    helpers.resolve(state, [["love", 0]])
    with translation.override("en"):
        html = render(state, 0, NAMES[:2])["mine"]
    marks = dict(re.findall(r'data-cell="(\d+,\d+)">([^<]*)</span>', html))
    assert marks["1,0"] == "T1"
    assert marks["1,1"] == marks["1,2"] == "S1"
    assert marks["3,3"] == "S2"
    assert marks["2,4"] == "CN"


def test_reachable_spaces_are_highlighted_on_the_map_and_offered_as_buttons():
    state = json.loads(next(b for b, _s, m, _e in _game(3, 4) if m.get("type") == "ship_step"))
    seat = min(engine.to_act(state))
    html = render(state, seat, NAMES[:3])
    targets = {m["to"] for m in engine.legal_moves(state, seat) if m["type"] == "ship_step"}
    highlighted = set(
        re.findall(r'class="sb-sp [^"]*sb-reach[^"]*" data-space="(\w+)"', html["board"])
    )
    assert highlighted == targets
    form = next(f for f in forms_of(html["mine"]) if f["hidden"]["type"] == "ship_step")
    assert {value for _name, value in form["buttons"]} == targets


def test_corpses_are_drawn_dead_and_every_player_colour_has_a_mark():
    state = json.loads(_game(3, 2)[-1][0])
    corpse = next(
        (t for tokens in state["board"].values() for t, w in tokens.items() if w["dead"]), None
    )
    board = render(state, None, NAMES[:3])["board"]
    if corpse:
        assert re.search(rf'class="sb-t sb-\w+ sb-dead" data-token="{re.escape(corpse)}"', board)
    for token in (t for tokens in state["board"].values() for t in tokens):
        assert f'data-token="{token}"' in board


def test_the_board_marks_each_other_seats_last_move_and_names_whose_it_was():
    state = next(
        json.loads(before)
        for before, _seat, _move, _events in _game(3, 2)
        if all(json.loads(before).get("last_named", [[]])[p] for p in (1, 2))
        and json.loads(before)["phase"] == "plan"
    )
    for viewer in (0, 1):
        with translation.override("en"):
            board = render(state, viewer, NAMES[:3])["board"]
        for p in range(3):
            for name in state["last_named"][p]:
                marked = re.search(rf'class="[^"]*\bsb-last\b[^"]*"[^>]*data-card="{name}"', board)
                shared = any(name in state["last_named"][q] for q in range(3) if q != p)
                if p != viewer:
                    assert marked, name
                elif not shared:
                    assert not marked, name
            if p != viewer:
                assert f"last move of {NAMES[p]}" in board
        assert f"last move of {NAMES[viewer]}" not in board


def test_a_log_line_marks_what_its_event_names_on_the_board():
    """Every planet, space, relationship and newly placed token a log line names is on the
    table after its move, carrying `data-card` for the line to mark."""
    steps = _game(3, 2)
    checked = set()
    for (_before, _seat, _move, events), (after, *_rest) in pairwise(steps):
        state = json.loads(after)
        html = render(state, None, NAMES[:3])
        page = html["board"] + html["mine"]
        for event in events:
            for name in log.marks(event):
                token = name.count(":") == 2
                if token and event["type"] not in ("placed", "born", "unloaded"):
                    continue
                assert f'data-card="{name}"' in page, (event, name)
                checked.add(event["type"])
    assert {"placed", "ship_moved", "born"} <= checked


def test_result_sheet_shows_points_by_source_and_the_tie_breaks():
    state = json.loads(_game(3, 2)[-1][0])
    result = engine.result(state)
    with translation.override("en"):
        html = render(state, 0, NAMES[:3])["result"]
    headings = ("Points for planets after round 4", "Diplomacy", "Bought with money", "Money left")
    for heading in headings:
        assert heading in html
    for p, row in enumerate(result["breakdown"]):
        assert NAMES[p] in html
        assert f"<strong>{row['total']}</strong>" in html


def _scoring_columns(html: str) -> tuple[list[str], list[list[str]]]:
    """The scorings table: its column headings and, per planet row, the text of each cell."""
    table_html = html[html.index('class="sb-score sb-scorings"') :]
    table_html = table_html[: table_html.index("</table>")]
    headings = re.findall(r'<th scope="col">([^<]*)</th>', table_html)
    rows = [
        [re.sub(r"<[^>]+>", "", cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row)]
        for row in re.findall(r"<tr><th scope=\"row\">.*?</tr>", table_html, re.S)
    ]
    return headings, rows


@pytest.mark.parametrize("seats", [2, 3, 5])
def test_result_sheet_shows_who_dominated_each_planet_at_every_scoring(seats):
    state = json.loads(_game(seats, 2)[-1][0])
    with translation.override("en"):
        html = render(state, 0, NAMES[:seats])["result"]
    headings, rows = _scoring_columns(html)
    assert headings == ["Planet", "After round 4", "After round 8", "After round 12"]
    assert len(rows) == len(state["in_play"])
    for column, scoring in enumerate(state["scorings"]):
        shown = sum(int(n) for row in rows for n in re.findall(r"\+(\d+) points?", row[column]))
        given = sum(row[f"dominance_{scoring['round']}"] for row in state["scores"])
        assert shown == given
        for row, planet in zip(rows, sorted(state["in_play"], key=PLANET_IDS.index), strict=True):
            led = scoring["planets"][planet]
            assert all(NAMES[int(c)] in row[column] for c in led["leaders"] if c != "N")


def test_result_sheet_of_a_game_stored_before_scorings_were_kept_points_to_the_log():
    state = json.loads(_game(3, 2)[-1][0])
    del state["scorings"]
    for language, note in (("en", "The scorings are in the log."), ("cs", "Bodování najdeš")):
        with translation.override(language):
            html = render(state, 0, NAMES[:3])["result"]
        assert "sb-scorings" not in html
        assert note in html


def test_czech_texts_agree_with_several_players_and_say_the_start_player_once():
    state = engine.setup(3, {}, 4)
    chooser = min(engine.to_act(state))
    helpers.play(state, chooser, engine.legal_moves(state, chooser)[0])
    assert state["phase"] == "colonise_pick"
    helpers.play(state, 0, engine.legal_moves(state, 0)[0])
    planet = labels.planet_name(state["colonise"]["planet"])
    with translation.override("cs"):
        waiting = table.status_text(engine.view(state, 0), 0, NAMES[:3])
        begins = table.describe(
            {"type": "round_started", "round": 5, "start_player": 1}, NAMES, None
        )
    assert waiting == f"Čeká se na výběr rasy pro planetu {planet}: Jan a Bob."
    assert begins == "Začíná 5. kolo; zahajuje Jan."


# --- statistics --------------------------------------------------------------------------------


def test_match_facts_add_up_the_points_by_source():
    state = json.loads(_game(3, 2)[-1][0])
    result = engine.result(state)
    facts = stats.match_facts(state, result)
    assert facts["seat_results"] == 3
    total = sum(facts[f"points_{s}"] for s in stats.SOURCES)
    assert total == sum(result["scores"])
    lines = stats.fact_lines(facts, 1)
    assert len(lines) == len(stats.SOURCES) + 1
    assert all(label and value for label, value in lines)


# --- texts players read ------------------------------------------------------------------------


def _described(event: dict, language: str, names: list[str] = NAMES[:3]) -> str:
    with translation.override(language):
        text = table.describe(event, names, None)
    assert text
    return text


def test_a_count_of_creatures_reads_as_one_or_many_in_both_languages():
    one = {"seat": 0, "planet": "P6", "target": 1, "tokens": ["1:toad:0"]}
    three = {**one, "tokens": ["1:toad:0", "1:toad:1", "1:toad:2"]}
    assert _described({"type": "shot", **one}, "en") == "Eva shot 1 creature of Jan on Azurit."
    assert _described({"type": "eaten", **three}, "en") == "Eva ate 3 creatures of Jan on Azurit."
    assert "1 tvora hráče Jan" in _described({"type": "shot", **one}, "cs")
    assert "3 tvory hráče Jan" in _described({"type": "eaten", **three}, "cs")
    mutated = {
        "type": "mutated",
        "seat": 0,
        "planet": "P3",
        "owner": 0,
        "old": ["0:toad:0"],
        "new": ["0:spud:0"],
        "cells": [[[1, 0], [1, 1], [2, 0], [2, 1]]],
    }
    assert _described(mutated, "en") == (
        "Eva mutated 1 own creature on Citronel: Toadlings into Spuds."
    )
    with translation.override("en"):
        ship = re.search(r'aria-label="(Ship of Jan[^"]*)"', _ship_board_with_cargo(1))
    assert ship
    assert ship.group(1) == "Ship of Jan with 1 creature"


def _ship_board_with_cargo(count: int) -> str:
    state = helpers.table(3)
    state["ships"][1] = {"space": "r3", "cargo": [f"1:toad:{k}" for k in range(count)]}
    return render(state, None, NAMES[:3])["board"]


def test_a_payment_says_it_is_money():
    paid = {"type": "paid", "seat": 0, "amount": 2}
    assert _described(paid, "en") == "Eva paid 2 money."
    assert _described(paid, "cs") == "Eva platí 2 peníze."


def test_the_neutral_colour_as_a_victim_reads_as_neutral_creatures_in_czech():
    event = {"type": "shot", "seat": 0, "planet": "P6", "target": "N", "tokens": ["N:toad:0"]}
    assert _described(event, "en", NAMES[:2]) == "Eva shot 1 neutral creature on Azurit."
    czech = _described(event, "cs", NAMES[:2])
    assert "barvy" not in czech
    assert "1 neutrálního tvora" in czech
    eaten = {**event, "type": "eaten", "tokens": ["N:toad:0", "N:slug:0"]}
    assert "2 neutrální tvory" in _described(eaten, "cs", NAMES[:2])


@pytest.mark.parametrize(
    ("race", "one", "many"),
    [
        ("toad", "Ropušák", "Ropušáci"),
        ("spud", "Bramboroid", "Bramboroidi"),
        ("toucan", "Tukanosaurus", "Tukanosauři"),
        ("cactus", "Kaktusák", "Kaktusáci"),
        ("slug", "Šlimák", "Šlimáci"),
    ],
)
def test_the_races_have_the_names_of_the_czech_rulebook(race, one, many):
    with translation.override("cs"):
        assert (labels.race_name(race), labels.races_name(race)) == (one, many)


def test_no_czech_text_guesses_the_players_gender():
    """A player's gender is unknown: no Czech line reads "vybral(a)", nor speaks to the player
    in the masculine ("už jsi mutoval")."""
    import polib

    po = polib.pofile(str(APP / "locale/cs/LC_MESSAGES/django.po"))
    gendered = re.compile(r"\w\(a\)|\bjsi\b[^.:]*\b\w+l\b")
    found = [
        text
        for entry in po
        if not entry.obsolete
        for text in (entry.msgstr, *entry.msgstr_plural.values())
        if gendered.search(text)
    ]
    assert found == []


@pytest.mark.parametrize(("language", "size"), [("cs", "(12 políček)"), ("en", "(12 cells)")])
def test_a_planets_size_reads_as_a_count_of_cells(language, size):
    state = engine.setup(2, {"planets_off": ["P2", "P3", "P6", "P7", "P9"]}, 4)
    chooser = min(engine.to_act(state))
    with translation.override(language):
        choose = _form_text(render(state, chooser, NAMES[:2])["mine"], "choose_planet")
    assert f"Rubina {size}" in choose


@pytest.mark.parametrize(
    ("language", "letters", "legend"),
    [
        ("cs", {"toad": "R", "slug": "Š", "cactus": "K", "toucan": "T", "spud": "B"}, "Ropušáci"),
        ("en", {"toad": "T", "slug": "S", "cactus": "C", "toucan": "U", "spud": "P"}, "Toadlings"),
    ],
)
def test_the_letters_on_the_tokens_follow_the_race_names_of_the_viewers_language(
    language, letters, legend
):
    """Colour-blind players tell the races by the letters: a Czech player reads the Czech
    names' initials (Ropušáci, Šlimáci, Kaktusáci, Tukanosauři, Bramboroidi), on the map and in
    the legend alike."""
    tokens = {"P6": {f"0:{race}:0": None for race in letters}}
    state = helpers.table(2, tokens=tokens)
    with translation.override(language):
        html = render(state, 0, NAMES[:2])
    for race, letter in letters.items():
        drawn = re.search(rf'data-token="0:{race}:0".*?<text [^>]*>([^<]*)</text>', html["board"])
        assert drawn
        assert drawn.group(1) == f"{letter}1"
    assert f"<strong>{letters['toad']}</strong> {legend}" in html["board"]
    assert len(set(letters.values())) == len(letters)


def test_the_end_of_the_game_is_said_once_the_status_naming_the_winners():
    state = json.loads(_game(3, 2)[-1][0])
    winners = engine.result(state)["winners"]
    last_events = _game(3, 2)[-2][3]
    for language in LANGUAGES:
        with translation.override(language):
            lines = [table.describe(e, NAMES[:3], None) for e in last_events]
            status = table.status_text(engine.view(state, None), None, NAMES[:3])
        assert status not in lines
        assert all(NAMES[w] in status for w in winners)
    with translation.override("en"):
        assert table.status_text(engine.view(state, winners[0]), winners[0], NAMES[:3]) in (
            "Game over: you win!",
            *(f"Game over: you share the win with {NAMES[w]}." for w in winners),
        )


def _colonisation_heading(state: dict, language: str = "en") -> str:
    with translation.override(language):
        mine = render(state, 0, NAMES[: state["seats"]])["mine"]
    heading = re.search(r'<h3 id="sb-col-heading">(.*?)</h3>', mine, re.S)
    assert heading
    return re.sub(r"<[^>]+>", "", heading.group(1))


def test_the_colonisation_counter_names_the_planet_being_colonised():
    state = engine.setup(2, {}, 5)
    assert state["phase"] == "colonise_choose"
    assert "planet 1 of 5" in _colonisation_heading(state)
    assert "planeta 1 z 5" in _colonisation_heading(state, "cs")
    chooser = min(engine.to_act(state))
    engine.apply_in_place(state, chooser, engine.legal_moves(state, chooser)[0])
    assert "planet 1 of 5" in _colonisation_heading(state)
    while state["phase"] != "colonise_choose":
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, engine.legal_moves(state, seat)[0])
    assert "planet 2 of 5" in _colonisation_heading(state)


def test_the_score_sheet_says_the_last_scoring_columns_hold_points():
    state = json.loads(_game(3, 2)[-1][0])
    with translation.override("en"):
        html = render(state, 0, NAMES[:3])["result"]
    assert "Planets after round" not in html
    assert "Points for planets after round 12" in html


# --- costs before the player decides ---------------------------------------------------------


def _form_text(html: str, kind: str) -> str:
    """The text of the first form of that move type, tags removed."""
    start = html.index(f'name="type" value="{kind}"')
    form = html[html.rindex("<form", 0, start) : html.index("</form>", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", form))


def test_a_second_birth_shows_its_price_before_the_player_decides():
    state = helpers.table(3, tokens={"P6": {"0:toad:0": None, "0:slug:0": None}})
    helpers.resolve(state, [["love", 0]])
    with translation.override("en"):
        first = _form_text(render(state, 0, NAMES[:3])["mine"], "love")
    assert "money" not in first
    move = next(m for m in engine.legal_moves(state, 0) if m["type"] == "love")
    helpers.play(state, 0, move)
    with translation.override("en"):
        second = _form_text(render(state, 0, NAMES[:3])["mine"], "love")
    assert "A second birth on Azurit for 2 money" in second
    assert "Give birth for 2 money" in second
    with translation.override("cs"):
        assert "2 peníze" in _form_text(render(state, 0, NAMES[:3])["mine"], "love")


@pytest.mark.parametrize(
    ("card", "kind", "again"), [("shooting", "shoot", "Shoot"), ("eating", "eat", "Eat")]
)
def test_a_second_shot_or_meal_shows_its_price_on_every_target(card, kind, again):
    column = {"shooting": ("cactus", "toad"), "eating": ("cactus", "toad")}
    tokens = {"P6": {"0:cactus:0": None, "1:toad:0": None, "2:toad:0": None}}
    state = helpers.table(3, column=column, tokens=tokens)
    helpers.resolve(state, [[card, 0]])
    with translation.override("en"):
        assert "money" not in _form_text(render(state, 0, NAMES[:3])["mine"], kind)
    helpers.play(state, 0, {"type": kind, "planet": "P6", "target": 1})
    with translation.override("en"):
        html = render(state, 0, NAMES[:3])["mine"]
    assert f"{again} again for 2 money" in _form_text(html, kind)
    buttons = re.findall(r'<button type="submit" name="target"[^>]*>(.*?)</button>', html)
    assert buttons == ["Azurit: Bob (2 money)"]


def test_mutating_another_colour_shows_its_price():
    """Each choice of what mutates is a labelled radio, so that its price shows in full on a
    phone (a select cut the price off its closed box)."""
    column = {"mutation": ("toad", "spud")}
    tokens = {"P6": {"0:toad:0": None, "1:toad:0": None}}
    state = helpers.table(3, column=column, tokens=tokens)
    helpers.resolve(state, [["mutation", 0]])
    with translation.override("en"):
        html = render(state, 0, NAMES[:3])["mine"]
    combos = re.findall(
        r'<input type="radio" name="combo" value="(\d)\|toad\|spud"[^>]*> ([^<]*)</label>', html
    )
    assert ("0", "Eva: Toadling into Spud") in combos
    assert ("1", "Jan: Toadling into Spud (2 money)") in combos


def test_a_paid_migration_step_shows_its_price():
    state = helpers.table(3, money=[5, 5, 5])
    helpers.ship_turn(state, 0, "r3")
    state["phase"] = "migration"
    state["movement"]["kind"] = "migration"
    with translation.override("en"):
        free = _form_text(render(state, 0, NAMES[:3])["mine"], "ship_step")
    assert "money" not in free
    state["movement"]["steps"] = 1
    with translation.override("en"):
        paid = _form_text(render(state, 0, NAMES[:3])["mine"], "ship_step")
    assert "(1 money)" in paid


# --- what a trade or diplomacy would pay -------------------------------------------------------

TRADE_TOKENS = {
    "P9": {"0:toad:0": None, "0:toad:1": None, "1:spud:0": None, "2:spud:0": None},
    "P4": {"0:toad:2": None, "0:spud:0": None, "1:toad:0": None, "1:spud:1": None},
    "P6": {
        "0:toad:3": None,
        "0:toad:4": None,
        "0:toad:5": None,
        "0:spud:1": None,
        "2:spud:1": None,
        "2:spud:2": None,
    },
    "P7": {"0:toad:6": None, "0:spud:2": None, "1:spud:2": None},
    "P2": {"1:toad:1": None, "1:spud:3": None},
}
"""The rules' worked example 10.1: trade is toad and spud."""


def _gains(html: str) -> dict[str, tuple[bool, list[str]]]:
    """Each outcome the offer form shows, by the colours it refuses: (shown now, its lines)."""
    found = {}
    for attrs, body in re.findall(r"<div class=\"sb-gains\"([^>]*)>(.*?)</div>", html, re.S):
        key = re.search(r'data-decline="([^"]*)"', attrs)
        assert key
        lines = [re.sub(r"<[^>]+>", "", li).strip() for li in re.findall(r"<li>(.*?)</li>", body)]
        found[key.group(1)] = ("hidden" not in attrs, lines)
    return found


@pytest.mark.parametrize("card", ["trade", "diplomacy"])
def test_the_offer_form_shows_who_would_pair_with_whom_and_each_sides_gain(card):
    state = helpers.table(3, column={card: ("toad", "spud")}, tokens=TRADE_TOKENS)
    helpers.resolve(state, [[card, 0]])
    with translation.override("en"):
        gains = _gains(render(state, 0, NAMES[:3])["mine"])
    unit = "money" if card == "trade" else "points"
    assert set(gains) == {"", "1", "2", "1,2"}
    assert gains[""] == (
        True,
        [
            f"You: +8 {unit} — 2 pairs of your own (Azurit ×1, Indigon ×1), 6 pairs with partners",
            f"Jan: +3 {unit} — 3 pairs with you (Verdigris ×2, Rosalia ×1)",
            f"Bob: +3 {unit} — 3 pairs with you (Azurit ×2, Rosalia ×1)",
        ],
    )
    shown, lines = gains["2"]
    assert not shown
    assert lines[0] == (
        f"You: +5 {unit} — 2 pairs of your own (Azurit ×1, Indigon ×1), 3 pairs with partners"
    )
    assert lines[1:] == [f"Jan: +3 {unit} — 3 pairs with you (Verdigris ×2, Rosalia ×1)"]


def test_the_offer_form_names_the_neutral_colour_as_a_partner_that_gains_nothing():
    tokens = {"P9": {"0:toad:0": None, "N:spud:0": None, "1:spud:0": None}}
    state = helpers.table(2, column={"trade": ("toad", "spud")}, tokens=tokens)
    helpers.resolve(state, [["trade", 0]])
    with translation.override("en"):
        gains = _gains(render(state, 0, NAMES[:2])["mine"])
    assert gains["1"][1] == [
        "You: +1 money — 1 pair with partners",
        "The neutral colour: nothing — 1 pair with you (Rosalia ×1)",
    ]


def test_a_partner_without_a_pair_is_said_to_gain_nothing():
    tokens = {"P9": {"0:toad:0": None, "1:spud:0": None}}
    state = helpers.table(3, column={"trade": ("toad", "spud")}, tokens=tokens)
    helpers.resolve(state, [["trade", 0]])
    with translation.override("en"):
        gains = _gains(render(state, 0, NAMES[:3])["mine"])
    assert gains[""][1] == [
        "You: +1 money — 1 pair with partners",
        "Jan: +1 money — 1 pair with you (Rosalia ×1)",
        "Bob: nothing — no pair with you",
    ]
    assert gains["1,2"][1] == ["You: nothing — no pairs"]


@pytest.mark.parametrize(
    ("language", "label"),
    [
        ("en", "Shooting, side 1 (Cactusoids): take Spuds"),
        ("cs", "Střelba, strana 1 (Kaktusáci): vzít kartu Bramboroidi"),
    ],
)
def test_an_exchange_names_the_card_it_replaces(language, label):
    """The column shows the shooters on side 1: the choice says which card goes back to the
    offer, and reads as Czech ("vzít kartu Bramboroidi", not "vzít Bramboroidi")."""
    state = helpers.table(2)
    helpers.resolve(state, [["change", None]], [["change"], []])
    with translation.override(language):
        mine = render(state, 0, NAMES[:2])["mine"]
    option = re.search(r'<option value="shooting\|0\|spud">([^<]*)</option>', mine)
    assert option
    assert option.group(1) == label


def _prompted(tokens: dict) -> dict:
    state = helpers.table(3, column={"diplomacy": ("toad", "spud")}, tokens=tokens)
    helpers.resolve(state, [["diplomacy", 0]])
    helpers.play(state, 0, {"type": "diplomacy", "decline": []})
    assert state["phase"] == "respond"
    return state


def _prompt(state: dict, seat: int, language: str = "en") -> str:
    with translation.override(language):
        html = render(state, seat, NAMES[:3])["mine"]
    return _form_text(html, "respond")


def test_the_consent_prompt_shows_the_pairs_and_what_each_side_gains():
    state = _prompted(TRADE_TOKENS)
    prompt = _prompt(state, 2)
    assert "Pairs with Eva if you take part: Azurit ×2, Rosalia ×1." in prompt
    assert "You would gain +3 points, and Eva +3 points for these pairs." in prompt
    assert "If you refuse, you gain nothing." in prompt
    assert "pair first" not in prompt
    assert "Rosalia ×1" in _prompt(state, 2, "cs")


def test_the_consent_prompt_warns_when_partners_before_you_may_take_your_pairs():
    state = _prompted({"P9": {"0:toad:0": None, "1:spud:0": None, "2:spud:0": None}})
    assert "Partners before you in turn order pair first" in _prompt(state, 2)
    assert "if they take part, you gain nothing." in _prompt(state, 2)
    assert "pokud se zúčastní, nezískáš nic." in _prompt(state, 2, "cs")
    assert "pair first" not in _prompt(state, 1)


# --- a ship's turn -------------------------------------------------------------------------------


def _ship_text(state: dict, seat: int = 0, language: str = "en") -> str:
    with translation.override(language):
        html = render(state, seat, NAMES[: state["seats"]])["mine"]
    section = re.search(r'<section id="sb-ship".*?</section>', html, re.S)
    assert section
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", section.group(0)))


def test_a_ship_turn_says_how_many_steps_are_left():
    state = helpers.table(3)
    helpers.ship_turn(state, 0, "r3")
    text = _ship_text(state)
    assert "3 steps left (the last one only while your ship stays empty)" in text
    step = next(m for m in engine.legal_moves(state, 0) if m["type"] == "ship_step")
    helpers.play(state, 0, step)
    assert "2 steps left (the last one only" in _ship_text(state)
    loaded = helpers.table(3)
    helpers.ship_turn(loaded, 0, "r3", cargo=["0:toad:0"])
    assert "2 steps left." in _ship_text(loaded)
    helpers.play(
        loaded, 0, next(m for m in engine.legal_moves(loaded, 0) if m["type"] == "ship_step")
    )
    assert "1 step left." in _ship_text(loaded)
    assert "1 krok" in _ship_text(loaded, language="cs")


def test_a_migration_counts_the_steps_its_money_still_pays():
    state = helpers.table(3, money=[2, 5, 5])
    helpers.ship_turn(state, 0, "r3")
    state["phase"] = "migration"
    state["movement"]["kind"] = "migration"
    assert "3 steps left" in _ship_text(state)
    assert "steps so far" not in _ship_text(state)
    status = {}
    for language in LANGUAGES:
        with translation.override(language):
            status[language] = table.status_text(engine.view(state, 0), 0, NAMES[:3])
    assert status["en"] == (
        "Migration: move your ship; the first step is free, each further step costs 1 money."
    )
    assert status["cs"] == (
        "Migrace: pohni svou lodí; první krok je zdarma, každý další stojí 1 peníz."
    )


def test_a_ship_at_a_dock_says_why_a_creature_cannot_board():
    tokens = {"P6": {"0:spud:1": None, "0:toucan:0": None, "0:toad:0": None}}
    state = helpers.table(3, tokens=tokens)
    helpers.ship_turn(state, 0, "d6", cargo=["0:spud:0"])
    loads = {m["token"] for m in engine.legal_moves(state, 0) if m["type"] == "load"}
    assert loads == {"0:toad:0"}
    text = _ship_text(state)
    assert "No room in your ship for: Spud" in text
    assert "Migration races board only during a migration: Toucanosaur" in text
    helpers.play(state, 0, {"type": "load", "token": "0:toad:0"})
    assert "Boarded here during this move, so it cannot land here: Toadling" in _ship_text(state)


def test_a_ship_says_when_its_cargo_has_no_room_on_the_planet():
    full = {f"{seat}:toad:{k}": None for seat in (1, 2) for k in range(8)}
    state = helpers.table(3, tokens={"P3": full})
    helpers.ship_turn(state, 0, "d3", cargo=["0:slug:0"])
    assert not [m for m in engine.legal_moves(state, 0) if m["type"] == "unload"]
    assert "No room on Citronel for: Sluggy" in _ship_text(state)


# --- following the round ---------------------------------------------------------------------


def _strip(state: dict, language: str = "en") -> list[tuple[str, str]]:
    """The resolution strip: each item's class and text."""
    with translation.override(language):
        board = render(state, 1, NAMES[: state["seats"]])["board"]
    strip = re.search(r'<ol id="sb-resolution"[^>]*>(.*?)</ol>', board, re.S)
    assert strip
    return [
        (cls, re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", text)).strip())
        for cls, text in re.findall(r'<li class="([^"]*)"[^>]*>(.*?)</li>', strip.group(1), re.S)
    ]


def test_finished_actions_stay_in_the_resolution_strip():
    column = {"love": ("toad", "slug"), "shooting": ("cactus", "toad")}
    tokens = {"P6": {"0:toad:0": None, "0:slug:0": None, "1:cactus:0": None, "2:toad:0": None}}
    state = helpers.table(3, column=column, tokens=tokens)
    revealed = [["love"], ["shooting", "change"], []]
    helpers.resolve(state, [["love", 0], ["shooting", 1], ["change", None]], revealed)
    assert [c for c, _t in _strip(state)] == ["sb-now", "sb-next", "sb-next"]
    helpers.play(state, 0, {"type": "done"})
    assert _strip(state) == [
        ("sb-done", "Love · Eva (done)"),
        ("sb-now", "Shooting · Jan"),
        ("sb-next", "Change of relationship · everyone"),
    ]
    helpers.play(state, 1, {"type": "done"})
    assert [c for c, _t in _strip(state)] == ["sb-done", "sb-done", "sb-now"]


def test_the_whole_round_stays_in_the_strip_while_the_ships_move():
    for before, _seat, _move, _events in _game(3, 2):
        state = json.loads(before)
        if state["phase"] == "ships" and state["revealed"]:
            break
    else:
        raise AssertionError("no ship turn after an action round")
    played = sum(len(cards or []) for cards in state["revealed"])
    changes = sum("change" in (cards or []) for cards in state["revealed"])
    strip = _strip(state)
    assert len(strip) == played - max(0, changes - 1)
    assert {c for c, _t in strip} == {"sb-done"}


def test_a_scoring_shows_on_the_table_as_soon_as_it_happens():
    state = next(
        json.loads(before)
        for before, _seat, _move, _events in _game(3, 2)
        if len(json.loads(before).get("scorings", [])) == 1
    )
    scoring = state["scorings"][0]
    with translation.override("en"):
        board = render(state, 0, NAMES[:3])["board"]
    section = re.search(r'<section id="sb-scorings"[^>]*>.*?</section>', board, re.S)
    assert section
    assert "hidden" not in section.group(0)[: section.group(0).index(">")]
    text = re.sub(r"<[^>]+>", " ", section.group(0))
    assert "After round 4" in text
    for planet, led in scoring["planets"].items():
        if led["points"]:
            assert NAMES[int(led["leaders"][0])] in text
            assert "+1 point" in text
        assert labels.planet_name(planet) in text
    over = json.loads(_game(3, 2)[-1][0])
    assert re.search(r'<section id="sb-scorings"[^>]* hidden>', render(over, 0, NAMES[:3])["board"])


# --- assembling a plan ---------------------------------------------------------------------


def _plan_inputs(state: dict, seat: int = 0) -> tuple[set[str], str]:
    """The kinds of the plan form's card inputs and the form's legend."""
    with translation.override("en"):
        mine = render(state, seat, NAMES[:3])["mine"]
    start = mine.index('<form id="sb-plan"')
    form = mine[start : mine.index("</form>", start)]
    kinds = set(re.findall(r'<input type="(\w+)" name="cards"', form))
    legend = re.search(r"<legend>(.*?)</legend>", form)
    assert legend
    return kinds, legend.group(1)


def test_a_plan_without_2_money_takes_one_card_only_and_the_status_agrees():
    state = helpers.table(3, money=[1, 5, 5])
    assert _plan_inputs(state) == ({"radio"}, "Choose one action card")
    with translation.override("en"):
        status = table.status_text(engine.view(state, 0), 0, NAMES[:3])
    assert status == "Plan an action card."


def test_a_plan_with_2_money_may_take_two_cards_and_the_status_agrees():
    state = helpers.table(3, money=[2, 5, 5])
    kinds, legend = _plan_inputs(state)
    assert kinds == {"checkbox"}
    assert legend == "Choose one action card, or two for 2 money"
    with translation.override("en"):
        status = table.status_text(engine.view(state, 0), 0, NAMES[:3])
    assert status == "Plan an action card, or two for 2 money."
    state["hands"][0] = ["love"]
    assert _plan_inputs(state) == ({"radio"}, "Choose one action card")


# --- the map and the placement grids by keyboard ------------------------------------------------


def _space(board: str, space: str) -> str:
    found = re.search(rf'<g [^>]*data-space="{space}"[^>]*>.*?</g>', board, re.S)
    assert found
    return found.group(0)


def test_the_map_numbers_its_spaces_as_the_buttons_name_them():
    state = helpers.table(3)
    helpers.ship_turn(state, 0, "r3")
    with translation.override("en"):
        html = render(state, 0, NAMES[:3])
    for space, text in (("r3", "3"), ("r12", "12"), ("t1", "1"), ("t2", "2")):
        drawn = re.findall(r"<text[^>]*>([^<]*)</text>", _space(html["board"], space))
        assert text in drawn, space
    buttons = re.findall(r'name="to" value="(\w+)"[^>]*>([^<]*)</button>', html["mine"])
    for space, name in buttons:
        number = re.search(r"\d+$", name)
        if number:
            assert number.group(0) in re.findall(r">([^<]*)</text>", _space(html["board"], space))
    with translation.override("cs"):
        board = render(state, None, NAMES[:3])["board"]
    assert ">S</text>" in _space(board, "d9n")
    assert ">J</text>" in _space(board, "d9s")


def test_the_spaces_a_ship_may_reach_are_one_keyboard_stop_on_the_map():
    state = helpers.table(3)
    helpers.ship_turn(state, 0, "r3")
    with translation.override("en"):
        board = render(state, 0, NAMES[:3])["board"]
    targets = {m["to"] for m in engine.legal_moves(state, 0) if m["type"] == "ship_step"}
    for space in targets:
        drawn = _space(board, space)
        assert 'role="button"' in drawn
        assert 'tabindex="-1"' in drawn
    here = _space(board, "r3")
    assert 'tabindex="0"' in here
    assert 'aria-label="space 3 (your ship)"' in here
    assert board.count('tabindex="0"') == 2  # this stop, and the map's own scroll region
    spectator = render(state, None, NAMES[:3])["board"]
    assert 'role="button"' not in spectator
    assert 'tabindex="-1"' not in spectator


def test_a_placement_grid_is_a_grid_of_rows_and_cells():
    state = helpers.table(3, tokens={"P6": {"0:toad:0": None, "0:slug:0": None}})
    helpers.resolve(state, [["love", 0]])
    with translation.override("en"):
        mine = render(state, 0, NAMES[:3])["mine"]
    grid = re.search(r'<div class="sb-grid[^"]*" role="grid"[^>]*>(.*?)</div></div>', mine, re.S)
    assert grid
    rows = re.findall(r'<div class="sb-row" role="row">(.*?)</div>', grid.group(0), re.S)
    assert len(rows) == 5  # Azurit's five rows
    for row in rows:
        assert len(re.findall(r'role="gridcell"', row)) == 5
    taken = re.findall(
        r'<span class="sb-cell sb-taken[^"]*"[^>]*aria-label="([^"]*)"', grid.group(0)
    )
    assert any(label.endswith("Toadling of Eva") for label in taken)

"""The Isle of Cats table: move forms, placement fields, log lines, status line, the rendered
fragments (what each seat may see) and the statistics."""

from __future__ import annotations

import json
import random
import re
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from games.isle_of_cats import bot, engine, labels, log, stats
from games.isle_of_cats.components import (
    BOAT_SET,
    CARDS,
    ORIENTATIONS,
    SHAPE_CELLS,
    TILE_SHAPE,
    normalise,
)
from games.isle_of_cats.context import table_context
from games.isle_of_cats.tests.isle_of_cats_helpers import rescue_table, sample_states
from games.registry import GAMES
from games.rules import IllegalMove
from games.services import refusal_text
from games.tests.forms import CSRF_TOKEN, EXPECTED_SEQ, MOVE_URL, forms_of, post
from games.tests.rendered import render_regions
from games.translated import reading

table = GAMES["isle_of_cats"].table

NAMES = ["Eva", "Jan", "Bob", "Ola"]
LANGUAGES = ["en", "cs"]


@pytest.fixture(autouse=True)
def _english():
    """Texts are asserted in English; the Czech catalog is checked by the site's tests."""
    with translation.override("en"):
        yield


@cache
def bot_states(seats: int, seed: int) -> tuple[dict[str, Any], ...]:
    """Every state of one game the bots play (realistic boats), as a tuple of snapshots."""
    import json

    rng = random.Random(seed)
    state = engine.setup(seats, {}, seed)
    states = [json.loads(json.dumps(state))]
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        engine.apply_in_place(state, seat, bot.choose_move(state, seat, rng))
        states.append(json.loads(json.dumps(state)))
    return tuple(states)


def render(state: dict[str, Any], seat: int | None) -> dict[str, str]:
    acting = seat is not None and seat in engine.to_act(state)
    legal = table.legal_moves(state, seat) if acting else []
    return render_regions("isle_of_cats", state, seat, NAMES[: state["seats"]], legal=legal)


def cards_shown(html: str) -> set[str]:
    return set(re.findall(r'data-card="(\d+)"', html))


def hidden_from(state: dict[str, Any], viewer: int | None) -> tuple[set[str], set[str]]:
    """(cards the viewer must not see, the viewer's own private cards)."""
    hidden = set(state["deck"]) | set(state["discard"])
    own: set[str] = set()
    over = state["phase"] == "game_over"
    for seat, player in enumerate(state["players"]):
        private = set(player["hand"]) | set(player["aside"]) | set(player["draft"])
        private |= set(player["picks"])
        if player["look"] is not None:
            private |= set(player["look"]["cards"])
        if not over:
            private |= set(player["lessons"])
        if seat == viewer:
            own = private
        else:
            hidden |= private
    return hidden, own


# --- move forms --------------------------------------------------------------------------------


def test_card_forms_become_their_moves():
    assert table.move_from_post(post(type="draft", cards=["017", "102"])) == {
        "type": "draft",
        "cards": ["017", "102"],
    }
    assert table.move_from_post(post(type="buy", cards=["017"], finish=0)) == {
        "type": "buy",
        "cards": ["017"],
        "finish": False,
    }
    assert table.move_from_post(post(type="buy", finish=1)) == {
        "type": "buy",
        "cards": [],
        "finish": True,
    }
    assert table.move_from_post(post(type="select_rescue")) == {
        "type": "select_rescue",
        "cards": [],
    }
    assert table.move_from_post(post(type="pass")) == {"type": "pass"}
    assert table.move_from_post(post(type="play", card="081")) == {"type": "play", "card": "081"}
    assert table.move_from_post(post(type="choose_colours", colour_143="red")) == {
        "type": "choose_colours",
        "colours": {"143": "red"},
    }
    data = post(type="arrange", tiles=["cat-01", "cat-20"], **{"zone_cat-01": "right"})
    data["zone_cat-20"] = "left"
    assert table.move_from_post(data) == {
        "type": "arrange",
        "left": ["cat-20"],
        "right": ["cat-01"],
    }


def test_a_rescue_form_places_the_turned_tile_at_its_top_left_corner():
    # cat-16 is blue C6 (rules 10.2): as drawn at [2, 1] it covers the blue map.
    data = post(type="place", choice="rescue|cat-16", basket="permanent", orientation=0, x=2, y=1)
    move = table.move_from_post(data)
    assert move["type"] == "rescue"
    assert move["tile"] == "cat-16"
    assert move["basket"] == {"type": "permanent"}
    assert move["bonus"] is None
    expected = sorted([x + 2, y + 1] for x, y in SHAPE_CELLS["C6"])
    assert sorted(move["cells"]) == expected


def test_every_orientation_number_gives_a_congruent_shape_and_all_eight_are_reached():
    for shape, base in SHAPE_CELLS.items():
        turned = {tuple(labels.oriented(shape, k)) for k in range(8)}
        assert turned == {tuple(sorted(o)) for o in ORIENTATIONS[shape]}, shape
        assert normalise(list(base)) in ORIENTATIONS[shape]


def test_placement_forms_reach_every_legal_rescue_of_a_real_turn():
    """Each legal rescue (tile, cells) has an orientation and corner the form can post."""
    states = [s for s in bot_states(2, 4) if s["phase"] == "rescue"]
    checked = 0
    for state in states[::5]:
        seat = state["current"]
        for move in engine.legal_moves(state, seat):
            if move["type"] != "rescue":
                continue
            shape = TILE_SHAPE[move["tile"]]
            x = min(c[0] for c in move["cells"])
            y = min(c[1] for c in move["cells"])
            found = [
                k
                for k in range(8)
                if sorted([x + a, y + b] for a, b in labels.oriented(shape, k))
                == sorted(move["cells"])
            ]
            assert found, move
            data = post(
                type="place",
                choice=f"rescue|{move['tile']}",
                basket="permanent",
                orientation=found[0],
                x=x,
                y=y,
            )
            posted = table.move_from_post(data)
            assert sorted(posted["cells"]) == sorted(move["cells"])
            checked += 1
    assert checked > 100


def _corner(shape: str, cells: list[list[int]]) -> dict[str, int]:
    """The orientation and top-left corner a form posts for a piece covering `cells`."""
    x = min(c[0] for c in cells)
    y = min(c[1] for c in cells)
    for k in range(8):
        if sorted([x + a, y + b] for a, b in labels.oriented(shape, k)) == sorted(cells):
            return {"orientation": k, "x": x, "y": y}
    raise AssertionError(cells)


def _sorted_cells(move: Any) -> str:
    """A move as JSON with every piece's cells in one order (the form does not keep theirs)."""
    if isinstance(move, dict):
        return json.dumps(
            {
                k: sorted(v) if k == "cells" else json.loads(_sorted_cells(v))
                for k, v in move.items()
            },
            sort_keys=True,
        )
    if isinstance(move, list):
        return json.dumps([json.loads(_sorted_cells(v)) for v in move])
    return json.dumps(move)


def _options_of(html: str, select: str) -> set[str]:
    block = re.search(rf'<select name="{select}".*?</select>', html, re.S)
    return set(re.findall(r'value="([^"]*)"', block.group(0))) if block else set()


def test_placement_forms_reach_every_legal_find_with_its_bonus_and_extra_treasure():
    """Each legal find of a real game's rare-finds turns is offered by the page, and an oshax
    may bring both its map bonus and the card's small common treasure in the same move: the
    page offers both fields and the form posts both."""
    checked = oshaxes = 0
    for seats, seed in ((2, 4), (3, 5), (1, 6)):
        for state in bot_states(seats, seed):
            if state["phase"] != "rare_finds" or not isinstance(state["current"], int):
                continue
            seat = state["current"]
            state = {**state, "players": [dict(p) for p in state["players"]]}
            state["players"][seat]["hand"] = [*state["players"][seat]["hand"], "107"]
            html = render(state, seat)["mine"]
            (form,) = [f for f in forms_of(html) if f["hidden"]["type"] == "place"]
            for move in engine.legal_moves(state, seat):
                if move["type"] != "find":
                    continue
                if "oshax" in move:
                    piece = move["oshax"]
                    fields = {
                        "colour": piece["colour"],
                        **_corner(TILE_SHAPE[piece["tile"]], piece["cells"]),
                    }
                    fields.update(bonus_shape="mono", bonus_orientation=0, bonus_x=0, bonus_y=0)
                    fields.update(extra_choice="domino", extra_orientation=0, extra_x=1, extra_y=0)
                    # The bots lay treasures of every shape, so some may be gone by now.
                    left = {shape for shape, ids in state["commons"].items() if ids}
                    assert left <= _options_of(html, "bonus_shape")
                    assert left & {"mono", "domino"} <= _options_of(html, "extra_choice")
                    oshaxes += 1
                elif "rare" in move:
                    piece = move["rare"]
                    fields = _corner(TILE_SHAPE[piece["tile"]], piece["cells"])
                else:
                    piece = {"tile": move["commons"][0]["shape"], **move["commons"][0]}
                    fields = _corner(piece["shape"], piece["cells"])
                choice = f"find|{move['card']}|{piece['tile']}"
                # Identical cards make one choice, identical rare tiles too.
                picks = [v.split("|") for v in form["radios"]["choice"]]
                offered = {(CARDS[p[1]]["name"], TILE_SHAPE.get(p[-1], p[-1])) for p in picks}
                shape = TILE_SHAPE.get(piece["tile"], piece["tile"])
                assert (CARDS[move["card"]]["name"], shape) in offered
                posted = table.move_from_post(post(type="place", choice=choice, **fields))
                if "oshax" in move:
                    assert posted["oshax"]["bonus"] == {"shape": "mono", "cells": [[0, 0]]}
                    assert posted["commons"] == [{"shape": "domino", "cells": [[1, 0], [2, 0]]}]
                    posted["oshax"].pop("bonus")
                    posted.pop("commons")
                assert _sorted_cells(posted) == _sorted_cells(move)
                checked += 1
    assert oshaxes > 100
    assert checked > oshaxes


@pytest.mark.parametrize(
    "fields",
    [
        {"type": "place"},
        {"type": "place", "choice": "rescue|cat-99", "orientation": 0, "x": 1, "y": 1},
        {"type": "place", "choice": "rescue|cat-01", "orientation": 9, "x": 1, "y": 1},
        {"type": "place", "choice": "rescue|cat-01", "orientation": 0, "x": "a", "y": 1},
        {"type": "place", "choice": "rescue|cat-01", "orientation": 0, "x": 1, "y": 1},
        {"type": "place", "choice": "find|107|oshax-1", "orientation": 0, "x": 1, "y": 1},
        {"type": "place", "choice": "steal|cat-01|x", "orientation": 0, "x": 1, "y": 1},
        {"type": "draft"},
        {"type": "play"},
        {"type": "choose_colours"},
        {"type": "dance"},
        {},
    ],
)
def test_forms_that_cannot_be_read_are_refused_with_a_reason(fields):
    with pytest.raises(IllegalMove) as refusal:
        table.move_from_post(post(**fields))
    assert refusal.value.message


def test_cards_and_finds_take_their_pieces_from_the_form():
    where = {"orientation": 0, "x": 3, "y": 4}
    assert table.move_from_post(post(type="place", choice="play|087|mono", **where)) == {
        "type": "play",
        "card": "087",
        "commons": [{"shape": "mono", "cells": [[3, 4]]}],
    }
    assert table.move_from_post(post(type="place", choice="play|061|cat-01", **where)) == {
        "type": "play",
        "card": "061",
        "rescues": [{"tile": "cat-01", "cells": [[3, 4], [4, 4], [5, 4]], "bonus": None}],
    }
    assert table.move_from_post(post(type="place", choice="find|092|rare-01", **where)) == {
        "type": "find",
        "card": "092",
        "rare": {"tile": "rare-01", "cells": [[3, 4], [4, 4], [5, 4]]},
    }
    oshax = table.move_from_post(
        post(type="place", choice="find|107|oshax-4", colour="red", **where)
    )
    assert oshax["oshax"]["colour"] == "red"
    assert oshax["oshax"]["tile"] == "oshax-4"
    with_bonus = table.move_from_post(
        post(
            type="place",
            choice="rescue|cat-01",
            basket="broken|031|034",
            bonus_shape="domino",
            bonus_orientation=1,
            bonus_x=6,
            bonus_y=4,
            **where,
        )
    )
    assert with_bonus["basket"] == {"type": "broken", "cards": ["031", "034"]}
    assert with_bonus["bonus"] == {"shape": "domino", "cells": [[6, 4], [6, 5]]}


def test_a_rescue_posted_through_the_form_is_applied_by_the_engine():
    state = next(s for s in bot_states(2, 4) if s["phase"] == "rescue")
    seat = state["current"]
    move = next(m for m in engine.legal_moves(state, seat) if m["type"] == "rescue")
    shape = TILE_SHAPE[move["tile"]]
    x = min(c[0] for c in move["cells"])
    y = min(c[1] for c in move["cells"])
    k = next(
        k
        for k in range(8)
        if sorted([x + a, y + b] for a, b in labels.oriented(shape, k)) == sorted(move["cells"])
    )
    basket = move["basket"]
    value = {"permanent": "permanent", "card": f"card|{basket.get('card')}"}.get(
        basket["type"], "broken|" + "|".join(basket.get("cards", []))
    )
    data = post(
        type="place", choice=f"rescue|{move['tile']}", basket=value, orientation=k, x=x, y=y
    )
    after, _events = engine.apply(state, seat, table.move_from_post(data))
    assert any(t["tile"] == move["tile"] for t in after["players"][seat]["tiles"])


# --- what the table lists ----------------------------------------------------------------------


def test_the_table_lists_no_placements_on_a_rescue_turn_but_everything_elsewhere():
    for state in bot_states(2, 4)[::9]:
        for seat in sorted(engine.to_act(state)):
            listed = table.legal_moves(state, seat)
            if (
                state["phase"] in ("rescue", "rare_finds")
                and state["players"][seat]["look"] is None
            ):
                assert listed == [{"type": "pass"}]
            else:
                assert listed == engine.legal_moves(state, seat)


def test_the_boat_grid_for_the_script_marks_covered_free_and_off_boat_squares():
    state = next(s for s in bot_states(2, 4) if s["phase"] == "rescue" and s["players"][0]["tiles"])
    seat = state["current"]
    html = render(state, seat)["mine"]
    grid = re.search(r'data-grid="([.01]+)"', html)[1]
    covered = {i for t in state["players"][seat]["tiles"] for i in t["cells"]}
    assert len(grid) == 165
    for i, mark in enumerate(grid):
        assert mark == ("." if i not in BOAT_SET else "1" if i in covered else "0")


# --- fragments ---------------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("seats", [1, 2, 4])
def test_fragments_show_no_hidden_card_and_every_own_card(seats, language):
    states = sample_states(seats, range(2), stride=11) + list(bot_states(seats, 4)[::13])
    with translation.override(language):
        for state in states:
            for viewer in [*range(seats), None]:
                html = "".join(render(state, viewer).values())
                hidden, own = hidden_from(state, viewer)
                shown = cards_shown(html)
                assert not shown & hidden, (state["phase"], viewer, sorted(shown & hidden))
                assert own <= shown, (state["phase"], viewer, sorted(own - shown))
                for form in forms_of(html):
                    assert form["attrs"]["action"] == form["attrs"]["hx-post"] == MOVE_URL
                    assert form["hidden"]["expected_seq"] == EXPECTED_SEQ
                    assert form["hidden"]["csrfmiddlewaretoken"] == CSRF_TOKEN
                if viewer is None or viewer not in engine.to_act(state):
                    assert forms_of(html) == []


def test_a_seat_that_must_act_gets_a_form_for_its_phase():
    expected = {
        "draft": "draft",
        "buy": "buy",
        "rescue_select": "select_rescue",
        "rescue": "pass",
        "rare_finds": "pass",
        "lesson_colours": "choose_colours",
    }
    seen = set()
    for state in bot_states(2, 4):
        for seat in engine.to_act(state):
            if state["players"][seat]["look"] is not None or (
                state["phase"] == "buy" and state["players"][seat]["bought"]
            ):
                continue
            kinds = {f["hidden"]["type"] for f in forms_of(render(state, seat)["mine"])}
            assert expected[state["phase"]] in kinds, state["phase"]
            seen.add(state["phase"])
    assert {"draft", "buy", "rescue_select", "rescue", "rare_finds"} <= seen


def _draft_area(mine: str) -> str:
    return mine.split('id="ioc-draft"')[1].split("</section>")[0]


def test_the_draft_says_how_many_rounds_there_are_and_where_the_rest_goes():
    """Three rounds passing hands round the table; solo, two rounds of five cards whose
    rest is discarded (rules 5.2)."""
    several = engine.setup(3, {}, 4)
    draft = _draft_area(render(several, 0)["mine"])
    assert "Draft: round 1 of 3" in draft
    assert "Keep 2 cards; the rest are passed on." in draft
    solo = engine.setup(1, {}, 4)
    draft = _draft_area(render(solo, 0)["mine"])
    assert "Draft: round 1 of 2" in draft
    assert "Keep 3 cards; the rest are discarded." in draft
    engine.apply_in_place(solo, 0, {"type": "draft", "cards": solo["players"][0]["draft"][:3]})
    assert "Draft: round 2 of 2" in _draft_area(render(solo, 0)["mine"])


def test_the_rescue_turn_offers_the_cats_the_seat_can_pay_for():
    for state in bot_states(2, 4):
        if state["phase"] != "rescue":
            continue
        seat = state["current"]
        player = state["players"][seat]
        if player["fish"] < 3 or player["baskets_used"] >= player["baskets"]:
            continue
        html = render(state, seat)["mine"]
        offered = set(re.findall(r'value="rescue\|(cat-\d+)"', html))
        cost = {"left": 3, "right": 3 if player["bait"] else 5}
        payable = {
            t
            for zone, tiles in state["zones"].items()
            for t in tiles
            if player["fish"] >= cost[zone]
        }
        assert offered == payable
        return
    pytest.fail("no rescue turn with a ready basket")


def test_the_bag_count_is_of_tiles_since_rare_treasures_share_the_bag_with_cats():
    state = engine.setup(2, {}, 4)
    rares = sum(1 for tile in state["bag"] if tile.startswith("rare-"))
    assert rares
    facts = render(state, 0)["board"].split('id="ioc-facts"')[1].split("</ul>")[0]
    assert f"Tiles in the bag: <strong>{len(state['bag'])}</strong>" in facts
    assert "Cats in the bag" not in facts


def _solo_rescue(sister_card: str) -> dict[str, Any]:
    """A solo rescue turn whose sister turned up `sister_card`."""
    state = engine.setup(1, {}, 4, {"sister_deck": [sister_card]})
    state["turn_order"] = [0, "sister"]
    state["players"][0]["hand"] = ["030"]
    engine._start_select(state, [])
    engine.apply_in_place(state, 0, {"type": "select_rescue", "cards": ["030"]})
    return state


def _sister_today(board: str) -> str:
    return board.split('id="ioc-sister-today"')[1].split("</section>")[0]


def test_a_solo_table_shows_the_sisters_face_up_card_and_what_it_takes_next():
    """sister-21 (speed 0, the player goes first) says cat 3, oshax 1: the player and anyone
    watching see the card, the numbered cats, and which cat and oshax she takes next."""
    state = _solo_rescue("sister-21")
    assert state["current"] == 0
    cat = [*state["zones"]["left"], *state["zones"]["right"]][2]
    oshax = state["oshax"][0]
    for seat in (0, None):
        board = render(state, seat)["board"]
        today = _sister_today(board)
        assert " hidden" not in today.split(">")[0]
        assert "face up: her next turn" in today
        assert "<li>Cat 3</li><li>Oshax 1</li>" in today
        assert "3 cards face down" in today
        label = labels.tile_label(cat)
        foretold = f"takes away the {label}; takes away the oshax."
        assert f"if the fields stay as they are: {foretold}" in today
        marked = re.findall(r'data-tile="([^"]+)" title="[^"]*" class="ioc-sister-next"', board)
        assert marked == [cat]
        numbered = '<span class="ioc-pos" aria-hidden="true">3</span>'
        assert f'data-tile="{cat}" title="{label}" class="ioc-sister-next">{numbered}' in board
        treasures = board.split('id="ioc-treasures"')[1]
        assert treasures.count("ioc-sister-next") == 1
        assert f'title="{labels.tile_label(oshax)}" class="ioc-sister-next"' in treasures


def test_each_cat_to_rescue_says_what_the_sister_takes_after_it():
    """Her card counts positions when she plays it, after the player's rescue: taking cat 1
    moves cat 4 into third place, so her "Cat 3" then takes it. Each cat the player may rescue
    carries that (the page shows it when the cat is chosen); the line beside the fields says it
    holds while the fields stay as they are."""
    state = _solo_rescue("sister-21")
    cats = [*state["zones"]["left"], *state["zones"]["right"]]
    board, mine = (render(state, 0)[region] for region in ("board", "mine"))
    oshax = labels.tile_label(state["oshax"][0])
    now = f"takes away the {labels.tile_label(cats[2])}; takes away the {oshax}."
    assert f"Her next turn, if the fields stay as they are: {now}" in _sister_today(board)
    assert f'data-tiles="{cats[2]} {state["oshax"][0]}"' in _sister_today(board)
    for position, cat in enumerate(cats, start=1):
        choice = re.search(rf'<input type="radio" name="choice" value="rescue\|{cat}"[^>]*>', mine)
        assert choice, cat
        taken = cats[3] if position <= 3 else cats[2]
        after = f"takes away the {labels.tile_label(taken)}; takes away the {oshax}."
        assert f'data-sister="Her next turn, after you rescue this cat: {after}"' in choice[0]
        assert f'data-sister-tiles="{taken} {state["oshax"][0]}"' in choice[0]


def test_the_sisters_resolved_card_stays_face_up_and_foretells_nothing_more():
    """sister-03 (speed 7) went first: her card lies face up, done; nothing is marked."""
    state = _solo_rescue("sister-03")
    board = render(state, 0)["board"]
    today = _sister_today(board)
    assert "<li>Cat 2</li><li>Cat 6</li>" in today
    assert ">done<" in today
    assert "Her next turn" not in today
    assert "ioc-sister-next" not in board


def test_the_end_shows_every_score_sheet_with_revealed_lessons_and_highlighted_families():
    state = bot_states(2, 4)[-1]
    html = render(state, 0)["result"]
    result = engine.result(state)
    for sheet in result["breakdown"]:
        assert f"<strong>{sheet['total']}</strong>" in html
    lessons = {c for p in state["players"] for c in p["lessons"]}
    assert lessons <= cards_shown(html)
    families = sum(len(s["families_list"]) for s in result["breakdown"])
    assert (families > 0) == (' fam"' in html)


def test_the_score_sheets_name_the_colour_chosen_for_a_public_lesson():
    """ "Head count" scores the cats of the colour its owner chose: the sheet says which."""
    state = json.loads(json.dumps(bot_states(2, 4)[-1]))
    state["public_lessons"] = [{"card": "146", "owner": 1, "colour": "green"}]
    for language, green in (("en", "green"), ("cs", "zelená")):
        with translation.override(language):
            html = render(state, 0)["result"]
        lines = re.findall(r'<li data-card="146">(.*?)</li>', html)
        assert len(lines) == 2, "one line on each boat's sheet"
        assert all(f'<span class="ioc-chip c-green">{green}</span>' in line for line in lines)


def test_the_score_sheets_count_cats_in_natural_czech():
    """A family of 5 cats is "5 koček", the sister's colour card counts "3 kočky" (not
    "koček 5", "koček na tvé lodi 3")."""
    with translation.override("cs"):
        several = render(bot_states(2, 4)[-1], 0)["result"]
        solo = render(bot_states(1, 4)[-1], 0)["result"]
    lines = re.findall(r"<p>Rodiny:(.*?)</p>", several, re.S)
    families = re.findall(r'<span class="ioc-chip c-\w+">([^<]*)</span>', "".join(lines))
    assert families
    assert [f for f in families if not re.fullmatch(r"\w+, \d+ ko(čky|ček): \d+", f)] == []
    sister = engine.result(bot_states(1, 4)[-1])["sister"]
    for entry in sister["colour_cards"]:
        cats = entry["cats"]
        word = "kočka" if cats == 1 else "kočky" if 2 <= cats <= 4 else "koček"
        assert f"{cats} {word} na tvé lodi → {entry['points']}" in solo


@pytest.mark.parametrize(
    ("beyond", "verdict"),
    [(-1, "The sister wins."), (0, "A tie: the sister wins it."), (1, "You beat the sister!")],
)
def test_the_solo_verdict_says_a_tie_went_to_the_sister_only_after_a_tie(beyond, verdict):
    state = bot_states(1, 4)[-1]
    result = engine.result(state)
    total = result["sister"]["total"] + beyond
    view = engine.view(state, 0)
    view["result"] = {
        **result,
        "breakdown": [{**result["breakdown"][0], "total": total}],
        "winners": [0] if beyond > 0 else ["sister"],
    }
    with reading():
        g = table_context(view, [], 0, NAMES[:1])
        html = render_to_string("isle_of_cats/result.html", {"g": g})
    assert re.search(r'<p class="ioc-verdict">(.*?)</p>', html)[1] == verdict


def test_your_lessons_are_no_longer_called_secret_once_the_game_is_over():
    """At the end every personal lesson is revealed (rules 7): the hand no longer says that only
    you see them."""
    during, over = (
        render(state, 0)["mine"] for state in (bot_states(2, 4)[-2], bot_states(2, 4)[-1])
    )
    assert "Your lessons (face down, only you see them)" in during
    assert "only you see them" not in over
    assert "<p>Your lessons:</p>" in over


def test_the_solo_end_explains_the_sisters_score():
    state = bot_states(1, 4)[-1]
    html = render(state, 0)["result"]
    sister = engine.result(state)["sister"]
    assert f"The sister&#39;s score: {sister['total']}" in html or (
        f"The sister's score: {sister['total']}" in html
    )
    for entry in sister["colour_cards"]:
        cats = "1 cat" if entry["cats"] == 1 else f"{entry['cats']} cats"
        assert f"{cats} on your boat → {entry['points']}" in html
    for entry in sister["lessons"]:
        assert labels.card_name(entry["card"]) in html


# --- log and status ----------------------------------------------------------------------------


@pytest.mark.parametrize("language", LANGUAGES)
def test_every_event_has_a_line_and_hidden_cards_are_never_named(language):
    rng = random.Random(5)
    state = engine.setup(3, {}, 5)
    names = NAMES[:3]
    secret_names = {}
    with translation.override(language):
        while not engine.is_over(state):
            seat = min(engine.to_act(state))
            before = {
                s: {labels.card_name(c) for c in p["hand"] + p["draft"] + p["picks"]}
                for s, p in enumerate(state["players"])
            }
            events = engine.apply_in_place(state, seat, bot.choose_move(state, seat, rng))
            for event in events:
                line = table.describe(event, names, None)
                assert line is None or line.strip()
                if event["type"] in ("drafted", "bought", "resolved", "selected"):
                    for name in before[seat]:
                        assert name not in line
                secret_names[event["type"]] = line
    assert {"rescued", "bought", "drafted", "turn_order", "day_ended"} <= set(secret_names)


def test_log_lines_read_naturally_with_any_cat_and_any_number_of_fish():
    """ "the orange cat" (never "a orange cat"); in Czech the fish paid in the case the
    sentence needs ("za 1 rybu", "za 3 ryby", "za 10 ryb"), not "za ryby: 3"."""
    orange = {"type": "rescued", "seat": 0, "tiles": [{"tile": "cat-37"}], "zone": "left"}
    bought = {"type": "bought", "seat": 1}
    took = {"type": "sister_removed", "tile": "cat-37"}
    lines = {}
    for language in LANGUAGES:
        with translation.override(language):
            lines[language] = [
                table.describe({**orange, "paid": 3}, NAMES, None),
                table.describe({**bought, "count": 1, "paid": 1}, NAMES, None),
                table.describe({**bought, "count": 6, "paid": 10}, NAMES, None),
                table.describe(took, NAMES, None),
            ]
    assert lines["en"] == [
        "Eva rescued the orange cat of 4 squares for 3 fish.",
        "Jan bought 1 card for 1 fish.",
        "Jan bought 6 cards for 10 fish.",
        "The sister took away the orange cat of 4 squares.",
    ]
    assert lines["cs"][:3] == [
        "Eva zachraňuje za 3 ryby: oranžová kočka (políček: 4).",
        "Jan kupuje 1 kartu za 1 rybu.",
        "Jan kupuje 6 karet za 10 ryb.",
    ]


@pytest.mark.parametrize(("language", "sister"), [("en", "The sister"), ("cs", "Sestra")])
def test_the_sister_is_named_with_a_capital_where_a_line_or_a_list_item_begins(language, sister):
    """A log line that starts with her name, her place in the turn order, her row of the
    score sheet; within a sentence she stays "the sister" ("Eva and the sister")."""
    state = bot_states(1, 4)[-1]
    with translation.override(language):
        line = table.describe({"type": "passed", "seat": "sister", "automatic": True}, NAMES, 0)
        order = table.describe({"type": "turn_order", "order": [0, "sister"]}, NAMES, 0)
        html = render(state, 0)
    assert line.startswith(f"{sister} ")
    assert order.endswith(f" {sister.lower()}.")
    turn_order = html["board"].split('id="ioc-order"')[1].split("</ol>")[0]
    assert re.search(rf'<li class="[^"]*">{sister} <span class="ioc-speed">', turn_order)
    assert f'<th scope="row">{sister}</th>' in html["result"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_the_status_line_says_what_the_viewer_must_do(language):
    with translation.override(language):
        for state in bot_states(2, 4)[::7]:
            for viewer in [0, 1, None]:
                text = table.status_text(engine.view(state, viewer), viewer, NAMES[:2])
                assert text.strip()
    state = bot_states(2, 4)[0]
    assert table.status_text(engine.view(state, 0), 0, NAMES[:2]) == "Pick 2 cards to keep"
    window = engine.setup(2, {}, 4)
    window.update(phase="buy")
    window["players"][0].update(bought=True, finished=False)
    assert table.status_text(engine.view(window, 0), 0, NAMES[:2]) == (
        "Play cards bought today, or finish with Done"
    )


# --- statistics --------------------------------------------------------------------------------


def test_match_facts_count_what_the_boats_hold():
    state = bot_states(1, 4)[-1]
    result = engine.result(state)
    facts = stats.match_facts(state, result)
    tiles = [t["tile"] for t in state["players"][0]["tiles"]]
    assert facts["boats"] == 1
    assert facts["rare_treasures"] == sum(1 for t in tiles if t.startswith("rare-"))
    assert facts["oshax"] == sum(1 for t in tiles if t.startswith("oshax-"))
    assert facts["families"] == len(result["breakdown"][0]["families_list"])
    assert facts["rats_left"] == -result["breakdown"][0]["rats"]
    assert facts["solo_matches"] == 1
    assert facts["sister_wins"] == int(result["winners"] == ["sister"])
    with translation.override("en"):
        lines = dict(stats.fact_lines(facts, 1))
    assert lines["Families per boat"] == f"{facts['families']:.1f}"
    assert "Solo matches the sister won" in lines


def test_fact_lines_leave_out_the_sister_without_solo_matches():
    state = bot_states(2, 4)[-1]
    facts = stats.match_facts(state, engine.result(state))
    assert facts["solo_matches"] == facts["sister_wins"] == 0
    with translation.override("en"):
        assert "Solo matches the sister won" not in dict(stats.fact_lines(facts, 1))


def test_every_card_has_a_name_and_text_to_show():
    for card in CARDS:
        info = labels.card_info(card)
        assert info["name"]
        assert info["text"]
        assert f'data-card="{card}"' in info["html"]


def test_every_card_and_solo_lesson_reads_in_czech():
    """The cards' names and texts are data of components.json, not literals of the code
    (`labels.component_messages` lists them for makemessages): Czech has every one."""
    from django.utils.translation import trans_real

    from games.isle_of_cats.components import SOLO_LESSONS

    czech = trans_real.translation("cs")._catalog
    texts = [c[key] for c in (*CARDS.values(), *SOLO_LESSONS.values()) for key in ("name", "text")]
    assert [text for text in texts if not czech.get(text)] == []


def test_the_czech_texts_never_assume_the_players_gender():
    """Czech past tense says who did it ("ses podíval", "vybral(a)"), and so does naming a
    player by the masculine "hráč" ("Loď hráče Eva"): the texts speak to a player and about a
    player without it."""
    import polib

    po = polib.pofile(str(Path(labels.__file__).parent / "locale/cs/LC_MESSAGES/django.po"))
    gendered = re.compile(r"\b(jsi|ses|sis|sám|sama)\b|\w\(a\)|\bhráč\w* %\(name\)s")
    found = [
        text
        for entry in po
        if not entry.obsolete
        for text in (entry.msgstr, *entry.msgstr_plural.values())
        if gendered.search(text)
    ]
    assert found == []


def test_a_seat_that_passed_is_marked_without_a_gender_in_czech():
    """The mark beside a name in the turn order and on the panel ("passed"): Czech past tense
    would say he or she ("pasoval"), so it says what the seat does now."""
    state = next(s for s in bot_states(2, 4) if s["phase"] == "rescue" and len(s["passed"]) == 1)
    with translation.override("cs"):
        html = render(state, None)
    for region in ("board", "panel"):
        assert '<span class="ioc-tag">pasuje</span>' in html[region] or (
            '<li class="ioc-tag">pasuje</li>' in html[region]
        )
        assert "pasoval" not in html[region]


def test_a_second_piece_joins_the_move_when_the_card_allows_one():
    where = {"orientation": 0, "x": 3, "y": 4}
    second = {"extra_orientation": 0, "extra_x": 3, "extra_y": 5}
    twin = table.move_from_post(
        post(type="place", choice="play|066|cat-01", extra_choice="cat-18", **where, **second)
    )
    assert twin["rescues"][1] == {"tile": "cat-18", "cells": [[3, 5], [4, 5], [5, 5]]}
    cache = table.move_from_post(
        post(type="place", choice="find|104|line3", extra_choice="mono", **where, **second)
    )
    assert cache["commons"] == [
        {"shape": "line3", "cells": [[3, 4], [4, 4], [5, 4]]},
        {"shape": "mono", "cells": [[3, 5]]},
    ]
    chest = table.move_from_post(
        post(type="place", choice="find|100|rare-01", extra_choice="domino", **where, **second)
    )
    assert chest["rare"]["tile"] == "rare-01"
    assert chest["commons"] == [{"shape": "domino", "cells": [[3, 5], [4, 5]]}]
    with pytest.raises(IllegalMove):
        table.move_from_post(
            post(type="place", choice="play|087|mono", extra_choice="cat-18", **where, **second)
        )


def test_the_oshax_friend_brings_its_oshax_and_a_small_treasure_the_engine_accepts():
    state = engine.setup(1, {}, 4)
    player = state["players"][0]
    player["hand"] = ["107"]
    state.update(phase="rare_finds", current=0, passed=["sister"], turn_order=[0, "sister"])
    data = post(
        type="place",
        choice="find|107|oshax-4",
        colour="red",
        orientation=0,
        x=2,
        y=4,
        extra_choice="mono",
        extra_orientation=0,
        extra_x=1,
        extra_y=5,
    )
    after, _events = engine.apply(state, 0, table.move_from_post(data))
    tiles = [t["tile"] for t in after["players"][0]["tiles"]]
    assert tiles == ["oshax-4", "common-01"]


def test_the_names_of_the_pieces_a_refusal_names_read_in_czech():
    """The values a refusal names are filled in after translating it, the pieces' names too
    (every refusal reads in Czech: `games/tests/test_refusals.py`)."""
    from django.utils.translation import trans_real

    czech = trans_real.translation("cs")._catalog
    for name in labels.ENGINE_NAMES:
        assert czech.get(name), name


def test_a_refusal_with_a_number_reads_in_czech():
    """Solo drafting keeps three cards: keeping two is refused, in the player's language."""
    state = engine.setup(1, {}, 5)
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, 0, {"type": "draft", "cards": state["players"][0]["draft"][:2]})
    assert refused.value.message == "Pick exactly 3 cards from your draft hand."
    with translation.override("cs"):
        assert refusal_text(refused.value) == "Z draftu si vyber přesně tolik karet: 3."


def test_a_refusal_names_the_piece_it_is_about_in_czech():
    state = rescue_table(left=["cat-05"])
    move = {
        "type": "rescue",
        "tile": "cat-05",
        "basket": {"type": "permanent"},
        "cells": [[-1, 4], [0, 4], [1, 4], [0, 5]],
    }
    with pytest.raises(IllegalMove) as refused:
        engine.apply(state, 0, move)
    assert refused.value.message == "Cat: [-1, 4] is not a cell of the boat."
    with translation.override("cs"):
        assert refusal_text(refused.value) == "Kočka: políčko [-1, 4] není na lodi."


def test_a_placement_marks_its_tiles_on_the_boat_as_the_others_see_it():
    """A line about a placement names the tiles it put on a boat (the page marks them while the
    line is hovered), and the other seat sees those tiles marked as the mover's last move; lines
    of other events name nothing."""
    rng = random.Random(3)
    state = engine.setup(2, {}, 3)
    placements = 0
    while not engine.is_over(state) and placements < 12:
        seat = min(engine.to_act(state))
        state, events = engine.apply(state, seat, bot.choose_move(state, seat, rng))
        for event in events:
            named = log.marks(event)
            if event["type"] not in ("rescued", "found", "played") or not event.get("tiles"):
                assert named in ([], [event.get("card")]), event
                continue
            tiles = [t["tile"] for t in event["tiles"]]
            assert named[: len(tiles)] == tiles
            board = render(state, 1 - seat)["board"]
            others = board[board.index("ioc-other-boats") :]
            marked = re.findall(
                r'<g class="[^"]*\blast\b[^"]*" data-tile="([^"]+)" data-card', others
            )
            assert marked == tiles
            placements += 1
    assert placements == 12


def test_each_card_kind_and_cat_family_has_a_drawn_symbol_of_its_own():
    from games.isle_of_cats.components import COLOURS

    sprite = render_to_string("isle_of_cats/symbols.svg")
    drawn = set(re.findall(r'<symbol id="([\w-]+)"', sprite))
    kinds = {f"ioc-{info['kind']}" for info in CARDS.values()}
    families = {f"ioc-cat-{colour}" for colour in COLOURS}
    assert kinds | families | {"ioc-fish", "ioc-speed", "ioc-basket", "ioc-broken"} <= drawn
    bodies = re.findall(r'<symbol id="[\w-]+" viewBox="0 0 24 24">(.*?)</symbol>', sprite)
    assert len(bodies) == len(drawn)
    assert len(set(bodies)) == len(bodies)

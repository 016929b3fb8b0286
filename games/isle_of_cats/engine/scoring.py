"""The Isle of Cats's scores and ranks (section 8)."""

from __future__ import annotations

from typing import Any

from games.isle_of_cats.components import (
    BOAT_CELLS,
    CARDS,
    CAT_COLOUR,
    COLOUR_CARDS,
    COLOURS,
    COLUMNS,
    EDGE_CELLS,
    FAMILY_EACH_ABOVE,
    FAMILY_VALUES,
    MAPS,
    NEIGHBOURS,
    OSHAX_IDS,
    RATS,
    ROWS,
    SECTIONS,
    SISTER_COLOUR_POINTS,
    SOLO_LESSONS,
    TILE_KIND,
)
from games.isle_of_cats.engine.flow import SISTER
from games.rules import State

# --- scoring -----------------------------------------------------------------------------------


def boat_facts(player: dict[str, Any]) -> dict[str, Any]:
    """Everything scoring looks at on one boat (section 8.1)."""
    tiles = player["tiles"]
    grid = player["grid"]
    colour: dict[int, str] = {}
    for number, entry in enumerate(tiles, start=1):
        tile = entry["tile"]
        kind = TILE_KIND[tile]
        if kind == "cat":
            colour[number] = CAT_COLOUR[tile]
        elif kind == "oshax":
            colour[number] = entry["colour"]
    links: dict[int, set[int]] = {number: set() for number in colour}
    for number in colour:
        for i in tiles[number - 1]["cells"]:
            for n in NEIGHBOURS[i]:
                other = grid[n]
                if other > 0 and other != number and colour.get(other) == colour[number]:
                    links[number].add(other)
    families: list[tuple[str, list[int]]] = []
    seen: set[int] = set()
    for number in sorted(colour):
        if number in seen:
            continue
        group = [number]
        seen.add(number)
        for current in group:
            for other in sorted(links[current]):
                if other not in seen:
                    seen.add(other)
                    group.append(other)
        if len(group) >= 3:
            families.append((colour[number], sorted(group)))
    in_family = {n for _c, group in families for n in group}
    edge = {number for number in colour if any(i in EDGE_CELLS for i in tiles[number - 1]["cells"])}
    treasure_cells = {
        i
        for entry in tiles
        if TILE_KIND[entry["tile"]] in ("common", "rare")
        for i in entry["cells"]
    }
    return {
        "colour": colour,
        "families": families,
        "lone": [n for n in colour if n not in in_family],
        "edge": edge,
        "grid": grid,
        "tiles": tiles,
        "treasure_cells": treasure_cells,
        "count": {c: sum(1 for v in colour.values() if v == c) for c in COLOURS},
        "covered": {i for i in BOAT_CELLS if grid[i] > 0},
    }


def family_points(size: int) -> int:
    if size < 3:
        return 0
    if size <= 7:
        return FAMILY_VALUES[size]
    return FAMILY_VALUES[7] + FAMILY_EACH_ABOVE * (size - 7)


def _largest(facts: dict[str, Any]) -> int:
    return max((len(group) for _c, group in facts["families"]), default=0)


def lesson_score(
    rule: dict[str, Any],
    points: int,
    facts: dict[str, Any],
    *,
    colour: str | None = None,
    solo: bool = False,
    others_largest: tuple[int, ...] = (),
) -> int:
    """Points of one discovery lesson card on one boat (section 8.2)."""
    kind = rule["kind"]
    c = colour if rule.get("colour") == "chosen" else rule.get("colour")
    count = facts["count"]
    colours = facts["colour"]
    covered = facts["covered"]
    tiles = facts["tiles"]
    grid = facts["grid"]
    if kind == "colour_exact":
        return points if count[c] == rule["n"] else 0
    if kind == "colour_count_each":
        return points * count[c] if c else 0
    if kind == "colour_majority":
        return points if all(count[c] > count[d] for d in COLOURS if d != c) else 0
    if kind == "edge_all_colours":
        touching = {colours[n] for n in facts["edge"]}
        return points if touching >= set(COLOURS) else 0
    if kind == "edge_cats_per":
        return points * (len(facts["edge"]) // int(rule["per"]))
    if kind == "edge_colour_each":
        return points * sum(1 for n in facts["edge"] if colours[n] == c) if c else 0
    if kind == "family_colour_min":
        hit = any(fc == c and len(group) >= rule["n"] for fc, group in facts["families"])
        return points if hit else 0
    if kind == "families_count_at_least":
        return points if len(facts["families"]) >= rule["n"] else 0
    if kind == "family_colours_each":
        return points * len({fc for fc, _g in facts["families"]})
    if kind == "largest_family_top":
        mine = _largest(facts)
        if solo:
            return points if mine >= rule["solo_min"] else 0
        return points if mine and all(mine >= other for other in others_largest) else 0
    if kind == "lone_cats_at_most":
        return points if facts["families"] and len(facts["lone"]) <= rule["n"] else 0
    if kind == "rats_all_covered":
        return points if all(i in covered for i in RATS) else 0
    if kind in ("rare_at_least", "rare_each", "common_each", "oshax_each"):
        wanted = {"rare_at_least": "rare", "rare_each": "rare"}.get(kind, kind[:-5])
        number = sum(1 for e in tiles if TILE_KIND[e["tile"]] == wanted)
        if kind == "rare_at_least":
            return points if number >= rule["n"] else 0
        return points * number
    if kind == "full_rows_each":
        return points * sum(1 for row in ROWS if row and all(i in covered for i in row))
    if kind == "full_columns_each":
        return points * sum(1 for col in COLUMNS if col and all(i in covered for i in col))
    if kind == "sections_full_each":
        return points * sum(1 for cells in SECTIONS.values() if all(i in covered for i in cells))
    if kind == "maps_matched_each":
        return points * sum(
            1 for mc, i in MAPS.items() if grid[i] > 0 and colours.get(grid[i]) == mc
        )
    if kind == "colour_in_sections_each":
        return points * sum(
            1
            for cells in SECTIONS.values()
            if any(grid[i] > 0 and colours.get(grid[i]) == c for i in cells)
        )
    if kind == "section_colours_at_least":
        cells = SECTIONS[rule["section"]]
        found = {colours[grid[i]] for i in cells if grid[i] > 0 and grid[i] in colours}
        return points if len(found) >= rule["n"] else 0
    if kind == "section_cats_only":
        cells = SECTIONS[rule["section"]]
        return points if all(grid[i] > 0 and grid[i] in colours for i in cells) else 0
    if kind == "colour_adjacent_treasure_each":
        treasure = facts["treasure_cells"]
        return points * sum(
            1
            for n, nc in colours.items()
            if nc == c and any(m in treasure for i in tiles[n - 1]["cells"] for m in NEIGHBOURS[i])
        )
    raise ValueError(f"Unknown lesson kind {kind}.")


def sister_lesson_score(
    rule: dict[str, Any], points: int, state: State, facts: dict[str, Any] | None = None
) -> int:
    """Points of one of the sister's lessons, judged on the player's final boat (section 8.4);
    `facts` = the boat's `boat_facts` when already worked out."""
    if facts is None:
        facts = boat_facts(state["players"][0])
    kind = rule["kind"]
    covered = facts["covered"]
    colours = facts["colour"]
    removed = state["sister"]["removed"]
    if kind == "rats_uncovered_each":
        return points * sum(1 for i in RATS if i not in covered)
    if kind == "sections_unfull_each":
        return points * sum(
            1 for cells in SECTIONS.values() if not all(i in covered for i in cells)
        )
    if kind == "lone_cats_each":
        return points * len(facts["lone"])
    if kind == "uncovered_cells_per":
        return points * ((len(BOAT_CELLS) - len(covered)) // int(rule["per"]))
    if kind == "edge_cats_fewer_than":
        return points if len(facts["edge"]) < rule["n"] else 0
    if kind == "families_of_size_each":
        return points * sum(1 for _c, group in facts["families"] if len(group) == rule["n"])
    if kind == "largest_family_below":
        return points if _largest(facts) < rule["n"] else 0
    if kind == "oshax_not_on_boat_each":
        on_boat = sum(1 for e in facts["tiles"] if TILE_KIND[e["tile"]] == "oshax")
        return points * (len(OSHAX_IDS) - on_boat)
    if kind == "sister_removed_cats_each":
        return points * int(removed["cats"])
    if kind == "sister_removed_rares_each":
        return points * int(removed["rares"])
    grid = facts["grid"]
    if kind == "colour_without_rat_each":
        with_rat = {colours[grid[i]] for i in RATS if grid[i] in colours}
        return points * sum(1 for c in COLOURS if c not in with_rat)
    if kind == "colour_without_edge_each":
        with_edge = {colours[n] for n in facts["edge"]}
        return points * sum(1 for c in COLOURS if c not in with_edge)
    if kind == "colour_without_family_each":
        with_family = {fc for fc, _g in facts["families"]}
        return points * sum(1 for c in COLOURS if c not in with_family)
    raise ValueError(f"Unknown sister lesson kind {kind}.")


def score_sheet(
    state: State, seat: int, boats: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    """One seat's score sheet (sections 8.3 and 8.5); `boats` = every seat's `boat_facts`
    when already worked out (a standing scores every boat against every other)."""
    if boats is None:
        boats = [boat_facts(p) for p in state["players"]]
    player = state["players"][seat]
    facts = boats[seat]
    covered = facts["covered"]
    solo = bool(state["solo"])
    others = tuple(_largest(boat) for s, boat in enumerate(boats) if s != seat)
    rats = -sum(1 for i in RATS if i not in covered)
    sections = -5 * sum(1 for cells in SECTIONS.values() if not all(i in covered for i in cells))
    families_list = [
        {"colour": c, "size": len(group), "points": family_points(len(group))}
        for c, group in facts["families"]
    ]
    families = sum(f["points"] for f in families_list)
    rare = 3 * sum(1 for e in player["tiles"] if TILE_KIND[e["tile"]] == "rare")
    lessons = []
    personal = 0
    for card in player["lessons"]:
        info = CARDS[card]
        points = lesson_score(
            info["rule"], int(info["points"]), facts, solo=solo, others_largest=others
        )
        personal += points
        lessons.append({"card": card, "points": points})
    public = 0
    for entry in state["public_lessons"]:
        info = CARDS[entry["card"]]
        points = lesson_score(info["rule"], int(info["points"]), facts, colour=entry["colour"])
        if solo:
            points = (points + 1) // 2
        public += points
        lessons.append({"card": entry["card"], "points": points})
    total = rats + sections + families + rare + personal + public
    return {
        "rats": rats,
        "sections": sections,
        "families": families,
        "rare_treasures": rare,
        "personal_lessons": personal,
        "public_lessons": public,
        "total": total,
        "fish_left": player["fish"],
        "families_list": families_list,
        "lessons": lessons,
    }


def sister_sheet(state: State, facts: dict[str, Any] | None = None) -> dict[str, Any]:
    """The sister's score in solo (section 8.4); `facts` = the player's `boat_facts` when
    already worked out."""
    sister = state["sister"]
    if facts is None:
        facts = boat_facts(state["players"][0])
    cards = []
    colour_total = 0
    for points, card in zip(SISTER_COLOUR_POINTS, sister["colour_cards"], strict=True):
        colour = COLOUR_CARDS[card]
        got = points * facts["count"][colour]
        colour_total += got
        cards.append(
            {"card": card, "colour": colour, "cats": facts["count"][colour], "points": got}
        )
    lessons = []
    for card in sister["lessons"]:
        info = SOLO_LESSONS[card]
        lessons.append(
            {
                "card": card,
                "points": sister_lesson_score(info["rule"], int(info["points"]), state, facts),
            }
        )
    total = colour_total + sum(entry["points"] for entry in lessons)
    return {
        "colour_cards": cards,
        "colour_points": colour_total,
        "lessons": lessons,
        "total": total,
    }


def result(state: State) -> dict[str, Any] | None:
    """Final scores and ranks (section 8.5); None while the game runs."""
    if state["phase"] != "game_over":
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """Scores and ranks as the boats stand now, scored as if the game ended here (section 8):
    the tiles on each boat, the personal lessons already played (those still in hand wait for a
    lessons step, as on day 5), the public lessons in play (one whose colour is still to be
    chosen scores nothing), fish left as the tie-break; solo, the sister scores the player's boat
    with all her colour cards and lessons. The result of a match its players end early."""
    boats = [boat_facts(player) for player in state["players"]]
    sheets = [score_sheet(state, seat, boats) for seat in range(state["seats"])]
    scores = [sheet["total"] for sheet in sheets]
    if state["solo"]:
        sister = sister_sheet(state, boats[0])
        won = scores[0] > sister["total"]
        return {
            "scores": scores,
            "ranks": [1 if won else 2],
            "winners": [0] if won else [SISTER],
            "breakdown": sheets,
            "ranking": [{"seat": 0, "rank": 1 if won else 2}],
            "sister": sister,
        }
    keys = [(sheet["total"], sheet["fish_left"]) for sheet in sheets]
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": [seat for seat, rank in enumerate(ranks) if rank == 1],
        "breakdown": sheets,
        "ranking": [{"seat": seat, "rank": rank} for seat, rank in enumerate(ranks)],
    }

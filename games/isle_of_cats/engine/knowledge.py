"""What a seat of the Isle of Cats sees, and the states it could be in (section 7)."""

from __future__ import annotations

import random
from typing import Any

from games.isle_of_cats.components import (
    CARD_IDS,
    CARDS,
    CAT_COLOUR,
    CAT_IDS,
    COLOUR_CARD_IDS,
    EMPTY_GRID,
    RARE_IDS,
    SISTER_IDS,
    TILE_KIND,
    WIDTH,
)
from games.isle_of_cats.engine.boat import _xy
from games.isle_of_cats.engine.flow import to_act
from games.isle_of_cats.engine.scoring import result
from games.isle_of_cats.engine.start import LESSON_SET_CARDS, _new_player
from games.rules import State, copy_state, deal_shares, draft_shares, fill

# --- view --------------------------------------------------------------------------------------


def _boat_view(player: dict[str, Any]) -> list[dict[str, Any]]:
    shown = []
    for entry in player["tiles"]:
        tile: dict[str, Any] = {"tile": entry["tile"], "cells": _xy(entry["cells"])}
        if "colour" in entry:
            tile["colour"] = entry["colour"]
        elif entry["tile"] in CAT_COLOUR:
            tile["colour"] = CAT_COLOUR[entry["tile"]]
        shown.append(tile)
    return shown


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (section 7); None is a spectator with public data only."""
    phase = state["phase"]
    over = phase == "game_over"
    revealed_played = phase in ("rescue", "rare_finds")
    players = []
    for s, p in enumerate(state["players"]):
        row: dict[str, Any] = {
            "boat": state["boats"][s],
            "tiles": _boat_view(p),
            "last_placed": list(p["last_placed"]),
            "fish": p["fish"],
            "baskets": p["baskets"],
            "baskets_used": p["baskets_used"],
            "hand_count": len(p["hand"]),
            "aside_count": len(p["aside"]),
            "draft_count": len(p["draft"]),
            "picks_count": len(p["picks"]),
            "lesson_count": len(p["lessons"]),
            "picked": p["picked"],
            "bought": p["bought"],
            "finished": p["finished"],
            "selected": p["selection"] is not None,
            "played": list(p["played"]) if revealed_played else [],
            "speed": p["speed"],
            "bait": p["bait"],
            "last_paid": p["last_paid"],
            "scent": p["scent"],
            "looking": p["look"] is not None,
            # Which card a seat is looking with and how many cards it turned: public (the log).
            "look_card": p["look"]["card"] if p["look"] is not None else None,
            "look_count": len(p["look"]["cards"]) if p["look"] is not None else 0,
        }
        if over:
            row["lessons"] = list(p["lessons"])
        players.append(row)
    public: dict[str, Any] = {
        "seats": state["seats"],
        "solo": state["solo"],
        "options": dict(state["options"]),
        "day": state["day"],
        "phase": phase,
        "to_act": sorted(to_act(state)),
        "turn_order": list(state["turn_order"]),
        "current": state["current"],
        "passed": list(state["passed"]),
        "draft_round": state["draft_round"],
        "zones": {zone: list(tiles) for zone, tiles in state["zones"].items()},
        "held": list(state["held"]),
        "arranger": state["arranger"],
        "commons": {shape: list(ids) for shape, ids in state["commons"].items()},
        "oshax": list(state["oshax"]),
        "rares": [list(pile) for pile in state["rares"]],
        "public_lessons": [dict(entry) for entry in state["public_lessons"]],
        "deck_count": len(state["deck"]),
        "discard_count": len(state["discard"]),
        "bag_count": len(state["bag"]),
        "gone": list(state["gone"]),
        "players": players,
        "you": seat,
    }
    sister = state["sister"]
    if sister is not None:
        up = sister["up"]
        public["sister"] = {
            "face_up": list(sister["today"][:up]),
            "face_down": len(sister["today"]) - up,
            "resolved": sister["resolved"],
            "deck_count": len(sister["deck"]),
            "speed": sister["speed"],
            "colour_cards": list(sister["colour_cards"][: sister["revealed"]]),
            "colour_cards_hidden": len(sister["colour_cards"]) - sister["revealed"],
            "lessons": list(sister["lessons"]),
            "removed": dict(sister["removed"]),
            "used": list(sister["used"]),
        }
    if over:
        public["result"] = result(state)
    if seat is None or type(seat) is not int or not 0 <= seat < state["seats"]:
        return public
    mine = state["players"][seat]
    public["hand"] = list(mine["hand"])
    public["aside"] = list(mine["aside"])
    public["draft"] = list(mine["draft"])
    public["picks"] = list(mine["picks"])
    public["lessons"] = list(mine["lessons"])
    public["selection"] = list(mine["selection"]) if mine["selection"] is not None else None
    public["look"] = (
        {"card": mine["look"]["card"], "cards": list(mine["look"]["cards"])}
        if mine["look"] is not None
        else None
    )
    public["draft_seen"] = [
        {"cards": list(entry["cards"]), "took": entry["took"] and list(entry["took"])}
        for entry in mine.get("draft_seen") or []
    ]
    public["discards_seen"] = list(mine.get("discards_seen") or [])
    return public


# --- sampling what a seat cannot see -----------------------------------------------------------


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, with what the seat cannot
    see drawn uniformly at random among the cards and tiles it cannot place (section 7).

    The seat places the public cards and tiles (the tiles gone from the game included), its own
    cards, the cards it knows lie in the discard pile (played face up, or its own unbought and
    unkept ones, until the pile is shuffled into the deck) and, from today's draft, the cards
    it passed on: the other seats took them as the draft went round (`games.rules.draft_shares`)
    and hold them among their picks until they buy; after a seat has bought, the cards passed
    to it count as unplaced again. The other cards are dealt at random to what else the other
    seats hold (their personal lessons from the personal lessons), the rest of the discard pile
    and the deck; the tiles not seen lie in the bag in a random order; the sister's face-down
    and deck cards and the unrevealed colour cards are shuffled. Pending selections of rescue
    cards are drawn among the possible ones, and the seed of later reshuffles is drawn anew.
    The other seats of a sample remember no draft of today and no discards."""
    seats = shown["seats"]
    phase = shown["phase"]
    over = phase == "game_over"
    rows = shown["players"]
    excluded = sorted(
        card
        for name, cards in LESSON_SET_CARDS.items()
        if name not in shown["options"]["lesson_sets"]
        for card in cards
    )
    mine = [*shown["hand"], *shown["aside"], *shown["draft"], *shown["picks"], *shown["lessons"]]
    mine += shown["look"]["cards"] if shown["look"] is not None else []
    known = set(mine) | set(shown["discards_seen"]) | set(excluded)
    known |= {entry["card"] for entry in shown["public_lessons"]}
    known |= {card for row in rows for card in row["played"] + row.get("lessons", [])}
    dealt: dict[tuple[int, str], list[str]] = {}
    if not shown["solo"] and phase in ("draft", "buy"):
        shares = draft_shares(
            seats=seats,
            seat=seat,
            direction=1 if shown["day"] % 2 == 1 else -1,
            rounds=4,
            takes=lambda number, size: size if number == 4 else min(2, size),
            seen={n: (e["cards"], e["took"]) for n, e in enumerate(shown["draft_seen"], 1)},
            current=shown["draft_round"] if phase == "draft" else None,
            picked=[s for s, row in enumerate(rows) if row["picked"]],
        )
        for cards, _places in shares:
            cards[:] = [card for card in cards if card not in known]
        dealt = {
            place: cards
            for place, cards in deal_shares(shares, rng).items()
            if phase == "draft" or not rows[place[0]]["bought"]
        }
        known |= {card for cards in dealt.values() for card in cards}
    unknown = [card for card in CARD_IDS if card not in known]
    rng.shuffle(unknown)

    players = []
    for s, row in enumerate(rows):
        player = _sampled_player(row)
        if s == seat:
            player["hand"] = list(shown["hand"])
            player["aside"] = list(shown["aside"])
            player["draft"] = list(shown["draft"])
            player["picks"] = list(shown["picks"])
            player["lessons"] = list(shown["lessons"])
            player["selection"] = _listed(shown["selection"])
            look = shown["look"]
            player["look"] = look and {"card": look["card"], "cards": list(look["cards"])}
            player["draft_seen"] = copy_state(shown["draft_seen"])
            player["discards_seen"] = list(shown["discards_seen"])
        elif over:
            player["lessons"] = list(row["lessons"])
        else:
            personal = [c for c in unknown if CARDS[c]["kind"] == "lesson"]
            player["lessons"] = [c for c in personal if CARDS[c]["scope"] == "personal"]
            del player["lessons"][row["lesson_count"] :]
            unknown[:] = [c for c in unknown if c not in player["lessons"]]
        players.append(player)
    for s, (row, player) in enumerate(zip(rows, players, strict=True)):
        if s == seat:
            continue
        player["hand"] = fill([], row["hand_count"], unknown)
        player["aside"] = fill([], row["aside_count"], unknown)
        player["draft"] = fill(dealt.get((s, "packet"), []), row["draft_count"], unknown)
        player["picks"] = fill(dealt.get((s, "kept"), []), row["picks_count"], unknown)
        if row["look_card"] is not None:
            player["look"] = {
                "card": row["look_card"],
                "cards": fill([], row["look_count"], unknown),
            }
        if row["selected"] and phase == "rescue_select":
            rescues = [c for c in player["hand"] if CARDS[c]["kind"] == "rescue"]
            player["selection"] = [c for c in rescues if rng.random() < 0.5]
    discard = fill(list(shown["discards_seen"]), shown["discard_count"], unknown)
    sister = shown.get("sister")
    return {
        "seats": seats,
        "solo": shown["solo"],
        "seed": rng.randrange(1 << 62),
        "options": {
            "lesson_sets": list(shown["options"]["lesson_sets"]),
            "solo_hard_lessons": shown["options"]["solo_hard_lessons"],
        },
        "day": shown["day"],
        "phase": phase,
        "boats": [row["boat"] for row in rows],
        "turn_order": list(shown["turn_order"]),
        "bag": _sampled_bag(shown, rng),
        "deck": unknown,
        "discard": discard,
        "reshuffles": 0,
        "excluded_cards": excluded,
        "zones": {zone: list(tiles) for zone, tiles in shown["zones"].items()},
        "held": list(shown["held"]),
        "arranger": shown["arranger"],
        "commons": {shape: list(ids) for shape, ids in shown["commons"].items()},
        "oshax": list(shown["oshax"]),
        "rares": [list(pile) for pile in shown["rares"]],
        "gone": list(shown["gone"]),
        "public_lessons": [dict(entry) for entry in shown["public_lessons"]],
        "current": shown["current"],
        "passed": list(shown["passed"]),
        "draft_round": shown["draft_round"],
        "players": players,
        "sister": None if sister is None else _sampled_sister(sister, rng),
    }


def _listed(cards: list[str] | None) -> list[str] | None:
    return None if cards is None else list(cards)


PUBLIC_PLAYER_KEYS = (
    "fish",
    "picked",
    "bought",
    "finished",
    "speed",
    "baskets",
    "baskets_used",
    "bait",
    "last_paid",
    "scent",
)
"""A seat's plain values that every view shows as they are."""


def _sampled_player(row: dict[str, Any]) -> dict[str, Any]:
    """A seat's public side as its view row shows it; its cards are filled in afterwards."""
    player = _new_player()
    for key in PUBLIC_PLAYER_KEYS:
        player[key] = row[key]
    player["played"] = list(row["played"])
    player["last_placed"] = list(row["last_placed"])
    player["selection"] = [] if row["selected"] else None
    player["draft_seen"] = None
    grid = list(EMPTY_GRID)
    for number, shown_tile in enumerate(row["tiles"], 1):
        cells = [y * WIDTH + x for x, y in shown_tile["cells"]]
        entry: dict[str, Any] = {"tile": shown_tile["tile"], "cells": cells}
        if TILE_KIND[shown_tile["tile"]] == "oshax":
            entry["colour"] = shown_tile["colour"]
        player["tiles"].append(entry)
        for i in cells:
            grid[i] = number
    player["grid"] = grid
    return player


def _sampled_bag(shown: dict[str, Any], rng: random.Random) -> list[str]:
    """The bag tiles nobody has seen drawn, in a random order."""
    seen = set(shown["zones"]["left"] + shown["zones"]["right"] + shown["held"] + shown["gone"])
    seen |= {tile for pile in shown["rares"] for tile in pile}
    seen |= {entry["tile"] for row in shown["players"] for entry in row["tiles"]}
    bag = [tile for tile in (*CAT_IDS, *RARE_IDS) if tile not in seen]
    rng.shuffle(bag)
    return bag


def _sampled_sister(shown: dict[str, Any], rng: random.Random) -> dict[str, Any]:
    """The sister's cards: those turned up today and before as seen, her face-down cards and
    deck shuffled from the rest; the colour cards not yet revealed shuffled likewise."""
    up = list(shown["face_up"])
    unseen = [card for card in SISTER_IDS if card not in up and card not in shown["used"]]
    rng.shuffle(unseen)
    hidden_colours = [c for c in COLOUR_CARD_IDS if c not in shown["colour_cards"]]
    rng.shuffle(hidden_colours)
    return {
        "deck": unseen[shown["face_down"] :],
        "today": up + unseen[: shown["face_down"]],
        "up": len(up),
        "resolved": shown["resolved"],
        "speed": shown["speed"],
        "used": list(shown["used"]),
        "colour_cards": list(shown["colour_cards"]) + hidden_colours,
        "revealed": len(shown["colour_cards"]),
        "lessons": list(shown["lessons"]),
        "removed": dict(shown["removed"]),
    }

"""Building blocks for Kosmopolis tests: hand-made tables and whole-game walkers."""

from __future__ import annotations

import json
import random
from typing import Any

from games.kosmopolis import engine
from games.kosmopolis.components import COLORS, MODIFIER_IDS, PROFESSION_COUNT, TOKEN_COUNT
from games.tests import playouts

State = dict[str, Any]


def table(
    seats: int,
    *,
    start_player: int = 0,
    current: int | None = None,
    kosmopolis: dict[str, list[int]] | None = None,
    cities: list[dict[str, list[int]]] | None = None,
    hands: list[list[int]] | None = None,
    tokens: list[int] | None = None,
    modifiers: list[dict[str, Any]] | None = None,
    deck: list[int] | None = None,
    round_number: int = 1,
) -> State:
    """A play-phase state laid out card by card; unused cards stay in the deck."""
    state = engine.setup(seats, {}, 7)
    kosmo = {color: [] for color in COLORS}
    kosmo.update({color: list(cards) for color, cards in (kosmopolis or {}).items()})
    city_rows = [{color: [] for color in COLORS} for _ in range(seats)]
    for seat, city in enumerate(cities or []):
        city_rows[seat].update({color: list(cards) for color, cards in city.items()})
    hand_rows = [list(h) for h in (hands or [[] for _ in range(seats)])]
    used = {c for cards in kosmo.values() for c in cards}
    used |= {c for city in city_rows for cards in city.values() for c in cards}
    used |= {c for hand in hand_rows for c in hand}
    if deck is None:
        deck = [c for c in range(PROFESSION_COUNT) if c not in used]
    token_row = list(tokens or [0] * seats)
    placed = [dict(m) for m in modifiers or []]
    placed_ids = {m["id"] for m in placed}
    decks = [list(MODIFIER_IDS) for _ in range(3)]
    decks[round_number - 1] = [m for m in MODIFIER_IDS if m not in placed_ids]
    state.update(
        {
            "round": round_number,
            "phase": "play",
            "draft_step": 0,
            "start_player": start_player,
            "current": start_player if current is None else current,
            "deck": list(deck),
            "modifier_decks": decks,
            "kosmopolis": kosmo,
            "modifiers": placed,
            "pending_modifier": None,
            "supply": TOKEN_COUNT - sum(token_row),
            "tokens": token_row,
            "hands": hand_rows,
            "packets": [[] for _ in range(seats)],
            "kept": [[] for _ in range(seats)],
            "choices": [None] * seats,
            "cities": city_rows,
            "bonus": [[] for _ in range(seats)],
            "removed": [],
            "trigger": None,
            "final_turns": [],
        }
    )
    return state


def finish_round(state: State, seat: int, card: int) -> list[dict[str, Any]]:
    """Make `seat` play `card` to its city as the last final turn, ending the round."""
    state["hands"][seat] = [card]
    if card in state["deck"]:
        state["deck"].remove(card)
    state["trigger"] = (seat + 1) % state["seats"]
    state["final_turns"] = [seat]
    state["current"] = seat
    return engine.apply_in_place(state, seat, {"type": "play", "card": card, "to": "city"})


def play_draft(state: State) -> None:
    """Finish the current draft with each seat keeping its first two packet cards."""
    while state["phase"] == "draft":
        for seat in sorted(engine.to_act(state)):
            cards = state["packets"][seat][:2]
            engine.apply_in_place(state, seat, {"type": "draft", "cards": cards})


def disguise(state: State, seat: int | None, rng: random.Random) -> State:
    """A copy of `state` that differs only in what `seat` may not see; None = spectator."""
    twin: State = json.loads(json.dumps(state))
    others = [s for s in range(twin["seats"]) if s != seat]
    zones = [twin["deck"]]
    for other in others:
        zones += [twin["hands"][other], twin["packets"][other], twin["kept"][other]]
        if twin["phase"] != "over":
            zones.append(twin["bonus"][other])
    hidden = [card for zone in zones for card in zone]
    scrambled = list(hidden)
    rng.shuffle(scrambled)
    mapping = dict(zip(hidden, scrambled, strict=True))
    for zone in zones:
        zone[:] = [mapping[card] for card in zone]
    for other in others:
        choice = twin["choices"][other]
        if choice is not None:
            twin["choices"][other] = [mapping[card] for card in choice]
        if twin["saves"][other] is not None:
            twin["saves"][other] = []
    _scramble_modifiers(twin, seat, rng)
    return twin


def _scramble_modifiers(twin: State, seat: int | None, rng: random.Random) -> None:
    """Shuffle every modifier id the seat has not seen, keeping each round's four cards."""
    if twin["phase"] == "over":
        return
    current = twin["round"] - 1
    for index, deck in enumerate(twin["modifier_decks"]):
        if index != current:
            rng.shuffle(deck)
    placed = [m for m in twin["modifiers"] if m["seat"] != seat]
    if twin["phase"] == "tokens":
        placed = []
    pending = twin["pending_modifier"] is not None and twin["current"] != seat
    ids = list(twin["modifier_decks"][current]) + [m["id"] for m in placed]
    if pending:
        ids.append(twin["pending_modifier"])
    rng.shuffle(ids)
    size = len(twin["modifier_decks"][current])
    twin["modifier_decks"][current] = ids[:size]
    for offset, modifier in enumerate(placed):
        modifier["id"] = ids[size + offset]
    if pending:
        twin["pending_modifier"] = ids[-1]


def sample_states(seats: int, seeds: range, stride: int = 4) -> list[State]:
    """Snapshots of random games every `stride` moves, so every phase shows up."""
    return playouts.sample_states(engine, seats, seeds, stride)

"""What a seat of Space Bastards sees, and the states it could be in (section 7)."""

from __future__ import annotations

import random
from itertools import combinations
from typing import Any

from games.rules import State, copy_state
from games.space_bastards.components import DOUBLE_ACTION_COST, NEUTRAL_DRAW, RACE_CARDS, RACES
from games.space_bastards.engine.board import NEUTRAL, _move_colour, _owner, _race, _targets
from games.space_bastards.engine.legal import _preference, _relevant, _steps_left, to_act
from games.space_bastards.engine.scoring import result
from games.space_bastards.engine.start import DEFAULT_PREFS, PREF_VALUES

# --- view and result -------------------------------------------------------------------------


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (section 7); None is a spectator with public data only."""
    seats = state["seats"]
    phase = state["phase"]
    me = seat if type(seat) is int and 0 <= seat < seats else None
    public: dict[str, Any] = {
        "seats": seats,
        "you": me,
        "phase": phase,
        "options": copy_state(state["options"]),
        "in_play": list(state["in_play"]),
        "start_player": state["start"],
        "round": state["round"],
        "track": copy_state(state["track"]),
        "track_pos": state["track_pos"],
        "to_act": sorted(to_act(state)),
        "money": list(state["money"]),
        "points": list(state["points"]),
        "hands": copy_state(state["hands"]),
        "played": copy_state(state["played"]),
        "supply": copy_state(state["supply"]),
        "board": copy_state(state["board"]),
        "ships": copy_state(state["ships"]),
        "relationships": copy_state(state["rel"]),
        "offer": list(state["offer"]),
        "locks": dict(state["locks"]),
        "queue": copy_state(state["queue"]),
        "revealed": copy_state(state["revealed"]),
        "act": copy_state(state["act"]),
        "change": copy_state(state["change"]),
        "movement": copy_state(state["movement"]),
        "ship_order": list(state["ship_order"]),
        "scores": copy_state(state["scores"]),
        "scorings": copy_state(state.get("scorings", [])),
        "last_named": copy_state(state.get("last_named", [[] for _ in range(seats)])),
    }
    col = state["colonise"]
    if col is not None:
        shown = {key: copy_state(value) for key, value in col.items() if key != "picks"}
        picks = col["picks"]
        if phase == "colonise_pick":
            shown["picked"] = [pick is not None for pick in picks]
            shown["picks"] = [pick if s == me else None for s, pick in enumerate(picks)]
        else:
            shown["picks"] = list(picks)
        public["colonise"] = shown
    else:
        public["colonise"] = None
    if phase == "plan":
        public["planned"] = [plan is not None for plan in state["plans"]]
        own = state["plans"][me] if me is not None else None
        public["my_plan"] = copy_state(own)
    respond = state["respond"]
    if respond is not None:
        public["respond"] = {
            "actor": respond["actor"],
            "card": respond["card"],
            "prompted": list(respond["prompted"]),
            "answered": [respond["answers"][s] is not None for s in range(seats)],
            # The actor's refusals are public (event "offered"); states stored before the key
            # existed show none.
            "declined": [_move_colour(c) for c in respond.get("declined", [])],
        }
        if me is not None:
            public["my_answer"] = respond["answers"][me]
    else:
        public["respond"] = None
    movement = state["movement"]
    if movement is not None:
        mover = movement["seat"]
        cargo = bool(state["ships"][mover]["cargo"])
        public["steps_left"] = _steps_left(state, movement, cargo, state["money"][mover])
    if me is not None:
        public["prefs"] = copy_state(state["prefs"][me])
    if phase == "over":
        public["result"] = result(state)
    return public


SHOWN_AS_IS = (
    *("seats", "options", "phase", "round", "in_play", "money", "points", "scores", "scorings"),
    *("hands", "played", "supply", "board", "ships", "offer", "locks", "ship_order", "revealed"),
    *("track", "track_pos", "queue", "act", "change", "movement", "last_named"),
)
"""What every seat's view shows of the state as it is, so `sample_state` copies it."""


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, with what the seat cannot
    see drawn uniformly at random among what the rules allow: the other seats' pending picks,
    plans and answers, their standing preferences, the race deck before the deal and the
    neutral races still to come (section 7). Everything else is public and copied."""
    seats = shown["seats"]
    phase = shown["phase"]
    state: State = copy_state({key: shown[key] for key in SHOWN_AS_IS})
    state |= {
        "start": shown["start_player"],
        "rel": copy_state(shown["relationships"]),
        "neutral_races": [],
        "race_deck": [],
        "colonise": None,
        "plans": [None] * seats,
        "prefs": [_sampled_prefs(seats, other, rng) for other in range(seats)],
        "respond": None,
    }
    state["prefs"][seat] = copy_state(shown["prefs"])
    if state["rel"] is None:
        state["race_deck"] = list(RACE_CARDS)
        rng.shuffle(state["race_deck"])
    col = shown["colonise"]
    if col is not None:
        state["colonise"] = {
            key: copy_state(value) for key, value in col.items() if key != "picked"
        }
        if phase == "colonise_pick":
            state["colonise"]["picks"] = [
                _sampled_pick(col["hands"][other], rng) if picked and other != seat else pick
                for other, (pick, picked) in enumerate(
                    zip(col["picks"], col["picked"], strict=True)
                )
            ]
        if seats == 2:
            drawn = {
                _race(token)
                for planet in state["board"].values()
                for token in planet
                if _owner(token) == NEUTRAL
            }
            state["neutral_races"] = [race for race in NEUTRAL_DRAW if race not in drawn]
            rng.shuffle(state["neutral_races"])
    if phase == "plan":
        for other, planned in enumerate(shown["planned"]):
            if other == seat:
                state["plans"][other] = copy_state(shown["my_plan"])
            elif planned:
                state["plans"][other] = _sampled_plan(state, other, rng)
    if shown["respond"] is not None:
        state["respond"] = _sampled_respond(state, shown, seat, rng)
    return state


def _sampled_prefs(seats: int, seat: int, rng: random.Random) -> dict[str, Any]:
    """Preferences towards every other seat, each drawn among accept, refuse and ask."""
    return {
        card: {
            "default": rng.choice(PREF_VALUES),
            "seats": {
                str(other): rng.choice(PREF_VALUES) for other in range(seats) if other != seat
            },
        }
        for card in DEFAULT_PREFS
    }


def _sampled_pick(hand: dict[str, int], rng: random.Random) -> str:
    return rng.choice([race for race in RACES if hand[race] > 0])


def _sampled_plan(state: State, seat: int, rng: random.Random) -> dict[str, Any]:
    """One of the plans the seat could have made, each alike; its preferences are the sampled
    standing ones."""
    hand = state["hands"][seat]
    plans = [[card] for card in hand]
    if state["money"][seat] >= DOUBLE_ACTION_COST:
        plans += [list(pair) for pair in combinations(hand, 2)]
    return {"cards": rng.choice(plans), "prefs": None}


def _sampled_respond(
    state: State, shown: dict[str, Any], seat: int, rng: random.Random
) -> dict[str, Any]:
    """The answers given but not yet revealed, and the partners who accepted unasked.

    A prompted seat asks about this actor and card; an unprompted seat that could pair and was
    not declined has accept or refuse, so its sampled preference is drawn among those two."""
    public = shown["respond"]
    actor, card = public["actor"], public["card"]
    declined = [str(c) for c in public["declined"]]
    prompted = public["prompted"]
    partners = []
    for colour in _targets(state, actor):
        if colour in declined:
            continue
        if colour == NEUTRAL:
            partners.append(colour)
            continue
        other = int(colour)
        entry = state["prefs"][other][card]["seats"]
        if other != seat:
            if other in prompted:
                entry[str(actor)] = "ask"
            elif _relevant(state, other, actor, card):
                entry[str(actor)] = rng.choice(("accept", "refuse"))
        if _preference(state, other, card, actor) == "accept":
            partners.append(colour)
    answers: list[bool | None] = [None] * state["seats"]
    for other, answered in enumerate(public["answered"]):
        if other == seat:
            answers[other] = shown["my_answer"]
        elif answered:
            answers[other] = rng.random() < 0.5
    return {
        "actor": actor,
        "card": card,
        "partners": partners,
        "prompted": list(prompted),
        "answers": answers,
        "declined": declined,
    }

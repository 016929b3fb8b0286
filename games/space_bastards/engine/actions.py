"""Space Bastards's action cards played: love, shooting, eating, trade, diplomacy and mutation
(5.6)."""

from __future__ import annotations

from typing import Any

from games.rules import Event, IllegalMove, Move, State
from games.space_bastards.components import (
    BOOST_COST,
    CORPSES_COST,
    MUTATE_OTHER_COST,
    PLANET_NAME,
    RACE_NAME,
    Cell,
)
from games.space_bastards.engine.board import (
    ATTACKS,
    NEUTRAL,
    _cells_list,
    _living,
    _move_colour,
    _occupied,
    _owner,
    _race,
    _return,
    _sides,
    _take,
    _targets,
)
from games.space_bastards.engine.colonisation import _check_shape, _parse_cells
from games.space_bastards.engine.legal import (
    _action_possible,
    _love_parents,
    _mutation_pairs,
    _preference,
    _relevant,
    pairing,
    to_act,
)
from games.space_bastards.engine.rounds import _next_item

# --- actions (5.6) ---------------------------------------------------------------------------


def _action(state: State, seat: int, move: Move, events: list[Event]) -> None:
    act = state["act"]
    kind = move["type"]
    if kind == "done":
        events.append({"type": "action_done", "seat": seat, "card": act["card"]})
        _next_item(state, events)
        return
    if kind == "love":
        _love(state, seat, move, events)
    elif kind in ATTACKS:
        _attack(state, seat, move, events)
    elif kind in ("trade", "diplomacy"):
        _trade(state, seat, move, events)
        return
    elif kind == "mutate":
        _mutate(state, seat, move, events)
    else:
        _arrange(state, seat, move, events)
    if not _action_possible(state):
        _next_item(state, events)


def _pay_boost(state: State, seat: int, cost: int, events: list[Event]) -> None:
    state["money"][seat] -= cost
    events.append({"type": "paid", "seat": seat, "amount": cost})


def _check_uses(state: State, seat: int) -> None:
    act = state["act"]
    if act["uses"] >= 2:
        raise IllegalMove("The boost was already used.")
    if act["uses"] == 1 and state["money"][seat] < BOOST_COST:
        raise IllegalMove("The boost costs 2 money.")


def _planet_arg(state: State, value: Any) -> str:
    if type(value) is not str or value not in state["in_play"]:
        raise IllegalMove("Name a planet in play.")
    return value


def _colour_arg(state: State, value: Any) -> str:
    if value == NEUTRAL and type(value) is str and state["seats"] == 2:
        return NEUTRAL
    if type(value) is int and 0 <= value < state["seats"]:
        return str(value)
    raise IllegalMove("Name a seat or the neutral colour.")


def _love(state: State, seat: int, move: Move, events: list[Event]) -> None:
    _check_uses(state, seat)
    planet = _planet_arg(state, move["planet"])
    a, b = _sides(state, "love")
    race = move["race"]
    if race not in (a, b):
        raise IllegalMove(
            "Love makes one of the %(race)s or of the %(other)s.",
            race=RACE_NAME[a],
            other=RACE_NAME[b],
        )
    actor = str(seat)
    if not _love_parents(state, planet, actor, a, b):
        raise IllegalMove("That planet has no pair of living parents with one of yours.")
    if not state["supply"][actor][race]:
        raise IllegalMove("You have no such token in supply.")
    cells = _parse_cells(move["cells"])
    _check_shape(planet, race, cells)
    if not _occupied(state, planet).isdisjoint(cells):
        raise IllegalMove("Those cells are not free.")
    act = state["act"]
    act["uses"] += 1
    if act["uses"] == 2:
        _pay_boost(state, seat, BOOST_COST, events)
    token = _take(state, actor, race)
    state["board"][planet][token] = {"cells": _cells_list(cells), "dead": False}
    events.append(
        {
            "type": "born",
            "seat": seat,
            "planet": planet,
            "token": token,
            "cells": _cells_list(cells),
        }
    )


def _attack(state: State, seat: int, move: Move, events: list[Event]) -> None:
    _check_uses(state, seat)
    card = ATTACKS[move["type"]]
    planet = _planet_arg(state, move["planet"])
    target = _colour_arg(state, move["target"])
    actor = str(seat)
    if target == actor:
        raise IllegalMove("Your own creatures are never victims.")
    attacker, victim = _sides(state, card)
    living = _living(state, planet)
    if not any(_owner(t) == actor and _race(t) == attacker for t in living):
        raise IllegalMove(
            "You need one of your living %(race)s on %(planet)s.",
            race=RACE_NAME[attacker],
            planet=PLANET_NAME[planet],
        )
    victims = [t for t in living if _owner(t) == target and _race(t) == victim]
    if not victims:
        raise IllegalMove(
            "That colour has no living %(race)s on %(planet)s.",
            race=RACE_NAME[victim],
            planet=PLANET_NAME[planet],
        )
    act = state["act"]
    act["uses"] += 1
    if act["uses"] == 2:
        _pay_boost(state, seat, BOOST_COST, events)
    board = state["board"][planet]
    for token in victims:
        if card == "shooting":
            board[token]["dead"] = True
        else:
            del board[token]
            _return(state, token)
    events.append(
        {
            "type": "shot" if card == "shooting" else "eaten",
            "seat": seat,
            "planet": planet,
            "target": _move_colour(target),
            "tokens": victims,
        }
    )


def _trade(state: State, seat: int, move: Move, events: list[Event]) -> None:
    card = move["type"]
    decline = move["decline"]
    if not isinstance(decline, list):
        raise IllegalMove("decline is a list of colours.")
    declined = [_colour_arg(state, value) for value in decline]
    if len(set(declined)) != len(declined) or str(seat) in declined:
        raise IllegalMove("Decline each other colour at most once.")
    state["act"]["uses"] = 1
    partners: list[str] = []
    prompted: list[int] = []
    for colour in _targets(state, seat):
        if colour in declined:
            continue
        if colour == NEUTRAL:
            partners.append(colour)
            continue
        preference = _preference(state, int(colour), card, seat)
        if preference == "accept":
            partners.append(colour)
        elif preference == "ask" and _relevant(state, int(colour), seat, card):
            prompted.append(int(colour))
    events.append(
        {
            "type": "offered",
            "seat": seat,
            "card": card,
            "declined": [_move_colour(c) for c in declined],
            "prompted": list(prompted),
        }
    )
    if prompted:
        state["respond"] = {
            "actor": seat,
            "card": card,
            "partners": partners,
            "prompted": prompted,
            "answers": [None] * state["seats"],
            "declined": declined,
        }
        state["phase"] = "respond"
        return
    _payout(state, seat, card, partners, events)


def _respond(state: State, seat: int, move: Move, events: list[Event]) -> None:
    accept = move["accept"]
    if type(accept) is not bool:
        raise IllegalMove("Answer true or false.")
    respond = state["respond"]
    respond["answers"][seat] = accept
    events.append({"type": "responded", "seat": seat})
    events.append({"type": "answer", "seat": seat, "accept": accept, "visible_to": [seat]})
    if to_act(state):
        return
    answers = {str(s): respond["answers"][s] for s in respond["prompted"]}
    events.append({"type": "answers_revealed", "answers": {s: bool(v) for s, v in answers.items()}})
    partners = respond["partners"] + [c for c, accepted in answers.items() if accepted]
    state["respond"] = None
    state["phase"] = "action"
    _payout(state, respond["actor"], respond["card"], partners, events)


def _payout(state: State, actor: int, card: str, partners: list[str], events: list[Event]) -> None:
    order = [c for c in _targets(state, actor) if c in partners]
    events.append(
        {
            "type": "partners",
            "seat": actor,
            "card": card,
            "partners": [_move_colour(c) for c in order],
        }
    )
    total, shares = pairing(state, actor, card, order)
    gains = [0] * state["seats"]
    gains[actor] = total
    for colour, share in shares.items():
        if colour != NEUTRAL:
            gains[int(colour)] += share
    for seat, gain in enumerate(gains):
        if card == "trade":
            state["money"][seat] += gain
        else:
            state["points"][seat] += gain
            state["scores"][seat]["diplomacy"] += gain
    events.append({"type": "trade_result", "seat": actor, "card": card, "gains": gains})
    _next_item(state, events)


def _mutate(state: State, seat: int, move: Move, events: list[Event]) -> None:
    act = state["act"]
    if act["mutated"]:
        raise IllegalMove("You already mutated this action.")
    planet = _planet_arg(state, move["planet"])
    owner = _colour_arg(state, move["owner"])
    cost = 0 if owner == str(seat) else MUTATE_OTHER_COST
    if state["money"][seat] < cost:
        raise IllegalMove("Mutating another colour costs 2 money.")
    pair = (move["from"], move["to"])
    if pair not in _mutation_pairs(state):
        raise IllegalMove("Mutation turns one of its races into the other.")
    source, target = pair
    tokens = move["tokens"]
    cells_value = move["cells"]
    if not isinstance(tokens, list) or not tokens or len(set(map(str, tokens))) != len(tokens):
        raise IllegalMove("List the tokens to mutate, each once.")
    living = set(_living(state, planet))
    for token in tokens:
        if type(token) is not str or token not in living:
            raise IllegalMove("Only living tokens on that planet can mutate.")
        if _owner(token) != owner or _race(token) != source:
            raise IllegalMove(
                "Each token must be one of that colour's %(race)s.", race=RACE_NAME[source]
            )
    if not isinstance(cells_value, list) or len(cells_value) != len(tokens):
        raise IllegalMove("Give one placement per mutated token.")
    if source != target and len(state["supply"][owner][target]) < len(tokens):
        raise IllegalMove(
            "There are not enough tokens of the %(race)s in supply.", race=RACE_NAME[target]
        )
    used = _occupied(state, planet, skip=tokens)
    placements = []
    for value in cells_value:
        cells = _parse_cells(value)
        _check_shape(planet, target, cells)
        if not used.isdisjoint(cells):
            raise IllegalMove("The new placements overlap or are not free.")
        used |= cells
        placements.append(cells)
    if cost:
        _pay_boost(state, seat, cost, events)
    act["mutated"] = True
    board = state["board"][planet]
    if source == target:
        new_tokens = list(tokens)
    else:
        for token in tokens:
            del board[token]
            _return(state, token)
        new_tokens = [_take(state, owner, target) for _ in tokens]
    for token, cells in zip(new_tokens, placements, strict=True):
        board[token] = {"cells": _cells_list(cells), "dead": False}
    events.append(
        {
            "type": "mutated",
            "seat": seat,
            "planet": planet,
            "owner": _move_colour(owner),
            "old": list(tokens),
            "new": new_tokens,
            "cells": [_cells_list(c) for c in placements],
        }
    )


def _arrange(state: State, seat: int, move: Move, events: list[Event]) -> None:
    act = state["act"]
    if act["arranged"]:
        raise IllegalMove("The corpses were already arranged this action.")
    if state["money"][seat] < CORPSES_COST:
        raise IllegalMove("Arranging corpses costs 1 money.")
    planet = _planet_arg(state, move["planet"])
    board = state["board"][planet]
    corpses = [t for t, data in board.items() if data["dead"]]
    if not corpses:
        raise IllegalMove("There is no corpse on that planet.")
    layout = move["layout"]
    if not isinstance(layout, dict) or set(layout) != set(corpses):
        raise IllegalMove("Give new cells for every corpse on the planet exactly once.")
    used = _occupied(state, planet, skip=corpses)
    new: dict[str, frozenset[Cell]] = {}
    for token in corpses:
        cells = _parse_cells(layout[token])
        _check_shape(planet, _race(token), cells)
        if not used.isdisjoint(cells):
            raise IllegalMove("Corpses may not overlap each other or living creatures.")
        used |= cells
        new[token] = cells
    _pay_boost(state, seat, CORPSES_COST, events)
    act["arranged"] = True
    for token, cells in new.items():
        board[token]["cells"] = _cells_list(cells)
    events.append(
        {
            "type": "corpses_arranged",
            "seat": seat,
            "planet": planet,
            "layout": {t: _cells_list(c) for t, c in new.items()},
        }
    )

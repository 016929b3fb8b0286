"""Who may move in Space Bastards and what: the moves each phase and action card offers (section
6 enumeration, with representatives)."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.rules import Move, State
from games.space_bastards.components import (
    ADJACENT,
    BOOST_COST,
    CORPSES_COST,
    DOCK_PLANET,
    DOUBLE_ACTION_COST,
    EXTRA_LOCK_COST,
    EXTRA_LOCK_MAX,
    MIGRATION_FREE_STEPS,
    MIGRATION_STEP_COST,
    MIGRATION_STEPS,
    MUTATE_OTHER_COST,
    PLANET_CELLS,
    RACES,
    RANK,
    SHIP_STEPS,
    SHIP_STEPS_EMPTY,
    SIDED,
    SPACES,
    SWAP_COST,
    TELEPORT,
)
from games.space_bastards.engine.board import (
    CARGO_FITS,
    JUMPS_IN_A_ROW,
    _card_race,
    _cargo_key,
    _cells_list,
    _free_placements,
    _living,
    _move_colour,
    _occupied,
    _owner,
    _race,
    _sides,
    _targets,
    pack,
)

# --- queries ---------------------------------------------------------------------------------


def to_act(state: State) -> set[int]:
    """Seats that may move now; empty only once the game is over."""
    phase = state["phase"]
    if phase == "colonise_choose":
        return {_chooser(state)}
    if phase == "colonise_pick":
        return {s for s, pick in enumerate(state["colonise"]["picks"]) if pick is None}
    if phase == "colonise_place":
        return {state["colonise"]["placer"]}
    if phase == "plan":
        return {s for s in range(state["seats"]) if state["plans"][s] is None and state["hands"][s]}
    if phase == "action":
        return {state["act"]["seat"]}
    if phase == "respond":
        answers = state["respond"]["answers"]
        return {s for s in state["respond"]["prompted"] if answers[s] is None}
    if phase == "change":
        change = state["change"]
        return {change["order"][change["index"]]}
    if phase in ("ships", "migration"):
        return {state["movement"]["seat"]}
    return set()


def is_over(state: State) -> bool:
    return bool(state["phase"] == "over")


def _chooser(state: State) -> int:
    return int((state["start"] + state["colonise"]["turn"]) % state["seats"])


def _action_possible(state: State) -> bool:
    """Whether the current action has any move left but `done`."""
    act = state["act"]
    card = act["card"]
    seat = act["seat"]
    if card in ("trade", "diplomacy"):
        return act["uses"] == 0 and _pairs_possible(state, seat, card)
    if card == "mutation":
        return _mutation_possible(state, seat)
    if act["uses"] >= 2 or (act["uses"] == 1 and state["money"][seat] < BOOST_COST):
        return False
    if card == "love":
        return bool(_love_moves(state, seat, first_only=True))
    return bool(_attack_moves(state, seat, card, first_only=True))


def _love_parents(state: State, planet: str, actor: str, a: str, b: str) -> bool:
    living = [(_owner(t), _race(t)) for t in _living(state, planet)]
    if a == b:
        of_race = [owner for owner, race in living if race == a]
        return len(of_race) >= 2 and actor in of_race
    has_a = any(race == a for _, race in living)
    has_b = any(race == b for _, race in living)
    mine_a = (actor, a) in living
    mine_b = (actor, b) in living
    return (mine_a and has_b) or (mine_b and has_a)


def _love_moves(state: State, seat: int, first_only: bool = False) -> list[Move]:
    a, b = _sides(state, "love")
    actor = str(seat)
    moves: list[Move] = []
    for planet in state["in_play"]:
        if not _love_parents(state, planet, actor, a, b):
            continue
        occupied = _occupied(state, planet)
        for race in sorted({a, b}, key=RANK.__getitem__):
            if not state["supply"][actor][race]:
                continue
            for cells in _free_placements(state, planet, race, occupied):
                moves.append(
                    {"type": "love", "planet": planet, "race": race, "cells": _cells_list(cells)}
                )
                if first_only:
                    return moves
    return moves


def _attack_moves(state: State, seat: int, card: str, first_only: bool = False) -> list[Move]:
    attacker, victim = _sides(state, card)
    actor = str(seat)
    kind = "shoot" if card == "shooting" else "eat"
    moves: list[Move] = []
    for planet in state["in_play"]:
        living = [(_owner(t), _race(t)) for t in _living(state, planet)]
        if (actor, attacker) not in living:
            continue
        for colour in _targets(state, seat):
            if (colour, victim) in living:
                moves.append({"type": kind, "planet": planet, "target": _move_colour(colour)})
                if first_only:
                    return moves
    return moves


# --- trade and diplomacy ---------------------------------------------------------------------


def _planet_counts(state: State, planet: str, a: str, b: str) -> dict[str, list[int]]:
    """Living tokens of races a and b per colour: colour -> [count of a, count of b]."""
    counts: dict[str, list[int]] = {}
    for token in _living(state, planet):
        race = _race(token)
        if race != a and race != b:
            continue
        row = counts.setdefault(_owner(token), [0, 0])
        if race == a:
            row[0] += 1
        if race == b:
            row[1] += 1
    return counts


def pairing(state: State, actor: int, card: str, partners: list[str]) -> tuple[int, dict[str, int]]:
    """Pairs the actor makes with these partners (5.6): its count and each partner's share."""
    a, b = _sides(state, card)
    me = str(actor)
    order = [c for c in _targets(state, actor) if c in partners]
    total = 0
    shares: dict[str, int] = dict.fromkeys(order, 0)
    for planet in state["in_play"]:
        counts = _planet_counts(state, planet, a, b)
        x_a, x_b = counts.get(me, [0, 0])
        if a == b:
            x = x_a
            if not x:
                continue
            o = sum(counts.get(c, [0, 0])[0] for c in order)
            best, best_s = -1, 0
            for s in range(x // 2, -1, -1):
                value = s + min(x - 2 * s, o)
                if value > best:
                    best, best_s = value, s
            total += best
            _hand_out(shares, order, counts, 0, min(x - 2 * best_s, o))
            continue
        if not x_a and not x_b:
            continue
        o_a = sum(counts.get(c, [0, 0])[0] for c in order)
        o_b = sum(counts.get(c, [0, 0])[1] for c in order)
        best, best_s = -1, 0
        for s in range(min(x_a, x_b), -1, -1):
            value = s + min(x_a - s, o_b) + min(x_b - s, o_a)
            if value > best:
                best, best_s = value, s
        total += best
        _hand_out(shares, order, counts, 1, min(x_a - best_s, o_b))
        _hand_out(shares, order, counts, 0, min(x_b - best_s, o_a))
    return total, shares


def _hand_out(
    shares: dict[str, int], order: list[str], counts: dict[str, list[int]], side: int, pairs: int
) -> None:
    for colour in order:
        if pairs <= 0:
            return
        taken = min(pairs, counts.get(colour, [0, 0])[side])
        shares[colour] += taken
        pairs -= taken


def _pairs_possible(state: State, actor: int, card: str) -> bool:
    total, _ = pairing(state, actor, card, _targets(state, actor))
    return total > 0


def _relevant(state: State, seat: int, actor: int, card: str) -> bool:
    """A prompted seat must share a planet where the two can pair (5.6)."""
    a, b = _sides(state, card)
    mine, theirs = str(seat), str(actor)
    for planet in state["in_play"]:
        counts = _planet_counts(state, planet, a, b)
        s_a, s_b = counts.get(mine, [0, 0])
        t_a, t_b = counts.get(theirs, [0, 0])
        if a == b:
            if s_a and t_a:
                return True
        elif (s_a and t_b) or (s_b and t_a):
            return True
    return False


def _preference(state: State, seat: int, card: str, actor: int) -> str:
    entry = state["prefs"][seat][card]
    value: str = entry["seats"].get(str(actor), entry["default"])
    return value


# --- mutation --------------------------------------------------------------------------------


def _mutation_pairs(state: State) -> list[tuple[str, str]]:
    a, b = _sides(state, "mutation")
    return [(a, a)] if a == b else [(a, b), (b, a)]


def _corpse_planets(state: State) -> list[str]:
    return [p for p in state["in_play"] if any(data["dead"] for data in state["board"][p].values())]


def _mutation_possible(state: State, seat: int) -> bool:
    act = state["act"]
    money = state["money"][seat]
    if not act["arranged"] and money >= CORPSES_COST and _corpse_planets(state):
        return True
    if act["mutated"]:
        return False
    owners = [str(seat)]
    if money >= MUTATE_OTHER_COST:
        owners += _targets(state, seat)
    return any(_single_mutations(state, owner, first_only=True) for owner in owners)


def _single_mutations(state: State, owner: str, first_only: bool = False) -> list[Move]:
    """Every mutation of one token of `owner` (j = 1)."""
    moves: list[Move] = []
    for planet in state["in_play"]:
        living = [t for t in _living(state, planet) if _owner(t) == owner]
        if not living:
            continue
        for source, target in _mutation_pairs(state):
            if source != target and not state["supply"][owner][target]:
                continue
            for token in living:
                if _race(token) != source:
                    continue
                occupied = _occupied(state, planet, skip=[token])
                for cells in _free_placements(state, planet, target, occupied):
                    moves.append(
                        {
                            "type": "mutate",
                            "planet": planet,
                            "owner": _move_colour(owner),
                            "from": source,
                            "to": target,
                            "tokens": [token],
                            "cells": [_cells_list(cells)],
                        }
                    )
                    if first_only:
                        return moves
    return moves


def _multi_mutations(state: State, owner: str) -> list[Move]:
    """One representative per planet, direction and j >= 2, found by the packing search."""
    moves: list[Move] = []
    for planet in state["in_play"]:
        living = [t for t in _living(state, planet) if _owner(t) == owner]
        for source, target in _mutation_pairs(state):
            tokens = sorted(t for t in living if _race(t) == source)
            for j in range(2, len(tokens) + 1):
                if source != target and len(state["supply"][owner][target]) < j:
                    break
                for chosen in combinations(tokens, j):
                    region = PLANET_CELLS[planet] - _occupied(state, planet, skip=chosen)
                    found = pack(region, [target] * j)
                    if found:
                        moves.append(
                            {
                                "type": "mutate",
                                "planet": planet,
                                "owner": _move_colour(owner),
                                "from": source,
                                "to": target,
                                "tokens": list(chosen),
                                "cells": [_cells_list(cells) for _, cells in found],
                            }
                        )
                        break
    return moves


def _arrange_moves(state: State) -> list[Move]:
    moves: list[Move] = []
    for planet in _corpse_planets(state):
        board = state["board"][planet]
        corpses = sorted(t for t, data in board.items() if data["dead"])
        region = PLANET_CELLS[planet] - _occupied(state, planet, skip=corpses)
        found = pack(region, [_race(t) for t in corpses])
        by_race: dict[str, list[str]] = {}
        for token in corpses:
            by_race.setdefault(_race(token), []).append(token)
        layout = {}
        for race, cells in found:
            layout[by_race[race].pop(0)] = _cells_list(cells)
        moves.append({"type": "arrange_corpses", "planet": planet, "layout": layout})
    return moves


def _change_moves(state: State, seat: int) -> list[Move]:
    """Every change move of the seat whose turn it is, except `done`."""
    change = state["change"]
    locks = state["locks"]
    unlocked = [r for r in SIDED if r not in locks]
    moves: list[Move] = []
    if not change["base"]:
        offered = [race for race in RACES if any(_card_race(c) == race for c in state["offer"])]
        for rel in unlocked:
            for side in (0, 1):
                current = _card_race(state["rel"][rel][side])
                for race in offered:
                    if race != current:
                        moves.append(
                            {"type": "exchange", "relationship": rel, "side": side, "race": race}
                        )
        moves.extend({"type": "lock", "relationship": rel} for rel in unlocked)
    if seat in change["card_players"]:
        money = state["money"][seat]
        if not change["swapped"] and money >= SWAP_COST:
            moves.extend(
                {"type": "swap", "relationship": rel}
                for rel in SIDED
                if locks.get(rel, seat) == seat
            )
        if change["extra"] < EXTRA_LOCK_MAX and money >= EXTRA_LOCK_COST:
            moves.extend({"type": "extra_lock", "relationship": rel} for rel in unlocked)
    return moves


def _other_ships(state: State, seat: int) -> set[str]:
    return {
        ship["space"]
        for other, ship in enumerate(state["ships"])
        if other != seat and ship["space"] is not None
    }


def _steps_left(state: State, movement: dict[str, Any], cargo: bool, money: int) -> int:
    """Steps still available to the movement in its current situation."""
    steps: int = movement["steps"]
    if movement["kind"] == "migration":
        free = max(0, MIGRATION_FREE_STEPS - steps)
        paid = min(MIGRATION_STEPS - steps - free, money // MIGRATION_STEP_COST)
        return free + max(0, paid)
    allowance = SHIP_STEPS_EMPTY if not movement["carried"] and not cargo else SHIP_STEPS
    return max(0, allowance - steps)


def _escape(start: str, budget: int, blocked: set[str], jumps: int) -> bool:
    """Whether a space without another ship is reachable from `start` within `budget` steps,
    for a ship that reached `start` by `jumps` jumps in a row (Decision J1)."""
    if start not in blocked:
        return True
    best = {start: 0}
    frontier = [start]
    while frontier:
        space = min(frontier, key=best.__getitem__)
        frontier.remove(space)
        cost = best[space]
        moves = [(n, 1) for n in ADJACENT[space]]
        if space in TELEPORT and (space != start or jumps < JUMPS_IN_A_ROW):
            moves.append((TELEPORT[space], 0))
        for nxt, step in moves:
            total = cost + step
            if total <= budget and total < best.get(nxt, budget + 1):
                if nxt not in blocked:
                    return True
                best[nxt] = total
                frontier.append(nxt)
    return False


def _step_options(state: State, seat: int) -> list[tuple[str, int]]:
    movement = state["movement"]
    ship = state["ships"][seat]
    here = ship["space"]
    blocked = _other_ships(state, seat)
    cargo = bool(ship["cargo"])
    money = state["money"][seat]
    options: list[tuple[str, int]] = []
    if _steps_left(state, movement, cargo, money) > 0:
        options.extend((n, 1) for n in ADJACENT[here])
    jumps = movement.get("jumps", 0)  # a movement stored before Decision J1 has no count
    if here in TELEPORT and jumps < JUMPS_IN_A_ROW:
        options.append((TELEPORT[here], 0))
    legal = []
    for target, cost in options:
        if target not in blocked:
            legal.append((target, cost))
            continue
        after = dict(movement)
        after["steps"] = movement["steps"] + cost
        after_money = money
        if cost:
            after["carried"] = movement["carried"] or cargo
            if movement["kind"] == "migration" and movement["steps"] >= MIGRATION_FREE_STEPS:
                after_money -= MIGRATION_STEP_COST
        budget = _steps_left(state, after, cargo, after_money)
        if _escape(target, budget, blocked, 0 if cost else jumps + 1):
            legal.append((target, cost))
    return legal


def _stop_planet(state: State, seat: int) -> str | None:
    """The in-play planet the ship can load from and unload onto now, if any."""
    here = state["ships"][seat]["space"]
    planet = DOCK_PLANET.get(here) if here is not None else None
    if planet is None or planet not in state["in_play"] or here in _other_ships(state, seat):
        return None
    return planet


def _loadable(state: State, seat: int, planet: str) -> list[str]:
    movement = state["movement"]
    cargo = [_race(t) for t in state["ships"][seat]["cargo"]]
    banned: set[str] = set()
    if movement["kind"] != "migration":
        banned = set(_sides(state, "migration"))
    mine = str(seat)
    return [
        t
        for t in _living(state, planet)
        if _owner(t) == mine
        and _race(t) not in banned
        and _cargo_key([*cargo, _race(t)]) in CARGO_FITS
    ]


def _movement_moves(state: State, seat: int) -> list[Move]:
    ship = state["ships"][seat]
    here = ship["space"]
    blocked = _other_ships(state, seat)
    if here is None:
        moves: list[Move] = [{"type": "ship_place", "space": s} for s in SPACES if s not in blocked]
        return [*moves, {"type": "done"}]
    moves = [{"type": "ship_step", "to": to} for to, _cost in _step_options(state, seat)]
    planet = _stop_planet(state, seat)
    if planet is not None:
        moves.extend({"type": "load", "token": t} for t in _loadable(state, seat, planet))
        loaded_from = state["movement"]["loaded_from"]
        occupied = _occupied(state, planet)
        for token in ship["cargo"]:
            if loaded_from.get(token) == planet:
                continue
            for cells in _free_placements(state, planet, _race(token), occupied):
                moves.append({"type": "unload", "token": token, "cells": _cells_list(cells)})
    if here not in blocked:
        moves.append({"type": "done"})
    return moves


# --- legal moves -----------------------------------------------------------------------------


def legal_moves(state: State, seat: int) -> list[Move]:
    """Every move the seat may make now (section 6 enumeration, with representatives)."""
    if type(seat) is not int or seat not in to_act(state):
        return []
    phase = state["phase"]
    if phase == "colonise_choose":
        col = state["colonise"]
        return [
            {"type": "choose_planet", "planet": p}
            for p in state["in_play"]
            if p not in col["colonised"]
        ]
    if phase == "colonise_pick":
        hand = state["colonise"]["hands"][seat]
        return [{"type": "pick", "race": race} for race in RACES if hand[race] > 0]
    if phase == "colonise_place":
        return _place_moves(state)
    if phase == "plan":
        hand = state["hands"][seat]
        moves = [{"type": "plan", "cards": [card]} for card in hand]
        if state["money"][seat] >= DOUBLE_ACTION_COST:
            moves.extend({"type": "plan", "cards": list(pair)} for pair in combinations(hand, 2))
        return moves
    if phase == "respond":
        return [{"type": "respond", "accept": True}, {"type": "respond", "accept": False}]
    if phase == "change":
        return [*_change_moves(state, seat), {"type": "done"}]
    if phase in ("ships", "migration"):
        return _movement_moves(state, seat)
    return [*_action_moves(state, seat), {"type": "done"}]


def action_options(public: State, seat: int, card: str) -> list[Move]:
    """The moves an action card would offer `seat` if it started now, from public data only.

    `public` needs `seats`, `in_play`, `board`, `supply`, `rel` and `money` (a view has them,
    the column under `relationships`). Mutations are listed for one token; migration and change
    always have a move and are listed as [].
    """
    if card == "love":
        return _love_moves(public, seat)
    if card in ("shooting", "eating"):
        return _attack_moves(public, seat, card)
    if card in ("trade", "diplomacy"):
        return [{"type": card, "decline": []}] if _pairs_possible(public, seat, card) else []
    if card == "mutation":
        return _single_mutations(public, str(seat))
    return []


def _place_moves(state: State) -> list[Move]:
    col = state["colonise"]
    planet = col["planet"]
    race = col["race"]
    if col["mode"] == "free":
        return [
            {"type": "place", "cells": _cells_list(cells)}
            for cells in _free_placements(state, planet, race, _occupied(state, planet))
        ]
    others = sorted(list(state["board"][planet]) + list(col["pending"]))
    tokens = [col["token"], *others]
    found = pack(PLANET_CELLS[planet], [_race(t) for t in tokens])
    by_race: dict[str, list[str]] = {}
    for token in tokens:
        by_race.setdefault(_race(token), []).append(token)
    layout = {by_race[r].pop(0): _cells_list(cells) for r, cells in found}
    own = layout.pop(col["token"])
    return [{"type": "place", "cells": own, "rearrange": layout}]


def _action_moves(state: State, seat: int) -> list[Move]:
    if not _action_possible(state):
        return []
    card = state["act"]["card"]
    if card == "love":
        return _love_moves(state, seat)
    if card in ("shooting", "eating"):
        return _attack_moves(state, seat, card)
    if card in ("trade", "diplomacy"):
        targets = _targets(state, seat)
        return [
            {"type": card, "decline": [_move_colour(c) for c in chosen]}
            for size in range(len(targets) + 1)
            for chosen in combinations(targets, size)
        ]
    act = state["act"]
    money = state["money"][seat]
    moves: list[Move] = []
    if not act["mutated"]:
        owners = [str(seat)] + (_targets(state, seat) if money >= MUTATE_OTHER_COST else [])
        for owner in owners:
            moves += _single_mutations(state, owner) + _multi_mutations(state, owner)
    if not act["arranged"] and money >= CORPSES_COST:
        moves += _arrange_moves(state)
    return moves

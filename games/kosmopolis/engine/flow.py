"""How a game of Kosmopolis goes on: who acts, the rounds, the draft, the turns and the
round's end (section 5)."""

from __future__ import annotations

from games.kosmopolis.components import (
    CARD_COLOR,
    CARD_VALUE,
    COLORS,
    HAND_SIZE,
    MODIFIER_VALUE,
    ROUNDS,
)
from games.kosmopolis.engine.scoring import _breakdown
from games.rules import Event, State, copy_state

# --- queries ---------------------------------------------------------------------------------


def to_act(state: State) -> set[int]:
    """Seats that may move now; empty only once the game is over."""
    phase = state["phase"]
    if phase == "play":
        return {state["current"]}
    if phase == "draft":
        return {s for s, choice in enumerate(state["choices"]) if choice is None}
    if phase == "tokens":
        return {
            s for s in range(state["seats"]) if state["must_save"][s] and state["saves"][s] is None
        }
    return set()


def is_over(state: State) -> bool:
    return bool(state["phase"] == "over")


def limits(state: State) -> dict[str, int]:
    """Each column's limit: its profession cards plus the modifiers lying over it (5.4.3)."""
    totals = {color: sum(CARD_VALUE[c] for c in state["kosmopolis"][color]) for color in COLORS}
    for modifier in state["modifiers"]:
        totals[modifier["column"]] += MODIFIER_VALUE[modifier["id"]]
    return totals


def city_total(state: State, seat: int) -> int:
    return sum(CARD_VALUE[c] for column in state["cities"][seat].values() for c in column)


# --- flow ------------------------------------------------------------------------------------


def _start_round(state: State, events: list[Event]) -> None:
    """Deal the packets of a new round (5.1); a round with nothing to deal is evaluated at once."""
    state["round"] += 1
    seats = state["seats"]
    deck = state["deck"]
    full = HAND_SIZE[seats]
    size = full if len(deck) >= seats * full else len(deck) // seats
    state["trigger"] = None
    state["final_turns"] = []
    state["played_this_round"] = [[] for _ in range(seats)]
    state["seen_packets"] = [[] for _ in range(seats)]
    start = state["start_player"]
    events.append(
        {"type": "round_started", "round": state["round"], "start_player": start, "dealt": size}
    )
    if size == 0:
        _end_play(state, events)
        return
    for offset in range(seats):
        seat = (start + offset) % seats
        state["packets"][seat] = deck[:size]
        del deck[:size]
        _remember_packet(state, seat, 1, state["packets"][seat])
        events.append(
            {
                "type": "packet",
                "seat": seat,
                "cards": list(state["packets"][seat]),
                "visible_to": [seat],
            }
        )
    state["phase"] = "draft"
    state["draft_step"] = 1
    state["choices"] = [None] * seats
    _run_draft(state, events)


def _run_draft(state: State, events: list[Event]) -> None:
    """Resolve every draft step whose choices are in or that is automatic (5.2)."""
    seats = state["seats"]
    while True:
        packets = state["packets"]
        if len(packets[0]) > 2 and None in state["choices"]:
            return
        passed: list[list[int]] = [[] for _ in range(seats)]
        for seat in range(seats):
            choice = state["choices"][seat]
            keep = packets[seat] if choice is None else choice
            state["kept"][seat].extend(keep)
            passed[(seat + 1) % seats] = [c for c in packets[seat] if c not in keep]
            _remember_keep(state, seat, keep)
        state["packets"] = passed
        state["choices"] = [None] * seats
        events.append({"type": "draft_step_done", "step": state["draft_step"]})
        for seat in range(seats):
            _remember_packet(state, seat, state["draft_step"] + 1, passed[seat])
        if state["draft_step"] == 1:
            state["draft_step"] = 2
            continue
        for seat in range(seats):
            _remember_keep(state, seat, passed[seat])
        for seat in range(seats):
            state["hands"][seat] = state["kept"][seat] + passed[seat]
            events.append(
                {
                    "type": "hand",
                    "seat": seat,
                    "cards": list(state["hands"][seat]),
                    "visible_to": [seat],
                }
            )
        state["kept"] = [[] for _ in range(seats)]
        state["packets"] = [[] for _ in range(seats)]
        state["draft_step"] = 0
        state["phase"] = "play"
        state["current"] = state["start_player"]
        return


def _remember_packet(state: State, seat: int, step: int, packet: list[int]) -> None:
    """The packet a seat got at a step of this round's draft (step 3: the cards it got after
    step 2), for its view's memory; a state stored before the memory existed starts it at the
    next round."""
    if "seen_packets" in state:
        state["seen_packets"][seat].append({"step": step, "packet": list(packet), "kept": None})


def _remember_keep(state: State, seat: int, keep: list[int]) -> None:
    """The cards a seat kept of the packet it got last (all of them after step 2)."""
    if "seen_packets" in state and state["seen_packets"][seat]:
        state["seen_packets"][seat][-1]["kept"] = list(keep)


def _finish_turn(state: State, seat: int, events: list[Event]) -> None:
    """Pass the turn on, watching for the end trigger (5.3, decision 6)."""
    if state["trigger"] is None:
        if state["hands"][seat]:
            state["current"] = (seat + 1) % state["seats"]
            return
        owed = [(seat + offset) % state["seats"] for offset in range(1, state["seats"])]
        state["trigger"] = seat
        state["final_turns"] = owed
        events.append({"type": "trigger", "seat": seat, "final_turns": list(owed)})
    else:
        state["final_turns"].pop(0)
    if state["final_turns"]:
        state["current"] = state["final_turns"][0]
        return
    _end_play(state, events)


def _end_play(state: State, events: list[Event]) -> None:
    """Round end (5.4 steps 1-5): leftovers to cities, reveal, find over columns."""
    state["current"] = None
    for seat, hand in enumerate(state["hands"]):
        if hand:
            for card in hand:
                state["cities"][seat][CARD_COLOR[card]].append(card)
            events.append({"type": "hand_to_city", "seat": seat, "cards": list(hand)})
            state["hands"][seat] = []
    limit = limits(state)
    state["limits"] = limit
    excess = []
    for seat in range(state["seats"]):
        over = {}
        for color, column in state["cities"][seat].items():
            if column:
                value = sum(CARD_VALUE[c] for c in column)
                if value > limit[color]:
                    over[color] = value - limit[color]
        excess.append(over)
    state["excess"] = excess
    state["must_save"] = [
        any(e <= state["tokens"][seat] for e in excess[seat].values())
        for seat in range(state["seats"])
    ]
    state["saves"] = [None] * state["seats"]
    events.append(
        {
            "type": "round_end",
            "round": state["round"],
            "modifiers": [dict(m) for m in state["modifiers"]],
            "limits": dict(limit),
            "excess": [dict(over) for over in excess],
        }
    )
    state["phase"] = "tokens"
    if not any(state["must_save"]):
        _resolve_round(state, events)


def _resolve_round(state: State, events: list[Event]) -> None:
    """Pay for saves, discard the rest of the over columns, hand out bonuses (5.4.6)."""
    seats = state["seats"]
    start = state["start_player"]
    limit = state["limits"]
    spent = [0] * seats
    saved: list[list[str]] = [[] for _ in range(seats)]
    discarded = []
    evaluation: list[dict[str, int]] = []
    for seat in range(seats):
        over = state["excess"][seat]
        chosen = state["saves"][seat] or []
        city = state["cities"][seat]
        values = {}
        for color in COLORS:
            if color in over:
                if color in chosen:
                    spent[seat] += over[color]
                    saved[seat].append(color)
                    values[color] = limit[color]
                else:
                    discarded.append({"seat": seat, "color": color, "cards": city[color]})
                    state["removed"].extend(city[color])
                    city[color] = []
            elif city[color]:
                values[color] = sum(CARD_VALUE[c] for c in city[color])
        state["tokens"][seat] -= spent[seat]
        state["supply"] += spent[seat]
        evaluation.append(values)
    bonuses = []
    for color in COLORS:
        column = state["kosmopolis"][color]
        eligible = [seat for seat in range(seats) if color in evaluation[seat]]
        if not eligible or not column:
            continue
        best = max(evaluation[seat][color] for seat in eligible)
        tied = sorted(
            (seat for seat in eligible if evaluation[seat][color] == best),
            key=lambda s: (s - start) % seats,
        )
        prizes = sorted(column, key=lambda c: (-CARD_VALUE[c], c))
        for seat, card in zip(tied, prizes, strict=False):
            column.remove(card)
            state["bonus"][seat].append(card)
            bonuses.append({"color": color, "seat": seat})
            events.append(
                {
                    "type": "bonus_card",
                    "seat": seat,
                    "color": color,
                    "card": card,
                    "visible_to": [seat],
                }
            )
    totals = [city_total(state, seat) for seat in range(seats)]
    top = max(totals)
    next_start = min(
        (seat for seat in range(seats) if totals[seat] == top),
        key=lambda s: (s - start) % seats,
    )
    summary = {
        "round": state["round"],
        "limits": dict(limit),
        "modifiers": state["modifiers"],
        "saved": saved,
        "spent": spent,
        "discarded": discarded,
        "values": evaluation,
        "bonuses": bonuses,
        "city_totals": totals,
        "next_start_player": next_start,
    }
    state["last_round"] = summary
    events.append({"type": "round_evaluated", **copy_state(summary)})
    state["modifiers"] = []
    state["limits"] = None
    state["excess"] = None
    state["must_save"] = [False] * seats
    state["saves"] = [None] * seats
    if state["round"] == ROUNDS:
        state["phase"] = "over"
        state["current"] = None
        events.append({"type": "game_over", "scores": [r["total"] for r in _breakdown(state)]})
        return
    state["start_player"] = next_start
    events.append({"type": "start_player", "seat": next_start})
    _start_round(state, events)

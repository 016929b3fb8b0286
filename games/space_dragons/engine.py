"""Rules engine of Space Dragons (Kosmodraci): pure functions over plain JSON state.

The spec `space_dragons.md` is the authority; section numbers below refer to it.
"""

from __future__ import annotations

import random
from typing import Any

from games.rules import (
    Fields,
    IllegalMove,
    check_move,
    checked_options,
    checked_seats,
    checked_stack,
    copying,
    deal_shares,
    draft_shares,
    fill,
    withdraw,
)
from games.space_dragons.components import (
    CONTEST_SYMBOLS,
    CREW,
    CREW_IDS,
    DAMAGE_POINTS,
    DRAFT_ROUNDS_BY_MOVE,
    DRAGON_IDS,
    DRAGONS,
    EFFECT_ORDER,
    HAND_SIZE,
    LAIR_SIZE,
    SCORING_CARDS,
    SEATS_MAX,
    SEATS_MIN,
    SHIELD_POINTS,
    SYMBOL_POINTS,
    SYMBOLS,
    TRICKS,
)

State = dict[str, Any]
Event = dict[str, Any]

GAME = "space_dragons"
ANALYSIS_PUBLIC_AT_END = False
"""The analysis of a finished match stays with each player (issue 36): no hand is ever shown to
anyone, the last two cards included (§7), and a preferred move names a card of the hand."""
SIDE_CHOICES = ("A", "B")
OPTION_SIDE_KEYS = {f"{card}_side": card for card in CONTEST_SYMBOLS}
DEFAULT_OPTIONS: dict[str, Any] = {"draft": True} | dict.fromkeys(OPTION_SIDE_KEYS, "A")
STACK_KEYS = frozenset({"crew", "dragons", "sides"})
MOVE_FIELDS = {
    "draft": Fields(required=frozenset({"card"})),
    "play": Fields(required=frozenset({"card"})),
}
"""Each move names one card; the turn is checked with the phase."""

_SHIELDS = [0] * (max(CREW_IDS) + 1)
_DAMAGES = [0] * (max(CREW_IDS) + 1)
_REPAIRS = [0] * (max(CREW_IDS) + 1)
_TARGETING = [0] * (max(CREW_IDS) + 1)
for _card in CREW.values():
    _SHIELDS[_card.id] = _card.effects["shield"]
    _DAMAGES[_card.id] = _card.effects["damage"]
    _REPAIRS[_card.id] = _card.effects["repair"]
    _TARGETING[_card.id] = _card.effects["targeting"]


# ---------------------------------------------------------------- setup


def _is_int(value: object) -> bool:
    return type(value) is int


def _check_options(options: object) -> dict[str, Any]:
    filled = DEFAULT_OPTIONS | checked_options(options, DEFAULT_OPTIONS)
    if type(filled["draft"]) is not bool:
        raise ValueError("Option draft must be true or false.")
    for key in OPTION_SIDE_KEYS:
        if filled[key] not in ("A", "B", "random"):
            raise ValueError(f"Option {key} must be 'A', 'B' or 'random'.")
    return filled


def _complete_order(prefix: object, ids: tuple[Any, ...], what: str) -> list[Any]:
    """A stacked prefix followed by the missing ids ascending (spec §4 `stack`)."""
    if not isinstance(prefix, list):
        raise ValueError(f"stack {what} must be a list.")
    known = set(ids)
    seen: set[Any] = set()
    for item in prefix:
        if (what == "crew" and not _is_int(item)) or item not in known:
            raise ValueError(f"Unknown {what} id {item!r} in stack.")
        if item in seen:
            raise ValueError(f"Duplicate {what} id {item!r} in stack.")
        seen.add(item)
    return list(prefix) + [i for i in ids if i not in seen]


def _check_stack(stack: object) -> dict[str, Any]:
    stack = checked_stack(stack, STACK_KEYS)
    sides = stack.get("sides", {})
    if not isinstance(sides, dict):
        raise ValueError("stack sides must be a dict.")
    for card, side in sides.items():
        if card not in CONTEST_SYMBOLS:
            raise ValueError(f"Unknown scoring card {card!r} in stack sides.")
        if side not in SIDE_CHOICES:
            raise ValueError(f"Stack side must be 'A' or 'B', not {side!r}.")
    return stack


def _new_player(ship: str, dealt: list[int], draft: bool) -> dict[str, Any]:
    return {
        "pack": dealt if draft else [],
        "drafted": [],
        "has_drafted": False,
        "hand": [] if draft else sorted(dealt),
        "display": [],
        "dragons": [],
        "shields": [],
        "damage": [],
        "ship": ship,
        "seen": [_seen(dealt)],
    }


def _seen(cards: list[int]) -> dict[str, Any]:
    """What a seat remembers of a pack (draft) or hand (variant) it was handed: its cards and,
    in the draft, the one it took (None until then)."""
    return {"cards": sorted(cards), "took": None}


def _remember(player: dict[str, Any], cards: list[int]) -> None:
    """A seat is handed a pack or a hand; a seat that remembers nothing of this game (a state
    stored before the memory existed, the other seats of a sample) goes on remembering
    nothing."""
    if player.get("seen") is not None:
        player["seen"].append(_seen(cards))


def _remember_took(player: dict[str, Any], card: int) -> None:
    if player.get("seen"):
        player["seen"][-1]["took"] = card


def setup(
    seats: int, options: dict[str, Any], seed: int, stack: dict[str, Any] | None = None
) -> State:
    """A new game, shuffled from one seeded RNG in the order of spec §4."""
    checked_seats(seats, SEATS_MIN, SEATS_MAX, "Space Dragons")
    opts = _check_options(options)
    stacked = _check_stack(stack)
    rng = random.Random(seed)

    if "crew" in stacked:
        crew = _complete_order(stacked["crew"], CREW_IDS, "crew")
    else:
        crew = list(CREW_IDS)
        rng.shuffle(crew)
    if "dragons" in stacked:
        dragons = _complete_order(stacked["dragons"], DRAGON_IDS, "dragon")
    else:
        dragons = list(DRAGON_IDS)
        rng.shuffle(dragons)
    stacked_sides = stacked.get("sides", {})
    sides: dict[str, str] = {}
    for card in CONTEST_SYMBOLS:
        option = opts[f"{card}_side"]
        if card in stacked_sides:
            sides[card] = stacked_sides[card]
        elif option in SIDE_CHOICES:
            sides[card] = option
        else:
            sides[card] = rng.choice(["A", "B"])

    n = seats
    reveal = crew[HAND_SIZE * n : HAND_SIZE * n + n]
    start_player = reveal.index(max(reveal))
    draft = opts["draft"]
    state: State = {
        "game": GAME,
        "num_seats": n,
        "options": opts,
        "sides": sides,
        "phase": "draft" if draft else "hunt",
        "start_player": start_player,
        "start_reveal": reveal,
        "draw_pile": crew[(HAND_SIZE + 1) * n :],
        "lair": dragons[1:LAIR_SIZE],
        "current_dragon": dragons[0],
        "box_dragons": dragons[LAIR_SIZE + n :],
        "draft_round": 1 if draft else None,
        "trick": None if draft else 1,
        "leader": None if draft else start_player,
        "turn": None if draft else start_player,
        "trick_plays": [],
        "last_trick": None,
        "players": [
            _new_player(dragons[LAIR_SIZE + s], crew[HAND_SIZE * s : HAND_SIZE * (s + 1)], draft)
            for s in range(n)
        ],
    }
    return state


# ---------------------------------------------------------------- queries


def to_act(state: State) -> set[int]:
    phase = state["phase"]
    if phase == "draft":
        return {s for s, p in enumerate(state["players"]) if not p["has_drafted"]}
    if phase == "hunt":
        return {state["turn"]}
    return set()


def is_over(state: State) -> bool:
    return bool(state["phase"] == "over")


def legal_moves(state: State, seat: int) -> list[dict[str, Any]]:
    if not _is_int(seat) or not 0 <= seat < state["num_seats"]:
        return []
    phase = state["phase"]
    player = state["players"][seat]
    if phase == "draft" and not player["has_drafted"]:
        return [{"type": "draft", "card": c} for c in sorted(player["pack"])]
    if phase == "hunt" and state["turn"] == seat:
        return [{"type": "play", "card": c} for c in sorted(player["hand"])]
    return []


# ---------------------------------------------------------------- moves


def _check_move(state: State, seat: int, move: dict[str, Any]) -> tuple[str, int]:
    """Every refusal, before anything is touched."""
    kind = check_move(
        move, seat, over=is_over(state), seats=range(state["num_seats"]), fields=MOVE_FIELDS
    )
    card = move["card"]
    if not _is_int(card):
        raise IllegalMove("Malformed move: the card must be a whole number.")
    phase = state["phase"]
    player = state["players"][seat]
    if kind == "draft":
        if phase != "draft":
            raise IllegalMove("Wrong phase: the draft is over.")
        if player["has_drafted"]:
            raise IllegalMove("You already drafted this round.")
        if card not in player["pack"]:
            raise IllegalMove("Card %(card)s is not in your pack.", card=str(card))
    else:
        if phase != "hunt":
            raise IllegalMove("Wrong phase: cards are played after the draft.")
        if state["turn"] != seat:
            raise IllegalMove("Not your turn.")
        if card not in player["hand"]:
            raise IllegalMove("Card %(card)s is not in your hand.", card=str(card))
    return kind, card


def _take_from_supply(state: State, seat: int, zone: str, effect: str, events: list[Event]) -> bool:
    pile = state["draw_pile"]
    if not pile:
        events.append({"type": "supply_empty", "seat": seat, "effect": effect})
        return False
    state["players"][seat][zone].append(pile.pop(0))
    return True


def _hit(state: State, seat: int, cause: str, events: list[Event]) -> None:
    """One HIT (§6.3): the newest shield absorbs it, else a damage card is drawn."""
    player = state["players"][seat]
    if player["shields"]:
        state["draw_pile"].append(player["shields"].pop())
        events.append({"type": "shield_lost", "seat": seat, "cause": cause})
    elif _take_from_supply(state, seat, "damage", "damage", events):
        events.append({"type": "damage_taken", "seat": seat, "cause": cause})


def _shield(state: State, seat: int, events: list[Event]) -> None:
    if _take_from_supply(state, seat, "shields", "shield", events):
        events.append({"type": "shield_gained", "seat": seat})


def _damage(state: State, seat: int, events: list[Event]) -> None:
    _hit(state, seat, "damage", events)


def _repair(state: State, seat: int, events: list[Event]) -> None:
    damage = state["players"][seat]["damage"]
    if damage:
        state["draw_pile"].append(damage.pop())
        events.append({"type": "repaired", "seat": seat})


_EFFECT_STEPS = {
    "shield": (_SHIELDS, _shield),
    "damage": (_DAMAGES, _damage),
    "repair": (_REPAIRS, _repair),
}
_RESOLUTION = tuple(_EFFECT_STEPS[effect] for effect in EFFECT_ORDER)


def resolve_effects(state: State, seat: int, card: int, events: list[Event]) -> None:
    """Immediate effects of a played card: all shields, then damage, then repairs (D4)."""
    for counts, step in _RESOLUTION:
        for _ in range(counts[card]):
            step(state, seat, events)


def _draft(state: State, seat: int, card: int, events: list[Event]) -> None:
    players = state["players"]
    player = players[seat]
    player["pack"].remove(card)
    player["drafted"].append(card)
    player["has_drafted"] = True
    _remember_took(player, card)
    events.append({"type": "drafted", "seat": seat})
    events.append({"type": "drafted_card", "seat": seat, "card": card, "visible_to": [seat]})
    if not all(p["has_drafted"] for p in players):
        return
    n = state["num_seats"]
    packs = [p["pack"] for p in players]
    for s in range(n):
        players[(s + 1) % n]["pack"] = packs[s]
        players[s]["has_drafted"] = False
    for p in players:
        _remember(p, p["pack"])
    events.append({"type": "packs_passed", "round": state["draft_round"]})
    if state["draft_round"] < DRAFT_ROUNDS_BY_MOVE:
        state["draft_round"] += 1
        return
    for s, p in enumerate(players):
        last = p["pack"].pop()
        p["drafted"].append(last)
        _remember_took(p, last)
        events.append({"type": "drafted_card", "seat": s, "card": last, "visible_to": [s]})
        p["hand"] = sorted(p["drafted"])
        p["drafted"] = []
    events.append({"type": "draft_complete"})
    state["phase"] = "hunt"
    state["draft_round"] = None
    state["trick"] = 1
    state["leader"] = state["turn"] = state["start_player"]


def _end_trick(state: State, events: list[Event]) -> None:
    """§5.3: winner, targeting hits, dragon capture, next dragon, then next trick or the end."""
    plays = state["trick_plays"]
    best = max(plays, key=lambda play: play["card"])
    winner = best["seat"]
    hits = sum(_TARGETING[play["card"]] for play in plays if play["seat"] != winner)
    dragon = state["current_dragon"]
    events.append(
        {"type": "trick_won", "seat": winner, "card": best["card"], "dragon": dragon, "hits": hits}
    )
    for _ in range(hits):
        _hit(state, winner, "targeting", events)
    players = state["players"]
    if dragon is not None:
        players[winner]["dragons"].append(dragon)
    lair = state["lair"]
    state["current_dragon"] = lair.pop(0) if lair else None
    if state["current_dragon"] is not None:
        events.append({"type": "dragon_revealed", "dragon": state["current_dragon"]})
    state["last_trick"] = {
        "trick": state["trick"],
        "plays": plays,
        "winner": winner,
        "dragon": dragon,
        "hits": hits,
    }
    state["trick_plays"] = []
    if state["trick"] >= TRICKS:
        state["phase"] = "over"
        state["leader"] = state["turn"] = None
        events.append({"type": "game_over", "scores": result_scores(state)})
        return
    if not state["options"]["draft"]:
        n = state["num_seats"]
        hands = [p["hand"] for p in players]
        for s in range(n):
            players[(s + 1) % n]["hand"] = hands[s]
        for p in players:
            _remember(p, p["hand"])
        events.append({"type": "hands_passed"})
    state["trick"] += 1
    state["leader"] = state["turn"] = winner


def _play(state: State, seat: int, card: int, events: list[Event]) -> None:
    player = state["players"][seat]
    player["hand"].remove(card)
    player["display"].append(card)
    state["trick_plays"].append({"seat": seat, "card": card})
    events.append({"type": "played", "seat": seat, "card": card})
    resolve_effects(state, seat, card, events)
    if len(state["trick_plays"]) == state["num_seats"]:
        _end_trick(state, events)
    else:
        state["turn"] = (seat + 1) % state["num_seats"]


def apply_in_place(state: State, seat: int, move: dict[str, Any]) -> list[Event]:
    """Validate completely, then mutate `state`; the fast path of match replays."""
    kind, card = _check_move(state, seat, move)
    events: list[Event] = []
    if kind == "draft":
        _draft(state, seat, card, events)
    else:
        _play(state, seat, card, events)
    return events


apply = copying(apply_in_place)


def _copy_seen(seen: list[dict[str, Any]] | None) -> list[dict[str, Any]] | None:
    return None if seen is None else [dict(entry, cards=entry["cards"][:]) for entry in seen]


def _copy_plays(plays: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{"seat": p["seat"], "card": p["card"]} for p in plays]


# ---------------------------------------------------------------- view


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What `seat` may see (§7); `None` is a spectator."""
    n = state["num_seats"]
    if seat is not None and (not _is_int(seat) or not 0 <= seat < n):
        raise ValueError("No such seat.")
    drafting = state["phase"] == "draft"
    last = state["last_trick"]
    players = [
        {
            "seat": s,
            "hand_count": len(p["hand"]),
            "display": p["display"][:],
            "dragons": p["dragons"][:],
            "shields": len(p["shields"]),
            "damage": len(p["damage"]),
            "pack_count": len(p["pack"]) if drafting else None,
            "drafted_count": len(p["drafted"]) if drafting else None,
            "has_drafted": p["has_drafted"] if drafting else None,
        }
        for s, p in enumerate(state["players"])
    ]
    shown: dict[str, Any] = {
        "phase": state["phase"],
        "seat": seat,
        "num_seats": n,
        "options": dict(state["options"]),
        "sides": dict(state["sides"]),
        "start_player": state["start_player"],
        "start_reveal": state["start_reveal"][:],
        "draw_pile_count": len(state["draw_pile"]),
        "lair_count": len(state["lair"]),
        "current_dragon": state["current_dragon"],
        "draft_round": state["draft_round"],
        "trick": state["trick"],
        "leader": state["leader"],
        "turn": state["turn"],
        "trick_plays": _copy_plays(state["trick_plays"]),
        "last_trick": None if last is None else dict(last, plays=_copy_plays(last["plays"])),
        "players": players,
    }
    if seat is not None:
        own = state["players"][seat]
        shown["hand"] = sorted(own["hand"])
        shown["seen"] = _copy_seen(own.get("seen")) or []
        if drafting:
            shown["pack"] = sorted(own["pack"])
            shown["drafted"] = own["drafted"][:]
    if state["phase"] == "over":
        shown["result"] = result(state)
    return shown


# ---------------------------------------------------------------- scoring


def contest_awards(counts: list[int], side: str, card: str) -> list[int]:
    """One scoring card's award per seat (§8.2): dense positions, ties share, one award each."""
    awards = SCORING_CARDS[card].sides[side]
    distinct = sorted(set(counts))
    if len(distinct) == 1:
        top = next(a.points for a in awards if abs(a.points) == 10)
        return [top] * len(counts)
    value_of = {
        "highest": distinct[-1],
        "lowest": distinct[0],
        "second_highest": distinct[-2],
        "second_lowest": distinct[1],
    }
    out = []
    for count in counts:
        points = 0
        for award in awards:
            if count == value_of[award.position]:
                points = award.points
                break
        out.append(points)
    return out


def symbol_totals(state: State, seat: int) -> dict[str, int]:
    """Symbols on the seat's played crew cards and captured dragons (D16)."""
    player = state["players"][seat]
    totals = dict.fromkeys(SYMBOLS, 0)
    for card in player["display"]:
        for key, count in CREW[card].symbols.items():
            totals[key] += count
    for dragon in player["dragons"]:
        for key, count in DRAGONS[dragon].symbols.items():
            totals[key] += count
    return totals


def score_breakdown(state: State) -> list[dict[str, int]]:
    n = state["num_seats"]
    totals = [symbol_totals(state, s) for s in range(n)]
    contests = {
        card: contest_awards([t[card] for t in totals], state["sides"][card], card)
        for card in CONTEST_SYMBOLS
    }
    breakdown = []
    for s, player in enumerate(state["players"]):
        row = {
            "dragons": sum(DRAGONS[d].points for d in player["dragons"]),
            "plus": SYMBOL_POINTS["plus"] * totals[s]["plus"],
            "minus": SYMBOL_POINTS["minus"] * totals[s]["minus"],
            "shields": SHIELD_POINTS * len(player["shields"]),
            "damage": DAMAGE_POINTS * len(player["damage"]),
        }
        for card in CONTEST_SYMBOLS:
            row[card] = contests[card][s]
        row["total"] = sum(row.values())
        breakdown.append(row)
    return breakdown


def result_scores(state: State) -> list[int]:
    return [row["total"] for row in score_breakdown(state)]


def result(state: State) -> dict[str, Any] | None:
    """Final scores and ranking (§8.3); None before the end."""
    if state["phase"] != "over":
        return None
    return standing(state)


def standing(state: State) -> dict[str, Any]:
    """Scores and ranking of the cards played so far, with the final tie-breaks (§8.3): the
    result of a match its players end early."""
    breakdown = score_breakdown(state)
    n = state["num_seats"]
    scores = [row["total"] for row in breakdown]
    dragon_counts = [len(p["dragons"]) for p in state["players"]]
    keys = list(zip(scores, dragon_counts, strict=True))
    ranks = [1 + sum(1 for other in keys if other > mine) for mine in keys]
    ranking = [{"seat": s, "rank": ranks[s]} for s in sorted(range(n), key=lambda s: (ranks[s], s))]
    symbol_counts = []
    for s in range(n):
        totals = symbol_totals(state, s)
        symbol_counts.append({card: totals[card] for card in CONTEST_SYMBOLS})
    return {
        "scores": scores,
        "ranks": ranks,
        "winners": [s for s in range(n) if ranks[s] == 1],
        "breakdown": breakdown,
        "symbol_counts": symbol_counts,
        "dragon_counts": dragon_counts,
        "ranking": ranking,
    }


# ---------------------------------------------------------------- sampling


def sample_state(shown: dict[str, Any], seat: int, rng: random.Random) -> State:
    """A complete state that `seat`'s view `shown` could come from, with what the seat cannot
    see drawn uniformly at random among the cards it cannot place (§7).

    The seat places the played and revealed cards, its own, and what it remembers of the packs
    (or, in the variant, the hands) it was handed: in the draft the other seats took the cards
    of each pack it passed on as the pack went round (`games.rules.draft_shares`), less those
    they have played since; in the variant a hand it once held is the hand of the seat it
    reached, less what was played from it. The other cards are dealt at random to what else the
    other seats hold, the shields and damage under every ship (nobody knows those cards) and
    the draw pile; the dragons not face up to the lair, the ships and the box. The other seats
    of a sample remember nothing of the packs or hands they were handed."""
    n = shown["num_seats"]
    phase = shown["phase"]
    drafting = phase == "draft"
    players = shown["players"]
    public = set(shown["start_reveal"]) | {c for p in players for c in p["display"]}
    known = public | set(shown["hand"]) | set(shown.get("pack", [])) | set(shown.get("drafted", []))
    hands: list[list[int]] = [[] for _ in range(n)]
    packs: list[list[int]] = [[] for _ in range(n)]
    drafted: list[list[int]] = [[] for _ in range(n)]
    if shown["options"]["draft"]:
        seen = {
            number: (entry["cards"], None if entry["took"] is None else [entry["took"]])
            for number, entry in enumerate(shown["seen"], 1)
        }
        shares = draft_shares(
            seats=n,
            seat=seat,
            direction=1,
            rounds=DRAFT_ROUNDS_BY_MOVE + 1,
            takes=lambda number, size: size if number > DRAFT_ROUNDS_BY_MOVE else 1,
            seen=seen,
            current=shown["draft_round"],
            picked=[s for s, p in enumerate(players) if p["has_drafted"]],
        )
        for s, p in enumerate(players):
            for card in p["display"]:
                withdraw(shares, card, (s, "kept"))
        for cards, _places in shares:
            cards[:] = [card for card in cards if card not in public]
        known |= {card for cards, _places in shares for card in cards}
        dealt = deal_shares(shares, rng)
        for s in range(n):
            if drafting:
                drafted[s] = dealt.get((s, "kept"), [])
                packs[s] = dealt.get((s, "packet"), [])
            else:
                hands[s] = dealt.get((s, "kept"), [])
    else:
        trick = shown["trick"]
        for held, entry in enumerate(shown["seen"], 1):
            holder = (seat + trick - held) % n
            if holder != seat:
                hands[holder] = [card for card in entry["cards"] if card not in public]
                known |= set(hands[holder])
    unknown = [card for card in CREW_IDS if card not in known]
    rng.shuffle(unknown)

    for s, p in enumerate(players):
        if s == seat:
            hands[s] = list(shown["hand"])
            packs[s] = list(shown.get("pack", []))
            drafted[s] = list(shown.get("drafted", []))
        else:
            hands[s] = fill(hands[s], p["hand_count"], unknown)
            drafted[s] = fill(drafted[s], p["drafted_count"], unknown)
            packs[s] = fill(packs[s], p["pack_count"], unknown)
    shields = [fill([], p["shields"], unknown) for p in players]
    damage = [fill([], p["damage"], unknown) for p in players]
    dragons = [d for d in DRAGON_IDS if d != shown["current_dragon"]]
    dragons = [d for d in dragons if not any(d in p["dragons"] for p in players)]
    rng.shuffle(dragons)
    lair = dragons[: shown["lair_count"]]
    ships = dragons[shown["lair_count"] : shown["lair_count"] + n]
    last = shown["last_trick"]
    return {
        "game": GAME,
        "num_seats": n,
        "options": dict(shown["options"]),
        "sides": dict(shown["sides"]),
        "phase": phase,
        "start_player": shown["start_player"],
        "start_reveal": list(shown["start_reveal"]),
        "draw_pile": unknown,
        "lair": lair,
        "current_dragon": shown["current_dragon"],
        "box_dragons": dragons[shown["lair_count"] + n :],
        "draft_round": shown["draft_round"],
        "trick": shown["trick"],
        "leader": shown["leader"],
        "turn": shown["turn"],
        "trick_plays": _copy_plays(shown["trick_plays"]),
        "last_trick": None if last is None else dict(last, plays=_copy_plays(last["plays"])),
        "players": [
            {
                "pack": packs[s],
                "drafted": drafted[s],
                "has_drafted": bool(p["has_drafted"]),
                "hand": sorted(hands[s]),
                "display": list(p["display"]),
                "dragons": list(p["dragons"]),
                "shields": shields[s],
                "damage": damage[s],
                "ship": ships[s],
                "seen": _copy_seen(shown["seen"]) if s == seat else None,
            }
            for s, p in enumerate(players)
        ],
    }

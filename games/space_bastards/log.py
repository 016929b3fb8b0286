"""The Space Bastards log: one sentence per event a viewer may see, in the viewer's language."""

from __future__ import annotations

from django.utils.translation import gettext_noop

from games.log import Line, final_scores_line
from games.space_bastards.engine import named
from games.space_bastards.labels import (
    NEUTRAL,
    Event,
    cells_text,
    colour_name,
    join_names,
    planet_name,
    player_name,
    race_name,
    race_of,
    races_name,
    relationship_name,
    space_name,
    token_label,
)
from games.translated import gettext as _
from games.translated import ngettext


def marks(event: Event) -> list[str]:
    """What a log line names on the table (tokens, planets, spaces, cards), for the table to
    mark while the line is hovered or focused; the engine's own list, which its last moves use."""
    return named(event)


def _planet_chosen(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s chose %(planet)s to colonise.") % {
        "name": name,
        "planet": planet_name(e["planet"]),
    }


def _neutral_placed(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("A neutral %(race)s landed on %(planet)s.") % {
        "race": race_name(race_of(e["token"])),
        "planet": planet_name(e["planet"]),
    }


def _picked(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s picked a race.") % {"name": name}


def _pick(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    """Told to its picker alone during the game; a finished game's replay names the seat."""
    if you:
        return _("You picked %(race)s.") % {"race": race_name(e["race"])}
    return _("%(name)s picked %(race)s.") % {"name": name, "race": race_name(e["race"])}


def _picks_revealed(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    picks = [
        _("%(name)s %(race)s") % {"name": player_name(names, p), "race": race_name(r)}
        for p, r in enumerate(e["picks"])
        if r
    ]
    return _("Picks revealed: %(picks)s.") % {"picks": ", ".join(picks)}


def _skipped(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Nothing of %(name)s fits on %(planet)s: skipped.") % {
        "name": name,
        "planet": planet_name(e["planet"]),
    }


def _substituted(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("The %(picked)s of %(name)s does not fit: a %(race)s comes instead.") % {
        "picked": race_name(e["picked"]),
        "name": name,
        "race": race_name(e["race"]),
    }


def _cascade(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("To make room on %(planet)s, the %(old)s of %(name)s became a %(new)s.") % {
        "planet": planet_name(e["planet"]),
        "old": race_name(race_of(e["old"])),
        "name": name,
        "new": race_name(race_of(e["new"])),
    }


def _placed(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    values = {
        "name": name,
        "race": race_name(race_of(e["token"])),
        "planet": planet_name(e["planet"]),
        "cells": cells_text(e["cells"]),
    }
    if e.get("rearranged"):
        return _("%(name)s rearranged %(planet)s and placed a %(race)s on %(cells)s.") % values
    return _("%(name)s placed a %(race)s on %(planet)s (%(cells)s).") % values


def _dealt(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Colonisation is over: the relationship cards are dealt.")


def _flight_step(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("A flight-only step: ships move.")


def _round_started(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Round %(round)s begins; %(name)s is the start player.") % {
        "round": e["round"],
        "name": player_name(names, e["start_player"]),
    }


def _planned(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s planned.") % {"name": name}


def _plan(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    cards = join_names([relationship_name(c) for c in e["cards"]])
    if you:
        return _("You planned %(cards)s.") % {"cards": cards}
    return _("%(name)s planned %(cards)s.") % {"name": name, "cards": cards}


def _plans_revealed(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    parts = [
        _("%(name)s %(cards)s")
        % {
            "name": player_name(names, p),
            "cards": join_names([relationship_name(c) for c in cards]),
        }
        for p, cards in enumerate(e["cards"])
        if cards
    ]
    return _("Plans revealed: %(plans)s.") % {"plans": "; ".join(parts)}


def _action_started(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s resolves %(action)s.") % {
        "name": name,
        "action": relationship_name(e["card"]),
    }


def _no_effect(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("The %(action)s of %(name)s has no effect.") % {
        "action": relationship_name(e["card"]),
        "name": name,
    }


def _start_player(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("The start player token passes to %(name)s.") % {"name": name}


def _cards_returned(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Half-time: every played action card returns to its hand.")


def _dominance(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    won = [
        _("%(planet)s: %(name)s") % {"planet": planet_name(p), "name": player_name(names, w)}
        for p, w in e["planets"].items()
        if w is not None
    ]
    if not won:
        return _("Scoring after round %(round)s: no planet has a single leader.") % {
            "round": e["round"]
        }
    return _("Scoring after round %(round)s (%(points)s per planet): %(planets)s.") % {
        "round": e["round"],
        "points": e["weight"],
        "planets": ", ".join(won),
    }


def _points_bought(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    bought = [
        _("%(name)s +%(points)s") % {"name": player_name(names, p), "points": n}
        for p, n in enumerate(e["points"])
        if n
    ]
    if not bought:
        return _("Nobody has 5 money left to buy a point.")
    return _("Money buys points, 5 for 1: %(points)s.") % {"points": ", ".join(bought)}


def _paid(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return ngettext(
        "%(name)s paid %(amount)s money.", "%(name)s paid %(amount)s money.", e["amount"]
    ) % {
        "name": name,
        "amount": e["amount"],
    }


def _born(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("A %(race)s of %(name)s was born on %(planet)s (%(cells)s).") % {
        "race": race_name(race_of(e["token"])),
        "name": name,
        "planet": planet_name(e["planet"]),
        "cells": cells_text(e["cells"]),
    }


def _victims(e: Event, names: list[str], name: str, verb: str) -> str:
    """Shot or eaten creatures: how many and whose, the neutral colour named as such."""
    values = {
        "name": name,
        "count": len(e["tokens"]),
        "planet": planet_name(e["planet"]),
        "target": colour_name(names, e["target"]),
    }
    count = values["count"]
    neutral = e["target"] == NEUTRAL
    if verb == "shot" and neutral:
        text = ngettext(
            "%(name)s shot %(count)s neutral creature on %(planet)s.",
            "%(name)s shot %(count)s neutral creatures on %(planet)s.",
            count,
        )
    elif verb == "shot":
        text = ngettext(
            "%(name)s shot %(count)s creature of %(target)s on %(planet)s.",
            "%(name)s shot %(count)s creatures of %(target)s on %(planet)s.",
            count,
        )
    elif neutral:
        text = ngettext(
            "%(name)s ate %(count)s neutral creature on %(planet)s.",
            "%(name)s ate %(count)s neutral creatures on %(planet)s.",
            count,
        )
    else:
        text = ngettext(
            "%(name)s ate %(count)s creature of %(target)s on %(planet)s.",
            "%(name)s ate %(count)s creatures of %(target)s on %(planet)s.",
            count,
        )
    return text % values


def _shot(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _victims(e, names, name, "shot")


def _eaten(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _victims(e, names, name, "eaten")


def _offered(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    values = {"name": name, "action": relationship_name(e["card"])}
    if e["prompted"]:
        values["asked"] = join_names([player_name(names, p) for p in e["prompted"]])
        return _("%(name)s offers %(action)s and asks %(asked)s.") % values
    return _("%(name)s offers %(action)s.") % values


def _responded(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s answered.") % {"name": name}


def _answer(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if you:
        return _("You take part.") if e["accept"] else _("You refused.")
    if e["accept"]:
        return _("%(name)s takes part.") % {"name": name}
    return _("%(name)s refused.") % {"name": name}


def _partners(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    values = {"name": name, "action": relationship_name(e["card"])}
    if not e["partners"]:
        return _("%(name)s has no partner for %(action)s.") % values
    values["partners"] = join_names([colour_name(names, c) for c in e["partners"]])
    return _("Partners of %(name)s for %(action)s: %(partners)s.") % values


def _trade_result(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    gains = [
        _("%(name)s +%(gain)s") % {"name": player_name(names, p), "gain": g}
        for p, g in enumerate(e["gains"])
        if g
    ]
    if e["card"] == "trade":
        text = _("Trade pays money: %(gains)s.")
    else:
        text = _("Diplomacy pays points: %(gains)s.")
    return text % {"gains": ", ".join(gains) or "0"}


def _mutated(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    values = {
        "name": name,
        "count": len(e["new"]),
        "owner": colour_name(names, e["owner"]),
        "planet": planet_name(e["planet"]),
        "from": races_name(race_of(e["old"][0])),
        "to": races_name(race_of(e["new"][0])),
    }
    if e["owner"] == e["seat"]:
        text = ngettext(
            "%(name)s mutated %(count)s own creature on %(planet)s: %(from)s into %(to)s.",
            "%(name)s mutated %(count)s own creatures on %(planet)s: %(from)s into %(to)s.",
            values["count"],
        )
    elif e["owner"] == NEUTRAL:
        text = ngettext(
            "%(name)s mutated %(count)s neutral creature on %(planet)s: %(from)s into %(to)s.",
            "%(name)s mutated %(count)s neutral creatures on %(planet)s: %(from)s into %(to)s.",
            values["count"],
        )
    else:
        text = ngettext(
            "%(name)s mutated %(count)s creature of %(owner)s on %(planet)s: %(from)s into %(to)s.",
            "%(name)s mutated %(count)s creatures of %(owner)s on %(planet)s: "
            "%(from)s into %(to)s.",
            values["count"],
        )
    return text % values


def _corpses_arranged(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s rearranged the corpses on %(planet)s.") % {
        "name": name,
        "planet": planet_name(e["planet"]),
    }


def _change_started(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("Change of relationship, in this order: %(names)s.") % {
        "names": ", ".join(player_name(names, p) for p in e["order"])
    }


def _exchanged(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s put %(taken)s into %(relationship)s (side %(side)s) and locked it.") % {
        "name": name,
        "taken": race_name(e["taken"].split("-")[0]),
        "relationship": relationship_name(e["relationship"]),
        "side": e["side"] + 1,
    }


def _locked(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s locked %(relationship)s.") % {
        "name": name,
        "relationship": relationship_name(e["relationship"]),
    }


def _swapped(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s swapped the sides of %(relationship)s.") % {
        "name": name,
        "relationship": relationship_name(e["relationship"]),
    }


def _locks_cleared(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("All locks are removed.")


def _ship_moved(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    if e["from"] is None:
        return _("%(name)s put a ship on %(space)s.") % {"name": name, "space": space_name(e["to"])}
    return _("The ship of %(name)s flew to %(space)s.") % {
        "name": name,
        "space": space_name(e["to"]),
    }


def _loaded(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(name)s boarded a %(race)s on %(planet)s.") % {
        "name": name,
        "race": race_name(race_of(e["token"])),
        "planet": planet_name(e["planet"]),
    }


def _unloaded(e: Event, names: list[str], viewer: int | None, you: bool, name: str) -> str:
    return _("%(token)s landed on %(planet)s (%(cells)s).") % {
        "token": token_label(names, e["token"]),
        "planet": planet_name(e["planet"]),
        "cells": cells_text(e["cells"]),
    }


LINES: dict[str, Line] = {
    "planet_chosen": _planet_chosen,
    "neutral_placed": _neutral_placed,
    "picked": _picked,
    "pick": _pick,
    "picks_revealed": _picks_revealed,
    "skipped": _skipped,
    "substituted": _substituted,
    "cascade": _cascade,
    "placed": _placed,
    "dealt": _dealt,
    "flight_step": _flight_step,
    "round_started": _round_started,
    "planned": _planned,
    "plan": _plan,
    "plans_revealed": _plans_revealed,
    "action_started": _action_started,
    "no_effect": _no_effect,
    "start_player": _start_player,
    "cards_returned": _cards_returned,
    "dominance": _dominance,
    "points_bought": _points_bought,
    "game_over": final_scores_line(gettext_noop("Game over. Final scores: %(list)s.")),
    "paid": _paid,
    "born": _born,
    "shot": _shot,
    "eaten": _eaten,
    "offered": _offered,
    "responded": _responded,
    "answer": _answer,
    "partners": _partners,
    "trade_result": _trade_result,
    "mutated": _mutated,
    "corpses_arranged": _corpses_arranged,
    "change_started": _change_started,
    "exchanged": _exchanged,
    "locked": _locked,
    "swapped": _swapped,
    "locks_cleared": _locks_cleared,
    "ship_moved": _ship_moved,
    "loaded": _loaded,
    "unloaded": _unloaded,
}

"""What a trade or diplomacy would pair and gain, said before the viewer chooses whom to
refuse or whether to take part: public data only, by the engine's own pairing."""

from __future__ import annotations

from itertools import combinations
from typing import Any

from games.space_bastards import engine
from games.space_bastards.components import PLANET_IDS
from games.space_bastards.labels import NEUTRAL, View, colour_name, planet_name
from games.translated import gettext as _
from games.translated import ngettext


def _pairs(
    view: View, actor: int, card: str, partners: list[str]
) -> tuple[dict[str, list[tuple[str, int]]], list[int]]:
    """The pairs a trade or diplomacy of `actor` makes with these partners, by the engine's own
    pairing (public data only: the board and the column): each colour's pairs by planet (the
    actor's own pairs under its colour), and what each seat gains."""
    public = {"seats": view["seats"], "board": view["board"], "rel": view["relationships"]}
    by_colour: dict[str, list[tuple[str, int]]] = {}
    gains = [0] * view["seats"]
    for planet in PLANET_IDS:
        if planet not in view["in_play"]:
            continue
        total, shares = engine.pairing({**public, "in_play": [planet]}, actor, card, partners)
        gains[actor] += total
        own = total - sum(shares.values())
        for colour, count in [(str(actor), own), *shares.items()]:
            if count:
                by_colour.setdefault(colour, []).append((planet_name(planet), count))
            if count and colour not in (str(actor), NEUTRAL):
                gains[int(colour)] += count
    return by_colour, gains


def _gain_text(card: str, gain: int) -> str:
    if not gain:
        return _("nothing")
    if card == "trade":
        return ngettext("+%(n)s money", "+%(n)s money", gain) % {"n": gain}
    return ngettext("+%(n)s point", "+%(n)s points", gain) % {"n": gain}


def _planets_text(pairs: list[tuple[str, int]]) -> str:
    return ", ".join(f"{planet} ×{count}" for planet, count in pairs)


def deal_outcomes(
    view: View, me: int, card: str, targets: list[int | str], names: list[str]
) -> list[dict[str, Any]]:
    """For every choice of colours to refuse (the form's ticked boxes, in the form's order):
    who would pair with whom and what each side would gain if all the others take part. Who
    takes part stays unknown until then (standing answers and replies are private)."""
    outcomes = []
    for size in range(len(targets) + 1):
        for declined in combinations(targets, size):
            partners = [str(c) for c in targets if c not in declined]
            by_colour, gains = _pairs(view, me, card, partners)
            own = sum(count for _planet, count in by_colour.get(str(me), []))
            parts = []
            if own:
                parts.append(
                    ngettext(
                        "%(count)s pair of your own (%(planets)s)",
                        "%(count)s pairs of your own (%(planets)s)",
                        own,
                    )
                    % {"count": own, "planets": _planets_text(by_colour[str(me)])}
                )
            if gains[me] - own:
                parts.append(
                    ngettext(
                        "%(count)s pair with partners",
                        "%(count)s pairs with partners",
                        gains[me] - own,
                    )
                    % {"count": gains[me] - own}
                )
            lines = [
                _("You: %(gain)s — %(pairs)s")
                % {"gain": _gain_text(card, gains[me]), "pairs": ", ".join(parts) or _("no pairs")}
            ]
            for colour in partners:
                pairs = by_colour.get(colour, [])
                count = sum(n for _planet, n in pairs)
                with_you = (
                    ngettext(
                        "%(count)s pair with you (%(planets)s)",
                        "%(count)s pairs with you (%(planets)s)",
                        count,
                    )
                    % {"count": count, "planets": _planets_text(pairs)}
                    if count
                    else _("no pair with you")
                )
                gain = _("nothing") if colour == NEUTRAL else _gain_text(card, gains[int(colour)])
                lines.append(
                    _("%(name)s: %(gain)s — %(pairs)s")
                    % {"name": colour_name(names, colour), "gain": gain, "pairs": with_you}
                )
            outcomes.append({"key": ",".join(str(c) for c in declined), "lines": lines})
    return outcomes


def prompt_pairs(view: View, me: int, names: list[str]) -> dict[str, Any]:
    """What the prompted viewer would pair and gain by taking part: at most its pairs with the
    actor alone; seats before it in turn order (from the actor's next seat) pair first, so with
    all of them taking part it may gain less. Their answers are private: both are said."""
    respond = view["respond"]
    actor, card = respond["actor"], respond["card"]
    seats = view["seats"]
    before = [str((actor + i) % seats) for i in range(1, seats)]
    before = before[: before.index(str(me))]
    alone, gains = _pairs(view, actor, card, [str(me)])
    _crowded, least = _pairs(view, actor, card, [*before, str(me)])
    return {
        "pairs": _planets_text(alone.get(str(me), [])),
        "gain": _gain_text(card, gains[me]) if gains[me] else None,
        "least": _gain_text(card, least[me]) if least[me] < gains[me] else None,
        "crowded_out": 0 == least[me] < gains[me],
    }

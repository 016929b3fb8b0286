"""What each viewer of a game may not see, and what is its own: the hook the cross-game tests of
hidden information (the table page, the socket's pushes, the replay) read for every game.

Each function takes a state and a viewer (a seat, or None for anyone else) and gives the ids
the viewer must not be shown and the viewer's own private ids, as the table marks them in
`data-card` attributes.
"""

from __future__ import annotations

import re
from collections.abc import Callable


def _kosmopolis(state: dict, viewer: int | None) -> tuple[set[int], set[int]]:
    """(cards the viewer must not see, the viewer's own private cards) in a Kosmopolis state."""
    hidden = set(state["deck"])
    own: set[int] = set()
    for seat in range(state["seats"]):
        private = set(state["hands"][seat]) | set(state["packets"][seat]) | set(state["kept"][seat])
        if state["phase"] != "over":
            private |= set(state["bonus"][seat])
        if seat == viewer:
            own = private
        else:
            hidden |= private
    return hidden, own


def _seven_dragons(state: dict, viewer: int | None) -> tuple[set[int], set[int]]:
    """Hands stay private even after the end (§7); goals are public once the game is over."""
    hidden = set(state["deck"])
    own: set[int] = set()
    for seat in range(state["seats"]):
        private = set(state["hands"][seat])
        if not state["over"]:
            private.add(state["slots"][seat])
        if seat == viewer:
            own = private
        else:
            hidden |= private
    if not state["over"]:
        hidden |= set(state["slots"][state["seats"] :])
    return hidden, own


def _space_dragons(state: dict, viewer: int | None) -> tuple[set[int], set[int]]:
    """Packs, picks and hands (the unplayed cards too, after the end) are their seat's only;
    face-down shields and damage are nobody's to see."""
    hidden = set(state["draw_pile"])
    own: set[int] = set()
    for seat, player in enumerate(state["players"]):
        hidden |= set(player["shields"]) | set(player["damage"])
        private = set(player["pack"]) | set(player["drafted"]) | set(player["hand"])
        if seat == viewer:
            own = private
        else:
            hidden |= private
    return hidden, own


def _space_bastards(state: dict, viewer: int | None) -> tuple[set[str], set[str]]:
    """Colonisation picks, planned cards and answers to an offer stay their seat's own until
    everyone's are in (the table marks them `pick-`, `plan-` and `answer-<seat>-<value>`)."""
    hidden: set[str] = set()
    own: set[str] = set()
    col = state["colonise"] or {}
    respond = state["respond"]
    for seat in range(state["seats"]):
        private = set()
        if state["phase"] == "colonise_pick" and col["picks"][seat]:
            private.add(f"pick-{seat}-{col['picks'][seat]}")
        if state["phase"] == "plan" and state["plans"][seat]:
            private |= {f"plan-{seat}-{card}" for card in state["plans"][seat]["cards"]}
        if respond and respond["answers"][seat] is not None:
            private.add(f"answer-{seat}-{'yes' if respond['answers'][seat] else 'no'}")
        if seat == viewer:
            own = private
        else:
            hidden |= private
    return hidden, own


def _isle_of_cats(state: dict, viewer: int | None) -> tuple[set[str], set[str]]:
    """Hands, set-aside hands, drafts, picks and looked-at cards are their seat's only, and so
    are personal lessons until the end; the deck and the discard pile are nobody's to see."""
    hidden = {str(c) for c in state["deck"] + state["discard"]}
    own: set[str] = set()
    for seat, player in enumerate(state["players"]):
        private = player["hand"] + player["aside"] + player["draft"] + player["picks"]
        if player["look"] is not None:
            private = private + player["look"]["cards"]
        if state["phase"] != "game_over":
            private = private + player["lessons"]
        if seat == viewer:
            own = {str(c) for c in private}
        else:
            hidden |= {str(c) for c in private}
    return hidden, own


def _example_game(state: dict, viewer: int | None) -> tuple[set[int], set[int]]:
    """The deck is nobody's to see, each hand its seat's only."""
    hidden = set(state["deck"])
    own: set[int] = set()
    for seat, hand in enumerate(state["hands"]):
        if seat == viewer:
            own = set(hand)
        else:
            hidden |= set(hand)
    return hidden, own


SECRETS: dict[str, Callable[[dict, int | None], tuple[set, set]]] = {
    "example_game": _example_game,
    "kosmopolis": _kosmopolis,
    "seven_dragons": _seven_dragons,
    "space_dragons": _space_dragons,
    "space_bastards": _space_bastards,
    "isle_of_cats": _isle_of_cats,
}


def cards_shown(html: str) -> set[str]:
    """The ids of the cards (and other marked secrets) a piece of the table shows."""
    return set(re.findall(r'data-card="([^"]+)"', html))

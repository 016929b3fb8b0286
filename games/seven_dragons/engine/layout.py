"""The layout of Seven Dragons: each card's quadrants as colour masks, where a card fits, the
bonus it earns and the areas of a colour (sections 3 and 6)."""

from __future__ import annotations

from games.seven_dragons.components import (
    ACTION_IDS,
    COLORS,
    DRAGON_IDS,
    DRAGON_QUADRANTS,
    GOAL_COLOR,
    SILVER,
)

Masks = tuple[int, int, int, int]
Cell = tuple[int, int]
# Card-rotations (bit ``card * 2 + (rot == 180)``) that fit in the empty cell above, left of,
# right of and below a card.
Offers = tuple[int, int, int, int]
# (card, rot, shown masks, plain masks, every colour shown, offers) of an occupied cell.
Placed = tuple[int, int, Masks, Masks, int, Offers]
Grid = dict[Cell, Placed]
# Masks the four quadrants of an empty cell face: shown tl, tr, bl, br, then plain tl..br.
Facing = tuple[int, int, int, int, int, int, int, int]

WILD = (1 << len(COLORS)) - 1
SILVER_CELL: Cell = (0, 0)
"""The silver dragon's cell for the whole game."""
COLOR_BIT = {color: 1 << i for i, color in enumerate(COLORS)}
GOAL_ID = {color: goal for goal, color in GOAL_COLOR.items()}
ROTS = (0, 180)
FIRST_ACTION = ACTION_IDS[0]
LAST_DRAGON = DRAGON_IDS[-1]


def _card_masks() -> tuple[list[Masks], list[Masks]]:
    """Shown and plain quadrant masks of every dragon card in both rotations."""
    size = 2 * (LAST_DRAGON + 1)
    shown: list[Masks] = [(0, 0, 0, 0)] * size
    plain: list[Masks] = [(0, 0, 0, 0)] * size
    for card, quads in DRAGON_QUADRANTS.items():
        s = tuple(WILD if q == "rainbow" else COLOR_BIT[q] for q in quads)
        p = tuple(0 if q == "rainbow" else COLOR_BIT[q] for q in quads)
        shown[card * 2] = (s[0], s[1], s[2], s[3])
        plain[card * 2] = (p[0], p[1], p[2], p[3])
        shown[card * 2 + 1] = (s[3], s[2], s[1], s[0])
        plain[card * 2 + 1] = (p[3], p[2], p[1], p[0])
    return shown, plain


SHOWN, PLAIN = _card_masks()


def _fit_bits() -> list[list[int]]:
    """Per quadrant and facing mask: the set of card-rotations whose quadrant matches it."""
    table = [[0] * (WILD + 1) for _ in range(4)]
    for q in range(4):
        for facing in range(WILD + 1):
            bits = 0
            for card in DRAGON_IDS:
                for r in (0, 1):
                    if SHOWN[card * 2 + r][q] & facing:
                        bits |= 1 << (card * 2 + r)
            table[q][facing] = bits
    return table


FIT_BITS = _fit_bits()
FIT0, FIT1, FIT2, FIT3 = FIT_BITS


def _placed(card: int, rot: int, shown: Masks, plain: Masks) -> Placed:
    """A grid entry, worked out once per card-rotation.

    A card fits a cell when any edge pair matches, so what fits an empty cell is the union of
    what each of its neighbours offers it.
    """
    s0, s1, s2, s3 = shown
    offers = (
        FIT2[s0] | FIT3[s1],
        FIT1[s0] | FIT3[s2],
        FIT0[s1] | FIT2[s3],
        FIT0[s2] | FIT1[s3],
    )
    return (card, rot, shown, plain, s0 | s1 | s2 | s3, offers)


PLACED = [_placed(k >> 1, ROTS[k & 1], SHOWN[k], PLAIN[k]) for k in range(len(SHOWN))]
"""Grid entries of the dragon cards by ``card * 2 + (rot == 180)`` (card 0's are unused)."""
SILVER_PLACED: dict[str | None, Placed] = {
    None: _placed(SILVER, 0, (WILD, WILD, WILD, WILD), (0, 0, 0, 0)),
    **{c: _placed(SILVER, 0, (b, b, b, b), (b, b, b, b)) for c, b in COLOR_BIT.items()},
}
"""Grid entries of the silver dragon, wild (None) or in each colour."""


# ---------------------------------------------------------------- geometry and areas


def _grid(layout: list[list[int]], silver: str | None) -> Grid:
    """The layout by cell; the silver's entry depends on its colour, so it is put in last."""
    grid = {(x, y): PLACED[card * 2 + (rot == 180)] for card, x, y, rot in layout}
    grid[SILVER_CELL] = SILVER_PLACED[silver]
    return grid


def _facing(grid: Grid, x: int, y: int, skip: Cell | None) -> Facing | None:
    """What an empty cell's quadrants face; None when no neighbour touches it."""
    m0 = m1 = m2 = m3 = p0 = p1 = p2 = p3 = 0
    touched = False
    cell = (x, y - 1)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m0 |= n[2][2]
        m1 |= n[2][3]
        p0 |= n[3][2]
        p1 |= n[3][3]
    cell = (x - 1, y)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m0 |= n[2][1]
        m2 |= n[2][3]
        p0 |= n[3][1]
        p2 |= n[3][3]
    cell = (x + 1, y)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m1 |= n[2][0]
        m3 |= n[2][2]
        p1 |= n[3][0]
        p3 |= n[3][2]
    cell = (x, y + 1)
    n = grid.get(cell)
    if n is not None and cell != skip:
        touched = True
        m2 |= n[2][0]
        m3 |= n[2][1]
        p2 |= n[3][0]
        p3 |= n[3][1]
    if not touched:
        return None
    return (m0, m1, m2, m3, p0, p1, p2, p3)


def _fits(k: int, f: Facing) -> bool:
    s = SHOWN[k]
    return bool(s[0] & f[0] or s[1] & f[1] or s[2] & f[2] or s[3] & f[3])


def _bonus_mask(k: int, f: Facing) -> int:
    p = PLAIN[k]
    return (p[0] & f[4]) | (p[1] & f[5]) | (p[2] & f[6]) | (p[3] & f[7])


COLORS_OF = [[c for c in COLORS if mask & COLOR_BIT[c]] for mask in range(WILD + 1)]
"""The colours of each mask, in canonical order."""


def _colors_of(mask: int) -> list[str]:
    """A fresh list: it goes into an event."""
    return COLORS_OF[mask][:]


def _frontier(grid: Grid) -> list[tuple[Cell, int]]:
    """Every empty cell next to the layout, in a stable order, with the card-rotations that fit."""
    faced: dict[Cell, int] = {}
    for (x, y), placed in grid.items():
        above, left, right, below = placed[5]
        for cell, offer in (
            ((x, y - 1), above),
            ((x - 1, y), left),
            ((x + 1, y), right),
            ((x, y + 1), below),
        ):
            if cell not in grid:
                faced[cell] = faced.get(cell, 0) | offer
    return sorted(faced.items())


def _fits_somewhere(grid: Grid, wanted: int) -> bool:
    """Whether one of the card-rotations ``wanted`` fits in some empty cell next to the layout."""
    for (x, y), placed in grid.items():
        above, left, right, below = placed[5]
        if (
            (above & wanted and (x, y - 1) not in grid)
            or (left & wanted and (x - 1, y) not in grid)
            or (right & wanted and (x + 1, y) not in grid)
            or (below & wanted and (x, y + 1) not in grid)
        ):
            return True
    return False


def _links(grid: Grid) -> dict[Cell, list[tuple[Cell, int]]]:
    """For each card, its neighbours and the colours their shared edge carries across."""
    links: dict[Cell, list[tuple[Cell, int]]] = {cell: [] for cell in grid}
    for (x, y), placed in grid.items():
        s = placed[2]
        here = links[(x, y)]
        cell = (x + 1, y)
        n = grid.get(cell)
        if n is not None:
            t = n[2]
            link = s[1] & t[0] | s[3] & t[2]
            if link:
                here.append((cell, link))
                links[cell].append(((x, y), link))
        cell = (x, y + 1)
        n = grid.get(cell)
        if n is not None:
            t = n[2]
            link = s[2] & t[0] | s[3] & t[1]
            if link:
                here.append((cell, link))
                links[cell].append(((x, y), link))
    return links


def _largest(grid: Grid, bit: int, links: dict[Cell, list[tuple[Cell, int]]] | None = None) -> int:
    """A(c): the most cards in one connected area of the colour ``bit``."""
    nodes = [cell for cell, p in grid.items() if p[4] & bit]
    if len(nodes) <= 1:
        return len(nodes)
    if links is None:
        links = _links(grid)
    seen: set[Cell] = set()
    best = 0
    for start in nodes:
        if start in seen:
            continue
        seen.add(start)
        stack = [start]
        size = 0
        while stack:
            size += 1
            for other, link in links[stack.pop()]:
                if link & bit and other not in seen:
                    seen.add(other)
                    stack.append(other)
        best = max(best, size)
    return best


def largest_area(layout: list[list[int]], silver: str | None, color: str) -> int:
    """A(colour) of a layout given as ``[card, x, y, rot]`` rows."""
    return _largest(_grid(layout, silver), COLOR_BIT[color])


def _areas_through(grid: Grid, start: Cell, wanted: int) -> dict[Cell, int]:
    """The cards sharing an area with the card at ``start``, each with the colours (of
    ``wanted``) of the areas it shares; one search follows every colour at once."""
    reached = {start: grid[start][4] & wanted}
    if not reached[start]:
        return reached
    stack = [start]
    while stack:
        x, y = here = stack.pop()
        s = grid[here][2]
        bits = reached[here]
        for cell in ((x + 1, y), (x, y + 1), (x - 1, y), (x, y - 1)):
            neighbour = grid.get(cell)
            if neighbour is None:
                continue
            t = neighbour[2]
            if cell[0] > x:
                link = s[1] & t[0] | s[3] & t[2]
            elif cell[1] > y:
                link = s[2] & t[0] | s[3] & t[1]
            elif cell[0] < x:
                link = t[1] & s[0] | t[3] & s[2]
            else:
                link = t[2] & s[0] | t[3] & s[1]
            before = reached.get(cell, 0)
            if link & bits & ~before:
                reached[cell] = before | link & bits
                stack.append(cell)
    return reached

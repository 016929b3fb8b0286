"""The score sheet of a finished game, the same for every game
(`games/jinja2/games/_score_sheet.html`): a row per seat in the order of the ranks, a column
per category of the result's breakdown, in the game's own words and classes."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from typing import Any

from games.labels import player_name


@dataclass(frozen=True)
class Column:
    """One category of the score sheet: `key` in each seat's breakdown."""

    key: str
    label: str
    title: str = ""
    """What an abbreviated label stands for (a tooltip)."""
    strong: bool = False
    """The column that decides (the total)."""
    show: Callable[[Any], Any] | None = None
    """How a value is written (default: as it is)."""


@dataclass(frozen=True)
class Look:
    """The game's classes for the sheet, as its stylesheet knows them."""

    table: str
    winner: str
    """A winner's row."""
    you: str
    """The viewer's row."""
    marker: str
    """The "winner" tag beside a name."""
    caption_shown: bool = False
    """The caption ("Score sheet") shown, not only read out."""
    note: str = ""
    """A note under the sheet (`notes`)."""


def score_sheet(
    result: Mapping[str, Any],
    names: Sequence[str],
    seat: int | None,
    columns: Sequence[Column],
    look: Look,
    *,
    more: Mapping[str, Sequence[Any]] | None = None,
    badges: Sequence[str] | None = None,
    notes: Sequence[str] = (),
) -> dict[str, Any]:
    """The sheet's context from the result (its `breakdown`, `ranks` and `winners`): `more`
    adds per-seat values the breakdown lacks (a count of a tie-break), `badges` markup before
    each seat's name (a colour chip), `notes` sentences under it (`tie_notes`), msgids the
    sheet translates as it is drawn."""
    extra = more or {}
    rows = ranked_rows(result, names, seat)
    for row in rows:
        p = row["seat"]
        values = {**row["breakdown"], **{key: per_seat[p] for key, per_seat in extra.items()}}
        row["badge"] = badges[p] if badges else ""
        row["cells"] = [
            {
                "value": column.show(values[column.key]) if column.show else values[column.key],
                "strong": column.strong,
            }
            for column in columns
        ]
    return {"columns": columns, "rows": rows, "look": look, "notes": list(notes)}


def ranked_rows(
    result: Mapping[str, Any], names: Sequence[str], seat: int | None
) -> list[dict[str, Any]]:
    """A row per seat, in the order of the ranks (then of the seats): its `seat`, `rank`,
    `name`, whether it won (`winner`) and is the viewer's (`is_you`), and its `breakdown`."""
    rows = [
        {
            "seat": p,
            "rank": result["ranks"][p],
            "name": player_name(names, p),
            "winner": p in result["winners"],
            "is_you": p == seat,
            "breakdown": breakdown,
        }
        for p, breakdown in enumerate(result["breakdown"])
    ]
    return sorted(rows, key=lambda row: (row["rank"], row["seat"]))


def ties(rows: Sequence[Mapping[str, Any]]) -> tuple[bool, bool]:
    """Whether a tie-break decided a place (two seats of one `total` but not one rank), and
    whether seats share a place."""
    pairs = list(combinations(rows, 2))
    return (
        any(a["total"] == b["total"] and a["rank"] != b["rank"] for a, b in pairs),
        any(a["rank"] == b["rank"] for a, b in pairs),
    )


def tie_notes(decided: bool, shared: bool, tiebreak: str, sharing: str) -> list[str]:
    """The sheet's notes on its ties, in the game's words (msgids, marked with `gettext_noop`):
    its tie-break rule where one `decided` a place, and how seats share one where they do
    (`shared`)."""
    return [note for note, told in ((tiebreak, decided), (sharing, shared)) if told]

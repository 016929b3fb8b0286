"""What holds in every Space Dragons position and result, for the cross-game playouts
(`games/tests/test_playouts.py`): every crew card and dragon in one place, cards named in public
events only as they are played, the score sheet adding up, ties broken by dragons, the last two
cards never played."""

from __future__ import annotations

from typing import Any

from games.space_dragons.tests.space_dragons_helpers import assert_conserved

SIDE_OPTIONS = ("A", "B", "random")


def options_for(k: int) -> dict[str, Any]:
    """Every fourth game is the quick variant; sides cycle through all choices."""
    return {
        "draft": k % 4 != 3,
        "research_side": SIDE_OPTIONS[k % 3],
        "morale_side": SIDE_OPTIONS[(k // 3) % 3],
        "crime_side": SIDE_OPTIONS[(k // 9) % 3],
    }


def length(num_seats: int, options: dict[str, Any]) -> int:
    """The moves of a whole game: eight draft picks a seat (none in the quick variant), then
    seven tricks."""
    return (8 * num_seats if options["draft"] else 0) + 7 * num_seats


def check_state(state: dict[str, Any]) -> None:
    assert_conserved(state)


def check_events(events: list[dict[str, Any]]) -> None:
    for event in events:
        if "visible_to" not in event and "card" in event:
            assert event["type"] in ("played", "trick_won")


def check_result(state: dict[str, Any], outcome: dict[str, Any]) -> None:
    n = state["num_seats"]
    for row, score in zip(outcome["breakdown"], outcome["scores"], strict=True):
        assert sum(v for k, v in row.items() if k != "total") == score
    assert outcome["dragon_counts"] == [len(p["dragons"]) for p in state["players"]]
    assert sum(outcome["dragon_counts"]) == 7
    keys = list(zip(outcome["scores"], outcome["dragon_counts"], strict=True))
    for s in range(n):
        ahead = sum(1 for t in range(n) if keys[t] > keys[s])
        assert outcome["ranks"][s] == 1 + ahead
    assert outcome["winners"] == [s for s in range(n) if outcome["ranks"][s] == 1]
    assert [r["seat"] for r in outcome["ranking"]] == sorted(
        range(n), key=lambda s: (outcome["ranks"][s], s)
    )
    for player in state["players"]:
        assert len(player["display"]) == 7
        assert len(player["hand"]) == 2

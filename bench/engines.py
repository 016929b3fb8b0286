"""Engine figures: random playouts per second and the cost of rebuilding a match from its record.

Pure Python, no database: every game and player count of the registry's playable games plays
seeded random games (`random.Random`), and the recorded moves are then replayed through the
engine the way the site rebuilds a match (`setup` + `apply_in_place` per move, as the replay
page does) and the way `play_record` does (`apply`, which copies the state each move).
"""

from __future__ import annotations

import random
import statistics
import time
from typing import Any

from games.registry import playable_games
from games.rules import RECORD_FORMAT, engine_for, play_record

REBUILD_MOVES = 500

ENGINE_ONLY: tuple[tuple[str, range], ...] = (("isle_of_cats", range(1, 5)),)
"""Games whose engine is finished but whose table is not playable yet: (slug, seat counts)."""

SEEDED_GAMES = 500
"""Checked seeded random games per seat count of an engine-only game (issue 21); 20 if quick."""


def _random_game(engine: Any, seats: int, seed: int, rng: random.Random) -> list[tuple[int, Any]]:
    state = engine.setup(seats, {}, seed)
    moves: list[tuple[int, Any]] = []
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        engine.apply_in_place(state, seat, move)
        moves.append((seat, move))
    return moves


def playouts(slug: str, seats: int, seconds: float) -> dict[str, Any]:
    """Complete random games (legal_moves + a random choice + apply) for about `seconds`."""
    engine = engine_for(slug)
    rng = random.Random(f"bench/{slug}/{seats}")
    games: list[tuple[int, list[tuple[int, Any]]]] = []
    started = time.perf_counter()
    while time.perf_counter() - started < seconds or len(games) < 3:
        seed = rng.getrandbits(64)
        games.append((seed, _random_game(engine, seats, seed, rng)))
    elapsed = time.perf_counter() - started
    lengths = [len(moves) for _seed, moves in games]
    # Applying alone: replay the same games without choosing moves.
    started = time.perf_counter()
    for seed, moves in games:
        state = engine.setup(seats, {}, seed)
        for seat, move in moves:
            engine.apply_in_place(state, seat, move)
    apply_elapsed = time.perf_counter() - started
    return {
        "game": slug,
        "seats": seats,
        "games": len(games),
        "games_per_s": len(games) / elapsed,
        "playout_moves_per_s": sum(lengths) / elapsed,
        "apply_moves_per_s": sum(lengths) / apply_elapsed,
        "moves_per_game": statistics.mean(lengths),
        "longest_game": max(lengths),
        "_games": games,
    }


def rebuild(slug: str, seats: int, games: list[tuple[int, list[tuple[int, Any]]]]) -> dict:
    """Rebuild 500 moves' worth of state from records: consecutive recorded games (each with its
    own `setup`) until 500 moves, since no game here lasts 500 moves."""
    engine = engine_for(slug)
    records: list[dict[str, Any]] = []
    total = 0
    for seed, moves in games:
        take = moves[: REBUILD_MOVES - total]
        records.append(
            {
                "format": RECORD_FORMAT,
                "game": slug,
                "seats": [f"p{n}" for n in range(seats)],
                "options": {},
                "seed": seed,
                "stack": None,
                "moves": [{"seat": seat, "move": move} for seat, move in take],
            }
        )
        total += len(take)
        if total >= REBUILD_MOVES:
            break

    def fold() -> None:
        for record in records:
            state = engine.setup(seats, {}, record["seed"])
            for entry in record["moves"]:
                engine.apply_in_place(state, entry["seat"], entry["move"])

    def replayed() -> None:
        for record in records:
            play_record(record)

    def best_of(function: Any, rounds: int = 7) -> float:
        times = []
        for _ in range(rounds):
            started = time.perf_counter()
            function()
            times.append(time.perf_counter() - started)
        return statistics.median(times) * 1000

    longest_seed, longest = max(games, key=lambda game: len(game[1]))

    def one_match() -> None:
        state = engine.setup(seats, {}, longest_seed)
        for seat, move in longest:
            engine.apply_in_place(state, seat, move)

    return {
        "game": slug,
        "seats": seats,
        "moves": total,
        "records": len(records),
        "fold_ms": best_of(fold),
        "play_record_ms": best_of(replayed),
        "longest_match_moves": len(longest),
        "longest_match_ms": best_of(one_match),
    }


def isle_of_cats_playouts(seats: int, count: int) -> dict[str, Any]:
    """The Isle of Cats row: `count` complete games from seeds 0.. (random legal moves, as in
    `playouts`), each checked at its end (every tile and card still accounted for, a result)
    and replayed move by move to the same final state; the replays time `apply` alone."""
    from games.isle_of_cats.components import CARD_IDS, CAT_IDS, COMMON_IDS, OSHAX_IDS, RARE_IDS
    from games.isle_of_cats.tests.isle_of_cats_helpers import all_cards, all_tiles

    engine = engine_for("isle_of_cats")
    tiles = sorted(CAT_IDS + OSHAX_IDS + COMMON_IDS + RARE_IDS)
    kept: list[tuple[int, list[tuple[int, Any]]]] = []
    lengths = []
    elapsed = apply_elapsed = 0.0
    for seed in range(count):
        started = time.perf_counter()
        rng = random.Random(seed)
        state = engine.setup(seats, {}, seed)
        moves: list[tuple[int, Any]] = []
        while not engine.is_over(state):
            seat = rng.choice(sorted(engine.to_act(state)))
            move = rng.choice(engine.legal_moves(state, seat))
            engine.apply_in_place(state, seat, move)
            moves.append((seat, move))
        elapsed += time.perf_counter() - started
        cards = sorted(c for c in CARD_IDS if c not in state["excluded_cards"])
        if sorted(all_cards(state)) != cards or sorted(all_tiles(state)) != tiles:
            raise AssertionError(f"isle_of_cats {seats}p seed {seed}: a tile or card went missing")
        if engine.result(state) is None:
            raise AssertionError(f"isle_of_cats {seats}p seed {seed}: no result")
        started = time.perf_counter()
        replay = engine.setup(seats, {}, seed)
        for seat, move in moves:
            engine.apply_in_place(replay, seat, move)
        apply_elapsed += time.perf_counter() - started
        if replay != state:
            raise AssertionError(f"isle_of_cats {seats}p seed {seed}: the replay differs")
        lengths.append(len(moves))
        if len(kept) < 10:  # enough recorded games for the 500-move rebuild
            kept.append((seed, moves))
    return {
        "game": "isle_of_cats",
        "seats": seats,
        "games": count,
        "games_per_s": count / elapsed,
        "playout_moves_per_s": sum(lengths) / elapsed,
        "apply_moves_per_s": sum(lengths) / apply_elapsed,
        "moves_per_game": statistics.mean(lengths),
        "longest_game": max(lengths),
        "_games": kept,
    }


def _seat_counts() -> list[tuple[str, range, bool]]:
    """(slug, seat counts, engine only) for every game whose engine the bench measures."""
    games = [(info.slug, info.seat_choices, False) for info in playable_games()]
    playable = {slug for slug, _seats, _only in games}
    return games + [(slug, seats, True) for slug, seats in ENGINE_ONLY if slug not in playable]


def run(*, quick: bool) -> dict[str, Any]:
    seconds = 0.3 if quick else 2.0
    rows = []
    rebuilds = []
    for slug, seat_counts, engine_only in _seat_counts():
        for seats in seat_counts:
            if engine_only:
                row = isle_of_cats_playouts(seats, 20 if quick else SEEDED_GAMES)
            else:
                row = playouts(slug, seats, seconds)
            games = row.pop("_games")
            rows.append(row)
            if seats == max(seat_counts):
                # Enough recorded games for 500 moves.
                while sum(len(moves) for _seed, moves in games) < REBUILD_MOVES:
                    extra = playouts(slug, seats, 0.05)["_games"]
                    games.extend(extra)
                rebuilds.append(rebuild(slug, seats, games))
    return {"playouts": rows, "rebuild": rebuilds}

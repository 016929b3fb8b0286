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


SEEDED_GAMES = {"space_bastards": 500, "isle_of_cats": 500}
"""Games whose playout rows play exactly this many seeded games per player count (seeds 0..n-1)
and check each one: it ends, and replaying its moves from the seed reaches the same state.
The game's own test suite keeps a smaller count (the CI machine is slow); this is the full run."""


def _random_game(engine: Any, seats: int, seed: int, rng: random.Random) -> list[tuple[int, Any]]:
    state = engine.setup(seats, {}, seed)
    moves: list[tuple[int, Any]] = []
    while not engine.is_over(state):
        seat = rng.choice(sorted(engine.to_act(state)))
        move = rng.choice(engine.legal_moves(state, seat))
        engine.apply_in_place(state, seat, move)
        moves.append((seat, move))
    return moves


def playouts(slug: str, seats: int, seconds: float, count: int | None = None) -> dict[str, Any]:
    """Complete random games (legal_moves + a random choice + apply) for about `seconds`,
    or exactly `count` games from seeds 0..count-1, each then checked by `_replays_alike`."""
    engine = engine_for(slug)
    rng = random.Random(f"bench/{slug}/{seats}")
    games: list[tuple[int, list[tuple[int, Any]]]] = []
    started = time.perf_counter()
    if count is not None:
        for seed in range(count):
            games.append((seed, _random_game(engine, seats, seed, random.Random(seed))))
    while count is None and (time.perf_counter() - started < seconds or len(games) < 3):
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
    if count is not None:
        _replays_alike(engine, seats, games)
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


def _replays_alike(engine: Any, seats: int, games: list[tuple[int, list[tuple[int, Any]]]]) -> None:
    """Each game ended, and two replays of its moves from the seed reach the same state, in
    which every component is still accounted for (`_conserved`)."""
    for seed, moves in games:
        first = engine.setup(seats, {}, seed)
        second = engine.setup(seats, {}, seed)
        for seat, move in moves:
            engine.apply_in_place(first, seat, move)
            second, _events = engine.apply(second, seat, move)
        if not engine.is_over(first) or first != second:
            raise AssertionError(f"{engine.__name__} seed {seed}: replay differs or never ended")
        if not _conserved(engine.__name__, first):
            raise AssertionError(f"{engine.__name__} seed {seed}: a tile or card went missing")


def _conserved(module: str, state: dict[str, Any]) -> bool:
    """The Isle of Cats: every tile and every card in play is still in exactly one place."""
    if not module.startswith("games.isle_of_cats"):
        return True
    from games.isle_of_cats.components import CARD_IDS, CAT_IDS, COMMON_IDS, OSHAX_IDS, RARE_IDS
    from games.isle_of_cats.tests.isle_of_cats_helpers import all_cards, all_tiles

    cards = sorted(c for c in CARD_IDS if c not in state["excluded_cards"])
    tiles = sorted(CAT_IDS + OSHAX_IDS + COMMON_IDS + RARE_IDS)
    return sorted(all_cards(state)) == cards and sorted(all_tiles(state)) == tiles


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


def run(*, quick: bool) -> dict[str, Any]:
    seconds = 0.3 if quick else 2.0
    rows = []
    rebuilds = []
    for info in playable_games():
        for seats in info.seat_choices:
            count = SEEDED_GAMES.get(info.slug)
            if count is not None and quick:
                count //= 20
            row = playouts(info.slug, seats, seconds, count)
            games = row.pop("_games")
            rows.append(row)
            if seats == info.max_players:
                # Enough recorded games for 500 moves.
                while sum(len(moves) for _seed, moves in games) < REBUILD_MOVES:
                    extra = playouts(info.slug, seats, 0.05)["_games"]
                    games.extend(extra)
                rebuilds.append(rebuild(info.slug, seats, games))
    return {"playouts": rows, "rebuild": rebuilds}

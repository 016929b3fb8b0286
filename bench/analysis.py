"""What the analysis of a finished match costs and how far its estimates can be trusted
(issue 36): pure engines, no database, one process (one core).

`python -m bench.analysis [--matches N] [--game SLUG ...] [--seconds S | --iterations N]
[--every K]` plays, per game at its usual seat count, N seeded matches in which seat 0 is an
`easy` bot (a beginner's near misses, for a player's mistakes) and the others `normal` ones,
then analyses seat 0's moves as the worker would (`games.analysis.analyse`, `--seconds` of
process time a judged move, default `MOVE_SECONDS`) twice, with two seeds (with `--every K`,
only one in K of seat 0's moves, from its first: the same moves both times, for a machine too
busy for them all), and prints:

- moves: seat 0's moves in the match, and how many of them were forced (not searched);
- CPU s: process time of one analysis of the match, and per 100 moves (issue 36: about a
  minute of one core for a 100-move match);
- noise: between the two seeds, the mean and the largest difference of the estimate after the
  move played (in points of the chance to win), and the share of moves given the same mark;
- marks: inaccuracies / mistakes / blunders found in the first analysis.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import time
from collections.abc import Sequence
from typing import Any

import django

from games import analysis, bots
from games.rules import RECORD_FORMAT

MOVE_CAP = 5000


def modules(game: Any) -> tuple[Any, Any]:
    """The game's engine and bot, its optional parts filled (as the worker finds them)."""
    return game.engine, game.bot


def record(game: Any, seed: int) -> dict[str, Any]:
    """A seeded match: seat 0 an easy bot, the others normal ones."""
    engine, bot = modules(game)
    seats = game.default_seats
    state = engine.setup(seats, {}, seed)
    rng = random.Random(seed)
    moves: list[dict[str, Any]] = []
    while not engine.is_over(state) and len(moves) < MOVE_CAP:
        seat = min(engine.to_act(state))
        level = "easy" if seat == 0 else "normal"
        move = bots.choose_move(engine, bot, state, seat, rng, level)
        moves.append({"seat": seat, "move": move})
        engine.apply_in_place(state, seat, move)
    return {
        "format": RECORD_FORMAT,
        "game": game.slug,
        "seats": [f"seat {seat}" for seat in range(seats)],
        "options": {},
        "seed": seed,
        "stack": None,
        "moves": moves,
    }


def analysed(
    game: Any, match: dict[str, Any], seed: int, args: argparse.Namespace
) -> tuple[list[analysis.Judgement], float]:
    """Seat 0's judgements and the process time they took."""
    engine, bot = modules(game)
    mine = [index for index, entry in enumerate(match["moves"]) if entry["seat"] == 0]
    skipped = set(mine) - set(mine[:: args.every])
    started = time.process_time()
    judged = list(
        analysis.analyse(
            engine,
            bot,
            match,
            {0},
            seed=seed,
            iterations=args.iterations,
            seconds=None if args.iterations else args.seconds,
            done=skipped,
        )
    )
    return judged, time.process_time() - started


def line(game: Any, match: dict[str, Any], args: argparse.Namespace) -> str:
    """One match's row of the table."""
    first, cpu = analysed(game, match, 1, args)
    second, _cpu = analysed(game, match, 2, args)
    pairs = [(a, b) for a, b in zip(first, second, strict=True) if a.after is not None]
    gaps = [abs(a.after - b.after) for a, b in pairs if b.after is not None]
    same = sum(a.verdict == b.verdict for a, b in pairs)
    forced = sum(j.verdict == "forced" for j in first)
    marks = "/".join(
        str(sum(j.verdict == name for j in first)) for name in ("inaccuracy", "mistake", "blunder")
    )
    per_hundred = 100 * cpu / max(1, len(first))
    noise = (
        f"{100 * statistics.mean(gaps):4.1f} {100 * max(gaps):5.1f} {same / len(pairs):5.0%}"
        if pairs
        else "   -     -      -"
    )
    return (
        f"{game.slug:15} {match['seed']:4} {len(first):5} {forced:6} {cpu:6.1f} {per_hundred:6.1f}"
        f"   {noise}   {marks}"
    )


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.analysis", description=__doc__)
    parser.add_argument("--matches", type=int, default=1, help="matches per game")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seconds", type=float, default=analysis.MOVE_SECONDS)
    parser.add_argument("--iterations", type=int, help="playouts a judged move (reproducible)")
    parser.add_argument("--every", type=int, default=1, help="judge every K-th move of seat 0")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    django.setup()
    from games.registry import playable_games  # the games' names need the settings

    budget = f"{args.iterations} playouts" if args.iterations else f"{args.seconds} s"
    every = f", 1 in {args.every} of its moves" if args.every > 1 else ""
    print(f"seat 0 (easy) judged at {budget} a move{every}; noise between seeds 1 and 2")
    print("game            seed moves forced  CPU s /100mv   noise: mean   max  same   i/m/b")
    for game in playable_games():
        if args.game and game.slug not in args.game:
            continue
        for seed in range(args.matches):
            print(line(game, record(game, seed), args), flush=True)


if __name__ == "__main__":
    main()

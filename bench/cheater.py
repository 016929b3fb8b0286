"""A ceiling for the bots (issue 35): the strong level's search, told the true state instead
of drawing states from its seat's view (a "cheater" who sees every hand, goal and the deck),
against bots of another level. What it cannot win, no fair bot will.

`python -m bench.cheater --game SLUG [--seats N ...] [--rest random|easy|normal] [--games N]
[--iterations N | --seconds S]`: one cheater against `N - 1` bots at `--rest`, its seat
turning round; its win share with the 95 % Wilson interval. Pure engines, one process.
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Sequence
from typing import Any

from bench.levels import wilson
from games import bots
from games.rules import copy_state, engine_for


class Seeing:
    """The engine, but `sample_state` gives the true state it was made with."""

    def __init__(self, engine: Any, state: dict[str, Any]) -> None:
        self.engine = engine
        self.state = state

    def __getattr__(self, name: str) -> Any:
        return getattr(self.engine, name)

    def sample_state(self, shown: Any, seat: int, rng: random.Random) -> dict[str, Any]:
        sample: dict[str, Any] = copy_state(self.state)
        return sample


def game(slug: str, seats: int, cheater: int, seed: int, args: argparse.Namespace) -> float:
    """One seeded game; the cheater's share of the win."""
    from games.registry import GAMES  # its labels need the settings

    engine = engine_for(slug)
    bot = GAMES[slug].bot
    state = engine.setup(seats, {}, seed)
    for number in range(5000):
        if engine.is_over(state):
            winners = engine.result(state)["winners"]
            return 1.0 / len(winners) if cheater in winners else 0.0
        seat = min(engine.to_act(state))
        rng = random.Random(f"{slug}/{seed}/{number}/{seat}")
        if seat == cheater:
            move = bots.choose_move(
                Seeing(engine, state),
                bot,
                state,
                seat,
                rng,
                "strong",
                iterations=args.iterations,
                seconds=None if args.iterations else args.seconds,
                clock=time.process_time,
            )
        elif args.rest == "random":
            move = rng.choice(engine.legal_moves(state, seat))
        else:
            move = bots.choose_move(engine, bot, state, seat, rng, args.rest)
        engine.apply_in_place(state, seat, move)
    return 0.0


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.cheater", description=__doc__)
    parser.add_argument("--game", required=True)
    parser.add_argument("--seats", type=int, action="append", help="seat count (repeatable)")
    parser.add_argument("--rest", default="random", choices=("random", "easy", "normal"))
    parser.add_argument("--games", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=bots.STRONG_SECONDS)
    parser.add_argument("--iterations", type=int, help="playouts a decision (reproducible)")
    parser.add_argument("--verbose", action="store_true", help="print the tally after each game")
    args = parser.parse_args(argv)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    for seats in args.seats or [2]:
        won = 0.0
        for number in range(args.games):
            won += game(args.game, seats, number % seats, number, args)
            if args.verbose:
                print(f"  {seats} seats: {won:g} of {number + 1}", flush=True)
        low, high = wilson(won / args.games, args.games)
        print(
            f"| {args.game}, {seats} seats: cheater vs {args.rest} | {100 * won / args.games:.0f} %"
            f" ({100 * low:.0f}–{100 * high:.0f}), {args.games} games, fair {100 / seats:.0f} % |",
            flush=True,
        )


if __name__ == "__main__":
    main()

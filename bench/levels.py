"""The bots' levels against each other (issue 35): seeded bot-only games of the pure engines on
one core, no database.

`python -m bench.levels [--games N] [--quick] [--game SLUG ...] [--only PART,...]` prints, per
game and seat count:

- `strong-normal`: one strong bot against normal ones (two seats, and Kosmodraci's three);
  `normal-random`, `easy-random`, `normal-easy`: one bot of the first level against bots of
  the second at every seat count; `strong-easy`, `strong-random`: what the strong level wins
  against them, where strong-normal is played. The single bot's win share with its 95 %
  Wilson interval, ties split; its seat turns round from game to game (seeds from
  `--first-seed`, default 0). The fair share is 1/seats.
- `seats`: normal bots only; each seat's win share (fair: 1/seats).
- `solo`: Ostrov koček alone, each level against the sister at every difficulty.
- `ends`: `--ends` seeded games (default 1,000) per seat count, the lone game against the
  sister included (its difficulty turning round), with a move cap, for each of
  `--ends-levels` (default `easy,normal,mixed`; `mixed` draws each seat's level among easy and
  normal): how many end, and the longest game in moves.
- decision time per level: median, p99 and max of the process time of one decision
  (`time.process_time()`, so a busy machine does not inflate it).

The strong level thinks `--seconds` (default `games.bots.STRONG_SECONDS`, the site's budget)
of this process's CPU time per decision, as the site gives it wall time: the figures do not
depend on the load of the machine, but they are not exactly reproducible;
`--iterations N` makes them so (a fixed number of playouts a decision).
"""

from __future__ import annotations

import argparse
import math
import os
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from typing import Any

from games import bots
from games.rules import engine_for

PARTS = (
    "strong-normal",
    "strong-easy",
    "strong-random",
    "normal-random",
    "easy-random",
    "normal-easy",
    "seats",
    "solo",
    "ends",
)
MOVE_CAP = 5000
"""Moves after which a bot-only game counts as never ending (the longest end within 500)."""
SOLO_DIFFICULTIES = "0,1,2,3,4"
"""Ostrov koček's `solo_hard_lessons`: lowest, medium, high, very high, highest."""
Z95 = 1.959964


class Tally:
    """Win shares and decision times gathered over many games."""

    def __init__(self) -> None:
        self.times: dict[str, list[float]] = {}
        self.lengths: list[int] = []
        """Moves of each game played, in order (a game at the cap counts the cap)."""

    def timed(
        self, level: str, decide: Callable[..., dict[str, Any]], *args: Any
    ) -> dict[str, Any]:
        """`decide(*args)`, its process time counted for `level`."""
        started = time.process_time()
        move = decide(*args)
        self.times.setdefault(level, []).append(time.process_time() - started)
        return move


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95 % Wilson score interval of a share observed in `n` games."""
    if n == 0:
        return (0.0, 1.0)
    centre = share + Z95 * Z95 / (2 * n)
    spread = Z95 * math.sqrt(share * (1 - share) / n + Z95 * Z95 / (4 * n * n))
    scale = 1 + Z95 * Z95 / n
    return (max(0.0, (centre - spread) / scale), min(1.0, (centre + spread) / scale))


def _decide(
    slug: str,
    level: str,
    state: dict[str, Any],
    seat: int,
    rng: random.Random,
    args: argparse.Namespace,
) -> dict[str, Any]:
    engine = engine_for(slug)
    if level == "random":
        return rng.choice(engine.legal_moves(state, seat))
    from games.registry import GAMES  # its labels need the settings (`run` names them)

    bot = GAMES[slug].bot
    return bots.choose_move(
        engine,
        bot,
        state,
        seat,
        rng,
        level,
        iterations=args.iterations,
        seconds=None if args.iterations else args.seconds,
        clock=time.process_time,
    )


def play(
    slug: str,
    levels: Sequence[str],
    seed: int,
    tally: Tally,
    args: argparse.Namespace,
    options: dict[str, Any] | None = None,
) -> dict[str, Any] | None:
    """One seeded game, seat `i` played at `levels[i]`, the lowest seat that must act moving
    first as the site drives bots; its result, or None if it reached the move cap."""
    engine = engine_for(slug)
    state = engine.setup(len(levels), options or {}, seed)
    for number in range(MOVE_CAP):
        if engine.is_over(state):
            tally.lengths.append(number)
            result: dict[str, Any] = engine.result(state)
            return result
        seat = min(engine.to_act(state))
        level = levels[seat]
        rng = random.Random(f"{slug}/{seed}/{number}/{seat}")
        move = tally.timed(level, _decide, slug, level, state, seat, rng, args)
        engine.apply_in_place(state, seat, move)
    tally.lengths.append(MOVE_CAP)
    return None


def _share(result: dict[str, Any] | None, seat: int) -> float:
    """The seat's share of the win; a game that never ended wins nobody anything."""
    if result is None:
        return 0.0
    winners = result["winners"]
    return 1.0 / len(winners) if seat in winners else 0.0


def one_against(
    slug: str, seats: int, one: str, rest: str, tally: Tally, args: argparse.Namespace
) -> str:
    """One bot at level `one` against `seats - 1` at `rest`, its seat turning round."""
    won = 0.0
    unfinished = 0
    for game in range(args.games):
        seat = game % seats
        levels = [one if s == seat else rest for s in range(seats)]
        result = play(slug, levels, args.first_seed + game, tally, args)
        unfinished += result is None
        won += _share(result, seat)
        if args.verbose:
            print(f"  {one} vs {rest}, {seats} seats: {won:g} of {game + 1}", flush=True)
            print("  " + times(tally)[-1], flush=True)
    return _row(f"{one} vs {rest}", won, args.games, seats, unfinished)


def by_seat(slug: str, seats: int, tally: Tally, args: argparse.Namespace) -> str:
    """Normal bots only: each seat's share of the wins."""
    won = [0.0] * seats
    for game in range(args.games):
        result = play(slug, ["normal"] * seats, args.first_seed + game, tally, args)
        for seat in range(seats):
            won[seat] += _share(result, seat)
    fair = 100 / seats
    shares = " / ".join(f"{100 * w / args.games:.0f}" for w in won)
    worst = max(abs(100 * w / args.games - fair) for w in won)
    return (
        f"| normal bots' wins by seat | {shares} % (fair {fair:.0f} %, worst off by {worst:.0f}) |"
    )


def solo(slug: str, level: str, tally: Tally, args: argparse.Namespace) -> str:
    """One level against the sister at every difficulty."""
    cells = []
    for hard in args.difficulties:
        won = 0.0
        for game in range(args.games):
            result = play(slug, [level], game, tally, args, {"solo_hard_lessons": hard})
            won += _share(result, 0)
            if args.verbose:
                print(f"  {level} vs the sister at {hard}: {won:g} of {game + 1}", flush=True)
        low, high = wilson(won / args.games, args.games)
        cells.append(f"{100 * won / args.games:.0f} % ({100 * low:.0f}–{100 * high:.0f})")
    shown = ", ".join(map(str, args.difficulties))
    return f"| {level} vs the sister, difficulty {shown} | " + " · ".join(cells) + " |"


def ends(slug: str, counts: Sequence[int], tally: Tally, args: argparse.Namespace) -> list[str]:
    """Seeded bot-only games at each seat count and level of `--ends-levels` (`mixed`: each
    seat's level drawn among easy and normal), alone against the sister at each difficulty in
    turn: how many end, and the longest. The k-th games of every seat count and level are
    played before the (k+1)-th, so a run stopped early still covers all of them."""
    cells = [
        (seats, mix)
        for seats in counts
        for mix in args.ends_levels.split(",")
        if mix != "mixed" or seats > 1
    ]
    ended = dict.fromkeys(cells, 0)
    longest = dict.fromkeys(cells, 0)
    for game in range(args.ends):
        for seats, mix in cells:
            pick = random.Random(f"ends/{slug}/{seats}/{game}")
            levels = [mix] * seats
            if mix == "mixed":
                levels = [pick.choice(("easy", "normal")) for _ in range(seats)]
            options = {"solo_hard_lessons": game % 5} if seats == 1 else {}
            ended[seats, mix] += play(slug, levels, game, tally, args, options) is not None
            longest[seats, mix] = max(longest[seats, mix], tally.lengths[-1])
        if args.verbose:
            shown = ", ".join(f"{n} {m} {ended[n, m]}/{longest[n, m]}" for n, m in cells)
            print(f"  after {game + 1} games: ended/longest {shown}", flush=True)
    return [
        f"| {seats} | {mix} | {ended[seats, mix]} of {args.ends} | {longest[seats, mix]} |"
        for seats, mix in cells
    ]


def _row(label: str, won: float, games: int, seats: int, unfinished: int) -> str:
    share = won / games
    low, high = wilson(share, games)
    never = f", {unfinished} never ended" if unfinished else ""
    return (
        f"| {label} | {100 * share:.0f} % ({100 * low:.0f}–{100 * high:.0f}), "
        f"{games} games{never}, fair {100 / seats:.0f} % |"
    )


def times(tally: Tally) -> list[str]:
    rows = ["| level | decisions | median | p99 | max |", "|---|---|---|---|---|"]
    for level in ("easy", "normal", "strong"):
        spent = sorted(tally.times.get(level, []))
        if not spent:
            continue
        p99 = spent[min(len(spent) - 1, math.ceil(0.99 * len(spent)) - 1)]
        rows.append(
            f"| {level} | {len(spent)} | {1000 * statistics.median(spent):.1f} ms "
            f"| {1000 * p99:.1f} ms | {1000 * spent[-1]:.1f} ms |"
        )
    return rows


def run(args: argparse.Namespace) -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    from games.registry import playable_games  # its labels need the settings

    parts = set(args.only.split(",")) if args.only else set(PARTS)
    for info in playable_games():
        slug = info.slug
        if args.game and slug not in args.game:
            continue
        tally = Tally()
        print(f"\n### {slug}\n", flush=True)
        choices = [n for n in info.seat_choices if not args.seats or n in args.seats]
        counts = [n for n in choices if n > 1]
        for seats in counts:
            rows = [f"| {seats} seats | win share (95 % interval) |", "|---|---|"]
            pairs = [
                ("normal", "random", "normal-random"),
                ("easy", "random", "easy-random"),
                ("normal", "easy", "normal-easy"),
            ]
            if seats == counts[0] or args.strong_everywhere:
                pairs[:0] = [
                    ("strong", "normal", "strong-normal"),
                    ("strong", "easy", "strong-easy"),
                    ("strong", "random", "strong-random"),
                ]
            for one, rest, part in pairs:
                if part in parts:
                    rows.append(one_against(slug, seats, one, rest, tally, args))
            if "seats" in parts:
                rows.append(by_seat(slug, seats, tally, args))
            if len(rows) > 2:
                print("\n".join(rows) + "\n", flush=True)
        if 1 in choices and "solo" in parts:
            rows = ["| alone | wins (95 % interval) |", "|---|---|"]
            for level in args.solo_levels.split(","):
                rows.append(solo(slug, level, tally, args))
            print("\n".join(rows) + "\n", flush=True)
        if "ends" in parts and args.ends:
            rows = [
                "| seats | levels | bot-only games that end | longest (moves) |",
                "|---|---|---|---|",
            ]
            rows += ends(slug, choices, tally, args)
            print("\n" + "\n".join(rows) + "\n", flush=True)
        print("\n".join(times(tally)), flush=True)


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m bench.levels", description=__doc__)
    parser.add_argument("--games", type=int, default=100, help="games per figure")
    parser.add_argument(
        "--first-seed", type=int, default=0, help="the first game's seed (tuning: not 0-99)"
    )
    parser.add_argument("--ends", type=int, default=1000, help="games per seat count that must end")
    parser.add_argument(
        "--ends-levels", default="easy,normal,mixed", help="the levels of the games that must end"
    )
    parser.add_argument("--quick", action="store_true", help="20 games a figure, 50 that end")
    parser.add_argument("--game", action="append", help="only this game (repeatable)")
    parser.add_argument("--seats", type=int, action="append", help="only this seat count")
    parser.add_argument("--only", help=f"only these parts, comma-separated: {','.join(PARTS)}")
    parser.add_argument("--seconds", type=float, default=bots.STRONG_SECONDS)
    parser.add_argument("--iterations", type=int, help="playouts a strong decision (reproducible)")
    parser.add_argument(
        "--strong-everywhere", action="store_true", help="strong vs normal at every seat count"
    )
    parser.add_argument(
        "--difficulties", default=SOLO_DIFFICULTIES, help="the sister's levels, comma-separated"
    )
    parser.add_argument(
        "--solo-levels", default="easy,normal,strong", help="bot levels against the sister"
    )
    parser.add_argument("--verbose", action="store_true", help="print the tally after each game")
    args = parser.parse_args(argv)
    args.difficulties = [int(d) for d in args.difficulties.split(",")]
    if args.quick:
        args.games = min(args.games, 20)
        args.ends = min(args.ends, 50)
    started = time.process_time()
    run(args)
    print(f"\n({time.process_time() - started:.0f} s of one core)", file=sys.stderr)


if __name__ == "__main__":
    main()

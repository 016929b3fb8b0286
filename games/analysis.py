"""Where did I lose? (issue 36): the strong search's judgement of every move a player made in a
finished match.

Each move is judged from the mover's view at that moment only: the position is redrawn from
`view(state, seat)` by the engine's `sample_state` before anything else reads it, so the
analysis cannot know a card the mover could not see (two true states that look alike to the
mover are analysed alike). The search (`games.search`) compares the move played with the
moves the strong level would consider, the played one as its default, and prefers another only
where it beats the played one on the same deals by more than chance would. It plays each deal
on as the strong bot does (the game's playout policy, or a cheaper one the game offers for the
analysis, `analysis_move`, and, where the game stops a playout early, its estimate of the
standing it will end in, `playout_standing`) and ranks the moves by the strong bot's measure
(the win, and a little for the margin: `games.search.outcome`).

Its budget (issue 36: a 100-move match in about a minute of one core) is `MOVE_SECONDS` a judged
move, but at least `LEAST_DEALS` deals, so that luck on one or two deals marks nothing; a move
whose deals have all ended alike stops sooner (`SETTLED`), and none goes past `MOVE_CEILING`.

The estimates are chances to win, 0 to 1 (`games.search.chance`): the share of the sampled
deals the seat wins after the move, a first place shared by k seats (or with the solo sister)
counting 1/k. The margin is no part of them, so in a match won or lost either way no move
costs anything, however much it moved the score.

Pure like the engines: no Django, no I/O; randomness only from seeded `random.Random`s (one per
move, so that an analysis stopped half-way and resumed gives what an unbroken one gives), time
only from the clock passed in.
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Callable, Collection, Iterator
from dataclasses import dataclass
from typing import Any

from games.bots import candidates
from games.rules import IllegalMove
from games.search import search

State = dict[str, Any]
Move = dict[str, Any]

MOVE_SECONDS = 0.5
"""Thinking time per judged move in production, on a clock of CPU time: a 100-move match
(issue 36) in about a minute of one core, candidates and replay included."""

LEAST_DEALS = 12
"""Sampled deals every move judged by time is compared on, past its budget if need be (unless
they settle sooner, `SETTLED`, or reach `MOVE_CEILING`): where one round of playouts takes most
of the budget (a first draft), one or two deals would call a move a blunder by luck (measured:
estimates 70 points apart between two seeds)."""

SETTLED = 0.02
"""The standard error (of the move played's chance, and of each rival's difference from it)
below which a move's search stops, after `games.search.SETTLING` deals, before its time or
`LEAST_DEALS`: where every deal so far ended alike (a match won or lost whatever the move)
more deals would tell little new."""

MOVE_CEILING = 1.5
"""Seconds of a judged move's search beyond which not even `LEAST_DEALS` are played out:
where a round of playouts is slow (an early move of a long game) the least deals alone would
take the match's analysis far past its minute."""

INACCURACY = 0.05
"""What a move may cost (the drop in the chance to win, 0-1, from the preferred move to the one
played) before it is marked: below five points a difference is within what the sampled deals
can tell apart, and no player would call it an error.

The three marks are lichess's, which reads the drop in its win% (0.1, 0.2 and 0.3 of its
winning chances on a -1 to 1 scale: 5, 10 and 15 points). Measured on `bench/analysis.py`'s
records (151 judged moves of four games, 60 playouts a move, the old measure and the chance
side by side on the same deals): both mark the same 32 moves; the margin the old measure carried
made up under 1 point of a cost on average, 5 at most, and in 70 moves took the estimate below 0 or
above 1. Marked at 5/10/20 as the old measure was, one blunder (23 points with the margin, 20
without) would become a mistake; at 5/10/15 two mistakes of 17 and 19 points become blunders
(16 and 18)."""
MISTAKE = 0.10
"""A cost a player notices at the end: one game in ten given away."""
BLUNDER = 0.15
"""A cost that takes an even two-seat match most of the way to a likely loss, or half the
chance of a seat among three or four."""
LIMITS = {"blunder": BLUNDER, "mistake": MISTAKE, "inaccuracy": INACCURACY}
"""The marks, worst first, by the least cost that earns each."""

VERDICTS = ("good", "inaccuracy", "mistake", "blunder", "forced")
"""How a move is judged: by its cost against the thresholds, or "forced" (the only legal
move, not searched)."""


@dataclass(frozen=True)
class Judgement:
    """One move of a judged seat: where it stood, what it played and what the search preferred."""

    index: int
    """The move's place in the record's moves."""
    seat: int
    before: float | None
    """The seat's estimated chance before the move: the preferred move's estimate (None for a
    forced move)."""
    after: float | None
    """The estimate of the move played."""
    preferred: Move | None
    """The move the search preferred (the one played where none was surely better)."""
    verdict: str

    @property
    def cost(self) -> float:
        """The chance the move gave away (0 where the move played is the preferred one)."""
        if self.before is None or self.after is None:
            return 0.0
        return max(0.0, self.before - self.after)


def verdict(cost: float) -> str:
    """The mark a move that gave away `cost` of the seat's chance earns."""
    return next((name for name, limit in LIMITS.items() if cost >= limit), "good")


def analyse(
    engine: Any,
    bot: Any,
    record: dict[str, Any],
    seats: Collection[int],
    *,
    seed: int = 0,
    iterations: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.process_time,
    done: Collection[int] = (),
) -> Iterator[Judgement]:
    """The judgement of every move of `seats` in `record` (a `boardgame-record/1`), in order,
    skipping the moves whose index is in `done` (already stored). Each move's search thinks
    `iterations` playouts (deterministic) or `seconds` on `clock` (default `MOVE_SECONDS`);
    moves the engine refuses are skipped as the replay skips them."""
    if iterations is None and seconds is None:
        seconds = MOVE_SECONDS
    state = engine.setup(
        len(record["seats"]), record.get("options") or {}, record["seed"], record.get("stack")
    )
    for index, entry in enumerate(record["moves"]):
        seat, move = entry["seat"], entry["move"]
        if seat in seats and index not in done and seat in engine.to_act(state):
            rng = random.Random(f"{seed}:{index}")
            yield judge(
                engine,
                bot,
                state,
                seat,
                move,
                rng,
                index=index,
                iterations=iterations,
                seconds=seconds,
                clock=clock,
            )
        try:
            engine.apply_in_place(state, seat, move)
        except IllegalMove:
            continue


def judge(
    engine: Any,
    bot: Any,
    state: State,
    seat: int,
    move: Move,
    rng: random.Random,
    *,
    index: int = 0,
    iterations: int | None = None,
    seconds: float | None = None,
    clock: Callable[[], float] = time.process_time,
) -> Judgement:
    """`move` of `seat` in `state`, judged from what the seat sees: the position the search and
    the candidates start from is drawn from `view(state, seat)`, never the true one."""
    position = engine.sample_state(engine.view(state, seat), seat, rng)
    legal = engine.legal_moves(position, seat)
    if len(legal) <= 1:
        return Judgement(index, seat, None, None, None, "forced")
    compared: dict[str, Move] = {_key(move): move}
    for candidate in candidates(engine, bot, position, seat, rng, legal):
        compared.setdefault(_key(candidate), candidate)
    moves = list(compared.values())
    chances: list[float] = []
    preferred = search(
        engine,
        position,
        seat,
        rng,
        candidates=moves,
        playout=bot.analysis_move,
        stage=bot.playout_stage,
        estimate=bot.playout_standing,
        iterations=iterations,
        seconds=seconds,
        clock=clock,
        chances=chances,
        least=LEAST_DEALS if iterations is None else 1,
        settled=SETTLED,
        ceiling=MOVE_CEILING,
    )
    after = chances[0]
    before = max(after, chances[moves.index(preferred)])
    return Judgement(index, seat, before, after, preferred, verdict(before - after))


def _key(move: Move) -> str:
    return json.dumps(move, sort_keys=True)

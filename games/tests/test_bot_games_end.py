"""Every bot-only game ends (issue 35): seeded games of bots alone, every game and seat count
(the Isle of Cats alone against the sister too), played through `games.bots.choose_move` as the
site drives bot turns (the lowest seat to act moves first), at easy, normal, easy and normal
mixed at one table, and one strong bot among normal ones on a one-round search budget. A game
that reaches its move cap fails, as does one whose moves, replayed from the seed, end elsewhere.

`BOT_GAMES_END` games per game, seat count and line-up (default 1, so the file costs about 25 s of
one core; each game's own bot tests play more easy and normal ones) and `BOT_GAMES_END_STRONG`
games with a strong bot per game (default 1);
`python -m bench.levels --only ends` plays 1,000 per game, seat count and level.
"""

from __future__ import annotations

import json
import os
import random
from typing import Any

import pytest

from games import bots
from games.registry import GAMES, GameInfo
from games.tests.example import EXAMPLE, with_example

GAMES_PER_LINEUP = int(os.environ.get("BOT_GAMES_END", "1"))
STRONG_GAMES = int(os.environ.get("BOT_GAMES_END_STRONG", "1"))
STRONG_ITERATIONS = 1
"""The strong bot's search plays one round (every candidate once): the cheapest real search."""
LINEUPS = ("easy", "normal", "mixed")
MOVE_CAP = {
    "example_game": 50,
    "isle_of_cats": 500,
    "kosmopolis": 250,
    "seven_dragons": 150,
    "space_bastards": 1000,
    "space_dragons": 150,
}
"""Moves after which a game counts as never ending: about twice the longest seeded bot-only
game at any seat count and level (`bench/README.md`, "The bots' levels"; the example game's
24 cards take 24 moves)."""

PLAYABLE = sorted(slug for slug, game in GAMES.items() if game.playable)
INFOS = [*(GAMES[slug] for slug in PLAYABLE), EXAMPLE]
CASES = [
    (info.slug, seats, mix)
    for info in INFOS
    for seats in info.seat_choices
    for mix in LINEUPS
    if mix != "mixed" or seats > 1
]
SLUGS = [info.slug for info in INFOS]


def lineup(mix: str, seats: int, seed: int) -> list[str]:
    """Each seat's level: all at `mix`, or (`mixed`) each drawn among easy and normal."""
    pick = random.Random(f"lineup/{seats}/{seed}")
    return [pick.choice(("easy", "normal")) if mix == "mixed" else mix for _ in range(seats)]


def play_to_the_end(info: GameInfo, levels: list[str], seed: int) -> int:
    """One seeded bot-only game, seat `i` at `levels[i]`, checked to end within the game's cap
    and to replay from the seed to the same state; its length in moves."""
    engine, bot, cap = info.engine, info.bot, MOVE_CAP[info.slug]
    options: dict[str, Any] = {"solo_hard_lessons": seed % 5} if len(levels) == 1 else {}
    state = engine.setup(len(levels), options, seed)
    start = json.dumps(state)
    played: list[tuple[int, dict[str, Any]]] = []
    while not engine.is_over(state):
        assert len(played) < cap, f"seed {seed}, levels {levels}: no end within {cap} moves"
        seat = min(engine.to_act(state))
        rng = random.Random(f"{seed}/{len(played)}/{seat}")  # as the site seeds a bot's turn
        level = levels[seat]
        move = bots.choose_move(engine, bot, state, seat, rng, level, iterations=STRONG_ITERATIONS)
        engine.apply_in_place(state, seat, move)
        played.append((seat, move))
    assert engine.to_act(state) == set()
    assert engine.result(state)["winners"]
    replay = json.loads(start)
    for seat, move in played:
        engine.apply_in_place(replay, seat, move)
    assert replay == state, f"seed {seed}, levels {levels}: the replay ends elsewhere"
    return len(played)


@pytest.mark.parametrize(
    ("slug", "seats", "mix"), with_example(CASES), ids=[f"{s}-{n}-{m}" for s, n, m in CASES]
)
def test_easy_normal_and_mixed_bots_play_every_game_to_its_end(slug, seats, mix):
    for seed in range(GAMES_PER_LINEUP):
        play_to_the_end(GAMES[slug], lineup(mix, seats, seed), seed)


@pytest.mark.parametrize("slug", with_example(SLUGS), ids=SLUGS)
def test_a_strong_bot_among_normal_ones_plays_every_game_to_its_end(slug):
    info = GAMES[slug]
    seats = info.seat_choices[0]
    for seed in range(STRONG_GAMES):
        strong = seed % seats
        levels = ["strong" if seat == strong else "normal" for seat in range(seats)]
        play_to_the_end(info, levels, seed)


@pytest.mark.parametrize("seed", [12, 176, 258, 303, 340])
@pytest.mark.parametrize("level", ["easy", "normal"])
def test_the_space_bastards_tables_that_never_ended_end(seed, level):
    """Issue 35: at these seeds three bots bounced a ship between two occupied teleports
    forever, driven as the site drives bot turns."""
    play_to_the_end(GAMES["space_bastards"], [level] * 3, seed)

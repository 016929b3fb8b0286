"""Every game's table turns a form it cannot read into a refusal with a reason, in the
reader's language (a refusal the engine raises: `test_refusals.py`)."""

from __future__ import annotations

import pytest
from django.utils import translation

from games.registry import GAMES
from games.rules import IllegalMove
from games.tests.example import EXAMPLE, with_example
from games.tests.forms import post

LANGUAGES = ["en", "cs"]
UNREADABLE = {
    EXAMPLE.slug: [
        {},
        {"type": "dance"},
        {"type": "play"},
        {"type": "discard", "card": "x"},
    ],
    "kosmopolis": [
        {},
        {"type": "dance"},
        {"type": "draft"},
        {"type": "draft", "cards": ["12", "x"]},
        {"type": "play", "to": "city"},
        {"type": "play", "card": "", "to": "city"},
        {"type": "play", "card": "forty", "to": "city"},
        {"type": "play", "card": "40"},
        {"type": "place_modifier"},
        {"type": "save"},
    ],
    "seven_dragons": [
        {},
        {"type": "dance"},
        {"type": "play_dragon", "at": "1,0,0"},
        {"type": "play_dragon", "card": "x", "at": "1,0,0"},
        {"type": "play_dragon", "card": "17"},
        {"type": "play_dragon", "card": "17", "at": "1,0"},
        {"type": "play_dragon", "card": "17", "at": "1,a,0"},
        {"type": "play_action", "option": "top"},
        {"type": "play_action", "card": "55"},
        {"type": "play_action", "card": "55", "option": "top:card"},
        {"type": "play_action", "card": "55", "option": "top:card=x"},
    ],
    "space_bastards": [
        {},
        {"type": "nonsense"},
        {"type": "plan"},
        {"type": "place", "pieces": ["0:toad:0"]},
        {"type": "place", "pieces": ["0:toad:0"], "cells": ["a,b"]},
        {"type": "place", "pieces": ["0:spud:0", "1:toad:0"], "cells": ["0,0", "0,1", "0,2"]},
        {"type": "shoot"},
        {"type": "exchange", "choice": "love|x|toad"},
        {"type": "mutate", "combo": "0|toad|spud", "planet": "P3", "cells": ["0,0"]},
        {"type": "trade", "decline": ["x"]},
        {"type": "unload", "token": "0:toad:0"},
    ],
    "space_dragons": [
        {},
        {"type": "dance", "card": 3},
        {"type": "draft"},
        {"type": "draft", "card": ""},
        {"type": "draft", "card": "x"},
        {"type": "play"},
        {"type": "play", "card": "12.5"},
        {"card": 12},
    ],
}
"""Forms each game's table cannot read: no move, an unknown one, missing or malformed fields."""
TRANSLATED = {
    "kosmopolis": {"type": "play", "to": "city"},
    "seven_dragons": {"type": "play_dragon", "card": 17},
    "space_dragons": {"type": "play"},
}
"""A form whose refusal each game's catalog translates (the example's strings stay out)."""


def _refusal(game: str, fields: dict) -> str:
    with pytest.raises(IllegalMove) as refusal:
        GAMES[game].table.move_from_post(post(**fields))
    return refusal.value.message


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("game", "fields"),
    with_example([(game, fields) for game in sorted(UNREADABLE) for fields in UNREADABLE[game]]),
)
def test_an_unreadable_form_is_refused_with_a_message(game, fields, language):
    with translation.override(language):
        assert _refusal(game, fields).strip()


@pytest.mark.parametrize("game", sorted(TRANSLATED))
def test_a_refusal_reads_in_the_readers_language(game):
    texts = {}
    for language in LANGUAGES:
        with translation.override(language):
            texts[language] = _refusal(game, TRANSLATED[game])
    assert texts["cs"] != texts["en"]

"""Every refusal the Space Bastards engine can raise reaches a Czech player in Czech, with the
names it fills in translated too: read from the engine's source, so that a new refusal that is
an f-string, unlisted or untranslated fails here."""

from __future__ import annotations

import ast
import re
from itertools import product

import pytest
from django.utils import translation

from games.rules import IllegalMove
from games.services import refusal_text
from games.space_bastards import engine, labels
from games.space_bastards.components import PLANET_NAME, RACE_NAME
from games.tests.sources import engine_files

NAME_TABLES = {"RACE_NAME": RACE_NAME, "PLANET_NAME": PLANET_NAME}
"""What a refusal may fill in: the engine's English names, which are msgids of the catalog."""


def _raised() -> dict[ast.Call, str]:
    """Every refusal of the engine's files, with its file and line."""
    return {
        node: f"{path.name}:{node.lineno}"
        for path in engine_files(engine)
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8")))
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Name)
        and node.func.id == "IllegalMove"
    }


WHERE = _raised()
REFUSALS = list(WHERE)


def _where(call: ast.Call) -> str:
    return WHERE[call]


def test_the_engine_is_read():
    assert len(REFUSALS) > 60


@pytest.mark.parametrize("call", REFUSALS, ids=_where)
def test_a_refusal_is_a_listed_literal_that_names_only_translated_things(call):
    [template] = call.args
    assert isinstance(template, ast.Constant), "a refusal's text is a literal, never an f-string"
    assert template.value in labels.ENGINE_MESSAGES
    placeholders = set(re.findall(r"%\((\w+)\)s", template.value))
    assert {keyword.arg for keyword in call.keywords} == placeholders
    for keyword in call.keywords:
        name = keyword.value
        assert isinstance(name, ast.Subscript), "a name is looked up in a table of names"
        assert isinstance(name.value, ast.Name)
        assert name.value.id in NAME_TABLES


@pytest.mark.parametrize("call", REFUSALS, ids=_where)
def test_a_refusal_reads_in_czech_with_every_name_it_may_fill_in(call):
    keys = [keyword.arg for keyword in call.keywords]
    tables = [NAME_TABLES[keyword.value.value.id].values() for keyword in call.keywords]
    for names in product(*tables):
        refusal = IllegalMove(call.args[0].value, **dict(zip(keys, names, strict=True)))
        with translation.override("cs"):
            text = refusal_text(refusal)
            czech_names = [translation.gettext(name) for name in names]
        assert text != refusal.message
        assert all(name in text for name in czech_names)
        assert not any(english in text for english in names if english in RACE_NAME.values()), (
            "a race's English name is left in the Czech text"
        )

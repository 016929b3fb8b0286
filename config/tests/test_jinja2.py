"""The regions' Jinja2 environment prints values exactly as markupsafe's escape would."""

import pytest
from django.utils.safestring import mark_safe
from markupsafe import Markup, escape

from games.regions import environment


class Lazy:
    def __str__(self) -> str:
        return "<lazy & 'text'>"


VALUES = [
    "plain",
    "Tomáš & <Eva> \"quoted\" 'single'",
    "&amp; already escaped",
    "",
    0,
    -12,
    3.5,
    None,
    True,
    Markup("<b>safe</b>"),
    mark_safe("<i>django-safe</i>"),
    Lazy(),
    ["<list>"],
]


@pytest.mark.parametrize(
    "value", VALUES, ids=[f"{type(v).__name__}-{n}" for n, v in enumerate(VALUES)]
)
def test_a_printed_value_is_escaped_as_markupsafe_escapes_it(value):
    template = environment().from_string("[{{ value }}]")
    assert template.render(value=value) == f"[{escape(value)}]"


def test_a_macro_still_returns_markup_that_is_not_escaped_again():
    template = environment().from_string(
        "{% macro tag(text) %}<b>{{ text }}</b>{% endmacro %}{{ tag('<x>') }}"
    )
    assert template.render() == "<b>&lt;x&gt;</b>"


def test_translated_blocks_escape_their_values():
    template = environment().from_string("{% trans name=who %}Hello {{ name }}{% endtrans %}")
    assert template.render(who="<Eva>") == "Hello &lt;Eva&gt;"


class Seat:
    name = "<Jan>"


@pytest.mark.parametrize(
    ("value", "printed"),
    [
        ({"name": "Eva"}, "Eva "),
        ({"name": "Eva", "items": "key first"}, "Eva key first"),
        ({}, " "),
        (Seat(), "&lt;Jan&gt; "),
    ],
    ids=["key", "a key named like a dict method", "missing key", "attribute"],
)
def test_a_name_s_key_or_attribute_is_looked_up_dict_first(value, printed):
    template = environment().from_string("{{ seat.name }} {{ seat.items }}")
    assert template.render(seat=value) == printed

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


def test_a_chained_lookup_reads_keys_attributes_and_items_in_jinja2_s_order():
    class Holder:
        def __init__(self) -> None:
            self.seat = {"name": "<Eva>"}

        def __getitem__(self, key: str) -> str:
            return f"item {key}"

    template = environment().from_string("{{ h.seat.name }}|{{ h.other }}|{{ d.items }}|")
    assert template.render(h=Holder(), d={}) == "&lt;Eva&gt;|item other||"


def test_calls_reach_plain_functions_macros_and_context_functions_alike():
    from jinja2 import pass_context

    @pass_context
    def who(context, greeting):
        return f"{greeting} {context['name']}"

    template = environment().from_string(
        "{% macro tag(text, end='!') %}<b>{{ text }}{{ end }}</b>{% endmacro %}"
        "{% for n in [1] %}{{ who('Hi') }} {{ tag('<x>') }} {{ tag('y', end='?') }}"
        " {{ url('player_profile', 'eva') }} {{ plain(n) }}{% endfor %}"
    )
    rendered = template.render(who=who, name="<Jan>", plain=lambda n: f"<{n}>")
    assert rendered == "Hi &lt;Jan&gt; <b>&lt;x&gt;!</b> <b>y?</b> /players/eva/ &lt;1&gt;"


@pytest.mark.parametrize(
    "value", VALUES, ids=[f"{type(v).__name__}-{n}" for n, v in enumerate(VALUES)]
)
def test_a_translated_block_fills_in_values_as_markup_s_percent_does(value):
    template = environment().from_string(
        "{% trans a=value, b=value %}{{ a }} and {{ b }} at 100%{% endtrans %}"
    )
    assert template.render(value=value) == Markup("%(a)s and %(b)s at 100%%") % {
        "a": value,
        "b": value,
    }

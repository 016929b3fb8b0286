"""The Jinja2 environment of the game tables' regions (`games.regions`); the rest of the site
renders with Django templates.

A table push renders a few hundred strings and lookups per seat, so the environment looks a
name up the way Django templates do, dict key first (a region's context is plain dicts), and
translates with the language read once per render (`games.translated`) instead of reading the
active language at every string."""

from __future__ import annotations

import itertools
from collections import namedtuple
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.template import defaultfilters
from django.utils import timezone
from django.utils.html import format_html
from django.utils.timesince import timeuntil
from jinja2 import Environment, nodes
from jinja2.compiler import CodeGenerator, optimizeconst
from markupsafe import Markup

from games.regions import url
from games.templatetags.table import clock
from games.translated import gettext, ngettext, trusted


def html_text(value: Any) -> str:
    """A `{{ value }}` of a region as HTML: what markupsafe's `escape` makes of it, character
    for character, without making a `Markup` of every value (a region prints hundreds; the
    output is only joined into the region's text, never used as markup again)."""
    kind = type(value)
    if kind is str:
        return (
            value.replace("&", "&amp;")
            .replace(">", "&gt;")
            .replace("<", "&lt;")
            .replace("'", "&#39;")
            .replace('"', "&#34;")
        )
    if kind is Markup:
        return value
    if kind is int:
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html_text(str(value))


class RegionCodeGenerator(CodeGenerator):
    """Compiles each `{{ … }}` to `html_text` instead of markupsafe's `escape` (a third of a
    region's render went to escaping), and `name.key` of a dict to a subscript in place
    instead of a call of `TableEnvironment.getattr` (a region makes hundreds: a call is five
    times a subscript). Overrides Jinja2's `_output_child_pre` and `visit_Getattr` (pinned
    Jinja2; `config/tests/test_jinja2.py` checks the output); `bench/README.md` has the
    figures."""

    @optimizeconst
    def visit_Getattr(self, node: nodes.Getattr, frame: Any) -> None:  # noqa: N802 - Jinja2 names it
        if self.environment.is_async or not isinstance(node.node, nodes.Name):
            super().visit_Getattr(node, frame)
            return
        # The name is read three times: a local variable, cheaper than one call.
        key = repr(node.attr)
        self.write("(")
        self.visit(node.node, frame)
        self.write(f"[{key}] if type(")
        self.visit(node.node, frame)
        self.write(f") is dict and {key} in ")
        self.visit(node.node, frame)
        self.write(" else environment.getattr(")
        self.visit(node.node, frame)
        self.write(f", {key}))")

    def _output_child_pre(self, node: Any, frame: Any, finalize: Any) -> None:
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)
            return
        self.write("environment.html_text(")
        if finalize.src is not None:
            self.write(finalize.src)


class TableEnvironment(Environment):
    """Dict first, as Django templates look names up: `g.round` is a key of a dict far more
    often than an attribute, and trying the attribute first costs an exception every time."""

    code_generator_class = RegionCodeGenerator
    html_text = staticmethod(html_text)

    def getattr(self, obj: Any, attribute: str) -> Any:
        if type(obj) is dict:
            try:
                return obj[attribute]
            except KeyError:
                return self.undefined(obj=obj, name=attribute)
        return super().getattr(obj, attribute)


def date(value: datetime | None, format: str) -> str:
    """Django's `date` filter in the active time zone, as Django templates apply it."""
    if not value:
        return ""
    return defaultfilters.date(timezone.template_localtime(value), format)


def csrf_field(token: str | None) -> str:
    """What `{% csrf_token %}` renders: the hidden field, or nothing without a token."""
    if not token or token == "NOTPROVIDED":
        return ""
    return format_html('<input type="hidden" name="csrfmiddlewaretoken" value="{}">', token)


Group = namedtuple("Group", "grouper list")


def regroup(items: Iterable[dict[str, Any]], key: str) -> list[Group]:
    """Django's `{% regroup %}`: runs of consecutive items with the same `key`, unsorted."""
    return [
        Group(grouper, list(run))
        for grouper, run in itertools.groupby(items, lambda item: item.get(key, ""))
    ]


def capfirst(value: Any) -> str:
    """Django's `capfirst` (the first letter upper case, the rest as it is)."""
    text = str(value) if value else ""
    return text[:1].upper() + text[1:]


def environment(**options: Any) -> Environment:
    env = TableEnvironment(extensions=["jinja2.ext.i18n"], keep_trailing_newline=True, **options)
    # The language read once per render (`games.translated.reading`, which `games.regions`
    # renders in), else Django's active language at every string.
    env.install_gettext_callables(gettext=gettext, ngettext=ngettext, newstyle=False)
    env.globals["_"] = trusted
    env.filters.update(
        capfirst=capfirst,
        clock=clock,
        date=date,
        regroup=regroup,
        timeuntil=lambda value: timeuntil(value) if value else "",
    )
    env.globals.update(csrf_field=csrf_field, url=url)
    return env

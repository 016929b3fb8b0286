"""The Jinja2 environment of the game tables' regions (`games.regions`); the rest of the site
renders with Django templates.

A table push renders a few hundred strings and lookups per seat, so the environment looks a
name up the way Django templates do, dict key first (a region's context is plain dicts), and
translates with the language read once per render (`games.translated`) instead of reading the
active language at every string."""

from __future__ import annotations

import itertools
from collections import namedtuple
from collections.abc import Iterable, Mapping, MutableMapping
from datetime import datetime
from io import StringIO
from typing import Any

from django.template import defaultfilters
from django.utils import timezone
from django.utils.html import format_html
from django.utils.timesince import timeuntil
from jinja2 import Environment, Template, nodes
from jinja2.compiler import CodeGenerator, optimizeconst
from jinja2.environment import TemplateModule
from jinja2.runtime import Context, new_context
from markupsafe import Markup, _escape_inner

from games.regions import url
from games.templatetags.table import clock
from games.translated import gettext, ngettext, trusted


def html_text(value: Any) -> str:
    """A `{{ value }}` of a region as HTML: what markupsafe's `escape` makes of it, character
    for character, without making a `Markup` of every value (a region prints hundreds; the
    output is only joined into the region's text, never used as markup again)."""
    kind = type(value)
    if kind is str:
        return _escape_inner(value)  # markupsafe's own C escaping, without the `Markup`
    if kind is Markup:
        return value
    if kind is int:
        return str(value)
    if hasattr(value, "__html__"):
        return str(value.__html__())
    return html_text(str(value))


class RegionCodeGenerator(CodeGenerator):
    """Compiles each `{{ … }}` to `html_text` instead of markupsafe's `escape` (a third of a
    region's render went to escaping), `a.key` to a dict's key or an attribute read in place
    instead of a call of `TableEnvironment.getattr` (a region makes hundreds: a call is five
    times a subscript), a call of a macro or of the environment's own functions without
    `Context.call`, and a `{% trans %}` block's values escaped without markupsafe's helper
    objects. Overrides Jinja2's `_output_child_pre`, `visit_Getattr`, `visit_Call` and
    `visit_Mod` (pinned Jinja2; `config/tests/test_jinja2.py` checks the output and the
    frames of every game are compared byte for byte, `bench/movecpu.py --before`);
    `bench/README.md` has the figures."""

    @optimizeconst
    def visit_Getattr(self, node: nodes.Getattr, frame: Any) -> None:  # noqa: N802 - Jinja2 names it
        if self.environment.is_async:
            super().visit_Getattr(node, frame)
            return
        # The object is evaluated once (an assignment expression), then read as a dict's key,
        # else as an attribute, else as `TableEnvironment.getattr` reads it (an item, or
        # undefined): the same order, without a call for a key or an attribute that is there.
        key = repr(node.attr)
        obj, value = self.temporary_identifier(), self.temporary_identifier()
        self.write(f"({obj}[{key}] if type({obj} := ")
        self.visit(node.node, frame)
        self.write(
            f") is dict and {key} in {obj} else environment.getattr({obj}, {key})"
            f" if type({obj}) is dict or ({value} := getattr({obj}, {key}, missing)) is missing"
            f" else {value})"
        )

    @optimizeconst
    def visit_Call(self, node: nodes.Call, frame: Any, forward_caller: bool = False) -> None:  # noqa: N802 - Jinja2 names it
        """A macro or one of the environment's own plain functions (`_`, `gettext`, `url`, …)
        is called directly; anything else through `Context.call`, which looks for the
        `pass_context` marks first (a region makes a few hundred calls a render)."""
        if self.environment.is_async or self.environment.sandboxed or forward_caller:
            super().visit_Call(node, frame, forward_caller)
            return
        callee = self.temporary_identifier()
        arguments = self._written(lambda: self.signature(node, frame)).removeprefix(", ")
        extra = {"_loop_vars": "_loop_vars"} if frame.loop_frame else {}
        if frame.block_frame:
            extra["_block_vars"] = "_block_vars"
        self.write(f"({callee}({arguments}) if type({callee} := ")
        self.visit(node.node, frame)
        self.write(f") is Macro or id({callee}) in environment.plain_calls else context.call(")
        self.write(callee)
        self.signature(node, frame, extra or None)
        self.write("))")

    @optimizeconst
    def visit_Mod(self, node: nodes.Mod, frame: Any) -> None:  # noqa: N802 - Jinja2 names it
        """A `{% trans %}` block with values: the catalog's text filled with the values printed
        as `{{ … }}` prints them, instead of markupsafe's `Markup.__mod__`, which wraps every
        value in a helper object to escape it."""
        if not (
            isinstance(node.left, nodes.MarkSafeIfAutoescape)
            and isinstance(node.right, nodes.Dict)
            and not frame.eval_ctx.volatile
            and frame.eval_ctx.autoescape
            and not self.environment.sandboxed
        ):
            super().visit_Mod(node, frame)
            return
        self.write("environment.translated_html(")
        self.visit(node.left.expr, frame)
        self.write(", ")
        self.visit(node.right, frame)
        self.write(")")

    def _written(self, write: Any) -> str:
        """What `write()` writes to the stream, taken out of it."""
        stream, self.stream = self.stream, StringIO()
        try:
            write()
            return self.stream.getvalue()
        finally:
            self.stream = stream

    def _output_child_pre(self, node: Any, frame: Any, finalize: Any) -> None:
        if frame.eval_ctx.volatile or not frame.eval_ctx.autoescape:
            super()._output_child_pre(node, frame, finalize)
            return
        self.write("environment.html_text(")
        if finalize.src is not None:
            self.write(finalize.src)


def translated_html(text: str, values: dict[str, Any]) -> Markup:
    """What `Markup(text) % values` makes of a `{% trans %}` block's text (whose only
    placeholders are `%(name)s`): each value escaped as `{{ … }}` escapes it."""
    return Markup(text % {name: html_text(value) for name, value in values.items()})


class RegionTemplate(Template):
    """A template whose imports (`{% import … as game %}`, `{% from … import … %}`) find the
    module made once per process: Jinja2 asks whether the importing render's globals add any
    name by subtracting a `ChainMap`'s keys, which runs in Python over every global at each
    import of each render."""

    def _get_default_module(self, ctx: Context | None = None) -> TemplateModule:
        if ctx is not None and not self.environment.is_async:
            added = ctx.globals_keys
            for names in getattr(self.globals, "maps", [self.globals]):
                added = added.difference(names)
            if not added:
                ctx = None
        return super()._get_default_module(ctx)

    def new_context(
        self,
        vars: dict[str, Any] | None = None,
        shared: bool = False,
        locals: Mapping[str, Any] | None = None,
    ) -> Context:
        """Jinja2's, with the template's globals in one dict: a render, an include and an
        import each copy them, and a `ChainMap` is copied key by key in Python."""
        return new_context(
            self.environment, self.name, self.blocks, vars, shared, _flat(self.globals), locals
        )


def _flat(names: Mapping[str, Any]) -> Mapping[str, Any]:
    """A `ChainMap`'s names in one dict (the first map's value of a name wins)."""
    maps = getattr(names, "maps", None)
    if maps is None:
        return names
    flat: dict[str, Any] = {}
    for layer in reversed(maps):
        flat.update(layer)
    return flat


_loaded: dict[tuple[Any, str], Template] = {}
"""Templates by loader and name, where they are not reloaded (`TableEnvironment`)."""


class TableEnvironment(Environment):
    """Dict first, as Django templates look names up: `g.round` is a key of a dict far more
    often than an attribute, and trying the attribute first costs an exception every time."""

    code_generator_class = RegionCodeGenerator
    template_class = RegionTemplate
    html_text = staticmethod(html_text)
    translated_html = staticmethod(translated_html)
    plain_calls: frozenset[int] = frozenset()
    """The `id`s of the globals `Context.call` would call as they are (set once, `environment`:
    module-level functions, which live as long as the process, so an id is never reused)."""

    def _load_template(self, name: str, globals: MutableMapping[str, Any] | None) -> Template:
        """A template loaded once per process when templates are not reloaded (production):
        Jinja2's own cache is an LRU with a lock, and a render asks it for each region, include
        and import."""
        if globals or self.auto_reload:
            return super()._load_template(name, globals)
        key = (self.loader, name)
        template = _loaded.get(key)
        if template is None:
            template = _loaded[key] = super()._load_template(name, globals)
        return template

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
    env.plain_calls = frozenset(
        id(env.globals[name]) for name in ("_", "gettext", "ngettext", "csrf_field", "url")
    )
    return env

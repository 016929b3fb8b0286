"""The Jinja2 environment of the game tables' regions (`games.regions`); the rest of the site
renders with Django templates.

A table push renders a few hundred strings and lookups per seat, so the environment looks a
name up the way Django templates do, dict key first (a region's context is plain dicts), and
the regions are handed their translation functions once per render (`games.regions`) instead
of reading the active language at every string."""

from __future__ import annotations

import itertools
from collections import namedtuple
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.template import defaultfilters
from django.utils import timezone
from django.utils.html import format_html
from django.utils.text import capfirst
from django.utils.timesince import timeuntil
from django.utils.translation import gettext, ngettext
from jinja2 import Environment

from games.regions import trusted, url
from games.templatetags.table import clock


class TableEnvironment(Environment):
    """Dict first, as Django templates look names up: `g.round` is a key of a dict far more
    often than an attribute, and trying the attribute first costs an exception every time."""

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


def _capfirst(value: Any) -> str:
    return capfirst(value) if value else ""


def environment(**options: Any) -> Environment:
    env = TableEnvironment(extensions=["jinja2.ext.i18n"], keep_trailing_newline=True, **options)
    # Django's own (the active language at every string) where a fragment is rendered alone;
    # the table's regions get the catalog of their language instead (`games.regions`).
    env.install_gettext_callables(gettext=gettext, ngettext=ngettext, newstyle=False)
    env.globals["_"] = trusted(gettext)
    env.filters.update(
        capfirst=_capfirst,
        clock=clock,
        date=date,
        regroup=regroup,
        timeuntil=lambda value: timeuntil(value) if value else "",
    )
    env.globals.update(csrf_field=csrf_field, url=url)
    return env

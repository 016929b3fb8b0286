"""Django's makemessages, reading the strings of the game tables' Jinja2 templates too.

Django's template lexer already reads `{{ _("…") }}`; `jinja_blocks` teaches its `templatize`
the i18n extension's `{% trans a=… %}…{% pluralize count %}…{% endtrans %}` blocks, whose
message ids (`%(a)s` placeholders) are the ones `{% blocktranslate %}` would give."""

import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from django.core.management.commands import makemessages
from django.utils.translation import template

JINJA_BLOCKS = {
    "block_re": r"^\s*trans(?:\s+(?!'|\")(?=.*?=.*?)|\s*$)",
    "endblock_re": r"^\s*endtrans\s*$",
    "plural_re": r"^\s*pluralize(?:\s+\w+)?\s*$",
}


@contextmanager
def jinja_blocks() -> Iterator[None]:
    """`templatize` reads Jinja2's translation blocks as well as Django's, meanwhile."""
    django_patterns = {name: getattr(template, name) for name in JINJA_BLOCKS}
    for name, jinja in JINJA_BLOCKS.items():
        setattr(template, name, re.compile(f"{django_patterns[name].pattern}|{jinja}"))
    try:
        yield
    finally:
        for name, pattern in django_patterns.items():
            setattr(template, name, pattern)


class Command(makemessages.Command):
    def handle(self, *args: Any, **options: Any) -> None:
        with jinja_blocks():
            super().handle(*args, **options)

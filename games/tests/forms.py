"""Reading a table fragment's move forms, shared by every game's table tests."""

from __future__ import annotations

from collections.abc import Callable
from html.parser import HTMLParser
from typing import Any

from django.http import QueryDict

MOVE_URL = "/matches/1/move/"
EXPECTED_SEQ = "17"
CSRF_TOKEN = "test-csrf-token"


def post(**fields: Any) -> QueryDict:
    """The fields as a form posts them: each value a string, a list as one field's values."""
    data = QueryDict(mutable=True)
    for key, value in fields.items():
        if isinstance(value, list):
            data.setlist(key, [str(v) for v in value])
        else:
            data[key] = str(value)
    return data


class Forms(HTMLParser):
    """The move forms of a rendered fragment: hidden fields, enabled radios and checkboxes,
    submit buttons, and how many boxes a fieldset asks to keep (`data-keep`)."""

    def __init__(self) -> None:
        super().__init__()
        self.forms: list[dict[str, Any]] = []
        self.form: dict[str, Any] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        if tag == "form":
            self.form = {"attrs": a, "hidden": {}, "radios": {}, "boxes": {}, "buttons": []}
            self.forms.append(self.form)
        elif self.form is None:
            return
        elif tag == "fieldset" and "data-keep" in a:
            self.form["keep"] = int(a["data-keep"] or 0)
        elif tag == "input":
            kind = a.get("type")
            name = a.get("name") or ""
            if kind == "hidden":
                self.form["hidden"][name] = a.get("value")
            elif kind == "radio" and "disabled" not in a:
                self.form["radios"].setdefault(name, []).append(a.get("value"))
            elif kind == "checkbox" and "disabled" not in a:
                self.form["boxes"].setdefault(name, []).append(a.get("value"))
        elif tag == "button" and a.get("type") == "submit" and "disabled" not in a:
            self.form["buttons"].append((a.get("name"), a.get("value")))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self.form = None


def forms_of(html: str) -> list[dict[str, Any]]:
    parser = Forms()
    parser.feed(html)
    return parser.forms


def assert_forms_offer_exactly(
    html: str,
    legal: list[dict[str, Any]],
    reachable_moves: Callable[[dict[str, Any]], set[str]],
    normalized: Callable[[dict[str, Any]], str],
) -> None:
    """Every form posts to the move endpoint (with and without htmx) carrying the page's move
    number and CSRF token, and together the forms reach exactly the legal moves."""
    forms = forms_of(html)
    if not legal:
        assert forms == []
        return
    reachable: set[str] = set()
    for form in forms:
        attrs = form["attrs"]
        assert attrs["method"] == "post"
        assert attrs["action"] == attrs["hx-post"] == MOVE_URL
        assert attrs["hx-target"] == "#table"
        assert attrs["hx-swap"] == "outerHTML"
        assert form["hidden"]["expected_seq"] == EXPECTED_SEQ
        assert form["hidden"]["csrfmiddlewaretoken"] == CSRF_TOKEN
        reachable |= reachable_moves(form)
    assert reachable == {normalized(m) for m in legal}

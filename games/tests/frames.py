"""Pushed frames taken apart and applied to a page's regions as htmx does, for the tests of
what a socket's pushes show."""

from html.parser import HTMLParser

from games.regions import FRAGMENT_END, FRAGMENT_START, fragments

VOID_ELEMENTS = {"area", "br", "col", "embed", "hr", "img", "input", "link", "meta", "wbr"}
"""Elements without an end tag (the table draws no others)."""


class TopLevel(HTMLParser):
    """The top-level elements of a pushed frame, as htmx takes them apart: (id, html) each."""

    def __init__(self, frame: str) -> None:
        super().__init__(convert_charrefs=False)
        self.frame = frame
        self.line_starts = [0]
        for line in frame.splitlines(keepends=True):
            self.line_starts.append(self.line_starts[-1] + len(line))
        self.depth = 0
        self.start = 0
        self.id: str | None = None
        self.elements: list[tuple[str | None, str]] = []
        self.feed(frame)
        self.close()

    def _at(self) -> int:
        line, column = self.getpos()
        return self.line_starts[line - 1] + column

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if self.depth == 0:
            self.start, self.id = self._at(), dict(attrs).get("id")
        if tag not in VOID_ELEMENTS:
            self.depth += 1
        elif self.depth == 0:
            self.elements.append((self.id, self.frame[self.start : self._at() + 1]))

    def handle_endtag(self, tag: str) -> None:
        if tag in VOID_ELEMENTS:  # `<input … />`: its end is its start tag's
            return
        self.depth -= 1
        if self.depth == 0:
            end = self.frame.index(">", self._at()) + 1
            self.elements.append((self.id, self.frame[self.start : end]))


def applied(page: dict[str, str], frame: str) -> list[str]:
    """Apply a push to the page's regions (by id) as htmx does: a whole region replaces the
    region, a fragment its namesake in whichever region holds it; the log's new lines are left
    out. The ids of the fragments it swapped in."""
    swapped = []
    for name, html in TopLevel(frame).elements:
        if name is None:
            continue
        if name in page:
            page[name] = html
            continue
        region = next(r for r, text in page.items() if name in fragments(text)[1])
        old = fragments(page[region])[1][name]
        new = html.replace(' hx-swap-oob="true"', "", 1)
        assert new != old, f"{name} was sent unchanged"
        marked = f"{FRAGMENT_START}{old}{FRAGMENT_END}"
        assert page[region].count(marked) == 1
        page[region] = page[region].replace(marked, f"{FRAGMENT_START}{new}{FRAGMENT_END}")
        swapped.append(name)
    return swapped

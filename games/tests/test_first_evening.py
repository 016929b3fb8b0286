"""Small breakages of the table and its pages on a first evening (issue 19)."""

import re
from pathlib import Path

import pytest
from django.conf import settings

from games import services

pytestmark = pytest.mark.django_db(transaction=True)

TABLE_CSS = Path(settings.BASE_DIR) / "games" / "static" / "games" / "table.css"


def test_the_your_turn_highlight_styles_the_status_bar(client, people, bots):
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0]])
    client.force_login(people[0])
    page = client.get(match.get_absolute_url()).content.decode()
    classes = set(re.search(r'<div id="status" class="([^"]+)"', page).group(1).split())
    assert "my-turn" in classes
    rules = re.findall(r"([^{}]*my-turn[^{}]*)\{", TABLE_CSS.read_text())
    assert rules
    for selectors in rules:
        for selector in selectors.split(","):
            wanted = set(re.findall(r"\.([\w-]+)", selector))
            assert " " not in selector.strip(), selector
            assert wanted <= classes, selector

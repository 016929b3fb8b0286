"""Bots move in the task worker process, not in the request that woke them."""

import os
import subprocess
import sys

import pytest
from django.conf import settings

from games import services
from games.kosmopolis import engine
from games.models import Move
from games.tests.browser import database_url


@pytest.mark.django_db(transaction=True)
def test_the_worker_plays_the_bots_turns(settings_override_tasks, people, bots):
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    assert not Move.objects.filter(match=match).exists(), "bots must not move in the request"
    env = {**os.environ, "DATABASE_URL": database_url(), "DEBUG": "1"}
    subprocess.run(
        [sys.executable, "manage.py", "db_worker", "--batch", "--no-startup-delay", "--no-reload"],
        cwd=settings.BASE_DIR,
        env=env,
        check=True,
        capture_output=True,
        timeout=120,
    )
    match.refresh_from_db()
    assert sorted(Move.objects.filter(match=match).values_list("seat", flat=True)) == [1, 2]
    assert engine.to_act(match.state) == {0}


@pytest.fixture
def settings_override_tasks(settings):
    settings.TASKS = {"default": {"BACKEND": "django_tasks_db.DatabaseBackend"}}

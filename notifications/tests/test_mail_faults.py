"""Mails against a real SMTP server (aiosmtpd) that is down, or that accepts and never answers:
none is lost, and the bots do not wait behind them."""

from __future__ import annotations

import socket
import time
from typing import Any

import pytest
from aiosmtpd.controller import Controller
from procrastinate.contrib.django.models import ProcrastinateJob

from accounts.models import User
from games import services
from games.kosmopolis import engine
from games.models import Match
from games.tests.test_faults_worker import running_worker, wait_until

pytestmark = pytest.mark.django_db(transaction=True)


class Inbox:
    """aiosmtpd's handler: keeps every message the server accepted."""

    def __init__(self) -> None:
        self.messages: list[Any] = []

    async def handle_DATA(self, server: Any, session: Any, envelope: Any) -> str:  # noqa: N802
        self.messages.append(envelope)
        return "250 Message accepted for delivery"


@pytest.fixture
def bots(transactional_db):
    return [User.objects.create(username=f"robot-{n}", is_bot=True) for n in range(2)]


def mail_jobs(**filters: Any):
    return ProcrastinateJob.objects.filter(queue_name="mail", **filters)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def _turn_based(players) -> Match:
    return services.start_match(
        game="kosmopolis", players=players, pace=Match.Pace.TURN_BASED, move_hours=24
    )


def test_a_mail_sent_while_the_server_is_down_arrives_once_it_is_back(queued_tasks, people):
    port = free_port()
    _turn_based(people[:2])  # both players are told by mail that it is their turn
    inbox = Inbox()
    server = Controller(inbox, hostname="127.0.0.1", port=port)
    with running_worker(EMAIL_URL=f"smtp://127.0.0.1:{port}") as worker:
        wait_until(
            lambda: (
                ProcrastinateJob.objects.filter(queue_name="mail", attempts__gte=1).count() == 2
            ),
            seconds=30,
            what="both mails were tried and failed",
        )
        server.start()
        try:
            wait_until(lambda: len(inbox.messages) == 2, seconds=60, what="both mails arrived")
            time.sleep(3)
        finally:
            server.stop()
        assert worker.alive()
    assert sorted(message.rcpt_tos[0] for message in inbox.messages) == [
        "eva@example.com",
        "jan@example.com",
    ]


def test_a_server_that_never_answers_holds_up_neither_the_bots_nor_the_mail_for_long(
    queued_tasks, people, bots
):
    """It accepts the connection and says nothing: the mail gives up after EMAIL_TIMEOUT and
    is tried again later, and the bots, on their own queue, play meanwhile."""
    with socket.socket() as silent:
        silent.bind(("127.0.0.1", 0))
        silent.listen(16)
        port = silent.getsockname()[1]
        _turn_based(people[:2])
        with running_worker(EMAIL_URL=f"smtp://127.0.0.1:{port}", EMAIL_TIMEOUT="2"):
            wait_until(
                lambda: mail_jobs(status="doing").exists(),
                seconds=30,
                what="the mail waits for the silent server",
            )
            match = services.start_match(game="kosmopolis", players=[people[2], bots[0], bots[1]])
            started = time.monotonic()
            wait_until(
                lambda: match.refresh_from_db() or engine.to_act(match.state) == {0},
                seconds=30,
                what="the bots played",
            )
            assert time.monotonic() - started < 5
            wait_until(
                lambda: ProcrastinateJob.objects.filter(
                    queue_name="mail", attempts__gte=1
                ).exists(),
                seconds=30,
                what="the mail gave up on the silent server, to be tried again",
            )

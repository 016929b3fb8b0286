"""What the replay and the profile show of a match's analysis (issue 36): the player's own seat
gets the chart, the marked moves and the strong bot's move at a marked step; another player, a
spectator and anyone signed out get none of it (page, socket or JSON), unless the game's end
reveals every hand. Moves a bot made for a person are recorded as the bot's, left out of the
analysis and shown as the bot's in the replay."""

from __future__ import annotations

import pytest
from asgiref.sync import async_to_sync
from channels.testing import WebsocketCommunicator
from django.test import override_settings
from django.urls import reverse

from games import analysis, analysis_view, services
from games.consumers import TableConsumer
from games.models import JudgedMove, Match, MatchAnalysis
from games.registry import GAMES
from games.selectors import replay_for
from games.services.analysis import analyse_match
from games.tests.analysed import a_marked_move, analysed
from games.tests.playing import play_first_legal_move

SEED = 4242


@pytest.fixture
def match(people, django_capture_on_commit_callbacks) -> Match:
    """Eva (seat 0) against Jan (seat 1), both people, analysed."""
    return analysed("kosmopolis", people[:2], django_capture_on_commit_callbacks, seed=SEED)


def _replay(client, match: Match, step: int | str = "last") -> str:
    answer = client.get(reverse("match_replay", args=[match.pk]) + f"?step={step}")
    assert answer.status_code == 200
    return answer.content.decode()


@pytest.mark.django_db
def test_the_own_seat_sees_its_chart_marks_and_the_bots_move_at_a_marked_step(
    client, match, people
):
    marked = a_marked_move(match, seat=0)
    client.force_login(people[0])
    page = _replay(client, match, marked.seq + 1)
    assert 'id="analysis"' in page
    assert 'data-analysis-seat="0"' in page
    assert 'data-analysis-seat="1"' not in page
    assert 'class="chart chart-chance"' in page
    assert f"?step={marked.seq + 1}" in page  # the marked move steps the replay there
    assert "Marked moves" in page
    assert 'class="ghost verdict-' in page
    assert "The strong bot would have played" in page
    ghost = analysis_view.replay_analysis(replay_for(match, people[0], marked.seq + 1), people[0])
    assert ghost is not None
    assert ghost.ghost is not None
    assert ghost.ghost.lines, "the preferred move is told in the game's own log lines"
    assert ghost.ghost.lines[0] in page
    assert f"{ghost.ghost.before_text} instead of {ghost.ghost.after_text}" in page
    assert "Every judged move as a table" in page
    points = [round(100 * limit) for limit in (analysis.INACCURACY, analysis.MISTAKE)]
    assert f"at least {points[0]} points of it is an inaccuracy, {points[1]} points" in page


@pytest.mark.django_db
def test_another_player_a_spectator_and_a_stranger_see_none_of_it(client, match, people):
    """Jan sees his own analysis only; Ota (no seat) and a signed-out visitor see none; the
    record (JSON) and the table page carry no judgement either."""
    marked = a_marked_move(match, seat=0)
    step = marked.seq + 1
    for viewer in (people[1], people[2], None):
        client.logout()
        if viewer is not None:
            client.force_login(viewer)
        page = _replay(client, match, step)
        assert 'data-analysis-seat="0"' not in page
        assert 'class="ghost' not in page
        table = client.get(reverse("match_table", args=[match.pk])).content.decode()
        assert "chart-chance" not in table
        assert "Where did I lose?" not in table
        record = client.get(reverse("match_record", args=[match.pk])).content.decode()
        assert "verdict" not in record
        assert "preferred" not in record
        if viewer is not people[1]:
            assert 'id="analysis"' not in page
            assert "Where did I lose?" not in page


@pytest.mark.django_db
def test_where_the_end_reveals_every_hand_everyone_sees_every_persons_analysis(
    client, match, people, monkeypatch
):
    monkeypatch.setattr(GAMES["kosmopolis"].engine, "ANALYSIS_PUBLIC_AT_END", True)
    marked = a_marked_move(match, seat=0)
    client.force_login(people[2])
    page = _replay(client, match, marked.seq + 1)
    assert 'data-analysis-seat="0"' in page
    assert 'data-analysis-seat="1"' in page
    assert "The strong bot would have played" in page
    assert "Analyse again" not in page  # only the match's players may ask


@pytest.mark.django_db
def test_progress_is_shown_and_polled_while_the_analysis_runs(client, match, people):
    work = MatchAnalysis.objects.get(match=match)
    work.status = MatchAnalysis.Status.RUNNING
    work.save()
    kept = JudgedMove.objects.filter(analysis=work).order_by("seq")[:3]
    JudgedMove.objects.filter(analysis=work).exclude(pk__in=[row.pk for row in kept]).delete()
    client.force_login(people[0])
    page = _replay(client, match)
    assert f"Analysed 3 of {work.moves_to_judge} moves" in page
    assert 'hx-trigger="every 5s"' in page
    assert "Analyse again" not in page
    work.status = MatchAnalysis.Status.DONE
    work.save()
    page = _replay(client, match)
    assert 'hx-trigger="every 5s"' not in page
    assert "Analyse again" in page


@pytest.mark.django_db
def test_a_match_not_analysed_offers_its_players_the_analysis(client, match, people):
    MatchAnalysis.objects.filter(match=match).delete()
    client.force_login(people[1])
    page = _replay(client, match)
    assert "This match has not been analysed." in page
    assert "Analyse this match" in page


@pytest.mark.django_db
def test_moves_a_bot_made_for_a_person_are_the_bots_skipped_and_shown_as_such(
    client, people, bots, django_capture_on_commit_callbacks
):
    """Eva lets a bot play for her for a while, then takes her seat back: the bot's moves are
    recorded as the bot's, never judged as hers, and the replay says who made them."""
    eva = people[0]
    engine = GAMES["seven_dragons"].engine
    with django_capture_on_commit_callbacks(execute=True):
        match = services.start_match(game="seven_dragons", players=[eva, bots[0]], seed=SEED)
    for turn in range(200):
        match.refresh_from_db()
        if match.is_over:
            break
        seat = min(engine.to_act(match.state))
        with django_capture_on_commit_callbacks(execute=True):
            if match.seat_list[seat].is_bot:
                services.play_bot_turns(match_id=match.pk)
            elif turn == 2:
                services.let_bot_play(match_id=match.pk, user=eva, level="easy")
            else:
                play_first_legal_move(match, eva, seat)
        if turn == 6:
            services.take_seat_back(match_id=match.pk, user=eva)
    assert match.is_over
    moves = list(match.moves.order_by("seq").values_list("seq", "seat", "by_bot"))
    by_bot_for_eva = {seq for seq, seat, by_bot in moves if seat == 0 and by_bot}
    by_eva = {seq for seq, seat, by_bot in moves if seat == 0 and not by_bot}
    assert by_bot_for_eva
    assert by_eva
    assert all(by_bot for _seq, seat, by_bot in moves if seat == 1)
    MatchAnalysis.objects.create(match=match)
    with override_settings(ANALYSIS_PLAYOUTS=4):
        analyse_match(match_id=match.pk)
    work = MatchAnalysis.objects.get(match=match)
    judged = set(work.moves.values_list("seq", flat=True))
    assert judged == by_eva == set(range(match.move_count)) & judged
    assert work.moves_to_judge == len(by_eva)
    client.force_login(people[1])  # what was the bot's is no secret
    page = _replay(client, match, min(by_bot_for_eva) + 1)
    assert "Played by the bot for Eva." in page
    assert "Played by the bot" not in _replay(client, match, min(by_eva) + 1)


@pytest.mark.django_db
def test_the_profile_shows_its_player_their_accuracy_and_its_trend(client, people):
    """Twelve analysed matches: accuracy is the share of unmarked moves (forced ones aside),
    averaged over the matches; the trend compares the last ten with the two before. Only the
    player sees it."""
    eva, jan = people[:2]
    shares = []
    for number in range(12):
        match = services.start_match(game="seven_dragons", players=[eva, jan])
        Match.objects.filter(pk=match.pk).update(finished_at=f"2026-01-{number + 1:02d}T10:00Z")
        work = MatchAnalysis.objects.create(match=match, status=MatchAnalysis.Status.DONE)
        good = 3 if number < 2 else 1  # 3 of 4 early, 1 of 4 later
        verdicts = ["good"] * good + ["blunder"] * (4 - good) + ["forced"]
        verdicts += ["blunder"] * 4  # Jan's moves: none of Eva's accuracy
        for seq, verdict in enumerate(verdicts):
            JudgedMove.objects.create(
                analysis=work, seq=seq, seat=0 if seq < 5 else 1, verdict=verdict
            )
        shares.append(good / 4)
    [line] = analysis_view.accuracy_lines(eva)
    assert line.matches == 12
    assert line.accuracy == pytest.approx(sum(shares) / 12)
    assert (line.recent, line.earlier, line.trend) == (0.25, 0.75, -50)
    client.force_login(eva)
    page = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    assert 'id="accuracy"' in page
    assert "Accuracy is the share of your moves" in page
    assert '<td data-stat="accuracy">33 %</td>' in page
    assert "(-50)" in page
    client.force_login(jan)
    page = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    assert 'id="accuracy"' not in page
    client.logout()
    page = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    assert 'id="accuracy"' not in page


ANALYSIS_MARKS = ("chart-chance", "data-analysis-seat", "verdict", "Where did I lose?")
"""What any part of a match's analysis puts in a page."""


@pytest.mark.django_db(transaction=True)
def test_the_table_socket_carries_no_analysis_to_anyone(people):
    """The live table of an analysed match, opened on its socket by either player or a
    spectator: the whole table it sends first holds none of the analysis (the replay alone
    shows it, to its own player)."""
    match = analysed("kosmopolis", people[:2], seed=SEED)
    a_marked_move(match, seat=1)  # the other player's marked move is there to leak

    async def first_frames() -> list[str]:
        frames = []
        for viewer in people[:3]:
            socket = WebsocketCommunicator(TableConsumer.as_asgi(), f"/ws/matches/{match.pk}/")
            socket.scope["user"] = viewer
            socket.scope["url_route"] = {"kwargs": {"match_id": match.pk}}
            try:
                assert (await socket.connect(timeout=10))[0]
                frames.append(await socket.receive_from(timeout=10))
            finally:
                await socket.disconnect()
        return frames

    for frame in async_to_sync(first_frames)():
        assert 'id="board"' in frame
        assert not [mark for mark in ANALYSIS_MARKS if mark in frame]

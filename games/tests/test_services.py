"""The move service: every accepted move is one row, refusals change nothing, bots finish games."""

import threading

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import services
from games.kosmopolis import engine
from games.models import Match, Move
from games.rules import play_record
from games.selectors import record_of


def _draft_move(match: Match, seat: int) -> dict:
    return engine.legal_moves(match.state, seat)[0]


@pytest.mark.django_db
def test_start_match_seats_players_in_order_and_commits_to_a_fresh_seed(people):
    match = services.start_match(game="kosmopolis", players=people[:3])
    assert [s.user for s in match.seats.order_by("number")] == people[:3]
    assert int(match.seed).bit_length() > 64
    assert match.state == engine.setup(3, {}, int(match.seed))
    assert len(match.seed_commitment) == 64
    other = services.start_match(game="kosmopolis", players=people[:2])
    assert other.seed != match.seed


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("game", "count", "message"),
    [("kosmopolis", 1, "2 to 4"), ("kosmopolis", 5, "2 to 4"), ("isle_of_cats", 5, "1 to 4")],
)
def test_start_match_refuses_wrong_tables(people, bots, game, count, message):
    players = (people + bots)[:count]
    with pytest.raises(ValueError, match=message):
        services.start_match(game=game, players=players)


@pytest.mark.django_db
def test_a_legal_move_is_stored_as_one_row_and_advances_the_state(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    move = _draft_move(match, 0)
    accepted = services.submit_move(match_id=match.pk, user=people[0], move=move, expected_seq=0)
    assert accepted == services.MoveAccepted(seq=0)
    row = Move.objects.get(match=match)
    assert (row.seq, row.seat, row.payload) == (0, 0, move)
    match.refresh_from_db()
    assert match.move_count == 1
    expected, _events = engine.apply(engine.setup(2, {}, int(match.seed)), 0, move)
    assert match.state == expected


@pytest.mark.django_db
@pytest.mark.parametrize(
    "move",
    [
        {"type": "draft", "cards": [999, 998]},
        {"type": "fly"},
        "not a move",
        {"type": "play", "card": 1, "to": "city"},
    ],
)
def test_an_illegal_move_is_refused_with_the_engines_reason_and_changes_nothing(people, move):
    match = services.start_match(game="kosmopolis", players=people[:2])
    before = match.state
    with pytest.raises(services.MoveRefused) as refusal:
        services.submit_move(match_id=match.pk, user=people[0], move=move, expected_seq=0)
    assert refusal.value.message
    assert not refusal.value.stale
    match.refresh_from_db()
    assert match.state == before
    assert match.move_count == 0
    assert not Move.objects.exists()


@pytest.mark.django_db
def test_only_a_seated_person_may_move(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    with pytest.raises(services.MoveRefused, match="do not sit"):
        services.submit_move(
            match_id=match.pk, user=people[2], move=_draft_move(match, 0), expected_seq=0
        )
    assert not Move.objects.exists()


@pytest.mark.django_db
def test_a_move_sent_twice_is_applied_once(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    move = _draft_move(match, 0)
    services.submit_move(match_id=match.pk, user=people[0], move=move, expected_seq=0)
    again = services.submit_move(match_id=match.pk, user=people[0], move=move, expected_seq=0)
    assert again.duplicate
    assert Move.objects.count() == 1


@pytest.mark.django_db
def test_a_stale_page_is_refused_once_the_seat_itself_moved_since(people):
    match = services.start_match(game="kosmopolis", players=people[:2])
    first = _draft_move(match, 0)
    services.submit_move(match_id=match.pk, user=people[0], move=first, expected_seq=0)
    match.refresh_from_db()
    fresh = engine.setup(2, {}, int(match.seed))
    other = next(m for m in engine.legal_moves(fresh, 0) if m != first)
    with pytest.raises(services.MoveRefused) as refusal:
        services.submit_move(match_id=match.pk, user=people[0], move=other, expected_seq=0)
    assert refusal.value.stale
    with pytest.raises(services.MoveRefused):
        services.submit_move(match_id=match.pk, user=people[0], move=other, expected_seq=7)
    assert Move.objects.count() == 1


@pytest.mark.django_db
def test_in_a_simultaneous_phase_a_page_that_missed_others_moves_still_counts(people):
    match = services.start_match(game="kosmopolis", players=people[:3])
    services.submit_move(
        match_id=match.pk, user=people[0], move=_draft_move(match, 0), expected_seq=0
    )
    services.submit_move(
        match_id=match.pk, user=people[1], move=_draft_move(match, 1), expected_seq=0
    )
    assert Move.objects.filter(match=match).count() == 2


@pytest.mark.django_db(transaction=True)
def test_concurrent_submissions_in_the_draft_lose_nothing(people):
    match = services.start_match(game="kosmopolis", players=people[:4])
    moves = [_draft_move(match, seat) for seat in range(4)]
    barrier = threading.Barrier(4)
    outcomes: list[object] = []

    def draft(seat: int) -> None:
        try:
            barrier.wait()
            outcomes.append(
                services.submit_move(
                    match_id=match.pk, user=people[seat], move=moves[seat], expected_seq=0
                )
            )
        finally:
            connection.close()

    threads = [threading.Thread(target=draft, args=(seat,)) for seat in range(4)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert len(outcomes) == 4
    stored = sorted(Move.objects.filter(match=match).values_list("seat", flat=True))
    assert stored == [0, 1, 2, 3]
    assert sorted(Move.objects.filter(match=match).values_list("seq", flat=True)) == [0, 1, 2, 3]
    match.refresh_from_db()
    assert match.move_count == 4
    replayed = engine.setup(4, {}, int(match.seed))
    for seat, payload in match.moves.order_by("seq").values_list("seat", "payload"):
        engine.apply_in_place(replayed, seat, payload)
    assert match.state == replayed


@pytest.mark.django_db(transaction=True)
def test_concurrent_submissions_for_one_seat_store_exactly_one_move(people):
    """Six requests of one seat at once (a resend, a second tab): three repeat one move, three
    send another. One is stored; the repeats of it are accepted as repeats, the rest refused."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    first, other = engine.legal_moves(match.state, 0)[:2]
    moves = [first, other] * 3
    barrier = threading.Barrier(len(moves))
    outcomes: list[object] = []

    def send(move: dict) -> None:
        try:
            barrier.wait()
            outcomes.append(
                services.submit_move(match_id=match.pk, user=people[0], move=move, expected_seq=0)
            )
        except services.MoveRefused as refusal:
            outcomes.append(refusal)
        finally:
            connection.close()

    threads = [threading.Thread(target=send, args=(move,)) for move in moves]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    stored = Move.objects.get(match=match)
    accepted = [o for o in outcomes if isinstance(o, services.MoveAccepted)]
    refused = [o for o in outcomes if isinstance(o, services.MoveRefused)]
    assert len(accepted) == 3
    assert len(refused) == 3
    assert sum(not o.duplicate for o in accepted) == 1
    assert all(o.seq == stored.seq == 0 for o in accepted)
    assert all(r.stale and r.message for r in refused)
    match.refresh_from_db()
    assert match.move_count == 1
    assert match.state == engine.apply(engine.setup(2, {}, int(match.seed)), 0, stored.payload)[0]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("seats", [2, 3, 4])
def test_a_bots_only_match_plays_itself_to_the_end_and_its_record_replays(bots, seats):
    match = services.start_match(game="kosmopolis", players=bots[:seats])
    match.refresh_from_db()
    assert match.status == Match.Status.FINISHED
    assert match.move_count == Move.objects.filter(match=match).count() > 10
    outcome = play_record(record_of(match))
    assert all(step["legal"] for step in outcome["moves"])
    assert outcome["result"] == match.result
    seats_by_number = {s.number: s for s in match.seats.all()}
    assert [seats_by_number[n].score for n in range(seats)] == match.result["scores"]
    assert [seats_by_number[n].rank for n in range(seats)] == match.result["ranks"]


@pytest.mark.django_db(transaction=True)
def test_the_cached_state_always_equals_setup_plus_replay(people, bots):
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0], bots[1]])
    for _turn in range(200):
        match.refresh_from_db()
        if match.is_over:
            break
        state = engine.setup(3, {}, int(match.seed))
        for seat, payload in match.moves.order_by("seq").values_list("seat", "payload"):
            engine.apply_in_place(state, seat, payload)
        assert state == match.state
        if 0 in engine.to_act(match.state):
            services.submit_move(
                match_id=match.pk,
                user=people[0],
                move=engine.legal_moves(match.state, 0)[-1],
                expected_seq=match.move_count,
            )
    assert match.is_over


@pytest.mark.django_db(transaction=True)
def test_a_person_against_bots_only_ever_waits_for_themself(people, bots):
    match = services.start_match(game="kosmopolis", players=[people[0], bots[0]])
    match.refresh_from_db()
    assert engine.to_act(match.state) == {0} or match.is_over


@pytest.mark.django_db
def test_a_move_costs_a_few_queries_however_long_the_match(people):
    """Lock the match, read its seats, insert the move, update the match, and at most two
    for the "your turn" notice: nothing grows with the number of moves already played."""
    match = services.start_match(game="kosmopolis", players=people[:2])
    counts = []
    for _turn in range(40):
        match.refresh_from_db()
        if match.is_over:
            break
        seat = min(engine.to_act(match.state))
        with CaptureQueriesContext(connection) as queries:
            services.submit_move(
                match_id=match.pk,
                user=people[seat],
                move=engine.legal_moves(match.state, seat)[0],
                expected_seq=match.move_count,
            )
        counts.append(sum(1 for q in queries if "SAVEPOINT" not in q["sql"]))
    assert len(counts) >= 20
    assert max(counts) <= 6
    assert max(counts[-10:]) <= max(counts[:10])


@pytest.mark.parametrize(
    ("chosen", "stored"),
    [
        (None, {}),
        ({"draft": True, "research_side": "A"}, {}),
        ({"draft": False, "crime_side": "random"}, {"draft": False, "crime_side": "random"}),
    ],
)
def test_options_take_their_defaults_and_only_changes_are_stored(chosen, stored):
    from games.registry import GAMES

    assert GAMES["space_dragons"].clean_options(chosen, seats=3) == stored


@pytest.mark.parametrize(
    "chosen", [{"draft": 1}, {"research_side": "C"}, {"colour": "red"}, {"draft": "no"}]
)
def test_unknown_options_or_values_are_refused(chosen):
    from games.registry import GAMES

    with pytest.raises(ValueError, match=r"option|value"):
        GAMES["space_dragons"].clean_options(chosen, seats=3)


@pytest.mark.django_db
def test_a_match_against_bots_seats_the_player_first_and_the_site_bots_by_name(people, bots):
    for retired in (bots[1], bots[3]):
        retired.is_active = False
        retired.save(update_fields=["is_active"])
    match = services.play_against_bots(user=people[0], game="kosmopolis", seats=3)
    seated = [seat.user for seat in match.seats.order_by("number")]
    assert seated == [people[0], bots[0], bots[2]], "an inactive bot plays no more"
    with pytest.raises(services.MoveRefused, match="Not enough bots"):
        services.play_against_bots(user=people[1], game="kosmopolis", seats=4)
    assert services.playable_game("kosmopolis") is not None
    assert services.playable_game("chess") is None

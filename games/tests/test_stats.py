"""Statistics: each number on the profile, head-to-head and game pages, from constructed matches."""

import random
import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.db import connection, transaction
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from config.batch import Batch
from games import ratings, services, stats
from games.kosmopolis.components import CARD_COLOR
from games.kosmopolis.stats import PROFESSIONS
from games.models import GameStats, Match, PlayerStats, Rating, RatingChange, Seat
from games.registry import GAMES

pytestmark = pytest.mark.django_db(transaction=True)


def _final_state(game: str, seats: int, seed: int = 7) -> dict:
    """A real finished game of `game`, played by random legal moves."""
    engine = GAMES[game].engine
    state = engine.setup(seats, {}, seed)
    rng = random.Random(seed)
    while not engine.is_over(state):
        seat = min(engine.to_act(state))
        state, _events = engine.apply(state, seat, rng.choice(engine.legal_moves(state, seat)))
    return state


def _end(
    match: Match,
    ranks: list[int],
    scores: list[int],
    *,
    left: dict[int, str] | None = None,
    minutes: int = 30,
    result: dict | None = None,
) -> Match:
    """End a match with chosen places and scores, counted as the end of a real match is."""
    left = left or {}
    with transaction.atomic():
        seats = list(match.seats.select_related("user"))
        for seat in seats:
            seat.rank = ranks[seat.number]
            seat.score = scores[seat.number]
            seat.left = left.get(seat.number, "")
        Seat.objects.bulk_update(seats, ["rank", "score", "left"])
        match.status = Match.Status.FINISHED
        match.finished_at = timezone.now()
        match.started_at = match.finished_at - timedelta(minutes=minutes)
        match.result = result or {"scores": scores, "ranks": ranks}
        match.save(update_fields=["status", "finished_at", "started_at", "result"])
        writes = Batch()
        ratings.rate_match(match, seats, writes=writes)
        stats.tally_match(match, seats, writes=writes)
        writes.send()
    return match


def _cells(html: str, scope: str) -> dict[str, str]:
    """The `data-stat` cells inside the element whose opening tag contains `scope`."""
    start = html.index(scope)
    end = re.compile(r"</tr>|</dl>").search(html, start).start()
    found = re.findall(r'data-stat="(\w+)">(.*?)</(?:td|dd)>', html[start:end], re.S)
    return {key: re.sub(r"<[^>]+>", "", value).strip() for key, value in found}


@pytest.fixture
def played(people, bots):
    """Eva's record: two wins (one shared), a second place, a resignation, then a Sedm draků win."""
    eva, jan, ota = people[:3]
    _end(
        services.start_match(game="kosmopolis", players=[eva, jan, ota], rated=True),
        [1, 2, 3],
        [50, 40, 30],
    )
    _end(
        services.start_match(game="kosmopolis", players=[eva, jan, ota], rated=True),
        [1, 1, 3],
        [45, 45, 20],
    )
    _end(
        services.start_match(game="kosmopolis", players=[jan, eva, ota], rated=True),
        [1, 2, 3],
        [44, 41, 20],
    )
    _end(
        services.start_match(game="kosmopolis", players=[eva, jan, ota], rated=True),
        [1, 2, 3],
        [60, 30, 20],
        left={0: Seat.Left.RESIGNED},
    )
    seven = services.start_match(game="seven_dragons", players=[eva, bots[0]])
    finished = _final_state("seven_dragons", 2)
    Match.objects.filter(pk=seven.pk).update(state=finished)
    seven.refresh_from_db()
    _end(seven, [1, 2], [7, 3], result=GAMES["seven_dragons"].engine.result(finished))
    return people


def test_profile_shows_each_number_per_game_and_overall(client, played):
    eva = played[0]
    client.force_login(played[1])
    html = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    kosmopolis = _cells(html, 'data-game="kosmopolis"')
    assert kosmopolis == {
        "played": "4",
        "won": "2",
        "win_rate": "50 %",
        "average_score": "45.3",  # 50, 45, 41; the resigned match has no score
        "best_score": "50",
        "average_place": "1.75",  # 1, 1, 2 and last of three for resigning
        "streak": "0 (2)",
        "left": "1 · 0 · 0",
        "rating": kosmopolis["rating"],
    }
    assert "(4 rated)" in kosmopolis["rating"]
    assert "?" in kosmopolis["rating"]
    overall = _cells(html, 'id="overall"')
    assert overall["played"] == "5"
    assert overall["won"] == "3 (60 %)"
    assert overall["place"] == "1.60"
    # Points of different games do not add up: scores are shown per game only.
    assert "average_score" not in overall
    assert "best_score" not in overall
    assert overall["streak"] == "1 now, best 2"
    assert overall["left"] == "1 · 0 · 0"
    seven = _cells(html, 'data-game="seven_dragons"')
    assert seven["rating"] == "–"  # against a bot: counted, never rated
    assert 'data-chart="rating-kosmopolis"' in html
    assert 'data-chart="rating-seven_dragons"' not in html
    last = html[html.index('id="last-matches"') :]
    assert last.count(">Replay</a>") == 5
    newest = Match.objects.order_by("-finished_at").first()
    assert reverse("match_replay", args=[newest.pk]) in last


def test_the_profiles_column_of_matches_left_reads_without_a_gender_in_czech(client, played):
    """Eva's profile in Czech: the column counting the matches she resigned, abandoned or ran
    out of time in is "Odchody" (departures), not the masculine "Odešel" (he left)."""
    eva, jan = played[0], played[1]
    jan.language = "cs"
    jan.save(update_fields=["language"])
    client.force_login(jan)
    html = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    assert 'title="vzdané · opuštěné · prošlý čas">Odchody</abbr>' in html
    assert "Odešel" not in html


def test_the_rating_chart_follows_the_rating_changes(client, played):
    eva = played[0]
    points = [
        change.after
        for change in RatingChange.objects.filter(user=eva).order_by("match__finished_at")
    ]
    history = stats.rating_history(eva)["kosmopolis"]
    client.force_login(eva)
    assert history[0] == 1000  # a newcomer's conservative rating: mu - 3 sigma = 0
    assert history[1:] == points
    html = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    chart = html[html.index('data-chart="rating-kosmopolis"') :]
    assert f">{max(history)}</text>" in chart
    assert f">{min(history)}</text>" in chart
    assert chart.index("<polyline") < chart.index("</svg>")


def test_head_to_head_counts_who_finished_ahead(client, played):
    eva, jan = played[:2]
    client.force_login(eva)
    html = client.get(
        reverse("head_to_head", args=[eva.username]), {"other": jan.username}
    ).content.decode()
    line = _cells(html, '<tr><th scope="row">Kosmopolis')
    # Eva ahead in match 1; level in the shared win; Jan ahead in match 3 and when Eva resigned.
    assert line == {"matches": "4", "first": "1", "second": "2", "level": "1"}
    assert html.count(">Replay</a>") == 4
    missing = client.get(reverse("head_to_head", args=[eva.username]), {"other": "nobody"})
    assert "There is no player called" in missing.content.decode()


def test_the_game_page_shows_lengths_seats_scores_and_facts(client, people):
    eva, jan, ota = people[:3]
    client.force_login(eva)
    finished = _final_state("kosmopolis", 3)
    won = dict.fromkeys(PROFESSIONS, 0)
    for pile in finished["bonus"]:
        for card in pile:
            won[CARD_COLOR[card]] += 1
    assert sum(won.values()) > 0
    # Seed 2 deals the highest start modifier to seat 0: seat 1 starts, as the page counts.
    for ranks, minutes, moves in (([1, 2, 3], 20, 60), ([2, 1, 2], 40, 70)):
        match = services.start_match(game="kosmopolis", players=[eva, jan, ota], seed=2)
        Match.objects.filter(pk=match.pk).update(state=finished, move_count=moves)
        match.refresh_from_db()
        _end(match, ranks, [30 + r for r in ranks], minutes=minutes)
    two = services.start_match(game="kosmopolis", players=[eva, jan], seed=2)
    _end(two, [2, 1], [10, 50], minutes=30)
    html = client.get(reverse("game_statistics", args=["kosmopolis"])).content.decode()
    facts = _cells(html, 'id="game-facts"')
    assert facts["matches"] == "3"
    assert facts["moves"] == f"{(60 + 70 + two.move_count) / 3:.1f} moves"
    assert facts["minutes"] == "30.0 minutes"
    for n, cards in enumerate(won.values(), start=1):
        share = 200 / 3 if cards else 0
        assert (
            facts[f"fact{n}"] == f"{2 * cards / 3:.1f} per match, won in {share:.0f} % of matches"
        )
    three = html[html.index('data-players="3"') :]
    assert re.findall(r"<td>(\d+) %</td>", three)[:3] == ["50", "50", "0"]
    two_seats = html[html.index('data-players="2"') :]
    assert re.findall(r"<td>(\d+) %</td>", two_seats)[:2] == ["0", "100"]
    scores = html[html.index('id="score-distribution"') :]
    scores = scores[: scores.index("</figure>")]
    assert GameStats.objects.get(game="kosmopolis").scores == {
        "31": 2,
        "32": 3,
        "33": 1,
        "10": 1,
        "50": 1,
    }
    # 10 to 50 in bins of three points: 10–12, 13–15, …, 49–51.
    assert scores.count('class="bar"') == 14
    assert ">10–12</text>" in scores


def test_the_win_rates_by_seat_count_from_the_player_who_started(client, people):
    """Space Bastards draws its start player: a win of the seat that started counts for the
    first place in the turn order, whatever its seat number."""
    eva, jan = people[:2]
    match = services.start_match(
        game="space_bastards", players=[eva, jan], stack={"start_player": 1}
    )
    standing = GAMES["space_bastards"].engine.standing(match.state)
    _end(match, [2, 1], [3, 5], result={**standing, "ranks": [2, 1], "winners": [1]})
    assert GameStats.objects.get(game="space_bastards").seat_wins == {
        "2": {"matches": 1, "wins": [1, 0]}
    }
    client.force_login(eva)
    html = client.get(reverse("game_statistics", args=["space_bastards"])).content.decode()
    two = html[html.index('data-players="2"') :]
    assert re.findall(r"<td>(\d+) %</td>", two)[:2] == ["100", "0"]
    assert "1 is the player who started" in html


def test_a_real_match_is_counted_when_it_ends(people):
    match = services.start_match(game="space_dragons", players=people[:3], rated=True)
    from games.space_dragons import engine

    for _turn in range(500):
        match.refresh_from_db()
        if match.is_over:
            break
        seat = min(engine.to_act(match.state))
        services.submit_move(
            match_id=match.pk,
            user=people[seat],
            move=engine.legal_moves(match.state, seat)[0],
            expected_seq=match.move_count,
        )
    assert match.is_over
    tallies = GameStats.objects.get(game="space_dragons")
    assert tallies.matches == 1
    assert tallies.move_sum == match.move_count
    assert tallies.facts["dragons"] == sum(match.result["dragon_counts"])
    for seat in match.seats.all():
        row = PlayerStats.objects.get(user=seat.user, game="space_dragons")
        assert (row.played, row.won, row.best_score) == (1, int(seat.rank == 1), seat.score)


def test_friendly_matches_count_in_statistics_but_not_in_ratings(people, bots):
    eva, jan = people[:2]
    _end(services.start_match(game="kosmopolis", players=[eva, jan]), [1, 2], [40, 30])
    _end(
        services.start_match(game="kosmopolis", players=[eva, bots[0]], rated=True),
        [1, 2],
        [40, 30],
    )
    assert PlayerStats.objects.get(user=eva, game="kosmopolis").played == 2
    assert PlayerStats.objects.get(user=bots[0], game="kosmopolis").played == 1
    assert not Rating.objects.exists()


def test_rebuild_gives_the_same_statistics_as_the_updates(played, bots):
    three = _final_state("seven_dragons", 2)
    match = services.start_match(game="seven_dragons", players=[played[1], bots[1]])
    Match.objects.filter(pk=match.pk).update(state=three)
    match.refresh_from_db()
    result = GAMES["seven_dragons"].engine.result(three)
    _end(match, result["ranks"], result["scores"], result=result)

    def snapshot():
        players = sorted(
            (row.user_id, row.game, *(getattr(row, f) for f in stats.PLAYER_FIELDS))
            for row in PlayerStats.objects.all()
        )
        games = sorted(
            (row.game, *(getattr(row, f) for f in stats.GAME_FIELDS))
            for row in GameStats.objects.all()
        )
        rated = sorted(Rating.objects.values_list("user", "game", "mu", "sigma", "matches"))
        changes = sorted(RatingChange.objects.values_list("match", "user", "before", "after"))
        return players, games, rated, changes

    incremental = snapshot()
    call_command("rebuild_stats")
    assert snapshot() == incremental


def test_ten_thousand_matches_keep_every_page_to_a_few_queries(client, people, bots):
    """The pages' query counts do not grow with the number of matches (numbers in the note)."""
    players = [*people, *bots]
    finals = {
        game: (state := _final_state(game, 3), GAMES[game].engine.result(state))
        for game in ("kosmopolis", "seven_dragons", "space_dragons")
    }
    rng = random.Random(1)
    now = timezone.now()
    matches = []
    for i in range(10_000):
        game = ("kosmopolis", "seven_dragons", "space_dragons")[i % 3]
        state, result = finals[game]
        matches.append(
            Match(
                game=game,
                seed="1",
                state=state,
                result=result,
                status=Match.Status.FINISHED,
                rated=True,
                move_count=50,
                finished_at=now - timedelta(minutes=10_000 - i),
            )
        )
    matches = Match.objects.bulk_create(matches, batch_size=500)
    seats = []
    for match in matches:
        chosen = rng.sample(players, 3)
        ranks = [1, 2, 3]
        rng.shuffle(ranks)
        seats += [
            Seat(
                match=match,
                number=n,
                user=user,
                is_bot=user.is_bot,
                rank=ranks[n],
                score=40 - ranks[n],
            )
            for n, user in enumerate(chosen)
        ]
    Seat.objects.bulk_create(seats, batch_size=2000)
    call_command("rebuild_stats")
    assert GameStats.objects.get(game="kosmopolis").matches == 3334

    eva, jan = people[:2]
    client.force_login(jan)
    pages = {
        "profile": reverse("player_profile", args=[eva.username]),
        "head_to_head": reverse("head_to_head", args=[eva.username]) + f"?other={jan.username}",
        "statistics": reverse("game_statistics", args=["kosmopolis"]),
        "leaderboard": reverse("leaderboard", args=["kosmopolis"]),
    }
    counts = {}
    for name, url in pages.items():
        with CaptureQueriesContext(connection) as queries:
            assert client.get(url).status_code == 200
        counts[name] = len(queries)
    print("queries per page with 10,000 matches:", counts)
    assert counts["profile"] <= 12
    assert counts["head_to_head"] <= 10
    assert counts["statistics"] <= 8
    assert counts["leaderboard"] <= 8


def test_the_profile_says_places_in_words_with_one_date_format(client, played):
    eva = played[0]
    client.force_login(played[1])
    html = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    last = html[html.index('id="last-matches"') :]
    assert "place 1 of 3" in last
    assert "resigned, place 3 of 3" in last
    assert ". of " not in last
    joined = re.search(r"Playing since</dt><dd>([^<]+)</dd>", html).group(1)
    finished = re.search(r'<span class="muted">([^<]+)</span>', last).group(1)
    assert re.sub(r"\d", "0", joined) == re.sub(r"\d", "0", finished)


def test_a_solo_game_reads_won_or_lost_never_a_place_of_one(client, people):
    """Ostrov koček alone against the sister: the lost game is no "place 2 of 1"."""
    eva = people[0]
    engine = GAMES["isle_of_cats"].engine
    for won in (True, False):
        match = services.start_match(game="isle_of_cats", players=[eva])
        state = {**match.state, "phase": "game_over"}
        Match.objects.filter(pk=match.pk).update(state=state)
        match.refresh_from_db()
        result = engine.result(state)
        assert result["winners"] == ["sister"], "an empty boat loses"
        if won:
            result = {**result, "ranks": [1], "winners": [0]}
        _end(match, result["ranks"], result["scores"], result=result)
    client.force_login(eva)
    profile = client.get(reverse("player_profile", args=[eva.username])).content.decode()
    last = profile[profile.index('id="last-matches"') :]
    assert " of 1" not in last
    assert last.count("solo, lost, -54 points") == 1
    assert last.count("solo, won, -54 points") == 1
    mine = client.get(reverse("my_games")).content.decode()
    assert "place 2" not in mine
    assert mine.count("solo, lost, -54 points") == 1
    table = client.get(match.get_absolute_url()).content.decode()
    assert "Place 2" not in table
    assert "Lost · -54 points" in table


def test_the_seat_win_rates_count_matches_not_players(client, played):
    client.force_login(played[1])
    html = client.get(reverse("game_statistics", args=["kosmopolis"])).content.decode()
    assert "Players: 3 · 4 matches" in html


def test_the_profile_counts_a_seven_dragons_score_in_cards(client, played):
    client.force_login(played[1])
    html = client.get(reverse("player_profile", args=[played[0].username])).content.decode()
    last = html[html.index('id="last-matches"') :]
    assert "place 1 of 2, an area of 7 cards" in last
    assert "7 points" not in last
    assert "50 points" in last


def test_the_leaderboard_shows_the_unrated_record_of_those_who_play_bots(client, people, bots):
    services.start_match(game="kosmopolis", players=[bots[0], bots[1]])
    match = services.start_match(game="seven_dragons", players=[people[2], bots[0]])
    finished = _final_state("seven_dragons", 2)
    Match.objects.filter(pk=match.pk).update(state=finished)
    match.refresh_from_db()
    _end(match, [1, 2], [7, 3], result=GAMES["seven_dragons"].engine.result(finished))
    client.force_login(people[0])
    html = client.get(reverse("leaderboard", args=["seven_dragons"])).content.decode()
    record = html[html.index('id="unrated-record"') :]
    assert people[2].public_name in record
    assert "<td>1</td><td>1</td><td>100 %</td>" in record
    assert bots[0].public_name not in record


def test_the_charts_have_labelled_axes(client, played):
    client.force_login(played[1])
    page = client.get(reverse("game_statistics", args=["kosmopolis"])).content.decode()
    scores = page[page.index('id="score-distribution"') :]
    scores = scores[: scores.index("</svg>")]
    assert scores.count('class="axis"') == 2
    assert ">final score</text>" in scores
    assert ">players</text>" in scores
    assert ">0</text>" in scores
    assert re.search(r"text-anchor=\"end\"[^>]*>[1-9]\d*</text>", scores)  # the top count
    seats = page[page.index('class="chart chart-bars"', page.index("seat-rates")) :]
    seats = seats[: seats.index("</svg>")]
    assert ">win rate</text>" in seats
    assert re.search(r">\d+ ?%</text>", seats)
    profile = client.get(reverse("player_profile", args=[played[0].username])).content.decode()
    line = profile[profile.index('data-chart="rating-kosmopolis"') :]
    line = line[: line.index("</svg>")]
    assert ">rated matches</text>" in line
    assert ">rating</text>" in line

"""A table's talk over HTTP and through its service: what is stored, who may say and read what,
muting, reporting, and the lines that are refused."""

import pytest
from django.conf import settings
from django.contrib.admin.sites import site as admin_site
from django.urls import reverse

from accounts.models import User
from chat import services
from chat.live import panel_html
from chat.models import LINE_LENGTH, ChatLine, ChatMute, ChatReport
from chat.selectors import talk_for
from lobby.models import Table

pytestmark = pytest.mark.django_db


def _say(client, match, text, *, htmx=False):
    headers = {"HX-Request": "true"} if htmx else {}
    return client.post(reverse("chat_say", args=[match.pk]), {"chat_line": text}, headers=headers)


def _page(client, match) -> str:
    return client.get(match.get_absolute_url()).content.decode()


def test_a_line_said_is_stored_and_shown_escaped_with_its_author_on_the_table_page(
    client, people, match
):
    client.force_login(people[0])
    answer = _say(client, match, "  <script>alert('hi')</script> good luck  ")
    assert answer.status_code == 302
    line = ChatLine.objects.get()
    assert (line.match, line.author, line.text) == (
        match,
        people[0],
        "<script>alert('hi')</script> good luck",
    )
    client.force_login(people[2])
    html = _page(client, match)
    assert "&lt;script&gt;alert(&#39;hi&#39;)&lt;/script&gt; good luck" in html
    assert "<script>alert(" not in html
    assert 'class="chat-author">Eva<' in html
    assert 'role="log"' in html
    assert 'aria-live="polite"' in html


def test_the_time_of_a_line_is_in_the_viewers_time_zone(client, people, match):
    services.say(match_id=match.pk, user=people[0], text="hello")
    said_at = ChatLine.objects.get().said_at
    for person, zone in ((people[1], "Asia/Tokyo"), (people[2], "America/New_York")):
        person.time_zone = zone
        person.save(update_fields=["time_zone"])
        client.force_login(person)
        local = said_at.astimezone(person.zone).strftime("%H:%M")
        assert f">{local}</time>" in _page(client, match)


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("", "Write something to say first."),
        ("   \t  ", "Write something to say first."),
        ("a" * (LINE_LENGTH + 1), f"at most {LINE_LENGTH} characters"),
        ("bad\x00line", "a character that is not allowed"),
    ],
    ids=["empty", "whitespace", "too long", "NUL"],
)
def test_a_bad_line_is_refused_with_a_clear_reason_and_nothing_is_stored(
    people, match, text, reason
):
    with pytest.raises(services.ChatRefused, match=reason):
        services.say(match_id=match.pk, user=people[0], text=text)
    assert not ChatLine.objects.exists()


def test_a_refused_line_posted_with_htmx_comes_back_in_the_panel(client, people, match):
    client.force_login(people[0])
    html = _say(client, match, "   ", htmx=True).content.decode()
    assert 'id="chat"' in html
    assert 'role="alert"' in html
    assert "Write something to say first." in html
    assert not ChatLine.objects.exists()


def test_the_longest_allowed_line_is_taken(people, match):
    services.say(match_id=match.pk, user=people[0], text="a" * LINE_LENGTH)
    assert ChatLine.objects.get().text == "a" * LINE_LENGTH


def test_too_many_lines_in_a_short_time_are_refused(client, people, match, settings):
    settings.PLAY_RATE_LIMITS = {**settings.PLAY_RATE_LIMITS, "chat_line": "3/30second"}
    client.force_login(people[0])
    for n in range(3):
        _say(client, match, f"line {n}", htmx=True)
    html = _say(client, match, "one too many", htmx=True).content.decode()
    assert "You are talking too fast" in html
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["line 0", "line 1", "line 2"]
    client.force_login(people[1])
    _say(client, match, "the limit is each player's own")
    assert ChatLine.objects.count() == 4


def test_a_spectator_reads_the_talk_but_may_not_say_anything(client, people, match):
    services.say(match_id=match.pk, user=people[0], text="hello table")
    client.force_login(people[2])
    html = _page(client, match)
    assert "hello table" in html
    assert 'id="chat-input"' not in html
    assert "spectators read along" in html
    _say(client, match, "let me in")
    assert list(ChatLine.objects.values_list("text", flat=True)) == ["hello table"]


def test_a_table_may_let_its_spectators_talk(client, people, match):
    Table.objects.create(
        game="kosmopolis",
        host=people[0],
        seats=2,
        match=match,
        status="started",
        spectators_chat=True,
    )
    client.force_login(people[2])
    assert 'id="chat-input"' in _page(client, match)
    _say(client, match, "nice move")
    assert ChatLine.objects.get().author == people[2]


def test_the_spectators_option_is_set_when_opening_a_table(client, people):
    client.force_login(people[0])
    client.post(
        reverse("lobby_open_table", args=["kosmopolis"]),
        {
            "seats": 2,
            "pace": "live",
            "clock_minutes": 5,
            "clock_increment": 5,
            "move_hours": 24,
            "rated": "on",
            "spectators_chat": "on",
        },
    )
    assert Table.objects.get().spectators_chat


def test_a_signed_out_visitor_reads_but_must_sign_in_to_talk(client, people, match):
    services.say(match_id=match.pk, user=people[0], text="hello table")
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "en"
    html = _page(client, match)
    assert "hello table" in html
    assert "Sign in to talk" in html
    assert 'name="player"' not in html, "no mute or report without an account"
    assert _say(client, match, "anonymous").status_code == 302
    assert ChatLine.objects.count() == 1


def test_the_talk_of_a_private_table_is_its_peoples_alone(client, people, private_match):
    services.say(match_id=private_match.pk, user=people[0], text="just between us")
    client.force_login(people[2])
    assert client.get(reverse("chat_panel", args=[private_match.pk])).status_code == 404
    assert _say(client, private_match, "can I join?").status_code == 404
    with pytest.raises(services.ChatRefused):
        services.say(match_id=private_match.pk, user=people[2], text="can I join?")
    client.force_login(people[1])
    assert (
        "just between us"
        in client.get(reverse("chat_panel", args=[private_match.pk])).content.decode()
    )
    assert ChatLine.objects.count() == 1


def test_a_muted_player_is_not_shown_to_the_muter_at_any_table_until_read_again(
    client, people, match
):
    services.say(match_id=match.pk, user=people[0], text="from Eva")
    services.say(match_id=match.pk, user=people[1], text="from Jan")
    client.force_login(people[1])
    client.post(reverse("chat_mute", args=[match.pk]), {"player": people[0].pk, "muted": "1"})
    assert ChatMute.objects.filter(user=people[1], muted=people[0]).exists()
    html = _page(client, match)
    assert "from Eva" not in html
    assert "from Jan" in html
    assert "no longer see what Eva says" in html
    client.force_login(people[2])
    assert "from Eva" in _page(client, match), "a mute is the muter's own"
    client.force_login(people[1])
    client.post(reverse("chat_mute", args=[match.pk]), {"player": people[0].pk, "muted": "0"})
    assert "from Eva" in _page(client, match)


def test_one_cannot_mute_oneself_or_nobody(people, match):
    with pytest.raises(services.ChatRefused, match="yourself"):
        services.mute(user=people[0], match_id=match.pk, player_id=people[0].pk)
    with pytest.raises(services.ChatRefused, match="no such player"):
        services.mute(user=people[0], match_id=match.pk, player_id="x'; DROP")
    assert not ChatMute.objects.exists()


def test_only_a_player_met_at_the_table_can_be_muted_so_an_id_reveals_no_name(
    client, people, match
):
    """Eva and Jan play, Ota talks as a spectator; the superuser and an account not yet
    confirmed were never at this table. Muting them, or reading them again unmuted, would
    have told their names."""
    table = {"game": "kosmopolis", "host": people[0], "seats": 2, "status": "started"}
    Table.objects.create(match=match, spectators_chat=True, **table)
    services.say(match_id=match.pk, user=people[2], text="nice move")
    boss = User.objects.create_superuser("Boss", "boss@example.com", "heslo-789-ghi")
    fresh = User.objects.create_user("Newcomer", "new@example.com", "heslo-789-ghi")
    client.force_login(people[3])
    url = reverse("chat_mute", args=[match.pk])
    for outsider in (boss, fresh):
        for muted in ("1", "0"):
            answer = client.post(url, {"player": outsider.pk, "muted": muted}, follow=True)
            html = answer.content.decode()
            assert outsider.username not in html
            assert "no such player at this table" in html or "have not muted" in html
    assert not ChatMute.objects.exists()
    for met in (people[0], people[2]):
        answer = client.post(url, {"player": met.pk, "muted": "1"}, follow=True)
        assert f"no longer see what {met.public_name} says" in answer.content.decode()
    assert set(ChatMute.objects.values_list("muted", flat=True)) == {people[0].pk, people[2].pk}


OTHER_DIGITS = {
    "superscript": "⁰¹²³⁴⁵⁶⁷⁸⁹",
    "arabic-indic": "٠١٢٣٤٥٦٧٨٩",
    "fullwidth": "０１２３４５６７８９",
}


def written_in(number: int, digits: str) -> str:
    """The number in another script's digits: `str.isdigit()` takes them all."""
    return str(number).translate(str.maketrans("0123456789", digits))


@pytest.mark.parametrize("digits", OTHER_DIGITS.values(), ids=OTHER_DIGITS.keys())
def test_a_player_or_line_named_in_other_digits_is_not_found(client, people, match, digits):
    line = services.say(match_id=match.pk, user=people[0], text="something rude")
    client.force_login(people[1])
    muted = client.post(
        reverse("chat_mute", args=[match.pk]),
        {"player": written_in(people[0].pk, digits), "muted": "1"},
        follow=True,
    )
    assert "There is no such player at this table." in muted.content.decode()
    reported = client.post(
        reverse("chat_report", args=[match.pk]),
        {"line": written_in(line.pk, digits), "reason": "insults"},
        follow=True,
    )
    assert "There is no such line." in reported.content.decode()
    assert not ChatMute.objects.exists()
    assert not ChatReport.objects.exists()


def test_a_reported_line_is_stored_confirmed_and_listed_for_the_moderators(
    client, admin_client, people, match
):
    line = services.say(match_id=match.pk, user=people[0], text="something rude")
    client.force_login(people[1])
    answer = client.post(
        reverse("chat_report", args=[match.pk]),
        {"line": line.pk, "reason": "insults"},
        follow=True,
    )
    assert "the moderators will read the line you reported" in answer.content.decode()
    report = ChatReport.objects.get()
    assert (report.line, report.reporter, report.reason, report.handled) == (
        line,
        people[1],
        "insults",
        False,
    )
    assert ChatReport in admin_site._registry
    listing = admin_client.get(reverse("admin:chat_chatreport_changelist")).content.decode()
    assert "something rude" in listing
    assert "insults" in listing


def test_one_cannot_report_ones_own_line_or_a_line_one_may_not_see(people, private_match, match):
    own = services.say(match_id=match.pk, user=people[0], text="mine")
    with pytest.raises(services.ChatRefused, match="your own line"):
        services.report(user=people[0], line_id=own.pk, reason="")
    hidden = services.say(match_id=private_match.pk, user=people[0], text="private")
    with pytest.raises(services.ChatRefused, match="no such line"):
        services.report(user=people[2], line_id=hidden.pk, reason="")
    assert not ChatReport.objects.exists()


def test_the_panel_shows_the_newest_lines_oldest_first(people, match):
    for n in range(60):
        services.say(match_id=match.pk, user=people[n % 2], text=f"line {n}")
    talk = talk_for(match.pk, people[2])
    assert [line.text for line in talk.lines] == [f"line {n}" for n in range(10, 60)]
    html = panel_html(match.pk, people[2], None)
    assert html.index("line 10<") < html.index("line 59<")

"""Sign-up, verification, login, password change and reset, as a player goes through them."""

import re

import pytest
from allauth.account.models import EmailAddress
from django.urls import reverse

from accounts.models import User

pytestmark = pytest.mark.django_db

PASSWORD = "kosmicka-lod-42"


def _link_in(mail) -> str:
    return re.search(r"https?://[^\s]+", mail.body).group(0).rstrip(">")


@pytest.fixture
def player():
    user = User.objects.create_user("vera", "vera@example.com", PASSWORD, display_name="Věra")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    return user


def test_sign_up_needs_the_emailed_link_before_login(client, mailoutbox):
    response = client.post(
        reverse("account_signup"),
        {
            "username": "novak",
            "email": "novak@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    assert response.status_code == 302
    assert response.url == reverse("account_email_verification_sent")
    assert not response.wsgi_request.user.is_authenticated
    assert len(mailoutbox) == 1
    assert mailoutbox[0].to == ["novak@example.com"]

    login = client.post(reverse("account_login"), {"login": "novak", "password": PASSWORD})
    assert login.url == reverse("account_email_verification_sent")

    link = _link_in(mailoutbox[0])
    path = link.split("://", 1)[1].split("/", 1)[1]
    confirm = client.post("/" + path)
    assert confirm.status_code == 302
    assert EmailAddress.objects.get(email="novak@example.com").verified
    assert client.get(reverse("edit_profile")).status_code == 200


def test_login_by_username(client, player):
    response = client.post(reverse("account_login"), {"login": "vera", "password": PASSWORD})
    assert response.status_code == 302
    assert client.get(reverse("edit_profile")).status_code == 200


def test_login_by_email(client, player):
    response = client.post(
        reverse("account_login"), {"login": "vera@example.com", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert client.get(reverse("edit_profile")).status_code == 200


def test_wrong_password_is_refused_with_a_message(client, player):
    response = client.post(
        reverse("account_login"),
        {"login": "vera", "password": "spatne-heslo"},
        HTTP_ACCEPT_LANGUAGE="en",
    )
    assert response.status_code == 200
    assert "not correct" in response.content.decode()
    assert client.get(reverse("edit_profile")).status_code == 302


def test_logout(client, player):
    client.force_login(player)
    client.post(reverse("account_logout"))
    assert client.get(reverse("edit_profile")).status_code == 302


def test_change_password(client, player):
    client.force_login(player)
    response = client.post(
        reverse("account_change_password"),
        {"oldpassword": PASSWORD, "password1": "nove-heslo-77x", "password2": "nove-heslo-77x"},
    )
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("nove-heslo-77x")


def test_password_reset_by_mail(client, player, mailoutbox):
    client.post(reverse("account_reset_password"), {"email": "vera@example.com"})
    assert len(mailoutbox) == 1
    link = _link_in(mailoutbox[0])
    path = "/" + link.split("://", 1)[1].split("/", 1)[1]
    form_page = client.get(path, follow=True)
    assert form_page.status_code == 200
    key_path = form_page.redirect_chain[-1][0] if form_page.redirect_chain else path
    response = client.post(key_path, {"password1": "zcela-nove-99q", "password2": "zcela-nove-99q"})
    assert response.status_code == 302
    player.refresh_from_db()
    assert player.check_password("zcela-nove-99q")
    assert (
        client.post(
            reverse("account_login"), {"login": "vera", "password": "zcela-nove-99q"}
        ).status_code
        == 302
    )


def test_the_sign_up_mail_has_an_html_part_with_the_same_link(client, mailoutbox):
    client.post(
        reverse("account_signup"),
        {
            "username": "dvorak",
            "email": "dvorak@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        headers={"Accept-Language": "en"},
    )
    mail = mailoutbox[0]
    html, kind = mail.alternatives[0]
    assert kind == "text/html"
    assert '<html lang="en">' in html
    assert f'<a href="{_link_in(mail)}">' in html
    assert "dvorak" in html


def test_the_sign_up_mail_greets_from_the_sites_name(client, mailoutbox, settings):
    settings.SITE_URL = "https://hry.example.com"
    client.post(
        reverse("account_signup"),
        {
            "username": "kral",
            "email": "kral@example.com",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
        headers={"Accept-Language": "en"},
    )
    mail = mailoutbox[0]
    assert "Hello from Deskovky!" in mail.body
    assert "Hello from Deskovky!" in mail.alternatives[0][0]
    assert "hry.example.com" in mail.body
    assert "testserver" not in mail.body.split("http")[0]

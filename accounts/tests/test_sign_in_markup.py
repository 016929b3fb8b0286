"""The sign-in and sign-up forms as browsers and screen readers read them (issue 23)."""

import re

from django.urls import reverse


def test_the_sign_in_field_offers_saved_user_names(client, db):
    """It takes a name or an e-mail: `autocomplete="email"` would offer e-mails alone."""
    page = client.get(reverse("account_login")).content.decode()
    field = re.search(r"<input[^>]*name=\"login\"[^>]*>", page)[0]
    assert 'autocomplete="username"' in field


def test_the_password_rules_are_text_the_field_points_at(client, db):
    """A list inside the help text's `<span>` inside a `<p>` is split by the browser, and the
    field's `aria-describedby` then names an empty element."""
    page = client.get(reverse("account_signup")).content.decode()
    field = re.search(r"<input[^>]*name=\"password1\"[^>]*>", page)[0]
    described_by = re.search(r'aria-describedby="([^"]+)"', field)[1]
    help_text = re.search(rf'<span[^>]*id="{described_by}"[^>]*>(.*?)</span>', page, re.S)[1]
    assert "<ul" not in help_text
    assert "aspoň 8 znaků" in help_text  # Czech first: the site speaks Czech to a stranger

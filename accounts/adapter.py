from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.utils import filter_users_by_email, filter_users_by_username
from django.conf import settings
from django.http import HttpRequest
from django.utils import translation

from accounts.names import check_name


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """The mails greet from the site's name and address, not from the host the request
        happened to reach (without `django.contrib.sites` allauth names the site by it)."""
        site = {"name": settings.SITE_NAME, "domain": urlsplit(settings.SITE_URL).netloc}
        super().send_mail(template_prefix, email, {"current_site": site, **context})

    def _get_login_attempts_cache_key(self, request: HttpRequest, **credentials: Any) -> str:
        """Failed logins count per account of the site (`login_failed`'s `key`). allauth keys
        them on the Host header as given, its port too (which ALLOWED_HOSTS ignores, so each
        port was a fresh budget), and on the login as typed (so the username and the e-mail
        were two); here on SITE_URL's host and the account the login names. A login that names
        no account counts as typed. allauth reads this key for each attempt and clears it
        when the account's password is reset."""
        email, username = credentials.get("email"), credentials.get("username")
        accounts = filter_users_by_email(email) if email else []
        if not accounts and username:
            accounts = list(filter_users_by_username(username)[:1])
        login = email or username or ""
        account = f"account-{accounts[0].pk}" if accounts else login.lower()
        return f"{urlsplit(settings.SITE_URL).hostname}:{account}"

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """No username that could pass for another player's or a bot's (`accounts.names`)."""
        username = super().clean_username(username, shallow=shallow)
        if not shallow:
            check_name(username)
        return username

    def save_user(self, request, user, form, commit=True):
        """A new player starts in the language they signed up in."""
        user = super().save_user(request, user, form, commit=False)
        language = translation.get_language() or settings.LANGUAGE_CODE
        if language in dict(settings.LANGUAGES):
            user.language = language
        if commit:
            user.save()
        return user

from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils import translation

from accounts.names import check_name


class AccountAdapter(DefaultAccountAdapter):
    def send_mail(self, template_prefix: str, email: str, context: dict) -> None:
        """The mails greet from the site's name and address, not from the host the request
        happened to reach (without `django.contrib.sites` allauth names the site by it)."""
        site = {"name": settings.SITE_NAME, "domain": urlsplit(settings.SITE_URL).netloc}
        super().send_mail(template_prefix, email, {"current_site": site, **context})

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

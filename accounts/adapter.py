from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.utils import translation


class AccountAdapter(DefaultAccountAdapter):
    def save_user(self, request, user, form, commit=True):
        """A new player starts in the language they signed up in."""
        user = super().save_user(request, user, form, commit=False)
        language = translation.get_language() or settings.LANGUAGE_CODE
        if language in dict(settings.LANGUAGES):
            user.language = language
        if commit:
            user.save()
        return user

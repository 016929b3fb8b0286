import pytest


@pytest.fixture(autouse=True)
def _fast_test_settings(settings):
    """Cheap password hashing, plain HTTP, static files without a collectstatic manifest."""
    settings.SECURE_SSL_REDIRECT = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }

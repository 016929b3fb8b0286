import pytest


@pytest.fixture(autouse=True)
def _fast_test_settings(request):
    """Cheap password hashing, plain HTTP, static files without a collectstatic manifest, and
    rate limits counted afresh (the cache is the process's memory in tests).

    Engine tests also run without pytest-django (`-p no:django`), so Django is optional here.
    """
    if not request.config.pluginmanager.hasplugin("django"):
        return
    settings = request.getfixturevalue("settings")
    settings.SECURE_SSL_REDIRECT = False
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from django.core.cache import cache

    cache.clear()

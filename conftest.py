import os

import pytest


def pytest_configure(config):
    _tests_handed_out_one_by_one(config)
    if config.pluginmanager.hasplugin("django"):
        _commit_without_waiting_for_the_disk()
        _flush_by_delete()


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items):
    """The tests that drive the site in a browser (a minute or more each, most others a tenth
    of a second) run first in their database group, and first of all those that stop the
    shared site (their own servers, their own workers): each worker then starts the shared
    site once, not again after each of them. pytest-django's sort of the groups, after this
    one, keeps this order. `./dev test` hands the tests to its two workers one by one in this
    order, so the long ones start early and the short ones fill the end, and neither worker
    idles for minutes behind the other's last browser test."""

    def late(item) -> tuple[bool, bool]:
        uses = set(item.fixturenames)
        return not uses & {"site", "site_server"}, "shared_site_stopped" not in uses

    items.sort(key=late)


def _tests_handed_out_one_by_one(config) -> None:
    """`pytest -n 2` (xdist's `load`) hands each worker a quarter of its share at once, and the
    first quarter holds every browser test, which come first (`pytest_collection_modifyitems`).
    One by one, as `./dev test`'s `loadgroup` hands them, the long tests are shared out as the
    workers come free. Without xdist (`-p no:xdist`) there is no such option."""
    if getattr(config.option, "maxschedchunk", 0) is None:
        config.option.maxschedchunk = 1


def _commit_without_waiting_for_the_disk() -> None:
    """The test run's connections, its servers' and workers' too (libpq reads PGOPTIONS), do
    not wait for each commit to reach the disk: a loaded machine's flush took 9.5 ms a commit
    here, against 1.2 ms. Only a crash of PostgreSQL itself could lose a commit, and the tests
    never crash it."""
    os.environ["PGOPTIONS"] = " ".join(
        filter(None, [os.environ.get("PGOPTIONS"), "-c synchronous_commit=off"])
    )


def _flush_by_delete() -> None:
    """A transactional test's tables are emptied by DELETE, not TRUNCATE: TRUNCATE makes new
    files for every table and index (1.5 s a test here, 450 such tests), DELETE of the few rows
    a test wrote takes milliseconds. Django's foreign keys are deferred, so the order does not
    matter; sequences go on as after a TRUNCATE without RESTART IDENTITY: ids are never reused."""
    from django.db.backends.postgresql.operations import DatabaseOperations

    truncate = DatabaseOperations.sql_flush

    def sql_flush(self, style, tables, *, reset_sequences=False, allow_cascade=False):
        if reset_sequences:
            return truncate(self, style, tables, reset_sequences=True, allow_cascade=allow_cascade)
        return [f"{style.SQL_KEYWORD('DELETE FROM')} {self.quote_name(table)};" for table in tables]

    DatabaseOperations.sql_flush = sql_flush


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
    settings.ANALYSE_FINISHED_MATCHES = False  # minutes of search: its own tests turn it on
    settings.BOT_THINKING_PROCESSES = 0  # strong bots think in the test's thread (one test not)
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }
    from django.core.cache import cache

    from config.guards import _limiter

    cache.clear()
    _limiter.cache_clear()  # the limits of moves and talk, in the process's memory


@pytest.fixture(autouse=True)
def _tasks_run_at_once(request):
    """Background jobs run as soon as they are queued (after the commit that queues them), in
    the test's own thread; jobs scheduled for later wait. Tests of the real queue in the
    database use `queued_tasks`."""
    if not request.config.pluginmanager.hasplugin("django"):
        yield
        return
    from procrastinate.contrib.django import app

    from config.testing import RunAtOnce

    with app.replace_connector(RunAtOnce(app)):
        yield


@pytest.fixture
def queued_tasks(_tasks_run_at_once, request):
    """Jobs go to procrastinate's tables in the test database, for a real worker to run. The
    tables are not Django's own, so no test flush empties them: this fixture does. The worker
    is the shared site's for a test on that site, else one the test runs (or none): the shared
    site is then stopped, or its worker would take the jobs first."""
    if "site" not in request.fixturenames:
        request.getfixturevalue("shared_site_stopped")
    from django.db import connection
    from procrastinate.contrib.django import app
    from procrastinate.contrib.django.django_connector import DjangoConnector

    with connection.cursor() as cursor:
        cursor.execute(
            "TRUNCATE procrastinate_jobs, procrastinate_events, procrastinate_periodic_defers,"
            " procrastinate_workers CASCADE"
        )
    with app.replace_connector(DjangoConnector()):
        yield


@pytest.fixture(scope="session")
def site_server(django_db_setup):
    """`manage.py serve` on the test database (`games.tests.browser.Site`) for the browser
    tests: one server for all of a pytest worker's tests, started by the first that asks (and
    again after a test stopped it), since each start costs seconds of CPU. Stopped before the
    test database is dropped."""
    from games.tests.browser import Site

    server = Site()
    yield server
    server.stop()


@pytest.fixture
def shared_site_stopped(site_server):
    """For a test whose jobs another worker or server must run: the shared site's built-in
    worker would take them first (a mail sent through its backend, a push without a key)."""
    site_server.stop()


@pytest.fixture
def site(site_server, transactional_db):
    """The address of the site as `./dev run` serves it. The database is emptied after each
    test, as for any transactional test, and ids are never reused, so a test meets nothing of
    an earlier one's players, matches or sessions in the server's memory either."""
    if not site_server.running():
        site_server.start()
    return site_server.url

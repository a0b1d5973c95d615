"""Personas for the tests that touch the database, and which tests each pass runs.

alice organises the club "Ottakring", bob keeps score there, carol only
watches; mallory organises another club and must see nothing of Ottakring.

`make test` runs the suite twice (README, "Two commands"): everything on SQLite, then on
PostgreSQL only what the database can change. `--database-only` keeps the tests that use a
database and deselects the rest (the rules engine, settings and file checks: they give the
same answer on either database); the `browser` marker, set here on tests/test_browser_*.py,
lets the PostgreSQL pass leave them out with `-m "not browser"` (they drive pages whose
database work the page and API tests already run on PostgreSQL).
"""

import gc
from contextlib import contextmanager
from pathlib import Path

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model
from django.db import transaction
from django.test import Client, override_settings
from django.utils import translation
from rest_framework.test import APIClient

from scorekeeper.models import Club, Membership

# Plugins that test modules also import names from: rewritten from the first import, as
# pytest does for the plugins it loads itself (else it warns that it cannot).
pytest.register_assert_rewrite("tests.api_fuzzing", "tests.browser_support")

# pytest-django's fixtures that open the test database; a test uses a database when one of
# them is in its fixture closure (item.fixturenames holds those it reaches through others).
DATABASE_FIXTURES = frozenset({
    "db", "transactional_db", "django_db_reset_sequences", "django_db_serialized_rollback",
    "live_server", "django_db_setup",
})


def pytest_addoption(parser):
    parser.addoption(
        "--database-only", action="store_true",
        help="run only the tests that use a database (the django_db marker or a database "
             "fixture); the PostgreSQL pass of `make test` uses it")


def uses_database(item) -> bool:
    if item.get_closest_marker("django_db") is not None:
        return True
    return not DATABASE_FIXTURES.isdisjoint(getattr(item, "fixturenames", ()))


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(config, items):
    """Marks the browser tests (before `-m` reads the marks), puts the slow modules first,
    then, with --database-only, deselects the tests that use no database."""
    for item in items:
        if item.path.name.startswith("test_browser_"):
            item.add_marker(pytest.mark.browser)
    # The longest modules (marked slow) first: the processes take whole modules in this
    # order, and a long one taken last would leave the other process idle at the end.
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
    if not config.getoption("database_only"):
        return
    without = [item for item in items if not uses_database(item)]
    if without:
        config.hook.pytest_deselected(items=without)
        items[:] = [item for item in items if uses_database(item)]


def pytest_collection_finish(session):
    """What collecting built (Django, the test modules, the schemas and their strategies)
    lives until the process ends: frozen, the cyclic garbage collector no longer walks it
    on each of its full passes, which took a tenth of a test process's CPU."""
    gc.freeze()


def pytest_sessionfinish(session, exitstatus):
    """Django removes the SQLite test database; its writers' queue file goes with it."""
    test_name = django_settings.DATABASES["default"].get("TEST", {}).get("NAME")
    if test_name:
        Path(f"{test_name}.writers").unlink(missing_ok=True)


QUICK_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def quick_passwords(settings):
    """Passwords hashed cheaply: the tests are about games and money, not hashing."""
    settings.PASSWORD_HASHERS = QUICK_HASHERS


@pytest.fixture
def club(db):
    return Club.objects.create(name="Ottakring")


@pytest.fixture
def other_club(db):
    return Club.objects.create(name="Favoriten")


def persona(username, club, role):
    user = get_user_model().objects.create_user(username, password=f"{username}-secret-42")
    if club is not None:
        Membership.objects.create(user=user, club=club, role=role)
    return user


@pytest.fixture
def alice(club):
    return persona("alice", club, Membership.Role.ORGANISER)


@pytest.fixture
def bob(club):
    return persona("bob", club, Membership.Role.SCOREKEEPER)


@pytest.fixture
def carol(club):
    return persona("carol", club, Membership.Role.VIEWER)


@pytest.fixture
def mallory(other_club):
    return persona("mallory", other_club, Membership.Role.ORGANISER)


def api_client(user):
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def as_alice(alice):
    return api_client(alice)


@pytest.fixture
def as_bob(bob):
    return api_client(bob)


@pytest.fixture
def as_carol(carol):
    return api_client(carol)


@pytest.fixture
def as_mallory(mallory):
    return api_client(mallory)


@pytest.fixture
def anonymous(db):
    return APIClient()


@contextmanager
def module_world(django_db_blocker):
    """Where a test module makes its world once: a transaction rolled back after the
    module's last test. Each test's own transaction (the `db` fixture) nests in it as a
    savepoint, so every test meets the world as it was made. Build the world inside
    `with django_db_blocker.unblock():` and yield it from a module-scoped fixture; a module
    using one must not also ask for the per-test personas (alice, club, as_alice...): they
    would be made a second time."""
    with django_db_blocker.unblock():
        outer = transaction.atomic()
        outer.__enter__()
    try:
        yield
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            outer.__exit__(None, None, None)


@pytest.fixture(scope="module")
def api_world(django_db_setup, django_db_blocker):
    """The world of tests/api_routes.py (the personas, Ottakring's games, tokens, webhook),
    made once for a whole test module (module_world), for modules whose tests only read it
    or write inside their own transaction.

    Made once per module, not per test: the world takes some twenty requests, and the
    route walks of tests/test_api_access.py and tests/test_api_hostile.py (130 tests) spent
    more time making it than trying the routes."""
    from tests.api_routes import make_world

    with module_world(django_db_blocker):
        with django_db_blocker.unblock(), override_settings(
                PASSWORD_HASHERS=QUICK_HASHERS, WEBHOOK_ALLOW_PRIVATE_TARGETS=True):
            club = Club.objects.create(name="Ottakring")
            members = [api_client(persona(name, club, role)) for name, role in (
                ("alice", Membership.Role.ORGANISER), ("bob", Membership.Role.SCOREKEEPER),
                ("carol", Membership.Role.VIEWER))]
            mallory = persona("mallory", Club.objects.create(name="Favoriten"),
                              Membership.Role.ORGANISER)
            world = make_world(*members, api_client(mallory), api_client(None), club)
        yield world


def page_client(user):
    """A browser-like client with the persona signed in (session cookie)."""
    client = Client()
    client.force_login(user)
    return client


@pytest.fixture
def alice_page(alice):
    return page_client(alice)


@pytest.fixture
def bob_page(bob):
    return page_client(bob)


@pytest.fixture
def carol_page(carol):
    return page_client(carol)


@pytest.fixture
def mallory_page(mallory):
    return page_client(mallory)


@pytest.fixture(scope="session", autouse=True)
def round_bodies_keep_to_the_schema():
    """Every round body a test sends and the server takes is valid under the served schema
    (tests/round_bodies.py), module fixtures' included."""
    from .round_bodies import watch

    with pytest.MonkeyPatch.context() as patch:
        watch(patch)
        yield


@pytest.fixture(autouse=True)
def default_language():
    """Each test starts in the default language: a German page asked for earlier in the same
    process leaves German active on its thread (LocaleMiddleware activates a request's
    language and does not switch back), and text made outside a request would follow it."""
    translation.activate(django_settings.LANGUAGE_CODE)
    yield
    translation.deactivate()


@pytest.fixture(autouse=True)
def fresh_cache():
    """Each test starts with empty caches (game states and objects are kept per version, a
    game's accounts and rules per game)."""
    from django.core.cache import caches

    from scorekeeper.services.kept import game_accounts, game_rules, recent_games

    for each in caches.all(initialized_only=False):
        each.clear()
    recent_games.clear()
    game_accounts.clear()
    game_rules.clear()
    yield
    for each in caches.all(initialized_only=False):
        each.clear()
    recent_games.clear()
    game_accounts.clear()
    game_rules.clear()

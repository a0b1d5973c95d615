"""API tokens (docs/api.md, "Signing in and tokens"): made with a name, an expiry, a club and
a scope, sent as Bearer or Token, listed without their secret, revoked by their owner, and
(only those scoped to the club) by the club's organisers; a wrong password is a 401; tokens
from before knox keep working."""

import importlib
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.db import connection
from django.db.migrations.loader import MigrationLoader
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.test import APIClient

from scorekeeper.models import ApiToken, Membership
from tests.api_table import API, errors

TOKEN = f"{API}/auth/token/"


@pytest.fixture
def vic(db):
    """A user of no club of the fixtures."""
    return get_user_model().objects.create_user("vic", password="vic-secret-42")


def make_token(username, **extra):
    response = APIClient().post(
        TOKEN, {"username": username, "password": f"{username}-secret-42", **extra},
        format="json")
    assert response.status_code == 200, response.content
    return response.json()


def client_with(token: str, scheme: str = "Bearer") -> APIClient:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"{scheme} {token}")
    return client


# --- Making one ---------------------------------------------------------------------------------


def test_a_token_is_made_with_a_name_and_an_expiry_and_shown_once(alice):
    before = timezone.now()
    response = APIClient().post(TOKEN, {"username": "alice", "password": "alice-secret-42",
                                        "name": "scoreboard", "expires_in_days": 30},
                                format="json")
    assert response["Cache-Control"] == "no-store"
    made = response.json()

    assert set(made) == {"token", "id", "name", "expiry", "club", "scope"}
    assert (made["name"], made["club"], made["scope"]) == ("scoreboard", None, "write")
    assert made["token"].startswith(made["id"]) and len(made["token"]) > len(made["id"])
    expiry = ApiToken.objects.get(token_key=made["id"]).expiry
    assert timedelta(days=30) <= expiry - before < timedelta(days=30, minutes=1)
    # Only the digest is kept: the token itself is nowhere in the database.
    assert not ApiToken.objects.filter(digest=made["token"]).exists()
    assert made["token"] not in str(list(ApiToken.objects.values()))


def test_without_a_name_or_expiry_a_token_works_until_revoked(alice):
    made = make_token("alice")
    assert (made["name"], made["expiry"]) == ("", None)
    assert ApiToken.objects.get(token_key=made["id"]).expiry is None


@pytest.mark.parametrize("scheme", ["Bearer", "Token", "bearer", "TOKEN"])
def test_bearer_and_token_both_work_whatever_the_case(alice, club, scheme):
    made = make_token("alice")
    response = client_with(made["token"], scheme).get(f"{API}/clubs/")
    assert response.status_code == 200
    assert [c["name"] for c in response.json()] == ["Ottakring"]


@pytest.mark.parametrize("header", [
    "Bearer", "Bearer a b", "Bearer not-a-token", "Token 0123456789abcdef0123",
    "Bearer caf\u00e9",
])
def test_a_wrong_or_malformed_token_is_a_401_with_a_challenge(alice, header):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=header)
    response = client.get(f"{API}/clubs/")
    assert response.status_code == 401
    assert "Bearer" in response["WWW-Authenticate"]
    assert response.json()["errors"][0]["message"]


def test_another_scheme_is_not_ours_and_is_anonymous(alice):
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Basic YWxpY2U6eA==")
    assert client.get(f"{API}/clubs/").status_code == 401
    assert client.get(f"{API}/presets/").status_code == 200


# --- Wrong passwords and bad input ----------------------------------------------------------------


@pytest.mark.parametrize("username, password", [
    ("alice", "wrong"), ("nobody", "alice-secret-42"), ("alice", "ALICE-SECRET-42"),
])
def test_a_wrong_user_name_or_password_is_a_401(alice, username, password):
    response = APIClient().post(TOKEN, {"username": username, "password": password},
                                format="json")
    assert response.status_code == 401
    assert errors(response) == [(None, "invalid_credentials", "Wrong user name or password")]
    assert response["WWW-Authenticate"]
    assert not ApiToken.objects.exists()


def test_an_inactive_user_gets_no_token(alice):
    alice.is_active = False
    alice.save()
    response = APIClient().post(TOKEN, {"username": "alice", "password": "alice-secret-42"},
                                format="json")
    assert response.status_code == 401
    assert not ApiToken.objects.exists()


def test_a_token_stops_working_when_its_user_is_made_inactive(alice):
    client = client_with(make_token("alice")["token"])
    assert client.get(f"{API}/auth/tokens/").status_code == 200
    alice.is_active = False
    alice.save()

    response = client.get(f"{API}/auth/tokens/")
    assert response.status_code == 401
    assert response["WWW-Authenticate"].startswith("Bearer")


@pytest.mark.parametrize("body, field", [
    ({"username": "alice"}, "password"),
    ({"password": "alice-secret-42"}, "username"),
    ({"username": "alice", "password": 42}, "password"),
    ({"username": "alice", "password": "alice-secret-42", "expires_in_days": 0},
     "expires_in_days"),
    ({"username": "alice", "password": "alice-secret-42", "expires_in_days": 3651},
     "expires_in_days"),
    ({"username": "alice", "password": "alice-secret-42", "expires_in_days": "30"},
     "expires_in_days"),
    ({"username": "alice", "password": "alice-secret-42", "name": "x" * 101}, "name"),
    ({"username": "alice", "password": "alice-secret-42", "name": "a\nb"}, "name"),
    ({"username": "alice", "password": "alice-secret-42", "expires_in": 30}, "expires_in"),
])
def test_bad_input_is_a_400_naming_the_field_and_makes_no_token(alice, body, field):
    response = APIClient().post(TOKEN, body, format="json")
    assert response.status_code == 400, response.content
    assert field in {f for f, _code, _message in errors(response)}
    assert not ApiToken.objects.exists()


def test_the_token_endpoint_takes_json_only(alice):
    response = APIClient().post(TOKEN, {"username": "alice", "password": "alice-secret-42"})
    assert response.status_code == 415
    assert not ApiToken.objects.exists()


def test_the_lockout_still_guards_the_token_endpoint(alice):
    client = APIClient()
    for _ in range(4):
        response = client.post(TOKEN, {"username": "alice", "password": "wrong"},
                               format="json")
        assert response.status_code == 401
    response = client.post(TOKEN, {"username": "alice", "password": "alice-secret-42"},
                           format="json")
    assert response.status_code == 200  # four failures do not lock
    for _ in range(5):
        client.post(TOKEN, {"username": "alice", "password": "wrong"}, format="json")
    response = client.post(TOKEN, {"username": "alice", "password": "alice-secret-42"},
                           format="json")
    assert response.status_code == 429
    assert errors(response)[0][1] == "locked_out"


# --- Expiry and last use ------------------------------------------------------------------------


def test_an_expired_token_is_a_401_and_is_gone(alice):
    made = make_token("alice", expires_in_days=1)
    client = client_with(made["token"])
    assert client.get(f"{API}/auth/tokens/").status_code == 200
    ApiToken.objects.update(expiry=timezone.now() - timedelta(seconds=1))

    assert client.get(f"{API}/auth/tokens/").status_code == 401
    assert not ApiToken.objects.filter(token_key=made["id"]).exists()


def test_expired_tokens_are_not_listed_and_go_when_the_next_is_made(alice):
    old = make_token("alice", name="old", expires_in_days=1)
    ApiToken.objects.filter(token_key=old["id"]).update(expiry=timezone.now())
    live = make_token("alice", name="live")

    listed = client_with(live["token"]).get(f"{API}/auth/tokens/").json()
    assert [t["name"] for t in listed] == ["live"]
    assert list(ApiToken.objects.values_list("name", flat=True)) == ["live"]


def test_last_use_is_written_at_most_once_a_minute(alice):
    made = make_token("alice")
    client = client_with(made["token"])
    token = ApiToken.objects.filter(token_key=made["id"])
    assert token.get().last_used_at is None

    client.get(f"{API}/clubs/")
    first = token.get().last_used_at
    assert first is not None and timezone.now() - first < timedelta(seconds=5)

    with CaptureQueriesContext(connection) as queries:
        client.get(f"{API}/clubs/")
    on_tokens = [q["sql"] for q in queries if "scorekeeper_apitoken" in q["sql"]]
    assert len(on_tokens) == 1 and on_tokens[0].startswith("SELECT"), on_tokens
    assert token.get().last_used_at == first

    a_while_ago = timezone.now() - timedelta(minutes=2)
    token.update(last_used_at=a_while_ago)
    client.get(f"{API}/clubs/")
    assert token.get().last_used_at > a_while_ago + timedelta(minutes=1)


def test_using_a_token_leaves_the_users_other_tokens_alone(alice):
    made = make_token("alice")
    other = make_token("alice", name="other", expires_in_days=1)
    ApiToken.objects.filter(token_key=other["id"]).update(expiry=timezone.now())

    assert client_with(made["token"]).get(f"{API}/clubs/").status_code == 200
    assert ApiToken.objects.count() == 2  # knox's own check would have deleted the other


# --- Listing and revoking one's own -------------------------------------------------------------


def test_the_list_shows_the_callers_tokens_without_their_secret(alice, bob):
    first = make_token("alice", name="laptop")
    second = make_token("alice", name="phone", expires_in_days=7)
    make_token("bob", name="bob's")

    listed = client_with(second["token"]).get(f"{API}/auth/tokens/").json()

    assert [t["name"] for t in listed] == ["phone", "laptop"]
    assert [t["id"] for t in listed] == [second["id"], first["id"]]
    assert all(set(t) == {"id", "name", "created", "expiry", "last_used_at", "club", "scope"}
               for t in listed)
    assert listed[0]["expiry"] and listed[1]["expiry"] is None
    shown = str(listed)
    assert first["token"] not in shown and second["token"] not in shown


def test_revoking_the_token_in_use_signs_it_out(alice):
    made = make_token("alice")
    other = make_token("alice", name="other")
    client = client_with(made["token"])

    response = client.delete(f"{API}/auth/tokens/{made['id']}/")

    assert response.status_code == 204
    assert client.get(f"{API}/auth/tokens/").status_code == 401
    assert client_with(other["token"]).get(f"{API}/auth/tokens/").status_code == 200


def test_nobody_revokes_someone_elses_token(alice, bob):
    alices = make_token("alice")
    bobs = make_token("bob")

    response = client_with(bobs["token"]).delete(f"{API}/auth/tokens/{alices['id']}/")

    assert response.status_code == 404
    assert client_with(alices["token"]).get(f"{API}/auth/tokens/").status_code == 200
    assert client_with(bobs["token"]).delete(f"{API}/auth/tokens/nothing/").status_code == 404


# --- Scoped tokens (docs/api.md, "Tokens") --------------------------------------------------------


def test_a_token_may_be_scoped_to_one_club_and_to_reading(alice, club):
    made = make_token("alice", name="board", club=club.pk, scope="read")

    assert (made["club"], made["scope"]) == (club.pk, "read")
    token = ApiToken.objects.get(token_key=made["id"])
    assert (token.club, token.scope) == (club, ApiToken.Scope.READ)
    listed = client_with(made["token"]).get(f"{API}/auth/tokens/").json()
    assert [(t["club"], t["scope"]) for t in listed] == [(club.pk, "read")]


def test_a_write_token_for_one_club_and_a_read_token_for_every_club(alice, club):
    scoped = make_token("alice", club=club.pk)
    everywhere = make_token("alice", scope="read")
    assert (scoped["club"], scoped["scope"]) == (club.pk, "write")
    assert (everywhere["club"], everywhere["scope"]) == (None, "read")


@pytest.mark.parametrize("whose", ["another club", "no club at all"])
def test_a_club_one_is_not_a_member_of_is_refused_without_saying_whether_it_exists(
        alice, mallory, other_club, whose):
    club_id = other_club.pk if whose == "another club" else other_club.pk + 1000

    response = APIClient().post(TOKEN, {"username": "alice", "password": "alice-secret-42",
                                        "club": club_id}, format="json")

    assert response.status_code == 400
    assert errors(response) == [
        ("club", "not_a_member", f"You are not a member of a club with id {club_id}")]
    assert not ApiToken.objects.exists()


def test_the_club_is_only_looked_at_for_the_right_password(alice, club):
    response = APIClient().post(TOKEN, {"username": "alice", "password": "wrong",
                                        "club": club.pk + 1000}, format="json")
    assert response.status_code == 401
    assert not ApiToken.objects.exists()


@pytest.mark.parametrize("extra, field", [
    ({"scope": "admin"}, "scope"),
    ({"scope": ""}, "scope"),
    ({"scope": None}, "scope"),
    ({"club": "1"}, "club"),
    ({"club": 0}, "club"),
    ({"club": 2**63}, "club"),
])
def test_a_bad_club_or_scope_is_a_400_naming_it(alice, extra, field):
    response = APIClient().post(TOKEN, {"username": "alice", "password": "alice-secret-42",
                                        **extra}, format="json")
    assert response.status_code == 400, response.content
    assert [f for f, _code, _message in errors(response)] == [field]
    assert not ApiToken.objects.exists()


# --- Organisers and their members' tokens -------------------------------------------------------


def test_a_stranger_who_added_vic_to_a_club_sees_and_revokes_none_of_his_tokens(
        vic, mallory, other_club, club):
    """docs/security.md: a club's organisers see only tokens scoped to their club. Vic came
    into Mallory's club however he did (before consent, an organiser could simply add him)."""
    Membership.objects.create(user=vic, club=club, role=Membership.Role.SCOREKEEPER)
    Membership.objects.create(user=vic, club=other_club, role=Membership.Role.VIEWER)
    personal = make_token("vic", name="home")
    elsewhere = make_token("vic", name="Ottakring board", club=club.pk)
    as_mallory = client_with(make_token("mallory")["token"])

    listed = as_mallory.get(f"{API}/clubs/{other_club.pk}/tokens/")

    assert listed.status_code == 200
    assert listed.json() == []
    for token in (personal, elsewhere):
        response = as_mallory.delete(f"{API}/clubs/{other_club.pk}/tokens/{token['id']}/")
        assert response.status_code == 404
        assert client_with(token["token"]).get(f"{API}/auth/tokens/").status_code == 200


def test_an_organiser_lists_the_tokens_scoped_to_the_club_only(alice, bob, carol, mallory,
                                                              club, other_club, vic):
    make_token("alice", name="a")
    bobs = make_token("bob", name="b", club=club.pk)
    make_token("bob", name="bob's own")
    make_token("carol", name="c", club=club.pk, scope="read")
    make_token("mallory", name="m")
    make_token("mallory", name="m scoped", club=other_club.pk)
    # Vic belongs to both clubs: his token for the other club is not Ottakring's business.
    Membership.objects.create(user=vic, club=club, role=Membership.Role.VIEWER)
    Membership.objects.create(user=vic, club=other_club, role=Membership.Role.VIEWER)
    make_token("vic", name="v elsewhere", club=other_club.pk)
    make_token("vic", name="v", club=club.pk, scope="read")

    response = client_with(make_token("alice", name="a2", club=club.pk)["token"]).get(
        f"{API}/clubs/{club.pk}/tokens/")

    assert response.status_code == 200
    listed = response.json()
    assert [(t["user"], t["name"], t["scope"]) for t in listed] == [
        ("alice", "a2", "write"), ("bob", "b", "write"), ("carol", "c", "read"),
        ("vic", "v", "read")]
    assert all(t["club"] == club.pk for t in listed)
    assert all(set(t) == {"id", "user", "name", "created", "expiry", "last_used_at", "club",
                          "scope"} for t in listed)
    assert bobs["token"] not in str(listed)


def test_an_organiser_revokes_a_members_club_token_but_not_their_own_ones(alice, bob, club):
    bobs_for_club = make_token("bob", club=club.pk)
    bobs_own = make_token("bob")
    alice_client = client_with(make_token("alice")["token"])

    response = alice_client.delete(f"{API}/clubs/{club.pk}/tokens/{bobs_for_club['id']}/")

    assert response.status_code == 204
    assert client_with(bobs_for_club["token"]).get(f"{API}/clubs/").status_code == 401
    assert alice_client.delete(
        f"{API}/clubs/{club.pk}/tokens/{bobs_for_club['id']}/").status_code == 404
    assert alice_client.delete(
        f"{API}/clubs/{club.pk}/tokens/{bobs_own['id']}/").status_code == 404
    assert client_with(bobs_own["token"]).get(f"{API}/clubs/").status_code == 200


def test_an_organiser_cannot_touch_the_tokens_of_people_outside_the_club(alice, mallory, club):
    mallorys = make_token("mallory")
    # Even one scoped to the club (made while Mallory was a member, say).
    ApiToken.objects.create(user=mallory, club=club)

    response = client_with(make_token("alice")["token"]).delete(
        f"{API}/clubs/{club.pk}/tokens/{mallorys['id']}/")

    assert response.status_code == 404
    assert client_with(mallorys["token"]).get(f"{API}/clubs/").status_code == 200
    assert client_with(make_token("alice")["token"]).get(
        f"{API}/clubs/{club.pk}/tokens/").json() == []


@pytest.mark.parametrize("persona, status", [("bob", 403), ("carol", 403), ("mallory", 404)])
def test_only_the_clubs_organisers_see_or_revoke_its_tokens(alice, bob, carol, mallory, club,
                                                            persona, status):
    alices = make_token("alice", club=club.pk)
    client = client_with(make_token(persona)["token"])

    assert client.get(f"{API}/clubs/{club.pk}/tokens/").status_code == status
    assert client.delete(f"{API}/clubs/{club.pk}/tokens/{alices['id']}/").status_code == status
    assert ApiToken.objects.filter(token_key=alices["id"]).exists()


# --- Tokens from before knox --------------------------------------------------------------------


def test_a_drf_token_from_before_knox_is_carried_over_and_keeps_working(alice, club):
    """Migrations 0009 and 0011 run against a table like DRF's authtoken_token."""
    carry_over = importlib.import_module(
        "scorekeeper.migrations.0009_tokens_from_authtoken").carry_over
    old_key = "9944b09199c62bcf9418ad846dd0e4bbdfc6ee4b"
    made_at = timezone.now() - timedelta(days=400)
    with connection.cursor() as cursor:
        cursor.execute("CREATE TABLE authtoken_token (key varchar(40) PRIMARY KEY, "
                       "user_id integer NOT NULL, "
                       f"created {connection.data_types['DateTimeField']} NOT NULL)")
        cursor.execute("INSERT INTO authtoken_token (key, user_id, created) VALUES (%s, %s, %s)",
                       [old_key, alice.pk, made_at])

    class SchemaEditor:  # what carry_over uses of the migration's schema editor
        pass

    SchemaEditor.connection = connection
    # The models as migrations see them (plain managers, not knox's), at the latest state:
    # the test database has every migration's table, e.g. 0012's NOT NULL token scope.
    loader = MigrationLoader(connection)
    apps = loader.project_state(loader.graph.leaf_nodes("scorekeeper")).apps
    carry_over(apps, SchemaEditor())

    token = ApiToken.objects.get()
    assert (token.user, token.name, token.expiry) == (alice, "before knox", None)
    assert abs(token.created - made_at) < timedelta(seconds=1)
    assert old_key not in (token.digest, token.token_key)
    # Migration 0011 then empties the old table: no dump holds the working key in plain text.
    importlib.import_module(
        "scorekeeper.migrations.0011_forget_plain_tokens").forget_plain_tokens(
        apps, SchemaEditor())
    with connection.cursor() as cursor:
        cursor.execute("SELECT COUNT(*) FROM authtoken_token")
        assert cursor.fetchone() == (0,)
    for scheme in ("Token", "Bearer"):
        response = client_with(old_key, scheme).get(f"{API}/clubs/")
        assert response.status_code == 200
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE authtoken_token")


# --- The schema ---------------------------------------------------------------------------------


def test_the_schema_names_the_bearer_scheme_and_json_bodies_only(anonymous):
    schema = anonymous.get(f"{API}/schema/?format=json").json()
    scheme = schema["components"]["securitySchemes"]["tokenAuth"]
    assert (scheme["type"], scheme["scheme"]) == ("http", "bearer")
    token = schema["paths"]["/api/v1/auth/token/"]["post"]
    assert list(token["requestBody"]["content"]) == ["application/json"]
    assert not token.get("security")  # signing in needs no token
    listing = schema["paths"]["/api/v1/auth/tokens/"]["get"]
    assert {"tokenAuth": []} in listing["security"]
    for path in ("/api/v1/auth/tokens/{token_id}/", "/api/v1/clubs/{club_id}/tokens/",
                 "/api/v1/clubs/{club_id}/tokens/{token_id}/"):
        assert path in schema["paths"]

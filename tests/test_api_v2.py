"""/api/v2/: every list a page (docs/api.md, "Versions" and "Pagination").

/v2 serves the operations of /v1 through the same views, so the access matrix of
tests/test_api_access.py, walked over /v1, holds for /v2 too; the first test keeps that
true. What differs is each list: in /v2 a page with `count`, `next`, `previous` and
`results`, `page` and `page_size` checked, and RFC 8288 links; in /v1 the lists that were
bare arrays stay bare arrays, and refuse `page` as a parameter they do not take.

The lists are walked in the world of tests/api_routes.py (a game with a round, tokens,
members, an invitation, a webhook, a tournament), and every page is checked against the
/v2 schema's own component with OpenAPI 3.0's validator.
"""

import re

import pytest
from django.urls import URLResolver, get_resolver, resolve
from openapi_schema_validator import OAS30Validator

from tests.api_routes import ALICE, ANON, CAROL, MALLORY, ROUTES
from tests.openapi import served_schema

V1, V2 = "/api/v1", "/api/v2"
pytestmark = pytest.mark.django_db


def routes_of(namespace: str) -> dict[str, type]:
    """Route name -> view class, for one version's namespace."""
    (resolver,) = [p for p in get_resolver().url_patterns
                   if isinstance(p, URLResolver) and p.namespace == namespace]
    return {pattern.name: pattern.callback.view_class for pattern in resolver.url_patterns}


def test_v2_serves_every_operation_of_v1_through_the_same_view():
    v1, v2 = routes_of("api"), routes_of("api-v2")
    assert set(v1) == set(v2)
    different = {name for name in v1 if name not in ("schema", "docs") and v1[name] is not v2[name]}
    assert not different, f"/v2 routes whose views are not /v1's: {different}"


def list_routes() -> dict[str, str]:
    """Route name -> the /v2 schema's page component, for every GET that answers a list."""
    found = {}
    for path, operations in served_schema("v2")["paths"].items():
        answer = operations.get("get", {}).get("responses", {}).get("200", {})
        ref = answer.get("content", {}).get("application/json", {}).get("schema", {}).get("$ref")
        if ref and ref.rpartition("/")[2].startswith("Paginated"):
            name = resolve(re.sub(r"\{\w+\}", "1", path)).url_name
            found[name] = ref.rpartition("/")[2]
    return found


def test_the_v2_schema_has_no_bare_list_and_v1_keeps_its_arrays():
    v1, v2 = served_schema("v1"), served_schema("v2")
    assert v2["info"]["version"] == "2.0.0" and v1["info"]["version"] == "1.0.0"
    assert all(path.startswith("/api/v2/") for path in v2["paths"])
    assert {p.replace(V2, V1) for p in v2["paths"]} == set(v1["paths"])
    pages = list_routes()
    # The lists that were bare arrays in /v1, among them those docs/api.md shows as arrays.
    assert {"clubs", "club-members", "rounds", "ledger", "presets", "invitations",
            "tokens", "club-tokens", "club-invites", "club-webhooks",
            "club-tournaments"} <= set(pages)
    for path, operations in v2["paths"].items():
        for method, operation in operations.items():
            for code, answer in operation["responses"].items():
                for content in answer.get("content", {}).values():
                    assert content["schema"].get("type") != "array", (method, path, code)
    for name, component in pages.items():
        path = "/api/v2/" + ROUTES[name].path.replace("{game}", "{game_id}").replace(
            "{club}", "{club_id}")
        operation = v2["paths"][path]["get"]
        assert {"page", "page_size"} <= {p["name"] for p in operation["parameters"]}
        assert "Link" in operation["responses"]["200"]["headers"]
        assert v2["components"]["schemas"][component]["required"] == [
            "count", "next", "previous", "results"]
        old = v1["paths"][path.replace(V2, V1)]["get"]
        assert old["responses"]["200"]["content"]["application/json"]["schema"]["type"] == "array"
        assert not {"page", "page_size"} & {p["name"] for p in old.get("parameters", [])}


def page_problems(body: dict, component: str) -> list[str]:
    schema = served_schema("v2")
    root = {"$ref": f"#/components/schemas/{component}", "components": schema["components"]}
    return [error.message for error in OAS30Validator(root).iter_errors(body)]


def links_of(response) -> dict[str, str]:
    return {rel: url for url, rel in re.findall(r'<([^>]+)>; rel="(\w+)"', response["Link"])}


def test_every_v2_list_pages_what_v1_lists_and_a_client_can_follow_next(api_world):
    world = api_world
    for name, component in list_routes().items():
        client = world["clients"][CAROL if name == "invitations" else ALICE]
        path = ROUTES[name].path.format(**world)
        whole = client.get(f"{V1}/{path}")
        assert whole.status_code == 200 and isinstance(whole.json(), list), name
        assert whole.json(), f"the world has no {name} to page"
        seen, url, pages = [], f"http://testserver{V2}/{path}?page_size=1", 0
        while url:
            answer = client.get(url)
            assert answer.status_code == 200, (name, answer.content[:200])
            body = answer.json()
            assert not page_problems(body, component), (name, page_problems(body, component))
            assert body["count"] == len(whole.json())
            assert links_of(answer)["first"] == f"http://testserver{V2}/{path}?page_size=1"
            assert links_of(answer).get("next") == body["next"]
            seen += body["results"]
            url, pages = body["next"], pages + 1
        assert seen == whole.json(), name
        assert pages == len(whole.json())
        # A page size beyond the bound, or not a number, is a 400 naming it; in /v1 a bare
        # list takes no `page` at all.
        for query, field in (("page_size=201", "page_size"), ("page=x", "page")):
            refused = client.get(f"{V2}/{path}?{query}")
            assert refused.status_code == 400, (name, query)
            assert refused.json()["errors"][0]["field"] == field
        refused = client.get(f"{V1}/{path}?page=2")
        assert refused.status_code == 400
        assert refused.json()["errors"][0]["code"] == "unknown_parameter"


def test_a_v2_ledger_and_rounds_keep_their_etag_per_page(api_world):
    world, alice = api_world, api_world["clients"][ALICE]
    for name in ("ledger", "rounds"):
        url = f"{V2}/{ROUTES[name].path.format(**world)}?page_size=2"
        first = alice.get(url)
        assert first["ETag"] == world["version"]
        again = alice.get(url, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304
        assert first.json()["results"] == alice.get(
            f"{V1}/{ROUTES[name].path.format(**world)}").json()[:2]


def test_v2_asks_the_same_policy(api_world):
    world = api_world
    ledger = f"{V2}/{ROUTES['ledger'].path.format(**world)}"
    assert world["clients"][ANON].get(ledger).status_code == 401
    assert world["clients"][MALLORY].get(ledger).status_code == 404
    members = f"{V2}/{ROUTES['club-members'].path.format(**world)}"
    assert world["clients"][MALLORY].get(members).status_code == 404


def test_a_v2_write_names_v2_addresses(api_world):
    alice = api_world["clients"][ALICE]
    made = alice.post(f"{V2}/games/", {"name": "Samstag", "preset": "wiener",
                                       "club": api_world["club"], "players": ["Anna", "Ben"]},
                      format="json")
    assert made.status_code == 201
    assert made["Location"] == f"{V2}/games/{made.json()['id']}/"
    assert alice.get(made["Location"]).json()["id"] == made.json()["id"]


def test_each_version_serves_its_own_schema_and_docs(client):
    for version, number in (("v1", "1.0.0"), ("v2", "2.0.0")):
        schema = client.get(f"/api/{version}/schema/?format=json").json()
        assert schema["info"]["version"] == number
        assert all(path.startswith(f"/api/{version}/") for path in schema["paths"])
        docs = client.get(f"/api/{version}/docs/")
        assert docs.status_code == 200
        assert f"/api/{version}/schema/".encode() in client.get(
            f"/api/{version}/docs/?script").content

"""OpenAPI links: which answer carries the ids that other operations take.

A link on an answer says "this value of the answer is the one to put into that
operation", e.g. `POST /games/` -> `GET /games/{game_id}/` with
`game_id: $response.body#/id`. The docs page shows them, and schemathesis'
stateful phase follows them to chain calls on real objects (docs/api.md,
"Links between operations"; docs/reliability.md 19).

The links are added after drf-spectacular has built the schema. A link whose
source answer or target operation is not in the schema is left out, so that an
operation renamed or removed costs its links, never the schema.
"""

# Runtime expressions (OpenAPI 3.0, "Link Object"): where the value is taken from.
NEW_ID = "$response.body#/id"
SAME_GAME = "$request.path.game_id"
SAME_CLUB = "$request.path.club_id"
NEW_VERSION = "$response.header.ETag"  # the game's version, what If-Match expects

GAME = {"game_id": NEW_ID}
SESSION = {"session_id": NEW_ID}
CLUB = {"club_id": NEW_ID}

# (source operationId, status) -> the links' description, and {target operationId: link}.
# A link holds `parameters` (name -> expression; `header.` marks a header) and may hold
# `requestBody`: fields put into the target's body (the rest of the body is the caller's).
LINKS = {
    ("games_create", "201"): ("With the id of the game just started.", {
        "games_retrieve": {"parameters": GAME},
        "games_rounds_create": {"parameters": GAME,
                                "requestBody": {"number": "$response.body#/next_round"}},
        "games_rounds_list": {"parameters": GAME},
        "games_rebuys_create": {"parameters": GAME},
        "games_ledger_list": {"parameters": GAME},
        "games_settlement_retrieve": {"parameters": GAME},
        "games_verify_retrieve": {"parameters": GAME},
        "games_export_retrieve": {"parameters": GAME},
        "games_close_create": {"parameters": GAME},
        "games_void_create": {"parameters": {**GAME, "header.If-Match": NEW_VERSION}},
        "games_destroy": {"parameters": {**GAME, "header.If-Match": NEW_VERSION}},
    }),
    ("games_rounds_create", "201"): ("With the game and number of the round just entered.", {
        "games_rounds_retrieve": {"parameters": {"game_id": SAME_GAME,
                                                 "number": "$response.body#/number"}},
        "games_rounds_update": {"parameters": {"game_id": SAME_GAME,
                                               "number": "$response.body#/number",
                                               "header.If-Match": NEW_VERSION}},
        "games_retrieve": {"parameters": {"game_id": SAME_GAME}},
        "games_ledger_list": {"parameters": {"game_id": SAME_GAME}},
        "games_verify_retrieve": {"parameters": {"game_id": SAME_GAME}},
    }),
    ("games_rebuys_create", "201"): ("With the game and player of the re-buy just taken.", {
        "games_rebuys_destroy": {"parameters": {"game_id": SAME_GAME,
                                                "player": "$request.body#/player",
                                                "header.If-Match": NEW_VERSION}},
        "games_ledger_list": {"parameters": {"game_id": SAME_GAME}},
    }),
    ("sessions_create", "201"): ("With the id of the table session just opened.", {
        "sessions_retrieve": {"parameters": SESSION},
        "sessions_export_retrieve": {"parameters": SESSION},
        "games_create": {"requestBody": {"club": "$response.body#/club", "session": NEW_ID}},
    }),
    ("clubs_create", "201"): ("With the id of the club just founded.", {
        "clubs_retrieve": {"parameters": CLUB},
        "clubs_members_list": {"parameters": CLUB},
        "clubs_members_create": {"parameters": CLUB},
        "clubs_report_retrieve": {"parameters": CLUB},
        "clubs_report_csv_retrieve": {"parameters": CLUB},
        "clubs_import_create": {"parameters": CLUB},
        "clubs_invites_list": {"parameters": CLUB},
        "clubs_invites_create": {"parameters": CLUB},
        "clubs_webhooks_list": {"parameters": CLUB},
        "clubs_webhooks_create": {"parameters": CLUB},
        "clubs_tokens_list": {"parameters": CLUB},
        "games_list": {"parameters": {"query.club": NEW_ID}},
        "sessions_create": {"requestBody": {"club": NEW_ID}},
        "games_create": {"requestBody": {"club": NEW_ID}},
    }),
    ("clubs_members_create", "201"): ("With the club the member just joined.", {
        "clubs_members_list": {"parameters": {"club_id": SAME_CLUB}},
    }),
    ("clubs_invites_create", "201"): ("With the club and id of the invite just made.", {
        "clubs_invites_retrieve": {"parameters": {"club_id": SAME_CLUB, "invite_id": NEW_ID}},
        "clubs_invites_destroy": {"parameters": {"club_id": SAME_CLUB, "invite_id": NEW_ID}},
    }),
    ("clubs_webhooks_create", "201"): ("With the club and id of the webhook just registered.", {
        "clubs_webhooks_retrieve": {"parameters": {"club_id": SAME_CLUB, "webhook_id": NEW_ID}},
        "clubs_webhooks_deliveries_retrieve": {"parameters": {"club_id": SAME_CLUB,
                                                              "webhook_id": NEW_ID}},
        "clubs_webhooks_destroy": {"parameters": {"club_id": SAME_CLUB, "webhook_id": NEW_ID}},
    }),
    ("clubs_webhooks_deliveries_retrieve", "200"): ("With the newest delivery on the page.", {
        "clubs_webhooks_deliveries_replay_create": {"parameters": {
            "club_id": SAME_CLUB, "webhook_id": "$request.path.webhook_id",
            "delivery_id": "$response.body#/results/0/id"}},
    }),
    ("auth_token_create", "200"): ("With the id of the token just made.", {
        "auth_tokens_destroy": {"parameters": {"token_id": NEW_ID}},
    }),
}

METHODS = {"get", "put", "patch", "post", "delete"}


def add_links(result, generator, request, public):
    """drf-spectacular postprocessing hook: put LINKS on the answers they start from."""
    operations = {
        operation["operationId"]: operation
        for path in result.get("paths", {}).values()
        for method, operation in path.items()
        if method in METHODS and "operationId" in operation
    }
    for (source, status), (description, targets) in LINKS.items():
        answer = operations.get(source, {}).get("responses", {}).get(status)
        if answer is None:
            continue
        links = {
            target: {"operationId": target, "description": description, **link}
            for target, link in targets.items()
            if target in operations
        }
        if links:
            answer.setdefault("links", {}).update(links)
    return result

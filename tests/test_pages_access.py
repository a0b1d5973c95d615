"""Who may open and use each page (the server-rendered, htmx routes), route by route.

The pages' counterpart of tests/test_api_access.py. The table below names every page
route with what GET and POST answer and to whom. A test walks the URL resolver and
fails on a page route the table does not know, so a new page cannot ship without
saying who may use it.

For every page x {anonymous, carol the viewer, bob the scorekeeper, alice the
organiser, mallory of another club} x {GET, POST}: exactly the allowed personas get
the page's normal answer; anonymous is sent to the login page (GET and POST alike);
mallory gets 404 (a game of Ottakring does not exist for her); a member without the
right gets 403. A method a page does not serve is a 405 for everyone signed in.
The POSTs carry the form a phone would send, valid for the allowed personas, so a
refusal is about who asks, not about what they send. Every refused request writes
nothing. Each request runs in a savepoint that is rolled back, so every persona
meets the same games.
"""

import copy
import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.contrib.auth.tokens import default_token_generator
from django.core.cache import cache
from django.db import transaction
from django.test import Client, override_settings
from django.urls import URLResolver, get_resolver
from django.utils.encoding import force_bytes
from django.utils.http import urlsafe_base64_encode

from scorekeeper import services
from scorekeeper.models import ApiToken, Club, Game, Membership, SeatClaim
from scorekeeper.services import HandInput, policy, webhooks
from scorekeeper.services import clubs as club_services
from scorekeeper.services import tournaments as tournament_services
from scorekeeper.services.policy import OPERATOR
from tests.api_routes import (
    ALICE,
    ANON,
    BOB,
    CAROL,
    EVERYONE,
    MALLORY,
    MEMBERS,
    ORGANISERS,
    PERSONAS,
    SIGNED_IN,
    WRITERS,
    counts,
)
from tests.conftest import QUICK_HASHERS, module_world, page_client
from tests.conftest import persona as make_persona
from tests.policy_spy import asking

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

# Outside this matrix: the API, the admin and the static files have their own, and the
# health probe is for the load balancer.
NOT_PAGES = ("api/", "admin/", "static/", "health/")
# Pages reached without signing in by design, each with its own tests: signing in and
# out, and the read-only sheet behind a share link (the signed token is the key).
OPEN_BY_DESIGN = {"login", "logout", "shared"}

METHODS = ("get", "post")

# Pages that need not ask the access policy, each for its reason: Django's own views of a
# user's own account (sign-in comes first: scorekeeper/web/access.py), the app's files that
# are the same for everyone, and an invite link that is its own key.
NOT_ASKING = {"password_change", "password_change_done", "password_reset",
              "password_reset_done", "password_reset_confirm", "password_reset_complete",
              "manifest", "service-worker", "set_language", "join"}


@dataclass(frozen=True)
class Use:
    """One method of a page: who gets its normal answer, which, and what the form sends."""

    allowed: frozenset
    status: int
    goes_to: str = ""  # where the normal 302 leads: a pattern, formatted with the world
    data: Callable | None = None  # the form a phone sends, from the world
    refused: dict = field(default_factory=dict)  # persona -> status, where not 403/404


@dataclass(frozen=True)
class Page:
    path: str  # formatted with the world: {game} (a pot game), {points} (a Punktespiel)
    get: Use | None  # None: the page does not serve the method (405)
    post: Use | None
    sign_in: bool = True  # False: anonymous may use it too


def _round_two(w) -> dict:
    """Round 2 of the pot game as the round form sends it (hidden number, key, players)."""
    ids = w["ids"]
    return {"number": 2, "key": "access-round-2", "players": list(ids.values()),
            "ender": ids["Anna"], f"dw-{ids['Anna']}": 0, f"dw-{ids['Ben']}": 5,
            f"dw-{ids['Cem']}": 5}


def _correction(w) -> dict:
    """Round 1 corrected, with the version the edit form was drawn at and a reason."""
    ids = w["ids"]
    return {"number": 1, "key": "access-fix-1", "version": w["version"], "reason": "typo",
            "players": list(ids.values()), "ender": ids["Anna"], f"dw-{ids['Anna']}": 2,
            f"dw-{ids['Ben']}": 40, f"dw-{ids['Cem']}": 85}


def _what_if(w) -> dict:
    """Round 1 as the correction form has it while it is being typed (no reason yet)."""
    ids = w["ids"]
    return {"number": 1, "players": list(ids.values()), "ender": ids["Anna"],
            f"dw-{ids['Anna']}": 2, f"dw-{ids['Ben']}": 40, f"dw-{ids['Cem']}": 85}


def _picker_tap(w) -> dict:
    """A tap on Q in Anna's card picker (hearts, holding AH 2H): her entry comes back."""
    anna = w["ids"]["Anna"]
    return {"pick_add": f"{anna}:Q", f"mode-{anna}": "cards", f"suit-{anna}": "H",
            f"cards-{anna}": "AH 2H"}


def _new_game(w) -> dict:
    return {"club": w["club"], "preset": "wiener", "buy_in": "5.00", "knock_premium": "1.00",
            "rebuy": "on", "lay_off": "none", "seat": ["Anna", "Ben"], "start": "1"}


SHEET = r"/games/{game}/"  # where a write on the pot game lands (the sheet, reloaded)

PAGES = {
    "home": Page("/", get=Use(SIGNED_IN, 200), post=None),
    # The app on the home screen and offline (docs/table.md, "Offline"): the manifest and
    # the service worker are the same for everyone, like the static files.
    "manifest": Page("/manifest.webmanifest", sign_in=False, get=Use(EVERYONE, 200), post=None),
    "service-worker": Page("/sw.js", sign_in=False, get=Use(EVERYONE, 200), post=None),
    # mallory organises Favoriten, so she may start games there: the form is hers too. Her
    # POST names Ottakring, which her form does not offer: "not a valid choice" (422), the
    # same answer as for a club that does not exist, so it tells her nothing.
    "game-new": Page(
        "/games/new/",
        get=Use(WRITERS | {MALLORY}, 200),
        post=Use(WRITERS, 302, r"/games/\d+/", _new_game, refused={MALLORY: 422}),
    ),
    "game": Page("/games/{game}/", get=Use(MEMBERS, 200), post=None),
    # The round forms are for entering: a viewer may not even open them.
    "round-new": Page("/games/{game}/rounds/new/", get=Use(WRITERS, 200),
                      post=Use(WRITERS, 302, SHEET, _round_two)),
    "round-edit": Page("/games/{game}/rounds/1/edit/", get=Use(WRITERS, 200),
                       post=Use(WRITERS, 302, SHEET, _correction)),
    # The card picker writes nothing, but it is part of entering a round.
    "hand": Page("/games/{game}/hand/", get=None, post=Use(WRITERS, 200, data=_picker_tap)),
    "game-rebuy": Page("/games/{game}/rebuy/", get=None, post=Use(
        WRITERS, 302, SHEET, lambda w: {"player": w["ids"]["Cem"], "key": "access-rebuy"})),
    "game-close": Page("/games/{points}/close/", get=None,
                       post=Use(WRITERS, 302, r"/games/{points}/")),
    # Undoing (docs/api.md, "Undoing"): a re-buy until the next round and a game without
    # rounds are the writers'; voiding a game is the organisers' alone.
    "game-rebuy-undo": Page("/games/{rebought}/rebuy/undo/", get=None, post=Use(
        WRITERS, 302, r"/games/{rebought}/",
        lambda w: {"player": w["rebuyer"], "key": "access-undo"})),
    "game-delete": Page("/games/{fresh}/delete/", get=None, post=Use(WRITERS, 302, "/")),
    # Undo last round (docs/table.md): one tap, whoever may enter the game's rounds.
    "round-undo": Page("/games/{game}/rounds/1/undo/", get=None, post=Use(
        WRITERS, 302, SHEET, lambda w: {"key": "access-undo-round"})),
    "game-void": Page("/games/{game}/void/", get=Use(ORGANISERS, 200),
                      post=Use(ORGANISERS, 302, "/", lambda w: {"reason": "short deck"})),
    "game-ledger": Page("/games/{game}/ledger/", get=Use(MEMBERS, 200), post=None),
    # A player's account reads like the sheet and the ledger: every member.
    "player-account": Page("/games/{game}/players/{anna}/", get=Use(MEMBERS, 200), post=None),
    # The what-if of a correction writes nothing, but it belongs to the correction form.
    "round-preview": Page("/games/{game}/rounds/1/preview/", get=None,
                          post=Use(WRITERS, 200, data=_what_if)),
    # Anyone who may read the sheet may pass it on: the link shows no more than that.
    "game-share": Page("/games/{game}/share/", get=Use(MEMBERS, 200), post=None),
    # Choosing the language sets a cookie and goes back; it is there before signing in.
    "set_language": Page(
        "/i18n/setlang/", sign_in=False,
        get=Use(EVERYONE, 302, "/"),
        post=Use(EVERYONE, 302, "/", lambda w: {"language": "de", "next": "/"}),
    ),
    # Evenings (docs/organisers.md, "Evenings"): every member reads an evening, the writers
    # start one. mallory starts evenings in Favoriten, so the form is hers too; her POST
    # names Ottakring, which her form does not offer: 422, as on the new game form.
    "session-new": Page(
        "/sessions/new/",
        get=Use(WRITERS | {MALLORY}, 200),
        post=Use(WRITERS, 302, r"/sessions/\d+/",
                 lambda w: {"club": w["club"], "name": "Freitagabend"}, refused={MALLORY: 422}),
    ),
    "session": Page("/sessions/{session}/", get=Use(MEMBERS, 200), post=None),
    # A club's Gin tournament (docs/organisers.md, "A Gin tournament"): every member reads
    # the list and the bracket; organisers start one.
    "club-tournaments": Page("/clubs/{club}/tournaments/", get=Use(MEMBERS, 200), post=None),
    "tournament-new": Page(
        "/clubs/{club}/tournaments/new/", get=Use(ORGANISERS, 200),
        post=Use(ORGANISERS, 302, r"/tournaments/\d+/", lambda w: {
            "preset": "gin", "players": "Anna\nBen\nCem\nDora\nEmil", "seeding": "ordered",
            "entry_fee": "5", "payouts": "100"})),
    "tournament": Page("/tournaments/{tournament}/", get=Use(MEMBERS, 200), post=None),
    # The audit (docs/organisers.md, "The audit"): the organisers check the books; it only
    # reads. mallory organises Favoriten, not Ottakring: its audit does not exist for her.
    "club-audit": Page("/clubs/{club}/audit/", get=Use(ORGANISERS, 200), post=None),
    "club-audit-game": Page("/clubs/{club}/audit/games/{game}/", get=Use(ORGANISERS, 200),
                            post=None),
    # Members and invites (docs/organisers.md, "Members and invites"): every member reads
    # the list; organisers change roles, remove members and hand out invites.
    "club-members": Page(
        "/clubs/{club}/members/", get=Use(MEMBERS, 200),
        post=Use(ORGANISERS, 302, r"/clubs/{club}/members/",
                 lambda w: {"member": w["carol_id"], "role": "scorekeeper"})),
    "club-member-remove": Page("/clubs/{club}/members/{carol_id}/remove/",
                               get=Use(ORGANISERS, 200),
                               post=Use(ORGANISERS, 302, r"/clubs/{club}/members/")),
    "club-invites": Page(
        "/clubs/{club}/invites/", get=Use(ORGANISERS, 200),
        post=Use(ORGANISERS, 302, r"/clubs/{club}/invites/#invite-\d+",
                 lambda w: {"role": "viewer", "days": 7, "uses": 1})),
    # Leaving: every member but the last organiser (409). Invitations are their invitee's:
    # mallory invited carol to Favoriten; for everyone else it does not exist.
    "club-leave": Page("/clubs/{club}/leave/", get=Use(MEMBERS, 200), post=Use(
        frozenset({CAROL, BOB}), 302, "/", refused={ALICE: 409})),
    "invitation-accept": Page("/invitations/{invitation_id}/accept/", get=None, post=Use(
        frozenset({CAROL}), 302, "/", refused={ALICE: 404, BOB: 404})),
    "invitation-decline": Page("/invitations/{invitation_id}/decline/", get=None, post=Use(
        frozenset({CAROL}), 302, "/", refused={ALICE: 404, BOB: 404})),
    "club-invite-revoke": Page("/clubs/{club}/invites/{invite_id}/revoke/", get=None,
                               post=Use(ORGANISERS, 302, r"/clubs/{club}/invites/")),
    # The invite link is the key: anyone may open it. Signed out, the POST makes an account
    # and joins; signed in, it joins (a member stays as they are); home either way.
    "join": Page("/join/{invite}/", sign_in=False, get=Use(EVERYONE, 200),
                 post=Use(EVERYONE, 302, "/", lambda w: {
                     "username": "dora", "password1": "Kartenglück-2024",
                     "password2": "Kartenglück-2024"})),
    # Whoever may enter the game may revoke its share link; a viewer only passes it on.
    "game-share-revoke": Page("/games/{game}/share/revoke/", get=None,
                              post=Use(WRITERS, 302, r"/games/{game}/share/")),
    # Players' phones (docs/table.md, "Players' phones"): the share link is the key, no
    # sign-in. anonymous is the phone that claimed Ben's seat of the pot game (its signed
    # cookie, phones_world); the others hold no seat. Anyone with the link sees the sheet's
    # "Whose phone is this?" and may claim a seat no phone holds; a phone holds one. Only
    # the phone holding a seat enters its hand.
    "shared-claim": Page("/s/{token}/claim/", sign_in=False, get=Use(EVERYONE, 200), post=Use(
        SIGNED_IN, 302, r"/s/{token}/", lambda w: {"player": w["ids"]["Anna"]},
        refused={ANON: 409})),
    "shared-hand": Page("/s/{token}/hand/", sign_in=False, get=Use(EVERYONE, 200), post=Use(
        frozenset({ANON}), 302, r"/s/{token}/hand/",
        lambda w: {"number": 2, f"dw-{w['ids']['Ben']}": "14"},
        refused={persona: 403 for persona in SIGNED_IN})),
    "shared-hand-pick": Page("/s/{token}/hand/pick/", sign_in=False, get=None, post=Use(
        frozenset({ANON}), 200, data=lambda w: {
            "pick_add": f"{w['ids']['Ben']}:Q", f"mode-{w['ids']['Ben']}": "cards",
            f"suit-{w['ids']['Ben']}": "H", f"cards-{w['ids']['Ben']}": "QS"},
        refused={persona: 403 for persona in SIGNED_IN})),
    # The scorekeeper's side: the hands sent, on the round form, and releasing a phone.
    # A phone lets go of its seat; without one there is nothing to let go of: the sheet.
    "shared-leave": Page("/s/{token}/leave/", sign_in=False, get=None,
                         post=Use(EVERYONE, 302, r"/s/{token}/")),
    "round-pending": Page("/games/{game}/rounds/new/pending/", get=Use(WRITERS, 200),
                          post=None),
    "game-claim-release": Page("/games/{game}/claims/{claim}/release/", get=None,
                               post=Use(WRITERS, 302, r"/games/{game}/share/")),
    # Whoever may enter the game switches players' own hands off (and on again).
    "game-share-phones": Page("/games/{game}/share/phones/", get=None, post=Use(
        WRITERS, 302, r"/games/{game}/share/", lambda w: {"allowed": "0"})),
    # Passwords, with Django's own views: changing one is for the signed-in, and only
    # alice's form (her password now) is right; the others' is the form again with an error.
    "password_change": Page(
        "/accounts/password_change/", get=Use(SIGNED_IN, 200),
        post=Use(frozenset({ALICE}), 302, "/accounts/password_change/done/", lambda w: {
            "old_password": "alice-secret-42", "new_password1": "Kartenglück-2024",
            "new_password2": "Kartenglück-2024"}, refused={CAROL: 200, BOB: 200, MALLORY: 200})),
    "password_change_done": Page("/accounts/password_change/done/", get=Use(SIGNED_IN, 200),
                                 post=None),
    # Resetting a forgotten one comes before signing in: the mailed link is the key.
    "password_reset": Page("/accounts/password_reset/", sign_in=False, get=Use(EVERYONE, 200),
                           post=Use(EVERYONE, 302, "/accounts/password_reset/done/",
                                    lambda w: {"email": "carol@example.org"})),
    "password_reset_done": Page("/accounts/password_reset/done/", sign_in=False,
                                get=Use(EVERYONE, 200), post=None),
    "password_reset_confirm": Page(
        "/accounts/reset/{reset}/", sign_in=False,
        get=Use(EVERYONE, 302, r"/accounts/reset/[^/]+/set-password/"),
        post=Use(EVERYONE, 302, r"/accounts/reset/[^/]+/set-password/")),
    "password_reset_complete": Page("/accounts/reset/done/", sign_in=False,
                                    get=Use(EVERYONE, 200), post=None),
    # The season's books (docs/organisers.md, "The season's books"): every member reads the
    # club's money and play; nothing is written from it. Not mallory's club: 404.
    "club-report": Page("/clubs/{club}/report/", get=Use(MEMBERS, 200), post=None),
    # API tokens (docs/api.md, "Signing in and tokens"): everyone makes and revokes their own;
    # someone else's token does not exist for them.
    "account-tokens": Page("/accounts/tokens/", get=Use(SIGNED_IN, 200),
                           post=Use(SIGNED_IN, 200, data=lambda w: {"name": "laptop",
                                                                    "days": "30"})),
    "account-token-revoke": Page(
        "/accounts/tokens/{alice_token}/revoke/", get=None,
        post=Use(frozenset({ALICE}), 302, "/accounts/tokens/", refused={CAROL: 404, BOB: 404})),
    # Webhooks (docs/organisers.md, "Webhooks"): the organisers' alone. A replay is sent once
    # the request commits, which these requests never do.
    "club-webhooks": Page(
        "/clubs/{club}/webhooks/", get=Use(ORGANISERS, 200),
        post=Use(ORGANISERS, 200, data=lambda w: {"url": "http://127.0.0.1:9/hooks",
                                                  "events": ["game.finished"]})),
    "club-webhook": Page("/clubs/{club}/webhooks/{webhook}/", get=Use(ORGANISERS, 200),
                         post=None),
    "club-webhook-active": Page("/clubs/{club}/webhooks/{webhook}/active/", get=None, post=Use(
        ORGANISERS, 302, r"/clubs/{club}/webhooks/{webhook}/", lambda w: {"active": "0"})),
    "club-webhook-delete": Page("/clubs/{club}/webhooks/{webhook}/delete/",
                                get=Use(ORGANISERS, 200),
                                post=Use(ORGANISERS, 302, r"/clubs/{club}/webhooks/")),
    "club-webhook-replay": Page(
        "/clubs/{club}/webhooks/{webhook}/deliveries/{delivery}/replay/", get=None,
        post=Use(ORGANISERS, 302, r"/clubs/{club}/webhooks/{webhook}/#delivery-{delivery}")),
}

def members_world(club) -> dict:
    """carol's id (to be removed), an open invite to Ottakring, and carol's password reset
    link (uid/token) as the mail would carry it."""
    carol = Membership.objects.get(club=club, user__username="carol").user
    carol.email = "carol@example.org"
    carol.save()
    invite = club_services.create_invite(club_id=club.pk, role="scorekeeper")
    uid = urlsafe_base64_encode(force_bytes(carol.pk))
    reset = f"{uid}/{default_token_generator.make_token(carol)}"
    return {"carol_id": carol.pk, "invite": invite.token, "invite_id": invite.pk,
            "reset": reset}


def webhooks_world(club) -> dict:
    """A webhook of Ottakring with a delivery (of an event told in a transaction that is
    never committed: nothing is sent)."""
    webhook = webhooks.create_webhook(club_id=club.pk, url="http://127.0.0.1:9/hooks")
    with transaction.atomic():
        event = webhooks.emit(club.pk, webhooks.GAME_FINISHED, {"game": 1})
    return {"webhook": webhook.pk, "delivery": event.deliveries.get().pk}


def tokens_world(club) -> dict:
    """alice's API token, to be revoked."""
    alice = Membership.objects.get(club=club, user__username="alice").user
    return {"alice_token": ApiToken.objects.create(user=alice, name="phone")[0].token_key}


def phones_world(game) -> dict:
    """The share link of the pot game and a phone (no sign-in) that claimed Ben's seat
    through it, as anonymous."""
    token = policy.share_token(game.pk, game.share_version)
    phone = Client()
    ben = game.seats.get(player__name="Ben").player_id
    assert phone.post(f"/s/{token}/claim/", {"player": ben}).status_code == 302
    return {"token": token, "phone": phone, "claim": SeatClaim.objects.get(game=game).pk}


# A known access bug, as "route-persona" -> reason: that case is xfail(strict=True).
KNOWN_BUGS: dict[str, str] = {}


def page_routes() -> set[str]:
    """The name of every route in the resolver that is not under NOT_PAGES."""
    names = set()

    def walk(patterns, prefix):
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            if route.startswith(NOT_PAGES):
                continue
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route)
            else:
                names.add(pattern.name or route)

    walk(get_resolver().url_patterns, "")
    return names


def test_the_matrix_covers_every_page_route():
    served = page_routes() - OPEN_BY_DESIGN
    assert not served - set(PAGES), (
        f"Page routes without a row in PAGES of tests/test_pages_access.py: "
        f"{sorted(served - set(PAGES))}; say who may GET and POST each")
    assert not set(PAGES) - served, f"PAGES names gone routes: {set(PAGES) - served}"
    assert OPEN_BY_DESIGN <= page_routes(), "OPEN_BY_DESIGN names gone routes"


# --- The world: Ottakring's pot game (Cem may re-buy) and Punktespiel; mallory's game -------


def _first_round(view, ender: str, **points) -> services.GameView:
    """Round 1 as the services take it (deadwood by name): the world is set, not tested."""
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    hands = [HandInput(ids[name], deadwood=value) for name, value in points.items()]
    _result, view = services.record_round(game_id=view.game.pk, number=1, ender=ids[ender],
                                          hands=hands, user=OPERATOR)
    return view


@pytest.fixture(scope="module")
def pages_world(django_db_setup, django_db_blocker) -> dict:
    """Ottakring's games at a point where every write is possible: round 2 may be entered,
    round 1 corrected, Cem may re-buy and the Punktespiel closed. mallory has a game of her
    own, so her 404s are about whose game it is, not about having none. Made once for the
    module (tests/conftest.py, module_world): each request runs in a rolled-back savepoint
    anyway (attempt), so every test meets this world as it was made."""
    with module_world(django_db_blocker):
        with django_db_blocker.unblock(), override_settings(
                PASSWORD_HASHERS=QUICK_HASHERS, WEBHOOK_ALLOW_PRIVATE_TARGETS=True):
            yield _make_world()


@pytest.fixture
def world(pages_world, db, settings) -> dict:
    """The module's world with clients of this test's own: a request may sign its client
    out (logout, a password change) by its cookies, which no rollback brings back."""
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the world's webhook is on loopback
    clients = {}
    for name, made in pages_world["clients"].items():
        clients[name] = Client()
        clients[name].cookies = copy.deepcopy(made.cookies)
    return {**pages_world, "clients": clients}


def _make_world() -> dict:
    club = Club.objects.create(name="Ottakring")
    other_club = Club.objects.create(name="Favoriten")
    clients = {name: page_client(make_persona(name, club, role)) for name, role in (
        (ALICE, Membership.Role.ORGANISER), (BOB, Membership.Role.SCOREKEEPER),
        (CAROL, Membership.Role.VIEWER))}
    clients[MALLORY] = page_client(make_persona(MALLORY, other_club, Membership.Role.ORGANISER))
    pot = services.start_game(club=club, name="Freitag", preset="wiener",
                              players=["Anna", "Ben", "Cem"], user=OPERATOR)
    pot = _first_round(pot, "Anna", Anna=3, Ben=40, Cem=85)  # Cem may re-buy
    points = services.start_game(club=club, name="Punkte", preset="romme",
                                 players=["Anna", "Ben", "Cem"], rules={"mode": "points"},
                                 user=OPERATOR)
    _first_round(points, "Anna", Anna=0, Ben=23, Cem=12)
    rebought = services.start_game(club=club, name="Samstag", preset="wiener",
                                   players=["Anna", "Ben", "Cem"], user=OPERATOR)
    rebought = _first_round(rebought, "Anna", Anna=3, Ben=40, Cem=85)
    rebuyer = next(seat.player_id for seat in rebought.seats if seat.player.name == "Cem")
    services.take_rebuy(game_id=rebought.game.pk, player=rebuyer, user=OPERATOR)  # a re-buy to undo
    fresh = services.start_game(club=club, name="Versehen", preset="wiener",
                                players=["Anna", "Ben"],
                                user=OPERATOR)  # started by mistake: no rounds
    services.start_game(club=other_club, name="Max und Moritz", preset="wiener",
                        players=["Max", "Moritz"], user=OPERATOR)
    mallory = Membership.objects.get(club=other_club).user
    invitation = club_services.invite_member(club_id=other_club.pk, username="carol",
                                             role="viewer", by=mallory)
    phones = phones_world(pot.game)
    tournament = tournament_services.create_tournament(
        club=club, name="Pokal", preset="gin", rules={}, players=["Anna", "Ben", "Cem", "Dora",
                                                                  "Emil"],
        seeding="ordered", entry_fee=500, payouts=[100], user=OPERATOR)
    return {
        "tournament": tournament.tournament.pk,
        "rebought": rebought.game.pk, "rebuyer": rebuyer, "fresh": fresh.game.pk,
        "clients": {ANON: phones.pop("phone"), **clients},
        "club": club.pk, "game": pot.game.pk, "points": points.game.pk,
        **members_world(club),  # invites, a member to remove, a password reset link
        **tokens_world(club),
        **webhooks_world(club),
        **phones,  # the share link, Ben's seat claimed by anonymous
        "invitation_id": invitation.pk,
        "session": pot.game.session_id,  # the pot game's evening
        "version": pot.game.version,
        "anna": next(seat.player_id for seat in pot.seats if seat.player.name == "Anna"),
        "ids": {seat.player.name: seat.player_id for seat in pot.seats},
    }


def footprint() -> dict:
    """The rows of every model (rounds, hands, re-buys, games, ledger entries, ...) and each
    game's version: closing a game adds no row, but every write bumps the version."""
    versions = dict(Game.objects.values_list("pk", "version"))
    return {**counts(), **{f"version of game {pk}": v for pk, v in versions.items()}}


def attempt(world, persona: str, method: str, url: str, data: dict | None):
    """One request in a savepoint that is rolled back: (response, what it wrote)."""
    savepoint = transaction.savepoint_create()
    try:
        before = footprint()
        client = world["clients"][persona]
        response = client.post(url, data or {}) if method == "post" else client.get(url)
        written = {name: value - before.get(name, 0) for name, value in footprint().items()
                   if value != before.get(name)}
    finally:
        transaction.savepoint_rollback(savepoint)
        # Game states are kept per version, and the rollback hands the versions out again.
        cache.clear()
        services.recent_games.clear()
    return response, written


def expected(world, page: Page, method: str, persona: str) -> tuple[int, str]:
    """(status, a pattern of where a 302 leads) for `persona`."""
    use = getattr(page, method)
    if persona == ANON and page.sign_in:
        # Signing in comes first, even for a method the page does not serve.
        url = page.path.format(**world)
        return 302, re.escape(f"{settings.LOGIN_URL}?next={url}")
    if use is None:
        # Before any look-up: the same 405 for a game that exists and one that does not.
        return 405, ""
    if persona in use.allowed:
        return use.status, use.goes_to.format(**world)
    if persona in use.refused:
        return use.refused[persona], ""
    return (404 if persona == MALLORY else 403), ""


def _cases() -> list:
    cases = []
    for route_name in sorted(PAGES):
        for persona in PERSONAS:
            case = f"{route_name}-{persona}"
            marks = [pytest.mark.xfail(strict=True, reason=KNOWN_BUGS[case])] if (
                case in KNOWN_BUGS) else []
            cases.append(pytest.param(route_name, persona, id=case, marks=marks))
    return cases


@pytest.mark.parametrize(("route_name", "persona"), _cases())
def test_exactly_the_allowed_personas_use_a_page_and_the_refused_write_nothing(
        world, route_name, persona):
    page = PAGES[route_name]
    url = page.path.format(**world)
    wrong = []
    for method in METHODS:
        use = getattr(page, method)
        data = use.data(world) if use and use.data else None
        with asking() as asked:
            response, written = attempt(world, persona, method, url, data)
        status, goes_to = expected(world, page, method, persona)
        if use and persona in use.allowed and route_name not in NOT_ASKING and not asked:
            wrong.append(f"{method.upper()}: answered without asking the access policy "
                         f"(scorekeeper/services/policy.py)")
        refused = not (use and persona in use.allowed)
        where = response.get("Location", "")
        if response.status_code != status:
            wrong.append(f"{method.upper()}: {response.status_code} (expected {status}) "
                         f"{response.content[:200]!r}")
        elif status == 302 and not re.fullmatch(goes_to, where):
            wrong.append(f"{method.upper()}: went to {where} (expected {goes_to})")
        elif (refused or method == "get") and written:
            wrong.append(f"{method.upper()}: {'refused' if refused else 'a read'} but wrote "
                         f"{written}")
    assert not wrong, f"{url} as {persona}:\n" + "\n".join(wrong)

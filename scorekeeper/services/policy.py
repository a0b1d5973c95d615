"""Who may do what: the one access policy (docs/security.md, "Who may do what").

Every route of the API, every page, every idempotent replay and every command asks this
module, and nothing else decides access. Its table (ACTIONS x PERSONAS) is the one that
docs/security.md shows and that the access-matrix tests walk, so the three cannot drift.

An *actor* is a user acting through a session or an API token. A token may be limited to
one club and to reading (docs/security.md, "Tokens"): in every other club its user acts
as a stranger, and it may not write. A share link and a seat's phone are not actors of a
club: they reach one game's shared pages only (`shared_game`, scorekeeper.services.claims).

Refusals: an object of a club the actor does not belong to does not exist for them (404,
`Hidden`); a member whose role (or token) is not enough is told why (403, `Refused`).
"""

from dataclasses import dataclass

from django.core import signing

from ..models import ApiToken, Club, Game, Membership
from .errors import Hidden, Refused

VIEWER = Membership.Role.VIEWER
SCOREKEEPER = Membership.Role.SCOREKEEPER
ORGANISER = Membership.Role.ORGANISER
_RANK = {VIEWER: 1, SCOREKEEPER: 2, ORGANISER: 3}


@dataclass(frozen=True)
class Action:
    """What an actor wants to do in a club: the least role it needs, whether it changes
    anything (a read-only token may not), and what a member with less is told."""

    least: str | None  # None: any signed-in user, not about one club
    writes: bool
    refusal: str
    what: str  # for the table in docs/security.md


ACTIONS = {
    "club.read": Action(
        VIEWER, False, "",
        "read the club, its members, games, rounds, ledgers, evenings, exports and report"),
    "club.leave": Action(VIEWER, True, "", "leave the club"),
    "game.write": Action(
        SCOREKEEPER, True, "Viewers can read this club's games but not change them",
        "start games and evenings; enter rounds, re-buys and corrections; close, delete "
        "an empty game, share, release phones"),
    "game.void": Action(ORGANISER, True, "Only the club's organisers void games",
                        "void a game"),
    "tournament.create": Action(
        ORGANISER, True, "Only the club's organisers start tournaments",
        "start a club tournament (its matches are then entered as games)"),
    "club.admin.read": Action(
        ORGANISER, False, "Only the club's organisers see this",
        "see invites, webhooks and their deliveries, tokens scoped to the club, the audit"),
    "club.admin": Action(
        ORGANISER, True, "Only the club's organisers change this",
        "invite, change roles, remove members; make and revoke invites; register, change "
        "and replay webhooks; revoke tokens scoped to the club; import games"),
    "account.read": Action(None, False, "", "list their own clubs, games, tokens, invitations"),
    "account.write": Action(
        None, True, "", "create a club; make and revoke their own tokens; accept or decline "
                        "an invitation"),
}

READ_ONLY_TOKEN = "This token may only read"
CLUB_TOKEN = ("This token works in one club only: it cannot create clubs, make or revoke "
              "tokens, or answer invitations; use a token that is not limited to a club")


@dataclass(frozen=True)
class Actor:
    """Who acts: a signed-in user, and the API token the request came with (None for a
    page's session). `user` None is nobody (never allowed anything), unless it is the
    operator: the management commands and the shell, trusted with everything."""

    user: object
    token: ApiToken | None = None
    operator: bool = False

    @classmethod
    def of(cls, request) -> "Actor":
        """The actor of a page's or an API request (DRF's request carries the token)."""
        user = request.user if request.user.is_authenticated else None
        token = getattr(request, "auth", None)
        return cls(user, token if isinstance(token, ApiToken) else None)


# Whoever runs the server: management commands (loaddemo, importgame) and tests that set a
# game up act as the operator. No request is ever the operator.
OPERATOR = Actor(None, operator=True)


def actor_of(who) -> Actor:
    """An Actor from a request, an Actor or a bare user (a command's caller)."""
    if isinstance(who, Actor):
        return who
    if hasattr(who, "user") and hasattr(who, "method"):
        return Actor.of(who)
    return Actor(who if who is not None and who.is_authenticated else None)


# --- Asking ---------------------------------------------------------------------------------

_UNKNOWN = object()


def role_in(who, club_id: int) -> str | None:
    """The actor's role in the club as the policy sees it: None for a stranger, and for a
    token limited to another club."""
    actor = actor_of(who)
    if actor.user is None or not _token_reaches(actor.token, club_id):
        return None
    return (Membership.objects.filter(user=actor.user, club_id=club_id)
            .values_list("role", flat=True).first())


def check(who, action: str, club_id: int | None = None, *, role=_UNKNOWN,
          refusal: str = "") -> str | None:
    """Allow the action or raise: Hidden (404) for a stranger to the club, Refused (403)
    for a member with too little. The actor's role in the club comes back.

    `role`: the role already read with the object (one query for a game and the caller's
    role), as `Membership.role` or None; otherwise it is read here. `refusal`: what to tell
    a member with too little, where the action's own sentence is too general."""
    rule = ACTIONS[action]
    actor = actor_of(who)
    if actor.operator:
        return None
    if actor.user is None:
        raise Hidden("No such object")
    if rule.least is None:
        _check_account(actor, rule)
        return None
    if not _token_reaches(actor.token, club_id):
        raise Hidden("No such object")
    if role is _UNKNOWN:
        role = role_in(actor, club_id)
    if role is None:
        raise Hidden("No such object")
    if _RANK[role] < _RANK[rule.least]:
        raise Refused(refusal or rule.refusal)
    if rule.writes and actor.token is not None and actor.token.scope == ApiToken.Scope.READ:
        raise Refused(READ_ONLY_TOKEN)
    return role


def acting_user(who):
    """The user a command records as having acted (None for the operator)."""
    return actor_of(who).user


def allows(who, action: str, club_id: int | None = None, *, role=_UNKNOWN) -> bool:
    """Whether `check` would allow it (for showing or hiding a button)."""
    try:
        check(who, action, club_id, role=role)
    except (Hidden, Refused):
        return False
    return True


def may_write(who, club_id: int, role=_UNKNOWN) -> bool:
    return allows(who, "game.write", club_id, role=role)


def _check_account(actor: Actor, rule: Action) -> None:
    token = actor.token
    if token is None:
        return
    if rule.writes and token.club_id is not None:
        raise Refused(CLUB_TOKEN)
    if rule.writes and token.scope == ApiToken.Scope.READ:
        raise Refused(READ_ONLY_TOKEN)


def _token_reaches(token: ApiToken | None, club_id: int | None) -> bool:
    return token is None or token.club_id is None or token.club_id == club_id


# --- What an actor sees in lists -------------------------------------------------------------


def visible_clubs(who):
    """The clubs whose objects the actor may read (a club token: its club alone)."""
    actor = actor_of(who)
    if actor.user is None:
        return Club.objects.none()
    clubs = Club.objects.filter(memberships__user=actor.user)
    if actor.token is not None and actor.token.club_id is not None:
        clubs = clubs.filter(pk=actor.token.club_id)
    return clubs


def clubs_where(who, action: str) -> list[Club]:
    """The clubs in which the actor may do `action`, by name (for a page's choice of club)."""
    actor = actor_of(who)
    if actor.user is None:
        return []
    memberships = (Membership.objects.filter(user=actor.user, club__in=visible_clubs(actor))
                   .select_related("club").order_by("club__name"))
    return [m.club for m in memberships if allows(actor, action, m.club_id, role=m.role)]


def visible_games(who, queryset=None):
    """The games of the clubs the actor may read."""
    queryset = Game.objects.all() if queryset is None else queryset
    return queryset.filter(club__in=visible_clubs(who))


# --- Share links: the key to one game's shared pages ------------------------------------------

def _share_signer() -> signing.Signer:
    # Made at each use, so that it signs with the key in force (and accepts the fallbacks).
    # The salt and the separator are those of the first links: they must keep working.
    return signing.Signer(salt="scorekeeper.pages.share", sep=".")


def share_token(game_id: int, share_version: int = 0) -> str:
    """An unguessable token naming a game: the shared sheet and the players' pages need no
    login. It holds until the game's share_version is bumped (services.clubs.
    revoke_share_link); version 0 signs the game id alone, as links did before they could be
    revoked. Signed with SECRET_KEY; a link signed with a key in SECRET_KEY_FALLBACKS still
    opens after the key is rotated."""
    value = f"{game_id}-{share_version}" if share_version else str(game_id)
    return _share_signer().sign(value)


def shared_game(token: str, queryset=None) -> Game:
    """The game a share link opens, or Hidden: a forged link, or one revoked since."""
    try:
        game_id, _sep, version = _share_signer().unsign(token).partition("-")
        game_id, version = int(game_id), int(version or 0)
    except (signing.BadSignature, ValueError):
        raise Hidden("No such game") from None
    queryset = Game.objects.all() if queryset is None else queryset
    game = queryset.filter(pk=game_id).first()
    if game is None or game.share_version != version:
        raise Hidden("No such game")
    return game


# --- The table of docs/security.md -----------------------------------------------------------

ALLOWED = "yes"


@dataclass(frozen=True)
class Persona:
    """Someone the table speaks of: a role in the club (None: none), and the token."""

    name: str
    role: str | None
    signed_in: bool = True
    token_scope: str | None = None  # "read" or "write" for a request with an API token
    token_elsewhere: bool = False  # the token is limited to another club


PERSONAS = (
    Persona("anonymous", None, signed_in=False),
    Persona("stranger", None),
    Persona("viewer", VIEWER),
    Persona("scorekeeper", SCOREKEEPER),
    Persona("organiser", ORGANISER),
    Persona("organiser, read token", ORGANISER, token_scope=ApiToken.Scope.READ),
    Persona("organiser, token of another club", ORGANISER, token_scope=ApiToken.Scope.WRITE,
            token_elsewhere=True),
)


class _Someone:
    is_authenticated = True


def outcome(persona: Persona, action: str) -> str:
    """What `check` answers the persona for the action in a club: "yes", "404", "403",
    or "401" (not signed in). Asked of `check` itself, so the table is the code."""
    if not persona.signed_in:
        return "401"
    token = None
    if persona.token_scope is not None:
        token = ApiToken(scope=persona.token_scope, club_id=2 if persona.token_elsewhere else None)
    try:
        check(Actor(_Someone(), token), action, 1, role=persona.role)
    except Hidden:
        return "404"
    except Refused:
        return "403"
    return ALLOWED


def table_markdown() -> str:
    """The personas x actions table of docs/security.md, "Who may do what"."""
    heads = ["may ...", *(p.name for p in PERSONAS)]
    lines = ["| " + " | ".join(heads) + " |", "|" + "---|" * len(heads)]
    for name, rule in ACTIONS.items():
        cells = [outcome(persona, name) for persona in PERSONAS]
        lines.append(f"| {rule.what} (`{name}`) | " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"

"""A game's row as a request reads it: with the caller's role in the game's club, and the
access policy asked (docs/security.md). `read_game` reads it before a write's lock (a round
POST, docs/reliability.md 33), `lock_game` under it; `game_with_role` is the read the API's
access check and a round POST make, its SQL made once per process."""

from django.db.models import F

from ledger.statements import Objects

from ..models import Game, Seat
from . import policy
from .errors import Hidden
from .reading import GameView, load_game


def lock_game(game_id: int, who, action: str) -> Game:
    """The game's row, read once and locked until the transaction ends, if the access
    policy lets `who` do `action` in its club (docs/security.md): else Hidden (404) for a
    stranger, Refused (403) for a member with too little.

    One query: the caller's role comes with the row. A stranger locks nothing, since the
    game is looked for among the caller's clubs only. Call it inside the write's
    transaction, and hand the row to the command (its `locked`).
    """
    return _game_for(game_id, who, action, lock=True)


def read_game(game_id: int, who, action: str) -> GameView:
    """The game as lock_game reads its row, access check included, but without the lock,
    and with its seats: for a write worked out before its transaction
    (commands.plan_round), which checks under the lock that the game is still at the
    version read here. One query: the row and the caller's role come with each seat."""
    actor = policy.actor_of(who)
    if actor.operator:
        return load_game(_game_for(game_id, who, action, lock=False))
    seats = _SEATS_WITH_GAME_AND_ROLE.read(game_id, actor.user.pk)
    if not seats:  # a game has seats from its start on
        raise Hidden("No such object")
    game = seats[0].game
    game.caller_role = seats[0].caller_role
    policy.check(actor, action, game.club_id, role=game.caller_role)
    return load_game(game, seats=seats)


# A round POST's one read before its lock: its SQL is made once per process.
_SEATS_WITH_GAME_AND_ROLE = Objects(
    Seat, lambda game_id, user_id: Seat.objects.filter(
        game=game_id, game__club__memberships__user=user_id), int, int,
    related=["game", "player"], extra={"caller_role": "game__club__memberships__role"},
    shared=["game"])


def _game_for(game_id: int, who, action: str, *, lock: bool) -> Game:
    actor = policy.actor_of(who)
    if not (lock or actor.operator):
        game = game_with_role(game_id, actor.user.pk)
    else:
        # Only the game's row is locked (`of`): not its club nor the caller's membership.
        rows = Game.objects.select_for_update(of=("self",)) if lock else Game.objects.all()
        rows = rows.filter(pk=game_id)
        if not actor.operator:
            rows = rows.filter(club__memberships__user=actor.user).annotate(
                caller_role=F("club__memberships__role"))
        game = rows.first()
    if game is None:
        raise Hidden("No such object")
    policy.check(actor, action, game.club_id, role=getattr(game, "caller_role", None))
    return game


def _games_with_role(*, leave_out: list[str]) -> Objects:
    return Objects(Game, lambda game_id, user_id: Game.objects.filter(
        pk=game_id, club__memberships__user=user_id)[:1], int, int,
        extra={"caller_role": "club__memberships__role"}, leave_out=leave_out)


# Every API request that names a game reads it so: its SQL is made once per process.
_GAMES_WITH_ROLE = {True: _games_with_role(leave_out=[]),
                    False: _games_with_role(leave_out=["snapshot"])}


def game_with_role(game_id: int, user_id: int | None, *, snapshot: bool = True) -> Game | None:
    """The game with the role of the user in its club (its `caller_role`), or None when
    there is no such game or the user is no member of its club. Without `snapshot` the
    snapshot is left in the database (deferred): an access check does not need it."""
    if user_id is None:
        return None
    found = _GAMES_WITH_ROLE[snapshot].read(game_id, user_id)
    return found[0] if found else None

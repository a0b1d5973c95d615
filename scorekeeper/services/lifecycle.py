"""A game's life: starting it, closing it by hand, deleting it (started by mistake) and
voiding it; each one transaction, written through a unit of work (services/writing.py).
Entering rounds is services/commands.py, re-buys services/rebuys.py.
"""

from django.db import transaction

from ledger import services as ledger

from .. import rules as engine
from ..models import Club, Game, Player, Seat, TableSession, TournamentMatch
from ..names import InvalidName, clean_name, look_alike, name_key
from ..rules import GameStatus, RulesError
from . import webhook_events
from .errors import GameFinished, GameHasNoRounds, GameHasRounds, GameVoid, ServiceError
from .reading import GameView, load_game
from .writing import (
    GameWrite,
    allowed,
    carried_into_later_game,
    check_version,
    read_for_write,
    refuse_void,
)

MAX_PLAYERS = 12
MAX_NAME = 50
# The reason a game deleted for having been started by mistake is kept with (the pages say
# it in the reader's language).
DELETED_REASON = "deleted: started by mistake"

# close_game's refusal, for a game of any family that ends by itself.
NOT_CLOSABLE = ("This game ends by itself when its rules say it is over; only a Punktespiel, "
                "Basic Rummy and Rami (normal or traditional) are closed by hand")


# --- Starting a game ------------------------------------------------------------------------


def games_of_kind(club_id: int, presets: list[str]) -> int:
    """How many games of these presets the club has started, void ones too: an unnamed
    game is numbered after them ("Gin #12", docs/table.md), so a number is not given twice
    by voiding a game."""
    return Game.objects.filter(club_id=club_id, preset__in=presets).count()



def start_game(
    *,
    club: Club,
    name: str,
    preset: str,
    players: list[str],
    rules: dict | None = None,
    session: TableSession | None = None,
    currency: str = "EUR",
    user,
) -> GameView:
    """Seat the players (by name, in seat order), freeze the rules, take the buy-ins."""
    user = allowed(user, "game.write", club.pk)
    # docs/rules.md 9.1, 10.1: Basic Rummy's and Rami's decks and hand size follow the
    # number seated (the names themselves are checked below).
    seated = len(players) if isinstance(players, list) else None
    resolved = engine.Rules.preset(preset, players=seated, **(rules or {}))
    try:
        engine.family_for(resolved)
    except RulesError as error:
        raise ServiceError(error.message, field="preset", code="not_supported") from None
    names = _seat_names(players)
    try:
        name = clean_name(name or "", allow_blank=True)[:100] or "Game"
    except InvalidName as problem:
        raise ServiceError(problem.message, field="name", code=problem.code) from None
    if session is not None and session.club_id != club.pk:
        raise ServiceError("That table session belongs to another club", field="session",
                           code="invalid")
    with transaction.atomic():
        # Games started at once in a club may seat the same new player: the club's row is
        # locked first, so the second start finds the player the first one made (else it
        # would break the unique name and answer 500).
        Club.objects.select_for_update().only("pk").get(pk=club.pk)
        # Every game sits in a table session: the session holds a pot carried out of it.
        if session is None:
            session = TableSession.objects.create(club=club, name=name)
            carried_in = 0
        else:
            TableSession.objects.select_for_update().get(pk=session.pk)
            carried_in = ledger.carried(session.pk)
        game = Game.objects.create(
            club=club, session=session, name=name, preset=preset, rules=resolved.to_dict(),
            currency=currency, carried_in=carried_in, created_by=user,
        )
        # A player is found by the key of the name (docs/api.md, "Starting a game"): Zoë
        # however encoded, and ZOË, is the club's Zoë, whose spelling stays.
        existing = {name_key(p.name): p for p in Player.objects.filter(club=club)}
        seats = []
        for number, player_name in enumerate(names):
            player = existing.get(name_key(player_name))
            if player is None:
                # A new player must not pass for one of the club's (docs/security.md).
                other = look_alike(player_name, (p.name for p in existing.values()))
                if other is not None:
                    raise ServiceError("player_looks_like_member",
                                       {"name": player_name, "other": other},
                                       field=f"players[{number}]", code="look_alike")
                player = Player.objects.create(club=club, name=player_name)
            seats.append(Seat(game=game, player=player, number=number))
        Seat.objects.bulk_create(seats)
        view = load_game(game, seats=seats)
        state = view.replay([], [])
        view = GameWrite(view, actor=user, reason="game started").apply(
            state, added=state.transfers)
        webhook_events.game_created(view)
    return view


def _seat_names(players) -> list[str]:
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ServiceError("players must be a list of names in seat order", field="players",
                           code="invalid")
    names = []
    for index, raw in enumerate(players):
        try:
            name = clean_name(raw)
        except InvalidName as problem:
            if problem.code == "blank":
                raise ServiceError("A player needs a name", field=f"players[{index}]",
                                   code="required") from None
            raise ServiceError(problem.message, field=f"players[{index}]",
                               code=problem.code) from None
        if len(name) > MAX_NAME:
            raise ServiceError(f"A name has at most {MAX_NAME} characters",
                               field=f"players[{index}]", code="too_long")
        names.append(name)
    seen = set()
    for index, name in enumerate(names):
        # The engine's words, which the pages show in the reader's language.
        if name_key(name) in seen:
            raise ServiceError("player_seated_twice", {"name": name}, field=f"players[{index}]",
                               code="duplicate_player")
        other = look_alike(name, names[:index])
        if other is not None:
            raise ServiceError("player_looks_like_seated", {"name": name, "other": other},
                               field=f"players[{index}]", code="look_alike")
        seen.add(name_key(name))
    if len(names) < 2:
        raise ServiceError("A game needs at least 2 players", field="players",
                           code="too_few_players")
    if len(names) > MAX_PLAYERS:
        raise ServiceError(f"A game has at most {MAX_PLAYERS} players", field="players",
                           code="too_many_players")
    return names


# --- Closing, deleting, voiding -------------------------------------------------------------


def close_game(*, game_id: int, user) -> GameView:
    """End a game that runs until it is closed: a Punktespiel, Basic Rummy, Rami in its
    normal or traditional mode (the family says: `closes_by_hand`)."""
    with transaction.atomic():
        view = read_for_write(game_id)
        user = allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        if not view.closes_by_hand:
            raise ServiceError(NOT_CLOSABLE, code="not_closable")
        if view.game.closed:
            raise GameFinished("The game is already closed")
        write = GameWrite(view, actor=user, reason="game closed")
        write.change(closed=True)
        view = write.apply(view.replay(closed=True))
        webhook_events.game_finished(view)
    return view


def delete_game(*, game_id: int, user, request_id: str = "",
                version: int | None = None) -> GameView:
    """A game started by mistake goes: only while it has no rounds. Its buy-ins are
    reversed and it is marked void; nothing is deleted."""
    with transaction.atomic():
        view = read_for_write(game_id)
        user = allowed(user, "game.write", view.game.club_id)
        if view.void:
            raise GameVoid("This game has already been deleted or voided")
        check_version(view, version)
        refuse_tournament_match(view.game)
        if view.rounds:
            raise GameHasRounds(
                "This game has rounds, so it cannot be deleted: an organiser can void it, "
                "with a reason")
        view = GameWrite(view, actor=user, reason=DELETED_REASON, request_id=request_id).void()
        webhook_events.game_voided(view, deleted=True)
    return view


def refuse_tournament_match(game: Game) -> None:
    """A tournament's match game stays: the bracket waits for its winner (a wrong round is
    corrected instead). One the tournament gave up for another is void already."""
    if game.tournament_id is not None and TournamentMatch.objects.filter(game=game).exists():
        raise GameFinished("This game is a match of a tournament: it cannot be deleted or "
                           "voided; correct its rounds instead, and the bracket follows")


def void_game(*, game_id: int, reason: str, user, request_id: str = "",
              version: int | None = None) -> GameView:
    """Void a game (an organiser's decision, with a reason): every movement of its money is
    reversed, its facts stay, nothing more can be entered."""
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if not reason:
        raise ServiceError("Say why the game is voided", field="reason", code="required")
    with transaction.atomic():
        view = read_for_write(game_id)
        user = allowed(user, "game.void", view.game.club_id)
        if view.void:
            raise GameVoid("This game has already been voided")
        check_version(view, version)
        refuse_tournament_match(view.game)
        if not view.rounds:
            # docs/api.md: a game without rounds is deleted (DELETE); voiding is for games
            # that were played, so a void game without rounds always means "deleted".
            raise GameHasNoRounds("This game has no rounds: delete it instead of voiding it")
        if view.game.status == GameStatus.CARRIED_OVER and carried_into_later_game(view.game):
            raise GameFinished(
                "This game's pot was carried into a later game of the session: it can no "
                "longer be voided")
        view = GameWrite(view, actor=user, reason=reason, request_id=request_id).void()
        webhook_events.game_voided(view, deleted=False)
    return view

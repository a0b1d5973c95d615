"""Every write to a game: start, round, correction, re-buy, close; each one transaction.

A write locks the game's row first (`select_for_update`; on SQLite the IMMEDIATE
transaction does the same), asks the engine, then stores the facts, the ledger
movements, the engine's snapshot and a new version together. Two phones entering
the same round are served one after the other: the second finds the round taken.
Each write tells the club's webhooks of itself in the same transaction (services.webhooks).
"""

from dataclasses import dataclass

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from ledger import services as ledger

from .. import rules as engine
from ..models import Club, Game, Hand, Player, Rebuy, Round, Seat, TableSession
from ..names import InvalidName, clean_name, look_alike, name_key
from ..rules import GameStatus, RulesError
from . import policy, webhooks
from .errors import (
    GameFinished,
    GameHasNoRounds,
    GameHasRounds,
    GameVoid,
    NotFound,
    RebuyNotUndoable,
    ServiceError,
    StaleRound,
    VersionMismatch,
    VersionRequired,
)
from .reading import (
    GameView,
    HandFacts,
    RoundFacts,
    UndoneRebuy,
    load_game,
    recent_games,
    state_key,
)

MAX_PLAYERS = 12
MAX_NAME = 50
# The reason a game deleted for having been started by mistake is kept with (the pages say
# it in the reader's language).
DELETED_REASON = "deleted: started by mistake"

# close_game's refusal, for a game of any family that ends by itself.
NOT_CLOSABLE = ("This game ends by itself when its rules say it is over; only a Punktespiel, "
                "Basic Rummy and Rami (normal or traditional) are closed by hand")


@dataclass(frozen=True)
class HandInput:
    """One hand as it arrives from a form or the API (shape already checked).

    `deadwood` (points) or `cards` (a list of card texts, or one text) are what is left
    in hand; Rami adds what the player laid in the round: `laid` points, or `laid_melds`,
    a list of melds, each a list of card texts or one text.
    """

    player: int
    deadwood: int | None = None
    cards: list[str] | str | None = None
    laid: int | None = None
    laid_melds: list[list[str] | str] | None = None


# --- Starting a game ------------------------------------------------------------------------


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
    user = _allowed(user, "game.write", club.pk)
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
        view = load_game(game)
        view.state = view.replay([], [])
        _store(view, actor=user, reason="game started", added=view.state.transfers)
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


# --- Rounds, corrections, re-buys, closing ----------------------------------------------------


def record_round(
    *, game_id: int, number: int, ender: int | None, hands: list[HandInput],
    ender_melds=None, void: bool = False, match: int | None = None,
    finish: str | None = None, penalties=None, user, request_id: str = "", seats=None,
) -> tuple[engine.RoundResult, GameView]:
    """Enter the game's next round; the round, its hands and its money land together.

    `void` and `match` are Gin's (docs/rules.md 8): a round abandoned, the tournament
    match it was played in. `finish` and `penalties` are Rami's (docs/rules.md 10): how
    the finisher (`ender`) went out ("none", "rummy", "own_cards") and the penalties as
    (player id, points) pairs. `seats`: the game's seats when the caller read them
    already (a page did).
    """
    with transaction.atomic():
        view = load_game(game_id, for_update=True, seats=seats)
        user = _allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        state = view.state
        if state.status.ended:
            raise GameFinished("The game is over: no more rounds can be entered")
        if number != state.next_round:
            raise StaleRound(
                f"Round {number} cannot be entered: the next round is {state.next_round}",
                next_round=state.next_round,
            )
        entry = _checked_entry(view, ender, hands, ender_melds, void, match, finish,
                               penalties)
        # One round onto the state so far: the earlier rounds are not played again, and
        # their money stays as booked; the round adds only its own movements (and the
        # payout when it ends the game).
        new_state = engine.play_on(state, entry)
        view.add_round(_store_round(view.game, number, 0, entry, user, reason=""))
        view.state = new_state
        _store(view, actor=user, reason=f"round {number}", request_id=request_id,
               added=new_state.transfers[len(state.transfers):])
        webhooks.round_recorded(view, number)
    return new_state.rounds[-1], view


def correct_round(
    *, game_id: int, number: int, ender: int | None, hands: list[HandInput], reason: str,
    version: int | None, ender_melds=None, void: bool = False, match: int | None = None,
    finish: str | None = None, penalties=None, user, request_id: str = "", seats=None,
) -> tuple[engine.RoundResult, GameView]:
    """Replace a recorded round by a corrected one; every later standing and payment follows.

    The round is given whole, as to record_round. The old revision stays; the ledger
    gets reversals of what no longer holds and the new entries. A re-buy the correction
    leaves impossible is undone, its cost back to the player (docs/rules.md 4.2,
    "Undoing a re-buy"): `view.undone_rebuys` lists them.
    """
    if version is None:
        raise VersionRequired(
            "Send the game's version in If-Match, so a correction never overwrites a newer "
            "change unseen"
        )
    with transaction.atomic():
        view = load_game(game_id, for_update=True, seats=seats)
        user = _allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        if version != view.game.version:
            raise VersionMismatch(
                f"The game has changed since version {version} (it is at version "
                f"{view.game.version}): reload and correct again"
            )
        if not 1 <= number <= len(view.rounds):
            raise NotFound(f"Round {number} has not been entered")
        if view.game.status == GameStatus.CARRIED_OVER and _carried_into_later_game(view.game):
            raise GameFinished(
                "This game's pot was carried into a later game of the session: it can no "
                "longer be corrected"
            )
        entry = _checked_entry(view, ender, hands, ender_melds, void, match, finish,
                               penalties)
        new_state, undone = corrected_state(view, number, entry)
        revision = view.rounds[number - 1].revision + 1
        stored = _store_round(view.game, number, revision, entry, user, reason=reason)
        if undone:
            # Undone at the correction's own moment: the sheet tells of it until the next
            # round is saved (GameView.rebuys_undone_lately).
            view.undone_rebuys = _undo_rebuys(
                view, undone, user, reason=f"undone by the correction of round {number}",
                by_round=number, now=stored.entered_at)
        view.add_round(stored)
        ended_before = view.state.status.ended
        view.state = new_state
        _store(view, actor=user, reason=f"correction of round {number}: {reason}",
               request_id=request_id, since=number)
        webhooks.round_corrected(view, number, reason=reason, ended_before=ended_before)
    return new_state.rounds[number - 1], view


def take_rebuy(*, game_id: int, player: int, user, request_id: str = "") -> GameView:
    """A player pays the re-buy into the pot and goes to the target total."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        user = _allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        if player not in view.players:
            raise ServiceError("That player does not sit at this game", field="player",
                               code="unknown_player")
        state = view.state
        new_state = engine.take_rebuy(state, player)
        rebuy = Rebuy.objects.create(
            game=view.game, player_id=player, after_round=state.round_count, entered_by=user
        )
        view.add_rebuy(rebuy)
        view.state = new_state
        _store(view, actor=user, reason=f"re-buy of {view.name(player)}",
               request_id=request_id, added=new_state.transfers[len(state.transfers):])
        webhooks.rebuy_taken(view, player, rebuy.after_round)
    return view


def undo_rebuy(*, game_id: int, player: int, user, request_id: str = "",
               version: int | None = None) -> GameView:
    """Take back a player's re-buy until the next round is saved: the re-buy stays as a
    record marked undone, the ledger reverses its entry, the pot goes back. `version`,
    when given, must be the game's (If-Match)."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        user = _allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        _check_version(view, version)
        if player not in view.players:
            raise NotFound("That player does not sit at this game")
        name = view.name(player)
        rebuy = next((row for row in view.rebuys if row.player_id == player), None)
        if rebuy is None:
            raise RebuyNotUndoable(f"{name} has no re-buy to undo", field="player")
        played = len(view.rounds)
        if rebuy.after_round != played:
            raise RebuyNotUndoable(
                f"{name}'s re-buy after round {rebuy.after_round} can no longer be undone: "
                f"round {rebuy.after_round + 1} has been saved since. Correct a round instead",
                field="player")
        if not view.accepts_rounds:
            raise GameFinished("The game is over: its re-buys can no longer be undone")
        kept = [engine.RebuyEntry(row.player_id, row.after_round)
                for row in view.rebuys if row.pk != rebuy.pk]
        try:
            new_state = view.replay(None, kept)
        except RulesError as error:
            # Re-buys of one break do not depend on each other (docs/rules.md 4.2); should
            # one ever do, the undo is refused rather than leaving a game that cannot replay.
            raise RebuyNotUndoable(f"{name}'s re-buy cannot be undone: {error.message}",
                                   field="player") from None
        (undone,) = _undo_rebuys(view, [player], user, reason="undone")
        view.state = new_state
        _store(view, actor=user, reason=f"re-buy of {name} undone", request_id=request_id,
               since=rebuy.after_round)
        webhooks.rebuy_undone(view, undone)
    return view


def delete_game(*, game_id: int, user, request_id: str = "",
                version: int | None = None) -> GameView:
    """A game started by mistake goes: only while it has no rounds. Its buy-ins are
    reversed and it is marked void; nothing is deleted."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        user = _allowed(user, "game.write", view.game.club_id)
        if view.void:
            raise GameVoid("This game has already been deleted or voided")
        _check_version(view, version)
        if view.rounds:
            raise GameHasRounds(
                "This game has rounds, so it cannot be deleted: an organiser can void it, "
                "with a reason")
        _void(view, user, reason=DELETED_REASON, request_id=request_id)
        webhooks.game_voided(view, deleted=True)
    return view


def void_game(*, game_id: int, reason: str, user, request_id: str = "",
              version: int | None = None) -> GameView:
    """Void a game (an organiser's decision, with a reason): every movement of its money is
    reversed, its facts stay, nothing more can be entered."""
    reason = (reason or "").strip() if isinstance(reason, str) else ""
    if not reason:
        raise ServiceError("Say why the game is voided", field="reason", code="required")
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        user = _allowed(user, "game.void", view.game.club_id)
        if view.void:
            raise GameVoid("This game has already been voided")
        _check_version(view, version)
        if not view.rounds:
            # docs/api.md: a game without rounds is deleted (DELETE); voiding is for games
            # that were played, so a void game without rounds always means "deleted".
            raise GameHasNoRounds("This game has no rounds: delete it instead of voiding it")
        if view.game.status == GameStatus.CARRIED_OVER and _carried_into_later_game(view.game):
            raise GameFinished(
                "This game's pot was carried into a later game of the session: it can no "
                "longer be voided")
        _void(view, user, reason=reason, request_id=request_id)
        webhooks.game_voided(view, deleted=False)
    return view


def close_game(*, game_id: int, user) -> GameView:
    """End a game that runs until it is closed: a Punktespiel, Basic Rummy, Rami in its
    normal or traditional mode (the family says: `closes_by_hand`)."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        user = _allowed(user, "game.write", view.game.club_id)
        refuse_void(view)
        if not view.closes_by_hand:
            raise ServiceError(NOT_CLOSABLE, code="not_closable")
        if view.game.closed:
            raise GameFinished("The game is already closed")
        view.game.closed = True
        view.state = view.replay()
        _store(view, actor=user, reason="game closed")
        webhooks.game_finished(view)
    return view


def _allowed(who, action: str, club_id: int):
    """Ask the access policy before a command writes (docs/security.md, "Commands ask
    too"); the user to record as having acted (None for the operator)."""
    policy.check(who, action, club_id)
    return policy.acting_user(who)


def bump_version(games, **changes) -> None:
    """A new version for these games (a queryset or one game), with `changes` to their
    columns in the same UPDATE: whatever was kept for the old version (states, API
    objects, ETags) is no longer served. Every write calls it; so do changes outside the
    facts that a game shows, such as a name changed in the admin."""
    if isinstance(games, Game):
        games = Game.objects.filter(pk=games.pk)
    games.update(version=F("version") + 1, **changes)


def _checked_entry(view: GameView, ender, hands: list[HandInput], ender_melds, void=False,
                   match=None, finish=None, penalties=None):
    """The round as the engine takes it; players must sit at this game."""
    seated = view.players
    if ender is not None and ender not in seated:
        raise ServiceError("The ender does not sit at this game", field="ender",
                           code="unknown_player")
    for index, hand in enumerate(hands):
        if hand.player not in seated:
            raise ServiceError("That player does not sit at this game",
                               field=f"hands[{index}].player", code="unknown_player")
    penalties = list(penalties or ())
    for index, (player, _points) in enumerate(penalties):
        if player not in seated:
            raise ServiceError("That player does not sit at this game",
                               field=f"penalties[{index}].player", code="unknown_player")
    converted = []
    for index, hand in enumerate(hands):
        cards = laid_melds = None
        if hand.cards is not None:
            try:
                cards = tuple(engine.parse_cards(hand.cards))
            except RulesError as error:
                raise error.at(f"hands[{index}].cards") from None
        if hand.laid_melds is not None:
            laid_melds = []
            for meld_index, meld in enumerate(hand.laid_melds):
                try:
                    laid_melds.append(tuple(engine.parse_cards(meld)))
                except RulesError as error:
                    raise error.at(f"hands[{index}].laid_melds[{meld_index}]") from None
            laid_melds = tuple(laid_melds)
        converted.append(engine.HandEntry(hand.player, deadwood=hand.deadwood, cards=cards,
                                          laid=hand.laid, laid_melds=laid_melds))
    melds = None
    if ender_melds:
        melds = tuple(tuple(engine.parse_cards(meld)) for meld in ender_melds)
    return engine.RoundEntry(
        ender=ender, hands=tuple(converted), ender_melds=melds, void=void, match=match,
        finish=finish,
        penalties=tuple(engine.PenaltyEntry(player, points) for player, points in penalties),
    )


def corrected_state(view: GameView, number: int, entry: engine.RoundEntry
                    ) -> tuple[engine.Game, list[int]]:
    """The game's state with round `number` replaced by `entry`, and the players whose
    re-buys the correction undoes (in order). Writes nothing.

    A re-buy the corrected rounds no longer allow (the player is no longer out, or out
    earlier) is left out and the game replayed again, until it replays. Any other error
    points into `entry` (or names the later round it breaks), as a correction form shows it.
    """
    entries = [facts.entry() for facts in view.rounds]
    entries[number - 1] = entry
    rebuys = [engine.RebuyEntry(rebuy.player_id, rebuy.after_round) for rebuy in view.rebuys]
    undone: list[int] = []
    while True:
        try:
            return view.replay(entries, rebuys), undone
        except RulesError as error:
            index = _refused_rebuy(error)
            if index is None:
                raise _explained(error, number - 1) from None
            undone.append(rebuys.pop(index).player)


def _refused_rebuy(error: RulesError) -> int | None:
    """The index of the re-buy the replay refused, or None for any other error."""
    field = error.field or ""
    if not (isinstance(error, engine.RebuyNotAllowed) and field.startswith("rebuys[")
            and field.endswith("].player")):
        return None
    return int(field[len("rebuys["):-len("].player")])


def _undo_rebuys(view: GameView, players: list[int], user, *, reason: str,
                 by_round: int | None = None, now=None) -> list[UndoneRebuy]:
    """Mark these players' re-buys undone (kept as records); what each had cost."""
    costs = {(transfer.source, transfer.round): transfer.amount
             for transfer in view.history.transfers if str(transfer.kind) == "rebuy"}
    rows = {rebuy.player_id: rebuy for rebuy in view.rebuys}
    now, undone = now or timezone.now(), []
    for player in players:
        rebuy = rows[player]
        rebuy.undone_at, rebuy.undone_by, rebuy.undo_reason = now, user, reason[:255]
        rebuy.undone_by_correction = by_round
        rebuy.save(update_fields=["undone_at", "undone_by", "undo_reason",
                                  "undone_by_correction"])
        view.drop_rebuy(rebuy)
        undone.append(UndoneRebuy(player, rebuy.after_round,
                                  costs.get((engine.account(player), rebuy.after_round), 0),
                                  by_round))
    return undone


def _check_version(view: GameView, version: int | None) -> None:
    if version is not None and version != view.game.version:
        raise VersionMismatch(
            f"The game has changed since version {version} (it is at version "
            f"{view.game.version}): reload and try again")


def refuse_void(view: GameView) -> None:
    """Nothing more is entered into a deleted or voided game."""
    if view.void:
        raise GameVoid("This game was voided: nothing more can be entered")


def _void(view: GameView, user, *, reason: str, request_id: str) -> None:
    """Reverse every live entry of the game and mark it void, with who, when and why."""
    game = view.game
    actor = getattr(user, "username", "") or ""
    # Nothing expected: sync reverses every entry that still holds (never deletes one).
    ledger.sync([], game_id=game.pk, currency=game.currency, session_id=game.session_id,
                actor=actor, reason=f"game voided: {reason}"[:255], request_id=request_id)
    game.status, game.version = engine.GameStatus.VOID, game.version + 1
    game.voided_at, game.voided_by, game.void_reason = timezone.now(), user, reason[:255]
    bump_version(game, status=game.status, voided_at=game.voided_at, voided_by=user,
                 void_reason=game.void_reason)


def _explained(error: RulesError, changed: int) -> RulesError:
    """A replay's error after a correction: in the changed round it points into its input,
    elsewhere it says that the correction breaks what follows."""
    prefix = f"rounds[{changed}]"
    if error.field and (error.field == prefix or error.field.startswith(prefix + ".")):
        error.within(prefix)  # every error found at once in the round points into it
    elif error.field and error.field.startswith("rounds["):
        later = int(error.field[len("rounds["):].split("]")[0]) + 1
        error.because(engine.Message("correction_breaks_round", {"round": later}))
    elif error.field and error.field.startswith("rebuys["):
        error.because(engine.Message("correction_breaks_rebuy"))
    return error


def _store_round(game, number, revision, entry: engine.RoundEntry, user, *,
                 reason) -> RoundFacts:
    round_ = Round.objects.create(
        game=game, number=number, revision=revision, ender_id=entry.ender, void=entry.void,
        match=entry.match,
        ender_melds=[list(meld) for meld in entry.ender_melds] if entry.ender_melds else None,
        finish=entry.finish or "",
        penalties=[[penalty.player, penalty.points] for penalty in entry.penalties] or None,
        reason=reason[:255], entered_by=user,
    )
    hands = [
        Hand(round=round_, player_id=hand.player, position=position, deadwood=hand.deadwood,
             cards=" ".join(hand.cards) if hand.cards else "", laid=hand.laid,
             laid_melds=None if hand.laid_melds is None
             else [list(meld) for meld in hand.laid_melds])
        for position, hand in enumerate(entry.hands)
    ]
    Hand.objects.bulk_create(hands)
    return RoundFacts(
        number, revision, round_.reason, round_.ender_id, round_.ender_melds, round_.entered_at,
        [HandFacts(hand.player_id, hand.position, hand.deadwood, hand.cards, hand.laid,
                   hand.laid_melds) for hand in hands],
        round_.void, round_.match, round_.finish, round_.penalties,
    )


def _carried_into_later_game(game: Game) -> bool:
    return game.session_id is not None and Game.objects.filter(
        session_id=game.session_id, pk__gt=game.pk, carried_in__gt=0
    ).exists()


def _store(view: GameView, *, actor, reason: str, request_id: str = "",
           since: int | None = None, added=None) -> None:
    """Bring the ledger in line with the new state, store its snapshot, bump the version.

    `added`: the transfers a write that only adds to the game adds, posted as they are;
    otherwise the ledger is compared with the facts from round `since` on (ledger.sync).
    """
    state, game = view.state, view.game
    actor_name = getattr(actor, "username", "") or ""
    if added is not None:
        if added:
            ledger.post(added, game_id=game.pk, currency=game.currency,
                        session_id=game.session_id, actor=actor_name, request_id=request_id)
    else:
        ledger.sync(state.transfers, game_id=game.pk, currency=game.currency,
                    session_id=game.session_id, since=since, actor=actor_name, reason=reason,
                    request_id=request_id)
    game.status, game.version = state.status, game.version + 1
    game.snapshot = engine.snapshot(state)
    bump_version(game, status=game.status, closed=game.closed, snapshot=game.snapshot)
    key = state_key(game)
    # Only once committed: a rolled-back write must not leave its state behind.
    transaction.on_commit(lambda: recent_games.put(key, state))

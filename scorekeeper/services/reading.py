"""Services: load the facts, ask the rules engine, store facts and money in one transaction.

The pages and the REST API call these and nothing else. Every write locks the
game row first (`select_for_update`; on SQLite the IMMEDIATE transaction does
the same), so two phones entering the same round are served one after the
other: the second finds the round taken and gets a StaleRound.
"""

import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass
from functools import cached_property

from django.db import transaction
from django.db.models import Prefetch, Q, Sum

from ledger import services as ledger
from ledger.models import Entry
from ledger.settlement import settle

from . import rules as engine
from .models import Club, Game, Hand, Membership, Player, Rebuy, Round, Seat, TableSession
from .rules import RulesError


class ServiceError(RulesError):
    """An error of the service layer; `status` is the HTTP status it answers with."""

    status = 400


class NotFound(ServiceError):
    code = "not_found"
    status = 404


class StaleRound(ServiceError):
    """The round number is not the game's next round (someone was faster)."""

    code = "stale_round"
    status = 409

    def __init__(self, message: str, *, next_round: int):
        super().__init__(message, field="number")
        self.next_round = next_round


class GameFinished(ServiceError):
    code = "game_finished"
    status = 409


class VersionMismatch(ServiceError):
    code = "version_mismatch"
    status = 412


class VersionRequired(ServiceError):
    code = "version_required"
    status = 428


MAX_PLAYERS = 12
MAX_NAME = 50


# --- Reading ----------------------------------------------------------------------------


@dataclass(slots=True)
class HandFacts:
    """A stored hand, as the replay and the pages read it."""

    player_id: int
    position: int
    deadwood: int | None
    cards: str


@dataclass(slots=True)
class RoundFacts:
    """The counting revision of a stored round, with its hands."""

    number: int
    revision: int
    reason: str
    ender_id: int
    ender_melds: list | None
    entered_at: object
    hands: list[HandFacts]


class GameView:
    """A game with its facts and its replayed state: everything a page or the API shows.

    The rounds and re-buys are read only when needed: the state usually comes from
    the cache (see `cached_state`), so reading a game costs three queries.
    """

    def __init__(self, game: Game, seats: list[Seat]):
        self.game = game
        self.seats = seats
        self._facts: tuple[list[RoundFacts], list[Rebuy]] | None = None
        self._entered: dict[int, RoundFacts] = {}
        self._state: engine.Game | None = None

    @property
    def rounds(self) -> list[RoundFacts]:
        """The counting revision of each round, in order."""
        return self._loaded()[0]

    @property
    def rebuys(self) -> list[Rebuy]:
        return self._loaded()[1]

    def _loaded(self):
        if self._facts is None:
            self._facts = _load_facts(self.game)
        return self._facts

    def round_facts(self, number: int) -> RoundFacts:
        """The counting revision of round `number` (a round written through this view is
        known without reading the facts)."""
        return self._entered.get(number) or self.rounds[number - 1]

    def add_round(self, facts: RoundFacts) -> None:
        """A round revision just stored. Facts not read yet will be read with it."""
        self._entered[facts.number] = facts
        if self._facts is not None:
            rounds = self._facts[0]
            if facts.number <= len(rounds):
                rounds[facts.number - 1] = facts
            else:
                rounds.append(facts)

    def add_rebuy(self, rebuy: Rebuy) -> None:
        """A re-buy just stored. Facts not read yet will be read with it."""
        if self._facts is not None:
            self._facts[1].append(rebuy)

    @property
    def state(self) -> engine.Game:
        """The engine's game from the facts; from the cache when this version was seen."""
        if self._state is None:
            self._state = cached_state(self)
        return self._state

    @state.setter
    def state(self, value: engine.Game) -> None:
        self._state = value

    @cached_property
    def players(self) -> dict[int, Player]:
        return {seat.player_id: seat.player for seat in self.seats}

    @cached_property
    def rules(self) -> engine.Rules:
        return engine.Rules.from_dict(self.game.rules)

    def replay(self, rounds: list[engine.RoundEntry] | None = None) -> engine.Game:
        """The engine's game from these facts (or from `rounds` in place of the stored ones)."""
        return engine.replay(
            self.rules,
            [seat.player_id for seat in self.seats],
            _round_entries(self.rounds) if rounds is None else rounds,
            [engine.RebuyEntry(rebuy.player_id, rebuy.after_round) for rebuy in self.rebuys],
            carried_in=self.game.carried_in,
            closed=self.game.closed,
            names={seat.player_id: seat.player.name for seat in self.seats},
        )

    def name(self, player_id) -> str:
        player = self.players.get(player_id)
        return player.name if player else f"Player {player_id}"


def game_queryset():
    """Games with what `load_game` needs, in a fixed number of queries."""
    return Game.objects.select_related("club", "session")


def load_game(game: Game | int, *, for_update: bool = False) -> GameView:
    """A game with its seats; its facts and state follow when first asked for."""
    if isinstance(game, int) or for_update:
        query = Game.objects.select_for_update() if for_update else game_queryset()
        try:
            game = query.get(pk=game if isinstance(game, int) else game.pk)
        except Game.DoesNotExist:
            raise NotFound("No such game") from None
    return GameView(game, list(Seat.objects.filter(game=game).select_related("player")))


def _load_facts(game: Game) -> tuple[list[RoundFacts], list[Rebuy]]:
    """The counting revision of every round with its hands, and the re-buys: three queries
    of plain values, because building model objects for hundreds of hands is the slow part."""
    current: dict[int, RoundFacts] = {}
    by_id: dict[int, RoundFacts] = {}
    rows = Round.objects.filter(game=game).order_by("number", "revision").values_list(
        "id", "number", "revision", "reason", "ender_id", "ender_melds", "entered_at"
    )
    for round_id, number, revision, reason, ender, melds, entered_at in rows:
        # Ordered by (number, revision): the last revision of a number counts.
        current[number] = by_id[round_id] = RoundFacts(
            number, revision, reason, ender, melds, entered_at, []
        )
    counting = {id(facts) for facts in current.values()}
    hands = Hand.objects.filter(round__game=game).order_by("round_id", "position").values_list(
        "round_id", "player_id", "position", "deadwood", "cards"
    )
    for round_id, player, position, deadwood, cards in hands:
        facts = by_id[round_id]
        if id(facts) in counting:
            facts.hands.append(HandFacts(player, position, deadwood, cards))
    rebuys = list(Rebuy.objects.filter(game=game))
    return [current[number] for number in sorted(current)], rebuys


class RecentGames:
    """The replayed games of the versions this process has seen last, kept as objects.

    Django's cache would pickle a game on every get and set, which costs more than the
    rest of a request; a replayed Game is never changed (play_on copies what it plays),
    so one object serves every request of the process. A key names one version of one
    game, so an entry is never stale: it only ages out, least recently used first.
    """

    def __init__(self, size: int):
        self.size = size
        self._games: OrderedDict[str, engine.Game] = OrderedDict()
        self._lock = threading.Lock()  # the tests' threads, and threaded servers

    def get(self, key: str) -> engine.Game | None:
        with self._lock:
            game = self._games.get(key)
            if game is not None:
                self._games.move_to_end(key)
            return game

    def put(self, key: str, game: engine.Game) -> None:
        with self._lock:
            self._games[key] = game
            self._games.move_to_end(key)
            while len(self._games) > self.size:
                self._games.popitem(last=False)

    def clear(self) -> None:
        with self._lock:
            self._games.clear()


# A game of 40 rounds and 6 players takes some 80 KB (more with hands entered as cards);
# 128 games are a large club's evening, some 10 MB a process.
recent_games = RecentGames(size=128)


def cached_state(view: GameView) -> engine.Game:
    """The replayed state of the game's current version, computed once per version.

    Safe because the key holds the version and every write bumps it in the same
    transaction as its facts: a version's facts never change, and a state is only
    kept after it was read from committed facts. (A reader that saw version 5 and
    then facts of version 6 keeps newer data under 5; nobody reads 5 once 6 is in.)
    It can always be rebuilt from the facts (tests/test_game_cache.py).
    """
    key = state_cache_key(view.game)
    state = recent_games.get(key)
    if state is None:
        state = view.replay()
        recent_games.put(key, state)
    return state


def state_cache_key(game: Game) -> str:
    # created_at tells apart games that reuse an id (a test database, a restored backup).
    return f"game-state:{game.pk}:{game.version}:{game.created_at.timestamp()}"


# How long Django's cache keeps a game's API object (scorekeeper/api.py).
STATE_CACHE_SECONDS = 3600


def round_history(game: Game) -> list[Round]:
    """Every revision of every round, oldest first: what the sheet shows as corrected."""
    return list(
        Round.objects.filter(game=game)
        .select_related("ender", "entered_by")
        .prefetch_related(Prefetch("hands", queryset=Hand.objects.select_related("player")))
    )


def _round_entries(rounds: list[RoundFacts]) -> list[engine.RoundEntry]:
    return [_round_entry(round_.ender_id, round_.hands, round_.ender_melds)
            for round_ in rounds]  # fmt: skip


def _round_entry(ender, hands, ender_melds) -> engine.RoundEntry:
    return engine.RoundEntry(
        ender=ender,
        hands=tuple(
            engine.HandEntry(
                hand.player_id,
                deadwood=hand.deadwood,
                cards=tuple(hand.cards.split()) if hand.cards else None,
            )
            for hand in hands
        ),
        ender_melds=tuple(tuple(meld) for meld in ender_melds) if ender_melds else None,
    )


# --- Clubs and players --------------------------------------------------------------------


def create_club(*, name: str, user) -> Club:
    """A new club; its creator becomes its organiser."""
    name = name.strip()
    if not name:
        raise ServiceError("A club needs a name", field="name", code="required")
    with transaction.atomic():
        club = Club.objects.create(name=name[:100])
        Membership.objects.create(club=club, user=user, role=Membership.Role.ORGANISER)
    return club


def membership(user, club: Club | int) -> Membership | None:
    if not user.is_authenticated:
        return None
    club_id = club if isinstance(club, int) else club.pk
    return Membership.objects.filter(user=user, club_id=club_id).first()


def clubs_of(user):
    return Club.objects.filter(memberships__user=user).order_by("name")


def create_session(*, club: Club, name: str = "") -> TableSession:
    return TableSession.objects.create(club=club, name=name.strip()[:100])


# --- Starting a game ----------------------------------------------------------------------


def start_game(
    *,
    club: Club,
    name: str,
    preset: str,
    players: list[str],
    rules: dict | None = None,
    session: TableSession | None = None,
    currency: str = "EUR",
    user=None,
) -> GameView:
    """Seat the players (by name, in seat order), freeze the rules, take the buy-ins."""
    resolved = engine.Rules.preset(preset, **(rules or {}))
    if resolved.family != "knock":
        raise ServiceError(
            f"The {engine.PRESETS[preset]['name']} preset is not playable yet: only the knock "
            "family (Wiener Rummy, Rommé ohne Auslegen) is",
            field="preset", code="not_supported",
        )
    names = _seat_names(players)
    name = (name or "").strip()[:100] or "Game"
    if session is not None and session.club_id != club.pk:
        raise ServiceError("That table session belongs to another club", field="session",
                           code="invalid")
    with transaction.atomic():
        # Every game sits in a table session: the session holds a pot carried out of it.
        if session is None:
            session = TableSession.objects.create(club=club, name=name)
            carried_in = 0
        else:
            carried_in = _claim_carried_pot(session)
        game = Game.objects.create(
            club=club, session=session, name=name, preset=preset, rules=resolved.to_dict(),
            currency=currency, carried_in=carried_in, created_by=user,
        )
        existing = {p.name.casefold(): p for p in Player.objects.filter(club=club)}
        seats = []
        for number, player_name in enumerate(names):
            player = existing.get(player_name.casefold())
            if player is None:
                player = Player.objects.create(club=club, name=player_name)
            seats.append(Seat(game=game, player=player, number=number))
        Seat.objects.bulk_create(seats)
        view = load_game(game)
        _store_state(view, actor=user, reason="game started")
    return view


def _seat_names(players) -> list[str]:
    if not isinstance(players, list) or not all(isinstance(name, str) for name in players):
        raise ServiceError("players must be a list of names in seat order", field="players",
                           code="invalid")
    names = [name.strip() for name in players]
    for index, name in enumerate(names):
        if not name:
            raise ServiceError("A player needs a name", field=f"players[{index}]", code="required")
        if len(name) > MAX_NAME:
            raise ServiceError(f"A name has at most {MAX_NAME} characters",
                               field=f"players[{index}]", code="too_long")
    seen = set()
    for index, name in enumerate(names):
        if name.casefold() in seen:
            raise ServiceError(f"{name} is seated twice", field=f"players[{index}]",
                               code="duplicate_player")
        seen.add(name.casefold())
    if len(names) < 2:
        raise ServiceError("A game needs at least 2 players", field="players",
                           code="too_few_players")
    if len(names) > MAX_PLAYERS:
        raise ServiceError(f"A game has at most {MAX_PLAYERS} players", field="players",
                           code="too_many_players")
    return names


def _claim_carried_pot(session: TableSession) -> int:
    """The pot an earlier game of the session left standing, now moving into a new game."""
    TableSession.objects.select_for_update().get(pk=session.pk)
    return session_carry(session)


def session_carry(session: TableSession) -> int:
    """What the session's carry account holds: carried out minus carried into later games."""
    entries = Entry.objects.filter(
        Q(credit_account__scope="session") | Q(debit_account__scope="session"),
        Q(credit_account__scope_id=session.pk) | Q(debit_account__scope_id=session.pk),
    )
    received = entries.filter(
        credit_account__scope="session", credit_account__scope_id=session.pk
    ).aggregate(total=Sum("amount_minor"))["total"] or 0
    paid = entries.filter(
        debit_account__scope="session", debit_account__scope_id=session.pk
    ).aggregate(total=Sum("amount_minor"))["total"] or 0
    return received - paid


# --- Rounds, corrections, re-buys ---------------------------------------------------------


@dataclass(frozen=True)
class HandInput:
    """One hand as it arrives from a form or the API (shape already checked)."""

    player: int
    deadwood: int | None = None
    cards: list[str] | str | None = None


def record_round(
    *, game_id: int, number: int, ender: int, hands: list[HandInput],
    ender_melds=None, user=None, request_id: str = "",
) -> tuple[engine.RoundResult, GameView]:
    """Enter the game's next round; the round, its hands and its money land together."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        state = view.state
        if state.status in ("finished", "carried_over"):
            raise GameFinished("The game is over: no more rounds can be entered")
        if number != state.next_round:
            raise StaleRound(
                f"Round {number} cannot be entered: the next round is {state.next_round}",
                next_round=state.next_round,
            )
        entry = _checked_entry(view, ender, hands, ender_melds)
        # One round onto the state so far; the earlier rounds are not played again, and
        # their money stays as booked: the round only adds its own movements (and the
        # payout when it ends the game), after the ones the game had.
        new_state = engine.play_on(state, entry)
        view.add_round(_store_round(view.game, number, 0, entry, user, reason=""))
        view.state = new_state
        _store_state(view, actor=user, reason=f"round {number}", request_id=request_id,
                     added=new_state.transfers[len(state.transfers):])
    return new_state.rounds[-1], view


def correct_round(
    *, game_id: int, number: int, ender: int, hands: list[HandInput], reason: str,
    version: int | None, ender_melds=None, user=None, request_id: str = "",
) -> tuple[engine.RoundResult, GameView]:
    """Replace a recorded round by a corrected one; every later standing and payment follows.

    The old revision stays; the ledger gets reversals of what no longer holds and
    the new entries.
    """
    if version is None:
        raise VersionRequired(
            "Send the game's version in If-Match, so a correction never overwrites a newer "
            "change unseen"
        )
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        if version != view.game.version:
            raise VersionMismatch(
                f"The game has changed since version {version} (it is at version "
                f"{view.game.version}): reload and correct again"
            )
        if not 1 <= number <= len(view.rounds):
            raise NotFound(f"Round {number} has not been entered")
        if view.game.status == "carried_over" and _carried_into_later_game(view.game):
            raise GameFinished(
                "This game's pot was carried into a later game of the session: it can no "
                "longer be corrected"
            )
        entry = _checked_entry(view, ender, hands, ender_melds)
        entries = _round_entries(view.rounds)
        entries[number - 1] = entry
        new_state = _replay_with(view, entries, number - 1)
        revision = view.rounds[number - 1].revision + 1
        view.add_round(_store_round(view.game, number, revision, entry, user, reason=reason))
        view.state = new_state
        _store_state(view, actor=user, reason=f"correction of round {number}: {reason}",
                     request_id=request_id, since=number)
    return new_state.rounds[number - 1], view


def take_rebuy(*, game_id: int, player: int, user=None, request_id: str = "") -> GameView:
    """A player pays the re-buy into the pot and goes to the target total."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        if player not in view.players:
            raise ServiceError("That player does not sit at this game", field="player",
                               code="unknown_player")
        engine.check_rebuy(view.state, player)
        rebuy = Rebuy.objects.create(
            game=view.game, player_id=player, after_round=view.state.round_count, entered_by=user
        )
        view.add_rebuy(rebuy)
        view.state = view.replay()
        _store_state(view, actor=user, reason=f"re-buy of {view.name(player)}",
                     request_id=request_id, since=rebuy.after_round)
    return view


def close_game(*, game_id: int, user=None) -> GameView:
    """End a Punktespiel (it runs until it is closed)."""
    with transaction.atomic():
        view = load_game(game_id, for_update=True)
        if view.rules.mode != "points":
            raise ServiceError("Only a Punktespiel is closed by hand; a pot game ends by itself",
                               code="not_closable")
        if view.game.closed:
            raise GameFinished("The game is already closed")
        view.game.closed = True
        view.state = view.replay()
        _store_state(view, actor=user, reason="game closed")
    return view


def _checked_entry(view: GameView, ender, hands: list[HandInput], ender_melds):
    """The round as the engine takes it; players must sit at this game."""
    seated = view.players
    if ender not in seated:
        raise ServiceError("The ender does not sit at this game", field="ender",
                           code="unknown_player")
    for index, hand in enumerate(hands):
        if hand.player not in seated:
            raise ServiceError("That player does not sit at this game",
                               field=f"hands[{index}].player", code="unknown_player")
    converted = []
    for index, hand in enumerate(hands):
        cards = None
        if hand.cards is not None:
            try:
                cards = tuple(engine.parse_cards(hand.cards))
            except RulesError as error:
                raise error.at(f"hands[{index}].cards") from None
        converted.append(engine.HandEntry(hand.player, deadwood=hand.deadwood, cards=cards))
    melds = None
    if ender_melds:
        melds = tuple(tuple(engine.parse_cards(meld)) for meld in ender_melds)
    return engine.RoundEntry(ender=ender, hands=tuple(converted), ender_melds=melds)


def _replay_with(view: GameView, entries, changed: int) -> engine.Game:
    """Replay with new round facts; errors in the changed round point into its input."""
    try:
        return view.replay(entries)
    except RulesError as error:
        prefix = f"rounds[{changed}]"
        if error.field and (error.field == prefix or error.field.startswith(prefix + ".")):
            error.field = error.field[len(prefix) + 1:] or None
        elif error.field and error.field.startswith("rounds["):
            later = int(error.field[len("rounds["):].split("]")[0]) + 1
            error.message = f"With this change, round {later} no longer adds up: {error.message}"
        elif error.field and error.field.startswith("rebuys["):
            error.message = f"With this change, a re-buy no longer holds: {error.message}"
        raise


def _store_round(game, number, revision, entry: engine.RoundEntry, user, *,
                 reason) -> RoundFacts:
    round_ = Round.objects.create(
        game=game, number=number, revision=revision, ender_id=entry.ender,
        ender_melds=[list(meld) for meld in entry.ender_melds] if entry.ender_melds else None,
        reason=reason[:255], entered_by=user,
    )
    hands = [
        Hand(round=round_, player_id=hand.player, position=position, deadwood=hand.deadwood,
             cards=" ".join(hand.cards) if hand.cards else "")
        for position, hand in enumerate(entry.hands)
    ]
    Hand.objects.bulk_create(hands)
    return RoundFacts(
        number, revision, round_.reason, round_.ender_id, round_.ender_melds, round_.entered_at,
        [HandFacts(hand.player_id, hand.position, hand.deadwood, hand.cards) for hand in hands],
    )


def _carried_into_later_game(game: Game) -> bool:
    return game.session_id is not None and Game.objects.filter(
        session_id=game.session_id, pk__gt=game.pk, carried_in__gt=0
    ).exists()


def _store_state(view: GameView, *, actor, reason: str, request_id: str = "",
                 since: int | None = None, added=None) -> None:
    """Bring the ledger in line with the replayed facts and bump the game's version.

    `added`: the transfers a write that only adds to the game adds, posted as they are;
    otherwise the ledger is compared with the facts from round `since` on (sync_ledger).
    """
    state = view.state
    game = view.game
    if added is not None:
        if added:
            ledger.post(added, game_id=game.pk, currency=game.currency,
                        session_id=game.session_id, actor=_actor_name(actor),
                        request_id=request_id)
    else:
        sync_ledger(game, state.transfers, actor=actor, reason=reason, request_id=request_id,
                    since=since)
    Game.objects.filter(pk=game.pk).update(
        status=state.status, version=game.version + 1, closed=game.closed
    )
    game.status, game.version = state.status, game.version + 1
    key = state_cache_key(game)
    # Only once committed: a rolled-back write must not leave its state behind.
    transaction.on_commit(lambda: recent_games.put(key, state))


def sync_ledger(game: Game, expected, *, actor, reason: str, request_id: str = "",
                since: int | None = None) -> None:
    """Post what the facts now call for and reverse what they no longer do.

    Entries are compared as (from, to, amount, kind, round): a new round adds its
    movements only; a correction reverses exactly the movements that changed. A
    change from round `since` on cannot touch what earlier rounds moved, so only
    that round, the later ones and the game's start and end (round None) are compared.
    """
    live = Entry.objects.filter(game_id=game.pk, reverses__isnull=True, reversal__isnull=True)
    if since is not None:
        live = live.filter(Q(round_number__isnull=True) | Q(round_number__gte=since))
        expected = [t for t in expected if t.round is None or t.round >= since]
    live = list(live.select_related("debit_account", "credit_account").order_by("id"))
    accounts = {account.key: account for entry in live
                for account in (entry.debit_account, entry.credit_account)}  # fmt: skip
    wanted = Counter(_flow(t.source, t.target, t.amount, t.kind, t.round) for t in expected)
    stale = []
    for entry in live:
        flow = _flow(entry.debit_account.key, entry.credit_account.key, entry.amount_minor,
                     entry.kind, entry.round_number)
        if wanted[flow]:
            wanted[flow] -= 1
        else:
            stale.append(entry)
    missing = []
    for transfer in expected:
        flow = _flow(transfer.source, transfer.target, transfer.amount, transfer.kind,
                     transfer.round)
        if wanted[flow]:
            wanted[flow] -= 1
            missing.append(transfer)
    actor_name = _actor_name(actor)
    if stale:
        ledger.reverse(stale, actor=actor_name, reason=reason[:255], request_id=request_id)
    if missing:
        ledger.post(missing, game_id=game.pk, currency=game.currency,
                    session_id=game.session_id, actor=actor_name, request_id=request_id,
                    accounts=accounts.values())


def _actor_name(actor) -> str:
    return getattr(actor, "username", "") or ""


def _flow(source, target, amount, kind, round_number) -> tuple:
    return (source, target, amount, str(kind), round_number)


def verify_game(game: Game) -> list[str]:
    """Differences between the game's ledger and what its facts call for; [] when it verifies."""
    return ledger.verify(game.pk, load_game(game).state.transfers)


# --- Money views --------------------------------------------------------------------------


def settlement(nets: dict[int, int]) -> list:
    """The fewest transfers that settle these nets (player id -> minor units)."""
    return settle({player: amount for player, amount in nets.items() if amount})


def player_nets(view: GameView) -> dict[int, int]:
    """Each player's money result in this game (received minus paid)."""
    balances = view.state.balances
    return {seat.player_id: balances.get(engine.knock.account(seat.player_id), 0)
            for seat in view.seats}  # fmt: skip


def session_nets(session: TableSession) -> dict[int, int]:
    """Each player's money result over the evening: the ledger's player accounts summed."""
    game_ids = list(session.games.values_list("pk", flat=True))
    nets: dict[int, int] = {}
    entries = Entry.objects.filter(game_id__in=game_ids)
    for key, total in entries.values_list("credit_account__key").annotate(t=Sum("amount_minor")):
        if key.startswith("player:"):
            nets[int(key[7:])] = nets.get(int(key[7:]), 0) + total
    for key, total in entries.values_list("debit_account__key").annotate(t=Sum("amount_minor")):
        if key.startswith("player:"):
            nets[int(key[7:])] = nets.get(int(key[7:]), 0) - total
    return nets

"""What happened at the table, stored as facts.

Standings, placings and money are never stored as the truth: they are derived
from these facts by the rules engine (`scorekeeper.rules.replay`). Facts are
only ever added: a corrected round is a new revision of it, not an edit.
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone
from knox.models import AbstractAuthToken
from rest_framework.utils.encoders import JSONEncoder

from .rules import GameStatus


class Club(models.Model):
    """A group of people who play together; everything else belongs to a club."""

    name = models.CharField(max_length=100)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name


class Membership(models.Model):
    """A user's role in a club: organisers and scorekeepers write, viewers read."""

    class Role(models.TextChoices):
        ORGANISER = "organiser"
        SCOREKEEPER = "scorekeeper"
        VIEWER = "viewer"

    club = models.ForeignKey(Club, models.CASCADE, related_name="memberships")
    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="memberships")
    role = models.CharField(max_length=20, choices=Role)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "user"], name="membership_unique_user"),
        ]

    def __str__(self):
        return f"{self.user} ({self.role}) in {self.club}"

    @staticmethod
    def writes(role: str) -> bool:
        """Whether a role may enter games, rounds, re-buys and corrections."""
        return role in (Membership.Role.ORGANISER, Membership.Role.SCOREKEEPER)

    @property
    def can_write(self) -> bool:
        return self.writes(self.role)


class Invite(models.Model):
    """A link that lets people join a club with a role, until it expires, is used up or is
    revoked. The token is the link's secret: kept whole (unique) so that organisers can copy
    the link again from the list; anyone who could read it here could add members anyway.

    An invite with an `invitee` is addressed to that one user (an organiser added them by
    user name): nobody joins a club without accepting, so it waits for them to accept or
    decline it (docs/security.md, "Membership by consent")."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="invites")
    token = models.CharField(max_length=64, unique=True)
    role = models.CharField(max_length=20, choices=Membership.Role)
    expires_at = models.DateTimeField()
    max_uses = models.PositiveIntegerField(default=1)
    uses = models.PositiveIntegerField(default=0)
    revoked_at = models.DateTimeField(null=True, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    invitee = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.CASCADE, null=True, blank=True,
        related_name="invitations", help_text="The one user it is addressed to, if any.")
    declined_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            # The last line of defence behind the conditional update that counts a use.
            models.CheckConstraint(condition=Q(uses__lte=models.F("max_uses")),
                                   name="invite_uses_within_limit"),
        ]

    def __str__(self):
        return f"invite to {self.club} as {self.role}"

    @property
    def uses_left(self) -> int:
        return max(self.max_uses - self.uses, 0)

    def state(self, now=None) -> str:
        """Whether it lets people in ("open"), or why not: "revoked", "used_up", "expired"."""
        if self.revoked_at is not None:
            return "revoked"
        if self.uses >= self.max_uses:
            return "used_up"
        if self.expires_at <= (now or timezone.now()):
            return "expired"
        return "open"


class Player(models.Model):
    """A person at the table, reusable across the club's games."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="players")
    name = models.CharField(max_length=50)

    class Meta:
        ordering = ["name"]
        constraints = [
            models.UniqueConstraint(fields=["club", "name"], name="player_unique_name"),
        ]

    def __str__(self):
        return self.name


class TableSession(models.Model):
    """An evening at one table: its games in order, and the pot carried between them."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="sessions")
    name = models.CharField(max_length=100, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self):
        return self.name or f"Session {self.pk}"


class Game(models.Model):
    """One Partie: its frozen rule set, its seats, and the facts entered since."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="games")
    session = models.ForeignKey(
        TableSession, models.PROTECT, null=True, blank=True, related_name="games"
    )
    name = models.CharField(max_length=100)
    preset = models.CharField(max_length=20)
    rules = models.JSONField(help_text="Every rule parameter, resolved when the game started.")
    currency = models.CharField(max_length=3, default="EUR")
    carried_in = models.BigIntegerField(
        default=0, help_text="Minor units carried into this game from its session's pot."
    )
    closed = models.BooleanField(default=False, help_text="A Punktespiel ends when it is closed.")
    # Derived from the facts and kept for listing games without replaying them;
    # every write that changes the facts rewrites them (see services).
    status = models.CharField(max_length=20, default=GameStatus.RUNNING, db_index=True)
    version = models.PositiveIntegerField(default=1, help_text="Bumped by every write; the ETag.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    # The engine's state after the facts stored (rules.snapshot): written with the facts in
    # every write's transaction, so a round goes on from it without replaying the game.
    # Derived: rebuilt from the facts whenever it is missing or of another format.
    snapshot = models.JSONField(null=True, blank=True, editable=False)
    # A game deleted (no rounds) or voided (docs/api.md, "Undoing"): a fact of the game, not
    # of its rounds. Its money is reversed in the ledger; its facts stay as they were.
    voided_at = models.DateTimeField(null=True, blank=True)
    voided_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    void_reason = models.CharField(max_length=255, blank=True)
    # Part of the share link's signed value (services.policy.share_token): bumping it
    # revokes every link handed out so far. 0 signs the game id alone, as links did
    # before they could be revoked, so those keep working until the first revocation.
    share_version = models.PositiveIntegerField(default=0, editable=False)
    phones_enter_hands = models.BooleanField(
        default=True,
        help_text="Players may enter their own hands from their phones (docs/table.md).",
    )
    # A club tournament's match game (scorekeeper.tournament_models): kept on the game, so
    # that reading one needs no join, and a match game voided for a new one still says so.
    tournament = models.ForeignKey("scorekeeper.Tournament", models.PROTECT, null=True,
                                   blank=True, related_name="games")

    class Meta:
        ordering = ["-created_at", "-id"]
        indexes = [models.Index(fields=["club", "id"], name="game_club_id_order")]

    def __str__(self):
        return self.name


class Seat(models.Model):
    """A player's place at the game's table; seat 0 deals first."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="seats")
    player = models.ForeignKey(Player, models.PROTECT, related_name="seats")
    number = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["number"]
        constraints = [
            models.UniqueConstraint(fields=["game", "number"], name="seat_unique_number"),
            models.UniqueConstraint(fields=["game", "player"], name="seat_unique_player"),
        ]

    def __str__(self):
        return f"{self.player} at seat {self.number}"


class Round(models.Model):
    """A round as entered, or a correction of it (a higher revision of the same number).

    The highest revision of a number is the one that counts; the others stay
    as the record of what was entered before. An undone round counts no more, with every
    revision of it.
    """

    game = models.ForeignKey(Game, models.CASCADE, related_name="rounds")
    number = models.PositiveIntegerField()
    revision = models.PositiveIntegerField(default=0)
    # None for a void Gin round (docs/rules.md 8): nobody ended it and it scores nothing.
    ender = models.ForeignKey(Player, models.PROTECT, null=True, blank=True, related_name="+")
    void = models.BooleanField(default=False, help_text="A Gin round abandoned: no score.")
    match = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="A Gin tournament's match, when the round named it."
    )
    big_gin = models.BooleanField(
        default=False, help_text="A Gin round won by a Big Gin: the knocker's 11 cards melded."
    )
    upcard = models.CharField(
        max_length=3, blank=True, default="",
        help_text='Oklahoma Gin: the deal\'s first upcard ("7S"); "" for other games.',
    )
    ender_melds = models.JSONField(
        null=True, blank=True, help_text="The ender's melds as laid (lay-off variants only)."
    )
    # Rami (docs/rules.md 10): how the finisher went out, and the round's penalties.
    finish = models.CharField(
        max_length=12, blank=True, default="",
        help_text='Rami: how the finisher went out ("none", "rummy", "own_cards").',
    )
    penalties = models.JSONField(
        null=True, blank=True, help_text="Rami: the penalties, [[player id, points], ...]."
    )
    reason = models.CharField(max_length=255, blank=True, help_text="Why it was corrected.")
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    # Set by the write that takes the round (services/writing.py NewRound), before it stores
    # anything: the answer is worked out before the lock.
    entered_at = models.DateTimeField(default=timezone.now, editable=False)
    # The last round undone at the table (services.undo_last_round): every revision of its
    # number is kept, marked, as an undone re-buy is; the number is entered again afresh.
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    undo_reason = models.CharField(max_length=255, blank=True)

    class Meta:
        ordering = ["number", "revision"]
        constraints = [
            # The last line of defence against two phones entering the same round; an
            # undone round's revisions no longer count, so its number is free again.
            models.UniqueConstraint(
                fields=["game", "number", "revision"], condition=Q(undone_at__isnull=True),
                name="round_unique_revision"
            ),
            models.CheckConstraint(
                condition=Q(number__gte=1), name="round_number_positive"
            ),
            # A round has an ender, unless it was void.
            models.CheckConstraint(
                condition=Q(void=True) | Q(ender__isnull=False), name="round_ender_unless_void"
            ),
        ]

    def __str__(self):
        suffix = f" (correction {self.revision})" if self.revision else ""
        return f"Round {self.number}{suffix}"


class Hand(models.Model):
    """One participant's hand in a round: deadwood typed as a number, or the cards; in Rami
    also what the player laid in the round, as points or as the melds' cards."""

    round = models.ForeignKey(Round, models.CASCADE, related_name="hands")
    player = models.ForeignKey(Player, models.PROTECT, related_name="+")
    position = models.PositiveSmallIntegerField(help_text="Order in which it was entered.")
    deadwood = models.PositiveIntegerField(null=True, blank=True)
    cards = models.CharField(
        max_length=200, blank=True, help_text="Canonical card texts separated by spaces."
    )
    laid = models.PositiveIntegerField(
        null=True, blank=True, help_text="Rami: the points laid in the round, as typed."
    )
    laid_melds = models.JSONField(
        null=True, blank=True,
        help_text="Rami: the melds laid in the round, each a list of canonical card texts.",
    )

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="hand_unique_player"),
        ]

    def __str__(self):
        return f"{self.player}: {self.cards or self.deadwood}"


class Rebuy(models.Model):
    """A player's re-buy, taken in the break after round `after_round`; once per game.

    An undone re-buy stays as the record of what was taken; the replay leaves it out.
    """

    game = models.ForeignKey(Game, models.CASCADE, related_name="rebuys")
    player = models.ForeignKey(Player, models.PROTECT, related_name="+")
    after_round = models.PositiveIntegerField()
    entered_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    entered_at = models.DateTimeField(auto_now_add=True)
    undone_at = models.DateTimeField(null=True, blank=True)
    undone_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    undo_reason = models.CharField(max_length=255, blank=True)
    undone_by_correction = models.PositiveIntegerField(
        null=True, blank=True, help_text="The round whose correction left it impossible."
    )

    class Meta:
        ordering = ["after_round", "id"]
        constraints = [
            # Once per game counts the re-buys that hold: an undone one may be taken again.
            models.UniqueConstraint(fields=["game", "player"], condition=Q(undone_at__isnull=True),
                                    name="rebuy_once_per_game"),
        ]

    def __str__(self):
        return f"{self.player} re-bought after round {self.after_round}"


class GameImport(models.Model):
    """A document imported into a club (scorekeeper.services.exports), kept so that importing
    it again is a no-op: its `export_id` is the idempotency key (docs/reliability.md 30).

    Per club, not per user: the same backup restored by two organisers is one restore.
    The fingerprint tells a second import of the same document from another document
    that reuses its export id (refused).
    """

    club = models.ForeignKey(Club, models.CASCADE, related_name="imports")
    export_id = models.UUIDField()
    kind = models.CharField(max_length=10, help_text='"game", "session" or "tournament".')
    fingerprint = models.CharField(max_length=64, help_text="sha256 hex of the document.")
    session = models.ForeignKey(TableSession, models.CASCADE, null=True, blank=True,
                                related_name="+", help_text="None for a tournament.")
    game = models.ForeignKey(Game, models.CASCADE, null=True, blank=True, related_name="+")
    tournament = models.ForeignKey("scorekeeper.Tournament", models.CASCADE, null=True,
                                   blank=True, related_name="+")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["club", "export_id"], name="import_unique_export_id"),
        ]

    def __str__(self):
        return f"{self.kind} {self.export_id} into {self.club}"


class ReportGame(models.Model):
    """What the club report's cache of a game was summed from (scorekeeper.services.reports).

    The ledger is append-only, so a game's entries change only by growing: the count
    of its entries, with its status, tells whether the cached lines still hold.
    """

    game = models.OneToOneField(Game, models.CASCADE, primary_key=True,
                                related_name="report_cache")
    entries = models.PositiveIntegerField()
    status = models.CharField(max_length=20)

    def __str__(self):
        return f"game {self.game_id}: {self.entries} entries, {self.status}"


class ReportLine(models.Model):
    """One seated player's money in one game, summed from the ledger: a cache for the
    club report, rewritten whenever its ReportGame no longer matches the game."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="+")
    club_id = models.BigIntegerField()
    player_id = models.BigIntegerField()
    currency = models.CharField(max_length=3)
    ended = models.BooleanField(help_text="The game was finished or carried over.")
    net = models.BigIntegerField(help_text="Received minus paid, minor units.")
    paid_out = models.BigIntegerField(help_text="Received as payout or kitty_final.")

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["game", "player_id"], name="report_line_unique"),
        ]
        # Covering the report's aggregate: it reads the index alone, already grouped.
        indexes = [models.Index(
            fields=["club_id", "ended", "player_id", "currency", "net", "paid_out"],
            name="report_line_club",
        )]

    def __str__(self):
        return f"game {self.game_id}, player {self.player_id}: {self.net} {self.currency}"


class IdempotencyKey(models.Model):
    """A retried request's key, stored in the same transaction as the write it answers: a
    replay with the same key and fingerprint gets the saved response, the same key with
    another fingerprint is a client error (scorekeeper.idempotency). The body is encoded as
    DRF encodes an answer, so what is stored is what the client read."""

    user = models.ForeignKey(settings.AUTH_USER_MODEL, models.CASCADE, related_name="+")
    key = models.CharField(max_length=255)
    fingerprint = models.CharField(max_length=64, help_text="sha256 hex of method, path and body.")
    response_status = models.PositiveSmallIntegerField(null=True, blank=True)
    response_body = models.JSONField(null=True, blank=True, encoder=JSONEncoder)
    response_headers = models.JSONField(
        default=dict, blank=True, help_text="Headers to give again (Location, ETag).")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        # The table it had when the ledger app held it (moved without copying a row).
        db_table = "ledger_idempotencykey"
        constraints = [
            models.UniqueConstraint(fields=["user", "key"], name="ledger_idempotency_key_unique"),
        ]

    def __str__(self):
        return f"{self.user_id} {self.key}"


class ApiToken(AbstractAuthToken):
    """An API token (django-rest-knox): only its digest is stored; the token itself is
    shown once, when it is made. Named and optionally expiring (docs/api.md, "Tokens")."""

    class Scope(models.TextChoices):
        READ = "read"
        WRITE = "write"

    name = models.CharField(max_length=100, blank=True)
    last_used_at = models.DateTimeField(null=True, blank=True)
    # A token may be limited to one club and to reading (docs/security.md, "Tokens"): a
    # request it carries is refused anywhere else. None: every club of its user.
    club = models.ForeignKey(Club, models.CASCADE, null=True, blank=True, related_name="tokens")
    scope = models.CharField(max_length=5, choices=Scope, default=Scope.WRITE)

    class Meta:
        ordering = ["-created"]

    def __str__(self):
        return f"{self.user_id} {self.token_key} {self.name}"


class Webhook(models.Model):
    """A club organiser's URL that is told of the club's events (docs/api.md, "Webhooks")."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="webhooks")
    url = models.URLField(max_length=500)
    events = models.JSONField(default=list, help_text="The event names it is sent; [] for all.")
    secret = models.CharField(max_length=100, help_text="The key of the HMAC-SHA256 signature.")
    # The secret before the last rotation: it still signs beside the new one until
    # previous_secret_expires_at (docs/api.md, "Rotating the secret").
    previous_secret = models.CharField(max_length=100, blank=True, default="")
    previous_secret_expires_at = models.DateTimeField(null=True, blank=True)
    active = models.BooleanField(default=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.club_id} {self.url}"


class WebhookEvent(models.Model):
    """Something that happened, written in the same transaction as the change it reports
    (the outbox): a rolled-back change leaves no event, a committed one always has one."""

    club = models.ForeignKey(Club, models.CASCADE, related_name="webhook_events")
    kind = models.CharField(max_length=40)
    payload = models.JSONField()
    created_at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.pk} {self.kind}"


class WebhookDelivery(models.Model):
    """One event for one webhook, with its attempts until it is delivered or given up."""

    class Status(models.TextChoices):
        PENDING = "pending"
        DELIVERED = "delivered"
        FAILED = "failed"

    webhook = models.ForeignKey(Webhook, models.CASCADE, related_name="deliveries")
    event = models.ForeignKey(WebhookEvent, models.CASCADE, related_name="deliveries")
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.PENDING)
    next_attempt_at = models.DateTimeField(null=True, blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints = [
            models.UniqueConstraint(fields=["webhook", "event"], name="webhook_delivery_once"),
        ]

    def __str__(self):
        return f"{self.webhook_id} {self.event_id} {self.status}"


class WebhookAttempt(models.Model):
    """One try to deliver: what the receiver answered, or why it could not be reached."""

    delivery = models.ForeignKey(WebhookDelivery, models.CASCADE, related_name="attempts")
    number = models.PositiveIntegerField()
    at = models.DateTimeField(default=timezone.now)
    status_code = models.PositiveSmallIntegerField(null=True, blank=True)
    error = models.CharField(max_length=500, blank=True)
    duration_ms = models.PositiveIntegerField(default=0)
    replay = models.BooleanField(default=False, help_text="Asked for by an organiser.")
    requested_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["number"]

    def __str__(self):
        return f"{self.delivery_id} #{self.number} {self.status_code or self.error}"


class SeatClaim(models.Model):
    """A player's own phone holding a seat of a game (docs/table.md, "Players' phones"):
    claimed from the share link, named by its signed cookie, shown to the scorekeeper with
    a short code. A released claim stays as the record; the seat may be claimed again."""

    game = models.ForeignKey(Game, models.CASCADE, related_name="claims")
    player = models.ForeignKey(Player, models.PROTECT, related_name="+")
    code = models.CharField(max_length=8, help_text="Shown to the scorekeeper, e.g. K7QX.")
    claimed_at = models.DateTimeField(default=timezone.now)
    released_at = models.DateTimeField(null=True, blank=True)
    released_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )

    class Meta:
        ordering = ["claimed_at", "id"]
        constraints = [
            # The last line of defence against two phones claiming one seat at once.
            models.UniqueConstraint(fields=["game", "player"],
                                    condition=Q(released_at__isnull=True),
                                    name="seat_claim_once"),
        ]

    def __str__(self):
        return f"{self.player} on phone {self.code}"


class PendingHand(models.Model):
    """A hand a player sent from their phone for a round, waiting for the scorekeeper.

    Not a fact of the game: no round, no ledger entry, nothing the API shows. One per
    seat's claim and round: a new send replaces the one before, so a phone cannot pile up
    rows.
    """

    claim = models.ForeignKey(SeatClaim, models.CASCADE, related_name="hands")
    round_number = models.PositiveIntegerField()
    entry = models.JSONField(
        help_text='The round form\'s fields of the hand: {"dw": "14"} or {"cards": "QS QH 7C"}, '
                  'in Rami also "laid" or "melds".')
    points = models.PositiveIntegerField(help_text="What the hand counts, for the label.")
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["created_at", "id"]
        constraints = [
            models.UniqueConstraint(fields=["claim", "round_number"], name="pending_hand_once"),
        ]

    def __str__(self):
        return f"{self.claim.player}: {self.points} in round {self.round_number}"


# A club's knockout tournaments: a module of their own, imported here so that Django finds
# them with the app's other models.
from .tournament_models import Tournament, TournamentEntry, TournamentMatch  # noqa: E402, F401

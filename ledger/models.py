"""The money ledger: accounts and the append-only entries that move money between them.

The ledger does not import the game models: an account belongs to a game or to a
table session through plain (scope, scope_id) fields, and an entry names its game
by id. That keeps the ledger the independent audit trail of the money.
"""

from django.db import models
from django.db.models import F, Q
from django.utils import timezone


class Account(models.Model):
    """A place money sits: a game's player ("player:11"), pot or kitty, or a session's carry."""

    class Scope(models.TextChoices):
        GAME = "game"
        SESSION = "session"
        TOURNAMENT = "tournament"  # a club tournament's entry fees and prizes

    scope = models.CharField(max_length=10, choices=Scope)
    scope_id = models.BigIntegerField(
        help_text="The id of the game, the table session or the tournament.")
    key = models.CharField(max_length=50, help_text='"player:11", "pot", "kitty" or "carry".')

    class Meta:
        constraints = [
            models.UniqueConstraint(
                fields=["scope", "scope_id", "key"], name="ledger_account_unique_key"
            ),
        ]

    def __str__(self):
        return f"{self.scope} {self.scope_id} {self.key}"


class EntryQuerySet(models.QuerySet):
    def for_game(self, game_id: int) -> "EntryQuerySet":
        """The game's entries in the order they were written, with their accounts."""
        return (
            self.filter(game_id=game_id)
            .select_related("debit_account", "credit_account")
            .order_by("id")
        )


class Entry(models.Model):
    """One transfer: `amount_minor` leaves the debit account and arrives at the credit account.

    Entries are never updated or deleted (database triggers refuse it); a
    correction is a reversing entry. The id orders a game's entries.
    """

    class Kind(models.TextChoices):
        BUY_IN = "buy_in"
        REBUY = "rebuy"
        KNOCK_PREMIUM = "knock_premium"
        RUMMY_PREMIUM = "rummy_premium"
        UNDERCUT_TIE = "undercut_tie"
        KITTY_IN = "kitty_in"
        KITTY_WIN = "kitty_win"
        KITTY_FINAL = "kitty_final"
        PAYOUT = "payout"
        CARRY_OVER = "carry_over"
        POINT_SETTLEMENT = "point_settlement"

    debit_account = models.ForeignKey(
        Account, models.PROTECT, related_name="debits", help_text="Pays (from)."
    )
    credit_account = models.ForeignKey(
        Account, models.PROTECT, related_name="credits", help_text="Receives (to)."
    )
    amount_minor = models.BigIntegerField(help_text="Minor units (cents), always positive.")
    currency = models.CharField(max_length=3)
    kind = models.CharField(max_length=20, choices=Kind)
    # A game's entry names its game; a club tournament's entry fees and prizes name the
    # tournament instead (ledger.tournaments), and no game.
    game_id = models.BigIntegerField(db_index=True, null=True, blank=True)
    tournament_id = models.BigIntegerField(db_index=True, null=True, blank=True)
    round_number = models.PositiveIntegerField(null=True, blank=True)
    batch = models.UUIDField(db_index=True, help_text="Shared by the entries of one money event.")
    reverses = models.OneToOneField(
        "self",
        models.PROTECT,
        null=True,
        blank=True,
        related_name="reversal",
        help_text="The entry this one cancels; one-to-one, so an entry is reversed at most once.",
    )
    created_at = models.DateTimeField(default=timezone.now)
    actor = models.CharField(max_length=150, blank=True)
    # An imported entry's actor is the user who imported it; the one the document named is
    # kept here, as its claim (docs/security.md). None: written here, not imported; "": the
    # document named nobody. Nullable also so that adding it is an ADD COLUMN: SQLite
    # would rebuild the table for a NOT NULL one and lose the append-only triggers (0002).
    imported_actor = models.CharField(  # noqa: DJ001 (None and "" differ, see above)
        max_length=150, null=True, blank=True,
        help_text="Imported entries: the actor the imported document named.")
    reason = models.CharField(max_length=255, blank=True)
    request_id = models.CharField(
        max_length=255, blank=True, help_text="The idempotency key or request id that wrote it."
    )

    objects = EntryQuerySet.as_manager()

    class Meta:
        verbose_name_plural = "entries"
        ordering = ["id"]
        constraints = [
            # The same rules as the service checks, for writes that go around it.
            models.CheckConstraint(
                condition=Q(amount_minor__gt=0), name="ledger_entry_amount_positive"
            ),
            models.CheckConstraint(
                condition=~Q(debit_account=F("credit_account")),
                name="ledger_entry_accounts_differ",
            ),
            models.CheckConstraint(
                condition=Q(game_id__isnull=False, tournament_id__isnull=True)
                | Q(game_id__isnull=True, tournament_id__isnull=False),
                name="ledger_entry_game_or_tournament",
            ),
        ]

    def __str__(self):
        return f"#{self.pk} {self.kind} {self.amount_minor} {self.currency}"

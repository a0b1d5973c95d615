"""A club's knockout tournament (docs/organisers.md, "A Gin tournament"): its field, and its
matches, each an ordinary Gin game. Part of scorekeeper.models, which imports it.

The facts are the seeds and, for each match played, its game; who meets whom, the placings
and the prizes are derived from them by the bracket logic (scorekeeper.rules.bracket). A
match's winner is kept as the Game's status is: derived from its game's rounds, rewritten in
the same transaction as every write that changes them (services.tournaments).
"""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils import timezone


class Tournament(models.Model):
    """The organiser's tournament: its rules for every match, the entry fee and the payout
    table (whole percents of the pool by place)."""

    class Status(models.TextChoices):
        RUNNING = "running"
        FINISHED = "finished"

    class Seeding(models.TextChoices):
        RANDOM = "random"
        ORDERED = "ordered"

    club = models.ForeignKey("scorekeeper.Club", models.CASCADE, related_name="tournaments")
    name = models.CharField(max_length=100)
    preset = models.CharField(max_length=20)
    rules = models.JSONField(help_text="Every match's rules, resolved when it started.")
    currency = models.CharField(max_length=3, default="EUR")
    seeding = models.CharField(max_length=10, choices=Seeding)
    entry_fee = models.BigIntegerField(help_text="Minor units each player pays in.")
    payouts = models.JSONField(help_text="Percent of the pool by place, best first.")
    status = models.CharField(max_length=10, choices=Status, default=Status.RUNNING)
    version = models.PositiveIntegerField(default=1, help_text="Bumped by every change.")
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, models.SET_NULL, null=True, blank=True, related_name="+"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering = ["-created_at", "-id"]
        constraints = [
            models.CheckConstraint(condition=Q(entry_fee__gte=0),
                                   name="tournament_entry_fee_not_negative"),
        ]

    def __str__(self):
        return self.name


class TournamentEntry(models.Model):
    """A player in the tournament's field, with the seed the draw gave them (1 the best)."""

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="entries")
    player = models.ForeignKey("scorekeeper.Player", models.PROTECT, related_name="+")
    seed = models.PositiveSmallIntegerField()

    class Meta:
        ordering = ["seed"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "seed"], name="tournament_seed_once"),
            models.UniqueConstraint(fields=["tournament", "player"],
                                    name="tournament_player_once"),
        ]

    def __str__(self):
        return f"{self.player_id} seeded {self.seed}"


class TournamentMatch(models.Model):
    """A match of the bracket that is played: its game, and the winner its game gave.

    Made when both its players are known; a bye has no row (the bracket logic knows it).
    A game started for a match whose players changed (a correction before it was played)
    is voided and the match gets a new one.
    """

    tournament = models.ForeignKey(Tournament, models.CASCADE, related_name="matches")
    round = models.PositiveSmallIntegerField()
    number = models.PositiveSmallIntegerField()
    game = models.OneToOneField("scorekeeper.Game", models.PROTECT, related_name="tournament_match")
    winner = models.ForeignKey("scorekeeper.Player", models.PROTECT, null=True, blank=True,
                               related_name="+")

    class Meta:
        ordering = ["round", "number"]
        constraints = [
            models.UniqueConstraint(fields=["tournament", "round", "number"],
                                    name="tournament_match_once"),
        ]

    def __str__(self):
        return f"match {self.round}.{self.number} of {self.tournament_id}"

"""Admin for organisers: clubs, people and roles are edited here; the facts of a game
(seats, rounds, hands, re-buys) are shown only, because they change through the
services, which keep the ledger in step.

Nothing here deletes a game, directly or by cascade: its ledger entries name it by id,
and money no game accounts for is what `manage.py verifyledger` reports as a fault. A
game is voided instead (docs/security.md, "The ledger cannot be orphaned")."""

from django import forms
from django.contrib import admin
from django.utils.translation import gettext as _

from ledger.admin import ReadOnlyAdmin

from .models import Club, Game, Hand, Membership, Player, Rebuy, Round, Seat, TableSession
from .names import InvalidName, clean_name, look_alike, name_key
from .services import bump_version


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


def _kept_games(games, shown: int = 20) -> list[str]:
    """Why these games stop a deletion, as the admin lists protected objects (a club may
    have thousands: the first few, then how many more)."""
    lines = [_("Game %(id)s (%(name)s): a game is voided, never deleted, since its ledger "
               "entries name it") % {"id": game.pk, "name": game.name}
             for game in games.order_by("pk")[:shown]]
    more = games.count() - len(lines)
    if more > 0:
        lines.append(_("and %(count)s more games") % {"count": more})
    return lines


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]

    def get_deleted_objects(self, objs, request):
        # Deleting a club would cascade to its games: refused while it has any, also for
        # the list's bulk delete, which asks the same (a club without games may go).
        deleted, counts, perms_needed, protected = super().get_deleted_objects(objs, request)
        games = Game.objects.filter(club__in=[club.pk for club in objs])
        if games.exists():
            # Said as protected objects with the reason, rather than as a lacking permission.
            perms_needed = perms_needed - {Game._meta.verbose_name}
            protected = [*protected, *_kept_games(games)]
        return deleted, counts, perms_needed, protected


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role"]
    list_select_related = ["user", "club"]
    search_fields = ["user__username", "club__name"]


class PlayerForm(forms.ModelForm):
    """A player's name as the pages and the API take one (scorekeeper.names): cleaned, and
    neither the name nor a look-alike of another player of the club."""

    class Meta:
        model = Player
        fields = ["name", "club"]

    def clean(self):
        data = super().clean()
        if "name" not in data or "club" not in data:
            return data
        try:
            name = data["name"] = clean_name(data["name"])
        except InvalidName as problem:
            raise forms.ValidationError({"name": problem.message}) from None
        others = [player.name for player in
                  Player.objects.filter(club=data["club"]).exclude(pk=self.instance.pk)]
        if any(name_key(other) == name_key(name) for other in others):
            raise forms.ValidationError(
                {"name": _("%(name)s is a player of this club already") % {"name": name}})
        if (other := look_alike(name, others)) is not None:
            raise forms.ValidationError({"name": _(
                "%(name)s looks like %(other)s, a player of this club: write the name so "
                "that the two can be told apart") % {"name": name, "other": other}})
        return data


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
    form = PlayerForm
    list_display = ["name", "club"]
    list_select_related = ["club"]
    search_fields = ["name"]

    def save_model(self, request, obj, form, change):
        super().save_model(request, obj, form, change)
        if change:
            # The games show the name: a new version of each shows the new one at once.
            bump_version(Game.objects.filter(seats__player=obj))


@admin.register(TableSession)
class TableSessionAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "club", "created_at"]
    list_select_related = ["club"]


class SeatInline(admin.TabularInline):
    model = Seat
    can_delete = False
    extra = 0
    readonly_fields = ["number", "player"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Game)
class GameAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "club", "preset", "status", "version", "created_at"]
    list_filter = ["status", "preset"]
    list_select_related = ["club"]
    search_fields = ["name", "=id"]
    inlines = [SeatInline]
    # Only the name is editable: everything else is a fact or derived from the facts.
    readonly_fields = ["club", "session", "preset", "rules", "currency", "carried_in", "closed",
                       "status", "version", "created_by", "created_at"]  # fmt: skip

    def has_add_permission(self, request):
        return False  # games start through the pages or the API, which take the buy-ins

    def has_delete_permission(self, request, obj=None):
        # Voided, never deleted (see the top); this also takes the bulk delete away, and
        # any other admin's delete that would cascade to a game needs this permission.
        return False

    def save_model(self, request, obj, form, change):
        # The name alone: the other columns are the services' (a round entered while the
        # form was open must not be overwritten with what the form loaded).
        obj.save(update_fields=["name"])
        bump_version(obj)  # kept states, API objects and ETags of the old name go


class HandInline(admin.TabularInline):
    model = Hand
    can_delete = False
    extra = 0
    readonly_fields = ["position", "player", "deadwood", "cards", "laid", "laid_melds"]

    def has_add_permission(self, request, obj=None):
        return False


@admin.register(Round)
class RoundAdmin(ReadOnlyAdmin):
    list_display = ["game", "number", "revision", "ender", "reason", "entered_by", "entered_at"]
    list_select_related = ["game", "ender", "entered_by"]
    search_fields = ["=game__id"]
    inlines = [HandInline]


@admin.register(Rebuy)
class RebuyAdmin(ReadOnlyAdmin):
    list_display = ["game", "player", "after_round", "entered_by", "entered_at"]
    list_select_related = ["game", "player", "entered_by"]

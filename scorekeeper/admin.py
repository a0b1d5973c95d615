"""Admin for organisers: clubs, people and roles are edited here; the facts of a game
(seats, rounds, hands, re-buys) are shown only, because they change through the
services, which keep the ledger in step."""

from django.contrib import admin

from ledger.admin import ReadOnlyAdmin

from .models import Club, Game, Hand, Membership, Player, Rebuy, Round, Seat, TableSession
from .services import bump_version


class MembershipInline(admin.TabularInline):
    model = Membership
    extra = 1
    autocomplete_fields = ["user"]


@admin.register(Club)
class ClubAdmin(admin.ModelAdmin):
    list_display = ["id", "name", "created_at"]
    search_fields = ["name"]
    inlines = [MembershipInline]


@admin.register(Membership)
class MembershipAdmin(admin.ModelAdmin):
    list_display = ["user", "club", "role"]
    list_filter = ["role"]
    list_select_related = ["user", "club"]
    search_fields = ["user__username", "club__name"]


@admin.register(Player)
class PlayerAdmin(admin.ModelAdmin):
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

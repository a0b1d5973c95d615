from django.contrib import admin

from .models import Account, Entry


class ReadOnlyAdmin(admin.ModelAdmin):
    """Shown, never written: the services write the ledger, and history is not edited."""

    def has_add_permission(self, request):
        return False

    def has_change_permission(self, request, obj=None):
        return False

    def has_delete_permission(self, request, obj=None):
        return False


@admin.register(Account)
class AccountAdmin(ReadOnlyAdmin):
    # Renaming an account would change whom its entries paid, so accounts are read-only too.
    list_display = ["id", "scope", "scope_id", "key"]
    list_filter = ["scope"]
    search_fields = ["key", "=scope_id"]


@admin.register(Entry)
class EntryAdmin(ReadOnlyAdmin):
    list_display = [
        "id",
        "game_id",
        "round_number",
        "kind",
        "debit_account",
        "credit_account",
        "amount_minor",
        "currency",
        "reverses",
        "created_at",
        "actor",
        "imported_actor",  # an imported entry: the actor its document claimed
    ]
    list_filter = ["kind", "currency"]
    list_select_related = ["debit_account", "credit_account", "reverses"]
    search_fields = ["=game_id", "=batch", "request_id"]
    date_hierarchy = "created_at"

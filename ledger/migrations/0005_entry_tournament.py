"""A club tournament's ledger (ledger.tournaments): entries that name a tournament instead of a
game, and its accounts' scope.

game_id becomes nullable and a check wants exactly one of game_id and tournament_id; on
SQLite both rebuild ledger_entry, which drops the append-only triggers of 0002 silently, so
they are made again afterwards (dropped first where they survived, as on PostgreSQL).
"""

import importlib

from django.db import migrations, models

append_only = importlib.import_module("ledger.migrations.0002_entry_append_only")


def triggers_again(apps, schema_editor):
    append_only.drop_triggers(apps, schema_editor)
    append_only.create_triggers(apps, schema_editor)


class Migration(migrations.Migration):

    dependencies = [
        ("ledger", "0004_entry_imported_actor"),
    ]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="tournament_id",
            field=models.BigIntegerField(blank=True, db_index=True, null=True),
        ),
        migrations.AlterField(
            model_name="account",
            name="scope",
            field=models.CharField(choices=[("game", "Game"), ("session", "Session"),
                                            ("tournament", "Tournament")], max_length=10),
        ),
        migrations.AlterField(
            model_name="account",
            name="scope_id",
            field=models.BigIntegerField(
                help_text="The id of the game, the table session or the tournament."),
        ),
        migrations.AlterField(
            model_name="entry",
            name="game_id",
            field=models.BigIntegerField(blank=True, db_index=True, null=True),
        ),
        migrations.AddConstraint(
            model_name="entry",
            constraint=models.CheckConstraint(
                condition=models.Q(game_id__isnull=False, tournament_id__isnull=True)
                | models.Q(game_id__isnull=True, tournament_id__isnull=False),
                name="ledger_entry_game_or_tournament"),
        ),
        migrations.RunPython(triggers_again, triggers_again),
    ]

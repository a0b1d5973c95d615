# An imported entry's actor is its importer; the document's claim is kept beside it.
# Nullable, so that SQLite adds the column with ALTER TABLE ADD COLUMN and keeps the table
# (and with it the append-only triggers of 0002), and PostgreSQL writes no row.
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("ledger", "0003_move_idempotencykey")]

    operations = [
        migrations.AddField(
            model_name="entry",
            name="imported_actor",
            field=models.CharField(
                blank=True, max_length=150, null=True,
                help_text="Imported entries: the actor the imported document named.",
            ),
        ),
    ]

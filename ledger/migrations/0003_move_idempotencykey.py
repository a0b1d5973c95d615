# The idempotency keys belong to the requests, not to the money: the model moves to the
# scorekeeper app (its 0003), keeping its table and rows. State only, no SQL here.
from django.db import migrations


class Migration(migrations.Migration):
    dependencies = [("ledger", "0002_entry_append_only")]

    operations = [
        migrations.SeparateDatabaseAndState(
            state_operations=[migrations.DeleteModel(name="IdempotencyKey")],
            database_operations=[],
        ),
    ]

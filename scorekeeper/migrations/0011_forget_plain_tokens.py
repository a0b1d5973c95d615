"""The plain-text DRF tokens that 0009 carried over (as digests) are emptied from their old
table: a database dump no longer holds a secret that still works. Nothing reads the table;
it is left in place, empty, because no app of this project owns it."""

from django.db import migrations


def forget_plain_tokens(apps, schema_editor):
    connection = schema_editor.connection
    if "authtoken_token" in connection.introspection.table_names():
        with connection.cursor() as cursor:
            cursor.execute("DELETE FROM authtoken_token")


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0010_seat_claims_pending_hands")]
    operations = [migrations.RunPython(forget_plain_tokens, migrations.RunPython.noop)]

from django.db import migrations


class Migration(migrations.Migration):
    """Placeholder: renames games that were named with a US date (issue 25, item 4)."""

    dependencies = [
        ("scorekeeper", "0016_phones_enter_hands"),
    ]

    operations = []

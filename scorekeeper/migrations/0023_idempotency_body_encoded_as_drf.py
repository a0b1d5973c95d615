# The body's encoder is Python's only: the column stays as it is, so the change is the
# model state's alone (on SQLite an AlterField would copy the whole table to a new one).

import rest_framework.utils.encoders
from django.db import migrations, models


class Migration(migrations.Migration):

    dependencies = [
        ('scorekeeper', '0022_game_club_id_order'),
    ]

    operations = [
        migrations.SeparateDatabaseAndState(state_operations=[
            migrations.AlterField(
                model_name='idempotencykey',
                name='response_body',
                field=models.JSONField(blank=True, encoder=rest_framework.utils.encoders.JSONEncoder, null=True),
            ),
        ]),
    ]

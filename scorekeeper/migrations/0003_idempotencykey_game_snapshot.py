import django.db.models.deletion
import django.utils.timezone
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("ledger", "0003_move_idempotencykey"),
        ("scorekeeper", "0002_exports_and_report"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        # The model moves in from the ledger app with its table (ledger_idempotencykey).
        migrations.SeparateDatabaseAndState(
            state_operations=[
                migrations.CreateModel(
                    name="IdempotencyKey",
                    fields=[
                        ("id", models.BigAutoField(auto_created=True, primary_key=True,
                                                   serialize=False, verbose_name="ID")),
                        ("key", models.CharField(max_length=255)),
                        ("fingerprint", models.CharField(
                            help_text="sha256 hex of method, path and body.", max_length=64)),
                        ("response_status", models.PositiveSmallIntegerField(blank=True,
                                                                             null=True)),
                        ("response_body", models.JSONField(blank=True, null=True)),
                        ("created_at", models.DateTimeField(default=django.utils.timezone.now)),
                        ("user", models.ForeignKey(
                            on_delete=django.db.models.deletion.CASCADE, related_name="+",
                            to=settings.AUTH_USER_MODEL)),
                    ],
                    options={
                        "db_table": "ledger_idempotencykey",
                        "constraints": [models.UniqueConstraint(
                            fields=("user", "key"), name="ledger_idempotency_key_unique")],
                    },
                ),
            ],
            database_operations=[],
        ),
        migrations.AddField(
            model_name="game",
            name="snapshot",
            field=models.JSONField(blank=True, editable=False, null=True),
        ),
    ]

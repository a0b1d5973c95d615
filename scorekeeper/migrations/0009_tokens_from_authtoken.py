"""Tokens made before django-rest-knox (DRF's plain-text tokens) keep working: each becomes
an ApiToken holding only its digest, named "before knox", without expiry."""

from django.db import migrations


def carry_over(apps, schema_editor):
    from knox.crypto import hash_token
    from knox.settings import CONSTANTS

    connection = schema_editor.connection
    if "authtoken_token" not in connection.introspection.table_names():
        return
    ApiToken = apps.get_model("scorekeeper", "ApiToken")
    with connection.cursor() as cursor:
        cursor.execute("SELECT key, user_id, created FROM authtoken_token")
        rows = cursor.fetchall()
    for key, user_id, created in rows:
        token = ApiToken.objects.create(
            digest=hash_token(key), token_key=key[:CONSTANTS.TOKEN_KEY_LENGTH],
            user_id=user_id, name="before knox")
        ApiToken.objects.filter(pk=token.pk).update(created=created)


class Migration(migrations.Migration):
    dependencies = [("scorekeeper", "0008_tokens_webhooks")]
    operations = [migrations.RunPython(carry_over, migrations.RunPython.noop)]

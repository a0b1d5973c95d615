"""`manage.py sweepidempotencykeys`: delete the Idempotency-Keys kept longer than
settings.IDEMPOTENCY_KEY_TTL (scorekeeper/idempotency.py). The task worker's sweep does the
same every few minutes; this is for a deployment without the worker, or from cron."""

from django.core.management.base import BaseCommand

from scorekeeper.idempotency import sweep_expired


class Command(BaseCommand):
    help = "Delete the Idempotency-Keys older than IDEMPOTENCY_KEY_TTL_HOURS (24 by default)."

    def handle(self, *args, **options):
        deleted = sweep_expired()
        if options["verbosity"] > 0:
            self.stdout.write(f"Expired idempotency keys deleted: {deleted}.")

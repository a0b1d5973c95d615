"""`manage.py sweepwebhooks`: queue a sweep of the webhook deliveries (scorekeeper/tasks.py).

The worker (`manage.py db_worker`) runs it: it sends every pending delivery that is due
and from then on repeats every few minutes, one sweep at a time. `make run` calls this
before it starts the worker; a deployment calls it once when it starts its worker. Tasks a
killed worker left RUNNING are swept here at once (their attempts recorded as stopped), so
a restart after a crash leaves none behind for the next worker to wonder about.
"""

from django.core.management.base import BaseCommand

from scorekeeper.tasks import sweep, sweep_stopped


class Command(BaseCommand):
    help = ("Queue a sweep of the webhook deliveries: the task worker then sends those that "
            "are due, and sweeps again every few minutes.")

    def handle(self, *args, **options):
        stopped = sweep_stopped()
        sweep.enqueue()
        if options["verbosity"] > 1:
            self.stdout.write(f"Tasks a stopped worker left running, marked failed: {stopped}.")
            self.stdout.write("A sweep of the webhook deliveries is queued.")

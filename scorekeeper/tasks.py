"""Background tasks (Django's django.tasks; docs/api.md, "Webhooks"): sending webhook
deliveries. django-tasks-db's worker runs them (`manage.py db_worker`; `make run` starts
one); the tests run them at once (settings.TASKS: the immediate backend).

How a delivery gets retried without cron: each failed attempt enqueues the next one with
run_after at its backoff time, and the worker runs it then. The sweep is the safety net
for a delivery whose task was lost (the web process died between its commit and the
enqueue, or a worker died mid-attempt): it enqueues every pending delivery that is due.
It runs when `manage.py sweepwebhooks` enqueues it (`make run` does, at every start) and
then every SWEEP_EVERY, each sweep enqueuing the next one unless one is already waiting.
"""

from datetime import timedelta

from django.tasks import TaskResultStatus, task
from django.utils import timezone
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from .services import webhooks

SWEEP_EVERY = timedelta(minutes=5)


@task
def deliver(delivery_id: int) -> str:
    """One attempt of a due delivery; after a failure, the next attempt at its time."""
    retry_at = webhooks.attempt_due(delivery_id)
    if retry_at is not None and deliver.get_backend().supports_defer:
        deliver.using(run_after=retry_at).enqueue(delivery_id)
    return "retry at " + retry_at.isoformat() if retry_at else "done"


@task
def replay(delivery_id: int, user_id: int | None = None) -> str:
    """An organiser's replay of a delivery: one more attempt, whatever its status."""
    attempt = webhooks.replay(delivery_id, user_id)
    return "gone" if attempt is None else f"attempt {attempt.number}"


@task
def sweep() -> int:
    """Enqueue every due delivery (a lost task's); then the next sweep. How many it found."""
    # The next sweep first: a sweep that dies on the way still leaves one waiting. (Only on
    # django-tasks-db's queue: other backends cannot say whether one is waiting, and the
    # immediate one of the tests would run it at once, for ever.)
    if isinstance(sweep.get_backend(), DatabaseBackend) and not _sweep_waiting():
        sweep.using(run_after=timezone.now() + SWEEP_EVERY).enqueue()
    due = webhooks.due_deliveries()
    for delivery_id in due:
        deliver.enqueue(delivery_id)
    return len(due)


def _sweep_waiting() -> bool:
    """Whether a sweep is queued to run later."""
    return DBTaskResult.objects.filter(task_path=sweep.module_path,
                                       status=TaskResultStatus.READY).exists()

"""Background tasks (Django's django.tasks; docs/api.md, "Webhooks"): sending webhook
deliveries. django-tasks-db's worker runs them (`manage.py db_worker`; `make run` starts
one); the tests run them at once (settings.TASKS: the immediate backend).

How a delivery gets retried without cron: each failed attempt enqueues the next one with
run_after at its backoff time, and the worker runs it then. The sweep is the safety net
for a delivery whose task was lost (the web process died between its commit and the
enqueue, or a worker died mid-attempt): it enqueues every pending delivery that is due.
The sweep also deletes the Idempotency-Keys kept past their time (scorekeeper/idempotency.py).
It runs when `manage.py sweepwebhooks` enqueues it (`make run` does, at every start) and
then every SWEEP_EVERY, each sweep enqueuing the next one unless one is already waiting.

A worker killed mid-task (kill -9, the machine lost) leaves its row RUNNING for good:
django-tasks-db never looks at it again. The sweep (and `sweepwebhooks` at once) marks each
of ours RUNNING for longer than any of them can take failed, records the attempt the worker
was making as stopped, and schedules that delivery again (`sweep_stopped`).
"""

from datetime import timedelta

from django.db import transaction
from django.tasks import TaskResultStatus, task
from django.utils import timezone
from django_tasks_db.backend import DatabaseBackend
from django_tasks_db.models import DBTaskResult

from . import idempotency
from .services import webhook_sending as sending

SWEEP_EVERY = timedelta(minutes=5)


class WorkerStopped(Exception):
    """What a task left RUNNING by a worker that died is marked failed with."""


@task
def deliver(delivery_id: int) -> str:
    """One attempt of a due delivery; after a failure, the next attempt at its time."""
    retry_at = sending.attempt_due(delivery_id)
    if retry_at is not None:
        _retry(delivery_id, retry_at)
    return "retry at " + retry_at.isoformat() if retry_at else "done"


def _retry(delivery_id: int, at) -> None:
    """The delivery's next attempt at its time; where the backend cannot wait (the tests'),
    the sweep sends it once it is due."""
    if deliver.get_backend().supports_defer:
        deliver.using(run_after=at).enqueue(delivery_id)


@task
def replay(delivery_id: int, user_id: int | None = None) -> str:
    """An organiser's replay of a delivery: one more attempt, whatever its status."""
    attempt = sending.replay(delivery_id, user_id)
    return "gone" if attempt is None else f"attempt {attempt.number}"


@task
def sweep() -> int:
    """Enqueue every due delivery (a lost task's); then the next sweep. How many it found."""
    # The next sweep first: a sweep that dies on the way still leaves one waiting. (Only on
    # django-tasks-db's queue: other backends cannot say whether one is waiting, and the
    # immediate one of the tests would run it at once, for ever.)
    if isinstance(sweep.get_backend(), DatabaseBackend) and not _sweep_waiting():
        sweep.using(run_after=timezone.now() + SWEEP_EVERY).enqueue()
    sweep_stopped()
    idempotency.sweep_expired()  # the keys past IDEMPOTENCY_KEY_TTL: retries no longer
    due = sending.due_deliveries()
    for delivery_id in due:
        deliver.enqueue(delivery_id)
    return len(due)


def _sweep_waiting() -> bool:
    """Whether a sweep is queued to run later."""
    return DBTaskResult.objects.filter(task_path=sweep.module_path,
                                       status=TaskResultStatus.READY).exists()


def sweep_stopped() -> int:
    """Our tasks a dead worker left RUNNING, marked failed, and the attempts it was making,
    recorded as stopped (their deliveries scheduled again). How many tasks it marked."""
    cutoff = timezone.now() - sending.STALE_AFTER
    ours = [each.module_path for each in (deliver, replay, sweep)]
    stale = DBTaskResult.objects.running().filter(task_path__in=ours, started_at__lt=cutoff)
    marked = 0
    for pk in stale.values_list("pk", flat=True):
        with transaction.atomic():
            # Still RUNNING: a worker that was only slow and finished meanwhile keeps its result.
            row = DBTaskResult.objects.running().select_for_update().filter(pk=pk).first()
            if row is not None:
                row.set_failed(WorkerStopped(
                    f"The worker {', '.join(row.worker_ids) or '?'} stopped while running this "
                    f"task (started {row.started_at.isoformat()}): swept"))
                marked += 1
    for delivery_id, at in sending.stopped_attempts():
        _retry(delivery_id, at)
    return marked

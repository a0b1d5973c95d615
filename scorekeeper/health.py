"""GET /health/: is this app server up, and can it reach its database?

For a load balancer or an orchestrator. No authentication, no session, no
template: one `SELECT 1` on the default database, answered as JSON, never cached.

    200 {"status": "ok", "database": "ok"}
    503 {"status": "error", "database": "error"}   (the cause goes to the log, not the body)

`GET /health/?probe=live` answers 200 {"status": "ok"} without touching the
database: a liveness probe that must not restart app servers when only the
database is down (and the cheapest JSON answer the app has, which `make bench`
uses as its baseline).

`GET /health/?probe=outbox` is for monitoring the background work (docs/deploy.md,
"What to watch"), not for a load balancer: after the `SELECT 1`, how long the oldest
webhook delivery that is due has waited to be sent and the oldest task that is due has
waited for a worker, and how many deliveries were given up and tasks failed in the last
24 hours. Whole seconds and counts over every club, nothing that names a club, a game or
a receiver.

    200 {"status": "ok", "database": "ok",
         "outbox": {"oldest_due_seconds": 0, "failed_last_24h": 0},
         "tasks": {"oldest_ready_seconds": 0, "failed_last_24h": 0}}
    503 the same with "status": "late" once either wait passes LATE_AFTER: no worker is
        running, or the ones running cannot keep up

Failed deliveries do not make it late: a receiver that is down is its club's affair (the
organisers see each attempt), though many of them are worth a look.
"""

import logging
from datetime import timedelta

from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.db.models import Exists, Min, OuterRef, Q
from django.http import JsonResponse
from django.tasks import TaskResultStatus
from django.utils import timezone
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe
from django_tasks_db.models import DBTaskResult, get_date_max

from .models import WebhookAttempt, WebhookDelivery
from .tasks import SWEEP_EVERY

log = logging.getLogger(__name__)

# A delivery whose task was lost waits for the next sweep, up to SWEEP_EVERY; twice that
# leaves room for a worker busy with a burst (each attempt may take its full timeout).
LATE_AFTER = 2 * SWEEP_EVERY
RECENT = timedelta(hours=24)


@login_not_required
@never_cache
@require_safe
def view(request):
    probe = request.GET.get("probe")
    if probe == "live":
        return JsonResponse({"status": "ok"})
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            ok = cursor.fetchone() == (1,)
        work = background_work() if ok and probe == "outbox" else None
    except Exception:  # any failure of the database is an unhealthy answer, never a 500
        log.exception("health check: the database query failed")
        ok = False
    if not ok:
        return JsonResponse({"status": "error", "database": "error"}, status=503)
    if work is None:
        return JsonResponse({"status": "ok", "database": "ok"})
    late = max(work["outbox"]["oldest_due_seconds"],
               work["tasks"]["oldest_ready_seconds"]) > LATE_AFTER.total_seconds()
    return JsonResponse({"status": "late" if late else "ok", "database": "ok", **work},
                        status=503 if late else 200)


def background_work() -> dict:
    """The outbox's and the task queue's oldest waits (0 when nothing waits) and failures."""
    now = timezone.now()
    due = WebhookDelivery.objects.filter(
        # A paused webhook's deliveries wait on purpose; one being sent has its next attempt
        # a lease ahead, so it is not due.
        status=WebhookDelivery.Status.PENDING, webhook__active=True, next_attempt_at__lte=now,
    ).aggregate(oldest=Min("next_attempt_at"))["oldest"]
    # Given up recently: the last attempt, which gave it up, falls in the window.
    failed_deliveries = WebhookDelivery.objects.filter(
        Exists(WebhookAttempt.objects.filter(delivery=OuterRef("pk"), at__gte=now - RECENT)),
        status=WebhookDelivery.Status.FAILED,
    ).count()
    # django-tasks-db marks a task to run at once with the greatest date as its run_after:
    # such a task is due since it was queued, any other since its run_after.
    ready = DBTaskResult.objects.filter(status=TaskResultStatus.READY).aggregate(
        at_once=Min("enqueued_at", filter=Q(run_after=get_date_max())),
        deferred=Min("run_after", filter=Q(run_after__lte=now)),
    )
    ready_since = min((at for at in ready.values() if at is not None), default=None)
    failed_tasks = DBTaskResult.objects.filter(
        status=TaskResultStatus.FAILED, finished_at__gte=now - RECENT).count()
    return {
        "outbox": {"oldest_due_seconds": _seconds_since(due, now),
                   "failed_last_24h": failed_deliveries},
        "tasks": {"oldest_ready_seconds": _seconds_since(ready_since, now),
                  "failed_last_24h": failed_tasks},
    }


def _seconds_since(moment, now) -> int:
    return 0 if moment is None else max(int((now - moment).total_seconds()), 0)

"""GET /health/: is this app server up, and can it reach its database?

For a load balancer or an orchestrator. No authentication, no session, no
template: one `SELECT 1` on the default database, answered as JSON, never cached.

    200 {"status": "ok", "database": "ok"}
    503 {"status": "error", "database": "error"}   (the cause goes to the log, not the body)

`GET /health/?probe=live` answers 200 {"status": "ok"} without touching the
database: a liveness probe that must not restart app servers when only the
database is down (and the cheapest JSON answer the app has, which `make bench`
uses as its baseline).
"""

import logging

from django.contrib.auth.decorators import login_not_required
from django.db import connection
from django.http import JsonResponse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

log = logging.getLogger(__name__)


@login_not_required
@never_cache
@require_safe
def view(request):
    if request.GET.get("probe") == "live":
        return JsonResponse({"status": "ok"})
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            ok = cursor.fetchone() == (1,)
    except Exception:  # any failure of the database is an unhealthy answer, never a 500
        log.exception("health check: the database query failed")
        ok = False
    if not ok:
        return JsonResponse({"status": "error", "database": "error"}, status=503)
    return JsonResponse({"status": "ok", "database": "ok"})

"""A period of days in the site's time zone, as a filter on a timestamp column.

`created_at__date__gte=start` would ask the same, but it wraps the column in a conversion
to the local date: the database then knows nothing of how many rows match (PostgreSQL
guesses a handful) and no index on the column applies. So a club's season was planned as
if it held a few games, and each chunk of the season's CSV read and sorted every game of
the club. The bounds here are instants, compared with the column as it is stored; with the
index of a club's games by id (Game.Meta, "game_club_id_order") each chunk of 500 games,
newest first, reads those 500 games whatever the size of the club.
"""

from datetime import date, datetime, time, timedelta

from django.db.models import Q
from django.utils import timezone


def day_starts(day: date) -> datetime:
    """The first instant of `day` in the current time zone (midnight, or the first time
    that exists on that day where a clock change skips midnight)."""
    return timezone.make_aware(datetime.combine(day, time.min))


def started_on_days(start: date, end: date) -> Q:
    """`created_at`'s local date from `start` to `end`, both included. The first and the
    last day a date can hold have no bound on their side: their instants may not exist in
    UTC."""
    bounds = Q()
    if start > date.min:
        bounds &= Q(created_at__gte=day_starts(start))
    if end < date.max:
        bounds &= Q(created_at__lt=day_starts(end + timedelta(days=1)))
    return bounds

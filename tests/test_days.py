"""A period of local days as bounds on a timestamp (scorekeeper/services/days.py): the same
games as asking for each game's local date, at the edges of a day, across clock changes,
and for the first and last day a date can hold."""

from datetime import UTC, date, datetime, timedelta

import pytest
from django.utils import timezone
from hypothesis import example, given
from hypothesis import strategies as st

from scorekeeper import services
from scorekeeper.models import Game
from scorekeeper.services.days import day_starts, started_on_days
from scorekeeper.services.policy import OPERATOR

# The site's own zone, and zones whose clocks change at midnight (so that midnight is
# skipped, or a day begins after an hour lived twice), or by other than an hour.
ZONES = ("Europe/Vienna", "America/Santiago", "America/Havana", "Asia/Beirut",
         "Australia/Lord_Howe", "Pacific/Kiritimati", "America/St_Johns")
instants = st.datetimes(min_value=datetime(1900, 1, 2), max_value=datetime(2100, 1, 1),
                        timezones=st.just(UTC))
days = st.dates(min_value=date(1900, 1, 2), max_value=date(2100, 1, 1))


@given(st.sampled_from(ZONES), instants, days)
def test_an_instant_is_on_or_after_a_day_exactly_when_it_is_past_the_days_start(
        zone, instant, day):
    with timezone.override(zone):
        assert (timezone.localdate(instant) >= day) == (instant >= day_starts(day))


@given(st.sampled_from(ZONES), days)
@example("America/Santiago", date(2024, 9, 8))  # clocks forward at midnight: it never comes
@example("America/Santiago", date(2024, 4, 7))  # back at midnight: 23:00 of the 6th twice
@example("America/Havana", date(2024, 11, 3))  # back at 01:00: midnight to 01:00 twice
@example("Asia/Beirut", date(2024, 3, 31))  # forward at midnight
@example("Europe/Vienna", date(2024, 3, 31))  # forward at 02:00
def test_a_days_start_falls_on_that_day_and_the_instant_before_on_the_day_before(zone, day):
    with timezone.override(zone):
        start = day_starts(day)
        assert timezone.localdate(start) == day
        assert timezone.localdate(start - timedelta(microseconds=1)) == day - timedelta(days=1)


def game_started_at(club, instant: datetime) -> Game:
    view = services.start_game(club=club, name=instant.isoformat(), preset="wiener",
                               players=["Anna", "Ben"], user=OPERATOR)
    Game.objects.filter(pk=view.game.pk).update(created_at=instant)
    return Game.objects.get(pk=view.game.pk)


@pytest.mark.django_db
def test_the_filter_finds_the_games_the_local_date_finds(club):
    # Vienna's summer time began on 31 March 2024: 22:00 UTC that day is midnight of 1 April.
    instants = [datetime(2024, 3, 31, 21, 59, 59, 999999, tzinfo=UTC),
                datetime(2024, 3, 31, 22, 0, tzinfo=UTC),
                datetime(2024, 4, 30, 21, 59, 59, tzinfo=UTC),
                datetime(2024, 4, 30, 22, 0, tzinfo=UTC),
                datetime(1, 1, 1, 12, 0, tzinfo=UTC),
                datetime(9999, 12, 31, 12, 0, tzinfo=UTC)]
    games = [game_started_at(club, instant) for instant in instants]
    periods = [(date(2024, 4, 1), date(2024, 4, 30)), (date(2024, 3, 31), date(2024, 3, 31)),
               (date(2024, 5, 1), date(2024, 5, 1)), (date.min, date(2024, 3, 31)),
               (date(2024, 4, 1), date.max), (date.min, date.max)]
    for start, end in periods:
        by_date = set(Game.objects.filter(created_at__date__gte=start, created_at__date__lte=end,
                                          pk__in=[game.pk for game in games]))
        by_bounds = set(Game.objects.filter(started_on_days(start, end),
                                            pk__in=[game.pk for game in games]))
        assert by_bounds == by_date, (start, end)
    april = Game.objects.filter(started_on_days(date(2024, 4, 1), date(2024, 4, 30)))
    assert [game.name for game in april.order_by("created_at")] == [
        instants[1].isoformat(), instants[2].isoformat()]

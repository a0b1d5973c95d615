"""The evenings on pages that are not the evening's own: the running evenings on the home
page, and a game's way back to its evening on the sheet.

Tags rather than context, so that the home page's and the sheet's views stay as they are;
each tag reads in one query (services.evenings).
"""

from django import template
from django.urls import reverse
from django.utils.html import format_html
from django.utils.translation import gettext as _

from scorekeeper.rules import GameStatus
from scorekeeper.services import evenings

register = template.Library()


@register.simple_tag(takes_context=True)
def running_evenings(context):
    """{% running_evenings as evenings %}: the user's clubs' evenings still going on."""
    return evenings.running_evenings(context["request"].user)


@register.simple_tag(takes_context=True)
def evening_link(context, game):
    """A link from a game's sheet to its evening, once the evening has another game, or
    when the pot went from one game of it to another.

    The sheet that answers a write (a round saved with htmx) asks the database nothing
    more: a write's queries are counted (tests/test_game_pages.py). It shows the link when
    the game row tells, the pot carried in or out; the next page load shows it in any case.
    """
    if game.session_id is None:
        return ""
    request = context.get("request")
    carried = game.carried_in or game.status == GameStatus.CARRIED_OVER
    if not carried and (request is not None and request.method != "GET"
                        or evenings.games_in_evening(game) < 2):
        return ""
    return format_html('<p class="evening-of"><a href="{}">{}</a></p>',
                       reverse("session", args=[game.session_id]),
                       _("The whole evening: who pays whom"))

"""The what-if of a correction (issue 12): before a correction is saved, its form shows
what would change (totals, who is out, re-buys undone, each player's money), and asking
writes nothing.

The form posts to /games/<id>/rounds/<n>/preview/ as htmx does (the correction form's
fields as typed so far); the answer is a fragment, always 200.
"""

import html
import re

from ledger.models import Entry
from scorekeeper.models import Game, Hand, Rebuy, Round

from .api_table import Table

HTMX = {"HTTP_HX_REQUEST": "true"}


def text(fragment: str) -> str:
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def footprint(game_id: int) -> dict:
    """What a write would change: every row of the game's facts and ledger, its version."""
    return {
        "entries": Entry.objects.filter(game_id=game_id).count(),
        "rounds": Round.objects.filter(game_id=game_id).count(),
        "hands": Hand.objects.filter(round__game_id=game_id).count(),
        "rebuys": Rebuy.objects.filter(game_id=game_id).count(),
        "version": Game.objects.get(pk=game_id).version,
    }


def correction(table: Table, ender: str | None, **points) -> dict:
    """The correction form as typed: players, the ender, each hand's points."""
    data = {"number": 1, "players": list(table.ids.values())}
    if ender:
        data["ender"] = table.ids[ender]
    data |= {f"dw-{table.ids[name]}": str(value) for name, value in points.items()}
    return data


def preview(client, table: Table, number: int, data: dict):
    response = client.post(f"/games/{table.id}/rounds/{number}/preview/", data, **HTMX)
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def listed(fragment: str, css: str) -> list[str]:
    block = re.search(rf'<ul class="{css}">(.*?)</ul>', fragment, re.S)
    return [text(item) for item in re.findall(r"<li>(.*?)</li>", block[1], re.S)] if block else []


def test_the_what_if_shows_totals_and_money_before_and_after_and_writes_nothing(
        as_alice, bob_page):
    # given two rounds of Wiener (buy-in 5.00, knock premium 1.00): Anna knocked in round 1
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=40, Cem=26)
    table.knock("Ben", Anna=30, Ben=2, Cem=4)
    before = footprint(table.id)

    # when the correction form says Cem knocked in round 1, with Anna holding 12
    fragment = preview(bob_page, table, 1, correction(table, "Cem", Anna=12, Ben=40, Cem=4))

    # then it shows the totals that change, old -> new, and each player's money that does
    assert listed(fragment, "wi-totals") == ["Anna 33 → 42", "Cem 30 → 8"]
    assert listed(fragment, "wi-money") == ["Anna −€4.00 → −€7.00", "Cem −€7.00 → −€4.00"]
    assert "would be out" not in fragment
    # and nothing was written
    assert footprint(table.id) == before
    assert Round.objects.filter(game_id=table.id, revision__gt=0).count() == 0


def test_the_what_if_says_who_would_go_out_and_who_would_win(as_alice, bob_page):
    # given Wiener with two players, where Ben is at 80 after round 1
    table = Table.start(as_alice, ["Anna", "Ben"], rules={"rebuy": False})
    table.knock("Anna", Anna=3, Ben=80)
    table.knock("Anna", Anna=2, Ben=10)

    # when round 1 is corrected to Ben holding 95 (105 in all: out at 101)
    fragment = preview(bob_page, table, 1, correction(table, "Anna", Anna=3, Ben=95))

    # then the what-if says so, and that the game would end with Anna's win
    assert "Ben would be out." in text(fragment)
    assert "Anna would win the game." in text(fragment)
    assert listed(fragment, "wi-totals") == ["Ben 90 → 105"]


def test_the_what_if_says_when_the_round_stays_as_it_was(as_alice, bob_page):
    table = Table.start(as_alice, ["Anna", "Ben"])
    table.knock("Anna", Anna=3, Ben=40)

    fragment = preview(bob_page, table, 1, correction(table, "Anna", Anna=3, Ben=40))

    assert "Nothing changes yet" in text(fragment)


def test_an_unfinished_or_impossible_form_gets_a_hint_not_an_error(as_alice, bob_page):
    # given a round to correct
    table = Table.start(as_alice, ["Anna", "Ben"])
    table.knock("Anna", Anna=3, Ben=40)
    before = footprint(table.id)

    # when the form has no knocker yet, or a false knock (the limit is 5)
    unfinished = preview(bob_page, table, 1, correction(table, None, Anna=3, Ben=40))
    impossible = preview(bob_page, table, 1, correction(table, "Anna", Anna=9, Ben=40))

    # then each answer is a short hint, and nothing is written
    assert "Fill in the round to see what the correction changes" in text(unfinished)
    assert "Not possible as entered:" in text(impossible)
    assert "9" in text(impossible)
    assert footprint(table.id) == before


def test_the_what_if_shows_a_rebuy_the_correction_undoes(as_alice, bob_page):
    # given Ben at 85 after round 1, who re-bought (at 5.00, docs/rules.md 4.2)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=85, Cem=20)
    table.rebuy("Ben")
    before = footprint(table.id)

    # when round 1 is corrected to Ben holding 30, far from where a re-buy is allowed
    fragment = preview(bob_page, table, 1, correction(table, "Anna", Anna=3, Ben=30, Cem=20))

    # then the what-if says the re-buy would be undone and its cost paid back
    assert "Ben's re-buy would be undone and its cost paid back." in text(fragment)
    assert "Ben −€11.00 → −€6.00" in listed(fragment, "wi-money")
    assert footprint(table.id) == before


def test_the_correction_form_asks_for_its_what_if(as_alice, bob_page):
    table = Table.start(as_alice, ["Anna", "Ben"])
    table.knock("Anna", Anna=3, Ben=40)

    form = bob_page.get(f"/games/{table.id}/rounds/1/edit/").content.decode()

    section = re.search(r'<section id="what-if"[^>]*>', form, re.S)[0]
    assert f'hx-post="/games/{table.id}/rounds/1/preview/"' in section
    assert 'hx-include="closest form"' in section
    # a new round has nothing to compare with
    new = bob_page.get(f"/games/{table.id}/rounds/new/").content.decode()
    assert 'id="what-if"' not in new


def test_a_viewer_may_not_ask_for_a_what_if(as_alice, carol_page):
    table = Table.start(as_alice, ["Anna", "Ben"])
    table.knock("Anna", Anna=3, Ben=40)

    response = carol_page.post(f"/games/{table.id}/rounds/1/preview/",
                               correction(table, "Anna", Anna=3, Ben=50))

    assert response.status_code == 403


# --- On a phone -------------------------------------------------------------------------

pytest_plugins = ["tests.browser_support"]


def test_on_a_phone_the_what_if_follows_the_typing_before_the_save(phone, club):
    from playwright.sync_api import expect

    from tests.browser_steps import fill_round, game_with

    # given a game of three whose round 1 is to be corrected
    game_id = game_with(club, ["Anna", "Ben", "Cem"],
                        rounds=[("Anna", {"Anna": 3, "Ben": 12, "Cem": 20})])
    phone.goto(f"/games/{game_id}/rounds/1/edit/")
    what_if = phone.locator("#what-if")
    expect(what_if).to_contain_text("Nothing changes yet")

    # when Ben's 12 is typed as 21, and then Cem is said to have knocked
    fill_round(phone, "Anna", {"Ben": 21})
    expect(what_if.locator(".wi-totals")).to_have_text("Ben 12 → 21")
    fill_round(phone, "Cem", {"Anna": 30, "Cem": 4})

    # then the what-if shows the money that moves with the knock, before anything is saved
    expect(what_if.locator(".wi-money li")).to_have_text(
        ["Anna −€3.00 → −€6.00", "Cem −€6.00 → −€3.00"])
    assert Round.objects.filter(game_id=game_id).count() == 1

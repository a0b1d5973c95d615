"""The sheet explains itself (issue 12): who got what in a round, a player's account that
adds up to the money on the sheet, a Rummy round's points in their parts, and when each
placed player went out.

Games are set up through the REST API (tests/api_table.py); the pages are read as a
phone reads them.
"""

import html
import re
from decimal import Decimal

from scorekeeper.services import HandInput, correct_round, load_game

from .api_table import Table

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def text(fragment: str) -> str:
    """What a fragment of a page reads, tags dropped and spaces collapsed."""
    return " ".join(html.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def page(client, url: str) -> str:
    response = client.get(url)
    assert response.status_code == 200, response.content.decode()[:2000]
    return response.content.decode()


def items(html_page: str, tag: str, css: str) -> list[str]:
    """The text of each `tag` of class `css` (its first class) inside the page."""
    return [text(found) for found in re.findall(
        rf'<{tag} class="{css}[^"]*"[^>]*>(.*?)</{tag}>', html_page, re.S)]


def round_money(html_page: str) -> list[str]:
    block = re.search(r'<ul class="round-money"[^>]*>(.*?)</ul>', html_page, re.S)
    return [text(line) for line in re.findall(r"<li>(.*?)</li>", block[1], re.S)] if block else []


def money_row(html_page: str) -> dict[str, str]:
    """The sheet's money row: each account link's player id -> the amount it shows."""
    row = re.search(r'<tr class="money">(.*?)</tr>', html_page, re.S)[1]
    return dict(re.findall(r'<a href="/games/\d+/players/(\d+)/"[^>]*>([^<]+)</a>', row))


def account_lines(html_page: str) -> list[tuple[str, list[str]]]:
    """Each group of an account page (its caption) with its lines as they read."""
    groups = []
    for table in re.findall(r'<table class="ledger account">(.*?)</table>', html_page, re.S):
        caption = text(re.search(r"<caption>(.*?)</caption>", table, re.S)[1])
        body = re.search(r"<tbody>(.*?)</tbody>", table, re.S)[1]
        groups.append((caption, [text(row) for row in re.findall(r"<tr[^>]*>(.*?)</tr>",
                                                                 body, re.S)]))
    return groups


def balance(html_page: str) -> str:
    return text(re.search(r'<p class="balance">(.*?)</p>', html_page, re.S)[1])


# --- The money of a round ---------------------------------------------------------------


def test_the_news_says_who_got_what_in_the_last_round(as_alice, bob_page):
    # given four at a Wiener table (knock premium 1.00, Rummy premium 2.00)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem", "Dora"])

    # when Anna knocks with 3
    table.knock("Anna", Anna=3, Ben=25, Cem=40, Dora=12)
    knock = page(bob_page, f"/games/{table.id}/")
    # and then Ben goes Rummy
    table.knock("Ben", Anna=14, Ben=0, Cem=30, Dora=8)
    rummy = page(bob_page, f"/games/{table.id}/")

    # then each round's news says each player's money in it and why (docs/rules.md 3.5)
    assert round_money(knock) == [
        "Anna +€3.00 (knock premium from 3 players)",
        "Ben −€1.00 (knock premium to Anna)",
        "Cem −€1.00 (knock premium to Anna)",
        "Dora −€1.00 (knock premium to Anna)",
    ]
    assert round_money(rummy) == [
        "Anna −€2.00 (Rummy premium to Ben)",
        "Ben +€6.00 (Rummy premium from 3 players)",
        "Cem −€2.00 (Rummy premium to Ben)",
        "Dora −€2.00 (Rummy premium to Ben)",
    ]
    # and each name opens that player's account
    assert re.findall(r'<ul class="round-money".*?</ul>', rummy, re.S)[0].count(
        f'href="/games/{table.id}/players/') == 4


def test_a_rebuy_and_several_reasons_in_one_round_carry_their_amounts(as_alice, bob_page):
    # given a Wiener table with the Rummykasse (1.00 a round into the kitty, docs/rules.md
    # 5.4) and a re-buy at 2.55
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"],
                        rules={"rummy_kitty": True, "rebuy_cost": "2.55"})
    table.knock("Anna", Anna=3, Ben=85, Cem=20)

    # when Ben re-buys after round 1
    table.rebuy("Ben")

    # then the round's money names each reason with its amount where there are several
    assert round_money(page(bob_page, f"/games/{table.id}/")) == [
        "Anna +€1.00 (into the kitty −€1.00, knock premium from 2 players +€2.00)",
        "Ben −€4.55 (into the kitty −€1.00, knock premium to Anna −€1.00, re-buy −€2.55)",
        "Cem −€2.00 (into the kitty −€1.00, knock premium to Anna −€1.00)",
    ]


def test_basic_rummy_news_says_who_paid_the_points(as_alice, bob_page):
    # given Basic Rummy at 0.10 a point
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="basic",
                        rules={"point_value": "0.10"})

    # when Anna goes out and the others hold 29 and 25
    response = as_alice.post(f"/api/v1/games/{table.id}/rounds/", {
        "number": 1, "ender": table.ids["Anna"],
        "hands": [{"player": table.ids["Anna"]}, {"player": table.ids["Ben"], "deadwood": 29},
                  {"player": table.ids["Cem"], "deadwood": 25}]}, format="json")
    assert response.status_code == 201, response.json()

    # then each pays his hand times the point value to Anna (docs/rules.md 9.3)
    assert round_money(page(bob_page, f"/games/{table.id}/")) == [
        "Anna +€5.40 (points from 2 players)",
        "Ben −€2.90 (points to Anna)",
        "Cem −€2.50 (points to Anna)",
    ]


# --- The Rummy round in its parts -------------------------------------------------------


def test_a_rummy_round_shows_the_hand_and_the_rummy_bonus_as_parts(as_alice, bob_page):
    # given Wiener, where a Rummy adds 10 points to every other hand (docs/rules.md 3.4)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=25, Cem=40)

    # when Ben goes Rummy while Anna holds 12 and Cem 30
    table.knock("Ben", Anna=12, Ben=0, Cem=30)
    sheet = page(bob_page, f"/games/{table.id}/")

    # then Anna's cell reads 12 + 10 and her total 25; a knock round stays "+25"
    rows = re.findall(r'<tr id="r(\d+)"[^>]*>(.*?)</tr>', sheet, re.S)
    points = {number: re.findall(r'<span class="pt">([^<]*)</span>', row) for number, row in rows}
    assert points == {"1": ["+3", "+25", "+40"], "2": ["12 + 10", "+0", "30 + 10"]}
    totals = re.findall(r'<span class="t">(\d+)</span>', dict(rows)["2"])
    assert totals == ["25", "25", "80"]


# --- A player's account -----------------------------------------------------------------


def play_the_worked_example_with_a_correction(as_alice, alice) -> Table:
    """docs/rules.md 5.3's Wiener game of five (a re-buy at 2.55, 70/30 split of 27.55),
    its round 1 first entered with Cem as the knocker and then corrected."""
    table = Table.start(as_alice, FIVE, rules={"rebuy_cost": "2.55"})
    table.knock("Cem", Anna=20, Ben=85, Cem=5, Dora=20, Emil=20)
    table.rebuy("Ben")
    view = load_game(table.id)
    correct_round(game_id=table.id, number=1, ender=table.ids["Anna"], hands=[
        HandInput(table.ids[name], deadwood=points) for name, points in
        (("Anna", 5), ("Ben", 85), ("Cem", 20), ("Dora", 20), ("Emil", 20))],
        reason="Anna knocked, not Cem", version=view.game.version, user=alice)
    table.refresh()
    table.knock("Anna", Anna=5, Ben=101, Cem=70, Dora=10, Emil=10)
    table.knock("Anna", Anna=5, Cem=20, Dora=75, Emil=30)
    table.knock("Anna", Anna=5, Emil=50)
    assert table.game["status"] == "finished"
    return table


def minor(shown: str) -> int:
    """Money as a page shows it ("−9.55", "+€20.74", "€0.00") in minor units."""
    sign = -1 if shown.startswith("−") else 1
    return sign * int(Decimal(shown.lstrip("+−€")) * 100)


def test_each_account_adds_up_to_the_money_on_the_sheet(as_alice, alice, bob_page):
    # given the worked example played to its end, with a re-buy, a correction and payouts
    table = play_the_worked_example_with_a_correction(as_alice, alice)

    # when each player's money on the sheet is tapped
    shown = money_row(page(bob_page, f"/games/{table.id}/"))
    assert sorted(shown) == sorted(str(pid) for pid in table.ids.values())
    accounts = {name: page(bob_page, f"/games/{table.id}/players/{player}/")
                for name, player in table.ids.items()}

    # then every account's lines add up to its balance, which is the sheet's amount
    sums = {name: sum(minor(line.rsplit(" ", 1)[1]) for _caption, lines in
                      account_lines(account) for line in lines)
            for name, account in accounts.items()}
    balances = {name: minor(balance(account).removeprefix("Balance "))
                for name, account in accounts.items()}
    on_sheet = {name: minor(shown[str(player)]) for name, player in table.ids.items()}
    assert sums == balances == on_sheet
    # (Anna: buy-in, 12 knock premiums, 70 % of the pot; Emil: 4 premiums, 30 %)
    assert on_sheet == {"Anna": -500 + 1200 + 1929, "Ben": -955, "Cem": -800,
                        "Dora": -800, "Emil": -900 + 826}


def test_an_account_lists_each_movement_with_its_round_and_the_correction(as_alice, alice,
                                                                          bob_page):
    # given the worked example with round 1 corrected from Cem's knock to Anna's
    table = play_the_worked_example_with_a_correction(as_alice, alice)

    # when Ben's and Anna's accounts are opened
    ben = page(bob_page, f"/games/{table.id}/players/{table.ids['Ben']}/")
    anna = page(bob_page, f"/games/{table.id}/players/{table.ids['Anna']}/")

    # then Ben's reads his buy-in, the premium he paid Cem, its reversal, the premium
    # he paid Anna instead, his re-buy, the premium of round 2, and nothing at the end
    assert account_lines(ben) == [
        ("Start", ["Buy-in to Pot −€5.00"]),
        ("Round 1", [
            "Knock premium cancelled to Cem −€1.00",
            "Re-buy to Pot −€2.55",
            "Knock premium cancels from Cem +€1.00",
            "Knock premium to Anna −€1.00",
        ]),
        ("Round 2", ["Knock premium to Anna −€1.00"]),
    ]
    assert balance(ben) == "Balance −€9.55"
    # and under each round, everyone's money in it, as the news told it then
    everyone = re.search(r'<details class="round-all"><summary>Everyone\'s money in round 2'
                         r'</summary>(.*?)</details>', ben, re.S)
    assert [text(line) for line in re.findall(r"<li>(.*?)</li>", everyone[1], re.S)] == [
        "Anna +€4.00 (knock premium from 4 players)", "Ben −€1.00 (knock premium to Anna)",
        "Cem −€1.00 (knock premium to Anna)", "Dora −€1.00 (knock premium to Anna)",
        "Emil −€1.00 (knock premium to Anna)"]
    # and the correction form of each round is a tap away for a scorekeeper
    assert f'href="/games/{table.id}/rounds/1/edit/"' in ben
    # and Anna's ends with her payout, 70 % of 27.55 (docs/rules.md 5.3)
    assert account_lines(anna)[-1] == ("End", ["Payout from Pot +€19.29"])


def test_a_viewer_reads_an_account_with_rounds_linked_to_the_sheet(as_alice, carol_page):
    # given a game of three
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=25, Cem=40)

    # when carol, who only watches, opens Cem's account
    account = page(carol_page, f"/games/{table.id}/players/{table.ids['Cem']}/")

    # then the round links to its row on the sheet, not to the correction form
    assert account_lines(account) == [("Start", ["Buy-in to Pot −€5.00"]),
                                      ("Round 1", ["Knock premium to Anna −€1.00"])]
    assert f'href="/games/{table.id}/#r1"' in account
    assert "/edit/" not in account
    assert balance(account) == "Balance −€6.00"
    sheet = page(carol_page, f"/games/{table.id}/")
    assert re.search(r'<tr id="r1"', sheet)


def test_in_german_the_account_writes_money_the_german_way(as_alice, bob_page):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=25, Cem=40)
    bob_page.cookies["django_language"] = "de"

    account = page(bob_page, f"/games/{table.id}/players/{table.ids['Anna']}/")

    assert '<html lang="de">' in account
    assert account.count('<td class="num plus">+1,00\u00a0€</td>') == 2
    assert balance(account).endswith(" −3,00 €")


def test_an_account_of_someone_not_at_the_game_is_not_found(as_alice, bob_page):
    table = Table.start(as_alice, ["Anna", "Ben"])
    other = Table.start(as_alice, ["Max", "Moritz"])

    response = bob_page.get(f"/games/{table.id}/players/{other.ids['Max']}/")

    assert response.status_code == 404


def test_the_shared_sheet_links_to_no_account(as_alice, bob_page, client):
    # given a game and its share link
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=3, Ben=25, Cem=40)
    share = page(bob_page, f"/games/{table.id}/share/")
    link = re.search(r"/s/[^\"<\s]+/", share)[0]

    # when someone without an account opens it
    shared = page(client, link)

    # then the money is there, but no account link (the accounts are for members)
    assert "Anna +€2.00 (knock premium from 2 players)" in text(shared)
    assert "/players/" not in shared


# --- Placings ---------------------------------------------------------------------------


def test_placings_say_in_which_round_each_player_went_out(as_alice, alice, bob_page):
    # given the worked example played to its end
    table = play_the_worked_example_with_a_correction(as_alice, alice)

    # when the sheet shows the result
    sheet = page(bob_page, f"/games/{table.id}/")

    # then Emil's 110 is above Dora's 105 because Emil went out a round later
    assert items(sheet, "ol", "placings") == [
        "1. Anna 20 points €19.29 "
        "2. Emil 110 points out in round 4 €8.26 "
        "3. Dora 105 points out in round 3 "
        "4. Cem 110 points out in round 3 "
        "5. Ben 121 points out in round 2"]
    # and each player's net opens the account
    nets = re.search(r'<ul class="nets">(.*?)</ul>', sheet, re.S)[1]
    assert nets.count(f'href="/games/{table.id}/players/') == 5


def test_rami_elimination_placings_say_when_each_went_out(as_alice, bob_page):
    # given Rami's elimination mode to 500 (docs/rules.md 10.5)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="rami",
                        rules={"mode": "elimination"})

    def finish(ender, **hands):
        body = {"number": table.game["next_round"], "ender": table.ids[ender], "finish": "none",
                "hands": [{"player": table.ids[ender], "laid": 0}] + [
                    {"player": table.ids[name], "deadwood": points, "laid": 0}
                    for name, points in hands.items()]}
        response = as_alice.post(f"/api/v1/games/{table.id}/rounds/", body, format="json")
        assert response.status_code == 201, response.json()
        table.refresh()

    # when Cem reaches 500 in round 3 and Ben in round 4
    finish("Anna", Ben=100, Cem=200)
    finish("Anna", Ben=100, Cem=200)
    finish("Anna", Ben=100, Cem=150)
    finish("Anna", Ben=210)

    # then the placings say so
    assert table.game["status"] == "finished"
    assert items(page(bob_page, f"/games/{table.id}/"), "ol", "placings")[0].startswith(
        "1. Anna 0 points")
    placings = items(page(bob_page, f"/games/{table.id}/"), "ol", "placings")[0]
    assert "2. Ben 510 points out in round 4" in placings
    assert "3. Cem 550 points out in round 3" in placings


def test_an_account_takes_the_same_queries_for_1_or_6_rounds(as_alice, bob_page,
                                                            django_assert_max_num_queries):
    counts = []
    for rounds in (1, 6):
        table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
        for _number in range(rounds):
            table.knock("Anna", Anna=3, Ben=5, Cem=4)
        with django_assert_max_num_queries(20) as queries:
            page(bob_page, f"/games/{table.id}/players/{table.ids['Ben']}/")
        counts.append(len(queries.captured_queries))

    assert counts[0] == counts[1]


# --- On a phone -------------------------------------------------------------------------

pytest_plugins = ["tests.browser_support"]


def test_on_a_phone_tapping_a_players_money_opens_the_account(phone, club):
    from playwright.sync_api import expect

    from tests.browser_steps import game_with

    # given a round in which Anna knocked
    game_id = game_with(club, ["Anna", "Ben", "Cem"],
                        rounds=[("Anna", {"Anna": 3, "Ben": 12, "Cem": 20})])
    phone.goto(f"/games/{game_id}/")
    expect(phone.locator(".news .round-money li").first).to_have_text(
        "Anna +€2.00 (knock premium from 2 players)")

    # when Ben's money in the sheet's money row is tapped
    phone.locator(".sheet tr.money td").nth(1).get_by_role("link").click()

    # then his account explains it, and adds up to what the sheet showed
    expect(phone.get_by_role("heading", name="Ben's money")).to_be_visible()
    expect(phone.locator(".balance")).to_have_text("Balance −€6.00")
    expect(phone.locator("table.account tbody tr")).to_have_text(
        ["Buy-in to Pot −€5.00", "Knock premium to Anna −€1.00"])

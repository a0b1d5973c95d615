"""The organiser's desk in a real browser (issue 13, "Done when"): on a laptop, the organiser
invites a player, who joins on a phone; plays an evening of two games whose first leaves
its pot standing for the second; reads the evening's settlement; downloads the season's
books as PDF and CSV; and sees a game whose ledger was written around the services flagged
in the audit.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import csv
import io
import re
import zlib
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from playwright.sync_api import expect

from ledger.models import Account, Entry
from scorekeeper.models import Game, Membership
from tests.browser_steps import choose_game, enter_round, seat_players, seats, start
from tests.browser_support import TIMEOUT_MS

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

LAPTOP = {"viewport": {"width": 1280, "height": 800}}
PLAYERS = ["Anna", "Ben", "Cem"]


def laptop(phones, username, password):
    """A laptop-sized browser (its own cookies) on the live server, signed in through the
    sign-in page; watched for console errors like the phones."""
    context = phones.browser.new_context(**LAPTOP, locale="en-GB", base_url=phones.base_url)
    context.set_default_timeout(TIMEOUT_MS)
    phones.contexts.append(context)
    page = context.new_page()
    phones.watch(page)
    page.goto("/accounts/login/")
    page.get_by_label("User name").fill(username)
    page.get_by_label("Password").fill(password)
    page.get_by_role("button", name="Sign in").click()
    page.wait_for_url(phones.base_url + "/")
    return page


def cents(text: str) -> int:
    """"+€23.00" or "−€10.00" as signed cents."""
    sign = -1 if text.strip().startswith(("−", "-")) else 1
    return sign * int(re.sub(r"\D", "", text))


def new_game_in_the_evening(page, name, *, seat, dead_play_on=False):
    """On the new game page the evening's "New game in this evening" opened: the game,
    the players, the stake, a house rule, a name; start. Returns the game's id."""
    expect(page.get_by_role("heading", name="New game")).to_be_visible()
    choose_game(page, "Wiener Rummy")
    seat(page)
    page.locator("#buy_in").fill("5.00")
    page.locator("#knock_premium").fill("1.00")
    if dead_play_on:
        page.locator("details.house summary").click()
        page.get_by_label(re.compile(r"^The dead play on")).check()
    page.get_by_label("Name of the game (optional)").fill(name)
    return start(page)


def pdf_titles(pdf: bytes) -> list[str]:
    """The /Title strings of the PDF (its document title and bookmarks), from the streams
    pydyf compresses (as tests/test_report_pages.py reads them)."""
    objects = b""
    for stream in re.findall(rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S):
        try:
            objects += zlib.decompress(stream)
        except zlib.error:
            continue
    return [bytes.fromhex(text[1:-1].decode()).decode("utf-16") if text[:1] == b"<"
            else text[1:-1].decode()
            for text in re.findall(rb"/Title (<[0-9a-fA-F]+>|\([^)]*\))", objects + pdf)]


def download(page, link_name) -> bytes:
    with page.expect_download() as waiting:
        page.get_by_role("link", name=link_name).click()
    return Path(waiting.value.path()).read_bytes()


def write_around_the_services(game_id, source, target, amount, kind, round_number):
    """A ledger entry written straight into the table, as a bug or a hand in the database
    would (tests/test_audit_pages.py): no service, no check of what the facts call for."""
    def account(key):
        return Account.objects.get_or_create(scope=Account.Scope.GAME, scope_id=game_id,
                                             key=key)[0]

    Entry.objects.create(debit_account=account(source), credit_account=account(target),
                         amount_minor=amount, currency="EUR", kind=kind, game_id=game_id,
                         round_number=round_number,
                         batch=Entry.objects.filter(game_id=game_id).first().batch)


def test_the_organiser_invites_plays_an_evening_settles_downloads_the_books_and_audits(
        phones, alice, club):
    desk = laptop(phones, "alice", "alice-secret-42")

    # 1. alice invites a viewer by link; Dora opens it on her phone, signs up and joins
    desk.get_by_role("link", name="Invite people").click()
    expect(desk.get_by_role("heading", name="Invite people")).to_be_visible()
    desk.locator("label.choice", has_text="Follows the games without changing them").click()
    desk.get_by_label("Days open").fill("7")
    desk.get_by_label("How many people").fill("1")
    desk.get_by_role("button", name="Make the link").click()
    expect(desk.get_by_role("status")).to_contain_text("Invite made")
    invite = desk.locator("li.invite.open")
    expect(invite).to_contain_text("Joins as viewer")
    expect(invite).to_contain_text("1 use left")
    link = invite.get_by_label("Link to send").input_value()
    assert re.fullmatch(r"https?://[^/]+/join/[^/]+/", link), link

    dora = phones.open()
    dora.goto(urlsplit(link).path)
    expect(dora.get_by_role("heading", name="Join Ottakring as viewer")).to_be_visible()
    dora.get_by_label("User name").fill("dora")
    dora.get_by_label("Password", exact=True).fill("Kartenrunde-in-Ottakring")
    dora.get_by_label("Password again").fill("Kartenrunde-in-Ottakring")
    dora.get_by_role("button", name="Make the account and join").click()
    dora.wait_for_url(phones.base_url + "/")
    expect(dora.get_by_role("status")).to_have_text(
        "Welcome, dora: you joined Ottakring as viewer.")
    dora.goto(f"/clubs/{club.pk}/members/")
    expect(dora.get_by_text("You are viewer here.")).to_be_visible()
    expect(dora.locator("li.member", has_text="dora")).to_contain_text("· viewer")
    expect(dora.locator("li.member", has_text="alice")).to_contain_text("· organiser")
    # the organiser's list has her with the role; the invite is used up
    member = Membership.objects.get(club=club, user__username="dora")
    assert member.role == Membership.Role.VIEWER
    desk.goto(f"/clubs/{club.pk}/members/")
    expect(desk.get_by_label("Role of dora")).to_have_value("viewer")
    desk.goto(f"/clubs/{club.pk}/invites/")
    expect(desk.locator("li.invite")).to_contain_text("used up")

    # 2. alice starts an evening from the home page
    desk.goto("/")
    desk.get_by_role("link", name="Start an evening").click()
    desk.get_by_label("Name of the evening (optional)").fill("Freitagabend")
    desk.get_by_role("button", name="Start the evening").click()
    desk.wait_for_url(re.compile(r"/sessions/\d+/$"))
    evening_url = urlsplit(desk.url).path
    expect(desk.get_by_role("heading", name="Freitagabend")).to_be_visible()
    expect(desk.locator("#evening-state")).to_have_text(
        "No game has been played this evening yet.")

    # its first game, with "the dead play on": Ben goes over 100 but plays on; his knock
    # then puts Anna and Cem out, nobody is left alive and the pot of 3 x 5.00 stays
    # (docs/rules.md 6.2)
    def new_names(page):
        seat_players(page, PLAYERS)

    desk.get_by_role("link", name="New game in this evening").click()
    first = new_game_in_the_evening(desk, "Erstes Spiel", seat=new_names, dead_play_on=True)
    assert f"/sessions/{Game.objects.get(pk=first).session_id}/" == evening_url
    enter_round(desk, first, "Anna", {"Anna": 5, "Ben": 101, "Cem": 20})
    enter_round(desk, first, "Ben", {"Anna": 96, "Ben": 3, "Cem": 81})
    expect(desk.locator(".result h2")).to_have_text("The pot stays")
    expect(desk.locator(".result")).to_contain_text("€15.00 go into the evening's next game.")

    # the second game is told of the pot and takes it in; the club's players are a tap
    desk.goto(evening_url)
    expect(desk.locator(".status")).to_contain_text("Carried pot")

    def club_players(page):
        for name in PLAYERS:
            page.get_by_role("button", name=f"Seat {name}").click()
            page.locator(".seats .name", has_text=name).wait_for()

    desk.get_by_role("link", name="New game in this evening").click()
    expect(desk.locator("#game-form .evening-of")).to_contain_text(
        "A pot of €15.00 carried over from an earlier game of the evening")
    second = new_game_in_the_evening(desk, "Zweites Spiel", seat=club_players)
    assert Game.objects.get(pk=second).carried_in == 1500
    expect(desk.locator(".status")).to_contain_text("30.00")  # 3 x 5.00 + 15.00
    # Anna knocks with 2; Ben and Cem go over 100: Anna wins the pot of 30.00
    enter_round(desk, second, "Anna", {"Anna": 2, "Ben": 101, "Cem": 101})
    expect(desk.locator(".result h2")).to_have_text("Anna wins")

    # 3. the evening's page: both games in order, the pot out of one and into the other,
    # each player's net over the night and the fewest payments that settle it
    desk.locator(".evening-of a").click()
    desk.wait_for_url(f"**{evening_url}")
    expect(desk.locator("#evening-state")).to_have_text(
        "The evening is over: every game has ended.")
    games = desk.locator("ol.evening-games > li")
    expect(games).to_have_count(2)
    expect(games.nth(0)).to_contain_text("1. Erstes Spiel")
    expect(games.nth(0)).to_contain_text("pot carried over")
    expect(games.nth(0).locator(".carry.out")).to_have_text("Pot carried out: €15.00")
    expect(games.nth(1)).to_contain_text("2. Zweites Spiel")
    expect(games.nth(1)).to_contain_text("Anna wins")
    expect(games.nth(1).locator(".carry.in")).to_have_text("Pot carried in: €15.00")
    result = desk.locator(".evening-result")
    expect(result.get_by_role("heading", name="Who pays whom")).to_be_visible()
    # Anna: -5 + 2 - 1, then -5 + 2 + 30; Ben: -5 - 1 + 2, then -5 - 1; Cem: -7, then -6
    nets = result.locator(".nets li")
    expect(nets).to_have_text(["Anna +€23.00", "Ben −€10.00", "Cem −€13.00"])
    amounts = [cents(text) for text in nets.locator("strong").all_inner_texts()]
    assert sum(amounts) == 0
    payments = result.locator(".payments li")
    expect(payments).to_have_text(["Ben pays Anna €10.00", "Cem pays Anna €13.00"])
    paid = [cents(text) for text in payments.locator("strong").all_inner_texts()]
    assert sum(paid) == -sum(amount for amount in amounts if amount < 0)

    # 4. the season's books: the PDF names the club, the CSV has a row per game and player
    desk.goto("/")
    desk.locator("li.club-item", has_text="Ottakring").get_by_role("link", name="Report").click()
    expect(desk.get_by_role("heading", name="The season's books")).to_be_visible()
    pdf = download(desk, "Download PDF")
    assert pdf.startswith(b"%PDF")
    assert "Ottakring" in pdf_titles(pdf)
    table = list(csv.reader(io.StringIO(download(desk, "Download CSV").decode("utf-8-sig"))))
    header, rows = table[0], table[1:]
    assert {"game", "player", "net"} <= set(header), header
    game, player = header.index("game"), header.index("player")
    assert sorted((row[game], row[player]) for row in rows) == sorted(
        (name, player_name) for name in ("Erstes Spiel", "Zweites Spiel")
        for player_name in PLAYERS)
    # both games' books verify, and each player's nets add up to the evening's
    assert {row[header.index("verified")] for row in rows} == {"yes"}
    evening_nets = {name: 0 for name in PLAYERS}
    for row in rows:
        evening_nets[row[player]] += cents(row[header.index("net")])
    assert evening_nets == {"Anna": 2300, "Ben": -1000, "Cem": -1300}

    # 5. the audit agrees with every game; then money is written into the second game's
    # ledger around the services: Anna pays Ben back the knock premium he paid her in
    # round 1; the audit flags the game and names the difference
    desk.goto("/")
    desk.locator("li.club-item", has_text="Ottakring").get_by_role("link", name="Audit").click()
    expect(desk.get_by_role("heading", name="Audit of Ottakring")).to_be_visible()
    expect(desk.locator(".audit-summary")).to_have_text("Games 1–2 of 2: the books agree")
    expect(desk.locator("ul.audit .audit-mark")).to_have_text(["✓", "✓"])
    ids = {name: f"player:{player_id}" for name, player_id in seats(second).items()}
    write_around_the_services(second, ids["Anna"], ids["Ben"], 100, "knock_premium", 1)
    desk.reload()
    expect(desk.locator(".audit-summary")).to_have_text("Games 1–2 of 2: 1 game with differences")
    tampered = desk.locator("ul.audit > li", has_text="Zweites Spiel")
    expect(tampered).to_have_class("differs")
    expect(tampered.locator(".audit-mark")).to_have_text("✗")
    expect(tampered.locator(".differences li")).to_have_text(
        ["Round 1: Knock premium Ben → Anna €1.00 expected, not found"])
    clean = desk.locator("ul.audit > li", has_text="Erstes Spiel")
    expect(clean).to_have_class("agrees")
    expect(clean.locator(".audit-mark")).to_have_text("✓")

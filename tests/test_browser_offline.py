"""A phone that loses its connection at the table, in Chromium (docs/table.md, "Offline"):
the service worker keeps the sheet and its round form, rounds and re-buys entered offline
wait on the phone (IndexedDB) and are sent once, in order, when the connection is back;
a round another phone entered meanwhile becomes a conflict to review, never a second
round.

Playwright's context.set_offline() takes the page and its service worker offline (the
worker's requests too, since Playwright 1.4x). The latency case slows the page's own
requests by 300 ms each way (the DevTools protocol).

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re
import time

import pytest
from playwright.sync_api import expect

from ledger.services import lines
from scorekeeper.models import Hand, Rebuy, Round
from tests.browser_steps import enter_round, fill_round, game_with, seats

pytest_plugins = ["tests.browser_support"]

# What a page logs while offline: its failed loads and polls, a boosted link the service
# worker could not fetch (ERR_FAILED; the page then opens it from the cache), and htmx
# reporting them.
OFFLINE_CONSOLE = {"net::ERR_INTERNET_DISCONNECTED", "net::ERR_FAILED", "htmx:sendError",
                   "htmx:afterRequest"}
# Round 1 leaves Cem at 85: he may re-buy in the break before round 2.
ROUND_ONE = ("Anna", {"Anna": 3, "Ben": 40, "Cem": 85})


def controlled(page, game_id):
    """Open the sheet with the service worker in control and wait until it keeps the
    sheet and its round form (it fetches the form beside the sheet)."""
    page.goto(f"/games/{game_id}/")
    page.wait_for_function("() => !!navigator.serviceWorker.controller")  # claimed
    page.reload()  # now through the worker, which keeps what it fetches
    wait_until_true(page, """async (urls) => {
        for (const url of urls) if (!(await caches.match(url, {ignoreVary: true}))) return false;
        return true;
    }""", [f"/games/{game_id}/", f"/games/{game_id}/rounds/new/"])


def wait_until_true(page, async_predicate, arg):
    """Wait until an async predicate in the page resolves to true. Not wait_for_function:
    it takes the promise an async function returns for a truthy answer and returns at
    once, which let this module's tests go offline before the form was kept (one failure
    in about fifteen runs on a loaded machine). It waits as long as expect() does."""
    from tests.browser_support import TIMEOUT_MS  # a plugin: imported once it is loaded

    deadline = time.monotonic() + TIMEOUT_MS / 1000
    while not page.evaluate(async_predicate, arg):
        if time.monotonic() > deadline:
            raise AssertionError(f"still false after {TIMEOUT_MS} ms: {async_predicate}")
        page.wait_for_timeout(50)


def enter_round_offline(page, game_id, heading, ender, points):
    """From the kept sheet: Enter round, fill it in, Save; back on the sheet."""
    page.get_by_role("link", name=re.compile(r"^Enter round \d+$")).click()
    page.wait_for_url(f"**/games/{game_id}/rounds/new/")
    expect(page.get_by_role("heading", name=heading)).to_be_visible()
    fill_round(page, ender, points)
    page.locator("#round-form .save").click()
    page.wait_for_url(f"**/games/{game_id}/")


class Connection:
    """The phone's connection: offline (Playwright's set_offline: the page and its service
    worker) and back, with `latency_ms` more on each of the page's own requests (DevTools
    network emulation, the page's session; it overrides Playwright's offline switch for
    the page, so it says offline too)."""

    def __init__(self, page, latency_ms=0):
        self.context, self.latency_ms, self.session = page.context, latency_ms, None
        if latency_ms:
            self.session = self.context.new_cdp_session(page)
            self.session.send("Network.enable")
            self._emulate(offline=False)

    def _emulate(self, *, offline):
        self.session.send("Network.emulateNetworkConditions", {
            "offline": offline, "latency": self.latency_ms, "downloadThroughput": -1,
            "uploadThroughput": -1})

    def drop(self):
        self.context.set_offline(True)
        if self.session:
            self._emulate(offline=True)

    def restore(self):
        # The page's network first: Playwright's switch is what tells the page it is
        # online, and the page sends its queue at once.
        if self.session:
            self._emulate(offline=False)
        self.context.set_offline(False)


def kinds(game_id):
    return [line.kind for line in lines(game_id)]


@pytest.mark.parametrize("latency_ms", [0, 300], ids=["fast", "latency-300ms"])
def test_rounds_and_a_rebuy_entered_offline_are_sent_once_in_order(phones, phone, club,
                                                                   latency_ms):
    # given the sheet of a game on a phone whose service worker keeps it
    game_id = game_with(club, ["Anna", "Ben", "Cem"], rounds=[ROUND_ONE])
    ids = seats(game_id)
    connection = Connection(phone, latency_ms)
    controlled(phone, game_id)
    phones.expected_console_errors.update(OFFLINE_CONSOLE)

    # when the phone goes offline and Cem re-buys, then two rounds are entered
    connection.drop()
    phone.get_by_role("button", name="Cem re-buys").click()
    queued = phone.locator("#queued li")
    expect(queued).to_have_count(1)
    expect(phone.locator("#offline-note")).to_contain_text("offline, as of")
    enter_round_offline(phone, game_id, "Round 2", "Ben", {"Anna": 10, "Ben": 2, "Cem": 5})
    expect(queued).to_have_count(2)
    # The kept form is round 2's; the queue makes this one round 3.
    enter_round_offline(phone, game_id, "Round 3", "Anna", {"Anna": 4, "Ben": 9, "Cem": 6})

    # then after a reload, still offline, the queue is still there, in order
    phone.reload()
    expect(phone.locator("#offline-note")).to_contain_text(
        re.compile(r"offline, as of \d\d:\d\d"))
    expect(phone.locator("#outbox summary")).to_have_text("Waiting to send (3)")
    expect(queued).to_have_text([re.compile(r"^Cem re-buys\s+waiting to send"),
                                 re.compile(r"^Round 2\s+waiting to send"),
                                 re.compile(r"^Round 3\s+waiting to send")])
    phone.locator("#outbox summary").click()
    expect(phone.locator("#outbox li")).to_have_count(3)
    assert Round.objects.filter(game_id=game_id).count() == 1
    assert not Rebuy.objects.filter(game_id=game_id).exists()

    # and when the connection is back, each is recorded once, in order
    connection.restore()
    if latency_ms:  # the page's own requests, the queue's among them, are slow indeed
        took = phone.evaluate("""async () => {
            const start = performance.now();
            await fetch("/health/?probe=live");
            return performance.now() - start;
        }""")
        assert took >= latency_ms
    expect(phone.locator("#outbox")).to_be_hidden()
    expect(phone.locator("#queued")).to_be_hidden()
    expect(phone.locator(".news")).to_contain_text("After round 3")
    expect(phone.locator(".sheet .rb")).to_be_visible()  # Cem's total after the re-buy
    rounds = Round.objects.filter(game_id=game_id)
    assert [(r.number, r.revision, r.ender_id) for r in rounds] == [
        (1, 0, ids["Anna"]), (2, 0, ids["Ben"]), (3, 0, ids["Anna"])]
    hands = {(hand.round.number, hand.player_id): hand.deadwood
             for hand in Hand.objects.filter(round__game_id=game_id).select_related("round")}
    assert hands[(2, ids["Anna"])] == 10 and hands[(2, ids["Ben"])] == 2
    assert hands[(3, ids["Ben"])] == 9 and hands[(3, ids["Cem"])] == 6
    rebuy = Rebuy.objects.get(game_id=game_id)  # one, in the break after round 1
    assert (rebuy.player_id, rebuy.after_round) == (ids["Cem"], 1)
    written = kinds(game_id)
    assert written.count("rebuy") == 1
    assert written.count("knock_premium") == 6  # two each in rounds 1 to 3, once
    # The sheet shows the new totals: Anna 3 + 10 + 4.
    expect(phone.locator(".sheet thead .totals td").first).to_have_text(
        re.compile(r"(?<!\d)17\s*$"))


def test_a_round_another_phone_entered_meanwhile_becomes_a_conflict_to_review(phones, phone,
                                                                              alice, club):
    # given round 2 entered on a phone without a connection
    game_id = game_with(club, ["Anna", "Ben", "Cem"], rounds=[ROUND_ONE])
    ids = seats(game_id)
    controlled(phone, game_id)
    phones.expected_console_errors.update(OFFLINE_CONSOLE)
    phone.context.set_offline(True)
    enter_round_offline(phone, game_id, "Round 2", "Ben", {"Anna": 10, "Ben": 2, "Cem": 5})
    expect(phone.locator("#queued li")).to_have_count(1)

    # when another phone enters round 2 first, and the first phone's connection comes back
    other = phones.open(alice)
    enter_round(other, game_id, "Anna", {"Anna": 2, "Ben": 20, "Cem": 30})
    phones.expected_statuses.add(409)
    phone.context.set_offline(False)

    # then the queued round is a conflict shown on the sheet, not a second round 2
    conflict = phone.locator("#queued li")
    expect(conflict).to_contain_text(
        "Round 2 was entered on another phone meanwhile: yours is a proposed correction.")
    expect(phone.locator("#outbox summary")).to_have_text("To check (1)")
    assert Round.objects.filter(game_id=game_id, number=2).count() == 1
    assert Round.objects.get(game_id=game_id, number=2).ender_id == ids["Anna"]
    assert kinds(game_id).count("knock_premium") == 4

    # and Review shows it as a correction, beside the round as recorded
    conflict.get_by_role("button", name="Review").click()
    expect(phone.get_by_role("heading", name="Correct round 2")).to_be_visible()
    expect(phone.get_by_label("Points of Anna")).to_have_value("10")
    expect(phone.locator(".hand", has_text="Anna").locator(".recorded")).to_have_text(
        "recorded: knocked, 2")
    assert Round.objects.filter(game_id=game_id).count() == 2

    # and Discard drops it from the queue
    phone.get_by_role("link", name="Sheet").click()
    phone.locator("#queued").get_by_role("button", name="Discard").click()
    expect(phone.locator("#queued")).to_be_hidden()
    expect(phone.locator("#outbox")).to_be_hidden()
    assert Round.objects.filter(game_id=game_id).count() == 2


def test_signing_out_leaves_no_page_and_no_queue_on_the_phone(phone, club):
    # given a phone that keeps a sheet, and an entry in its queue (a refused one: it waits
    # for the user, not for the connection)
    game_id = game_with(club, ["Anna", "Ben", "Cem"], rounds=[ROUND_ONE])
    controlled(phone, game_id)
    phone.evaluate("""(game) => new Promise((resolve, reject) => {
        const opening = indexedDB.open("scorekeeper-offline", 1);
        opening.onupgradeneeded = () => opening.result.createObjectStore(
            "queue", {keyPath: "id", autoIncrement: true});
        opening.onsuccess = () => {
            const transaction = opening.result.transaction("queue", "readwrite");
            transaction.objectStore("queue").add({game, kind: "round", number: 2,
                label: "Round 2", state: "refused", message: "refused", url: "", body: ""});
            transaction.oncomplete = () => { opening.result.close(); resolve(); };
            transaction.onerror = () => reject(transaction.error);
        };
    })""", str(game_id))
    phone.reload()
    expect(phone.locator("#outbox summary")).to_have_text("To check (1)")

    # when the user signs out
    phone.get_by_role("button", name="Sign out").click()
    phone.wait_for_url("**/accounts/login/")

    # then neither the kept pages nor the queue are left
    left = phone.evaluate("""async () => {
        const pages = [];
        for (const name of await caches.keys()) {
            for (const request of await (await caches.open(name)).keys()) {
                if (!new URL(request.url).pathname.startsWith("/static/")) pages.push(request.url);
            }
        }
        const queue = await new Promise((resolve) => {
            const opening = indexedDB.open("scorekeeper-offline", 1);
            opening.onsuccess = () => {
                const request = opening.result.transaction("queue").objectStore("queue").count();
                request.onsuccess = () => { opening.result.close(); resolve(request.result); };
            };
        });
        return {pages, queue};
    }""")
    assert left == {"pages": [], "queue": 0}

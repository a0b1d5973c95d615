"""Phone screenshots of the main pages, for the README: docs/screenshots/*.png.

    .venv/bin/python docs/screenshots/make_screenshots.py

Loads the demo (`manage.py loaddemo`) into a throwaway SQLite database, serves it with
the development server on a free port, and photographs the pages in Debian's chromium
(/usr/bin/chromium) at 390 x 844 CSS pixels, twice the density; the score sheets (the
Gin sheet too) and the end of a game as one tall screen. The project's database
is not touched.
"""

import os
import re
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from pathlib import Path

from playwright.sync_api import expect, sync_playwright

ROOT = Path(__file__).resolve().parents[2]
OUT = Path(__file__).resolve().parent
CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--no-first-run", "--hide-scrollbars"]
PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True,
         "device_scale_factor": 2}
USER, PASSWORD = "demo", "demo-rummy-2026"


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def manage(env, *args, **kwargs):
    return subprocess.run([sys.executable, "manage.py", *args], cwd=ROOT, env=env, check=True,
                          **kwargs)


def serve(env, port):
    server = subprocess.Popen(
        [sys.executable, "manage.py", "runserver", f"127.0.0.1:{port}", "--noreload"],
        cwd=ROOT, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        try:
            urllib.request.urlopen(f"http://127.0.0.1:{port}/health/", timeout=1)
            return server
        except OSError:
            time.sleep(0.2)
    server.kill()
    raise RuntimeError("the development server did not start")


def shoot(page, name, *, whole=False):
    """The phone's screen; `whole`: a phone as tall as the page (sticky parts in place)."""
    page.wait_for_load_state("networkidle")
    if whole:
        height = page.evaluate("document.documentElement.scrollHeight")
        page.set_viewport_size({"width": PHONE["viewport"]["width"], "height": height})
    page.screenshot(path=OUT / f"{name}.png", animations="disabled", caret="hide")
    page.set_viewport_size(PHONE["viewport"])
    print(f"docs/screenshots/{name}.png")


def photograph(browser, base):
    english = browser.new_context(**PHONE, locale="en-GB", base_url=base)
    page = english.new_page()
    page.goto("/accounts/login/")
    page.get_by_label("User name").fill(USER)
    page.get_by_label("Password").fill(PASSWORD)
    page.get_by_role("button", name="Sign in").click()
    expect(page.get_by_role("heading", name="Running")).to_be_visible()
    shoot(page, "home")
    games = page.locator("ul.games:not(.evenings)")  # the games, not the evenings
    running = games.get_by_role("link", name="Rommé tonight").get_attribute("href")
    finished = games.get_by_role("link", name="Wiener, last Friday").get_attribute("href")
    gin = games.get_by_role("link", name="Gin, Anna v Ben").get_attribute("href")
    rami = games.get_by_role("link", name="Rami").first.get_attribute("href")

    page.get_by_role("link", name="New game").click()
    for name in ("Anna", "Ben", "Cem", "Dora"):
        page.get_by_role("button", name=f"Seat {name}").click()
        expect(page.locator(".seats .name", has_text=name)).to_be_visible()
    page.locator("#game-form").evaluate("form => document.activeElement.blur()")
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "new-game")

    page.goto(running)
    shoot(page, "sheet", whole=True)

    page.get_by_role("link", name="Enter round 4").click()
    form = page.locator("#round-form")
    form.locator("label.who", has_text="Nora").click()
    for digit in "3":
        form.locator(f"[data-pad] button[data-key='{digit}']").click()
    form.locator("[data-pad] button[data-key='next']").click()
    for digit in "21":
        form.locator(f"[data-pad] button[data-key='{digit}']").click()
    page.evaluate("window.scrollTo(0, 0)")
    shoot(page, "round-entry")

    page.reload()
    page.get_by_role("button", name="Enter the cards of Mario").click()
    picker = page.get_by_role("group", name="Cards of Mario")
    for count, (suit, rank) in enumerate([("♥", "7"), ("♠", "7"), ("♦", "7"), ("♣", "4"),
                                          ("♣", "5"), ("♣", "6"), ("♥", "K")], start=1):
        picker.locator("label.suit", has_text=suit).click()
        picker.locator(".ranks").get_by_role("button", name=rank, exact=True).click()
        expect(picker.locator(".count")).to_contain_text(f"{count} of")
    # The melds and points follow each tap: 7 7 7 and 4 5 6 of clubs, the king left.
    expect(page.locator(".entry.cards output.dw")).to_have_text(re.compile(r"^10\b"))
    picker.scroll_into_view_if_needed()
    page.locator(".hand", has=picker).evaluate("hand => hand.scrollIntoView()")
    shoot(page, "card-picker")

    page.goto(finished)
    shoot(page, "payout", whole=True)

    # Why Ben owes: his account, from the money row of the sheet.
    page.locator("tr.money a").nth(1).click()
    expect(page.locator("table.account").first).to_be_visible()
    shoot(page, "account", whole=True)

    # The what-if of a correction: Emil's last hand typed as 4 instead of 20.
    page.goto(finished.rstrip("/") + "/rounds/6/edit/")
    page.get_by_label("Points of Emil").click()
    page.keyboard.type("4")
    expect(page.locator("#what-if .wi-money")).to_be_visible()
    page.locator("#round-form").evaluate("form => document.activeElement.blur()")
    shoot(page, "what-if", whole=True)

    # Gin: seed 004 of docs/rules.md played to the end, 0.10 a point.
    page.goto(gin)
    expect(page.locator(".sheet.gin tr.account")).to_contain_text("263")
    shoot(page, "gin-sheet", whole=True)

    # Rami, normal mode: each round's parts, the leader, the chart toward the target.
    page.goto(rami)
    expect(page.locator(".sheet.tally")).to_contain_text("85 + 80 hand + 400")
    shoot(page, "rami-sheet", whole=True)

    page.goto(running.rstrip("/") + "/share/")
    shoot(page, "share")

    # The organiser's desk: the members, the season's books, the audit.
    page.goto("/")
    page.locator(".club-links").get_by_role("link", name="Members").first.click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Members")
    shoot(page, "members", whole=True)
    page.goto("/")
    page.locator(".club-links").get_by_role("link", name="Report").first.click()
    expect(page.locator("figure svg").first).to_be_visible()
    shoot(page, "report", whole=True)
    page.goto("/")
    page.locator(".club-links").get_by_role("link", name="Audit").first.click()
    shoot(page, "audit", whole=True)

    german = browser.new_context(**PHONE, locale="de-AT", base_url=base)
    german.add_cookies(english.cookies())
    page = german.new_page()
    page.goto(running)
    shoot(page, "sheet-de", whole=True)


def main():
    if not os.access(CHROMIUM, os.X_OK):
        sys.exit(f"{CHROMIUM} is missing: apt-get install chromium")
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "DATABASE_URL": f"sqlite:///{tmp}/demo.sqlite3", "DEBUG": "1"}
        manage(env, "migrate", "--noinput", "-v0")
        manage(env, "loaddemo", stdout=subprocess.DEVNULL)
        port = free_port()
        server = serve(env, port)
        try:
            with sync_playwright() as playwright:
                browser = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
                photograph(browser, f"http://127.0.0.1:{port}")
                browser.close()
        finally:
            server.terminate()
            server.wait(timeout=10)


if __name__ == "__main__":
    main()

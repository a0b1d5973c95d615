"""Browser fixtures for tests/test_browser_*.py: Debian's chromium (its headless shell),
driven by Playwright, on a phone against pytest-django's live_server.

The test modules load this file with `pytest_plugins = ["tests.browser_support"]` and take
the steps a player does from tests/browser_steps.py; the other tests never start a
browser. Playwright's sync API keeps an asyncio loop running on the test thread while it
is started, which Django's ORM takes for async code; so the browser lives for one test
module, and DJANGO_ALLOW_ASYNC_UNSAFE is set only as long as it does. (pytest-playwright's
own fixtures keep the browser for the whole session, hence these.) The live server is a
thread of its own and is unaffected.

Every page a test opens is watched: a console error or warning (chromium reports CSP
violations there), an uncaught exception or a JavaScript dialog fails the test when it
ends. HTTP answers a test expects, such as 409 for a conflict, go into
`phones.expected_statuses`; console errors a test causes on purpose (a dropped
connection), into `phones.expected_console_errors`.
"""

import os
import re
from dataclasses import dataclass, field

import pytest
from django.conf import settings
from django.test import Client

# Debian's headless shell of Chromium (the Makefile's chromium target): the build Playwright
# runs headless, a third of the full browser's CPU.
CHROMIUM = "/usr/bin/chromium-headless-shell"
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--no-first-run",
]
PHONE = {
    "viewport": {"width": 390, "height": 844},
    "is_mobile": True,
    "has_touch": True,
    "device_scale_factor": 1,
}
# How long expect() and every action wait by default: a passing step waits only as long as it
# takes, and on a loaded CI machine (a fifth of the usual speed) a first page took over 7 s.
TIMEOUT_MS = 15_000

_FAILED_LOAD = re.compile(r"Failed to load resource: the server responded with a status of (\d+)")


@pytest.fixture(scope="module")
def chromium():
    """One headless chromium per test module; `phones` opens phone-sized contexts in it."""
    if not os.access(CHROMIUM, os.X_OK):
        message = f"{CHROMIUM} is missing: `make test` installs Debian's chromium-headless-shell"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    from playwright.sync_api import expect, sync_playwright

    expect.set_options(timeout=TIMEOUT_MS)
    before = os.environ.get("DJANGO_ALLOW_ASYNC_UNSAFE")
    os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = "true"
    playwright = sync_playwright().start()
    try:
        browser = playwright.chromium.launch(executable_path=CHROMIUM, args=LAUNCH_ARGS)
        try:
            yield browser
        finally:
            browser.close()
    finally:
        playwright.stop()
        if before is None:
            os.environ.pop("DJANGO_ALLOW_ASYNC_UNSAFE", None)
        else:
            os.environ["DJANGO_ALLOW_ASYNC_UNSAFE"] = before


@dataclass
class Phones:
    """Opens phone-sized browser contexts on the live server and records what goes wrong."""

    browser: object
    base_url: str
    contexts: list = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    expected_statuses: set[int] = field(default_factory=set)
    expected_console_errors: set[str] = field(default_factory=set)  # text fragments

    def open(self, user=None, *, locale: str = "en-GB", **context_options):
        """A new phone (its own cookies), signed in as `user` when given; returns its page.
        `context_options` go to Playwright's new_context (bypass_csp=True lets a test inject
        a script of its own, as tests/test_browser_axe.py does axe-core)."""
        context = self.browser.new_context(**PHONE, locale=locale, base_url=self.base_url,
                                           **context_options)
        context.set_default_timeout(TIMEOUT_MS)
        if user is not None:
            client = Client()
            client.force_login(user)
            cookie = client.cookies[settings.SESSION_COOKIE_NAME]
            context.add_cookies([{
                "name": settings.SESSION_COOKIE_NAME, "value": cookie.value,
                "url": self.base_url, "httpOnly": True, "sameSite": "Lax",
            }])
        self.contexts.append(context)
        page = context.new_page()
        self.watch(page)
        return page

    def watch(self, page) -> None:
        def console(message):
            if message.type not in ("error", "warning"):
                return
            failed = _FAILED_LOAD.search(message.text)
            if failed and int(failed[1]) in self.expected_statuses:
                return
            if any(error in message.text for error in self.expected_console_errors):
                return
            self.problems.append(f"console {message.type} on {page.url}: {message.text}")

        def dialog(dialog):
            self.problems.append(f"dialog on {page.url}: {dialog.type} {dialog.message!r}")
            dialog.dismiss()

        page.on("console", console)
        page.on("pageerror", lambda error: self.problems.append(
            f"uncaught error on {page.url}: {error}"))
        page.on("dialog", dialog)

    def close(self) -> None:
        for context in self.contexts:
            context.close()
        self.contexts.clear()


@pytest.fixture
def phones(chromium, live_server):
    """Phones on the live server; the test fails on any console error, CSP violation,
    uncaught exception or dialog on any of them."""
    phones = Phones(chromium, live_server.url)
    try:
        yield phones
    finally:
        phones.close()
    if phones.problems:
        pytest.fail("The browser reported problems:\n" + "\n".join(phones.problems))


@pytest.fixture
def phone(phones, bob):
    """Bob's phone (he keeps score in the club Ottakring), signed in."""
    return phones.open(bob)

"""Gin variants on the sheet page (docs/rules.md 8): a shutout's doubled final account is
written as doubled, so the sheet still adds up. The game is started through the API (the
new-game form does not offer the variants yet)."""

from tests.api_table import Table
from tests.test_gin_pages import accounts


def test_the_sheet_writes_a_shutouts_doubled_final_account(as_alice, bob_page):
    # given a shutout game: A goes gin against 80 in round 1 and reaches the target
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"shutout": True})
    table.knock("A", A=0, B=80)

    # when the sheet is read
    response = bob_page.get(f"/games/{table.id}/")

    # then A's account reads (100 + 100 + 20) × 2 = 440; B's, not doubled, 0 + 0 + 0 = 0
    assert response.status_code == 200
    assert accounts(response.content.decode()) == ["(100 + 100 + 20) × 2 = 440", "0 + 0 + 0 = 0"]


def test_without_a_shutout_the_sheet_adds_up_as_before(as_alice, bob_page):
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    table.knock("A", A=0, B=80)

    page = bob_page.get(f"/games/{table.id}/").content.decode()

    assert accounts(page) == ["100 + 100 + 20 = 220", "0 + 0 + 0 = 0"]

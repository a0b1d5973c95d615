"""Money written by one function per reader: money_text for people (the currency, the sign,
the language; web/presenters/money.py), the engine's format_money for machines (the API's
JSON and the report's CSV). Every other place calls one of them; money is never a float."""

import csv
import io

import pytest
from django.template import Context, Template
from django.utils import translation

from scorekeeper.rules import format_money
from scorekeeper.web.presenters import amount_field_value, minor_from_text, money_text
from tests.api_table import API
from tests.export_support import finish_quickly


def test_money_for_people_is_never_a_float():
    with pytest.raises(TypeError):
        money_text(17.5)


@pytest.mark.parametrize(("language", "field", "shown"), [
    ("en", "1234.50", "€1,234.50"), ("de", "1234,50", "1.234,50\u00a0€")])
def test_a_form_field_shows_the_amount_as_money_text_does_without_the_grouping(
        language, field, shown):
    with translation.override(language):
        assert amount_field_value(123450) == field
        assert money_text(123450) == shown
        # and what the field shows reads back as the same amount
        assert minor_from_text(amount_field_value(123450)) == 123450


def test_the_template_filters_write_what_money_text_writes():
    template = Template("{% load scorekeeper %}{{ gain|money:'EUR' }} {{ gain|signed_money }} "
                        "{{ loss|amount }}|{{ nothing|money }}")

    with translation.override("de"):
        text = template.render(Context({"gain": 1750, "loss": -200, "nothing": None}))
        assert text == " ".join([money_text(1750), money_text(1750, signed=True),
                                 money_text(-200, symbol=False, signed=True)]) + "|"


def test_the_report_writes_the_same_decimal_text_in_its_json_and_its_csv(as_alice, club):
    # given a game that ended with a winner and losers
    table = finish_quickly(as_alice, ["Anna", "Ben", "Cem"], club)

    # when the organiser reads the report as JSON and as CSV
    report = as_alice.get(f"{API}/clubs/{club.pk}/report/").json()
    response = as_alice.get(f"{API}/clubs/{club.pk}/report/?format=csv")
    rows = list(csv.reader(io.StringIO(b"".join(response.streaming_content).decode())))

    # then each amount is the same text in both, the engine's format_money
    [game] = report["results"]
    assert game["id"] == table.id
    json_amounts = {p["name"]: (game["paid_out"], p["payout"], p["net"])
                    for p in game["players"]}
    csv_amounts = {row[10]: (row[7], row[11], row[12]) for row in rows[1:]}
    assert csv_amounts == json_amounts
    nets = [net for _, _, net in json_amounts.values()]
    assert any(net.startswith("-") for net in nets)
    assert all(net == format_money(int(net.replace(".", ""))) for net in nets)

"""The German words a card player expects (docs/glossary.md): "Hinzufügen", not "Dazu";
the buy-in is "Einkauf" and "Einsatz" is only the prize pool's stake; a re-buy is a
"Nachkauf".
"""

import re

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


LABEL = re.compile(r"<(label|legend)\b[^>]*>(.*?)</\1>", re.S)


def labels(html: str) -> list[str]:
    return [re.sub(r"<[^>]+>", "", text).strip() for _tag, text in LABEL.findall(html)]


def test_the_new_game_page_in_german_adds_players_and_names_the_buy_in_einkauf(bob_page):
    html = bob_page.get("/games/new/", **GERMAN).content.decode()

    assert re.search(r'<button type="submit" name="seat_new" value="1">Hinzufügen</button>', html)
    assert "Dazu" not in html
    assert "Einkauf" in labels(html) and "Punktwert" in labels(html)
    # "Einsatz" is left to the prize pool's stake alone.
    assert [label for label in labels(html) if "Einsatz" in label] == ["Einsatz für den Preistopf"]


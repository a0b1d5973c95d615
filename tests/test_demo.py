"""`manage.py loaddemo`: what `make run` shows a newcomer."""

from django.core.management import call_command

from scorekeeper import services
from scorekeeper.models import Game


def test_the_demo_holds_a_finished_wiener_game_a_running_one_and_the_gin_sheet(db):
    call_command("loaddemo", "--if-empty")
    call_command("loaddemo", "--if-empty")  # a second run changes nothing

    finished, running, gin = (services.load_game(game) for game in Game.objects.order_by("id"))

    assert Game.objects.count() == 3
    assert (finished.state.status, running.state.status) == ("finished", "running")
    assert [amount for _, amount in finished.state.payouts] == [2450, 1050]
    assert len(finished.rebuys) == 2
    assert sum(1 for s in finished.state.standings if s.state == "out") == 4
    assert services.verify_game(finished.game) == []
    assert services.verify_game(running.game) == []
    assert [(s.total, s.boxes, s.final) for s in gin.state.standings] == [
        (29, 2, 69), (103, 3, 263)]
    assert [t.amount for t in gin.history.transfers] == [1940]
    assert services.verify_game(gin.game) == []

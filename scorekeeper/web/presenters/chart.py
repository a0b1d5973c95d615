"""The chart under a score sheet: each player's total per round as a line, the limits
that matter as dashed guides."""

from dataclasses import dataclass

from ...rules import PlayerState

# Chart and column colours: dark enough for 4.5:1 on the paper background, told apart
# by hue; the names at the line ends and in the sheet's header carry the meaning too.
PALETTE = ("#1a4fa0", "#b3261e", "#1b6e3a", "#7b3fa0", "#9a5b00", "#0f6e7a",
           "#4a4a4a", "#b0306a", "#3d5a00", "#5b4fc4", "#8a3b12", "#00639b")  # fmt: skip

CHART_WIDTH, CHART_HEIGHT = 360, 200
_LEFT, _RIGHT, _TOP, _BOTTOM = 30, 66, 10, 22


@dataclass
class Line:
    name: str
    color: str
    points: str  # "x,y x,y ..." for a polyline
    end_x: float
    end_y: float
    label_y: float
    gone: bool


@dataclass
class Guide:
    value: int
    y: float
    label: str


@dataclass
class Chart:
    width: int
    height: int
    lines: list[Line]
    guides: list[Guide]
    ticks: list[tuple[float, int]]  # (x, round number)
    plot_left: int
    plot_right: int
    plot_bottom: int
    plot_top: int


def build_chart(view, columns, guides: list[int]) -> Chart:
    """Totals per round as lines, with `guides` (the limits that matter) as dashed lines.

    `columns` need `player`, `name`, `color` and `state`."""
    state = view.history
    rounds = len(state.rounds)
    series: dict[int, list[tuple[int, int]]] = {column.player: [(0, 0)] for column in columns}
    targets = {(offer.player, result.number): offer.target
               for result in state.rounds for offer in result.rebuy_offers}  # fmt: skip
    rebuys = {(rebuy.player_id, rebuy.after_round) for rebuy in view.rebuys}
    for result in state.rounds:
        for line in result.results:
            series[line.player].append((result.number, line.total))
            target = targets.get((line.player, result.number))
            if (line.player, result.number) in rebuys and target is not None:
                series[line.player].append((result.number, target))
    totals = [total for points in series.values() for _, total in points]
    top = max(max(totals, default=0), *guides, 10)
    top = ((top + 19) // 20) * 20  # a round number of points at the top
    # Rami's penalties can take a total below 0: the chart then reaches below the axis.
    low = -((-min(min(totals, default=0), 0) + 19) // 20) * 20
    plot_right = CHART_WIDTH - _RIGHT
    plot_bottom = CHART_HEIGHT - _BOTTOM
    span_x = plot_right - _LEFT
    span_y = plot_bottom - _TOP

    def x(number: int) -> float:
        return round(_LEFT + span_x * number / max(rounds, 1), 1)

    def y(total: int) -> float:
        return round(plot_bottom - span_y * (total - low) / (top - low), 1)

    lines = []
    for column in columns:
        points = series[column.player]
        end_x, end_y = x(points[-1][0]), y(points[-1][1])
        lines.append(Line(column.name, column.color,
                          " ".join(f"{x(n):g},{y(t):g}" for n, t in points),
                          end_x, end_y, end_y, column.state != PlayerState.IN))
    # Names at the line ends, pushed apart so they never overlap (12 units a line).
    placed = sorted(lines, key=lambda line: line.end_y)
    for before, after in zip(placed, placed[1:], strict=False):
        after.label_y = max(after.label_y, before.label_y + 12)
    overflow = (placed[-1].label_y - (plot_bottom + 4)) if placed else 0
    if overflow > 0:
        for line in placed:
            line.label_y = round(line.label_y - overflow, 1)
        for before, after in zip(placed, placed[1:], strict=False):
            after.label_y = max(after.label_y, before.label_y + 12)
    lines_at = [Guide(value, y(value), str(value)) for value in guides]
    if low:
        lines_at.append(Guide(0, y(0), "0"))
    step = 1 if rounds <= 10 else 5
    ticks = [(x(number), number) for number in range(0, rounds + 1, step) if number]
    return Chart(CHART_WIDTH, CHART_HEIGHT, lines, lines_at, ticks, _LEFT, plot_right,
                 plot_bottom, _TOP)

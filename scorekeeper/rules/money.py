"""Money as integer minor units (cents): parsing, formatting and exact splits."""

import re
from collections.abc import Sequence
from decimal import Decimal

from .errors import MoneyError

MINOR_PER_UNIT = 100
_AMOUNT = re.compile(r"^(?P<sign>-?)(?P<units>[0-9]{1,12})(?:[.,](?P<cents>[0-9]{1,2}))?$")


def parse_money(value: str | Decimal | int, *, field: str | None = None) -> int:
    """A decimal amount ('17.50', '17,5', Decimal('17.5'), 17) -> minor units (1750).

    Never goes through a float; refuses more than two decimals, exponents, NaN
    and negative amounts.
    """
    if isinstance(value, bool) or isinstance(value, float):
        raise MoneyError("amount_not_text", {"value": repr(value)}, field=field)
    if isinstance(value, int):
        text = str(value)
    elif isinstance(value, Decimal):
        if not value.is_finite():
            raise MoneyError("not_an_amount", {"value": str(value)}, field=field)
        text = format(value, "f")
    elif isinstance(value, str):
        text = value.strip()
    else:
        raise MoneyError("not_an_amount", {"value": repr(value)}, field=field)
    match = _AMOUNT.match(text)
    if match is None:
        raise MoneyError("amount_format", {"value": text}, field=field)
    if match["sign"]:
        raise MoneyError("amount_negative", {"value": text}, field=field)
    cents = (match["cents"] or "0").ljust(2, "0")
    return int(match["units"]) * MINOR_PER_UNIT + int(cents)


def format_money(minor: int) -> str:
    """Minor units -> a decimal string with two places: 1750 -> '17.50'."""
    sign = "-" if minor < 0 else ""
    units, cents = divmod(abs(minor), MINOR_PER_UNIT)
    return f"{sign}{units}.{cents:02d}"


def allocate(total: int, weights: Sequence[int]) -> list[int]:
    """Split `total` minor units by integer weights with the largest-remainder method.

    The parts add up to `total` exactly, each within one unit of its exact share;
    leftover units go to the largest remainders, ties to the earlier weight
    (the better place).
    """
    if total < 0:
        raise ValueError("cannot allocate a negative total")
    weight_sum = sum(weights)
    if weight_sum <= 0 or any(weight < 0 for weight in weights):
        raise ValueError("weights must be non-negative and not all zero")
    parts = [total * weight // weight_sum for weight in weights]
    remainders = [total * weight % weight_sum for weight in weights]
    leftover = total - sum(parts)
    by_remainder = sorted(range(len(weights)), key=lambda i: (-remainders[i], i))
    for index in by_remainder[:leftover]:
        parts[index] += 1
    return parts

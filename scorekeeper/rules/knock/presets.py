"""The knock family's rule sets (docs/rules.md 6.6): Wiener Rummy, whose values are the
parameters' own defaults, and Rommé ohne Auslegen; a pot game or a Punktespiel (6.3)."""

from ..presets import FamilyRules, Rules, face_values

WIENER = Rules().to_dict()
ROMME = {
    **WIENER,
    "card_values": face_values(A=10, JK=20),
    "rummy_bonus_points": 0,
    "rebuy_min_players": 2,
    "rummy_premium": None,
    "pot_split": [100],
    "pot_split_min_players": 2,
}

RULE_SETS = FamilyRules(
    name="knock",
    modes=("pot", "points"),
    presets={"wiener": ("Wiener Rummy", WIENER), "romme": ("Rommé ohne Auslegen", ROMME)},
)

"""Page forms: they check the shape of what was typed, in plain words; the rules are the
engine's, reached through the services."""

from django import forms
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from .. import rules as engine
from ..names import InvalidName, clean_name, look_alike, name_key
from . import families
from .presenters import minor_from_text

# Why a typed name is refused (scorekeeper.names), in the reader's language.
NAME_PROBLEMS = {
    "blank": gettext_lazy("Type a name first"),
    "invisible_name": gettext_lazy("A name needs a visible character: this one holds only "
                                   "spaces or invisible characters"),
    "control_character": gettext_lazy("A name cannot hold control characters, line breaks or "
                                      "text-direction marks"),
    "format_character": gettext_lazy("A name cannot hold format characters such as zero-width "
                                     "spaces, joiners or soft hyphens"),
}


def page_name(text: str, *, allow_blank: bool = False) -> str:
    """A typed name as it is kept (scorekeeper.names.clean_name), or forms.ValidationError
    saying why not."""
    try:
        return clean_name(text, allow_blank=allow_blank)
    except InvalidName as problem:
        raise forms.ValidationError(NAME_PROBLEMS[problem.code], code=problem.code) from None

# Every preset, family by family (scorekeeper/web/families), as (name, label).
PRESET_CHOICES = families.preset_choices()


class TypedNumbers:
    """A form's typed amounts and whole numbers, read in its clean(): the new-game form's
    settings and the new-tournament form's variants (web/families/gin.py, read_variants)."""

    def amount(self, name: str, *, blank: int | None = None) -> int | None:
        """A typed amount in minor units; the error goes under the field. `blank` is what
        an empty field means (None: it must be filled in)."""
        text = (self.cleaned_data.get(name) or "").strip()
        if not text and blank is not None:
            return blank
        try:
            return minor_from_text(text)
        except engine.MoneyError as error:
            self.add_error(name, error.message)
            return None

    def whole_number(self, name: str) -> int | None:
        """A typed whole number; empty is None (the preset's value). The error goes under
        the field; the engine says the range."""
        text = (self.cleaned_data.get(name) or "").strip()
        if not text:
            return None
        if not text.isdigit():
            self.add_error(name, _("Enter a whole number, like 500"))
            return None
        return int(text)


class NewGameForm(TypedNumbers, forms.Form):
    """A new game's settings; the seats come as a list of names (see views.new_game).

    The page holds the settings of every rule family (it works without JavaScript), each
    family's fields given by its module of scorekeeper/web/families; only those of the
    chosen game's family are read, the others are ignored.
    """

    club = forms.TypedChoiceField(coerce=int, label=gettext_lazy("Club"))
    game_name = forms.CharField(max_length=100, required=False, label=gettext_lazy("Name"))
    preset = forms.ChoiceField(choices=PRESET_CHOICES, initial=engine.DEFAULT_PRESET,
                               label=gettext_lazy("Game"))

    def __init__(self, *args, clubs=(), **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["club"].choices = [(club.pk, club.name) for club in clubs]
        for family in families.all_families():
            self.fields.update(family.settings_fields())
        self.overrides: dict = {}

    def clean(self):
        data = super().clean()
        if "preset" in data:
            self.overrides = families.for_preset(data["preset"]).read_settings(self)
        return data

    def clean_game_name(self) -> str:
        return page_name(self.cleaned_data["game_name"], allow_blank=True)

    def rules(self) -> dict:
        """The engine overrides these settings ask for (money as exact decimals)."""
        return self.overrides


def _looks_like(name: str, other: str) -> str:
    # The services' words for it (scorekeeper.messages), in the reader's language.
    return _("%(name)s looks like %(other)s, who is already seated: write the name so that "
             "the two can be told apart") % {"name": name, "other": other}


def read_seats(data) -> list[str]:
    """The seated names in order, from the repeated `seat` field."""
    return [name.strip()[:50] for name in data.getlist("seat") if name.strip()][:12]


def apply_seat_action(seats: list[str], data) -> tuple[list[str], str, str]:
    """One tap on the seat list: add, add a new name, move up or down, remove.

    Returns (seats, error for the new-name field, the control to focus afterwards).
    """
    seats = list(seats)
    # Names are compared by their key: "Zoë" however encoded, and "ZOË", are one player.
    known = {name_key(name) for name in seats}
    if "seat_add" in data:
        name = data["seat_add"].strip()[:50]
        if name and name_key(name) not in known:
            if (other := look_alike(name, seats)) is not None:
                return seats, _looks_like(name, other), "new_name"
            seats.append(name)
        return seats, "", "new_name"
    if "seat_new" in data:
        try:
            name = page_name(" ".join(data.get("new_name", "").split()))
        except forms.ValidationError as error:
            return seats, error.messages[0], "new_name"
        if len(name) > 50:
            return seats, _("A name has at most 50 characters"), "new_name"
        if name_key(name) in known:
            return seats, _("%(name)s is already seated") % {"name": name}, "new_name"
        if (other := look_alike(name, seats)) is not None:
            return seats, _looks_like(name, other), "new_name"
        seats.append(name)
        return seats, "", "new_name"
    for action, step in (("up", -1), ("down", 1)):
        value = data.get(f"seat_{action}", "")
        if value.isdigit():
            index = int(value)
            other = index + step
            if 0 <= index < len(seats) and 0 <= other < len(seats):
                seats[index], seats[other] = seats[other], seats[index]
                return seats, "", f"{action}-{other}"
            return seats, "", f"{action}-{index}"
    if data.get("seat_remove", "").isdigit():
        index = int(data["seat_remove"])
        if 0 <= index < len(seats):
            del seats[index]
        return seats, "", "new_name"
    return seats, "", ""

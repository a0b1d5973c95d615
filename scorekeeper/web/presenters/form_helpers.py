"""What the forms carry beside their fields: the form key."""

import uuid


def new_form_key() -> str:
    """The key a form carries so that sending it twice counts once (scorekeeper.idempotency)."""
    return f"page:{uuid.uuid4().hex}"

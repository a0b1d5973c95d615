"""Resetting a forgotten password, with a brake (docs/security.md, "Abuse brakes").

Django's PasswordResetView mails a link for every request: anyone could fill a stranger's
mailbox, or make the server send mail by the thousand. Here each request is counted per
client address and per email address (scorekeeper/throttling.py); over either rate the
answer is the same "if an account has that address, a link is on its way" page, but no
mail goes out. Unknown addresses are counted like known ones, so the answer tells nobody
which addresses have an account.
"""

import logging

from django.contrib.auth import views as auth_views
from django.http import HttpResponseRedirect

from ..throttling import password_reset_allowed

log = logging.getLogger(__name__)


class PasswordResetView(auth_views.PasswordResetView):
    def form_valid(self, form):
        if not password_reset_allowed(self.request, form.cleaned_data["email"]):
            log.warning("Password reset not sent: over the rate for this address or account")
            return HttpResponseRedirect(self.get_success_url())
        return super().form_valid(form)

from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.models import User
from accounts.preferences import NOTIFICATION_KINDS
from notifications import mail, selectors, services


@login_required
@require_safe
def notification_list(request: HttpRequest) -> HttpResponse:
    notices = [(n, selectors.sentence(n)) for n in selectors.latest(request.user)]
    return render(request, "notifications/list.html", {"notices": notices})


@login_required
@require_POST
def read_all(request: HttpRequest) -> HttpResponse:
    services.mark_all_read(user=request.user)
    return redirect("notification_list")


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    """The link in a mail (GET) only asks: mail scanners follow links. The page's button, or
    a mail client's RFC 8058 one-click POST, unsubscribes. The signature is the authority, so
    no login and no CSRF token are needed (the one-click POST carries none)."""
    act = mail.unsubscribe if request.method == "POST" else mail.unsubscribe_link_owner
    try:
        user, kind = act(token=token)
    except (signing.BadSignature, ValueError, KeyError, User.DoesNotExist):
        raise Http404 from None
    kind_name = NOTIFICATION_KINDS.get(kind, _("All notifications"))
    context = {"player": user, "kind": kind_name, "token": token}
    if request.method == "POST":
        return render(request, "notifications/unsubscribed.html", context)
    return render(request, "notifications/unsubscribe.html", context)

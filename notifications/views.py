from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

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
    """One click from a mail (GET), or a mail client's RFC 8058 POST: the signature is the
    authority, so no login and no CSRF token are needed."""
    try:
        user, kind = mail.unsubscribe(token=token)
    except (signing.BadSignature, ValueError, KeyError):
        raise Http404 from None
    context = {"player": user, "kind": NOTIFICATION_KINDS.get(kind, _("All notifications"))}
    return render(request, "notifications/unsubscribed.html", context)

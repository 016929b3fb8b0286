from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core import signing
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST, require_safe

from accounts.models import User
from accounts.preferences import NOTIFICATION_KINDS
from notifications import mail, push, selectors, services


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


@login_required
@require_POST
def add_device(request: HttpRequest) -> HttpResponse:
    """ "Notify this device" on the settings page: the browser's push subscription, which
    `notifications/devices.js` puts into the form."""
    fields = {name: request.POST.get(name, "") for name in ("endpoint", "p256dh", "auth")}
    try:
        push.add_device(request=request, **fields)
    except push.PushRefused as refusal:
        messages.error(request, refusal.message)
    else:
        messages.success(request, _("This device will be notified."))
    return redirect(reverse("edit_profile") + "#devices")


@login_required
@require_POST
def remove_device(request: HttpRequest, device_id: int) -> HttpResponse:
    if not push.remove_device(user=request.user, device_id=device_id):
        raise Http404
    messages.success(request, _("That device will not be notified any more."))
    return redirect(reverse("edit_profile") + "#devices")

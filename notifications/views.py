from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_POST, require_safe

from notifications import selectors, services


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

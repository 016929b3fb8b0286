from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("", include("lobby.urls")),
    path("", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("notifications.urls")),
    path("accounts/", include("allauth.urls")),
    path("admin/", admin.site.urls),
]

from django.urls import path

from notifications import views

urlpatterns = [
    path("notifications/", views.notification_list, name="notification_list"),
    path("notifications/read/", views.read_all, name="notifications_read_all"),
    path(
        "notifications/unsubscribe/<str:token>/",
        views.unsubscribe,
        name="notifications_unsubscribe",
    ),
]

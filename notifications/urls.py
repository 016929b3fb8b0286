from django.urls import path

from notifications import views

urlpatterns = [
    path("notifications/", views.notification_list, name="notification_list"),
    path("notifications/read/", views.read_all, name="notifications_read_all"),
    path("notifications/devices/", views.add_device, name="push_add_device"),
    path(
        "notifications/devices/<int:device_id>/remove/",
        views.remove_device,
        name="push_remove_device",
    ),
    path(
        "notifications/unsubscribe/<str:token>/",
        views.unsubscribe,
        name="notifications_unsubscribe",
    ),
]

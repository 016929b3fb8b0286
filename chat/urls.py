from django.urls import path

from chat import views

urlpatterns = [
    path("matches/<int:match_id>/chat/", views.chat_panel, name="chat_panel"),
    path("matches/<int:match_id>/chat/say/", views.say, name="chat_say"),
    path("matches/<int:match_id>/chat/mute/", views.mute, name="chat_mute"),
    path("matches/<int:match_id>/chat/report/", views.report, name="chat_report"),
]

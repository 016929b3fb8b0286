from django.urls import path

from tournaments import views

urlpatterns = [
    path("tournaments/", views.tournament_list, name="tournaments"),
    path("tournaments/new/<slug:game>/", views.create, name="tournament_create"),
    path("tournaments/<int:tournament_id>/", views.tournament_page, name="tournament"),
    path(
        "tournaments/<int:tournament_id>/<slug:action>/",
        views.action,
        name="tournament_action",
    ),
    path("tournaments/invited/<str:token>/", views.invited, name="tournament_invited"),
]

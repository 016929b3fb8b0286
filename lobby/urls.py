from django.urls import path

from lobby import views

urlpatterns = [
    path("", views.home, name="home"),
    path("my-games/", views.my_games, name="my_games"),
    path("my-games/vacation/", views.take_vacation, name="take_vacation"),
    path("tables/new/<slug:game>/", views.open_table, name="lobby_open_table"),
    path("tables/quick/<slug:game>/", views.quick_play, name="lobby_quick_play"),
    path("tables/<int:table_id>/", views.table_room, name="lobby_table"),
    path("tables/<int:table_id>/<slug:action>/", views.table_action, name="lobby_table_action"),
    path("rematch/<int:match_id>/", views.rematch, name="lobby_rematch"),
    path("tables/join/<str:token>/", views.join_by_link, name="lobby_join_by_link"),
    path(
        "invitations/<int:invitation_id>/",
        views.answer_invitation,
        name="lobby_answer_invitation",
    ),
]

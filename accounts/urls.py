from django.urls import path

from accounts import views

urlpatterns = [
    path("accounts/profile/", views.edit_profile, name="edit_profile"),
    path("accounts/delete/", views.delete_own_account, name="delete_account"),
    path("players/<str:username>/", views.player_profile, name="player_profile"),
    path("players/<str:username>/vs/", views.head_to_head, name="head_to_head"),
    path("i18n/setlang/", views.switch_language, name="set_language"),
]

from django.urls import path

from games import views

urlpatterns = [
    path("matches/<int:match_id>/", views.match_table, name="match_table"),
    path("matches/<int:match_id>/move/", views.submit_move, name="match_move"),
    path("matches/<int:match_id>/leave/", views.leave_match, name="match_leave"),
    path("matches/<int:match_id>/end/", views.end_match_early, name="match_end_early"),
    path("matches/<int:match_id>/bot/", views.let_bot_play, name="match_let_bot_play"),
    path("matches/<int:match_id>/bot/stop/", views.take_seat_back, name="match_take_seat_back"),
    path("matches/<int:match_id>/analysis/", views.request_analysis, name="match_analysis"),
    path("matches/<int:match_id>/hand/", views.hand_seat, name="match_hand_seat"),
    path(
        "matches/<int:match_id>/hand/withdraw/",
        views.withdraw_seat_offer,
        name="match_withdraw_offer",
    ),
    path("seat-offers/<int:offer_id>/", views.seat_offer, name="seat_offer"),
    path("seat-offers/<int:offer_id>/answer/", views.answer_seat_offer, name="seat_offer_answer"),
    path("matches/<int:match_id>/substitute/", views.ask_for_substitute, name="match_ask_sub"),
    path("matches/<int:match_id>/volunteer/<int:seat>/", views.volunteer, name="match_volunteer"),
    path("matches/<int:match_id>/replay/", views.match_replay, name="match_replay"),
    path("matches/<int:match_id>/record.json", views.match_record, name="match_record"),
    path("games/<slug:game>/rules/", views.rules_summary, name="rules_summary"),
    path("games/<slug:game>/leaderboard/", views.leaderboard, name="leaderboard"),
    path("games/<slug:game>/statistics/", views.game_statistics, name="game_statistics"),
    path("play/<slug:game>/bots/", views.play_against_bots, name="play_against_bots"),
]

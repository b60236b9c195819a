from django.urls import path

from leaderboards import views

app_name = "leaderboards"

urlpatterns = [
    path("bestenliste/", views.overview, name="overview"),
    path("bestenliste/<slug:game>/", views.game_board, name="game"),
    path("bestenliste/<slug:game>/fern/", views.game_board, {"fern": True}, name="game_fern"),
    path("tagesspiel/", views.daily_page, name="daily"),
    path("tagesspiel/<slug:game>/starten/", views.daily_start, name="daily_start"),
    # path: a name is a display name (no "/"), but reversing must never fail on a seat's name
    path("spieler/<path:name>/", views.player_page, name="player"),
]

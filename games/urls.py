from django.urls import path

from games import live, views

app_name = "games"

urlpatterns = [
    path("regeln/<slug:slug>/", views.rules, name="rules"),
    path("hilfe/", views.manual, name="manual"),
    path("live/", live.live_page, name="live"),
    path("partie/<int:match_id>/", views.match_page, name="match"),
    path("partie/<int:match_id>/brett/", views.board, name="board"),
    path("partie/<int:match_id>/zug/", views.act, name="act"),
    path("partie/<int:match_id>/sortieren/", views.sort, name="sort"),
    path("partie/<int:match_id>/verlassen/", views.leave, name="leave"),
    path("partie/<int:match_id>/rat/", views.advice, name="advice"),
    path("partie/<int:match_id>/warum/", views.why, name="why"),
    path("partie/<int:match_id>/zurueck/", views.reclaim, name="reclaim"),
]

from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("turniere/", views.index, name="index"),
    path("turniere/neu/", views.create, name="create"),
    path("turniere/<int:tournament_id>/", views.detail, name="detail"),
    path("turniere/<int:tournament_id>/live/", views.live, name="live"),
    path("turniere/<int:tournament_id>/anmelden/", views.join, name="join"),
    path("turniere/<int:tournament_id>/verlassen/", views.leave, name="leave"),
    path("turniere/<int:tournament_id>/pause/", views.pause, name="pause"),
    path("turniere/<int:tournament_id>/berserk/", views.berserk, name="berserk"),
]

from django.contrib import admin
from django.urls import include, path

from config import views
from games.registry import GAMES

urlpatterns = [
    path("", views.home, name="home"),
    path("healthz", views.healthz, name="healthz"),
    path("manifest.webmanifest", views.manifest, name="manifest"),
    path("favicon.ico", views.favicon, name="favicon"),
    path("konto/", include("accounts.urls")),
    path("", include("games.urls")),
    path("", include("lobby.urls")),
    path("", include("leaderboards.urls")),
    path("", include("pairing.urls")),
    path("", include("alerts.urls")),
    path("", include("tournaments.urls")),
    # every game's extra pages (the Händlerschule, the Händlerreise), from its definition
    *(path("", include(page.urls)) for game in GAMES for page in game.pages if page.urls),
    path("admin/", admin.site.urls),
]

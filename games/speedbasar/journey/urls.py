from django.urls import path

from games.speedbasar.journey import views

app_name = "journey"

urlpatterns = [
    path("spiele/speedbasar/reise/", views.journey_map, name="map"),
    path("spiele/speedbasar/reise/<slug:slug>/", views.journey_station, name="station"),
]

from django.urls import path

from games.speedtroedel.school import views

app_name = "school"

urlpatterns = [
    path("spiele/speedtroedel/schule/", views.index, name="index"),
    path("spiele/speedtroedel/schule/<slug:slug>/", views.show, name="lesson"),
]

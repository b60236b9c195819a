from django.urls import path

from games.speedtroedel.school import views

app_name = "school"

urlpatterns = [
    path("spiele/<slug:game>/schule/", views.index, name="index"),
    path("spiele/<slug:game>/schule/<slug:slug>/", views.show, name="lesson"),
]

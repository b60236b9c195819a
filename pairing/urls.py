from django.urls import path

from pairing import views

app_name = "pairing"

urlpatterns = [
    path("spiele/<slug:game>/schnellspiel/", views.press, name="press"),
    path("spiele/<slug:game>/gesuche/", views.seeks, name="seeks"),
    path("schnellspiel/<int:seek_id>/warten/", views.wait, name="wait"),
    path("schnellspiel/<int:seek_id>/abbrechen/", views.cancel, name="cancel"),
    path("schnellspiel/<int:seek_id>/mitspielen/", views.accept, name="accept"),
]

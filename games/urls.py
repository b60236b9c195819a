from django.urls import path

from games import views

app_name = "games"

urlpatterns = [
    path("regeln/<slug:slug>/", views.rules, name="rules"),
]

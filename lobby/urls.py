from django.urls import path

from lobby import views

app_name = "lobby"

urlpatterns = [
    path("spiele/<slug:game>/", views.room, name="room"),
    path("spiele/<slug:game>/solo/", views.solo, name="solo"),
    path("spiele/<slug:game>/tisch/", views.create_table, name="create"),
    path("tisch/<int:table_id>/", views.table, name="table"),
    path("tisch/<int:table_id>/online/", views.online, name="online"),
    path("tisch/<int:table_id>/<slug:op>/", views.table_action, name="action"),
    path("einladung/<str:token>/", views.invite, name="invite"),
]

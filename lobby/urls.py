from django.urls import path

from lobby import chat_views, friends, rematch, views

app_name = "lobby"

urlpatterns = [
    path("spiele/<slug:game>/", views.room, name="room"),
    path("spiele/<slug:game>/solo/", views.solo, name="solo"),
    path("spiele/<slug:game>/tisch/", views.create_table, name="create"),
    path("tisch/<int:table_id>/", views.table, name="table"),
    path("tisch/<int:table_id>/online/", views.online, name="online"),
    path("tisch/<int:table_id>/nochmal/<int:match_id>/", rematch.rematch_view, name="rematch"),
    path("tisch/<int:table_id>/weiter/<int:match_id>/", rematch.follow_view, name="rematch_follow"),
    path("tisch/<int:table_id>/chat/", chat_views.table_chat, name="table_chat"),
    path("tisch/<int:table_id>/chat/<slug:op>/", chat_views.table_chat, name="table_chat_op"),
    path("partie/<int:match_id>/chat/", chat_views.match_chat, name="match_chat"),
    path("partie/<int:match_id>/chat/<slug:op>/", chat_views.match_chat, name="match_chat_op"),
    path("tisch/<int:table_id>/<slug:op>/", views.table_action, name="action"),
    path("einladung/<str:token>/", views.invite, name="invite"),
    path("konto/freunde/", friends.friends_page, name="friends"),
    path("konto/freunde/einladen/", friends.invite_friend, name="friend_invite"),
    path("konto/freunde/<slug:op>/", friends.friend_action, name="friend_action"),
]

from django.urls import path

from games.consumers import MatchConsumer

websocket_urlpatterns = [
    path("ws/partie/<int:match_id>/", MatchConsumer.as_asgi()),
]

from django.urls import path

from lobby.consumers import LobbyConsumer, TableConsumer

websocket_urlpatterns = [
    path("ws/lobby/<slug:game>/", LobbyConsumer.as_asgi()),
    path("ws/tisch/<int:table_id>/", TableConsumer.as_asgi()),
]

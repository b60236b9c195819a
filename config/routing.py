"""WebSocket routes of all apps."""

from games.routing import websocket_urlpatterns as games_ws
from lobby.routing import websocket_urlpatterns as lobby_ws
from tournaments.routing import websocket_urlpatterns as tournaments_ws

websocket_urlpatterns = [*games_ws, *lobby_ws, *tournaments_ws]

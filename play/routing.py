"""The live games' websockets, beside their pages (play/urls.py): a seat's socket by the
game's number (the player's session says which seat), a spectator's by the read-only link."""

from django.urls import path

from play import consumers

websocket_urlpatterns = [
    path("play/<int:pk>/socket/", consumers.GameConsumer.as_asgi(), name="play-socket"),
    path(
        "play/shared/<str:token>/socket/",
        consumers.GameConsumer.as_asgi(),
        name="play-shared-socket",
    ),
]

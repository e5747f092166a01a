from django.urls import path

from play import views

# The websockets beside these pages are in play/routing.py (<game>/socket/).
app_name = "play"
urlpatterns = [
    path("", views.games, name="games"),
    path("worker.js", views.worker, name="worker"),
    path("start/<int:roster_pk>/", views.start, name="start"),
    path("join/", views.join, name="join"),
    path("join/<str:code>/", views.join, name="join_code"),
    path("<int:pk>/", views.game, name="game"),
    path("<int:pk>/end/", views.end, name="end"),
    path("<int:pk>/portraits/<str:model_id>/", views.portrait, name="portrait"),
    path("shared/<str:token>/", views.shared, name="shared"),
    path(
        "shared/<str:token>/portraits/<str:model_id>/",
        views.shared_portrait,
        name="shared_portrait",
    ),
]

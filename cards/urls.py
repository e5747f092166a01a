from django.urls import path

from cards import portrait_views, views

app_name = "cards"
urlpatterns = [
    path("", views.card_library, name="library"),
    path("designer/", views.designer, name="designer"),
    path("designer/preview/", views.designer_preview, name="preview"),
    path("<int:pk>/edit/", views.designer, name="edit"),
    path("<int:pk>/preview/", views.designer_preview, name="preview_existing"),
    path("<int:pk>/duplicate/", views.duplicate_card, name="duplicate"),
    path("<int:pk>/delete/", views.delete_card, name="delete"),
    path("<int:pk>/restore/", views.restore_card, name="restore"),
    path("<int:pk>/mark/", views.mark_card, name="mark"),
    path("<int:pk>/portrait/", portrait_views.card_portrait, name="portrait"),
    path("<int:pk>/thumbnail.jpg", portrait_views.card_thumbnail, name="thumbnail"),
    path(
        "shared/<str:token>/portraits/<int:number>.jpg",
        portrait_views.shared_thumbnail,
        name="shared_portrait",
    ),
    path("portraits/", portrait_views.upload_portrait, name="upload_portrait"),
    path("portraits/<uuid:token>/", portrait_views.pending_portrait, name="pending_portrait"),
]

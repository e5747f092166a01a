from django.urls import path

from cards import views

app_name = "cards"
urlpatterns = [
    path("", views.card_library, name="library"),
    path("designer/", views.designer, name="designer"),
    path("print/", views.print_page, name="print"),
    path("cheat-sheets/", views.cheatsheets, name="cheatsheets"),
]

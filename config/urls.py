from django.contrib import admin
from django.urls import include, path

from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rules.urls")),
    path("rosters/", include("rosters.urls")),
    path("cards/", include("cards.urls")),
    path("cheat-sheets/", include("cards.cheatsheets.urls")),
    path("print/", include("cards.print_urls")),
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page links to.
    path("favicon.ico", views.favicon),
]

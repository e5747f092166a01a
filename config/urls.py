from django.contrib import admin
from django.urls import include, path

from accounts.guessing import guarded_login
from config import views

urlpatterns = [
    path("", views.home, name="home"),
    path("accounts/", include("accounts.urls")),
    path("rules/", include("rules.urls")),
    path("rosters/", include("rosters.urls")),
    path("cards/", include("cards.urls")),
    path("cheat-sheets/", include("cards.cheatsheets.urls")),
    path("print/", include("cards.print_urls")),
    path("play/", include("play.urls")),
    # The admin's log-in spends the same guessing counters as ours (accounts/guessing.py);
    # listed first, it answers /admin/login/ in place of the admin's own route.
    path("admin/login/", guarded_login(admin.site.login)),
    path("admin/", admin.site.urls),
    # Browsers ask for /favicon.ico whatever the page links to.
    path("favicon.ico", views.favicon),
]

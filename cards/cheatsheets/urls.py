from django.urls import path

from cards.cheatsheets import views

app_name = "cheatsheets"
urlpatterns = [
    path("", views.cheatsheets_page, name="index"),
    path("<slug:ruleset>/quick-reference.pdf", views.quick_reference, name="quick_reference"),
    path("rosters/<int:pk>/reference.pdf", views.roster_reference, name="roster_reference"),
    path("rosters/<int:pk>/roster-sheet.pdf", views.roster_sheet, name="roster_sheet"),
]

from django.urls import path

from rules import views

app_name = "rules"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:ruleset>/", views.ruleset_detail, name="ruleset"),
    path("<slug:ruleset>/decks/<slug:deck>/", views.deck, name="deck"),
    path("<slug:ruleset>/whats-new/", views.whats_new, name="whats_new"),
    path("<slug:ruleset>/house-rules/", views.house_rules, name="house_rules"),
    path(
        "<slug:ruleset>/house-rules/<int:pk>/delete/",
        views.delete_house_rule,
        name="delete_house_rule",
    ),
    path("<slug:ruleset>/<slug:kind>/", views.library, name="library"),
]

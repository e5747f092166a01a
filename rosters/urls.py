from django.urls import path

from rosters import campaign_views, completion_views, share_views, transfer_views, views

app_name = "rosters"
urlpatterns = [
    path("", views.roster_list, name="list"),
    path("<int:pk>/", views.roster_detail, name="detail"),
    path("<int:pk>/add/", views.add_member, name="add_member"),
    path("<int:pk>/members/<int:character_pk>/remove/", views.remove_member, name="remove_member"),
    path("<int:pk>/members/<int:character_pk>/role/", views.set_role, name="set_role"),
    path("<int:pk>/members/<int:character_pk>/move/", views.move_member, name="move_member"),
    path("<int:pk>/choices/<slug:key>/", views.set_choices, name="set_choices"),
    path("<int:pk>/rename/", views.rename, name="rename"),
    path("<int:pk>/settings/", views.set_settings, name="set_settings"),
    path("<int:pk>/profiles/", views.add_profile, name="add_profile"),
    path("<int:pk>/members/<int:character_pk>/count/", views.set_count, name="set_count"),
    path("<int:pk>/delete/", views.delete, name="delete"),
    path("<int:pk>/restore/", views.restore, name="restore"),
    path("<int:pk>/update/accept/", views.accept_update, name="accept_update"),
    path("<int:pk>/update/put-off/", views.put_off_update, name="put_off_update"),
    path("<int:pk>/export.json", transfer_views.export_json, name="export_json"),
    path("<int:pk>/export.txt", transfer_views.export_text, name="export_text"),
    path("<int:pk>/campaign/", campaign_views.timeline, name="campaign"),
    # Undo is every game's; any other word is an event of the roster's own game.
    path("<int:pk>/campaign/undo/", campaign_views.undo, name="undo_campaign"),
    path("<int:pk>/campaign/<slug:event>/", campaign_views.campaign_event, name="campaign_event"),
    path("<int:pk>/share/", share_views.share, name="share"),
    path("<int:pk>/duplicate/", share_views.duplicate, name="duplicate"),
    path("<int:pk>/share/revoke/", share_views.revoke, name="revoke_share"),
    path("shared/<str:token>/", share_views.shared, name="shared"),
    path("shared/<str:token>/copy/", share_views.copy, name="shared_copy"),
    path("import/", transfer_views.import_roster, name="import"),
    # A player's own values for what a book leaves empty, beside their house rules.
    path("library/<slug:ruleset>/", completion_views.completion_list, name="completions"),
    path("library/<slug:ruleset>/pack.json", completion_views.export_pack, name="export_pack"),
    path("library/<slug:ruleset>/pack/", completion_views.import_pack, name="import_pack"),
    path(
        "library/<slug:ruleset>/<slug:kind>/<slug:slug>/",
        completion_views.complete,
        name="complete",
    ),
    path(
        "library/<slug:ruleset>/<slug:kind>/<slug:slug>/drop/",
        completion_views.drop,
        name="drop_completion",
    ),
    path("samples/", transfer_views.sample_list, name="samples"),
    path("samples/<slug:slug>/", transfer_views.sample_detail, name="sample"),
    path("samples/<slug:slug>/start/", transfer_views.start_from_sample, name="start_sample"),
]

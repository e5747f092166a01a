from django.urls import path

from rosters import views

app_name = "rosters"
urlpatterns = [
    path("", views.roster_list, name="list"),
    path("<int:pk>/", views.roster_detail, name="detail"),
    path("<int:pk>/add/", views.add_member, name="add_member"),
    path("<int:pk>/members/<int:character_pk>/remove/", views.remove_member, name="remove_member"),
    path("<int:pk>/members/<int:character_pk>/role/", views.set_role, name="set_role"),
    path("<int:pk>/choices/<slug:key>/", views.set_choices, name="set_choices"),
    path("<int:pk>/rename/", views.rename, name="rename"),
    path("<int:pk>/delete/", views.delete, name="delete"),
]

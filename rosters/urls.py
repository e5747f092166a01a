from django.urls import path

from rosters import views

app_name = "rosters"
urlpatterns = [
    path("", views.roster_list, name="list"),
    path("<int:pk>/", views.roster_detail, name="detail"),
]

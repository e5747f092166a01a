from django.urls import path

from cards import print_views, profile_views

app_name = "printing"
urlpatterns = [
    path("", print_views.print_page, name="page"),
    path("cards.pdf", print_views.print_pdf, name="pdf"),
    path("prepare/", print_views.prepare_pdf, name="prepare"),
    path("jobs/", print_views.start_print_job, name="start_job"),
    path("jobs/<int:pk>/", print_views.print_job, name="job"),
    path("jobs/<int:pk>/cards.pdf", print_views.print_job_pdf, name="job_pdf"),
    path("print-check.pdf", print_views.calibration_pdf, name="calibration"),
    path("printed/", print_views.remember_print, name="remember"),
    path("card/<str:code>/", print_views.card_page, name="card"),
    path("profiles/", profile_views.printer_profiles, name="profiles"),
    path("profiles/<int:pk>/", profile_views.edit_profile, name="profile"),
    path("profiles/<int:pk>/delete/", profile_views.delete_profile, name="delete_profile"),
    path("profiles/use/", profile_views.choose_profile, name="use_profile"),
    path("shared/<str:token>/cards.pdf", print_views.shared_roster_pdf, name="shared_cards"),
    path("rosters/<int:pk>/tokens.pdf", print_views.token_sheet_pdf, name="tokens"),
    path("rosters/<int:pk>/everything.pdf", print_views.everything_pdf, name="everything"),
    path("rosters/<int:pk>/everything/", print_views.everything_job, name="everything_job"),
    path(
        "rosters/<int:pk>/everything/start/",
        print_views.start_everything,
        name="start_everything",
    ),
]

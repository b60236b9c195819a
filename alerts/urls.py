from django.urls import path

from alerts import views

app_name = "alerts"

urlpatterns = [
    path("konto/benachrichtigungen/", views.settings_page, name="settings"),
    path("email/bestaetigen/<str:token>/", views.confirm, name="confirm"),
    path("email/abmelden/<str:token>/", views.unsubscribe, name="unsubscribe"),
]

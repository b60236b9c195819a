from django.urls import path

from alerts import views

app_name = "alerts"

urlpatterns = [
    path("konto/benachrichtigungen/", views.settings_page, name="settings"),
    path("email/bestaetigen/<str:token>/", views.confirm, name="confirm"),
    path("email/abmelden/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("push/abonnieren/", views.push_subscribe, name="push_subscribe"),
    path("push/abmelden/", views.push_unsubscribe, name="push_unsubscribe"),
    path("sw.js", views.service_worker, name="service_worker"),
]

from django.contrib.auth import views as auth_views
from django.urls import path, reverse_lazy
from django.utils.translation import gettext_lazy as _

from accounts import views
from accounts.forms import RateLimitedAuthenticationForm

app_name = "accounts"

urlpatterns = [
    path("registrieren/", views.register, name="register"),
    path(
        "anmelden/",
        auth_views.LoginView.as_view(
            template_name="accounts/login.html",
            authentication_form=RateLimitedAuthenticationForm,
            redirect_authenticated_user=True,
        ),
        name="login",
    ),
    path("abmelden/", auth_views.LogoutView.as_view(), name="logout"),
    path("gast/", views.guest_join, name="guest"),
    path("profil/", views.profile, name="profile"),
    path("profil/einladungen/", views.invitation_settings, name="invitation_settings"),
    path("profil/privatsphaere/", views.privacy_settings, name="privacy_settings"),
    path("sprache/", views.set_language, name="language"),
    path(
        "passwort/aendern/",
        auth_views.PasswordChangeView.as_view(
            template_name="accounts/form_page.html",
            success_url=reverse_lazy("accounts:password_change_done"),
            extra_context={"title": _("Passwort ändern")},
        ),
        name="password_change",
    ),
    path(
        "passwort/geaendert/",
        auth_views.PasswordChangeDoneView.as_view(
            template_name="accounts/message_page.html",
            extra_context={
                "title": _("Passwort geändert"),
                "text": _("Dein Passwort ist geändert."),
            },
        ),
        name="password_change_done",
    ),
    path(
        "passwort/vergessen/",
        auth_views.PasswordResetView.as_view(
            template_name="accounts/form_page.html",
            email_template_name="accounts/password_reset_email.txt",
            subject_template_name="accounts/password_reset_subject.txt",
            success_url=reverse_lazy("accounts:password_reset_done"),
            extra_context={"title": _("Passwort vergessen")},
        ),
        name="password_reset",
    ),
    path(
        "passwort/vergessen/gesendet/",
        auth_views.PasswordResetDoneView.as_view(
            template_name="accounts/message_page.html",
            extra_context={
                "title": _("E-Mail unterwegs"),
                "text": _("Wenn es zu dieser Adresse ein Konto gibt, ist ein Link unterwegs."),
            },
        ),
        name="password_reset_done",
    ),
    path(
        "passwort/neu/<uidb64>/<token>/",
        auth_views.PasswordResetConfirmView.as_view(
            template_name="accounts/form_page.html",
            success_url=reverse_lazy("accounts:password_reset_complete"),
            extra_context={"title": _("Neues Passwort")},
        ),
        name="password_reset_confirm",
    ),
    path(
        "passwort/neu/fertig/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="accounts/message_page.html",
            extra_context={
                "title": _("Passwort gesetzt"),
                "text": _("Dein neues Passwort ist gesetzt. Du kannst dich jetzt anmelden."),
            },
        ),
        name="password_reset_complete",
    ),
]

from django.conf import settings
from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.decorators import method_decorator
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_http_methods
from django_ratelimit.decorators import ratelimit

from accounts.forms import SignUpForm
from accounts.guessing import guarded_login, remember_device
from accounts.models import NAME_TAKEN
from accounts.services import NameTaken, adopt_guest_work, sign_up
from config import limits


def safe_next(request):
    """Where the player was before signing up, if that is a page of this site; never another
    site (an open redirect would lend our name to someone else's page)."""
    target = request.POST.get("next") or request.GET.get("next") or ""
    allowed = url_has_allowed_host_and_scheme(
        target, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    )
    # Only a path of this site: a bare word would be read as a URL name by redirect().
    return target if allowed and target.startswith("/") else ""


@require_http_methods(["GET", "POST"])
@ratelimit(group="guest", key="ip", rate=limits.rate("GUEST_RATE"), method="POST")
def signup(request):
    guest = request.user if request.user.is_authenticated and request.user.is_guest else None
    back = safe_next(request)
    if request.user.is_authenticated and guest is None:
        return redirect(back or "home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            user = sign_up(
                guest=guest,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
                email=form.cleaned_data["email"],
            )
        except NameTaken:
            form.add_error("username", NAME_TAKEN)
        else:
            if guest is not None:
                messages.success(
                    request, "Account created. Everything you made as a guest is kept."
                )
            else:
                messages.success(request, f"Welcome to Cliffhanger, {user.username}.")
            login(request, user)
            response = redirect(back or "home")
            remember_device(request, response, user.username)
            return response
    context = {"form": form, "is_guest": guest is not None, "next": back}
    return render(request, "accounts/signup.html", context)


@method_decorator(guarded_login, name="post")
class LoginView(auth_views.LoginView):
    """Logging in from a guest session brings the guest's rosters and cards along."""

    template_name = "accounts/login.html"

    def get_context_data(self, **kwargs):
        return super().get_context_data(**kwargs) | {
            "password_reset": settings.PASSWORD_RESET_BY_EMAIL
        }

    def form_valid(self, form):
        user = self.request.user
        guest = user if user.is_authenticated and user.is_guest else None
        response = super().form_valid(form)
        result = adopt_guest_work(guest=guest, user=form.get_user())
        if result.moved:
            messages.success(self.request, f"{result.moved} item(s) from your guest session kept.")
        return response


reset_rate = limits.rate("PASSWORD_RESET_RATE")


def asked_address(group, request):
    """The e-mail address a reset asks for, in any spelling of its case."""
    return request.POST.get("email", "").strip().lower()


@method_decorator(ratelimit(group="reset", key="ip", rate=reset_rate, method="POST"), name="post")
@method_decorator(
    ratelimit(group="reset", key=asked_address, rate=reset_rate, method="POST"), name="post"
)
class PasswordResetView(auth_views.PasswordResetView):
    """Django's reset by e-mail: whether or not an account has the address, the player sees
    the same "sent" page, so the form tells nobody which addresses have accounts. Offered only
    where mail can leave (settings.PASSWORD_RESET_BY_EMAIL)."""

    template_name = "accounts/password_reset_form.html"
    email_template_name = "accounts/password_reset_email.txt"
    subject_template_name = "accounts/password_reset_subject.txt"

    def dispatch(self, request, *args, **kwargs):
        if not settings.PASSWORD_RESET_BY_EMAIL:
            raise Http404("Password reset by e-mail is not set up on this server.")
        return super().dispatch(request, *args, **kwargs)

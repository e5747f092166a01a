from django.contrib import messages
from django.contrib.auth import login
from django.contrib.auth import views as auth_views
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from accounts.forms import SignUpForm
from accounts.services import adopt_guest_work, register_guest


@require_http_methods(["GET", "POST"])
def signup(request):
    guest = request.user if request.user.is_authenticated and request.user.is_guest else None
    if request.user.is_authenticated and guest is None:
        return redirect("home")
    form = SignUpForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        if guest is not None:
            user = register_guest(
                guest=guest,
                username=form.cleaned_data["username"],
                password=form.cleaned_data["password1"],
            )
            messages.success(request, "Account created. Everything you made as a guest is kept.")
        else:
            user = form.save()
            messages.success(request, f"Welcome to Cliffhanger, {user.username}.")
        login(request, user, backend="django.contrib.auth.backends.ModelBackend")
        return redirect("home")
    return render(request, "accounts/signup.html", {"form": form, "is_guest": guest is not None})


class LoginView(auth_views.LoginView):
    """Logging in from a guest session brings the guest's rosters and cards along."""

    template_name = "accounts/login.html"

    def form_valid(self, form):
        user = self.request.user
        guest = user if user.is_authenticated and user.is_guest else None
        response = super().form_valid(form)
        result = adopt_guest_work(guest=guest, user=form.get_user())
        if result.moved:
            messages.success(self.request, f"{result.moved} item(s) from your guest session kept.")
        return response

import pytest

NAVIGATION = ["Card Designer", "My Cards", "Rosters", "Libraries", "Print", "Cheat Sheets"]


@pytest.mark.django_db
def test_every_page_has_the_players_navigation(client):
    page = client.get("/").content.decode()
    for label in NAVIGATION:
        assert f">{label}</a>" in page
    assert "Log in" in page and "Sign up" in page


@pytest.mark.django_db
def test_htmx_requests_send_the_csrf_token_header(client):
    page = client.get("/").content.decode()
    assert 'hx-headers=\'{"X-CSRFToken": "' in page


@pytest.mark.django_db
def test_signed_in_player_sees_their_account_menu(player_client, player):
    page = player_client.get("/").content.decode()
    assert player.username in page
    assert "Log out" in page
    assert "Password" in page


@pytest.mark.django_db
def test_home_lists_the_four_games(client, rules_data):
    page = client.get("/").content.decode()
    for name in ["Pulp Alley", "7TV", "Pulp City", "Pulp Fiction"]:
        assert name in page


@pytest.mark.django_db
def test_browsers_asking_for_favicon_ico_get_our_icon(client):
    response = client.get("/favicon.ico")
    assert response.status_code == 301
    assert response.url == "/static/favicon.svg"

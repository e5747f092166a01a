from playwright.sync_api import expect


def test_sign_up_log_out_log_in_and_see_the_navigation(page):
    page.goto("/")
    nav = page.get_by_role("navigation", name="Main")
    for label in ["Card Designer", "My Cards", "Rosters", "Libraries", "Print", "Cheat Sheets"]:
        expect(nav.get_by_role("link", name=label)).to_be_visible()

    page.get_by_role("link", name="Sign up").first.click()
    page.get_by_label("Username").fill("pulpfan")
    page.locator("#id_password1").fill("Zeppelin-over-Shanghai-1937")
    page.locator("#id_password2").fill("Zeppelin-over-Shanghai-1937")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Welcome to Cliffhanger, pulpfan.")).to_be_visible()

    page.get_by_role("button", name="Log out").click()
    expect(page.get_by_role("link", name="Log in")).to_be_visible()
    page.get_by_role("link", name="Log in").click()
    page.get_by_label("Username").fill("pulpfan")
    page.get_by_label("Password").fill("Zeppelin-over-Shanghai-1937")
    page.get_by_role("button", name="Log in").click()
    expect(page.locator(".account-menu")).to_contain_text("pulpfan")
    assert page.js_errors == []


def test_navigation_folds_into_a_menu_on_a_phone(page):
    page.set_viewport_size({"width": 390, "height": 800})
    page.goto("/")
    designer = page.get_by_role("link", name="Card Designer")
    expect(designer).to_be_hidden()
    page.get_by_text("Menu").click()
    expect(designer).to_be_visible()


def test_signing_up_as_a_guest_comes_back_to_the_roster(page):
    page.goto("/rosters/")
    page.get_by_label("Name").fill("The Shanghai Irregulars")
    page.get_by_role("button", name="Create").click()
    expect(page.get_by_role("heading", level=1)).to_have_text("The Shanghai Irregulars")
    roster_url = page.url
    page.get_by_role("link", name="Sign up to keep your work").click()
    page.get_by_label("Username").fill("pulpfan")
    page.locator("#id_password1").fill("Zeppelin-over-Shanghai-1937")
    page.locator("#id_password2").fill("Zeppelin-over-Shanghai-1937")
    page.get_by_role("button", name="Create account").click()
    expect(page.get_by_text("Everything you made as a guest is kept.")).to_be_visible()
    assert page.url == roster_url
    expect(page.get_by_role("heading", level=1)).to_have_text("The Shanghai Irregulars")

"""The memory browser in a real headless browser: Debian's chromium, driven by selenium through chromedriver,
against a real uvicorn server on 127.0.0.1 serving a real store.

Screenshots of the main views go to a temporary directory, or to ``TIERMEM_SCREENSHOTS=DIR`` when it is set
(that is how docs/img/ui-*.png are made). Without chromium the tests skip, except under CI (CI=true), which
installs it (.ci/run): there they fail.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from api_support import serve_asgi
from tiermem import Memory
from tiermem.interfaces.api import create_app
from tiermem.interfaces.auth import create_token
from ui_support import Seeded, seed

WIDTHS = (1280, 400)
VIEWS = ("/", "/search?q=which+editor+theme", "/tree", "/timeline", "/hot")


def _browser_paths() -> tuple[str, str]:
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver = shutil.which("chromedriver")
    if chromium and driver:
        return chromium, driver
    reason = "chromium and chromium-driver are not installed (apt-get install chromium chromium-driver)"
    if os.environ.get("CI") == "true":
        pytest.fail(f"{reason}; CI installs them in .ci/run")
    pytest.skip(reason)


@pytest.fixture(scope="module")
def shots(tmp_path_factory: pytest.TempPathFactory) -> Path:
    chosen = os.environ.get("TIERMEM_SCREENSHOTS")
    directory = Path(chosen) if chosen else tmp_path_factory.mktemp("screenshots")
    directory.mkdir(parents=True, exist_ok=True)
    return directory


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Iterator[dict[str, Any]]:
    """A seeded store served by the REST app (pages included) and a write token for it."""
    root = tmp_path_factory.mktemp("ui")
    with Memory.open(root / "store") as memory:
        seeded = seed(memory, root)
        token, _ = create_token(memory, ["default"], "write", "browser test")
        with serve_asgi(create_app(memory, workspace=str(root))) as url:
            yield {"url": url, "memory": memory, "token": token, "seeded": seeded}


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    chromium, chromedriver = _browser_paths()
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = chromium
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage"):
        options.add_argument(flag)
    browser = webdriver.Chrome(service=Service(chromedriver), options=options)
    browser.implicitly_wait(0)
    yield browser
    browser.quit()


def _width(driver: Any, width: int) -> None:
    """Lay the page out at exactly ``width`` CSS pixels (a window cannot be made that narrow everywhere)."""
    driver.execute_cdp_cmd(
        "Emulation.setDeviceMetricsOverride", {"width": width, "height": 900, "deviceScaleFactor": 1, "mobile": False}
    )


def _overflow(driver: Any) -> int:
    return int(driver.execute_script("return document.documentElement.scrollWidth - window.innerWidth"))


def _unlabelled(driver: Any) -> list[str]:
    """The names of the form fields a screen reader could not name."""
    script = (
        "return [...document.querySelectorAll('input:not([type=hidden]), select, textarea')]"
        ".filter(e => !e.labels || e.labels.length === 0).map(e => e.name)"
    )
    return list(driver.execute_script(script))


def _by(kind: str) -> Any:
    from selenium.webdriver.common.by import By

    return getattr(By, kind)


def _follow(driver: Any, element: Any, *, submit: bool = False) -> None:
    """Click a link or button (or submit a form field) and wait until the next page has replaced this one."""
    from selenium.common.exceptions import WebDriverException
    from selenium.webdriver.support import expected_conditions
    from selenium.webdriver.support.wait import WebDriverWait

    page = driver.find_element(_by("TAG_NAME"), "html")
    if submit:
        element.submit()
    else:
        element.click()
    # Asked in the middle of the navigation, chromium may answer "Node with given id does not belong to the
    # document" instead of "stale element": ask again (a page that never changes still times out).
    WebDriverWait(driver, 30, ignored_exceptions=(WebDriverException,)).until(expected_conditions.staleness_of(page))


def test_signing_in(driver: Any, site: dict[str, Any], shots: Path) -> None:
    _width(driver, 1280)
    driver.get(site["url"] + "/ui/a/default/tree")
    assert driver.current_url.startswith(site["url"] + "/ui/login")  # not signed in: sent to the sign-in page
    driver.save_screenshot(str(shots / "ui-login.png"))
    driver.find_element(_by("ID"), "token").send_keys("tmk_000000000000_" + "x" * 43)
    _follow(driver, driver.find_element(_by("CSS_SELECTOR"), "form button[type=submit]"))
    assert "unknown token" in driver.find_element(_by("CSS_SELECTOR"), "[role=alert]").text
    driver.find_element(_by("ID"), "token").send_keys(site["token"])
    _follow(driver, driver.find_element(_by("CSS_SELECTOR"), "form button[type=submit]"))
    assert driver.current_url == site["url"] + "/ui/a/default/tree"  # back where we were going
    root = re.match(r"Root WARM (\d+) COLD (\d+)", driver.find_element(_by("CSS_SELECTOR"), ".tree").text)
    assert root and int(root[1]) + int(root[2]) == 12  # every memory, warm or archived
    cookie = driver.get_cookie("tiermem_ui")
    assert cookie["httpOnly"] and cookie["sameSite"] == "Strict" and cookie["path"] == "/ui"
    assert driver.execute_script("return document.cookie") == ""  # scripts cannot read the token


def test_search_shows_why_and_opens_a_memory(driver: Any, site: dict[str, Any], shots: Path) -> None:
    seeded: Seeded = site["seeded"]
    driver.get(site["url"] + "/ui/a/default/")
    box = driver.find_element(_by("ID"), "q")
    box.send_keys("which editor theme do I use")
    _follow(driver, box, submit=True)
    hits = driver.find_elements(_by("CSS_SELECTOR"), ".hit")
    assert hits and "Gruvbox" in hits[0].text
    assert "why:" in hits[0].text and "tree owner/preferences" in hits[0].text
    driver.save_screenshot(str(shots / "ui-search.png"))
    _follow(driver, hits[0].find_element(_by("TAG_NAME"), "a"))
    assert driver.current_url.endswith(f"/m/{seeded.ids['I use the']}")
    assert "Gruvbox" in driver.find_element(_by("TAG_NAME"), "h1").text
    assert driver.find_element(_by("ID"), "access").is_displayed()


def test_memory_page_shows_links_and_versions(driver: Any, site: dict[str, Any], shots: Path) -> None:
    seeded: Seeded = site["seeded"]
    driver.get(site["url"] + f"/ui/a/default/m/{seeded.ids['Deploys of Harbor']}")
    links = driver.find_element(_by("CSS_SELECTOR"), "section[aria-labelledby=links]").text
    assert "elaborates" in links and "PostgreSQL 16" in links and "causes" in links
    assert "Sources\nsource type\nuser" in links and "url\nfly.io" in links  # the URL found in its text too
    driver.save_screenshot(str(shots / "ui-memory.png"))
    driver.get(site["url"] + f"/ui/a/default/m/{seeded.current}")
    versions = driver.find_elements(_by("CSS_SELECTOR"), ".chain li")
    assert [("600" in v.text, "1200" in v.text) for v in versions] == [(True, False), (False, True)]


def test_forget_with_confirmation(driver: Any, site: dict[str, Any], shots: Path) -> None:
    seeded: Seeded = site["seeded"]
    memory: Memory = site["memory"]
    target = seeded.ids["Lunch with Jonas"]
    driver.get(site["url"] + f"/ui/a/default/m/{target}")
    _follow(driver, driver.find_element(_by("LINK_TEXT"), "Forget"))
    assert "Forget this memory?" in driver.find_element(_by("TAG_NAME"), "h1").text
    assert memory.get(target).status == "active"  # asking is not doing
    driver.save_screenshot(str(shots / "ui-forget.png"))
    driver.find_element(_by("ID"), "reason").send_keys("not worth keeping")
    _follow(driver, driver.find_element(_by("CSS_SELECTOR"), "button.danger"))
    assert "Forgotten" in driver.find_element(_by("CSS_SELECTOR"), "[role=status]").text
    assert memory.get(target).status == "forgotten"
    assert memory.history(target)[-1].detail == {"reason": "not worth keeping"}
    assert all(h.memory.id != target for h in memory.search("lunch with Jonas mobile build", reinforce=False))


def test_keyboard_reaches_search(driver: Any, site: dict[str, Any]) -> None:
    from selenium.webdriver.common.action_chains import ActionChains
    from selenium.webdriver.common.keys import Keys

    driver.get(site["url"] + "/ui/a/default/")
    reached: list[str] = []
    for _ in range(25):
        ActionChains(driver).send_keys(Keys.TAB).perform()
        active = driver.switch_to.active_element
        reached.append(active.get_attribute("id") or active.text or active.tag_name)
        if active.tag_name == "button" and active.text == "Search":
            break
    assert reached[0] == "Skip to content"
    assert "q" in reached and reached[-1] == "Search", reached
    outline = driver.execute_script("return getComputedStyle(document.activeElement).outlineStyle")
    assert outline != "none"  # focus is visible


@pytest.mark.parametrize("width", WIDTHS)
def test_no_horizontal_overflow(driver: Any, site: dict[str, Any], shots: Path, width: int) -> None:
    seeded: Seeded = site["seeded"]
    _width(driver, width)
    try:
        memory = f"/m/{seeded.ids['Harbor runs on']}"
        for view in (*VIEWS, memory, f"{memory}/edit"):
            driver.get(site["url"] + "/ui/a/default" + view)
            assert driver.find_element(_by("TAG_NAME"), "main").is_displayed()
            assert _overflow(driver) <= 0, (view, width)
            assert _unlabelled(driver) == [], view
            name = view.strip("/").split("?")[0].split("/")[0] or "overview"
            if name != "m":
                driver.save_screenshot(str(shots / f"ui-{name}-{width}.png"))
    finally:
        _width(driver, 1280)

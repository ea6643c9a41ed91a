"""`atomgen catalog specs/` in a real headless browser (Debian's chromium + chromium-driver).

Every page loads with no console message of level SEVERE and fetches nothing but files of
the site; every picture renders (decoded, naturalWidth > 0, a box on the page); every link
resolves to a file of the site and, with a fragment, to an element of that page; the filter
box narrows the tables to exactly the rows that contain what was typed.

`python -m tests.test_catalog_browser DIR` writes the screenshots committed under docs/.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path
from typing import Any, Iterator
from urllib.parse import unquote, urlparse

import pytest

from tests.conftest import REPO

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="needs Debian's chromium and chromium-driver (apt-get install chromium chromium-driver; .ci/run does)",
)


def build_catalog(out: Path) -> float:
    started = time.monotonic()
    completed = subprocess.run(
        [sys.executable, "-m", "atomgen", "catalog", "specs/", "--out", str(out)],
        cwd=REPO,
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(REPO)},
    )
    assert completed.returncode == 0, completed.stderr
    return time.monotonic() - started


def start_browser(width: int = 1400, height: int = 1000) -> Any:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    options = webdriver.ChromeOptions()
    options.binary_location = str(CHROMIUM)
    for argument in (
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        f"--window-size={width},{height}",
        "--allow-file-access-from-files",
    ):
        options.add_argument(argument)
    options.set_capability("goog:loggingPrefs", {"browser": "ALL"})
    driver = webdriver.Chrome(service=Service(str(DRIVER)), options=options)
    # waiting for a wgmma page's hundreds of pictures can outlast Selenium's 30 s default on a
    # loaded 2-core CI machine (seen once: "script timeout"); a missing picture still fails the test
    driver.set_script_timeout(240)
    return driver


@pytest.fixture(scope="module")
def site(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("catalog") / "site"
    seconds = build_catalog(out)
    assert seconds < 30, f"catalog specs/ took {seconds:.1f} s (acceptance: under 30 s)"
    return out


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    driver = start_browser()
    yield driver
    driver.quit()


def pages(site: Path) -> list[Path]:
    return [site / "index.html"] + sorted((site / "atoms").glob("*.html"))


def open_page(browser: Any, page: Path) -> None:
    browser.get(page.as_uri())
    browser.get_log("browser")  # drop what an earlier page left


def test_every_link_resolves(site: Path, browser: Any) -> None:
    checked = 0
    ids: dict[Path, set[str]] = {}
    for page in pages(site):
        open_page(browser, page)
        links = browser.execute_script(
            "return Array.from(document.querySelectorAll('a[href], link[href], script[src], img[src]'),"
            " (a) => a.href || a.src);"
        )
        for link in links:
            url = urlparse(link)
            assert url.scheme == "file", f"{page.name} links off the site: {link}"
            target = Path(unquote(url.path))
            assert target.is_file(), f"{page.name}: {link} -> no such file"
            assert site.resolve() in target.resolve().parents, f"{page.name}: {link} leaves the site"
            if url.fragment:
                if target not in ids:
                    open_page(browser, target)
                    ids[target] = set(
                        browser.execute_script("return Array.from(document.querySelectorAll('[id]'), (e) => e.id);")
                    )
                    open_page(browser, page)
                assert unquote(url.fragment) in ids[target], f"{page.name}: {link} -> no element #{url.fragment}"
            checked += 1
    assert checked > 100


def _visible_rows(browser: Any) -> list[str]:
    return browser.execute_script(
        "return Array.from(document.querySelectorAll('table.filterable tbody tr'))"
        ".filter((r) => r.offsetParent !== null).map((r) => r.textContent.toLowerCase());"
    )


def test_filter_narrows_the_tables(site: Path, browser: Any) -> None:
    from selenium.webdriver.common.by import By

    for page, words in (
        (site / "index.html", "wgmma"),
        (site / "atoms" / "rocdl-cdna3-mfma.html", "bf16 32x32"),
        (site / "atoms" / "ptx-sm90-wgmma_ss.html", "64x256x16 f16"),
    ):
        open_page(browser, page)
        everything = _visible_rows(browser)
        box = browser.find_element(By.ID, "filter")
        box.send_keys(words)
        shown = _visible_rows(browser)
        expected = [row for row in everything if all(w in row for w in words.split())]
        assert 0 < len(shown) < len(everything), (page.name, len(shown), len(everything))
        assert shown == expected
        counter = browser.find_element(By.ID, "filter-count").text
        assert counter == f"{len(expected)} of {len(everything)} shown"
        box.clear()
        box.send_keys("no-such-atom-anywhere")
        assert _visible_rows(browser) == []
        box.clear()
        box.send_keys(" ")
        assert len(_visible_rows(browser)) == len(everything)


def test_picture_link_opens_its_picture(site: Path, browser: Any) -> None:
    open_page(browser, site / "atoms" / "ptx-sm90-wgmma_ss.html")
    link = browser.execute_script(
        "return document.querySelector('#instance-table a[href^=\"#pic-\"]').getAttribute('href');"
    )
    folded = browser.execute_script(f"return document.getElementById('{link[1:]}').open")
    assert folded is False  # wgmma has 100+ pictures: folded until asked for
    browser.execute_script(f"document.querySelector('#instance-table a[href=\"{link}\"]').click();")
    assert browser.execute_script(f"return document.getElementById('{link[1:]}').open") is True


def test_every_page_loads_clean_and_every_picture_renders(site: Path) -> None:
    """Last, in a browser of its own: it loads all 500 pictures."""
    browser = start_browser()
    try:
        _pages_load_clean(site, browser)
    finally:
        browser.quit()


def _pages_load_clean(site: Path, browser: Any) -> None:
    pictures = 0
    for page in pages(site):
        browser.get(page.as_uri())
        assert browser.execute_script("return document.readyState") == "complete"
        # open every picture and load it now (they are lazy and folded on big atoms)
        browser.execute_script(
            "for (const d of document.querySelectorAll('details')) d.open = true;"
            "for (const i of document.images) i.loading = 'eager';"
        )
        # wait for every image to load (fetched and parsed; not rasterized: decode() of a
        # 64x256 accumulator at full size costs tens of MB of bitmap, for nothing)
        browser.execute_async_script(
            "const done = arguments[arguments.length - 1];"
            "Promise.all(Array.from(document.images, (i) => i.complete ? null :"
            " new Promise((ok) => { i.addEventListener('load', ok); i.addEventListener('error', ok); })))"
            ".then(() => done());"
        )
        sizes = browser.execute_script(
            "return Array.from(document.images, (i) => [i.naturalWidth, i.getBoundingClientRect().width,"
            " i.getBoundingClientRect().height, i.getAttribute('src')]);"
        )
        for natural, width, height, src in sizes:
            assert natural > 0 and width > 0 and height > 0, f"{page.name}: {src} renders as {natural}/{width}x{height}"
        pictures += len(sizes)
        remote = browser.execute_script(
            "return performance.getEntriesByType('resource').map((r) => r.name).filter((n) => !n.startsWith('file:'));"
        )
        assert remote == [], f"{page.name} fetches from the network: {remote}"
        severe = [entry for entry in browser.get_log("browser") if entry.get("level") == "SEVERE"]
        assert severe == [], f"{page.name}: console errors {severe}"
    assert pictures >= len(list((site / "pictures").glob("*.svg")))  # every picture file is shown somewhere


def write_screenshots(folder: Path) -> None:
    """The screenshots under docs/screenshots: the index, an MFMA page, wgmma's pictures."""
    folder.mkdir(parents=True, exist_ok=True)
    out = Path(os.environ.get("TMPDIR", "/tmp")) / "atomgen-catalog-shots"
    build_catalog(out)
    driver = start_browser(1400, 1000)
    try:
        shots = (
            ("catalog-index.png", out / "index.html", None),
            ("catalog-mfma.png", out / "atoms" / "rocdl-cdna3-mfma.html", "instances"),
            ("catalog-mfma-pictures.png", out / "atoms" / "rocdl-cdna3-mfma.html", "pictures"),
            ("catalog-ldmatrix-pictures.png", out / "atoms" / "ptx-sm80-ldmatrix.html", "pictures"),
        )
        for name, page, anchor in shots:
            driver.get(page.as_uri())
            if anchor:
                driver.execute_script(
                    "for (const d of Array.from(document.querySelectorAll('details.picture')).slice(3)) d.open = false;"
                    f"document.getElementById('{anchor}').scrollIntoView();"
                )
            time.sleep(0.5)
            driver.save_screenshot(str(folder / name))
    finally:
        driver.quit()


if __name__ == "__main__":
    write_screenshots(Path(sys.argv[1]))

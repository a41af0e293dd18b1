"""Take the screenshots of ``docs/web.rst`` (run by hand, not by the docs build).

Starts the web app (:mod:`coinche.web`) on 127.0.0.1, drives headless Chromium
(Debian's ``chromium`` and ``chromium-driver``) with Selenium through a game from a
fixed seed, and writes PNG files into ``docs/web/``::

    .venv-compiled/bin/python docs/web_screenshots.py   # or .venv/bin/python

(the compiled build's bots and review are quicker: the calls' review takes minutes in
pure Python).

Importing this file does nothing (pytest imports it when collecting doctests).
"""

from __future__ import annotations

import time
from pathlib import Path

OUT = Path(__file__).resolve().parent / "web"
SEED = 2026


def main() -> None:

    from coinche.web import Settings, running_server

    with running_server(Settings(bot_workers=1)) as url:
        _shoot(url)
    print("written:", ", ".join(sorted(p.name for p in OUT.glob("*.png"))))


def _shoot(url: str) -> None:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    options = webdriver.ChromeOptions()
    options.binary_location = "/usr/bin/chromium"
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--hide-scrollbars"):
        options.add_argument(flag)
    driver = webdriver.Chrome(options=options, service=Service("/usr/bin/chromedriver"))
    OUT.mkdir(exist_ok=True)
    try:
        driver.set_window_size(1280, 1000)
        driver.get(url + "/")
        wait = WebDriverWait(driver, 120)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#setup-rules option"))
        Select(driver.find_element(By.ID, "setup-rules")).select_by_value("ffb")
        driver.find_element(By.ID, "setup-seed").send_keys(str(SEED))
        driver.save_screenshot(str(OUT / "start.png"))
        driver.find_element(By.ID, "setup-start").click()

        def my_turn(d: webdriver.Chrome) -> bool:
            return bool(d.execute_script("return app.state && app.state.to_move === 'S'"))

        wait.until(my_turn)
        time.sleep(0.3)
        driver.save_screenshot(str(OUT / "auction.png"))
        shots = {"play.png": 3, "phone.png": 5}
        played = 0
        while True:
            wait.until(lambda d: my_turn(d) or d.find_element(By.ID, "deal-end").is_displayed())
            if driver.find_element(By.ID, "deal-end").is_displayed():
                break
            state = driver.execute_script("return app.state")
            if state["phase"] == "auction":
                first = state["legal"][0]["action"]  # pass
                driver.find_element(By.CSS_SELECTOR, f'#calls [data-action="{first}"]').click()
            else:
                played += 1
                for name, at in shots.items():
                    if played == at:
                        if name == "phone.png":
                            driver.set_window_size(390, 1200)
                            time.sleep(0.3)
                        driver.save_screenshot(str(OUT / name))
                        driver.set_window_size(1280, 1000)
                card = driver.find_element(By.CSS_SELECTOR, "#hand button.card.legal")
                card.click()
            before: int = state["version"]

            def moved(d: webdriver.Chrome, before: int = before) -> bool:
                return int(d.execute_script("return app.state.version")) > before

            wait.until(moved)
        wait.until(lambda d: d.find_elements(By.CSS_SELECTOR, "#review-svg svg"))

        # and the calls' estimates (seconds in the compiled build, minutes in pure Python)
        def calls_done(d: webdriver.Chrome) -> bool:
            text: str = d.find_element(By.ID, "review-calls-status").text
            return text[:1].isdigit() or text.startswith(("No ", "The "))

        WebDriverWait(driver, 900).until(calls_done)
        time.sleep(0.3)
        driver.set_window_size(1280, 1500)
        driver.save_screenshot(str(OUT / "deal-end.png"))
    finally:
        driver.quit()


if __name__ == "__main__":
    main()

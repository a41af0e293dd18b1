"""The page of coinche.web in a real browser: headless Chromium, driven by
Selenium, plays a whole deal by clicking the legal calls and cards, and the score the
page shows is the library's.

The browser is Debian's ``chromium`` with ``chromium-driver`` (``.ci/run`` installs
them on a fresh machine); without them the test skips, and says why.
"""

from __future__ import annotations

import json
import random
import re
import shutil
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

pytest.importorskip("fastapi", reason="the web extra (coinche[web]) is not installed")


from coinche import Card, Deal, Seat, loads, parse_action
from coinche.bots.review import CallReview, CardReview, Review
from coinche.web import Settings, _bots, running_server

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
DRIVER = shutil.which("chromedriver")
pytestmark = pytest.mark.skipif(
    CHROMIUM is None or DRIVER is None,
    reason="headless Chromium is not installed (apt-get install -y chromium "
    "chromium-driver; .ci/run installs them): the real-browser test of the web page skips",
)
SEED = 31
MARKED = "return [...document.querySelectorAll(arguments[0])].map((b) => b.dataset[arguments[1]])"


def click(driver: Any, css: str) -> None:
    """Click the element *css* finds, found again if the page drew it anew in between."""
    from selenium.common.exceptions import StaleElementReferenceException
    from selenium.webdriver.common.by import By

    for _ in range(20):
        try:
            driver.find_element(By.CSS_SELECTOR, css).click()
            return
        except StaleElementReferenceException:
            continue
    raise AssertionError(f"{css} kept being redrawn")


def quick_review(deal: Deal, seed: int) -> Review:
    """A stand-in for the review of the cards (the real one solves 32 positions, ten
    times slower under the coverage tracer): the deal's second card gave up 10 card
    points. The API's review is checked against the library's in test_web_api.py."""
    seat, card = [(s.seat, s.action) for s in deal.steps if isinstance(s.action, Card)][1]
    assert isinstance(card, Card)
    row = CardReview(1, seat, card, 50, card, 60, 0, 0)
    return Review(calls=(), cards=(row,), worlds=0, seed=seed)


def quick_calls(deal: Deal, worlds: int, seed: int) -> tuple[CallReview, ...]:
    """A stand-in for the calls' estimates: the first call was expected to score 12.5
    less than a pass (or than 80 clubs, when it was a pass)."""
    seat, call = deal.calls[0]
    best = parse_action("80 C" if str(call) == "pass" else "pass")
    return (CallReview(0, seat, call, 0.0, best, 12.5),)  # type: ignore[arg-type]


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(_bots, "review_cards", quick_review)
        patch.setattr(_bots, "review_calls", quick_calls)
        with running_server(Settings(bot_workers=0, review_worlds=2)) as address:
            yield address


@pytest.fixture(scope="module")
def driver() -> Iterator[Any]:
    from selenium import webdriver
    from selenium.webdriver.chrome.service import Service

    assert CHROMIUM is not None
    assert DRIVER is not None
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for flag in ("--headless=new", "--no-sandbox", "--disable-dev-shm-usage", "--disable-gpu"):
        options.add_argument(flag)
    browser = webdriver.Chrome(options=options, service=Service(DRIVER))
    browser.set_window_size(1000, 900)
    try:
        yield browser
    finally:
        browser.quit()


def start_game(driver: Any, url: str, seed: int, *, belote: bool = False) -> None:
    """Open the page and start a game from *seed*, greedy bots at the three other seats
    (*belote*: the rule that belote must be declared ticked)."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import Select, WebDriverWait

    driver.get(url + "/")
    WebDriverWait(driver, 30).until(
        lambda d: d.find_elements(By.CSS_SELECTOR, "#setup-partner option")
    )
    Select(driver.find_element(By.ID, "setup-partner")).select_by_value("greedy")
    Select(driver.find_element(By.ID, "setup-opponents")).select_by_value("greedy")
    driver.find_element(By.ID, "setup-seed").send_keys(str(seed))
    if belote:
        driver.find_element(By.ID, "setup-belote").click()
    driver.find_element(By.ID, "setup-start").click()


def test_a_whole_deal_played_by_clicking(url: str, driver: Any) -> None:
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, 30)
    start_game(driver, url, SEED)

    def state() -> dict[str, Any]:
        found: dict[str, Any] = driver.execute_script("return app.state")
        return found

    def dialog_open(d: Any) -> bool:
        return bool(d.execute_script("return document.getElementById('deal-end').open"))

    rng = random.Random(SEED)
    refused = clicked_cards = clicked_calls = 0
    while True:
        wait.until(lambda d: dialog_open(d) or (d.execute_script(
            "return !!app.state && app.state.to_move === 'S' && !app.busy")))  # fmt: skip
        if dialog_open(driver):
            title = driver.find_element(By.ID, "deal-end-title").text
            if "thrown in" not in title:
                break
            click(driver, "#deal-continue")  # all four passed: the next deal
            continue
        before = state()
        legal = {item["action"] for item in before["legal"]}
        if before["phase"] == "auction":
            # the legal calls are the buttons shown; pass mostly, so that a bot takes
            shown = driver.execute_script(MARKED, "#calls button, #bid-strains button", "action")
            assert set(shown) <= legal
            assert "pass" in shown
            choice = "pass" if rng.random() < 0.8 else rng.choice(shown)
            click(driver, f'[data-action="{choice}"]')
            clicked_calls += 1
        else:
            marked = driver.execute_script(MARKED, "#hand button.card.legal", "card")
            assert set(marked) == legal  # the legal cards, and they only, are marked
            hand = driver.execute_script(MARKED, "#hand button.card", "card")
            others = [code for code in hand if code not in legal]
            if others and not refused:  # a card the rules refuse: the page says which rule
                click(driver, f'#hand button[data-card="{others[0]}"]')
                wait.until(lambda d: d.find_element(By.ID, "message").text)
                assert "(rule " in driver.find_element(By.ID, "message").text
                refused += 1
            click(driver, f'#hand button[data-card="{rng.choice(sorted(marked))}"]')
            clicked_cards += 1
        version: int = before["version"]

        def moved(d: Any, version: int = version) -> bool:
            return dialog_open(d) or int(state()["version"]) > version

        wait.until(moved)
    assert clicked_cards == 8
    assert clicked_calls >= 1
    # the score the page shows is the library's score of the deal's record
    shown = re.search(r"NS (-?\d+), EW (-?\d+)", title)
    assert shown is not None, title
    index = int(driver.execute_script("return app.state.deals.length")) - 1
    game = driver.execute_script("return app.game")
    with urllib.request.urlopen(f"{url}/api/games/{game}/deals/{index}/record") as answer:
        deal = loads(answer.read().decode())
    assert isinstance(deal, Deal)
    result = deal.result
    assert result is not None
    assert (int(shown[1]), int(shown[2])) == (result.score.north_south, result.score.east_west)
    table = driver.find_element(By.ID, "deal-result").text
    assert f"{result.score.north_south}" in table
    # the review comes, its costly card listed and outlined, and Continue closes it
    wait.until(lambda d: d.find_element(By.ID, "review-status").text.startswith("1 card"))
    assert "was better by 10 card points" in driver.find_element(By.ID, "review-rows").text
    assert "marked" in driver.find_element(By.ID, "review-svg").get_attribute("innerHTML")
    # then the calls' estimates: the first call, worse by 12.5 than another
    wait.until(lambda d: d.find_element(By.ID, "review-calls-status").text.startswith("1 call"))
    assert "over 2 deals drawn" in driver.find_element(By.ID, "review-calls-status").text
    assert "was expected to score 12.5 more" in driver.find_element(By.ID, "review-call-rows").text
    click(driver, "#deal-continue")
    assert not dialog_open(driver)
    # the last deal's score and review can be opened again
    click(driver, "#last-review")
    assert dialog_open(driver)
    wait.until(lambda d: d.find_element(By.ID, "review-calls-status").text.startswith("1 call"))
    click(driver, "#deal-continue")


def test_the_keyboard_plays(url: str, driver: Any) -> None:
    """/ goes to the box where an action is typed; p passes; a digit plays the card at
    that place of the hand."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.common.keys import Keys
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, 30)
    start_game(driver, url, 6)  # North bids 80 H: the deal is played, not thrown in
    wait.until(lambda d: d.execute_script("return !!app.state && app.state.to_move === 'S'"))
    version = driver.execute_script("return app.state.version")
    body = driver.find_element(By.TAG_NAME, "body")
    body.send_keys("/")
    typed = driver.switch_to.active_element
    assert typed.get_attribute("id") == "command-text"
    typed.send_keys("85 H", Keys.ENTER)  # not a bid value: refused with the rule
    wait.until(lambda d: d.find_element(By.ID, "message").text)
    assert "85 is not a bid value" in driver.find_element(By.ID, "message").text
    typed.send_keys(Keys.TAB)  # leave the field, then pass with the key p
    driver.find_element(By.TAG_NAME, "body").send_keys("p")
    wait.until(lambda d: d.execute_script("return app.state.version") > version)
    calls = driver.execute_script("return app.state.calls")
    assert {"seat": "S", "call": "pass"} in calls
    # in the play, the digit of a legal card's place plays it
    my_card = "return app.state.phase === 'play' && app.state.to_move === 'S' && !app.busy"
    wait.until(lambda d: d.execute_script(my_card))
    hand = driver.execute_script(MARKED, "#hand button.card", "card")
    legal = driver.execute_script(MARKED, "#hand button.card.legal", "card")
    place = hand.index(legal[0]) + 1
    driver.find_element(By.TAG_NAME, "body").send_keys(str(place))
    wait.until(lambda d: legal[0] not in d.execute_script("return app.state.hand"))
    played = driver.execute_script(
        "const s = app.state; return [s.trick, s.last_trick].filter(Boolean)"
        ".flatMap((t) => t.cards.map((c) => c.card))"
    )
    assert legal[0] in played


def test_belote_kept_quiet_with_the_key_b(url: str, driver: Any) -> None:
    """With the rule that belote must be declared ticked: seed 3 deals South the king
    and queen of diamonds, and the greedy bots let South's 90 diamonds stand. The box
    to say belote shows while South holds both; the key b unticks it, and the first of
    the two played keeps quiet: the table shows no belote, the record says it was not
    said, and the deal does not credit it."""
    from selenium.webdriver.common.by import By
    from selenium.webdriver.support.ui import WebDriverWait

    wait = WebDriverWait(driver, 30)
    start_game(driver, url, 3, belote=True)
    my_turn = "return !!app.state && app.state.to_move === 'S' && !app.busy"
    wait.until(lambda d: d.execute_script(my_turn))
    assert driver.execute_script("return app.state.options") == {
        "belote_requires_declaration": True
    }
    click(driver, '[data-action="90 D"]')
    box = driver.find_element(By.ID, "belote-box")
    said = None
    while said is None:
        wait.until(lambda d: d.execute_script(my_turn + " && app.state.phase === 'play'"))
        state = driver.execute_script("return app.state")
        assert box.is_displayed() == bool(state["belote_cards"])
        assert sorted(state["belote_cards"]) == ["KD", "QD"]  # South holds both until one goes
        legal = [item["action"] for item in state["legal"]]
        pair = [code for code in legal if code in ("KD", "QD")]
        if pair:
            assert driver.find_element(By.ID, "belote-say").is_selected()  # said by default
            driver.find_element(By.TAG_NAME, "body").send_keys("b")
            assert not driver.find_element(By.ID, "belote-say").is_selected()
            said = pair[0]
        card = pair[0] if pair else legal[0]
        version = state["version"]
        click(driver, f'#hand button[data-card="{card}"]')

        def moved(d: Any, version: int = version) -> bool:
            return int(d.execute_script("return app.state.version")) > version

        wait.until(moved)
    state = driver.execute_script("return app.state")
    assert state["belote"] == []
    assert state["belote_cards"] == []
    game_id = driver.execute_script("return app.game")
    # the rest of the deal through the API, for South: its first legal card each time
    token = driver.execute_script("return app.token")
    headers = {"Authorization": f"Bearer {token}", "Content-Type": "application/json"}
    base = f"{url}/api/games/{game_id}"
    while True:
        request = urllib.request.Request(f"{base}?seat=S&after={state['version']}&wait=5")
        request.add_header("Authorization", headers["Authorization"])
        with urllib.request.urlopen(request) as answer:
            state = json.load(answer)
        if state["deals"]:
            break
        if state["to_move"] == "S":
            body = json.dumps({"seat": "S", "action": state["legal"][0]["action"]}).encode()
            post = urllib.request.Request(f"{base}/actions", body, headers, method="POST")
            with urllib.request.urlopen(post) as answer:
                state = json.load(answer)
    with urllib.request.urlopen(f"{base}/deals/0/record") as answer:
        deal = loads(answer.read().decode())
    assert isinstance(deal, Deal)
    step = next(s for s in deal.steps if str(s.action) == said)
    assert step.seat is Seat.SOUTH
    assert step.belote is False  # kept quiet
    assert deal.result is not None
    assert deal.result.belote is None  # a belote not said does not count

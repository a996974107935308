"""Game reviews in Debian's Chromium (Playwright), issue 14: the HTML review of a record opened
from disk (tiles drawn from the page's own SVG symbols, nothing fetched, the biggest mistake
first), and "Review this match" at the end of a server match, which opens the player's own
seat's review; the table's log export and the review are refused before the match is over,
and the review to anyone without that seat's token. Screenshots go to artifacts/ (gitignored)."""

from __future__ import annotations

import json
import random
import re
import urllib.error
import urllib.parse
import urllib.request
from pathlib import Path
from typing import Any

import pytest

from hkmj.cli import main
from hkmj.server.testing import CHROMIUM, FAINT_PAGE_TEXT, Server, choose, each_case, match_over, play, run_apart

ARTIFACTS = Path(__file__).resolve().parents[2] / "artifacts"

SHARED_CHROMIUM = True
"""The tests share one Chromium (tests/server/conftest.py, ``browser``)."""

pytestmark = pytest.mark.skipif(
    not Path(CHROMIUM).exists(), reason=f"no Chromium at {CHROMIUM}; .ci/run installs Debian's chromium"
)


TILES_DRAWN = """(root) => Array.from(document.querySelectorAll(root + ' svg.t')).map((svg) => {
  const r = svg.getBoundingClientRect(), use = svg.querySelector('use');
  const ref = document.querySelector(use.getAttribute('href'));
  const box = use.getBBox();
  return { w: r.width, h: r.height, symbol: !!ref && ref.tagName === 'symbol', drawn: box.width > 0 && box.height > 0,
           label: svg.getAttribute('aria-label') };
})"""
"""Every tile under ``root``: its size on screen, whether its symbol exists and draws something."""


def check_review_page(page: Any) -> None:
    """The tiles of the first mistake render, and the mistakes are in decreasing order of loss."""
    tiles = page.evaluate(TILES_DRAWN, "#m1")
    assert len(tiles) >= 5
    for t in tiles:
        assert t["w"] > 10 and t["h"] > 10 and t["symbol"] and t["drawn"], t
        assert t["label"] and not re.fullmatch(r"\d[mpszf]", t["label"]), t  # a name ("5 Circles"), not a code
    losses = [float(x) for x in page.eval_on_selector_all("li.mistake", "els => els.map(e => e.dataset.loss)")]
    assert losses == sorted(losses, reverse=True)
    first = page.inner_text("#m1 h3")
    shown = re.search(r"−(\d+\.\d\d) points", first)
    assert shown is not None, first
    # the heading rounds the loss to cents, the attribute to 4 places: equal within rounding
    assert abs(float(shown.group(1)) - losses[0]) <= 0.00501, (first, losses[0])


def test_html_review_renders_offline_with_the_biggest_mistake_first(tmp_path: Path, browser: Any) -> None:

    record = tmp_path / "g.jsonl"
    assert (
        main(
            [
                "simulate",
                "--hands",
                "2",
                "--seed",
                "11",
                "--bots",
                "random,strong,greedy,strong",
                "--record",
                str(record),
                "--quiet",
            ]
        )
        == 0
    )
    out = tmp_path / "g.html"
    assert main(["review", str(record), "--seat", "1", "--html", str(out), "--quiet"]) == 0
    page = browser.new_page(viewport={"width": 1000, "height": 900})
    requests: list[str] = []
    errors: list[str] = []
    page.on("request", lambda r: requests.append(r.url))
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(out.as_uri())
    page.wait_for_selector("li.mistake")
    check_review_page(page)
    assert "Review of player 1" in page.inner_text("h1")
    assert [u for u in requests if not u.startswith("file:")] == [] and errors == []
    page.click("details.hand-review summary")
    assert page.evaluate(TILES_DRAWN, "details.hand-review[open]")
    ARTIFACTS.mkdir(exist_ok=True)
    page.screenshot(path=str(ARTIFACTS / "review.png"), full_page=False)


def _post_review(server: Server, tid: str, token: str) -> tuple[int, str]:
    req = urllib.request.Request(
        f"{server.base}/t/{tid}/review",
        data=urllib.parse.urlencode({"token": token}).encode(),
        method="POST",
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def _get(server: Server, path: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(server.base + path, timeout=30) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


def played_to_the_end(server: Server, tid: str, name: str, seed: int) -> str:
    """Seat ``name`` at the human slot 0 of the one-hand table ``tid``, play to *Match over*
    (Mahjong when offered, else a random legal move); the seat's token."""

    async def go() -> str:
        async with server.client() as me:
            token = await me.join(tid, 0, name)
            rng = random.Random(seed)
            await play([me], match_over, lambda i, legal: choose(legal, rng), 120)
            return token

    return run_apart(go())


def _click_review(browser: Any, server: Server, tid: str, token: str, lang: str, errors: list[str]) -> Any:
    """The table's page for the seat holding ``token``, with the client in ``lang``: its "Review
    this match" button (in that language) clicked, and the review page it opens."""
    context = browser.new_context(viewport={"width": 1100, "height": 900})
    context.add_init_script(
        f"localStorage.setItem('hkmj.token.{tid}', {json.dumps(token)}); localStorage.setItem('hkmj.lang', {json.dumps(lang)});"
    )
    page = context.new_page()
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{server.base}/t/{tid}")
    page.wait_for_selector("#review", timeout=15000)
    assert page.inner_text("#review") == {"en": "Review this match", "fr": "Revoir cette partie"}[lang]
    with page.expect_popup() as popup:
        page.click("#review")
    review = popup.value
    review.wait_for_load_state()
    return review


def test_review_this_match_shows_only_the_players_own_seat(
    server: Server, tmp_path: Path, capsys: pytest.CaptureFixture[str], browser: Any,
) -> None:

    tid = server.create(slots=[None, "greedy", "strong", "greedy"], hands=1, claim_window=0.01)

    async def go() -> str:
        async with server.client() as me:
            token = await me.join(tid, 0, "Ann")
            # before the end: no log, no review (the log holds every wall and concealed hand)
            assert _get(server, f"/api/tables/{tid}/log")[0] == 409
            assert _post_review(server, tid, token)[0] == 409
            rng = random.Random(2)
            await play([me], match_over, lambda i, legal: choose(legal, rng), 120)
            return token

    token = run_apart(go())
    # the log export: JSON Lines without the seat tokens, reviewed by name on the command line
    status, body = _get(server, f"/api/tables/{tid}/log")
    assert status == 200 and token not in body and '"token"' not in body
    kinds = [json.loads(line)["kind"] for line in body.splitlines()]
    assert kinds[0] == "create" and "act" in kinds
    log = tmp_path / "table.jsonl"
    log.write_text(body)
    assert main(["review", str(log), "--seat", "Ann", "--html", "-"]) == 0
    assert capsys.readouterr().out.startswith("Review of Ann: 1 hand of Hong Kong")
    # only a player of the table: the seat token is the credential
    assert _post_review(server, tid, "not-a-token")[0] == 403
    assert _get(server, "/api/tables/nosuchtable/log")[0] == 404
    assert _post_review(server, "nosuchtable", token)[0] == 404
    assert _post_review(server, tid, "")[0] == 403
    status, page = _post_review(server, tid, token)
    assert status == 200 and "Review of player 1 (Ann)" in page
    errors: list[str] = []
    review = _click_review(browser, server, tid, token, "en", errors)
    assert review.inner_text("h1") == "Review of player 1 (Ann)"
    assert "Hong Kong" in review.inner_text("main")
    if review.locator("li.mistake").count():
        check_review_page(review)
    assert review.evaluate("document.querySelectorAll('svg.t').length") > 0
    ARTIFACTS.mkdir(exist_ok=True)
    review.screenshot(path=str(ARTIFACTS / "review-from-table.png"))
    # a spectator has no seat: no review button
    watcher = browser.new_page()
    watcher.goto(f"{server.base}/t/{tid}?watch=1")
    watcher.wait_for_selector("#scoring", timeout=15000)
    assert watcher.locator("#review").count() == 0
    assert errors == []


def _post_review_lang(server: Server, tid: str, token: str, form_lang: str | None, accept: str | None) -> tuple[int, str, str]:
    """The review as the form posts it, with the client's ``lang`` field and the browser's Accept-Language."""
    fields = {"token": token} | ({"lang": form_lang} if form_lang is not None else {})
    headers = {"Content-Type": "application/x-www-form-urlencoded"} | ({"Accept-Language": accept} if accept else {})
    req = urllib.request.Request(f"{server.base}/t/{tid}/review", data=urllib.parse.urlencode(fields).encode(), method="POST", headers=headers)
    with urllib.request.urlopen(req, timeout=60) as r:
        return r.status, r.headers.get("Content-Language", ""), r.read().decode()


def test_review_this_match_in_the_clients_language(server: Server, browser: Any) -> None:
    """A French client's "Revoir cette partie" opens the review in French (the form posts the
    client's language); the route takes ``lang`` (en, fr), else the browser's Accept-Language,
    and keeps one page per seat and language."""
    tid = server.create(slots=[None, "strong", "greedy", "strong"], hands=1, claim_window=0.01)

    token = played_to_the_end(server, tid, "Zoé", 4)
    status, lang, page = _post_review_lang(server, tid, token, "fr", None)
    assert status == 200 and lang == "fr" and '<html lang="fr">' in page and "Analyse de partie\u00a0: joueur 1 (Zoé)" in page
    assert _post_review_lang(server, tid, token, "en", "fr-FR,fr")[1:] == ("en", _post_review(server, tid, token)[1])
    assert "Review of player 1 (Zoé)" in _post_review(server, tid, token)[1]  # no lang, no Accept-Language: English
    status, lang, page = _post_review_lang(server, tid, token, "xx", "fr-CA,fr;q=0.9")
    assert lang == "fr" and "Analyse de partie" in page  # an unknown lang: the browser's language
    errors: list[str] = []
    review = _click_review(browser, server, tid, token, "fr", errors)
    assert review.evaluate("document.documentElement.lang") == "fr"
    assert review.inner_text("h1") == "Analyse de partie\u00a0: joueur 1 (Zoé)"
    main_text = review.inner_text("main")
    assert "Toutes les décisions, donne par donne" in main_text and "Hong Kong" in main_text
    for english in ("Review of", "Biggest mistakes", "Every decision", "decisions with a choice", "from ready", "discard "):
        assert english not in main_text, english
    if review.locator("li.mistake").count():
        first = review.inner_text("#m1 h3")
        assert re.search(r"−\d+,\d\d points?", first), first
        labels = review.evaluate(TILES_DRAWN, "#m1")
        assert labels and all(not re.search(r"Characters|Circles|Bamboo|wind|dragon", t["label"]) for t in labels), labels
    ARTIFACTS.mkdir(exist_ok=True)
    review.screenshot(path=str(ARTIFACTS / "review-fr.png"))
    assert errors == []


def _post_form(server: Server, tid: str, token: str, lang: str, accept: str | None) -> tuple[int, dict[str, str], str]:
    """The review form's post (``token``, ``lang``) with the given Accept header: status, headers, body."""
    headers = {"Content-Type": "application/x-www-form-urlencoded"} | ({"Accept": accept} if accept else {})
    data = urllib.parse.urlencode({"token": token, "lang": lang}).encode()
    req = urllib.request.Request(f"{server.base}/t/{tid}/review", data=data, method="POST", headers=headers)
    try:
        with urllib.request.urlopen(req, timeout=60) as r:
            return r.status, {k.lower(): v for k, v in r.headers.items()}, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, {k.lower(): v for k, v in e.headers.items()}, e.read().decode()


BROWSER_ACCEPT = "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8"


def test_a_refused_review_is_a_page_the_player_reads_in_their_language(make_server: Any) -> None:
    """Issue 9 / issue 14: "Review this match" posts into a new tab; a refusal there (no such
    table, a seat token not recognised, the match not over, past ``--review-rate``) showed raw
    JSON. The browser (``Accept: text/html``) now gets a small page in the form's language saying
    what happened and when to try again, with the same status and Retry-After, under the
    review's strict CSP; a script keeps the JSON body byte for byte."""
    from hkmj.server.app import REVIEW_CSP

    server = make_server(None, "--review-rate", "1")
    tid = server.create(slots=[None, "greedy", "strong", "greedy"], hands=1, claim_window=0.01)
    token = played_to_the_end(server, tid, "Ann", 2)
    # a script: the JSON answer as before, byte for byte
    status, headers, body = _post_form(server, "nosuchtable", token, "en", None)
    assert status == 404 and headers["content-type"] == "application/json"
    assert body == '{"v":1,"error":"no_table","message":"no table \'nosuchtable\'"}'
    status, headers, body = _post_form(server, tid, "not-a-token", "fr", "application/json")
    assert status == 403 and json.loads(body)["error"] == "bad_token"
    # the browser: a page in the form's language, the same status, the review's CSP
    for tid_, tok, lang, code, said in (
        ("nosuchtable", token, "en", 404, "There is no such table on this server (or it is no longer kept)."),
        ("nosuchtable", token, "fr", 404, "Cette table n'existe pas sur ce serveur (ou n'y est plus conservée)."),
        (tid, "not-a-token", "en", 403, "Only a player of this table can review it, and this browser's seat was not recognised."),
        (tid, "not-a-token", "fr", 403, "Seul un joueur de cette table peut l'analyser, et la place de ce navigateur n'a pas été reconnue."),
    ):
        status, headers, body = _post_form(server, tid_, tok, lang, BROWSER_ACCEPT)
        assert status == code and headers["content-type"].startswith("text/html"), (status, headers)
        assert headers["content-language"] == lang and headers["content-security-policy"] == REVIEW_CSP
        assert f'<html lang="{lang}">' in body and said.replace("'", "&#x27;") in body, body
        assert '"error"' not in body and "retry-after" not in headers
    # past the review rate: 429, Retry-After, and when to try again
    assert _post_form(server, tid, token, "en", BROWSER_ACCEPT)[0] == 200
    status, headers, body = _post_form(server, tid, token, "fr", None)
    answer = json.loads(body)
    # the whole seconds until the minute's review budget earns its token again (issue 9)
    wait = answer.pop("retry_after")
    assert status == 429 and answer == {
        "v": 1,
        "error": "rate_limited",
        "message": "at most 1 game reviews made a minute from your address; try again later",
        "limit": "reviews",
        "n": 1,
    }
    assert isinstance(wait, int) and 1 <= wait <= 60 and headers["retry-after"] == str(wait), (wait, headers)
    status, headers, body = _post_form(server, tid, token, "fr", BROWSER_ACCEPT)
    wait = int(headers["retry-after"])
    assert status == 429 and 1 <= wait <= 60 and headers["content-security-policy"] == REVIEW_CSP
    assert "Les analyses de partie faites sont limitées à 1 par minute depuis votre adresse." in body
    then = "Attendez une minute, puis réessayez." if wait == 60 else f"Réessayez dans {wait}\u00a0secondes."
    assert then in body, body


def test_a_refused_review_opens_as_a_readable_page_in_chromium(make_server: Any, browser: Any) -> None:
    """Issue 9 in Chromium: past ``--review-rate``, "Review this match" / "Revoir cette partie"
    opens a tab that says, in the page's language, that the reviews are limited and to try again
    in a minute (it showed the raw JSON refusal)."""
    server = make_server(None, "--review-rate", "1")
    tids = [server.create(slots=[None, "greedy", "strong", "greedy"], hands=1, claim_window=0.01) for _ in range(2)]
    tokens = [played_to_the_end(server, tid, "Ann", 3 + i) for i, tid in enumerate(tids)]
    assert _post_form(server, tids[0], tokens[0], "en", BROWSER_ACCEPT)[0] == 200  # the minute's one review
    errors: list[str] = []
    retry_in = {"en": r"Try again in [1-5]?[0-9] seconds\.", "fr": "Réessayez dans [1-5]?[0-9]\u00a0secondes\\."}
    for lang, title, what, then in (
        ("en", "Review refused", "Game reviews made are limited to 1 a minute from your address.", "Wait a minute, then try again."),
        ("fr", "Analyse refusée", "Les analyses de partie faites sont limitées à 1 par minute depuis votre adresse.", "Attendez une minute, puis réessayez."),
    ):
        refused = _click_review(browser, server, tids[1], tokens[1], lang, errors)
        assert refused.evaluate("document.documentElement.lang") == lang
        assert refused.inner_text("h1") == title
        # the review budget's token comes back 60 s after the first review: by then some of
        # the minute may have gone (the page then says how many seconds are left)
        said = refused.inner_text("#then")
        assert refused.inner_text("#what") == what and (said == then or re.fullmatch(retry_in[lang], said)), said
        assert '"error"' not in refused.content()
        ARTIFACTS.mkdir(exist_ok=True)
        refused.screenshot(path=str(ARTIFACTS / f"review-refused-{lang}.png"))
    assert errors == []


@pytest.fixture(scope="module")
def review_pages(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """One recorded match (seed 11, two hands) reviewed for seat 1 as an HTML page in English and in French,
    made once for the tests below, which only read them."""
    tmp_path = tmp_path_factory.mktemp("review")
    record = tmp_path / "g.jsonl"
    assert main(["simulate", "--hands", "2", "--seed", "11", "--bots", "random,strong,greedy,strong",
                 "--record", str(record), "--quiet"]) == 0
    pages: dict[str, Path] = {}
    for lang in ("en", "fr"):
        out = tmp_path / f"g-{lang}.html"
        assert main(["review", str(record), "--seat", "1", "--html", str(out), "--quiet", "--lang", lang]) == 0
        pages[lang] = out
    return pages


def test_the_review_fits_a_phone(review_pages: dict[str, Path], browser: Any) -> None:
    """At phone widths (390 × 844, and the narrower 360 of most Android phones and 320 of small
    ones) the review page fits the screen's width, its tables of actions and of every hand's
    decisions too: they ran 70 px past the right edge at 390 (the French columns cut off, the page
    scrolling sideways), and a hand's table of decisions (six columns, the hand's tiles among
    them) still ran up to 50 px past it at 360 and 320; in English and French (each language at
    each width, a page of its own; a failure names its language and width)."""
    pages = review_pages

    def fits(lang: str, width: int) -> None:
        page = browser.new_page(viewport={"width": width, "height": 844})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(pages[lang].as_uri())
        page.wait_for_selector("li.mistake")
        for summary in page.query_selector_all("details.hand-review summary"):
            summary.click()
        ARTIFACTS.mkdir(exist_ok=True)
        page.screenshot(path=str(ARTIFACTS / f"review-phone-{lang}-{width}.png"), full_page=True)
        wide = page.evaluate("""(w) => Array.from(document.querySelectorAll('table'))
          .map((t) => Math.round(t.getBoundingClientRect().right)).filter((r) => r > w)""", width)
        assert page.evaluate("document.documentElement.scrollWidth") <= width and wide == [], wide
        assert errors == []

    each_case(((f"{lang}-{width}", lambda lang=lang, width=width: fits(lang, width))
               for lang in ("en", "fr") for width in (320, 360, 390)), browser)


def test_a_mistake_links_to_its_row_in_its_hands_table_and_back(review_pages: dict[str, Path], browser: Any) -> None:
    """The biggest mistakes listed at the top linked nowhere: each now links to its decision in
    its hand's table (the folded hand opens, the row is in view and marked), and that row links
    back to the mistake; in English and French (a page each; a failure names its language), no
    script in the page."""
    pages = review_pages

    def links(lang: str) -> None:
        out = pages[lang]
        assert "<script" not in out.read_text(encoding="utf-8")
        page = browser.new_page(viewport={"width": 1000, "height": 700})
        errors: list[str] = []
        page.on("pageerror", lambda e: errors.append(str(e)))
        page.goto(out.as_uri())
        page.wait_for_selector("li.mistake")
        ranks = page.eval_on_selector_all("li.mistake", "els => els.length")
        for rank in sorted({1, 2, ranks}):
            link = page.query_selector(f"#m{rank} h3 a.jump")
            assert link is not None
            row = link.get_attribute("href")
            assert row and re.fullmatch(r"#d\d+", row), row
            hand = re.search(r"\d+", page.inner_text(f"#m{rank} h3 a.jump"))
            link.click()
            state = page.evaluate("""(id) => { const tr = document.querySelector(id), r = tr.getBoundingClientRect();
              return { top: r.top, bottom: r.bottom, h: innerHeight, open: tr.closest('details').open, inView: r.top >= -1 && r.bottom <= innerHeight + 1,
                       target: tr.matches(':target'), hand: tr.closest('details').querySelector('summary').textContent,
                       back: tr.querySelector('a.jump') && tr.querySelector('a.jump').getAttribute('href') }; }""", row)
            assert state["open"] and state["inView"] and state["target"], state
            assert hand is not None and hand.group(0) in state["hand"], (hand, state)
            assert state["back"] == f"#m{rank}"
            page.click(f"{row} a.jump")
            top = page.evaluate(f"document.querySelector('#m{rank}').getBoundingClientRect().top")
            assert -1 <= top < 700 and page.evaluate(f"document.querySelector('#m{rank}').matches(':target')")
        word = "mistake" if lang == "en" else "erreur"
        assert word in page.inner_text(f"{page.get_attribute('#m1 h3 a.jump', 'href')} a.jump")
        assert errors == []

    each_case(((lang, lambda lang=lang: links(lang)) for lang in ("en", "fr")), browser)


def test_every_text_of_the_review_reads_against_its_background(server: Server, browser: Any) -> None:
    """The review's introduction ("1 hand of Hong Kong, against the expert bot. Values are …"), its note on a table's
    house options and its count of further mistakes were grey on the page's cream, 4.2:1, under WCAG's 4.5:1 for
    text of that size. Every text of the review opened from "Review this match" now reads at 4.5:1 at least (3:1
    when large), English and French."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.01, rules="classical")
    token = played_to_the_end(server, tid, "Ann", 3)
    errors: list[str] = []
    faint: list[str] = []
    for lang in ("en", "fr"):
        review = _click_review(browser, server, tid, token, lang, errors)
        for summary in review.locator("details summary").all()[:3]:
            summary.click()
        faint += [f"{lang}: {f}" for f in review.evaluate(FAINT_PAGE_TEXT, "body")]
    assert not faint, "\n".join(faint)
    assert errors == []


def test_hk_6_the_review_names_the_house_options_in_the_lobbys_words(server: Server, browser: Any) -> None:
    """HK-6: a Hong Kong table whose house options change payments is reviewed with the standard payments, and the
    review says so, naming the options. The browser's review named them as the command line takes them, "(base=10,
    payment=half-shooter)", to a player who had chosen "Base value 10" and "the discarder pays for all" from the
    lobby's menus; it now names them in those words, in English and French."""
    tid = server.create(slots=[None, "greedy", "greedy", "greedy"], hands=1, claim_window=0.01,
                        options={"base": "10", "payment": "half-shooter", "table": "doubling"})
    token = played_to_the_end(server, tid, "Ann", 5)
    errors: list[str] = []
    for lang, words in (("en", "(base value 10, doubling, the discarder pays for all)"),
                        ("fr", "(valeur de base 10, doublement, le défausseur paie pour tous)")):
        review = _click_review(browser, server, tid, token, lang, errors)
        proxy = review.inner_text("p.proxy").replace("\u00a0", " ")
        assert words in proxy and "=" not in proxy and "half-shooter" not in proxy, proxy
    assert errors == []

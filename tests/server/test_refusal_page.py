"""The refused review's page (issue 9, issue 14): both languages say the same things, a browser
is told from a script, and each refusal says what happened and when to try again."""

from __future__ import annotations

import re

from hkmj.server.refusal_page import REFUSAL_TEXTS, refusal_page, wants_html


def test_english_and_french_have_the_same_keys_and_placeholders() -> None:
    en, fr = REFUSAL_TEXTS["en"], REFUSAL_TEXTS["fr"]
    assert en.keys() == fr.keys()
    for k in en:
        assert set(re.findall(r"\{\w+\}", en[k])) == set(re.findall(r"\{\w+\}", fr[k])), k


def test_a_browser_gets_the_page_a_script_the_json() -> None:
    assert wants_html("text/html,application/xhtml+xml,*/*;q=0.8", None)
    assert wants_html(None, "document")
    assert not wants_html(None, None) and not wants_html("application/json", None) and not wants_html("*/*", "empty")


def test_each_refusal_says_what_happened_and_when_to_try_again() -> None:
    page = refusal_page("rate_limited", "en", limit="reviews", n=6, retry_after=60)
    assert "Game reviews made are limited to 6 a minute from your address." in page and "Wait a minute, then try again." in page
    page = refusal_page("rate_limited", "fr", limit="lookups", n=2.5, scope="network", retry_after=30)
    assert "limitées à 2,5 par minute depuis votre réseau." in page and "Réessayez dans 30\u00a0secondes." in page
    assert "Too many requests came from your address." in refusal_page("rate_limited", "en", limit="unknown", n=1, retry_after=60)
    assert "The server is busy." in refusal_page("table_full", "en", retry_after=60)
    # one second is said as such, not "in 1 seconds"
    assert "Try again in a second." in refusal_page("table_full", "en", retry_after=1)
    assert "Réessayez dans une seconde." in refusal_page("table_full", "fr", retry_after=1)
    page = refusal_page("bad_token", "fr")
    assert '<html lang="fr">' in page and "Vous pouvez fermer cet onglet." in page and "l&#x27;analyser" in page
    assert "The server refused the review." in refusal_page("bad_request", "en")
    assert "<script" not in page

"""A refused "Review this match" as a page a player can read.

The browser's review form posts into a new tab: a refusal answered as JSON showed the player raw
JSON there. :func:`wants_html` tells the browser's form (``Accept: text/html``) from a script; :func:`refusal_page` is the small self-contained page, in
English or French, saying what happened and, for a refusal that passes (``rate_limited``, a
busy server), when to try again. Both languages have the same keys and ``{placeholders}`` (a
test checks it)."""

from __future__ import annotations

import html

__all__ = ["REFUSAL_TEXTS", "refusal_page", "wants_html"]

REFUSAL_TEXTS: dict[str, dict[str, str]] = {
    "en": {
        "title": "Review refused",
        "no_table": "There is no such table on this server (or it is no longer kept).",
        "not_over": "This match is not over yet: its review opens once the match has ended.",
        "bad_token": "Only a player of this table can review it, and this browser's seat was not recognised.",
        "rate_limited": "Too many requests came from {who}.",
        "limit.reviews": "Game reviews made are limited to {n} a minute from {who}.",
        "limit.lookups": "Lookups of past or unknown tables are limited to {n} a minute from {who}.",
        "busy": "The server is busy.",
        "too_large": "The request was too large.",
        "timeout": "The request did not arrive in time.",
        "other": "The server refused the review.",
        "who.address": "your address",
        "who.network": "your network",
        "retry": "Try again in {s} seconds.",
        "retry.one": "Try again in a second.",
        "retry.minute": "Wait a minute, then try again.",
        "close": "You can close this tab.",
    },
    "fr": {
        "title": "Analyse refusée",
        "no_table": "Cette table n'existe pas sur ce serveur (ou n'y est plus conservée).",
        "not_over": "Cette partie n'est pas encore terminée\u00a0: son analyse s'ouvre une fois la partie finie.",
        "bad_token": "Seul un joueur de cette table peut l'analyser, et la place de ce navigateur n'a pas été reconnue.",
        "rate_limited": "Trop de requêtes sont venues de {who}.",
        "limit.reviews": "Les analyses de partie faites sont limitées à {n} par minute depuis {who}.",
        "limit.lookups": "Les consultations de tables passées ou inconnues sont limitées à {n} par minute depuis {who}.",
        "busy": "Le serveur est occupé.",
        "too_large": "La requête était trop grande.",
        "timeout": "La requête n'est pas arrivée à temps.",
        "other": "Le serveur a refusé l'analyse.",
        "who.address": "votre adresse",
        "who.network": "votre réseau",
        "retry": "Réessayez dans {s}\u00a0secondes.",
        "retry.one": "Réessayez dans une seconde.",
        "retry.minute": "Attendez une minute, puis réessayez.",
        "close": "Vous pouvez fermer cet onglet.",
    },
}


def wants_html(accept: str | None, fetch_dest: str | None) -> bool:
    """Whether a refusal goes to a browser as a page: the request accepts ``text/html`` (a
    browser's form post, a navigation) or is to be shown as a document (``Sec-Fetch-Dest:
    document``). A script (no such header, or asking for JSON) keeps the JSON answer: a form
    posted by a script without ``Accept: text/html`` is answered as before."""
    return "text/html" in (accept or "").lower() or (fetch_dest or "").lower() == "document"


def _num(n: float, lang: str) -> str:
    s = str(int(n)) if float(n).is_integer() else f"{n:g}"
    return s.replace(".", ",") if lang == "fr" else s


def refusal_page(
    code: str,
    lang: str,
    *,
    limit: str | None = None,
    n: float | None = None,
    scope: str | None = None,
    retry_after: int | None = None,
) -> str:
    """The refusal ``code`` (``no_table``, ``bad_token``, ``rate_limited``…) as a page in ``lang``
    (``en``, ``fr``): what happened, and when to try again when ``retry_after`` seconds are given."""
    w = REFUSAL_TEXTS.get(lang, REFUSAL_TEXTS["en"])
    who = w["who.network" if scope == "network" else "who.address"]
    if code == "rate_limited":
        key = f"limit.{limit}"
        what = w[key].format(n=_num(n, lang), who=who) if key in w and n is not None else w["rate_limited"].format(who=who)
    elif code in ("no_table", "not_over", "bad_token", "too_large", "timeout"):
        what = w[code]
    elif retry_after is not None:
        what = w["busy"]
    else:
        what = w["other"]
    if retry_after is None:
        then = w["close"]
    elif retry_after <= 1:
        then = w["retry.one"]
    elif retry_after == 60:
        then = w["retry.minute"]
    else:
        then = w["retry"].format(s=retry_after)
    title = html.escape(w["title"])
    return (
        f'<!doctype html>\n<html lang="{html.escape(lang)}"><head><meta charset="utf-8">'
        '<meta name="viewport" content="width=device-width, initial-scale=1">'
        f"<title>{title}</title><style>body{{font:16px/1.5 system-ui,sans-serif;max-width:36em;margin:3em auto;padding:0 1em;color:#222}}"
        "h1{font-size:1.4em}</style></head>"
        f'<body><main><h1>{title}</h1><p id="what">{html.escape(what)}</p><p id="then">{html.escape(then)}</p></main></body></html>\n'
    )

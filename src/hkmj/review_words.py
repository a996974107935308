"""The words of the game review in English and French: ``hkmj review --lang en|fr``
and the server's "Review this match" page in the player's language.

Tile, wind and distance names and the hint's action names are the terminal's
(:mod:`hkmj.tui.texts`, :func:`hkmj.tiles.name`); the plans the advisor aims at are the Hong Kong
fan names (:mod:`hkmj.scoring.hong_kong`, HK-6). The review's own phrases are :data:`STRINGS`
(both tables have the same keys and ``{placeholders}``: a test checks it).

The advisor's notes (:attr:`hkmj.bots.advice.Advice.note`) are plain English made by the bots;
:meth:`Words.note` renders them in the review's language from :data:`NOTES`, a table of the fixed
phrases the ``expert`` and ``strong`` bots write, each with its variable parts (a distance from
ready, a tile, a plan, a number). A note no phrase matches has no French rendering (``None``):
the French page leaves it out rather than show English (a test plays seeded games to check
that every note the advisor writes is covered).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any

from hkmj.bots.strong import PLAN_NAMES
from hkmj.engine import Action, Chow, Discard, Kong, Pass, Pung, Win
from hkmj.server.help import typography
from hkmj.tiles import N_KINDS, Tile, name
from hkmj.tui.texts import BOT_NAMES, LANGS, Texts

__all__ = ["LANGS", "NOTES", "STRINGS", "TableBot", "TableNames", "Who", "Words", "check_lang", "words"]

EN: dict[str, str] = {
    # --- who is reviewed
    "who.drew": "player {n} (drew {wind})",
    "who.drawer": "the player who drew {wind}",
    "who.seat": "{wind}",
    "who.number": "player {n}",
    "who.named": "player {n} ({name})",
    "who.bot": "the bot {name} (every seat it held)",
    "name.player": "player {n}",
    "name.bot": "Bot {n} ({bot})",
    # --- the text summary
    "head": "Review of {player}: {hands}, against the {advisor} bot.",
    "hands.one": "{n} hand of {rules}",
    "hands.other": "{n} hands of {rules}",
    "none": "This player had no decision with a choice to make.",
    "none.others": "This player made no decision with a choice themselves.",
    "cut": "The record stops in the middle of hand {hand}: its decisions up to there are reviewed.",
    "stopped": "The record stops after hand {hand}, before the match's end: the hands played are reviewed.",
    "others.one": "{n} decision with a choice was made for this player by the server (their bot while they were away, "
    "or a decision that timed out): it is left out, since the player did not make it.",
    "others.other": "{n} decisions with a choice were made for this player by the server (their bot while they were away, "
    "or decisions that timed out): they are left out, since the player did not make them.",
    "proxy": "At a classical table the advisor's values are on its own model's scale (a small win is worth 4 to 6 "
    "points there), not classical scores (CL-7); only a Mahjong is valued at its actual classical payment.",
    # a house option that changes payments, in the lobby's words (its value as --option gives it after the key)
    "opt.base": "base value {v}",
    "opt.limit": "limit from {v} fan",
    "opt.table.seed": "4-7-10 steps (the rules)",
    "opt.table.half": "half-exponential",
    "opt.table.doubling": "doubling",
    "opt.payment.seed": "the discarder pays double (the rules)",
    "opt.payment.half-shooter": "the discarder pays for all",
    "proxy.hk": "With this table's house options ({options}) the advisor values hands with Hong Kong's standard "
    "payments (HK-6: base 1, the rules' own table); only a Mahjong is valued at its actual payment here.",
    "totals": "{decisions} with a choice: {agree} as good as the advice ({pct}), {worse} worse; expected value lost in all: {lost}.",
    "decisions.one": "{n} decision",
    "decisions.other": "{n} decisions",
    "no_mistake": "No mistake found: every choice was as good as the advisor's.",
    "biggest": "Biggest mistakes first ({shown} of {total}):",
    "mistake": "{title}: you chose to {played}; the advisor would {best} ({loss}{win}).",
    "win": ", win chance {mine} instead of {best}",
    "shape": "Before: {before}. After yours: {after}. After the advice: {advised}.",
    "advisor_note": "Advisor: {note}.",
    "points.one": "{x} points",
    "points.other": "{x} points",
    # --- a decision
    "title": "Hand {hand} ({wind}), {what}",
    "what.decision": "decision {n}",
    "what.drew": "decision {n}, drew {tile}",
    "what.claim": "{tile} discarded by {wind}",
    "what.rob": "{wind} adds a kong of {tile}",
    "dist.complete": "complete",
    "dist.ready": "ready",
    "dist.waits": "ready on {tiles}",
    "dist.waits.all": "ready on {tiles} ({min}+ {unit})",
    "dist.waits.some": "ready on {tiles} ({min}+ {unit} on {scoring} only)",
    "dist.waits.all.drawn": "ready on {tiles} ({min}+ {unit}; only self-drawn on {drawn})",
    "dist.waits.some.drawn": "ready on {tiles} ({min}+ {unit} on {scoring} only; only self-drawn on {drawn})",
    "dist.waits.short": "ready in shape on {tiles}, but no wait scores {min} {unit}",
    "dist.dead": "dead hand ({rule}): cannot win",
    "dist.ready.short": "ready in shape, but no wait scores {min} {unit}",
    "dist.waits.out": "ready on {tiles}, but every winning tile is already out",
    "dist.ready.out": "ready, but every winning tile is already out",
    "act.pung": "pung {tile}",
    "act.pung.bare": "pung",
    "act.kong.concealed": "declare a concealed kong of {tile}",
    "act.kong.added": "declare an added kong of {tile}",
    "meld.pung": "pung",
    "meld.chow": "chow",
    "meld.kong": "kong",
    "meld.ckong": "concealed kong",
    "plan.standard": "a standard hand",
    "plan.fan": "{fan}",
    # --- the HTML page
    "html.title": "hkmj review: {player}",
    "html.h1": "Review of {player}",
    "html.intro": "{hands}, against the {advisor} bot. Values are the advisor's expected points for the hand after each "
    'action; "behind best" is how many points an action gives up against the advice.',
    "html.h.mistakes": "Biggest mistakes first",
    "html.h.hands": "Every decision, hand by hand",
    "html.more.one": "{n} smaller mistake is in the hands below.",
    "html.more.other": "{n} smaller mistakes are in the hands below.",
    "html.you": "You: <b>{action}</b> (value {value}, win {win}).",
    "html.advisor": "Advisor: <b>{action}</b> (value {value}, win {win}){note}.",
    "html.note": ": {note}",
    "html.shape": "Before: {before}. After yours: {after}. After the advice: {advised}.",
    "html.loss": "−{points}",
    "html.yours": " (yours)",
    "html.col.action": "action",
    "html.col.value": "value",
    "html.col.behind": "behind best",
    "html.col.win": "win chance",
    "html.col.why": "why",
    "html.col.number": "#",
    "html.col.hand": "hand",
    "html.col.you": "you",
    "html.col.advisor": "advisor",
    "html.col.loss": "loss",
    "html.col.after": "after yours",
    "html.as_advised": "as advised",
    "html.as_good": "as good",
    "html.to_table": "↓ in hand {hand}'s table",
    "html.to_mistake": "↑ mistake {rank}",
    "html.hand": "Hand {hand} ({wind}): {decisions}, {lost} lost",
    "html.drawn": "drawn",
    "html.offered": "on offer",
    "cli.html": "HTML review: {path}",
    "cli.cut_line": "{path}, line {line}: cut in the middle of a write (a crash), left out; the lines before it are reviewed",
    # --- what is wrong with the input (ReviewError)
    "err.input": "{problem}",
    "err.line": "{detail}",
    "err.log_entry": "{path}, line {line}: a table log entry is a JSON object with 'kind' and 'data'",
    "err.bad_log": "{path}: bad table log: {detail}",
    "err.never_started": "{path}: the table's match never started: nothing to review",
    "err.not_a_record": "{path}: line {line} is a '{type}' event, but a record begins with match_start (or a "
    "single hand's with hand_start, docs/record-format.md): this is no record of hkmj play or hkmj simulate, nor a server table's log",
    "err.no_player": "--seat {who}: no such player in this record; give E, S, W or N (the wind the player drew), "
    "a player number 1-4 or a table slot slot0-slot3{names}",
    "err.names": ", or a name: {names}",
    "err.other_kind": "--seat {who}: at this table that player was {bot}, another bot; give {short} or {bot}",
    "err.table_names": ", or a name the table showed: {names}",
    "err.no_replay": "the record does not replay through the engine, so it cannot be reviewed: {detail}",
    "err.illegal": "line {line}: {detail}",
    "err.never_played": "--seat {who}: {player} never played a hand in this record",
    "err.bot_seat": "--seat {who}: the server's bot played the seat of {player}, not a person: there is nothing "
    "of a player's to review (a review leaves the server's moves out); give the seat of a person who played: {people}",
    "err.bot_table": "--seat {who}: the server's bots played every seat of this table, no person: there is nothing "
    "of a player's to review (a review leaves the server's moves out)",
    "err.no_hands": "the record stops before its first hand: no hand was played, nothing to review",
    "err.advisor": "the advisor did not value every legal action at hand {hand}",
    "err.write": "cannot write {path}: {reason}",
    "err.html_is_game": "--html {path} is the record being reviewed: the page would replace it; give another file",
    "err.html_not_page": "--html {path} exists and is not an HTML page: the review would replace it; give another file (or remove that one first)",
}

FR: dict[str, str] = {
    "who.drew": "joueur {n} (a tiré {wind})",
    "who.drawer": "le joueur qui a tiré {wind}",
    "who.seat": "{wind}",
    "who.number": "joueur {n}",
    "who.named": "joueur {n} ({name})",
    "who.bot": "le robot {name} (à chaque place qu'il a tenue)",
    "name.player": "joueur {n}",
    "name.bot": "Robot {n} ({bot})",
    "head": "Analyse de partie\u00a0: {player}, {hands}, face au robot {advisor}.",
    "hands.one": "{n} donne, {rules}",
    "hands.other": "{n} donnes, {rules}",
    "none": "Aucune décision de ce joueur n'offrait de choix.",
    "none.others": "Ce joueur n'a pris lui-même aucune décision avec un choix.",
    "cut": "L'enregistrement s'arrête au milieu de la donne {hand}\u00a0: ses décisions jusque-là sont analysées.",
    "stopped": "L'enregistrement s'arrête après la donne {hand}, avant la fin de la partie\u00a0: les donnes jouées sont analysées.",
    "others.one": "{n} décision avec un choix a été prise pour ce joueur par le serveur (son robot pendant son absence, "
    "ou une décision dont le temps a expiré)\u00a0: elle est laissée de côté, puisque le joueur ne l'a pas prise.",
    "others.other": "{n} décisions avec un choix ont été prises pour ce joueur par le serveur (son robot pendant son absence, "
    "ou des décisions dont le temps a expiré)\u00a0: elles sont laissées de côté, puisque le joueur ne les a pas prises.",
    "proxy": "À une table classique, les valeurs du conseiller sont à l'échelle de son propre modèle (une petite "
    "victoire y vaut de 4 à 6 points), pas des scores classiques (CL-7)\u00a0; seul un Mahjong est évalué à son "
    "paiement classique réel.",
    "opt.base": "valeur de base {v}",
    "opt.limit": "limite à partir de {v} fans",
    "opt.table.seed": "paliers 4-7-10 (la règle)",
    "opt.table.half": "demi-exponentielle",
    "opt.table.doubling": "doublement",
    "opt.payment.seed": "le défausseur paie double (la règle)",
    "opt.payment.half-shooter": "le défausseur paie pour tous",
    "proxy.hk": "Avec les options de cette table ({options}), le conseiller évalue les mains avec les paiements "
    "standard de Hong Kong (HK-6\u00a0: base 1, la table des règles)\u00a0; seul un Mahjong est évalué à son paiement réel ici.",
    "totals": "{decisions} avec un choix\u00a0: {agree} fois aussi bien que le conseil ({pct}), {worse} fois moins bien\u00a0; "
    "espérance perdue au total\u00a0: {lost}.",
    "decisions.one": "{n} décision",
    "decisions.other": "{n} décisions",
    "no_mistake": "Aucune erreur\u00a0: chaque choix valait celui du conseiller.",
    "biggest": "Les plus grosses erreurs d'abord ({shown} sur {total})\u00a0:",
    "mistake": "{title}\u00a0: votre choix, {played}\u00a0; le conseiller\u00a0: {best} ({loss}{win}).",
    "win": ", chance de victoire {mine} au lieu de {best}",
    "shape": "Avant\u00a0: {before}. Après votre choix\u00a0: {after}. Après le conseil\u00a0: {advised}.",
    "advisor_note": "Conseiller\u00a0: {note}.",
    "points.one": "{x} point",
    "points.other": "{x} points",
    "title": "Donne {hand} ({wind}), {what}",
    "what.decision": "décision {n}",
    "what.drew": "décision {n}, pioche {tile}",
    "what.claim": "{tile}, défausse du joueur {wind}",
    "what.rob": "le joueur {wind} ajoute un kong de {tile}",
    "dist.complete": "complète",
    "dist.ready": "prête",
    "dist.waits": "prête, attend {tiles}",
    "dist.waits.all": "prête, attend {tiles} ({min} {unit} ou plus)",
    "dist.waits.some": "prête, attend {tiles} ({min} {unit} ou plus sur {scoring} seulement)",
    "dist.waits.all.drawn": "prête, attend {tiles} ({min} {unit} ou plus\u00a0; seulement en piochant sur {drawn})",
    "dist.waits.some.drawn": "prête, attend {tiles} ({min} {unit} ou plus sur {scoring} seulement\u00a0; seulement en piochant sur {drawn})",
    "dist.waits.short": "prête par sa forme, attend {tiles}, mais aucune attente n'atteint {min} {unit}",
    "dist.dead": "main morte ({rule})\u00a0: ne peut plus gagner",
    "dist.ready.short": "prête par sa forme, mais aucune attente n'atteint {min} {unit}",
    "dist.waits.out": "prête, attend {tiles}, mais toutes les tuiles gagnantes sont déjà sorties",
    "dist.ready.out": "prête, mais toutes les tuiles gagnantes sont déjà sorties",
    "act.pung": "pung {tile}",
    "act.pung.bare": "pung",
    "act.kong.concealed": "kong caché {tile}",
    "act.kong.added": "kong ajouté {tile}",
    "meld.pung": "pung",
    "meld.chow": "chow",
    "meld.kong": "kong",
    "meld.ckong": "kong caché",
    "plan.standard": "une main ordinaire",
    "plan.fan": "«\u00a0{fan}\u00a0»",
    "html.title": "hkmj\u00a0: analyse de partie, {player}",
    "html.h1": "Analyse de partie\u00a0: {player}",
    "html.intro": "{hands}, face au robot {advisor}. Les valeurs sont les points que le conseiller attend de la donne "
    "après chaque action\u00a0; «\u00a0écart\u00a0» est ce qu'une action perd face au conseil.",
    "html.h.mistakes": "Les plus grosses erreurs d'abord",
    "html.h.hands": "Toutes les décisions, donne par donne",
    "html.more.one": "{n} erreur plus petite figure dans les donnes ci-dessous.",
    "html.more.other": "{n} erreurs plus petites figurent dans les donnes ci-dessous.",
    "html.you": "Vous\u00a0: <b>{action}</b> (valeur {value}, victoire {win}).",
    "html.advisor": "Conseiller\u00a0: <b>{action}</b> (valeur {value}, victoire {win}){note}.",
    "html.note": "\u00a0: {note}",
    "html.shape": "Avant\u00a0: {before}. Après votre choix\u00a0: {after}. Après le conseil\u00a0: {advised}.",
    "html.loss": "−{points}",
    "html.yours": " (votre choix)",
    "html.col.action": "action",
    "html.col.value": "valeur",
    "html.col.behind": "écart",
    "html.col.win": "chance de victoire",
    "html.col.why": "pourquoi",
    "html.col.number": "n°",
    "html.col.hand": "main",
    "html.col.you": "vous",
    "html.col.advisor": "conseiller",
    "html.col.loss": "perte",
    "html.col.after": "après votre choix",
    "html.as_advised": "comme conseillé",
    "html.as_good": "aussi bien",
    "html.to_table": "↓ dans le tableau de la donne {hand}",
    "html.to_mistake": "↑ erreur {rank}",
    "html.hand": "Donne {hand} ({wind})\u00a0: {decisions}, {lost} de perte",
    "html.drawn": "piochée",
    "html.offered": "proposée",
    "cli.html": "Analyse HTML\u00a0: {path}",
    "cli.cut_line": "{path}, ligne {line}\u00a0: coupée au milieu d'une écriture (un plantage), laissée de côté\u00a0; les lignes d'avant sont analysées",
    "err.input": "{problem}",
    "err.line": "{detail}",
    "err.log_entry": "{path}, ligne {line}\u00a0: une entrée de journal de table est un objet JSON avec «\u00a0kind\u00a0» et «\u00a0data\u00a0»",
    "err.bad_log": "{path}\u00a0: journal de table invalide\u00a0: {detail}",
    "err.never_started": "{path}\u00a0: la partie de cette table n'a jamais commencé, rien à analyser",
    "err.not_a_record": "{path}\u00a0: la ligne {line} est un événement '{type}', mais un enregistrement commence par "
    "match_start (ou, pour une seule donne, hand_start, docs/record-format.md)\u00a0: ce n'est ni un enregistrement de hkmj play ou hkmj simulate, ni le journal "
    "d'une table du serveur",
    "err.no_player": "--seat {who}\u00a0: aucun joueur ne correspond dans cet enregistrement\u00a0; donnez E, S, O (ou W) ou N "
    "(le vent tiré par le joueur), un numéro de joueur 1-4 ou une place de table slot0-slot3{names}",
    "err.names": ", ou un nom\u00a0: {names}",
    "err.other_kind": "--seat {who}\u00a0: à cette table, ce joueur était {bot}, un autre robot\u00a0; donnez {short} ou {bot}",
    "err.table_names": ", ou un nom affiché à la table\u00a0: {names}",
    "err.no_replay": "l'enregistrement ne se rejoue pas dans le moteur, il ne peut donc pas être analysé\u00a0: {detail}",
    "err.illegal": "ligne {line}\u00a0: {detail}",
    "err.never_played": "--seat {who}\u00a0: {player} n'a joué aucune donne de cet enregistrement",
    "err.bot_seat": "--seat {who}\u00a0: un robot du serveur a tenu la place de {player}, pas une personne\u00a0: il n'y a "
    "rien d'un joueur à analyser (l'analyse laisse de côté les coups du serveur)\u00a0; donnez la place d'une personne qui a "
    "joué\u00a0: {people}",
    "err.bot_table": "--seat {who}\u00a0: des robots du serveur ont tenu toutes les places de cette table, aucune personne\u00a0: "
    "il n'y a rien d'un joueur à analyser (l'analyse laisse de côté les coups du serveur)",
    "err.no_hands": "l'enregistrement s'arrête avant sa première donne\u00a0: aucune donne n'a été jouée, rien à analyser",
    "err.advisor": "le conseiller n'a pas évalué toutes les actions légales à la donne {hand}",
    "err.write": "impossible d'écrire {path}\u00a0: {reason}",
    "err.html_is_game": "--html {path} est l'enregistrement analysé\u00a0: la page le remplacerait\u00a0; donnez un autre fichier",
    "err.html_not_page": "--html {path} existe et n'est pas une page HTML\u00a0: l'analyse la remplacerait\u00a0; donnez un autre fichier (ou supprimez d'abord celui-là)",
}

STRINGS: dict[str, dict[str, str]] = {"en": EN, "fr": FR}


# ---------------------------------------------------------------------------- the advisor's notes

NOTES: tuple[tuple[str, str], ...] = (
    ("{away}", "{away}"),
    ("no winnable wait", "aucune attente gagnable"),
    ("no winnable wait left", "plus aucune attente gagnable"),
    ("every winning tile is out", "toutes les tuiles gagnantes sont sorties"),
    ("no ready hand a draw away reaches the minimum", "aucune main prête après une pioche n'atteint le minimum"),
    ("Mahjong: the win pays {num}", "Mahjong\u00a0: la victoire rapporte {num}"),
    ("declare Mahjong", "annoncer Mahjong"),
    ("not a winning hand: a false Mahjong costs {num} ({rule})", "pas une main gagnante\u00a0: un faux Mahjong coûte {num} ({rule})"),
    ("kong: a free replacement draw, the hand unchanged", "kong\u00a0: une pioche de remplacement gratuite, la main inchangée"),
    ("kong: a free replacement draw", "kong\u00a0: une pioche de remplacement gratuite"),
    ("kong: a replacement draw, {away}", "kong\u00a0: une pioche de remplacement, {away}"),
    ("kong, {away}", "kong, {away}"),
    ("a kong draws a free replacement tile", "un kong fait piocher une tuile de remplacement gratuite"),
    ("the kong would slow the hand", "le kong ralentirait la main"),
    ("stay concealed ({away})", "rester en main cachée ({away})"),
    ("keeps the hand as it is", "garde la main telle quelle"),
    ("{what}, then discard {tile} ({away})", "{what}, puis défausser {tile} ({away})"),
    ("the {what} does not bring the hand closer enough", "le {what} ne rapproche pas assez la main du but"),
    ("the {what} would not leave a winnable ready hand", "après le {what}, la main ne serait pas prête sur une attente gagnable"),
    ("aiming at {plan} ({away})", "vise {plan} ({away})"),
    ("aims at {plan} ({away})", "vise {plan} ({away})"),
    ("aims at {num}+ {unit}", "vise au moins {num} {unit}"),
    ("risks {pts} in deal-ins", "risque de coûter {pts} en donnant la victoire"),
    ("folding: keeps the safest tiles", "défense\u00a0: garde les tuiles les plus sûres"),
    ("nothing to claim", "rien à réclamer"),
    ("not offered", "non proposé"),
    ("not a turn action this bot plays", "une action que ce robot ne joue pas à son tour"),
    ("not a claim this bot plays", "une réclamation que ce robot ne joue pas"),
    ("search: {pts} against the model's choice over {num} deals", "recherche\u00a0: {pts} par rapport au choix du modèle sur {num} donnes"),
    ("dead hand ({rule}): expected cost {pts}", "main morte ({rule})\u00a0: coût attendu {pts}"),
    ("dead hand ({rule}): cannot win", "main morte ({rule})\u00a0: ne peut plus gagner"),
)
"""The fixed phrases of the ``expert`` and ``strong`` bots' notes (src/hkmj/bots/), English ->
French; a note is one phrase or several joined by ``"; "``. Placeholders: ``{away}`` a
distance from ready (``ready``, ``complete``, ``3 tiles from ready``), ``{tile}`` a tile's
English name, ``{plan}`` a plan (HK-6 fan: ``all pungs``, ``seven pairs``…), ``{what}`` pung or
chow, ``{num}`` a number, ``{pts}`` a number of points, ``{unit}`` the ruleset's unit (``points``, ``fan``)."""

MOST_SHOWN = 0.99
"""The highest chance of winning shown before the hand is won (:meth:`Words.pct`): the model's
rating of a ready hand can pass 1 (a review read "win chance 0% instead of 116%")."""
_PLANS = ("standard", "mixed_one_suit", "pure_one_suit", "all_pungs", "seven_pairs", "thirteen_orphans")
"""The plans the bots aim at (hkmj.bots.strong): a standard hand, or an HK-6 fan of that id."""
_PLAN_FR = {en: fr for names in PLAN_NAMES.values() for en, fr in names.values()}
"""The plans' names at an MCR or classical table (hkmj.bots.strong.PLAN_NAMES), English -> French."""
_TILE_NAMES = {name(t): t for t in range(N_KINDS)}
_PART = {
    "away": r"ready|complete|\d+ tiles? from ready",
    "tile": "|".join(sorted(map(re.escape, _TILE_NAMES), key=len, reverse=True)),
    "plan": "a standard hand|standard|"
    + "|".join(sorted([p.replace("_", " ") for p in _PLANS[1:]] + [re.escape(en) for en in _PLAN_FR], key=len, reverse=True)),
    "what": "pung|chow",
    "num": r"-?\d+(?:\.\d+)?",
    "pts": r"-?\d+(?:\.\d+)? points",
    "unit": "points|fan",
    "rule": r"[A-Z]+-\d+(?:\.\d+)*",
}


def _pattern(template: str) -> re.Pattern[str]:
    out, pos = [], 0
    for m in re.finditer(r"\{(\w+)\}", template):
        out.append(re.escape(template[pos : m.start()]))
        out.append(f"(?P<{m.group(1)}>{_PART[m.group(1)]})")
        pos = m.end()
    out.append(re.escape(template[pos:]))
    return re.compile("".join(out))


_NOTE_PATTERNS = tuple((_pattern(en), fr) for en, fr in NOTES)


@dataclass(frozen=True)
class Who:
    """Who a review is about, in any language: ``kind`` is ``drew`` (player ``n`` drew ``wind``),
    ``drawer`` (whoever drew ``wind``, a different player number in some matches), ``seat`` (the
    seat ``wind`` of single-hand records), ``number`` (player ``n``, named ``name`` when known),
    ``name`` (a table log's player ``name``), ``bot`` (the bot ``name`` of a ``hkmj arena`` record,
    at whichever seats it held) or ``table`` (player ``n`` of a ``hkmj play`` record,
    named as its table showed them: ``player 2 (Bot 1)``, ``player 1 (you)``)."""

    kind: str
    n: int = 0
    wind: int = 0
    name: str = ""


_TABLE_NAME = re.compile(r"(you|vous)|(?:bot|robot) ?([0-9]{1,9})(?: ?\( ?([^()]*?) ?\))?")  # ASCII digits, few: int() of "٣" or 5000 digits


@dataclass(frozen=True)
class TableBot:
    """Bot ``n`` (1-3) of a ``hkmj play`` table, named in an error's language: ``'Bot 1'`` or, with
    ``kind``, ``'Bot 1 (greedy)'`` (« Robot 1 (glouton) »)."""

    names: TableNames
    n: int
    kind: bool = True


@dataclass(frozen=True)
class TableNames:
    """The names a ``hkmj play`` table showed its players: ``You`` (player 1) and ``Bot 1`` to
    ``Bot 3`` (players 2-4, bots of ``kinds``), in French ``Vous`` and ``Robot 1``…; the record
    itself numbers them (its ``play`` header, docs/record-format.md)."""

    kinds: tuple[str, ...]
    """The bots of players 2-4 (``greedy``…), as the ``play`` header names them."""

    def player(self, text: str) -> int | None:
        """The player (0-3) ``text`` names, in either language and any case, the bot's kind
        after it or not (``Bot 1``, ``bot1``, ``Robot 1 (glouton)``, ``you``, ``Vous``); None
        for any other text, a bot of another kind (``Bot 1 (strong)`` for a greedy Bot 1)."""
        m = _TABLE_NAME.fullmatch(" ".join(text.lower().split()))
        if m is None:
            return None
        if m.group(1):
            return 0
        n = int(m.group(2))
        if not 1 <= n <= len(self.kinds):
            return None
        kind = m.group(3)
        if kind is not None and kind not in {BOT_NAMES[lang].get(self.kinds[n - 1], self.kinds[n - 1]).lower() for lang in LANGS}:
            return None
        return n

    def other_kind(self, text: str) -> int | None:
        """The bot (1-3) ``text`` names with a kind it was not (``Bot 1 (strong)`` for a greedy Bot
        1), else None."""
        m = _TABLE_NAME.fullmatch(" ".join(text.lower().split()))
        if m is None or m.group(1) or m.group(3) is None or not 1 <= int(m.group(2)) <= len(self.kinds):
            return None
        return int(m.group(2)) if self.player(text) is None else None

    def shown(self, n: int, lang: str) -> str:
        """Bot ``n`` as the table showed it with its kind: ``Bot 1 (greedy)``, ``Robot 1 (glouton)``."""
        kind = self.kinds[n - 1]
        return f"{Texts(lang)('bot.short', n=n)} ({BOT_NAMES[lang].get(kind, kind)})"

    def names(self, lang: str) -> list[str]:
        """``you, Bot 1, Bot 2, Bot 3`` in ``lang`` (``vous, Robot 1…``)."""
        tx = Texts(lang)
        return [tx("you.lower"), *(tx("bot.short", n=n) for n in range(1, len(self.kinds) + 1))]


def check_lang(lang: str) -> str:
    """``lang`` if the review speaks it, else :class:`ValueError` naming the choices."""
    if lang not in LANGS:
        raise ValueError(f"language {lang!r}: the review is written in en (English) or fr (French)")
    return lang


class Words:
    """The review's words in one language (``en`` or ``fr``)."""

    def __init__(self, lang: str = "en") -> None:
        self.lang = check_lang(lang)
        self.tx = Texts(lang)
        self.table = STRINGS[lang]

    def __call__(self, key: str, **params: Any) -> str:
        """The string ``key`` with its ``{placeholders}`` filled in."""
        return self.table[key].format(**params)

    def plural(self, key: str, n: int, **params: Any) -> str:
        """``key.one`` or ``key.other`` by the language's rule (French: 0 and 1 are singular)."""
        one = n in (0, 1) if self.lang == "fr" else n == 1
        return self(f"{key}.{'one' if one else 'other'}", n=n, **params)

    def typo(self, text: str) -> str:
        """``text`` with the language's typography (French: a no-break space before ``:`` ``;``
        ``?`` ``!``, so a line never starts with one)."""
        return typography(text, self.lang)

    # ------------------------------------------------------------ numbers

    def num(self, x: float, digits: int = 2) -> str:
        """``3.71`` / ``3,71`` (French decimal comma); a value that rounds to zero has no sign
        (``0.00``, not ``-0.00`` for -0.004)."""
        s = f"{x:.{digits}f}"
        if s.startswith("-") and not s.strip("-0."):
            s = s[1:]
        return s.replace(".", ",") if self.lang == "fr" else s

    def points(self, x: float) -> str:
        """``3.71 points``; French ``1,50 point`` (below 2: singular), ``3,71 points``."""
        one = self.lang == "fr" and abs(x) < 2
        return self("points.one" if one else "points.other", x=self.num(x))

    def pct(self, p: float | None, none: str = "") -> str:
        """A chance as ``31%`` / ``31 %`` (``none`` when not modelled). The advisor's model can rate
        a ready hand with many winning tiles above certainty (its chance grows with them): short
        of a win (Mahjong, exactly 1), a chance is shown as at most :data:`MOST_SHOWN`."""
        if p is None:
            return none
        shown = p if p == 1.0 else min(max(p, 0.0), MOST_SHOWN)
        return f"{100 * shown:.0f}" + ("\u00a0%" if self.lang == "fr" else "%")

    # ------------------------------------------------------------ tiles, seats, actions

    def tile(self, t: Tile) -> str:
        """A tile's name (:func:`hkmj.tiles.name`)."""
        return self.tx.tile(t)

    def wind(self, seat: int) -> str:
        """A seat wind's name (0 = East)."""
        return self.tx.wind(seat)

    def action(self, a: Action, offered: Tile | None = None) -> str:
        """An action in plain words: ``discard 5 Circles``, ``chow 3-4-5 Bamboo``, ``pass``
        (the terminal hint's words, :mod:`hkmj.tui.texts`), ``pung White dragon``, ``declare a concealed kong of 3 Bamboo``."""
        tx = self.tx
        if isinstance(a, Discard):
            return tx("hint.act.discard", tile=self.tile(a.tile))
        if isinstance(a, Chow):
            return tx("hint.act.chow", tiles=tx.tiles(a.tiles))
        if isinstance(a, Pung):
            return self("act.pung", tile=self.tile(offered)) if offered is not None else self("act.pung.bare")
        if isinstance(a, Kong):
            if a.how in ("concealed", "added"):
                return self(f"act.kong.{a.how}", tile=self.tile(a.tile))
            return tx("hint.act.kong", tile=self.tile(a.tile))
        if isinstance(a, Win):  # as the hint says it; "the advisor would Mahjong" was no sentence
            return tx("hint.act.mahjong")
        if isinstance(a, Pass):
            return tx("hint.act.pass")
        return str(a)  # pragma: no cover - every action kind is named above

    def distance(
        self, s: int, w: Sequence[Tile] = (), scoring: Sequence[Tile] = (), minimum: int = 0, unit: str = "fan", drawn: Sequence[Tile] = ()
    ) -> str:
        """``complete``, ``ready on 3 Bamboo, 6 Bamboo``, ``ready``, ``1 tile from ready`` (the
        terminal's :meth:`~hkmj.tui.texts.Texts.distance` words). Under a ``minimum`` to win (MCR-5.1:
        8 points) a ready hand's waits ``w`` say which reach it (``scoring``): ``ready on 3 Bamboo, 6
        Bamboo (8+ points on 3 Bamboo only)``, and those that reach it only self-drawn
        (``drawn``, MCR-6.12, MCR-6.25): ``…; only self-drawn on 3 Bamboo``; a hand none of whose
        waits does is ``ready in shape`` only."""
        if s < 0:
            return self("dist.complete")
        if s == 0:
            if not w:
                return self("dist.ready")
            tiles = ", ".join(self.tile(t) for t in w)
            if not minimum:
                return self("dist.waits", tiles=tiles)
            low = {"min": minimum, "unit": self.tx(f"unit.{unit}"), "tiles": tiles}
            good = [t for t in w if t in scoring]
            if not good:
                return self("dist.waits.short", **low)
            only = [t for t in w if t in drawn]
            if only:  # MCR-6.12, MCR-6.25: these reach the minimum self-drawn, never on a discard
                low["drawn"] = ", ".join(self.tile(t) for t in only)
            if len(good) == len(w):
                return self("dist.waits.all.drawn" if only else "dist.waits.all", **low)
            return self("dist.waits.some.drawn" if only else "dist.waits.some", scoring=", ".join(self.tile(t) for t in good), **low)
        return self.tx.distance(s)

    def meld_kind(self, kind: str) -> str:
        """``pung``, ``chow``, ``kong``, ``concealed kong`` (a meld's kind as :class:`~hkmj.scoring.Meld` writes it)."""
        return self.table.get(f"meld.{kind}", kind)

    # ------------------------------------------------------------ people

    def bot(self, bot: str) -> str:
        """A bot's name: ``strong``; French ``fort``."""
        return BOT_NAMES[self.lang].get(bot, bot)

    def name(self, player: str, n: int = 0) -> str:
        """A player's name from a table log; the names the log export gives unnamed seats
        (``player 2``, ``Bot 2 (greedy)``: :mod:`hkmj.server.export`; ``greedy bot`` in an export
        made before, player ``n``'s), and the server's ``Player 2`` of a person seated without a
        name, in this language: a bot is named ``Bot 2 (greedy)``, ``Robot 2 (glouton)``, as the
        browser and the terminal name it."""
        m = re.fullmatch(r"[Pp]layer (\d)", player)
        if m:
            return self("name.player", n=int(m.group(1)))
        m = re.fullmatch(r"Bot (\d) \((\w+)\)", player)
        if m:
            return self("name.bot", n=int(m.group(1)), bot=self.bot(m.group(2)))
        m = re.fullmatch(r"(\w+) bot", player)
        if m and n:
            return self("name.bot", n=n, bot=self.bot(m.group(1)))
        return player

    def is_bot(self, player: str) -> bool:
        """Whether ``player`` is how the log export names a bot (``Bot 2 (greedy)``, ``greedy bot``)."""
        return re.fullmatch(r"Bot \d \(\w+\)|\w+ bot", player) is not None

    def who(self, w: Who) -> str:
        """How the reviewed player is named: ``player 2 (drew South)``, ``player 1 (Ann)``, ``Ann``,
        ``player 2 (Bot 1)``."""
        if w.kind == "name":  # a table log's name; the names its export gives unnamed seats in this language
            return self.name(w.name)
        if w.kind == "bot":  # a bot of a hkmj arena record
            return self("who.bot", name=self.bot(w.name))
        if w.kind == "table":  # as the hkmj play table named them
            return self("who.named", n=w.n, name=self.tx("you.lower") if w.n == 1 else self.tx("bot.short", n=w.n - 1))
        if w.kind == "number" and w.name and self.is_bot(w.name):  # "Bot 2 (greedy)", not "player 2 (Bot 2 (greedy))"
            return self.name(w.name, w.n)
        if w.kind == "number" and w.name and self.name(w.name) != self("who.number", n=w.n):  # not "player 1 (player 1)"
            return self("who.named", n=w.n, name=self.name(w.name))
        if w.kind == "number":
            return self("who.number", n=w.n)
        return self(f"who.{w.kind}", n=w.n, wind=self.wind(w.wind))

    # ------------------------------------------------------------ the advisor's notes

    def note(self, note: str) -> str | None:
        """The advisor's note in this language; ``None`` when French has no rendering for it."""
        if self.lang == "en" or not note:
            return note
        parts = [self._phrase(p) for p in note.split("; ")]
        if any(p is None for p in parts):
            return None
        return self.tx("semicolon").join(p for p in parts if p is not None)

    def _phrase(self, text: str) -> str | None:
        for pattern, template in _NOTE_PATTERNS:
            m = pattern.fullmatch(text)
            if m:
                render: dict[str, Callable[[str], str]] = {
                    "away": self._away,
                    "tile": lambda x: self.tile(_TILE_NAMES[x]),
                    "plan": self._plan,
                    "what": lambda x: x,
                    "num": self._num,
                    "pts": lambda x: self._points(x.split(" ", 1)[0]),
                    "unit": lambda x: self.tx(f"unit.{x}"),
                    "rule": lambda x: x,
                }
                return template.format(**{k: render[k](v) for k, v in m.groupdict().items()})
        return None

    def _num(self, text: str) -> str:
        return text.replace(".", ",") if self.lang == "fr" else text

    def _points(self, text: str) -> str:
        """A note's ``1.5 points`` with the number as the note wrote it: ``1,5 point``."""
        one = self.lang == "fr" and abs(float(text)) < 2
        return self("points.one" if one else "points.other", x=self._num(text))

    def _away(self, text: str) -> str:
        if text in ("ready", "complete"):
            return self(f"dist.{text}")
        return self.tx.distance(int(text.split(" ", 1)[0]))

    def _plan(self, text: str) -> str:
        from hkmj.rulesets import get_ruleset

        if "standard" in text:
            return self("plan.standard")
        if text in _PLAN_FR:  # an MCR fan, a classical double or limit hand (or a shape's plain words)
            return self("plan.fan", fan=_PLAN_FR[text] if self.lang == "fr" else text)
        return self("plan.fan", fan=get_ruleset("hk").name_of(text.replace(" ", "_"), self.lang))


@cache
def words(lang: str = "en") -> Words:
    """The (shared) :class:`Words` of ``lang``; :class:`ValueError` for a language the review does not speak."""
    return Words(lang)

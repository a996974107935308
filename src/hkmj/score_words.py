"""The errors ``hkmj score`` (and ``hkmj replay``) prints, in the language of ``--lang`` (English or French).

The scorers, the request reader and the tile notation word their errors in English: the machine
interface (R-9) answers in English, and a Python caller reads the same words. The command line
renders one in French with :func:`error_in`, from :data:`PHRASES`: a table of the fixed phrases
they write, each with its variable parts (an echo of what was typed, a tile, a number, a rule) —
as the game review renders the advisor's notes (:mod:`hkmj.review_words`). A phrase may end in
another message (``hand '5x': <the notation's error>``), which is rendered in turn. A message no
phrase matches is shown as it is (a test makes every kind ``hkmj score`` can print, under each
ruleset, and checks that none is left in English).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence
from typing import Final

from hkmj.language import colon
from hkmj.oserror import french_reason
from hkmj.tiles import SEAT_LETTERS, WIND_LETTERS, name, tile

__all__ = ["PHRASES", "error_in", "said_by", "said_by_score"]

_ECHO = r"'[^']*'|\"[^\"]*\"|'[^']*\.\.\.|\"[^\"]*\.\.\."
"""What a message quotes of the input (``echo``: a quoted text, or its start and ``...`` when it is long)."""
_LIST = r"\[[^\]]*\]"
_WIND_FR: Final = dict(zip(SEAT_LETTERS, WIND_LETTERS["fr"], strict=True))
"""A seat letter as French writes it (West is O, Ouest)."""


_HONOUR_FR: Final = {
    "East wind": "Vent Est", "South wind": "Vent Sud", "West wind": "Vent Ouest", "North wind": "Vent Nord",
    "White dragon": "Dragon Blanc", "Green dragon": "Dragon Vert", "Red dragon": "Dragon Rouge",
}  # fmt: skip
"""An honour's English name (as the tile notation's errors write it) in French."""


def _rule(g: dict[str, str]) -> str:
    """A rule cited after a comma inside the parentheses (``(tuile gagnante comprise, HK-5.1)``), if any."""
    return f", {g['rule']}" if "rule" in g else ""


def _groups(n: str) -> str:
    """``n`` declared groups, in French (``0 groupe``, ``1 groupe``, ``2 groupes``)."""
    return f"{n} groupe" + ("s" if int(n) > 1 else "")


def _tiles(n: str, adjective: str = "") -> str:
    """``n`` tiles, in French (``1 tuile cachée``, ``13 tuiles cachées``; ``adjective`` with its space)."""
    s = "s" if int(n) > 1 else ""
    return f"{n} tuile{s}{adjective}{s if adjective else ''}"


def _others(n: str) -> str:
    return "autre" if int(n) <= 1 else "autres"


_JSON_SYNTAX: Final = {
    "expecting value": "valeur attendue à la",
    "expecting ',' delimiter": "séparateur ',' attendu à la",
    "expecting ':' delimiter": "séparateur ':' attendu à la",
    "expecting property name enclosed in double quotes": "nom de champ entre guillemets doubles attendu à la",
    "unterminated string starting": "chaîne non terminée commençant à la",
    "invalid control character": "caractère de contrôle invalide à la",
    "invalid \\escape": "échappement \\ invalide à la",
    "extra data": "données en trop à la",
}
"""What Python's ``json`` says of a text it cannot read (:func:`hkmj.scoring.lines.json_syntax`),
in French, before the place."""

def _count(n: str, word: str) -> str:
    """``n`` ``word`` in French: singular for 0 and 1 (``1 donne``, ``0 événement``, ``2 donnes``)."""
    return f"{n} {word}" + ("s" if int(n) > 1 else "")


_STOPS: Final = (
    (re.compile(r"; the record stops before the match's end \(an interrupted match\)$"),
     "\u00a0; l'enregistrement s'arrête avant la fin de la partie (une partie interrompue)"),
    (re.compile(r"; the record stops in the middle of hand (?P<n>\d+) \(an interrupted match\)$"),
     "\u00a0; l'enregistrement s'arrête au milieu de la donne {n} (une partie interrompue)"),
)  # fmt: skip
"""How ``hkmj replay`` says a record stops before its match's end, and its French."""

_OLDER: Final = {
    "cited Hong Kong's rules (HK-5.7, HK-5.1-5.4) at every table": "citaient les règles de Hong Kong (HK-5.7, HK-5.1-5.4) à toute table",
    "wrote a claimed tile in the hand as well as after it": "écrivaient une tuile réclamée dans la main et aussi après elle",
    "writes the hand without it": "écrit la main sans elle",
    "measured an MCR hand's distance from ready with the standard shapes only": "mesuraient la distance d'une main MCR à une main prête avec les seules formes ordinaires",
    "counts the knitted hands too (MCR-5.2.4, MCR-5.2.5)": "compte aussi les mains cousues (MCR-5.2.4, MCR-5.2.5)",
    "wrote a complete MCR hand worth one point as '1 points without flowers'":
        "écrivaient en anglais «\u00a01 points without flowers\u00a0» pour une main MCR complète qui vaut un point",
    "writes '1 point without flowers' (MCR-5.1)": "écrit «\u00a01 point without flowers\u00a0» (MCR-5.1)",
}
"""The parts of what ``hkmj replay`` says of older words (:func:`hkmj.cli._older_words_note`)."""


def _replayed(how: str, events: int) -> str:
    """How the events of a record replayed (``reproduced exactly`` and the like), in French,
    with why it stops before its match's end, if it does; as written if it is not known."""
    stop = ""
    for pattern, french in _STOPS:
        m = pattern.search(how)
        if m is not None:
            how, stop = how[: m.start()], french.format(**m.groupdict())
            break
    agree = "s" if events > 1 else ""
    if how == "reproduced exactly":
        return f"reproduit{agree} à l'identique{stop}"
    if how == "played from the table log's actions (a table log keeps the actions, not their results)":
        return f"joué{agree} à partir des actions du journal de la table (un journal garde les actions, pas leurs résultats){stop}"
    m = re.fullmatch(r"reproduced \(every move, score and payment\); (?P<n>\d+) false-Mahjong reasons? in the words of earlier versions, "
                     r"which (?P<was>.+); this version (?P<now>.+)", how)  # fmt: skip
    if m is None:
        return how + stop
    n = int(m["n"])
    was = " et ".join(_OLDER.get(part, part) for part in m["was"].split(" and "))
    now = " et ".join(
        _OLDER.get(part, re.sub(r"^cites the table's own \((?P<refs>[^)]*)\)$", r"cite celles de la table (\g<refs>)", part))
        for part in m["now"].split(" and ")
    )
    reasons = f"{n} raison{'s' if n > 1 else ''} de faux Mahjong"
    return (
        f"reproduit{agree} (chaque coup, score et paiement)\u00a0; {reasons} dans les mots de versions antérieures, qui {was}\u00a0;"
        f" cette version {now}{stop}"
    )


Render = Callable[[dict[str, str]], str]
"""Turns a phrase's parts (already in French where they are a message of their own) into French."""


def _unquoted(choices: str) -> str:
    """argparse's list of choices (``'a', 'b'``) as the other French lists are written
    (``a, b``): quoted as they were, only the first was put between guillemets."""
    return ", ".join(c.strip().strip("'\"") for c in choices.split(","))


_ACTION = r"(?P<action>(?:discard|chow|pung|kong|concealed kong|added kong|mahjong|pass)(?: \w+)?)"
"""An action as the engine writes it in a refusal (its text form: ``discard 5p``, ``pung``)."""
_ON_OFFER: Final = {"discard": ("la défausse", "sa propre défausse", "à la défausse"), "added kong": ("le kong ajouté", "son propre kong ajouté", "au kong ajouté")}
"""What is on offer (a discard or an added kong, HK-4, HK-4.10): ``the X``, ``its own X``, ``to the X``."""


_RULE = r"(?P<rule>[A-Z]+-[\d.]*\d(?:, [A-Z]+-[\d.]*\d)*)"
"""The rule a refusal cites, as its table numbers it (``HK-4.2``, ``MCR-4.1``, ``CL-3.1``; the engine
words its refusals with Hong Kong's numbers and :meth:`hkmj.rulesets.Ruleset.cite` rewrites them)."""


def _seat(letter: str) -> str:
    return _WIND_FR[letter]


_ENGINE_REFUSALS: Final[tuple[tuple[str, str | Render], ...]] = (
    (rf"{_ACTION}: the hand is over", "{action}\u00a0: la donne est finie"),
    (rf"{_ACTION}: it is (?P<turn>[ESWN])'s turn, not (?P<who>[ESWN])'s",
     lambda g: f"{g['action']}\u00a0: c'est le tour de {_seat(g['turn'])}, pas celui de {_seat(g['who'])}"),
    (rf"{_ACTION}: (?P<who>[ESWN]) holds no (?P<tile>\w+) to add \({_RULE}\)",
     lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} n'a pas de {g['tile']} à ajouter ({g['rule']})"),
    (rf"{_ACTION}: (?P<who>[ESWN]) holds no (?P<tile>\w+)", lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} n'a pas de {g['tile']}"),
    (rf"{_ACTION}: no discard is on offer; it is (?P<who>[ESWN])'s turn to discard",
     lambda g: f"{g['action']}\u00a0: aucune défausse n'est offerte\u00a0; c'est à {_seat(g['who'])} de défausser"),
    (rf"{_ACTION}: after claiming a chow or pung, (?P<who>[ESWN]) must discard \({_RULE}\)",
     lambda g: f"{g['action']}\u00a0: après avoir réclamé un chow ou un pung, {_seat(g['who'])} doit défausser ({g['rule']})"),
    (rf"{_ACTION}: a concealed kong needs four (?P<tile>\w+) in hand; (?P<who>[ESWN]) holds (?P<n>\d+) \({_RULE}\)",
     lambda g: f"{g['action']}\u00a0: un kong caché demande quatre {g['tile']} en main\u00a0; {_seat(g['who'])} en tient {g['n']} ({g['rule']})"),
    (rf"{_ACTION}: (?P<who>[ESWN]) has no exposed pung of (?P<tile>\w+) to add to \({_RULE}\)",
     lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} n'a aucun pung exposé de {g['tile']} à compléter ({g['rule']})"),
    (rf"{_ACTION}: (?P<who>[ESWN])'s hand is dead after its false Mahjong \({_RULE}\): it may no longer win or claim",
     lambda g: f"{g['action']}\u00a0: la main de {_seat(g['who'])} est morte après son faux Mahjong ({g['rule']})\u00a0: "
     "elle ne peut plus gagner ni réclamer"),
    (rf"{_ACTION} is not legal now", "{action} n'est pas permis maintenant"),
    (rf"{_ACTION}: (?P<who>[ESWN]) cannot claim its own (?P<what>discard|added kong) (?P<tile>\w+); waiting for the other seats",
     lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} ne peut pas réclamer {_ON_OFFER[g['what']][1]} {g['tile']}\u00a0; "
     "les autres places répondent"),
    (rf"{_ACTION}: (?P<who>[ESWN]) has already answered the (?P<what>discard|added kong) (?P<tile>\w+)",
     lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} a déjà répondu {_ON_OFFER[g['what']][2]} {g['tile']}"),
    (rf"{_ACTION}: (?P<who>[ESWN]) has no claim on the (?P<what>discard|added kong) (?P<tile>\w+) \({_RULE}\) and passes automatically",
     lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} ne peut rien réclamer sur {_ON_OFFER[g['what']][0]} {g['tile']} ({g['rule']}) "
     "et passe automatiquement"),
    (rf"{_ACTION}: first answer the (?P<what>discard|added kong) (?P<tile>\w+) \(pass or claim\)",
     lambda g: f"{g['action']}\u00a0: répondez d'abord {_ON_OFFER[g['what']][2]} {g['tile']} "
     "(pass ou une réclamation)"),
    (rf"{_ACTION}: an added kong can be robbed only for Mahjong \({_RULE}\); answer mahjong or pass",
     "{action}\u00a0: un kong ajouté ne peut être volé que pour Mahjong ({rule})\u00a0; répondez mahjong ou pass"),
    (rf"{_ACTION}: the final discard can be claimed only for Mahjong \({_RULE}\)",
     "{action}\u00a0: la dernière défausse ne peut être réclamée que pour Mahjong ({rule})"),
    (rf"{_ACTION}: a chow can be claimed only from the player on your left \({_RULE}\); (?P<tile>\w+) is (?P<seat>[ESWN])'s",
     lambda g: f"{g['action']}\u00a0: un chow ne se réclame que sur la défausse du joueur de gauche ({g['rule']})\u00a0; "
     f"{g['tile']} est celle de {_seat(g['seat'])}"),
    (rf"{_ACTION}: the chow must use the discard (?P<tile>\w+)", "{action}\u00a0: le chow doit utiliser la défausse {tile}"),
    (rf"{_ACTION}: (?P<who>[ESWN]) needs (?P<need>\w+) in hand for this chow \({_RULE}\)",
     lambda g: f"{g['action']}\u00a0: {_seat(g['who'])} doit avoir {g['need']} en main pour ce chow ({g['rule']})"),
    (rf"{_ACTION}: a pung needs two (?P<tile>\w+) in hand \({_RULE}\)", "{action}\u00a0: un pung demande deux {tile} en main ({rule})"),
    (rf"{_ACTION}: the discard on offer is (?P<tile>\w+)", "{action}\u00a0: la défausse offerte est {tile}"),
    (rf"{_ACTION}: a kong from a discard needs three (?P<tile>\w+) in hand \({_RULE}\); a discard cannot turn an exposed pung into a kong",
     "{action}\u00a0: un kong sur une défausse demande trois {tile} en main ({rule})\u00a0; une défausse ne fait jamais d'un pung exposé un kong"),
    # the seat of a recorded move (hkmj.record, hkmj.engine.check_seat)
    (r"seat (?P<seat>.+?): expected a seat number 0-3(?P<names> \(East, South, West, North\))?",
     lambda g: f"place {g['seat']}\u00a0: un numéro de place de 0 à 3 est attendu" + (" (Est, Sud, Ouest, Nord)" if "names" in g else "")),
    # the action's text (hkmj.engine.parse_action)
    (r"expected an action text, got (?P<kind>\w+)", "un texte d'action est attendu, reçu {kind}"),
    (rf"(?P<text>{_ECHO}): not an action; expected one of: (?P<forms>.+)", "{text}\u00a0: pas une action\u00a0; attendu parmi\u00a0: {forms}"),
    (rf"(?P<text>{_ECHO}): expected one playing tile such as 5p", "{text}\u00a0: une seule tuile de jeu est attendue, par exemple 5p"),
    (rf"(?P<text>{_ECHO}): a chow never crosses suits \({_RULE}\)", "{text}\u00a0: un chow ne mêle jamais deux familles ({rule})"),
    (rf"(?P<text>{_ECHO}): (?P<inner>.+)", "{text}\u00a0: {inner}"),
)
"""The engine's refusals of a move, in French (the table quotes the action as recorded)."""

def _plural(n: str, word: str) -> str:
    """``n word`` in French: singular for 0 and 1 (« 0 fan », « 1 point »), plural from 2."""
    return f"{n} {word}{'s' if int(n) > 1 else ''}"


PHRASES: Final[tuple[tuple[str, str | Render], ...]] = (
    # --- a complete hand under the table's minimum (the ``reason`` of ``winning: false``)
    (r"(?P<value>\d+) fan: this table needs at least (?P<min>\d+) fan to win \(house option minfan\)",
     lambda g: f"{_plural(g['value'], 'fan')}\u00a0: cette table exige au moins {_plural(g['min'], 'fan')} pour gagner (option de la maison minfan)"),
    (r"(?P<points>\d+) points? without flowers: MCR needs at least (?P<min>\d+) to win \((?P<rule>MCR-5\.1)\)",
     lambda g: f"{_plural(g['points'], 'point')} sans les fleurs\u00a0: le MCR en exige au moins {g['min']} pour gagner ({g['rule']})"),
    # --- the tile notation (hkmj.tiles): a hand, a winning tile or a meld as typed
    (rf"(?P<part>{_ECHO}): unknown suit (?P<letter>{_ECHO}) \(use m, p, s, z or f\)",
     "{part}\u00a0: famille {letter} inconnue (utilisez m, p, s, z ou f)"),
    (rf"(?P<part>{_ECHO}): suit letters are lowercase: write (?P<right>{_ECHO})",
     "{part}\u00a0: les lettres de famille s'écrivent en minuscules\u00a0: écrivez {right}"),
    (rf"(?P<word>{_ECHO}): write the (?P<name>\w+ \w+) as (?P<tile>[1-7]z) \(winds 1z-4z, dragons 5z-7z\)",
     lambda g: f"{g['word']}\u00a0: écrivez le {_HONOUR_FR[g['name']]} {g['tile']} (vents 1z-4z, dragons 5z-7z)"),
    (rf"(?P<word>{_ECHO}): write (?P<name>.+) as (?P<tile>[1-9][mps]) \(digits, then the suit letter m, p or s\)",
     lambda g: f"{g['word']}\u00a0: écrivez {name(tile(g['tile']), 'fr')} {g['tile']} (les chiffres, puis la lettre de famille m, p ou s)"),
    (rf"(?P<word>{_ECHO}): write (?P<name>.+) as (?P<tile>[1-8]f) \(flowers 1f-4f, seasons 5f-8f\)",
     lambda g: f"{g['word']}\u00a0: écrivez la {name(tile(g['tile']), 'fr')} {g['tile']} (fleurs 1f-4f, saisons 5f-8f)"),
    (rf"(?P<part>{_ECHO}): digits with no suit letter after them", "{part}\u00a0: des chiffres sans lettre de famille après eux"),
    (rf"(?P<part>{_ECHO}): write it (?P<right>{_ECHO}) \(digits, then the suit letter m, p or s\)",
     "{part}\u00a0: écrivez {right} (les chiffres, puis la lettre de famille m, p ou s)"),
    (rf"(?P<part>{_ECHO}): the suit letter comes after its digits: write (?P<right>{_ECHO})",
     "{part}\u00a0: la lettre de famille vient après ses chiffres\u00a0: écrivez {right}"),
    (rf"(?P<part>{_ECHO}): suit letter (?P<letter>{_ECHO}) with no digits before it",
     "{part}\u00a0: la lettre de famille {letter} sans chiffre devant elle"),
    (rf"(?P<part>{_ECHO}): unknown tile (?P<tile>\w+) \(suits run 1-9\)", "{part}\u00a0: tuile {tile} inconnue (les familles vont de 1 à 9)"),
    (rf"(?P<part>{_ECHO}): unknown tile (?P<tile>\w+) \(honours run 1z-7z\)",
     "{part}\u00a0: tuile {tile} inconnue (les honneurs vont de 1z à 7z)"),
    (rf"(?P<part>{_ECHO}): unknown tile (?P<tile>\w+) \(bonus tiles run 1f-8f\)",
     "{part}\u00a0: tuile {tile} inconnue (les tuiles bonus vont de 1f à 8f)"),
    (rf"(?P<part>{_ECHO}): unexpected character (?P<char>{_ECHO}): separate tiles with spaces, e\.g\. (?P<example>{_ECHO})",
     "{part}\u00a0: caractère {char} inattendu\u00a0: séparez les tuiles par des espaces, par exemple {example}"),
    (rf"(?P<part>{_ECHO}): unexpected character (?P<char>{_ECHO}): a full-width digit: write (?P<digit>\d)",
     "{part}\u00a0: caractère {char} inattendu\u00a0: un chiffre pleine chasse\u00a0: écrivez {digit}"),
    (rf"(?P<part>{_ECHO}): unexpected character (?P<char>{_ECHO})", "{part}\u00a0: caractère {char} inattendu"),
    (r"the (?P<what>hand|--[a-z]+) argument holds the byte (?P<byte>0x[0-9a-f]{2}), which is not UTF-8 text \(is the terminal set to another encoding\?\)",
     lambda g: f"l'argument {'de la main' if g['what'] == 'hand' else g['what']} contient l'octet {g['byte']}, qui n'est pas du texte UTF-8"
     " (le terminal est-il réglé sur un autre encodage\u00a0?)"),
    (rf"(?P<part>{_ECHO}): expected one tile, got (?P<n>\d+)",
     lambda g: f"{g['part']}\u00a0: une seule tuile attendue, {'aucune donnée' if g['n'] == '0' else g['n'] + ' données'}"),
    # --- the hand and its tiles (HK-1, HK-5; MCR-5.2; CL-1, CL-6)
    (rf"hand (?P<hand>{_ECHO}) has (?P<n>\d+) tiles?; with (?P<melds>\d+) melds? it needs (?P<need>\d+) \(the winning tile included(?:, (?P<rule>[A-Z]+-[\d.]+))?\)",
     lambda g: f"la main {g['hand']} a {_tiles(g['n'])}\u00a0; avec {_groups(g['melds'])} il en faut {g['need']} (tuile gagnante comprise{_rule(g)})"),
    (r"hand has (?P<n>\d+) concealed tiles?; with (?P<melds>\d+) melds? it needs (?P<need>\d+) \(the winning tile included(?:, (?P<rule>[A-Z]+-[\d.]+))?\)",
     lambda g: f"la main a {_tiles(g['n'], ' cachée')}\u00a0; avec {_groups(g['melds'])} il en faut {g['need']} (tuile gagnante comprise{_rule(g)})"),
    (r"(?:hands\.(?P<seat>[ESWN])\.)?hand of (?P<n>[\d,]+) characters: a hand of at most 14 tiles is written in at most (?P<most>\d+) "
     r"\((?P<rule>[^)]*)\)",
     lambda g: f"main{' de ' + _WIND_FR[g['seat']] if 'seat' in g else ''} de {g['n']} caractères\u00a0: une main d'au plus 14 tuiles "
     f"s'écrit en au plus {g['most']} ({g['rule']})"),
    (r"(?P<seat>[ESWN]) holds (?P<n>\d+) concealed tiles?; with (?P<melds>\d+) melds? a non-winner holds (?P<need>\d+)",
     lambda g: f"{_WIND_FR[g['seat']]} tient {_tiles(g['n'], ' cachée')}\u00a0; avec {_groups(g['melds'])}, un perdant en tient {g['need']}"),
    (rf"(?P<inner>.+): (?P<four>\w+) is a kong, given (?P<how>as the meld|with --meld) (?P<meld>{_ECHO}) or as (?P<ckong>{_ECHO}) "
     r"when declared concealed",
     lambda g: f"{g['inner']}\u00a0: {g['four']} est un kong, donné "
     f"{'comme le groupe déclaré' if g['how'] == 'as the meld' else 'avec --meld'} {g['meld']} ou comme {g['ckong']} s'il est "
     "déclaré caché"),
    (r"(?P<tile>\w+) is a bonus tile: give it with (?P<option>--(?:flower|season) \d) \((?P<rule>[^)]*)\)",
     "{tile} est une tuile bonus\u00a0: donnez-la avec {option} ({rule})"),
    (r"(?P<tile>\w+) is a bonus tile: write it after the tiles as (?P<form>'(?:flower|season) \d') \((?P<rule>[^)]*)\)",
     "{tile} est une tuile bonus\u00a0: écrivez-la après les tuiles sous la forme {form} ({rule})"),
    (rf"(?P<typed>{_ECHO}) is a declared group: give it with --meld (?P<meld>{_ECHO})",
     "{typed} est un groupe déclaré\u00a0: donnez-le avec --meld {meld}"),
    (rf"(?P<typed>{_ECHO}) is a declared group: write it after the tiles and a comma, as (?P<meld>{_ECHO})",
     "{typed} est un groupe déclaré\u00a0: écrivez-le après les tuiles et une virgule, sous la forme {meld}"),
    (r"(?P<n>\d+) copies of (?P<tile>\w+): there are only four of each tile \((?P<rule>[^)]*)\)",
     "{n} exemplaires de {tile}\u00a0: il n'y a que quatre exemplaires de chaque tuile ({rule})"),
    (r"(?P<n>\d+) copies of (?P<tile>\w+) in the four hands: there are only four of each tile \(CL-1\.1\)",
     "{n} exemplaires de {tile} dans les quatre mains\u00a0: il n'y a que quatre exemplaires de chaque tuile (CL-1.1)"),
    (r"(?P<hand>.+) has no valid reading: seven pairs are seven distinct pairs, and (?P<tile>\w+) is held four times \((?P<rule>[^)]*)\)",
     "{hand} ne se lit d'aucune façon valable\u00a0: les sept paires sont sept paires distinctes, et {tile} y est quatre fois ({rule})"),
    (r"(?P<hand>.+) has no valid reading: it is not four groups and a pair, seven pairs or thirteen orphans \(HK-5\)",
     "{hand} ne se lit d'aucune façon valable\u00a0: ce n'est ni quatre groupes et une paire, ni sept paires, ni les treize orphelins (HK-5)"),
    (r"(?P<hand>.+) has no winning shape: not four groups and a pair, seven pairs, thirteen orphans, "
     r"honours and knitted tiles or a knitted straight \(MCR-5\.2\)",
     "{hand} n'a aucune forme gagnante\u00a0: ni quatre groupes et une paire, ni sept paires, ni les treize orphelins, "
     "ni honneurs et tuiles cousues, ni suite cousue (MCR-5.2)"),
    (r"(?P<hand>.+) has no valid reading: it is not four groups and a pair nor a limit hand of CL-6",
     "{hand} ne se lit d'aucune façon valable\u00a0: ce n'est ni quatre groupes et une paire, ni une main limite de CL-6"),
    # --- the winning tile
    (r"--win (?P<tile>\w+): a bonus tile never wins a hand \((?P<rule>[^)]*)\)", "--win {tile}\u00a0: une tuile bonus ne gagne jamais une main ({rule})"),
    (r"(?:--win|win_tile) (?P<tile>\w+) is not in the concealed hand (?P<hand>\w+): a kong never holds the winning tile; "
     r"a win after a kong is on its replacement tile",
     "la tuile gagnante {tile} n'est pas dans la main cachée {hand}\u00a0: un kong ne contient jamais la tuile gagnante\u00a0; "
     "une main gagnée après un kong l'est sur sa tuile de remplacement"),
    (r"(?:--win|win_tile) (?P<tile>\w+) is not in the concealed hand (?P<hand>\w+)",
     "la tuile gagnante {tile} n'est pas dans la main cachée {hand}"),
    (rf"(?:--win|win_tile) (?P<tile>\w+) is not in the concealed hand (?P<hand>\w+): the group it completes is written in the "
     rf"hand, not as the meld (?P<meld>{_ECHO})",
     "la tuile gagnante {tile} n'est pas dans la main cachée {hand}\u00a0: le groupe qu'elle complète s'écrit dans la main, "
     "pas comme le groupe déclaré {meld}"),
    (r"(?P<what>--win|win_tile) (?P<tile>\w+): a flower or season is set aside and replaced, it never wins a hand \(CL-1\.2\)",
     lambda g: f"{'tuile gagnante' if g['what'] == 'win_tile' else '--win'} {g['tile']}\u00a0: une fleur ou une saison est mise de côté et remplacée, elle ne gagne jamais une main (CL-1.2)"),
    (r"robbed kong: the other three (?P<tile>\w+) are in the pung the \w+ was robbed from, so the robbed tile must be the hand's only \w+; it holds (?P<n>\d+)"
     r"(?:, (?P<shown>\d+) of them in its declared melds)?(?P<rule>(?: \([^)]*\))?)",
     lambda g: f"kong volé\u00a0: les trois autres {g['tile']} sont dans le pung d'où le {g['tile']} a été volé, la tuile volée doit donc être le seul "
     f"{g['tile']} de la main\u00a0; elle en tient {g['n']}{f', dont {s} dans ses groupes déclarés' if (s := g.get('shown')) else ''}{g['rule']}"),
    (r"robbed kong of (?P<tile>\w+): a robbed kong does not stand, so (?P<seat>[ESWN]) keeps the pung it had: "
     r"give it as '(?P<pung>pung \w+)', not '(?P<kong>kong \w+)' \(CL-3\.4\)",
     lambda g: f"kong volé de {g['tile']}\u00a0: un kong volé ne tient pas, {_WIND_FR[g['seat']]} garde donc le pung qu'il avait\u00a0: "
     f"donnez-le comme «\u00a0{g['pung']}\u00a0», pas «\u00a0{g['kong']}\u00a0» (CL-3.4)"),
    (r"robbed kong of (?P<tile>\w+): (?P<seat>[ESWN]) shows no exposed pung of \w+ to add it to \(CL-3\.4\)",
     lambda g: f"kong volé de {g['tile']}\u00a0: {_WIND_FR[g['seat']]} n'a aucun pung exposé de {g['tile']} auquel l'ajouter (CL-3.4)"),
    (r"robbed kong of (?P<tile>\w+): the other three \w+ are in (?P<seat>[ESWN])'s robbed pung, so (?P<who>[ESWN]) holds none \(CL-3\.4\)",
     lambda g: f"kong volé de {g['tile']}\u00a0: les trois autres {g['tile']} sont dans le pung volé de {_WIND_FR[g['seat']]}, "
     f"{_WIND_FR[g['who']]} n'en tient donc aucun (CL-3.4)"),
    # --- declared groups (HK-4.8)
    (r"a chow is three consecutive tiles of one suit \((?P<rule>[^)]*)\)",
     "un chow est fait de trois tuiles qui se suivent dans une même famille ({rule})"),
    (r"a (?P<kind>pung|kong|ckong) is (?P<n>\d+) identical tiles", "un {kind} est fait de {n} tuiles identiques"),
    (rf"a (?P<kind>pung|kong|ckong) is (?P<n>\d+) identical tiles: write (?P<right>{_ECHO})(?:, or (?P<other>{_ECHO}) for (?P<many>three|four))?",
     lambda g: f"un {g['kind']} est fait de {g['n']} tuiles identiques\u00a0: écrivez {g['right']}"
     + (f", ou {g['other']} pour {'trois' if g['many'] == 'three' else 'quatre'}" if g.get("other") else "")),
    (r"expected '<chow\|pung\|kong\|ckong> <tiles>', e\.g\. 'pung 555m'",
     "attendu «\u00a0<chow|pung|kong|ckong> <tuiles>\u00a0», par exemple 'pung 555m'"),
    (r"say which group it is: (?P<right>'[^']*') \(or (?P<other>'[^']*') when declared concealed\)",
     "dites quel groupe c'est\u00a0: {right} (ou {other} s'il a été déclaré caché)"),
    (r"say which group it is: (?P<right>'[^']*')", "dites quel groupe c'est\u00a0: {right}"),
    (r"write it (?P<right>'[^']*') \(the kinds are chow, pung, kong and ckong, in small letters\)",
     "écrivez-le {right} (les sortes de groupe sont chow, pung, kong et ckong, en minuscules)"),
    (r"bonus tiles never form melds \((?P<rule>[^)]*)\)", "les tuiles bonus ne forment jamais de groupe ({rule})"),
    (r"(?P<what>--meld|meld) of (?P<n>[\d,]+) characters: a meld is written like 'pung 555m' \((?P<rule>[^)]*)\)",
     lambda g: f"{'groupe' if g['what'] == 'meld' else '--meld'} de {g['n']} caractères\u00a0: un groupe s'écrit comme 'pung 555m' ({g['rule']})"),
    (r"a meld of (?P<n>[\d,]+) characters: a meld is written like 'pung 555m' \((?P<rule>[^)]*)\)",
     "un groupe de {n} caractères\u00a0: un groupe s'écrit comme 'pung 555m' ({rule})"),
    (r"(?P<n>\d+) melds: a hand has at most four groups(?P<rule>(?: \([^)]*\))?)", "{n} groupes\u00a0: une main en a au plus quatre{rule}"),
    # --- bonus tiles, seats, flags (R-3, R-9)
    (r"(?P<typed>--(?:flower|season) -?\d+(?: --(?:flower|season) -?\d+)*): (?P<what>flowers|seasons) are numbered 1-4, "
     r"one tile of each, e\.g\. (?P<example>--(?:flower|season) 2)",
     lambda g: f"{g['typed']}\u00a0: les {'fleurs' if g['what'] == 'flowers' else 'saisons'} sont numérotées de 1 à 4, "
     f"une tuile de chaque, par exemple {g['example']}"),
    (r"(?P<typed>--(?:flower|season) \d(?: --(?:flower|season) \d)*): (?P<what>flower|season) (?P<n>\d) is given twice: there is one "
     r"tile of each, give it once",
     lambda g: f"{g['typed']}\u00a0: la {'fleur' if g['what'] == 'flower' else 'saison'} {g['n']} est donnée deux fois\u00a0: il n'y a "
     "qu'une tuile de chaque, donnez-la une fois"),
    (rf"(?P<n>\d+) groups in one meld: give them one by one: (?P<groups>(?:{_ECHO})(?: then (?:{_ECHO}))*)",
     lambda g: f"{g['n']} groupes dans un seul groupe déclaré\u00a0: donnez-les un par un\u00a0: {g['groups'].replace(' then ', ' puis ')}"),
    (rf"(?P<what>flower|season)s (?P<value>{_LIST}): each is a distinct number 1-4 \((?P<rule>[^)]*)\)",
     lambda g: f"{'fleurs' if g['what'] == 'flower' else 'saisons'} {g['value']}\u00a0: chacune est un numéro distinct de 1 à 4 ({g['rule']})"),
    (rf"(?P<option>--seat|--prevailing|--from) (?P<value>{_ECHO}): a tile: write the (?P<wind>\w+ wind) as (?P<letter>[ESWN])",
     lambda g: f"{g['option']} {g['value']}\u00a0: une tuile\u00a0: écrivez le {_HONOUR_FR[g['wind']]} {_WIND_FR[g['letter']]}"),
    (rf"(?P<option>--seat|--prevailing|--from) (?P<value>{_ECHO}): expected a wind E, S, W (?:\(or O for Ouest\) )?or N",
     "{option} {value}\u00a0: un vent est attendu, E, S, O (ou W) ou N"),
    (r"--from (?P<seat>\S+): that is the winner's own seat \(--seat (?P=seat)(?P<default>, the default)?\); give the seat "
     r"(?:that discarded the winning tile|whose added kong was robbed \((?P<rule>[^)]*)\))",
     lambda g: f"--from {_WIND_FR.get(g['seat'], g['seat'])}\u00a0: c'est la place du gagnant "
     f"(--seat {_WIND_FR.get(g['seat'], g['seat'])}{', par défaut' if g.get('default') else ''})\u00a0; "
     + (f"donnez la place dont le kong ajouté a été volé ({g['rule']})" if g.get("rule") else "donnez la place qui a défaussé la tuile gagnante")),
    (r"(?P<what>flower|season) (?P<n>\d) is held by both (?P<one>[ESWN]) and (?P<other>[ESWN]): there is one of each \(CL-1\.1\)",
     lambda g: f"{'la fleur' if g['what'] == 'flower' else 'la saison'} {g['n']} est tenue à la fois par {_WIND_FR[g['one']]} "
     f"et par {_WIND_FR[g['other']]}\u00a0: il n'y en a qu'une de chaque (CL-1.1)"),
    (r"(?P<n>[\d,]+) flags: a request has at most (?P<most>\d+) \(R-9\)", "{n} drapeaux\u00a0: une requête en a au plus {most} (R-9)"),
    (r"--flag (?P<flag>\w+) is given twice \(give it once\)", "--flag {flag} est donné deux fois (donnez-le une seule fois)"),
    (r"--flag: a flag is given twice \(give each once\)", "--flag\u00a0: un drapeau est donné deux fois (donnez chacun une seule fois)"),
    (r"flag (?P<flag>'\w+') needs a win on a discard, not a robbed kong \((?P<rule>[^)]*)\)",
     "le drapeau {flag} demande une victoire sur une défausse, pas sur un kong volé ({rule})"),
    (r"flag (?P<flag>'\w+') needs a win on a discard(?P<rule>(?: \([^)]*\))?)", "le drapeau {flag} demande une victoire sur une défausse{rule}"),
    (r"flag (?P<flag>'\w+') needs a self-drawn win(?P<rule>(?: \([^)]*\))?)",
     "le drapeau {flag} demande une victoire sur sa propre pioche{rule}"),
    (r"flag (?P<flag>'\w+') never goes with a robbed kong \(R-3\)", "le drapeau {flag} ne va jamais avec un kong volé (R-3)"),
    (r"flag (?P<flag>'\w+') never goes with (?P<other>'\w+') \(R-3\)", "le drapeau {flag} ne va jamais avec {other} (R-3)"),
    (r"flags (?P<a>'\w+') and (?P<b>'\w+') never go together \(R-3\)", "les drapeaux {a} et {b} ne vont jamais ensemble (R-3)"),
    (r"flag 'kong_replacement' needs a declared kong among the melds \(R-3\)",
     "le drapeau 'kong_replacement' demande un kong déclaré parmi les groupes (R-3)"),
    (r"flag 'kong_replacement': the hand declares no kong \(MCR-6\.42\)", "le drapeau 'kong_replacement'\u00a0: la main ne déclare aucun kong (MCR-6.42)"),
    (r"flag 'heavenly': only East wins a heavenly hand \(HK-6\)", "le drapeau 'heavenly'\u00a0: seul Est gagne une main du ciel (HK-6)"),
    (r"flag 'earthly': another seat wins on East's very first discard \(HK-6\)",
     "le drapeau 'earthly'\u00a0: une autre place que l'Est gagne sur la toute première défausse de l'Est (HK-6)"),
    (r"a heavenly or earthly hand has no melds: it is won on the dealt tiles(?P<rule>(?: \([^)]*\))?)",
     "une main du ciel ou de la terre n'a aucun groupe déclaré\u00a0: elle est gagnée avec les tuiles distribuées{rule}"),
    (r"flag 'last_of_kind': the hand holds (?P<n>\d+) other (?P<tile>\w+) concealed, so the winning tile cannot be the last of its kind \(MCR-6\.27\)",
     lambda g: f"le drapeau 'last_of_kind'\u00a0: la main cache {g['n']} {_others(g['n'])} {g['tile']}, la tuile gagnante ne peut donc "
     "pas être la dernière de son espèce (MCR-6.27)"),
    (r"unknown flag (?P<flag>'\w+') for MCR: expected any of (?P<known>.+)", "drapeau {flag} inconnu en MCR\u00a0: attendu parmi {known}"),
    (r"flag (?P<flag>'\w+'): MCR does not score (?P<what>a heavenly hand|an earthly hand), which is not among its 81 fans \(MCR-5\.5\): "
     r"leave the flag out",
     lambda g: f"le drapeau {g['flag']}\u00a0: le MCR ne compte pas de "
     f"{'main du ciel' if g['what'] == 'a heavenly hand' else 'main de la terre'}, absente de ses 81 fans (MCR-5.5)\u00a0: retirez le drapeau"),
    (r"unknown flag (?P<flag>'\w+'): expected any of (?P<known>.+)", "drapeau {flag} inconnu\u00a0: attendu parmi {known}"),
    (r"flag (?P<flag>'\w+'): the classical game has no double for a win on (?P<how>a kong replacement|the final discard) \(CL-5\.3\): leave the flag out",
     lambda g: f"le drapeau {g['flag']}\u00a0: le jeu classique n'a pas de doublement pour une victoire "
     f"{'sur un remplacement de kong' if g['how'] == 'a kong replacement' else 'sur la dernière défausse'} (CL-5.3)\u00a0: retirez le drapeau"),
    (r"flag (?P<flag>'\w+') is not part of the classical game: East's Mahjong on his dealt tiles is a plain self-drawn win there, "
     r"no limit hand \(CL-4\.1, CL-6\.1\): leave the flag out",
     "le drapeau {flag} n'existe pas dans le jeu classique\u00a0: le Mah-Jong d'Est sur ses tuiles distribuées y est une simple victoire "
     "sur sa propre pioche, pas une main limite (CL-4.1, CL-6.1)\u00a0: retirez le drapeau"),
    (r"flag (?P<flag>'\w+') is not part of the classical game: an earthly hand is not among its limit hands \(CL-6\.1\): "
     r"leave the flag out",
     "le drapeau {flag} n'existe pas dans le jeu classique\u00a0: la main de la terre n'est pas parmi ses mains limites (CL-6.1)\u00a0: "
     "retirez le drapeau"),
    (r"flag (?P<flag>'\w+') is not part of the classical game: expected any of (?P<known>.+)",
     "le drapeau {flag} n'existe pas dans le jeu classique\u00a0: attendu parmi {known}"),
    # --- the options of the command line
    (r"--win TILE is required with a hand \(the winning tile, e\.g\. --win 1z\)",
     "--win TUILE est obligatoire avec une main (la tuile gagnante, par exemple --win 1z)"),
    (r"--robbed needs --from SEAT, the seat whose added kong was robbed \((?P<rule>[^)]*)\)",
     "--robbed demande --from PLACE, la place dont le kong ajouté a été volé ({rule})"),
    (r"--other gives another seat's hand to the classical game \(--rules classical\); --rules (?P<rules>\w+) scores the winner alone",
     "--other donne la main d'une autre place au jeu classique (--rules classical)\u00a0; --rules {rules} ne compte que le gagnant"),
    (r"(?P<option>--[\w-]+) needs a hand on the command line \(hkmj score 234s567p88m111z777z --win 1z\); without a hand, "
     r"hkmj score reads JSON requests on stdin, one a line, and takes every field from them \(R-9\)",
     "{option} demande une main sur la ligne de commande (hkmj score 234s567p88m111z777z --win 1z)\u00a0; sans main, hkmj score "
     "lit des requêtes JSON sur l'entrée standard, une par ligne, et prend chaque champ de celles-ci (R-9)"),
    (rf"--other (?P<value>{_ECHO}): expected 'SEAT: TILES, \.\.\.' with SEAT one of E, S, W \(or O\), N",
     "--other {value}\u00a0: attendu «\u00a0PLACE: TUILES, ...\u00a0» avec PLACE parmi E, S, O (ou W), N"),
    (rf"--other (?P<value>{_ECHO}): (?P<part>{_ECHO}) needs a number 1-4, e\.g\. (?P<example>{_ECHO})",
     "--other {value}\u00a0: {part} demande un numéro de 1 à 4, par exemple {example}"),
    (r"--other: seat (?P<seat>[ESWN]) given twice", lambda g: f"--other\u00a0: la place {_seat(g['seat'])} est donnée deux fois"),
    (r"--other (?P<seat>[ESWN]): that is the winner's seat \(--seat\); give the winner's hand as HAND",
     lambda g: f"--other {_seat(g['seat'])}\u00a0: c'est la place du gagnant (--seat)\u00a0; donnez la main du gagnant comme MAIN"),
    (rf"option (?P<key>[\w-]+)=(?P<value>{_ECHO}|\S+): expected one of (?P<choices>.+)", "option {key}={value}\u00a0: attendu parmi {choices}"),
    (rf"option (?P<key>[\w-]+)=(?P<value>{_ECHO}|\S+): expected a whole number (?P<low>-?\d+)-(?P<high>-?\d+)",
     "option {key}={value}\u00a0: un nombre entier de {low} à {high} est attendu"),
    (rf"option (?P<arg>{_ECHO}): one option per --option: (?P<line>--option .+)", "option {arg}\u00a0: une option par --option\u00a0: {line}"),
    (rf"option (?P<arg>{_ECHO}): expected key=value, e\.g\. (?P<example>\S+)", "option {arg}\u00a0: attendu clé=valeur, par exemple {example}"),
    (rf"option (?P<arg>{_ECHO}): (?P<rules>\w+) rules have no house options", "option {arg}\u00a0: les règles {rules} n'ont pas d'option de la maison"),
    (rf"option (?P<key>{_ECHO}) given twice", "option {key} donnée deux fois"),
    (rf"unknown option (?P<key>{_ECHO}): (?P<rules>\w+) rules have no house options",
     "option {key} inconnue\u00a0: les règles {rules} n'ont pas d'option de la maison"),
    (rf"unknown option (?P<key>{_ECHO}) for (?P<rules>\w+) rules \(options: (?P<known>[^)]*)\)",
     "option {key} inconnue pour les règles {rules} (options\u00a0: {known})"),
    (rf"unknown ruleset (?P<name>{_ECHO}): expected one of (?P<known>.+)", "jeu de règles {name} inconnu\u00a0: attendu parmi {known}"),
    (r"ruleset (?P<value>.+?): expected a name \((?P<known>[\w, ]+)\)", "jeu de règles {value}\u00a0: un nom est attendu ({known})"),
    (r"options (?P<value>.+?): expected (?:an object of )?key=value pairs", "options {value}\u00a0: des paires clé=valeur sont attendues"),
    (r"seed (?P<value>.+?): expected a whole number", "seed {value}\u00a0: un nombre entier est attendu"),
    (r"length (?P<value>.+?): expected one of (?P<known>[\w, ]+)", "length {value}\u00a0: attendu parmi {known}"),
    # --- a record file that hkmj replay cannot read (hkmj.record.read_record, parse_events)
    (r"(?P<path>.+): cannot read \((?P<reason>[^()]+)\)", lambda g: f"{g['path']}\u00a0: lecture impossible ({french_reason(g['reason'])})"),
    (r"(?P<path>.+): not a UTF-8 text file", "{path}\u00a0: pas un fichier texte UTF-8"),
    (r"--rules (?P<asked>\w+): this (?P<what>record|table log) is played under (?P<played>[\w ]+) rules; a record carries its ruleset: replay it without --rules",
     lambda g: f"--rules {g['asked']}\u00a0: {'cet enregistrement' if g['what'] == 'record' else 'ce journal de table'} est joué selon "
     f"les règles {g['played'].replace(' and ', ' et ')}\u00a0; "
     "un enregistrement porte son jeu de règles\u00a0: rejouez-le sans --rules"),
    (r"--record writes the match of a server table's log export; (?P<path>.+) is already a record",
     "--record écrit la partie de l'export du journal d'une table du serveur\u00a0; {path} est déjà un enregistrement"),
    (r"--record (?P<path>.+): this file already exists; give another name, or delete the file first",
     "--record {path}\u00a0: ce fichier existe déjà\u00a0; donnez un autre nom, ou supprimez d'abord le fichier"),
    (r"--record (?P<path>.+): not a regular file \(a device, a pipe or a terminal\); a record is saved in a file of its own: give a file name",
     "--record {path}\u00a0: pas un fichier ordinaire (un périphérique, un tube ou un terminal)\u00a0; un enregistrement se garde dans un fichier à lui\u00a0: donnez un nom de fichier"),
    (r"cannot write (?P<path>.+): (?P<reason>[^:]+)", lambda g: f"impossible d'écrire {g['path']}\u00a0: {french_reason(g['reason'])}"),
    (r"(?P<path>.+):(?P<line>\d+): its only line was cut in the middle of a write",
     "{path}:{line}\u00a0: sa seule ligne a été coupée au milieu d'une écriture"),
    (r"(?P<path>.+):(?P<line>\d+): not an event but the server's refusal \((?P<code>[^:]*): (?P<message>.*)\)",
     lambda g: f"{g['path']}:{g['line']}\u00a0: pas un événement mais le refus du serveur ({g['code']}\u00a0: "
     + ("le journal de la table se lit une fois sa partie terminée" if g["code"] == "not_over" else g["message"]) + ")"),
    (r"(?P<path>.+):(?P<line>\d+): the file is one JSON (?:(?P<array>array)|object written over (?P<n>\d+) lines), not JSON Lines: "
     r"a record holds one event \(a JSON object\) per line",
     lambda g: f"{g['path']}:{g['line']}\u00a0: le fichier est un seul " + ("tableau JSON" if "array" in g else f"objet JSON écrit sur {g['n']} lignes")
     + ", pas du JSON Lines\u00a0: un enregistrement tient un événement (un objet JSON) par ligne"),
    (r"(?P<path>.+):(?P<line>\d+): an event is a JSON object with a 'type'",
     "{path}:{line}\u00a0: un événement est un objet JSON avec un champ 'type'"),
    (r"(?P<path>.+):(?P<line>\d+): not JSON \((?P<inner>.+)\)", "{path}:{line}\u00a0: pas du JSON ({inner})"),
    (r"(?P<what>" + "|".join(map(re.escape, _JSON_SYNTAX)) + r") at (?:line (?P<line>\d+) )?column (?P<col>\d+)",
     lambda g: f"{_JSON_SYNTAX[g['what']]} " + (f"ligne {g['line']}, colonne {g['col']}" if "line" in g else f"colonne {g['col']}")),
    (r"(?P<name>NaN|-?Infinity) is not JSON \(RFC 8259 has no NaN or Infinity\)",
     "{name} n'est pas du JSON (la RFC 8259 n'a ni NaN ni Infinity)"),
    (r"a number of more than (?P<n>[\d,]+) digits", lambda g: f"un nombre de plus de {g['n'].replace(',', ' ')} chiffres"),
    (r"arrays or objects nested too deeply", "des tableaux ou objets imbriqués trop profondément"),
    (r"it starts with a byte order mark, U\+FEFF: save the file as UTF-8 without one",
     "il commence par une marque d'ordre des octets, U+FEFF\u00a0: enregistrez le fichier en UTF-8 sans elle"),
    (r"a string holds a lone surrogate escape such as \\ud800, not Unicode text",
     "une chaîne contient un échappement de demi-caractère isolé comme \\ud800, pas du texte Unicode"),
    # --- what hkmj replay reports (hkmj.cli): a record reproduced, or where it diverged
    (r"replay OK: (?P<hands>\d+) hands?, (?P<events>\d+) events? (?P<how>.+)",
     lambda g: f"replay OK\u00a0: {_count(g['hands'], 'donne')}, {_count(g['events'], 'événement')} {_replayed(g['how'], int(g['events']))}"),
    (r"replay: diverged at (?P<where>line (?P<line>\d+)|end of record) \(hand (?P<hand>\d+)\): (?P<why>.+?)(?P<rest>\n  recorded: .*)?",
     lambda g: "replay\u00a0: divergence " + (f"à la ligne {g['line']}" if "line" in g else "à la fin de l'enregistrement")
     + f" (donne {g['hand']})\u00a0: {_french(g['why']) or g['why']}"
     + g.get("rest", "").replace("\n  recorded: ", "\n  enregistré\u00a0: ").replace("\n  replayed: (nothing)", "\n  rejoué\u00a0: (rien)")
     .replace("\n  replayed: ", "\n  rejoué\u00a0: ")),
    (r"record: (?P<path>.+) \((?P<n>\d+) events?\)", lambda g: f"enregistrement\u00a0: {g['path']} ({_count(g['n'], 'événement')})"),
    (r"the engine produced no such event", "le moteur n'a pas produit cet événement"),
    (r"the engine produced more events than recorded", "le moteur a produit plus d'événements que l'enregistrement n'en a"),
    (r"event after the match's end", "un événement après la fin de la partie"),
    (r"record ends before the match's totals", "l'enregistrement s'arrête avant les totaux de la partie"),
    (r"the match's totals are missing; the record goes on without them",
     "les totaux de la partie manquent\u00a0; l'enregistrement continue sans eux"),
    (r"the match's end is missing; the record goes on without it",
     "la fin de la partie manque\u00a0; l'enregistrement continue sans elle"),
    (r"the match was already over", "la partie était déjà finie"),
    (r"the wall is not the one of its seed", "le mur n'est pas celui de sa graine"),
    (r"the hand stops before its end, and the record goes on", "la donne s'arrête avant sa fin, et l'enregistrement continue"),
    (r"a match starts before the previous one's end \(a match stops only at the record's end\)",
     "une partie commence avant la fin de la précédente (une partie ne s'arrête qu'à la fin de l'enregistrement)"),
    (r"event '(?P<type>[^']*…?)' differs in (?P<fields>.+)",
     lambda g: f"l'événement '{g['type']}' diffère par {g['fields'].replace(' and ', ' et ').replace(' more', ' autres')}"),
    (r"event '(?P<type>[^']*…?)' outside any hand: a record has no such line",
     "événement '{type}' hors de toute donne\u00a0: un enregistrement n'a pas de telle ligne"),
    (r"a match's '(?P<type>\w+)' with no match_start before it: nothing can check it",
     "'{type}' d'une partie sans match_start avant\u00a0: rien ne peut le vérifier"),
    (r"recorded input refused by the engine: (?P<why>.+)",
     lambda g: f"coup enregistré refusé par le moteur\u00a0: {_french(g['why']) or g['why']}"),
    # --- the engine's refusal of a move (hkmj.engine: Hand._why_illegal, parse_action), quoted by hkmj replay
    *_ENGINE_REFUSALS,
    (r"the field '(?P<field>\w+)' is missing", "le champ '{field}' manque"),
    (r"(?P<field>hands|max_hands) (?P<value>.+?): expected a whole number 1 or more, or null",
     "{field} {value}\u00a0: un nombre entier de 1 ou plus, ou null, est attendu"),
    # a recorded hand_start's fields (hkmj.record.hand_from_start)
    (r"wall (?P<value>.+?): expected four walls of 36 tile names each \(HK-2\.2\)",
     "wall {value}\u00a0: quatre murs de 36 noms de tuiles chacun sont attendus (HK-2.2)"),
    (r"wall (?P<value>.+?): expected a tile name such as 5p", "wall {value}\u00a0: un nom de tuile est attendu, par exemple 5p"),
    (r"dice (?P<value>.+?): expected three numbers 1-6 \(HK-2\.3\)", "dice {value}\u00a0: trois nombres de 1 à 6 sont attendus (HK-2.3)"),
    (r"seed (?P<value>.+?): expected a whole number, or null for a given wall",
     "seed {value}\u00a0: un nombre entier est attendu, ou null pour un mur donné"),
    (r"prevailing (?P<value>.+?): expected a wind letter E, S, W or N", "prevailing {value}\u00a0: une lettre de vent E, S, W ou N est attendue"),
    (r"scores (?P<value>.+?): expected four whole numbers, one per seat",
     "scores {value}\u00a0: quatre nombres entiers sont attendus, un par place"),
    (r"(?P<field>teaching|ask_all) (?P<value>.+?): expected true or false", "{field} {value}\u00a0: true ou false est attendu"),
    (r"players (?P<value>.+?): expected the players 0-3 in seat order, each once",
     "players {value}\u00a0: les joueurs 0 à 3 dans l'ordre des places, chacun une fois, sont attendus"),
    (r"(?P<field>hand|dealer) (?P<value>.+?): expected a whole number (?P<low>\d+)(?:-(?P<high>\d+)| or more)",
     lambda g: f"{g['field']} {g['value']}\u00a0: un nombre entier " + (f"de {g['low']} à {g['high']}" if "high" in g else f"de {g['low']} ou plus")
     + " est attendu"),
    # --- a server table's log export that cannot be re-played (hkmj.server.export.record_from_log)
    (r"the table log is empty", "le journal de table est vide"),
    (r"entry 1: a table log starts with 'create', not (?P<kind>.+)", "entrée 1\u00a0: un journal de table commence par 'create', pas {kind}"),
    (r"entry 1: bad 'create' entry \((?P<why>.+)\)", lambda g: f"entrée 1\u00a0: entrée 'create' invalide ({_french(g['why']) or g['why']})"),
    (r"entry (?P<n>\d+): an action before the match started", "entrée {n}\u00a0: une action avant le début de la partie"),
    (r"entry (?P<n>\d+): 'next' before the match started", "entrée {n}\u00a0: 'next' avant le début de la partie"),
    (r"entry (?P<n>\d+) \((?P<kind>[^()]*)\): (?P<inner>.+)", "entrée {n} ({kind})\u00a0: {inner}"),
    (r"(?P<what>seat|slot|seed) (?P<value>.+): expected a whole number", "{what} {value}\u00a0: un nombre entier est attendu"),
    (r"(?P<what>seat|slot) (?P<value>-?\d+): expected 0 to 3", "{what} {value}\u00a0: 0 à 3 attendu"),
    (r"fill (?P<value>.+): expected an object of slots and bot names", "fill {value}\u00a0: un objet de places et de noms de robots est attendu"),
    (r"bad (?P<type>match_start|hand_start): (?P<why>.+)", lambda g: f"{g['type']} invalide\u00a0: {_french(g['why']) or g['why']}"),
    # --- the command line's own parser (argparse)
    (r"argument (?P<option>[\w/-]+): invalid choice: (?P<value>.+?) \(choose from (?P<choices>.+)\)",
     lambda g: f"argument {g['option']}\u00a0: choix {g['value']} invalide (choisissez parmi {_unquoted(g['choices'])})"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}) has more than 4000 digits",
     "argument {option}\u00a0: {value} a plus de 4000 chiffres"),
    (r"argument (?P<option>[\w/-]+): given twice \(give it once\)", "argument {option}\u00a0: donné deux fois (donnez-le une seule fois)"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}) is not a whole number \(digits 0-9\)",
     "argument {option}\u00a0: {value} n'est pas un nombre entier (chiffres 0-9)"),
    (r"argument (?P<option>[\w/-]+): (?P<value>-\d+) is negative: a seed is a whole number 0 or more",
     "argument {option}\u00a0: {value} est négatif\u00a0: une graine est un nombre entier de 0 ou plus"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}) is (?P<what>flower|season) (?P<n>\d): give its number only, (?P<how>--(?:flower|season) \d)",
     lambda g: f"argument {g['option']}\u00a0: {g['value']} est la {'fleur' if g['what'] == 'flower' else 'saison'} {g['n']}\u00a0: "
     f"donnez seulement son numéro, {g['how']}"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}) is a (?P<what>flower|season): give it with (?P<how>--(?:flower|season) \d)",
     lambda g: f"argument {g['option']}\u00a0: {g['value']} est une {'fleur' if g['what'] == 'flower' else 'saison'}\u00a0: "
     f"donnez-la avec {g['how']}"),
    (r"argument (?P<option>[\w/-]+): expected one argument", "argument {option}\u00a0: une valeur est attendue"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}) is not a number \(digits 0-9, a point before decimals: 2\.5\)",
     "argument {option}\u00a0: {value} n'est pas un nombre (chiffres 0-9, un point avant les décimales\u00a0: 2.5)"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}) is not a number of seconds",
     "argument {option}\u00a0: {value} n'est pas un nombre de secondes"),
    (r"argument (?P<option>[\w/-]+): (?P<value>-?\d+) must be at least (?P<n>\d+)", "argument {option}\u00a0: {value} doit valoir au moins {n}"),
    (r"argument (?P<option>[\w/-]+): (?P<value>\d+) must be at most (?P<n>\d+)", "argument {option}\u00a0: {value} doit valoir au plus {n}"),
    (r"argument (?P<option>[\w/-]+): must be between (?P<low>\d+) and (?P<high>\d+) seconds",
     "argument {option}\u00a0: doit être entre {low} et {high} secondes"),
    (rf"argument (?P<option>[\w/-]+): language (?P<value>{_ECHO}): the review is written in en \(English\) or fr \(French\)",
     "argument {option}\u00a0: langue {value}\u00a0: l'analyse est écrite en en (anglais) ou fr (français)"),
    (r"argument (?P<option>[\w/-]+): not allowed with argument (?P<other>[\w/-]+)",
     "argument {option}\u00a0: impossible avec l'argument {other}"),
    (r"the following arguments are required: (?P<names>.+)", "arguments obligatoires manquants\u00a0: {names}"),
    (r"ambiguous option: (?P<option>\S+) could match (?P<options>.+)", "option ambiguë\u00a0: {option} peut désigner {options}"),
    (r"unrecognized arguments: (?P<words>.+) \(did you mean (?P<close>\S+)\?\)",
     "arguments non reconnus\u00a0: {words} (vouliez-vous dire {close}\u00a0?)"),
    (r"unrecognized arguments: (?P<words>.+) \((?P<option>--[\w-]+) comes after '--', which ends the options: give it before '--'\)",
     "arguments non reconnus\u00a0: {words} ({option} vient après «\u00a0--\u00a0», qui termine les options\u00a0: "
     "donnez-la avant «\u00a0--\u00a0»)"),
    (r"unrecognized arguments: (?P<words>.+) \(write the hand as one word, without spaces: (?P<hand>\S+)\)",
     "arguments non reconnus\u00a0: {words} (écrivez la main d'un seul mot, sans espaces\u00a0: {hand})"),
    (r"unrecognized arguments: (?P<words>.+) \(write the bots as one word, separated by commas: (?P<bots>--bots \S+)\)",
     "arguments non reconnus\u00a0: {words} (écrivez les robots d'un seul mot, séparés par des virgules\u00a0: {bots})"),
    (r"unrecognized arguments: (?P<words>.+) \(put the meld in quotes: (?P<meld>--meld \"[^\"]+\")\)",
     "arguments non reconnus\u00a0: {words} (mettez le groupe entre guillemets\u00a0: {meld})"),
    (r"unrecognized arguments: (?P<words>.+) \(put the hand in quotes: (?P<other>--other \"[^\"]+\")\)",
     "arguments non reconnus\u00a0: {words} (mettez la main entre guillemets\u00a0: {other})"),
    (r"unrecognized arguments: (?P<words>.+) \(write (?P<option>--[\w-]+) KEY=VALUE as one word, without spaces: (?P<line>.+)\)",
     "arguments non reconnus\u00a0: {words} (écrivez {option} CLÉ=VALEUR d'un seul mot, sans espaces\u00a0: {line})"),
    (r"unrecognized arguments: (?P<words>.+) \(give (?P<option>--[\w-]+) before each value: (?P<line>.+)\)",
     "arguments non reconnus\u00a0: {words} (donnez {option} devant chaque valeur\u00a0: {line})"),
    (r"argument (?P<option>--[\w-]+): takes no value \(write (?P<again>--[\w-]+) alone\)",
     "argument {option}\u00a0: ne prend pas de valeur (écrivez {again} seul)"),
    (r"unrecognized arguments: (?P<words>.+) \(to go on with the match saved in that file: (?P<line>--resume .+)\)",
     "arguments non reconnus\u00a0: {words} (pour reprendre la partie enregistrée dans ce fichier\u00a0: \x02{line}\x03)"),
    (r"unrecognized arguments: (?P<words>.+)", "arguments non reconnus\u00a0: {words}"),
    # --- hkmj itself (hkmj.cli._parse): a command or an option it does not know
    (rf"unknown command (?P<word>{_ECHO})(?:; did you mean (?P<close>{_ECHO})\?)? \(the commands: (?P<commands>.+)\)",
     lambda g: f"commande {g['word']} inconnue" + (f"\u00a0; vouliez-vous dire {g['close']}\u00a0?" if "close" in g else "")
     + f" (les commandes\u00a0: {g['commands']})"),
    (r"unknown option (?P<option>\S+) \(hkmj itself takes -h and --version; a command's options: hkmj COMMAND --help\)",
     "option {option} inconnue (hkmj lui-même ne prend que -h et --version\u00a0; les options d'une commande\u00a0: hkmj COMMANDE --help)"),
    (r"'--' ends the options, and the command comes first: (?P<line>hkmj .+)",
     lambda g: "«\u00a0--\u00a0» termine les options, et la commande vient d'abord\u00a0: "
     + g["line"].replace("hkmj COMMAND ", "hkmj COMMANDE ", 1)),
    (rf"(?P<path>{_ECHO}) is a folder, not a hand \(tiles such as (?P<hand>\w+)\)",
     "{path} est un dossier, pas une main (des tuiles comme {hand})"),
    (rf"(?P<path>{_ECHO}) is a file, not a hand \(tiles such as (?P<hand>\w+)\); to score the JSON requests it holds, one a line: "
     r"(?P<line>hkmj score < .+)",
     "{path} est un fichier, pas une main (des tuiles comme {hand})\u00a0; pour compter les requêtes JSON qu'il contient, "
     "une par ligne\u00a0: \x02{line}\x03"),
    (r"(?P<option>\S+) is an option of a command, not of hkmj itself: give the command first \((?P<line>hkmj .+)\); "
     r"commands that take it: (?P<commands>.+)",
     lambda g: f"{g['option']} est une option d'une commande, pas de hkmj lui-même\u00a0: donnez d'abord la commande "
     f"({g['line'].replace('hkmj COMMAND ', 'hkmj COMMANDE ', 1)})\u00a0; commandes qui la prennent\u00a0: {g['commands']}"),
    (rf"unknown command (?P<word>{_ECHO}); did you mean (?P<close>{_ECHO})\? \((?P<option>\S+) is an option of a command, "
     r"given after it: (?P<line>hkmj .+)\)",
     "commande {word} inconnue\u00a0; vouliez-vous dire {close}\u00a0? ({option} est une option d'une commande, donnée après "
     "elle\u00a0: {line})"),
    # --- hkmj replay of a record whose last line a crash cut
    (r"(?P<path>.+), line (?P<n>\d+) was cut in the middle of a write \(a crash\) and is left out",
     "{path}, ligne {n}\u00a0: coupée au milieu d'une écriture (un plantage), laissée de côté"),
    # --- a message about one part of the hand: the part, then its own message
    (rf"hand (?P<hand>{_ECHO}): (?P<inner>.+)", "main {hand}\u00a0: {inner}"),
    (rf"(?P<option>--win|--meld|--flower|--season) (?P<value>{_ECHO}): (?P<inner>.+)", "{option} {value}\u00a0: {inner}"),
    (rf"meld (?P<meld>{_ECHO}): (?P<inner>.+)", "groupe {meld}\u00a0: {inner}"),
    (r"win_tile: (?P<inner>.+)", "tuile gagnante\u00a0: {inner}"),
    (r"--other (?P<seat>[ESWN]): (?P<inner>.+)", lambda g: f"--other {_seat(g['seat'])}\u00a0: {g['inner']}"),
)
"""Each English phrase (a regular expression matching a whole message) and its French: a format
string of the phrase's named parts, or a function of them. A part named ``inner`` is a message
of its own, rendered first."""

@functools.cache
def compiled_phrases() -> tuple[tuple[re.Pattern[str], str | Render], ...]:
    """:data:`PHRASES` compiled, once, when a message is first put in French: compiled at import, they cost every
    ``hkmj`` process (each server a test starts) a tenth of a second of CPU most never used."""
    return tuple((re.compile(pattern, re.DOTALL), french) for pattern, french in PHRASES)


def in_phrases(
    compiled: Sequence[tuple[re.Pattern[str], str | Render]], message: str, inner: Callable[[str], str | None]
) -> str | None:
    """``message`` in French by the first of ``compiled``'s phrases that reads it whole (a
    pattern and its French), or None: a part named ``inner`` is a message of its own, given in
    French by ``inner`` (None: that reading fails, the next phrase is tried)."""
    for pattern, french in compiled:
        m = pattern.fullmatch(message)
        if m is None:
            continue
        parts = {k: v for k, v in m.groupdict().items() if v is not None}
        if "inner" in parts:
            said = inner(parts["inner"])
            if said is None:
                continue  # a part no phrase knows: another reading, or none
            parts["inner"] = said
        return french(parts) if callable(french) else french.format(**parts)
    return None


def _french(message: str) -> str | None:
    """``message`` in French, or None when no phrase matches it."""
    return in_phrases(compiled_phrases(), message, _french)


_QUOTED: Final = re.compile(r"(?<![\w\[{(,'=])(?<!, )'([^'\s](?:[^'\n]*?[^'\s])?)'(?![\w'])")
"""A value or a word between single quotes (``'X'``, ``'pung 555m'``), not an apostrophe (``l'Est``),
an item of a list (``['E', 'S']``) nor the value of a ``key='value'`` (``minfan='2'``, as typed)."""
_CUT_QUOTED: Final = re.compile(r"(?<![\w\[{(,'=])(?<!, )'([^'\s][^'\n]*?\.\.\.)(?=\s|$)")
"""A value quoted with its start only (``echo`` of a long value: ``'1z1z1z...``), before a space
(the colon, or the words after it: ``jeu de règles '999... inconnu``) or at the end."""
_EMPTY_QUOTED: Final = re.compile(r"(?<![\w\[{(,'=])(?<!, )''(?![\w'])")
"""An empty value as typed (``--win ''``): ``« »`` in French."""
_GUILLEMET_SPACE: Final = re.compile(r"(?<=«) | (?=»)")


VERBATIM: Final = ("\x02", "\x03")
"""Marks around a part of a French text that :func:`guillemets` leaves as it is (a bot's command
line, whose quotes are the shell's); the marks themselves are removed."""
_VERBATIM: Final = re.compile("\x02([^\x03]*)\x03")


def _in_guillemets(m: re.Match[str]) -> str:
    return f"«\u00a0{m.group(1)}\u00a0»"


def _quoted_fr(text: str) -> str:
    """Each value of ``text`` quoted as typed (``'X'``, a long one's start ``'X...``, an empty ``''``) in guillemets."""
    return _EMPTY_QUOTED.sub("«\u00a0»", _CUT_QUOTED.sub(_in_guillemets, _QUOTED.sub(_in_guillemets, text)))


def guillemets(french: str) -> str:
    """A French text quoted as French is: ``« X »``, a no-break space inside each guillemet (it was
    ``'X'`` in places, as the English quotes, and ``« X »`` in others). A part between
    :data:`VERBATIM`'s marks stays as written."""
    parts = _VERBATIM.split(french)  # even: text to quote; odd: verbatim
    return "".join(
        part if i % 2 else _GUILLEMET_SPACE.sub("\u00a0", _quoted_fr(part))
        for i, part in enumerate(parts)
    )


def error_in(message: str, lang: str) -> str:
    """An error of ``hkmj score`` (or of the scorers it calls) in ``lang``: ``en`` as written,
    ``fr`` from :data:`PHRASES` (as written when no phrase matches it), quoted with guillemets."""
    if lang != "fr":
        return message
    french = _french(message)
    return message if french is None else guillemets(french)


def said_by(command: str, message: str, lang: str) -> str:
    """``hkmj COMMAND: MESSAGE`` in ``lang``; in French ``hkmj COMMAND\u00a0: MESSAGE``, with the
    no-break space before the colon (:data:`hkmj.language.FR_COLON`) that its argparse errors
    (``hkmj score\u00a0: erreur\u00a0: ...``), ``hkmj play`` and ``hkmj review`` write."""
    return f"hkmj {command}{colon(lang)} {error_in(message, lang)}"


def said_by_score(message: str, lang: str) -> str:
    """``hkmj score: MESSAGE`` in ``lang`` (see :func:`said_by`)."""
    return said_by("score", message, lang)

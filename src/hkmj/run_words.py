"""What ``hkmj simulate``, ``serve``, ``bot-match`` and ``arena`` say while they run, in French.

The commands word their errors, progress lines and summaries in English, as they always have
(English output is unchanged); under ``--lang fr`` (or a French locale, :mod:`hkmj.language`)
an error is rendered from :data:`PHRASES` — each English phrase (a regular expression matching a
whole message) with its French, as :mod:`hkmj.score_words` does for ``hkmj score``, whose
phrases (rulesets, files, the parser's own words) are used for a message none of these match.
The labels of the summaries and tables are in :data:`LABELS`. A part named ``inner`` is a message
of its own, rendered in turn (left as it is when no phrase knows it: a bot's own words).
"""

from __future__ import annotations

import functools
import re
from typing import Final

from hkmj.language import colon
from hkmj.oserror import french_reason
from hkmj.score_words import Render, error_in, guillemets, in_phrases

__all__ = ["LABELS", "PHRASES", "count", "label", "run_error_in", "said"]

_ECHO = r"'[^']*'|\"[^\"]*\"|'[^'\s][^'\n]*?\.\.\."
"""A quoted text (what was typed), or the start of a long one (``'xxxx...``, cut to 40 characters)."""


_SHELL_FIXES_FR: Final = {
    "put the command in a script (#!/bin/sh) and give --bot ./script.sh":
        "mettez la commande dans un script (#!/bin/sh) et donnez --bot ./script.sh",
    "write the path in full, or put the command in a script (#!/bin/sh) and give --bot ./script.sh":
        "écrivez le chemin en entier, ou mettez la commande dans un script (#!/bin/sh) et donnez --bot ./script.sh",
    "start the command with env (env FOO=1 python bot.py), or put it in a script (#!/bin/sh) and give --bot ./script.sh":
        "commencez la commande par env (env FOO=1 python bot.py), ou mettez-la dans un script (#!/bin/sh) et donnez --bot ./script.sh",
}
"""The French of ``hkmj.botmatch.SHELL_FIXES`` (what to write instead of a shell's syntax in a ``--bot`` command)."""


def count(n: int, word: str, lang: str) -> str:
    """``n`` ``word`` (``hand``, ``deal``, ``event``) in ``lang``: ``2 hands``, ``2 donnes``;
    French keeps 0 and 1 singular."""
    if lang != "fr":
        return f"{n} {word}" if n == 1 else f"{n} {word}s"
    french = _NOUNS.get(word, word)
    return f"{n} {french}" + ("s" if n > 1 else "")


_NOUNS: Final = {"hand": "donne", "deal": "donne", "move": "coup", "event": "événement"}


def _died(why: str) -> str:
    m = re.fullmatch(r"exited \(code (?P<code>-?\d+)\)", why)
    if m:
        return f"s'est arrêté (code {m['code']})"
    m = re.fullmatch(r"was killed by signal (?P<n>\d+)(?P<name> \(SIG\w+\))?", why)
    if m:
        return f"a été tué par le signal {m['n']}{m['name'] or ''}"
    return {"closed its input": "a fermé son entrée", "closed its output": "a fermé sa sortie"}.get(why, why)


def _given(n: str) -> str:
    """``n donnés`` in French, singular for 0 and 1 (``1 donné``)."""
    return f"{n} donné" if int(n) < 2 else f"{n} donnés"


PHRASES: Final[tuple[tuple[str, str | Render], ...]] = (
    # --- hkmj simulate
    (r"--bots needs four names, got (?P<n>\d+): (?P<value>.+)",
     lambda g: f"--bots demande quatre noms, {_given(g['n'])}\u00a0: {g['value']}"),
    (r"--record (?P<path>.+): cannot write the file \((?P<reason>[^()]+)\); the unfinished record is deleted",
     lambda g: f"--record {g['path']}\u00a0: impossible d'écrire le fichier ({french_reason(g['reason'])})\u00a0; l'enregistrement inachevé est supprimé"),
    (r"--record (?P<path>.+): the file \(or its folder\) was removed while the hands were played; the record is lost",
     lambda g: f"--record {g['path']}\u00a0: le fichier (ou son dossier) a été supprimé pendant les donnes\u00a0; l'enregistrement est perdu"),
    (r"(?P<first>--\w+) (?P<a>.+?)(?P<default> \(the default\))? and (?P<second>--\w+) (?P<b>.+) name the same file: give each a file of its own",
     lambda g: f"{g['first']} {g['a']}{' (par défaut)' if g.get('default') else ''} et {g['second']} {g['b']} désignent le même fichier\u00a0: "
     "donnez à chacun son propre fichier"),
    (r"--log (?P<path>.+): this file already exists; give another name, or delete the file first",
     "--log {path}\u00a0: ce fichier existe déjà\u00a0; donnez un autre nom, ou supprimez d'abord le fichier"),
    (r"--log (?P<path>.+): cannot write the file \((?P<reason>[^()]+)\); the unfinished fault log is deleted",
     lambda g: f"--log {g['path']}\u00a0: impossible d'écrire le fichier ({french_reason(g['reason'])})\u00a0; le journal des fautes inachevé est supprimé"),
    (r"--log (?P<path>.+): cannot write to it \((?P<reason>[^()]+)\)",
     lambda g: f"--log {g['path']}\u00a0: impossible d'y écrire ({french_reason(g['reason'])})"),
    (r"--log (?P<path>.+): the file \(or its folder\) was removed while the hands were played; the fault log is lost",
     lambda g: f"--log {g['path']}\u00a0: le fichier (ou son dossier) a été supprimé pendant les donnes\u00a0; le journal des fautes est perdu"),
    (rf"unknown bot (?P<name>{_ECHO}): expected one of (?P<known>[\w, ]+), or an import path module:factory",
     "robot {name} inconnu\u00a0: attendu parmi {known}, ou un chemin d'import module:fabrique"),
    (rf"unknown bot (?P<name>{_ECHO}): expected one of (?P<known>[\w, ]+)", "robot {name} inconnu\u00a0: attendu parmi {known}"),
    # --- the bots of hkmj arena (hkmj.bots.load_bot)
    (rf"bot (?P<name>{_ECHO}): expected a bot name \((?P<known>[\w, ]+)\) or an import path module:factory",
     "robot {name}\u00a0: un nom de robot ({known}) ou un chemin d'import module:fabrique est attendu"),
    (rf"bot (?P<name>{_ECHO}): expected an import path module:factory, e\.g\. mybots:make_bot",
     "robot {name}\u00a0: un chemin d'import module:fabrique est attendu, par exemple mybots:make_bot"),
    (rf"bot (?P<name>{_ECHO}): no module (?P<module>{_ECHO}) to import(?P<where>.*); is its folder on the Python path\?",
     "robot {name}\u00a0: aucun module {module} à importer{where}\u00a0; son dossier est-il dans le chemin de Python\u00a0?"),
    (rf"bot (?P<name>{_ECHO}): importing (?P<module>{_ECHO}) failed: (?P<error>.+)", "robot {name}\u00a0: l'import de {module} a échoué\u00a0: {error}"),
    (rf"bot (?P<name>{_ECHO}): (?P<module>{_ECHO}) has no (?P<attr>{_ECHO})", "robot {name}\u00a0: {module} n'a pas de {attr}"),
    (rf"bot (?P<name>{_ECHO}): (?P<attr>{_ECHO}) is not callable \(expected factory\(seed\) returning a player\)",
     "robot {name}\u00a0: {attr} ne peut pas être appelé (fabrique(graine) renvoyant un joueur est attendu)"),
    (rf"bot (?P<name>{_ECHO}): factory\((?P<seed>-?\d+)\) failed: (?P<error>.+)", "robot {name}\u00a0: fabrique({seed}) a échoué\u00a0: {error}"),
    (rf"bot (?P<name>{_ECHO}): factory\((?P<seed>-?\d+)\) returned (?P<what>.+), which has no choose\(view, legal\) method",
     "robot {name}\u00a0: fabrique({seed}) a renvoyé {what}, qui n'a pas de méthode choose(view, legal)"),
    # --- hkmj arena
    (r'needs the "arena" extra \((?P<missing>.+) missing\): pip install "hkmj\[arena\]"',
     lambda g: f'il faut l\'extra "arena" ({g["missing"]} manquant{"s" if "," in g["missing"] else ""})\u00a0: pip install "hkmj[arena]"'),
    (r"--plot (?P<path>.+) \(the default\): this file already exists; give another name with --plot, --plot '' for none, or delete the file first",
     "--plot {path} (par défaut)\u00a0: ce fichier existe déjà\u00a0; donnez un autre nom avec --plot, \x02--plot ''\x03 pour aucune courbe, ou supprimez d'abord le fichier"),
    (r"--plot (?P<path>.+): this file already exists; give another name, or delete the file first",
     "--plot {path}\u00a0: ce fichier existe déjà\u00a0; donnez un autre nom, ou supprimez d'abord le fichier"),
    (r"--plot (?P<path>.+): unknown image format (?P<suffix>'[^']*') \(use one of (?P<known>.+), e\.g\. ratings\.png\)",
     "--plot {path}\u00a0: format d'image {suffix} inconnu (utilisez l'un de {known}, par exemple ratings.png)"),
    (r"--bots (?P<value>.*): expected at least two different bots, each once",
     "--bots {value}\u00a0: au moins deux robots différents sont attendus, chacun une fois"),
    (r"deals: expected at least 1", "deals\u00a0: au moins 1 est attendu"),
    (r"deal (?P<k>\d+), seats E S W N = (?P<bots>.+?): (?P<error>\w+: .*)",
     "donne {k}, places E S O N = {bots}\u00a0: {error}"),
    # --- local processes or Ray (hkmj.scale)
    (rf"backend (?P<value>{_ECHO}): expected one of (?P<known>.+)", "backend {value}\u00a0: attendu parmi {known}"),
    (r"--address needs --backend ray", "--address demande --backend ray"),
    (r"cannot connect to Ray at (?P<address>\S+): nothing answers at (?P<where>\S+) \((?P<why>.+)\); is a Ray head running there\?",
     "impossible de se connecter à Ray à {address}\u00a0: rien ne répond à {where} ({why})\u00a0; une tête Ray y tourne-t-elle\u00a0?"),
    (r"cannot connect to Ray at (?P<address>\S+): (?P<error>.+)", "impossible de se connecter à Ray à {address}\u00a0: {error}"),
    (r"cannot start a new local Ray instance: (?P<error>.+)", "impossible de démarrer une nouvelle instance Ray locale\u00a0: {error}"),
    (r'the ray backend needs the "ray" extra: pip install "hkmj\[ray\]"',
     "le backend ray demande l'extra «\u00a0ray\u00a0»\u00a0: pip install \"hkmj[ray]\""),
    # --- hkmj bot-match: the command line, the bots' commands
    (r"at most four --bot, got (?P<n>\d+)", "au plus quatre --bot, {n} donnés"),
    (rf"--fill (?P<value>{_ECHO}): choose from (?P<known>.+)", "--fill {value}\u00a0: choisissez parmi {known}"),
    (rf"--bot (?P<command>{_ECHO}): cannot split it into words \((?P<error>.+)\)",
     "--bot {command}\u00a0: impossible de le découper en mots ({error})"),
    (r"--bot: empty command", "--bot\u00a0: commande vide"),
    (rf"--bot (?P<command>{_ECHO}): (?P<text>{_ECHO}) is read by a shell, and no shell runs the command \(its words are split "
     r"as a shell would, then run as they are\): (?P<fix>.+)",
     lambda g: f"--bot {g['command']}\u00a0: {g['text']} est lu par un shell, et aucun shell ne lance la commande (ses mots sont "
     f"découpés comme par un shell, puis lancés tels quels)\u00a0: {_SHELL_FIXES_FR.get(g['fix'], g['fix'])}"),
    (rf"--bot (?P<command>{_ECHO}): cannot start it: no program (?P<program>{_ECHO}) found, and not a built-in bot \((?P<known>[\w, ]+)\)"
     rf"(?:; did you mean (?P<close>\w+)\?|; (?P<file>{_ECHO}) is a file: quote its path: (?P<run>--bot \".+\"))?",
     lambda g: f"--bot {g['command']}\u00a0: impossible de le lancer\u00a0: aucun programme {g['program']} trouvé, et pas un robot intégré "
     f"({g['known']})" + (f"\u00a0; vouliez-vous dire {g['close']}\u00a0?" if "close" in g else "")
     + (f"\u00a0; {g['file']} est un fichier\u00a0: mettez son chemin entre guillemets\u00a0: \x02{g['run']}\x03" if "file" in g else "")),
    (rf"--bot (?P<command>{_ECHO}): cannot start it: (?P<program>{_ECHO}) is a folder, not a program",
     "--bot {command}\u00a0: impossible de le lancer\u00a0: {program} est un dossier, pas un programme"),
    (rf"--bot (?P<command>{_ECHO}): cannot start it: (?P<program>{_ECHO}) is not executable: run it with its interpreter "
     r"\((?P<run>--bot \"[^\"]+\")\) or make it executable (?P<chmod>\(chmod \+x .+\))",
     "--bot {command}\u00a0: impossible de le lancer\u00a0: {program} n'est pas exécutable\u00a0: lancez-le avec son interpréteur "
     "({run}) ou rendez-le exécutable {chmod}"),
    (rf"--bot (?P<command>{_ECHO}): cannot start it: (?P<program>{_ECHO}) is no program the system can run: start a script "
     r"with a #! line \(#!/usr/bin/env python3\), or run it with its interpreter (?P<run>\(--bot \"[^\"]+\"\))",
     "--bot {command}\u00a0: impossible de le lancer\u00a0: {program} n'est pas un programme que le système sait lancer\u00a0: commencez "
     "le script par une ligne #! (#!/usr/bin/env python3), ou lancez-le avec son interpréteur {run}"),
    (rf"--bot (?P<command>{_ECHO}): cannot start it: (?P<program>{_ECHO}) has Windows line endings \(CRLF\): its #! line names the "
     rf"interpreter (?P<interpreter>{_ECHO}), with a carriage return, which the system cannot find; save it with Unix line endings "
     r"\((?P<sed>sed .+)\)",
     "--bot {command}\u00a0: impossible de le lancer\u00a0: {program} a des fins de ligne Windows (CRLF)\u00a0: sa ligne #! nomme l'interpréteur "
     "{interpreter}, avec un retour chariot, que le système ne trouve pas\u00a0; enregistrez-le avec des fins de ligne Unix "
     "(\x02{sed}\x03)"),  # the command as typed (VERBATIM)
    (rf"--bot (?P<command>{_ECHO}): cannot start it: (?P<program>{_ECHO}) names in its #! line the interpreter "
     rf"(?P<interpreter>{_ECHO}), which the system cannot find: install it, or fix the #! line \(#!/usr/bin/env python3\)",
     "--bot {command}\u00a0: impossible de le lancer\u00a0: {program} nomme dans sa ligne #! l'interpréteur {interpreter}, que le système "
     "ne trouve pas\u00a0: installez-le, ou corrigez la ligne #! (#!/usr/bin/env python3)"),
    (rf"--bot (?P<command>{_ECHO}): cannot start it: (?P<reason>.+)",
     lambda g: f"--bot {g['command']}\u00a0: impossible de le lancer\u00a0: {french_reason(g['reason'])}"),
    (r"a match needs four bots, got (?P<n>\d+)", lambda g: f"une partie demande quatre robots, {_given(g['n'])}"),
    (r"time limit (?P<value>\S+): expected a positive number of seconds", "limite de temps {value}\u00a0: un nombre positif de secondes est attendu"),
    # --- hkmj bot-match: a bot's faults, logged as the match goes on
    (r"player (?P<n>\d) \((?P<command>.*?)\): (?P<inner>.+)", "joueur {n} (\x02{command}\x03)\u00a0: {inner}"),  # the command as typed (VERBATIM)
    (r"no answer to request (?P<rid>\d+) within (?P<s>\S+) s \(it wrote (?P<size>[\d,]+) bytes without a newline, (?P<head>.*): "
     r"end each line with a newline\); playing (?P<default>.+)",
     lambda g: f"pas de réponse à la requête {g['rid']} en {g['s'].replace('.', ',')} s (il a écrit {g['size'].replace(',', ' ')} octets sans saut de "
     f"ligne, {g['head']}\u00a0: terminez chaque ligne par un saut de ligne)\u00a0; il joue {g['default']}"),
    (r"no answer to request (?P<rid>\d+) within (?P<s>\S+) s \(nothing read from it yet: if it answered, flush its output after each line, "
     r"e\.g\. print\(\.\.\., flush=True\)\); playing (?P<default>.+)",
     lambda g: f"pas de réponse à la requête {g['rid']} en {g['s'].replace('.', ',')} s (rien n'a encore été lu de lui\u00a0: s'il a répondu, il doit vider sa "
     f"sortie après chaque ligne, par exemple \x02print(..., flush=True)\x03)\u00a0; il joue {g['default']}"),
    (r"no answer to request (?P<rid>\d+) within (?P<s>\S+) s; playing (?P<default>.+)",
     lambda g: f"pas de réponse à la requête {g['rid']} en {g['s'].replace('.', ',')} s\u00a0; il joue {g['default']}"),
    (r"(?P<why>exited \(code -?\d+\)|was killed by signal \d+(?: \(SIG\w+\))?|closed its input|closed its output); it plays safe defaults from now on",
     lambda g: f"{_died(g['why'])}\u00a0; il joue désormais des coups sûrs"),
    (r"bad answer to request (?P<rid>\d+): (?P<inner>.+); playing (?P<default>[^;]+)",
     "mauvaise réponse à la requête {rid}\u00a0: {inner}\u00a0; il joue {default}"),
    (r"(?P<inner>.+); ignored", "{inner}\u00a0; ignoré"),
    (r"and (?P<n>[\d,]+) more lines like these ignored while waiting for request (?P<rid>\d+)",
     lambda g: f"et {g['n'].replace(',', ' ')} lignes de plus comme celles-ci ignorées en attendant la requête {g['rid']}"),
    (r"a line longer than (?P<n>\d+) bytes", "une ligne de plus de {n} octets"),
    (r"not UTF-8 \(byte (?P<n>\d+) of the line\)", "pas de l'UTF-8 (octet {n} de la ligne)"),
    (r"the line starts with a byte order mark \(BOM, U\+FEFF\): (?P<line>.*); write UTF-8 without one",
     "la ligne commence par une indication d'ordre des octets (BOM, U+FEFF)\u00a0: {line}\u00a0; écrivez de l'UTF-8 sans BOM"),
    (r"not JSON \((?P<inner>.+)\): (?P<line>.*) \(every line on a bot's stdout is read as an answer \(\{\"id\": N, \"action\": \.\.\.\}\): print anything else to stderr\)",
     'pas du JSON ({inner})\u00a0: {line} (chaque ligne de la sortie standard d\'un robot est lue comme une réponse ({{"id": N, "action": ...}})\u00a0: '
     "écrivez tout le reste sur stderr)"),
    (r"not JSON \((?P<inner>.+)\): (?P<line>.*)", "pas du JSON ({inner})\u00a0: {line}"),
    (r"expected an object \{\"id\": \.\.\., \"action\": \.\.\.\}, got (?P<line>.*)",
     'un objet {{"id": ..., "action": ...}} est attendu, reçu {line}'),
    (r"a (?P<kind>.+) message, not an answer", "un message {kind}, pas une réponse"),
    (r"it speaks (?P<theirs>.+); this host speaks (?P<ours>\S+) \(docs/bot-protocol\.md\): its (?P<kind>.+) message is not an answer",
     "il parle {theirs}\u00a0; cet hôte parle {ours} (docs/bot-protocol.md)\u00a0: son message {kind} n'est pas une réponse"),
    (r"stale reply to request (?P<got>\d+) \(waiting for (?P<rid>\d+)\)", "réponse périmée à la requête {got} (la {rid} est attendue)"),
    (r"reply has no \"id\": answer request (?P<rid>\d+) with \{\"id\": (?P<same>\d+), \"action\": \.\.\.\}",
     'la réponse n\'a pas d\'«\u00a0id\u00a0»\u00a0: répondez à la requête {rid} par {{"id": {same}, "action": ...}}'),
    (r"reply id (?P<got>.+) is not the whole number (?P<rid>\d+): write \"id\": (?P<same>\d+)",
     "l'id de réponse {got} n'est pas le nombre entier {rid}\u00a0: écrivez \"id\": {same}"),
    (r"reply id (?P<got>.+) does not match request (?P<rid>\d+)", "l'id de réponse {got} ne correspond pas à la requête {rid}"),
    (r"reply (?P<rid>\d+) has no \"action\" text", "la réponse {rid} n'a pas de texte «\u00a0action\u00a0»"),
    (r"action (?P<text>.+) \((?P<n>[\d,]+) characters\): not an action, e\.g\. 'discard 5p'",
     lambda g: f"action {g['text']} ({g['n'].replace(',', ' ')} caractères)\u00a0: pas une action, par exemple «\u00a0discard 5p\u00a0»"),
    (rf"(?P<text>{_ECHO}) is not legal now; legal: (?P<legal>.+)", "{text} n'est pas permis maintenant\u00a0; permis\u00a0: {legal}"),
    # --- hkmj serve
    (r"(?P<flag>--[\w-]+) must be 0 \(keep for ever\) or more, got (?P<value>\S+)",
     "{flag} doit valoir 0 (garder pour toujours) ou plus, {value} donné"),
    (r"(?P<flag>--[\w-]+) must be positive, got (?P<value>\S+)", "{flag} doit être positif, {value} donné"),
    (rf"--trusted-proxy wants an IP address or network such as 10\.0\.0\.5 or 10\.0\.0\.0/24, got (?P<value>{_ECHO})",
     "--trusted-proxy veut une adresse IP ou un réseau comme 10.0.0.5 ou 10.0.0.0/24, reçu {value}"),
    (rf"--origin wants a site's origin such as https://mj\.example\.org \(a scheme, a host, a port if any, no path\), got (?P<value>{_ECHO})",
     "--origin veut l'origine d'un site comme https://mj.example.org (un schéma, un hôte, un port s'il y en a un, pas de chemin), reçu {value}"),
    (rf"--allowed-host (?P<name>{_ECHO}): (?P<inner>.+)", "--allowed-host {name}\u00a0: {inner}"),
    (r"give the host name alone, without a scheme or path \(e\.g\. mj\.example\.org\)",
     "donnez le nom d'hôte seul, sans schéma ni chemin (par exemple mj.example.org)"),
    (r"give the host name without a port \(e\.g\. mj\.example\.org\)", "donnez le nom d'hôte sans port (par exemple mj.example.org)"),
    (r"expected a host name such as mj\.example\.org, \*\.example\.org for its subdomains, or \* for any",
     "un nom d'hôte est attendu, comme mj.example.org, *.example.org pour ses sous-domaines, ou * pour tous"),
    (rf"--host (?P<host>{_ECHO}): no such address or host name on this machine \(e\.g\. 127\.0\.0\.1, or 0\.0\.0\.0 for every network\)",
     "--host {host}\u00a0: aucune adresse ni nom d'hôte de ce nom sur cette machine (par exemple 127.0.0.1, ou 0.0.0.0 pour tous les réseaux)"),
    (rf"--host (?P<host>{_ECHO}): not an address of this machine \(e\.g\. 127\.0\.0\.1, or 0\.0\.0\.0 for every network\)",
     "--host {host}\u00a0: pas une adresse de cette machine (par exemple 127.0.0.1, ou 0.0.0.0 pour tous les réseaux)"),
    (r"port (?P<port>\d+) on (?P<host>\S+) is already in use \(another hkmj serve\?\): stop it, or choose another port with --port (?P<other>\d+)",
     "le port {port} de {host} est déjà pris (un autre hkmj serve\u00a0?)\u00a0: arrêtez-le, ou choisissez un autre port avec --port {other}"),
    (r"port (?P<port>\d+) on (?P<host>\S+): permission denied \(ports below 1024 need administrator rights\): choose another with --port 8000",
     "port {port} de {host}\u00a0: permission refusée (les ports sous 1024 demandent les droits d'administrateur)\u00a0: "
     "choisissez-en un autre avec --port 8000"),
    (r"cannot listen on (?P<where>\S+): (?P<reason>.+)", lambda g: f"impossible d'écouter sur {g['where']}\u00a0: {french_reason(g['reason'])}"),
    (rf"--db (?P<url>{_ECHO}): (?P<inner>.+)", "--db {url}\u00a0: {inner}"),
    (r"not a database URL; for a file, write (?P<url>sqlite:///.+) \(or postgresql://USER:PASSWORD@HOST/NAME\)",
     "pas une URL de base de données\u00a0; pour un fichier, écrivez {url} (ou postgresql://UTILISATEUR:MOT_DE_PASSE@HÔTE/NOM)"),
    (r"not a database URL; expected sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME",
     "pas une URL de base de données\u00a0; attendu sqlite:///FICHIER ou postgresql://UTILISATEUR:MOT_DE_PASSE@HÔTE/NOM"),
    (rf"unknown database (?P<name>{_ECHO}); expected sqlite:///FILE or postgresql://USER:PASSWORD@HOST/NAME",
     "base de données {name} inconnue\u00a0; attendu sqlite:///FICHIER ou postgresql://UTILISATEUR:MOT_DE_PASSE@HÔTE/NOM"),
    (r"the (?P<name>\w+) driver is not installed \((?P<error>.+)\)", "le pilote {name} n'est pas installé ({error})"),
    (r"(?P<path>.+) is not an SQLite database \(its first bytes say another kind of file\); give a new file's name or the server's database",
     "{path} n'est pas une base de données SQLite (ses premiers octets disent un autre type de fichier)\u00a0; donnez le nom d'un nouveau "
     "fichier ou la base de données du serveur"),
    (r"a database in memory \(no file named\): the server cannot keep its tables there; give a file, e\.g\. (?P<url>sqlite:///\S+)",
     "une base de données en mémoire (aucun fichier nommé)\u00a0: le serveur ne peut pas y garder ses tables\u00a0; donnez un "
     "fichier, par exemple {url}"),
    (rf"its schema is at revision (?P<rev>{_ECHO}), which this hkmj does not know \(a newer hkmj made it\): run that newer hkmj on it, or give another database",
     "son schéma est à la révision {rev}, que ce hkmj ne connaît pas (un hkmj plus récent l'a faite)\u00a0: lancez ce hkmj plus "
     "récent dessus, ou donnez une autre base de données"),
    (r"(?P<path>.+) is a folder, not a database file", "{path} est un dossier, pas un fichier de base de données"),
    (rf"no folder (?P<path>{_ECHO}) for the database file", "pas de dossier {path} pour le fichier de base de données"),
    (r"cannot create the database file (?P<path>.+) \((?P<reason>[^()]+)\); give a path where it can be written",
     "impossible de créer le fichier de base de données {path} ({reason})\u00a0; donnez un chemin où il peut être écrit"),
    (r"cannot write the database \((?P<reason>.+)\); the server saves every move there: give a file it may write \(no mode=ro, no immutable=1\)",
     lambda g: f"impossible d'écrire dans la base de données ({french_reason(g['reason'])})\u00a0; le serveur y enregistre chaque coup\u00a0: "
     "donnez un fichier où il peut écrire (sans mode=ro ni immutable=1)"),
    (r"SQLite does not read (?P<names>.+) in this URL without uri=true \((?P<example>\S+)\); give the file alone, e\.g\. (?P<url>sqlite:///\S+)",
     "SQLite ne lit pas {names} dans cette URL sans uri=true ({example})\u00a0; donnez le fichier seul, par exemple {url}"),
    (r"cannot connect: (?P<reason>.+)", "connexion impossible\u00a0: {reason}"),
    (r"cannot open the database file (?P<path>.+) \((?P<reason>[^()]+)\)",
     lambda g: f"impossible d'ouvrir le fichier de base de données {g['path']} ({french_reason(g['reason'])})"),
    (r"another hkmj serve is using this database: stop it first \(two servers would both play its tables and mix their moves in one log\)",
     "un autre hkmj serve utilise cette base de données\u00a0: arrêtez-le d'abord (deux serveurs joueraient tous deux ses tables et "
     "mêleraient leurs coups dans un même journal)"),
    # --- the parser's types (argparse: "argument --port: ...")
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}|'[^']*\.\.\.): expected a port number from 1 to 65535",  # cut when long
     "argument {option}\u00a0: {value}\u00a0: un numéro de port de 1 à 65535 est attendu"),
    (rf"argument (?P<option>[\w/-]+): (?P<value>{_ECHO}): expected a positive number of seconds",
     "argument {option}\u00a0: {value}\u00a0: un nombre positif de secondes est attendu"),
)
"""Each English phrase of the four commands and its French (see the module's docstring)."""

@functools.cache
def compiled_phrases() -> tuple[tuple[re.Pattern[str], str | Render], ...]:
    """:data:`PHRASES` compiled, once, when a message is first put in French: compiled at import, they cost every
    ``hkmj`` process (each server a test starts) a tenth of a second of CPU most never used."""
    return tuple((re.compile(pattern, re.DOTALL), french) for pattern, french in PHRASES)


def _french(message: str) -> str | None:
    """``message`` in French by :data:`PHRASES`, or None when no phrase matches it."""
    return in_phrases(compiled_phrases(), message, lambda inner: run_error_in(inner, "fr"))


def run_error_in(message: str, lang: str) -> str:
    """``message`` in ``lang``: English as written; French from :data:`PHRASES`, else from
    :mod:`hkmj.score_words` (a ruleset, a file, the parser's words), else as written."""
    if lang != "fr":
        return message
    french = _french(message)
    return error_in(message, lang) if french is None else guillemets(french)


def said(command: str, message: str, lang: str) -> str:
    """``hkmj COMMAND: MESSAGE`` in ``lang`` (French: ``hkmj COMMAND : MESSAGE``)."""
    return f"hkmj {command}{colon(lang)} {run_error_in(message, lang)}"


LABELS: Final[dict[str, str]] = {
    # hkmj simulate's summary (hkmj.simulate.Summary.report), padded to 18 columns
    "hands played": "donnes jouées",
    "wins": "victoires",
    "draws": "donnes nulles",
    "false Mahjong": "faux Mahjong",
    "limit hands": "mains limites",
    "wins by seat": "victoires/place",
    "points/hand seat": "points/donne place",
    "by player:": "par joueur\u00a0:",
    "player": "joueur",
    "points/hand": "points/donne",
    "total": "total",
    "per win": "par victoire",
    "throughput": "débit",
    "hands/s": "donnes/s",
    "worker": "processus",
    "workers": "processus",
    "on Ray": "sur Ray",
    "self-draw": "pioche",
    "discard": "défausse",
    "robbed kong": "kong volé",
    "average fan": "fans en moyenne",
    "average points": "points en moyenne",
    "average score": "score moyen",
    "flowers not counted": "fleurs non comptées",
    # the progress bars (hkmj.simulate.Progress)
    "hands": "donnes",
    "deals": "donnes",
    "moves": "coups",
    "deals/s": "donnes/s",
    "moves/s": "coups/s",
    "ETA": "reste",
    # hkmj bot-match's table (hkmj.botmatch.MatchReport.table)
    "bot": "robot",
    "rank": "rang",
    "answers": "réponses",
    "late": "retards",
    "illegal": "illégales",
    "died": "morts",
    "think": "réflexion",
    # hkmj arena's table (hkmj.arena.ArenaResult.table)
    "rating": "niveau",
    "sigma": "sigma",
    "95% interval": "intervalle à 95 %",
    "ordinal": "ordinal",
    "pts/hand": "pts/donne",
}
"""The words of the summaries, tables and progress bars, in French."""


def label(word: str, lang: str) -> str:
    """``word`` of a summary or table in ``lang`` (English as written)."""
    return LABELS[word] if lang == "fr" else word

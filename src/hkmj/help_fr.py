"""The ``--help`` of every ``hkmj`` command in French (``--lang fr`` anywhere on the command line,
or no ``--lang`` and a French locale: :mod:`hkmj.language`).

The English help is written where each option is added (``add_argument(..., help=...)``); its
French is here, one entry per command and option: :data:`FRENCH` maps a command (``hkmj`` for the
top level) to its texts, keyed ``help`` (its line in ``hkmj --help``), ``description``,
``epilog`` and each option by its long name (a positional by its name). :func:`in_french` puts
them into a parser built by :func:`hkmj.cli.build_parser`, with argparse's own words
(``utilisation :``, ``options :``) and the value names of the usage line (``--win TUILE``). A
value written ``{default}`` is the one the English help gives after ``default`` (the figure is
computed once, in English: a server limit, a bot line-up). A test checks that every option of
every command has its French, and that no entry names an option that no longer exists.
"""

from __future__ import annotations

import argparse
import re
from typing import Any, Final

from hkmj.helpformat import HelpFormatter
from hkmj.language import LOCALE_DEFAULT_FR

__all__ = ["FRENCH", "METAVARS", "FrenchHelpFormatter", "in_french", "wants_french"]


_GLUE = "\ue000"
"""Stands for the space before ``: ; ! ? »`` and after ``«`` while a text is filled, so that no
line starts with the sign (French puts a space there; a line ``; la suite`` reads badly)."""
_BEFORE_SIGN = re.compile(r" (?=[:;!?»](?:\s|$))|(?<=«) ")


def _glued(text: str) -> str:
    return _BEFORE_SIGN.sub(_GLUE, text)


class FrenchHelpFormatter(HelpFormatter):
    """:class:`HelpFormatter` with argparse's own words in French, never breaking a line before
    a French sign's space (``: ; ! ? »``)."""

    def add_usage(self, usage: str | None, actions: Any, groups: Any, prefix: str | None = None) -> None:
        super().add_usage(usage, actions, groups, "utilisation\u00a0: " if prefix is None else prefix)

    def _split_lines(self, text: str, width: int) -> list[str]:
        return [line.replace(_GLUE, " ") for line in super()._split_lines(_glued(text), width)]

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        return super()._fill_text(_glued(text), width, indent).replace(_GLUE, " ")


METAVARS: Final = {
    "COMMAND": "COMMANDE",
    "K": "K",
    "hand": "main",
    "HAND": "MAIN",
    "TILE": "TUILE",
    "SEAT": "PLACE",
    "WIND": "VENT",
    "MELD": "GROUPE",
    "FLAG": "DRAPEAU",
    "NAME": "NOM",
    "KEY=VALUE": "CLÉ=VALEUR",
    "FILE": "FICHIER",
    "file": "fichier",
    "GAME": "PARTIE",
    "SEED": "GRAINE",
    "SECONDS": "SECONDES",
    "S": "S",
    "D": "J",
    "N": "N",
    "BOT": "ROBOT",
    "BOTS": "ROBOTS",
    "A,B,C": "A,B,C",
    "HOST": "HÔTE",
    "PORT": "PORT",
    "DB": "BASE",
    "URL": "URL",
    "ADDR": "ADRESSE",
    "ADDRESS": "ADRESSE",
    "PLOT": "FICHIER",
    "en|fr": "en|fr",
    "local|ray": "local|ray",
    "critical|error|warning|info|debug": "critical|error|warning|info|debug",
}
"""The name of an option's value in the usage line and the option list, in French (an option
without a ``metavar`` shows its name in capitals: ``--seed SEED``)."""

_GROUPS: Final = {
    "limits of a public server (docs/server.md, Threat model)": "limites d'un serveur public (docs/server.md, Threat model)",
}
"""The titles of option groups (``hkmj serve``), in French."""

_COMMON: Final = {
    "--help": "afficher cette aide et quitter",
}

_SCORE_EPILOG = """\
Deux façons de s'en servir\u00a0:

  À la main\u00a0: donnez la main sur la ligne de commande.
    hkmj score 234s567p88m111z777z --win 1z --from W --seat S --lang fr
    hkmj score 123m456p789s11z --meld "pung 777z" --win 9s --flower 2

  En machine\u00a0: sans main\u00a0; un objet JSON par ligne en entrée, un par ligne
  en sortie (R-9).
    echo '{"hand": "234s567p88m111z777z", "win_tile": "1z", "seat": "S",' \\
      '"prevailing": "E", "win": "discard", "discarder": "W"}' | hkmj score

  Règles chinoises officielles (MCR, docs/rules-mcr.md)\u00a0: avec --rules mcr\u00a0:
    hkmj score 123456789m111p11z --win 1z --flower 1 --rules mcr --lang fr

Notation (HK-1.4)\u00a0: des chiffres puis la lettre de la famille\u00a0; m caractères, p cercles,
s bambous, z honneurs 1z..7z = Est Sud Ouest Nord Blanc Vert Rouge\u00a0; tuiles bonus 1f-4f
fleurs, 5f-8f saisons. La main est faite des tuiles cachées, tuile gagnante *comprise*.
Chaque groupe déclaré est un --meld (les sortes en anglais\u00a0: chow, pung, kong, ckong)\u00a0:
    --meld "chow 345s"   --meld "pung 555m"   --meld "kong 1111z"
    --meld "ckong 2222p"   (un kong caché déclaré)
Les vents s'écrivent E, S, W (ou O pour Ouest) et N.

Comment la main a été gagnée (HK-6)\u00a0: sur sa propre pioche, sauf si --from PLACE
nomme le défausseur\u00a0; --robbed --from PLACE\u00a0: vous avez pris la tuile que PLACE
ajoutait à un pung (HK-4.10).
--flag last_wall_tile\u00a0: vous avez pioché la dernière tuile du mur vivant\u00a0;
final_discard\u00a0: vous avez pris la défausse qui l'a suivie (HK-4.9)\u00a0;
kong_replacement\u00a0: la tuile gagnante remplaçait un kong\u00a0; heavenly\u00a0: l'Est a
gagné avec les tuiles distribuées\u00a0; earthly\u00a0: vous avez gagné sur la toute
première défausse de l'Est.

Règles\u00a0: --rules hk (par défaut) avec des options de la maison, par exemple --option minfan=3
--option table=half.

Le jeu classique (--rules classical, docs/rules-classical.md) compte les quatre mains\u00a0:
donnez les autres avec --other, par exemple
    hkmj score --rules classical 88m567p234s111z --meld "pung 777z" --win 1z \\
      --from W --seat S --other "W: 1789p45s2z666z, kong 7777m, season 3"

Code de sortie\u00a0: 0 main comptée\u00a0; 1 main non valable, ou non gagnante selon les règles
(avec --json la réponse est sur la sortie standard\u00a0: {"valid": false, "error": ...})\u00a0; 2 une
ligne de commande fausse\u00a0: une option ou une valeur inconnue, une option à une seule valeur
donnée deux fois, une option de la main sans main, --other hors de --rules classical\u00a0; 2
aussi quand la réponse ne peut pas être écrite (un disque plein).
"""

_SIMULATE_EPILOG = """\
Exemples\u00a0:
  hkmj simulate --hands 2000 --seed 7 --bots greedy,greedy,random,random
  hkmj simulate --hands 100000 --bots random,random,random,random --workers 2
  hkmj simulate --hands 50 --record games.jsonl && hkmj replay games.jsonl
  hkmj simulate --hands 100000 --backend ray --address ray://head:10001

Les donnes sont jouées en parties de 64 donnes (la partie k a la graine GRAINE + k)\u00a0: une
graine donne les mêmes donnes quel que soit le nombre de processus\u00a0; les graines 7 et 8 ont
toutes leurs parties en commun sauf une\u00a0: pour des séries indépendantes de N donnes, prenez
des graines écartées d'au moins N/64. Les joueurs sont numérotés
de 1 à 4 dans l'ordre de --bots\u00a0; les places (vents) sont tirées au début de chaque partie et
tournent selon les règles (HK-7).

Sortie\u00a0: un résumé sur la sortie standard (donnes jouées, victoires par place et par type,
donnes nulles, faux Mahjong, mains limites, fan moyen d'une victoire (MCR\u00a0: points, fleurs
non comptées\u00a0; classique\u00a0: score), points par donne par place et par joueur, débit)\u00a0; la
progression sur la sortie d'erreur\u00a0: une barre dans un terminal, sinon une ligne après la
première partie et à chaque dixième du total.

Code de sortie\u00a0: 0 joué\u00a0; 2 une ligne de commande fausse, ou un fichier --record qui existe
déjà ou ne peut pas être écrit\u00a0; 130 arrêté par Ctrl+C (il affiche «\u00a0interrompu (Ctrl+C)\u00a0»), 143
par SIGTERM («\u00a0arrêté (SIGTERM)\u00a0»), 129 par SIGHUP («\u00a0arrêté (SIGHUP)\u00a0»\u00a0; ignoré sous nohup).
"""

_REPLAY_EPILOG = """\
Code de sortie\u00a0: 0 quand chaque événement enregistré est reproduit (un enregistrement qui s'arrête \
tôt, parce qu'une partie a été quittée ou un processus tué, rejoue ce qu'il contient et le dit)\u00a0; \
1 à la première divergence\u00a0; 2 pour un fichier qui n'est pas un enregistrement, un enregistrement \
d'un autre jeu de règles que --rules, ou un fichier --record qui existe déjà ou ne peut pas être écrit.

Exemples\u00a0:
  hkmj simulate --hands 8 --record g.jsonl && hkmj replay g.jsonl --lang fr
  hkmj replay g.jsonl --show --lang fr     # coup par coup, en français
  hkmj replay log.jsonl --record t.jsonl  # journal de table → enregistrement
"""

_PLAY_EPILOG = """\
Touches\u00a0: la lettre sous une tuile (ou les flèches) la choisit, Entrée la défausse (ou
cliquez deux fois sur une tuile)\u00a0; quand une défausse est offerte\u00a0: p pung, c chow, k kong,
m Mahjong\u00a0!, Espace passer\u00a0; k déclare un kong à votre tour\u00a0; h conseil, ? aide, q quitter.
Voir docs/play.md. Il faut un terminal de 80x24 ou plus.

Une partie est enregistrée au fil du jeu\u00a0: dans le fichier --record, sinon sous
$XDG_STATE_HOME/hkmj (~/.local/state/hkmj)\u00a0; la quitter avant sa fin affiche la commande qui
la continue. Avec --resume, la graine, la longueur, les robots, --teach et les règles sont ceux
de la partie enregistrée (donnés, ils doivent s'accorder avec elle)\u00a0; --lang et --glyphs
prennent par défaut ceux de la partie.

Code de sortie\u00a0: 0 quand vous partez ou que la partie finit\u00a0; 2 une ligne de commande fausse,
un fichier --record qui existe déjà, un fichier --resume qu'il ne peut pas continuer, ou pas de
terminal (entrée ou sortie dans un tube ou un fichier, ou TERM=dumb\u00a0: il le dit au lieu
d'attendre).

Exemples\u00a0:
  hkmj play --teach --lang fr       apprendre\u00a0: refus expliqués, aide sur\u00a0?
  hkmj play --hands 4 --seed 7      quatre donnes, à rejouer depuis la graine
  hkmj play --lang fr --glyphs      en français, tuiles en glyphes Unicode
  hkmj play --record match.jsonl    garder la partie pour replay et review
  hkmj play --resume match.jsonl    reprendre une partie quittée
  hkmj play --option minfan=3       règle maison\u00a0: 3 fans au moins pour gagner
"""

_SERVE_EPILOG = """\
Ouvrez http://HÔTE:PORT/ dans un navigateur\u00a0: créez une table, partagez son lien, jouez ou
regardez. La base de données est créée et mise à jour au démarrage\u00a0; les tables en cours
reprennent après un redémarrage. Le serveur écrit son journal sur la sortie d'erreur
(--log-level).

Code de sortie\u00a0: 130 arrêté par Ctrl+C, 143 par SIGTERM (un service arrêté), 129 par SIGHUP\u00a0; 2 s'il ne peut pas démarrer\u00a0: une option fausse, un port
déjà pris, une base --db qu'il ne peut pas ouvrir ou qu'un autre hkmj serve utilise (chacun dit
en une ligne)\u00a0; 2 aussi s'il s'arrête parce que sa base lui a été prise (un autre serveur,
après un redémarrage de PostgreSQL) ou que son fichier SQLite a été supprimé ou remplacé (dit
dans son journal).

  hkmj serve                                   # 127.0.0.1:8000, ./hkmj.db
  hkmj serve --host 0.0.0.0 --port 8080        # ouvert au réseau local
  hkmj serve --allowed-host mj.example.org     # ce nom aussi (autres\u00a0: 403)
  hkmj serve --db postgresql://user:pw@localhost/hkmj
  hkmj serve --rules mcr                       # tables en MCR par défaut
"""

_BOT_MATCH_EPILOG = """\
Chaque --bot est un robot intégré (random, greedy, strong, expert) ou une commande lancée comme
sous-processus qui parle le protocole JSON-lines hkmj-bot/1 (docs/bot-protocol.md). Donnez
--bot une à quatre fois\u00a0; les places vides reçoivent --fill (greedy). Un robot lit des lignes
JSON sur son entrée standard et répond à chaque {"type": "request", "id": N, "legal": [...],
...} par une ligne sur sa sortie standard, {"id": N, "action": "discard 5p"} (un texte de
"legal"), terminée par un saut de ligne et vidée. Une réponse tardive, mal formée ou
illégale, ou un robot qui meurt, est notée sur la sortie d'erreur et remplacée par un coup sûr\u00a0;
la partie continue. Le premier exemple se lance depuis le dossier du dépôt (examples/ vient avec
les sources, pas avec pip install)\u00a0:

  hkmj bot-match --bot "python examples/simple_bot.py" --hands 8 --seed 1
  hkmj bot-match --bot "python a.py" --bot "python b.py" --time-limit 0.5

Sortie\u00a0: une ligne par joueur, numérotés de 1 à 4 dans l'ordre de --bot, avec son total et
son rang\u00a0; pour un robot externe aussi ses réponses, combien étaient en retard (retards) ou
illégales (illég.), s'il est mort (morts\u00a0: 1\u00a0; sa place est alors jouée par des coups sûrs), et son temps de réflexion moyen par requête (réflexion\u00a0; une requête en retard et celle où il est mort comptent avec leur attente).

Code de sortie\u00a0: 0 joué\u00a0; 2 une ligne de commande fausse ou un robot qui ne peut pas être
lancé (programme introuvable), ou un fichier --log qui existe déjà (un journal des fautes
n'est jamais remplacé\u00a0: donnez un autre nom ou supprimez-le d'abord\u00a0; /dev/stdout, /dev/null
et les tubes sont écrits) ou ne peut pas être écrit\u00a0; 130 arrêté par Ctrl+C, 143 par SIGTERM, 129
par SIGHUP (ignoré sous nohup)\u00a0: chaque processus des robots est arrêté.
"""

_ARENA_EPILOG = """\
Classe les robots avec OpenSkill (Plackett-Luce) sur des donnes dupliquées\u00a0: chaque donne est
jouée quatre fois, les places tournant, pour que chaque robot tienne chaque main. Demande
l'extra\u00a0: pip install "hkmj[arena]".

  hkmj arena --bots random,greedy,strong --deals 50 --plot ratings.png
  hkmj arena --bots mybots:make_bot,greedy,strong --deals 50
  hkmj arena --bots greedy,strong --deals 10 --plot '' --record a.jsonl
  hkmj replay a.jsonl && hkmj review a.jsonl --seat strong

Un robot à vous est un chemin d'import module:fabrique, où fabrique(graine) renvoie un joueur
avec une méthode choose(view, legal) (docs/bot-protocol.md)\u00a0; le module est cherché d'abord
dans le dossier courant.

Sortie\u00a0: une ligne par robot, le meilleur d'abord\u00a0: niveau (le mu d'OpenSkill\u00a0; chaque robot
part de 25), sigma (son incertitude restante), l'intervalle à 95 % (mu +/- 1,96 sigma),
l'ordinal qui classe les lignes (mu - 3 sigma, un niveau prudent), les donnes jouées et ses
points par donne (pts/donne)\u00a0; puis la courbe de chaque niveau selon les donnes jouées
(--plot).

--record FICHIER garde chaque donne jouée (4 par donne dupliquée) au format d'enregistrement
de hkmj simulate (docs/record-format.md)\u00a0: hkmj replay le revérifie, et hkmj review --seat
suivi du nom d'un robot (à chaque place qu'il a tenue), de E|S|O|N ou de 1-4 (les quatre
robots de la donne, dans l'ordre où le champ «\u00a0arena\u00a0» de chaque donne les nomme)
analyse son jeu.

Code de sortie\u00a0: 0 classé\u00a0; 2 une ligne de commande fausse, un robot inconnu, un robot qui
échoue, l'extra manquant ou un fichier --plot qui existe déjà (arena.png par défaut aussi\u00a0:
une courbe n'est jamais remplacée\u00a0; donnez un autre nom, --plot '' pour aucune, ou supprimez-le
d'abord) ou ne peut pas être écrit, ou un fichier --record qui existe déjà (jamais remplacé non
plus) ou ne peut pas être écrit\u00a0; 130 arrêté par Ctrl+C, 143 par SIGTERM, 129 par SIGHUP (ignoré
sous nohup).
"""

_REVIEW_DESCRIPTION = """\
Rejoue une partie (finie, ou quittée pour être reprise) et revoit les décisions d'un joueur face
au robot conseiller (le robot expert). Pour chaque défausse, kong, Mahjong et réponse à une défausse (passes comprises) qui offrait un choix, le conseiller estime
chaque action permise du point de vue du joueur\u00a0: l'analyse montre ce qu'il aurait joué, combien
de points d'espérance le choix a coûté (et les chances de gagner), et combien de tuiles
séparaient la main d'une main prête (shanten) et ses attentes, avant et après. Les plus grosses erreurs d'abord.

PARTIE est un enregistrement écrit par hkmj play --record, hkmj simulate --record, hkmj bot-match
--record (pour analyser le jeu d'un robot externe) ou hkmj arena --record, ou l'export du journal d'une table du serveur (GET /api/tables/<id>/log, une fois la partie finie). Tout jeu
de règles\u00a0: Hong Kong, MCR, classique. Les valeurs sont les estimations du conseiller des points
que la main rapportera (les paiements des règles\u00a0: HK-6, MCR-8, CL-7), pas des certitudes\u00a0: une
«\u00a0erreur\u00a0» peut être un choix sensé que le conseiller ne voit pas.

--lang fr écrit le résumé, la page et les messages d'erreur en français (tuiles, vents,
actions, notes du conseiller)\u00a0; sans --lang, la langue de la locale (le français pour une
locale française, sinon l'anglais).
"""

_REVIEW_EPILOG = """\
Qui est revu (--seat)\u00a0:
  E, S, W, N    le joueur qui a tiré ce vent (sa place dans la première donne\u00a0; l'analyse
                le suit quand les places tournent)\u00a0; O (Ouest) vaut W
  1, 2, 3, 4    un numéro de joueur\u00a0: l'ordre de --bots de hkmj simulate\u00a0; dans les
                enregistrements de hkmj play, le joueur 1 est vous (par défaut)
  slot0..slot3  une place d'une table du serveur (slot0 est le joueur 1)
  un nom        dans un enregistrement de hkmj play, le nom affiché à la table\u00a0: vous
                (joueur 1), Robot 1, Robot 2, Robot 3 (joueurs 2 à 4\u00a0; aussi les noms de
                la table en anglais, you, Bot 1…)\u00a0; dans le journal d'une table du
                serveur, le nom d'un joueur\u00a0; dans un enregistrement de hkmj arena, le
                nom d'un robot (à chaque place qu'il a tenue)

Sortie\u00a0: un résumé en texte sur la sortie standard (les plus grosses erreurs d'abord) et une page
HTML avec les tuiles dessinées, chaque décision et chaque action permise estimée, écrite à côté
de l'enregistrement (PARTIE.review.html) sauf si --html dit où (--html - pour aucune). Ouvrez-la
dans n'importe quel navigateur. Un enregistrement lu dans un tube (<(cat g.jsonl), /dev/stdin)
n'a pas de dossier\u00a0: la page est alors review.html dans le dossier courant (review-2.html… si
celle-ci existe\u00a0; aucune n'est écrasée).

Code de sortie\u00a0: 0 analysé\u00a0; 2 un fichier qui n'est pas un enregistrement (ou que le moteur ne
peut pas rejouer), un --seat qui ne désigne personne (ou une place qu'un robot d'une table du
serveur a tenue), ou un fichier --html qui ne peut pas être écrit ou qui existe et n'est pas une page
HTML (un autre enregistrement, un texte\u00a0: jamais remplacé)\u00a0; 130 arrêté par Ctrl+C.

Exemples\u00a0:
  hkmj play --record match.jsonl && hkmj review match.jsonl
  hkmj review match.jsonl --seat "Robot 1"   # Robot 1 à la table, joueur 2
  hkmj simulate --hands 16 --bots greedy,strong,strong,strong --record g.jsonl
  hkmj review g.jsonl --seat 1 --top 5 --html g.html
  hkmj review hkmj-table-kX3v9aQw.jsonl --seat Alice
  hkmj review g.jsonl --lang fr       # en français
"""

FRENCH: Final[dict[str, dict[str, str]]] = {
    "hkmj": {
        "description": (
            "Le Mahjong aux règles exactes\u00a0: Hong Kong (par défaut, HK-1..HK-7), les règles officielles chinoises "
            "(MCR) et le jeu classique aux points et doublements, au choix avec --rules hk|mcr|classical. "
            "Comptez des mains, jouez dans le terminal, simulez et rejouez des parties de robots, revoyez vos "
            "parties, servez des tables aux navigateurs."
        ),
        "epilog": (
            "Pour commencer\u00a0:\n"
            "  hkmj play --teach --lang fr  apprendre dans le terminal (? pour l'aide)\n"
            "  hkmj score 234s567p88m111z777z --win 1z --from W --seat S --lang fr\n"
            "  hkmj simulate --hands 100    100 donnes entre robots\u00a0; --record les enregistre\n"
            "  hkmj serve                   des tables au navigateur\u00a0: http://127.0.0.1:8000\n"
            "\n"
            "Chaque commande a son aide, avec des exemples\u00a0: hkmj COMMANDE --help --lang fr (ou hkmj help "
            "COMMANDE --lang fr). Toutes les commandes parlent français avec --lang fr, ou sans --lang si la "
            "locale est française (LANG=fr_FR.UTF-8).\n"
        ),
        "--version": "afficher la version et la compilation",
    },
    "score": {
        "help": "compter une main gagnante (Hong Kong, MCR ou classique), ou un flux de requêtes JSON sur l'entrée standard",
        "description": (
            "Compte exactement une main gagnante\u00a0: Hong Kong par défaut (HK-5, HK-6), les règles officielles "
            "chinoises avec --rules mcr (MCR-5..MCR-8), le jeu classique avec --rules classical (CL-5..CL-7)."
        ),
        "epilog": _SCORE_EPILOG,
        "hand": "les tuiles cachées, tuile gagnante comprise (mpsz)",
        "--win": "la tuile gagnante, par exemple 1z",
        "--from": (
            "gagné sur la défausse de cette place (E/S/O/N, W pour West, ou le nom du vent\u00a0: ouest)\u00a0; "
            "à omettre pour une victoire sur sa propre pioche"
        ),
        "--robbed": "gagné en volant le kong ajouté de --from (HK-4.10)",
        "--seat": "votre vent, le Vent du joueur\u00a0: E, S, O ou N (par défaut E)",
        "--prevailing": "le vent dominant\u00a0: E, S, O ou N (par défaut E)",
        "--meld": 'un groupe déclaré, par exemple "pung 555m" (répétable)',
        "--flower": "une fleur que vous tenez, par son numéro\u00a0: 1 Prunier, 2 Orchidée, 3 Chrysanthème, 4 Bambou (répétable)",
        "--season": "une saison que vous tenez, par son numéro\u00a0: 1 Printemps, 2 Été, 3 Automne, 4 Hiver (répétable)",
        "--flag": (
            "comment la main a été gagnée (répétable)\u00a0: last_wall_tile (toutes les règles)\u00a0; final_discard et "
            "kong_replacement (Hong Kong, MCR)\u00a0; heavenly et earthly (Hong Kong)\u00a0; last_of_kind (MCR)"
        ),
        "--lang": f"langue des noms d'éléments et des erreurs\u00a0: en ou fr\u00a0; sans --lang, {LOCALE_DEFAULT_FR}",
        "--json": "afficher le résultat JSON de la machine au lieu d'un tableau",
        "--other": (
            'la main d\'une autre place (classique seulement, répétable)\u00a0: "PLACE: TUILES[, GROUPE ...][, flower N]'
            '[, season N]", par exemple "W: 1789p45s2z666z, kong 7777m, season 3"\u00a0; une place non donnée compte 0'
        ),
    },
    "simulate": {
        "help": "parties de robots entre eux, avec un résumé (et leur enregistrement si demandé)",
        "description": "Joue des donnes de robots entre eux, depuis une graine, sous tout jeu de règles (--rules), et les résume.",
        "epilog": _SIMULATE_EPILOG,
        "--hands": "donnes à jouer (par défaut {default})",
        "--seed": "graine, un nombre entier de 0 ou plus\u00a0: la même graine joue les mêmes donnes (par défaut {default})",
        "--bots": "quatre noms de robots, séparés par des virgules, parmi random, greedy, strong, expert, ou comme la table française les nomme\u00a0: hasard, glouton, fort (par défaut {default})",
        "--record": (
            "écrire chaque événement en JSON Lines (docs/record-format.md) dans un nouveau fichier\u00a0; "
            "n'en écrase jamais un"
        ),
        "--workers": (
            "processus entre lesquels répartir les donnes (par défaut 1\u00a0; avec --backend ray\u00a0: tâches Ray à la fois, "
            "et les processeurs d'une nouvelle instance locale)"
        ),
        "--quiet": "pas de barre de progression",
        "--lang": f"langue de la progression, du résumé et des erreurs\u00a0: en ou fr\u00a0; sans --lang, {LOCALE_DEFAULT_FR}",
        "--backend": "des processus locaux (par défaut) ou des tâches Ray (extra hkmj[ray])",
        "--address": (
            "adresse du cluster Ray (ray://hôte:10001 ou hôte:6379)\u00a0; par défaut\u00a0: une nouvelle instance Ray locale"
        ),
    },
    "replay": {
        "help": "rejouer un enregistrement de partie dans le moteur et signaler la première divergence",
        "description": (
            "Rejoue un enregistrement de partie en JSON Lines (docs/record-format.md) dans le moteur\u00a0: chaque "
            "partie est reconstruite depuis sa graine, les coups enregistrés sont rejoués et chaque événement "
            'produit par le moteur est comparé à celui enregistré. Affiche «\u00a0replay OK\u00a0: N donnes, M événements '
            "reproduits à l'identique\u00a0», ou la ligne du premier événement qui diffère, avec ses deux versions."
        ),
        "epilog": _REPLAY_EPILOG,
        "file": (
            "un enregistrement écrit par hkmj simulate --record, hkmj play --record, hkmj bot-match --record ou hkmj arena --record, "
            "ou l'export du journal d'une table du serveur"
        ),
        "--show": "afficher d'abord les donnes coup par coup, en mots",
        "--lang": f"langue de --show, du compte rendu et des erreurs\u00a0: en ou fr\u00a0; sans --lang, {LOCALE_DEFAULT_FR}",
        "--quiet": "pas de barre de progression (affichée sur un terminal seulement)",
        "--rules": (
            "vérifier que l'enregistrement est de ce jeu de règles : {rulesets} (par défaut : aucun ; "
            "un enregistrement porte son jeu de règles et se rejoue selon lui)"
        ),
        "--record": (
            "pour l'export du journal d'une table du serveur\u00a0: écrire aussi la partie qu'il contient en "
            "enregistrement (JSON Lines, docs/record-format.md) dans un nouveau fichier\u00a0; n'en écrase jamais un"
        ),
    },
    "play": {
        "help": "jouer une partie contre trois robots dans le terminal\u00a0: Hong Kong, MCR ou classique",
        "description": (
            "Jouez au Mahjong contre trois robots dans le terminal\u00a0: Hong Kong par défaut, les règles officielles "
            "chinoises (MCR, --rules mcr) ou le jeu classique (--rules classical)\u00a0; une partie complète par "
            "défaut (HK-7)."
        ),
        "epilog": _PLAY_EPILOG,
        "--hands": "ne jouer que N donnes",
        "--round": "jouer un tour de vent (vent dominant Est) au lieu d'une partie complète",
        "--bots": "les trois robots par leur nom (par défaut {default}\u00a0; parmi random, greedy, strong, expert, ou comme la table française les nomme\u00a0: hasard, glouton, fort)",
        "--seed": "graine de la partie (tirage des places et chaque mur), un nombre entier de 0 ou plus\u00a0; au hasard si omise",
        "--teach": (
            "table d'apprentissage\u00a0: un faux Mahjong est refusé et expliqué au lieu d'être pénalisé "
            "(HK-5.7, MCR-5.4, CL-7.7), les autres refus expliqués, les erreurs courantes signalées"
        ),
        "--lang": f"langue de tout l'écran\u00a0; sans --lang, celle d'une partie reprise, sinon {LOCALE_DEFAULT_FR}",
        "--glyphs": (
            "dessiner les tuiles avec les glyphes Unicode du mahjong (U+1F000) au lieu de texte en couleur "
            "(--no-glyphs\u00a0: texte en couleur, pour une partie reprise)"
        ),
        "--record": (
            "enregistrer les événements de la partie en JSON Lines (un événement du moteur par ligne)\u00a0; "
            "n'écrase jamais un fichier existant"
        ),
        "--resume": (
            "continuer la partie enregistrée dans FICHIER là où elle s'est arrêtée (son fichier --record, ou "
            "le fichier nommé quand vous l'avez quittée)"
        ),
        "--delay": "pause avant chaque coup d'un robot, de 0 à 10 (par défaut {default})",
    },
    "serve": {
        "help": "lancer le serveur de tables en ligne (client navigateur, protocole websocket)",
        "description": (
            "Sert des tables de Mahjong en ligne (Hong Kong, MCR ou le jeu classique, au choix pour chaque "
            "table dans le salon)\u00a0: humains et robots, client navigateur, journal des événements conservé."
        ),
        "epilog": _SERVE_EPILOG,
        "--host": "adresse d'écoute (par défaut {default})",
        "--port": "port (par défaut {default})",
        "--db": "URL de la base de données\u00a0: sqlite:///FICHIER (par défaut {default}) ou postgresql://...",
        "--rules": "jeu de règles d'une table dont le créateur n'en choisit pas, et premier choix du salon\u00a0: {rulesets} (par défaut {default})",
        "--log-level": (
            "ce que le serveur écrit sur la sortie d'erreur\u00a0: son démarrage, chaque requête et tout problème "
            "au niveau info (par défaut {default})"
        ),
        "--lang": (
            f"langue des erreurs au démarrage\u00a0: en ou fr\u00a0; sans --lang, {LOCALE_DEFAULT_FR} (le journal du serveur "
            "reste en anglais\u00a0; le navigateur choisit sa langue)"
        ),
        "--origin": (
            "une origine de plus autorisée à créer des tables et à ouvrir des websockets, par exemple "
            "https://mj.example.org (répétable\u00a0; l'origine du serveur lui-même est toujours autorisée)"
        ),
        "--allowed-host": (
            "un nom d'hôte auquel le serveur répond en plus des adresses IP, de localhost et des noms de cette "
            "machine (court, .local et complet), par exemple mj.example.org, *.example.org pour ses "
            "sous-domaines, ou * pour tous (répétable\u00a0; les autres en-têtes Host reçoivent 403\u00a0: une défense "
            "contre le DNS rebinding)"
        ),
        "--trusted-proxy": (
            "l'adresse (ou le réseau CIDR) d'un proxy inverse dont l'en-tête X-Forwarded-For nomme le client\u00a0: "
            "les limites par adresse comptent alors le client, pas le proxy (répétable\u00a0; sans elle l'en-tête "
            "est ignoré)"
        ),
        "--max-tables": "tables en cours au total\u00a0; au-delà, refus avec 503 (par défaut {default})",
        "--create-rate": "tables qu'une adresse peut créer par minute\u00a0; au-delà, 429 (par défaut {default})",
        "--max-connections": "connexions websocket en tout (par défaut {default})",
        "--per-address": "connexions websocket depuis une même adresse (par défaut {default})",
        "--sockets-per-address": (
            "connexions de toute sorte (HTTP, websocket) qu'une adresse peut tenir ouvertes à la fois\u00a0; "
            "au-delà, refus immédiat (par défaut {default})"
        ),
        "--spectators": "spectateurs par table (par défaut {default})",
        "--auth-timeout": "secondes qu'a une nouvelle websocket pour rejoindre ou regarder une table (par défaut {default})",
        "--idle-timeout": "secondes pendant lesquelles une websocket peut ne rien envoyer avant d'être fermée (par défaut {default})",
        "--header-timeout": "secondes qu'a un client pour envoyer les en-têtes ou le corps d'une requête (par défaut {default})",
        "--write-timeout": (
            "secondes pendant lesquelles un client websocket peut laisser les messages du serveur non lus "
            "(ses tampons pleins) avant d'être déconnecté (par défaut {default})"
        ),
        "--abandon-after": (
            "secondes sans joueur connecté après lesquelles une table est abandonnée (des spectateurs ne "
            "gardent qu'une partie de quatre robots) (par défaut {default})"
        ),
        "--keep-days": (
            "jours pendant lesquels une table finie ou abandonnée est gardée après sa création, puis "
            "supprimée (0\u00a0: pour toujours) (par défaut {default})"
        ),
        "--hints-per-minute": "demandes de conseil par connexion et par minute (par défaut {default})",
        "--absent-after": (
            "secondes pendant lesquelles un joueur assis peut être déconnecté quand c'est à lui de décider\u00a0; "
            "ensuite le serveur joue pour lui (par défaut {default})"
        ),
        "--idle-after": (
            "secondes qu'une décision attend un joueur connecté qui ne fait rien, quand un autre humain est "
            "assis\u00a0; ensuite le serveur joue pour lui (par défaut {default})"
        ),
        "--slow-grace": (
            "secondes de chaque décision qui sont gratuites là où --idle-after s'applique\u00a0; le reste est pris "
            "sur la réserve de temps du joueur (par défaut {default})"
        ),
        "--slow-bank": (
            "secondes par donne qu'un joueur peut prendre au-delà de --slow-grace sur l'ensemble de ses "
            "décisions, là où --idle-after s'applique\u00a0; ensuite chaque décision expire après --slow-grace "
            "(par défaut {default})"
        ),
        "--all-bot-pace": (
            "part de l'allure minimale que garde une table où seuls des robots jouent (0,5 s par tour, 0,3 s "
            "par fenêtre d'annonce, 3 s entre deux donnes, chacun fois K)\u00a0: 1 la garde, 0 laisse ces tables "
            "aller aussi vite que leurs options le demandent (serveur privé, tests) (par défaut {default})"
        ),
        "--seats-per-address": (
            "places qu'une adresse peut avoir prises à des tables en cours\u00a0; une arrivée de plus est refusée "
            "(par défaut {default})"
        ),
        "--tables-per-address": (
            "tables en cours qu'une adresse peut avoir créées (ou ramenées de l'abandon) à la fois\u00a0; au-delà, "
            "429 (par défaut {default})"
        ),
        "--unattended-per-address": (
            "tables en cours où seuls des robots jouent (quatre robots, ou tous les joueurs absents) parmi celles "
            "qu'une adresse a créées\u00a0; au-delà, 429 (par défaut {default})"
        ),
        "--http-rate": (
            "requêtes HTTP qu'une adresse peut envoyer par seconde (par rafales de quatre fois plus)\u00a0; "
            "au-delà, 429 (par défaut {default})"
        ),
        "--action-rate": (
            "actions que les places jouées depuis une adresse peuvent envoyer par seconde (par rafales de "
            "quatre fois plus\u00a0; une défausse compte une fois de plus pour chaque autre place jouée par un robot)\u00a0; "
            "les plus rapides attendent leur tour, et une action qui attendrait plus de 2 s est refusée, sans être jouée "
            "(par défaut {default})"
        ),
        "--review-rate": (
            "analyses de partie qu'une adresse peut faire faire par minute (une analyse déjà faite ne coûte "
            "rien)\u00a0; au-delà, 429 (par défaut {default})"
        ),
        "--replay-rate": (
            "tables passées ou inconnues (ni en cours, ni en cache) qu'une adresse peut consulter par minute\u00a0; "
            "chaque export du journal, chaque analyse demandée et chaque état final d'une table terminée (un watch, "
            "join ou resume de celle-ci) compte pour une consultation, en cache ou non\u00a0; au-delà, 429 (par défaut {default})"
        ),
        "--network-share": (
            "une adresse IPv6 compte comme son /64 pour chaque limite par adresse ci-dessus\u00a0; chaque réseau "
            "IPv6 /48 peut en outre utiliser en tout K fois le budget d'une adresse pour chacune d'elles "
            "(un /48 contient 65 536 /64)\u00a0; les adresses IPv4 ne sont pas regroupées (par défaut {default})"
        ),
    },
    "bot-match": {
        "help": "faire jouer des robots externes (sous-processus, lignes JSON) entre eux ou contre des robots intégrés",
        "description": (
            "Joue une partie, depuis une graine, entre des robots lancés comme sous-processus (protocole "
            "hkmj-bot/1, docs/bot-protocol.md) et des robots intégrés, sous tout jeu de règles (--rules), et "
            "affiche les totaux et les fautes de chaque robot externe."
        ),
        "epilog": _BOT_MATCH_EPILOG,
        "--bot": "un nom de robot intégré ou une commande\u00a0; jusqu'à quatre fois",
        "--fill": "robot intégré des places vides (par défaut {default}\u00a0; random, greedy, strong, expert, ou hasard, glouton, fort comme la table française les nomme)",
        "--hands": "donnes à jouer (par défaut {default})",
        "--seed": (
            "graine de la partie, un nombre entier de 0 ou plus\u00a0: places et murs (par défaut {default}\u00a0; un robot peut "
            "retrouver une petite graine depuis sa donne, et donc chaque mur\u00a0: entre robots dont vous n'êtes pas sûr, "
            "donnez-en une grande, au hasard)"
        ),
        "--time-limit": "secondes par décision (par défaut {default})",
        "--startup-limit": (
            "secondes qu'a un robot pour sa première requête, démarrage compris, si c'est plus que --time-limit "
            "(par défaut {default})"
        ),
        "--log": "écrire le journal des fautes dans ce nouveau fichier au lieu de la sortie d'erreur (un fichier existant est refusé)",
        "--record": (
            "écrire chaque événement de la partie en JSON Lines (docs/record-format.md) dans un nouveau fichier, pour "
            "hkmj replay et hkmj review ; n'en écrase jamais un"
        ),
        "--quiet": "pas de barre de progression (affichée sur un terminal seulement)",
        "--lang": f"langue de la progression, du résultat, du journal des fautes et des erreurs\u00a0: en ou fr\u00a0; sans --lang, {LOCALE_DEFAULT_FR}",
    },
    "arena": {
        "help": "classer des robots avec OpenSkill sur des donnes dupliquées, les places tournant",
        "description": (
            "Classe des robots les uns contre les autres (intégrés, ou les vôtres par chemin d'import)\u00a0: "
            "classements avec intervalles à 95 %, et une courbe du classement selon les donnes jouées."
        ),
        "epilog": _ARENA_EPILOG,
        "--bots": (
            "robots séparés par des virgules, au moins deux\u00a0: noms intégrés (random, greedy, strong, expert, ou hasard, glouton, fort comme la table française les nomme) ou "
            "chemins d'import module:fabrique de vos robots (fabrique(graine) renvoie un joueur\u00a0; voir "
            "docs/bot-protocol.md)"
        ),
        "--deals": "donnes par table de quatre (par défaut {default})",
        "--seed": "graine des donnes, un nombre entier de 0 ou plus (par défaut {default})",
        "--workers": (
            "processus (par défaut 1\u00a0; mêmes classements quel que soit leur nombre\u00a0; avec --backend ray\u00a0: "
            "tâches Ray à la fois, et les processeurs d'une nouvelle instance locale)"
        ),
        "--backend": "des processus locaux (par défaut) ou des tâches Ray",
        "--address": "adresse du cluster Ray\u00a0; par défaut\u00a0: une nouvelle instance Ray locale",
        "--plot": "fichier de la courbe des classements, un nouveau\u00a0: un fichier existant est refusé (par défaut {default}\u00a0; '' pour aucun)",
        "--record": (
            "écrire chaque donne jouée en JSON Lines (docs/record-format.md) dans un nouveau fichier, pour "
            "hkmj replay et hkmj review\u00a0; n'en écrase jamais un"
        ),
        "--quiet": "pas de barre de progression",
        "--lang": f"langue de la progression, du classement et des erreurs\u00a0: en ou fr\u00a0; sans --lang, {LOCALE_DEFAULT_FR}",
    },
    "review": {
        "help": "revoir les décisions d'un joueur dans un enregistrement face au robot conseiller",
        "description": _REVIEW_DESCRIPTION,
        "epilog": _REVIEW_EPILOG,
        "game": "un enregistrement de partie (.jsonl) ou l'export du journal d'une table du serveur",
        "--seat": "qui revoir\u00a0: E/S/O/N, un numéro de joueur 1-4, slot0-slot3, ou un nom (vous, Robot 1…\u00a0; le nom d'un joueur d'une table du serveur) (par défaut {default})",
        "--html": "où écrire l'analyse HTML (par défaut PARTIE.review.html\u00a0; - pour aucune)",
        "--top": "erreurs listées dans le résumé en texte (par défaut {default})",
        "--lang": f"langue du résumé et de la page\u00a0: en (anglais) ou fr (français)\u00a0; sans --lang, {LOCALE_DEFAULT_FR}",
        "--quiet": "pas de barre de progression",
    },
}
"""Each command's help in French (see the module's docstring)."""

_RULES: Final = {
    "--rules": "jeu de règles\u00a0: {rulesets} (par défaut {default})",
    "--option": "une option de la maison du jeu de règles (répétable), par exemple {examples} (voir docs/house-options.md)",
}
"""The French of ``--rules`` and ``--option`` (:func:`hkmj.rules_args.add_rules_arguments`), the same in every command."""


def wants_french(words: list[str]) -> bool:
    """``--lang fr`` (or ``--lang=fr``) is on the command line ``words``, anywhere."""
    for i, word in enumerate(words):
        value = words[i + 1] if word == "--lang" and i + 1 < len(words) else word.partition("=")[2] if word.startswith("--lang=") else None
        if value is not None:
            return value.strip().lower() == "fr"
    return False


def without_lang(words: list[str]) -> list[str]:
    """``words`` without their ``--lang fr`` (it chose the help's language: ``hkmj --lang fr --help``
    and ``hkmj simulate --lang fr --help`` are helps, as are those of the commands taking ``--lang``)."""
    out: list[str] = []
    skip = False
    for i, word in enumerate(words):
        if skip:
            skip = False
        elif word == "--lang" and i + 1 < len(words):
            skip = True
        elif not word.startswith("--lang="):
            out.append(word)
    return out


def key_of(action: argparse.Action) -> str:
    """An option's key in :data:`FRENCH`: its long name (``--from``), or a positional's name."""
    longs = [o for o in action.option_strings if o.startswith("--")]
    return longs[0] if longs else action.dest


def english_default(english: str) -> str | None:
    """The value an English help gives after ``default`` (``(default 0.3)``: ``0.3``), or None."""
    m = re.search(r"\(default ([^;)]+)", english)
    return m.group(1).strip() if m else None


def _french_help(command: str, action: argparse.Action) -> str:
    key = key_of(action)
    english = str(action.help)
    french = FRENCH[command].get(key) or _COMMON.get(key) or _RULES.get(key)
    if french is None:
        raise KeyError(f"hkmj {command} {key}: no French help")
    if "{" in french:
        from hkmj.rules_args import option_examples
        from hkmj.rulesets import RULESETS

        french = french.format(default=english_default(english), rulesets=" ou ".join(RULESETS), examples=option_examples("fr"))
    return french.replace("%", "%%")  # argparse formats an option's help with %


def in_french(parser: argparse.ArgumentParser) -> argparse.ArgumentParser:
    """``parser`` (and every command it holds) with its help in French: descriptions, epilogs,
    options, value names and argparse's own words. ``KeyError`` names a text without its French."""
    _translate(parser, "hkmj")
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            action.metavar = METAVARS.get(str(action.metavar), action.metavar)
            for line in action._choices_actions:
                line.help = FRENCH[line.dest]["help"]
            for name, sub in action.choices.items():
                _translate(sub, name)
    return parser


def _translate(parser: argparse.ArgumentParser, command: str) -> None:
    from hkmj.rules_args import options_help

    texts = FRENCH[command]
    if parser.description:
        parser.description = texts["description"]
    if parser.epilog:
        house = options_help()
        parser.epilog = texts["epilog"] + ("\n" + options_help("fr") if parser.epilog.endswith(house) else "")
    parser.formatter_class = FrenchHelpFormatter
    for group in parser._action_groups:
        if group is parser._positionals:
            group.title = "arguments positionnels\u00a0"  # argparse adds the colon: "...\u00a0:"
        elif group is parser._optionals:
            group.title = "options\u00a0"
        elif group.title:
            group.title = _GROUPS[group.title] + "\u00a0"
    for action in parser._actions:
        if isinstance(action, argparse._SubParsersAction):
            continue
        if isinstance(action, argparse._VersionAction):
            from hkmj.cli import version_text

            action.version = version_text("fr")  # "(Python pur)", not "(pure Python)"
        if action.help not in (None, argparse.SUPPRESS):
            action.help = _french_help(command, action)
        takes_value = action.nargs != 0 and not (action.choices and action.metavar is None)
        if takes_value:
            shown = action.metavar if action.metavar is not None else action.dest.upper() if action.option_strings else action.dest
            action.metavar = METAVARS[str(shown)]

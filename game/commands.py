"""The player's verbs as text commands, and walkthrough files of them with times.

    go cafe                         ask ada ada_key.moved_by
    why ada ada_key.moved_by        who fen day 1 08:10
    tell ada ada_key.moved_by dee   tell ada ada_key.moved_by dee anonymously
    search                          search cafe.drawer
    take dee_note                   show ada dee_note
    bring fen                       mediate ada fen ada_key.moved_by
    conclude ada_key.moved_by dee   wait 2h

A walkthrough is one command per line, each after a time ("day 1 09:10", or "+" for as soon
as the previous one is done); `#` starts a comment. Unknown verbs, residents, places, claims
and times are errors with their line number.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from . import clock

VERBS = {
    "go": "go PLACE — walk somewhere (10 minutes)",
    "wait": "wait [30m|2 hours|1h30|2d|until TIME] — let time pass (default 10 minutes)",
    "ask": "ask RESIDENT CLAIM — what do they believe about it?",
    "why": "why RESIDENT CLAIM — why do they believe it? (their evidence, in their words)",
    "who": "who RESIDENT [TIME] — where were they then, and whom did they see?",
    "tell": "tell RESIDENT CLAIM VALUE [anonymously] — spread a rumour (anonymously: "
            "no source given)",
    "show": "show RESIDENT OBJECT — let them see something you hold, or have found here",
    "search": "search [PLACE or PLACE.SPOT] — go through a place, or a spot in it",
    "take": "take OBJECT — pick up something you found",
    "bring": "bring RESIDENT — ask them to come with you",
    "mediate": "mediate RESIDENT RESIDENT CLAIM — have them compare what they know",
    "conclude": "conclude CLAIM VALUE — give your answer",
    "say": "say ANYTHING — tell someone here something in your own words (needs a model)",
    "where": "where is RESIDENT — where you last saw them, or heard they were",
    "look": "look — where you are, who is here, and what you could search (takes no time)",
    "help": "help — these verbs, and what each needs (takes no time)",
}

# Other words a player types for a verb, read as it (what text adventures taught players to
# type: a playtest's 'walk', 'inventory', 'examine'). Each does what its verb does, no more.
ALIASES = {
    "walk": "go", "goto": "go", "travel": "go", "move": "go", "head": "go", "visit": "go",
    "inventory": "look", "inv": "look", "i": "look", "l": "look",
    "examine": "search", "inspect": "search", "x": "search", "check": "search",
    "investigate": "search", "read": "search",  # (a notice is read by searching for it)
    "question": "ask", "interrogate": "ask", "interview": "ask", "query": "ask",
    "get": "take", "grab": "take", "z": "wait", "where's": "where", "where’s": "where",
    "whereis": "where",
    "?": "help", "commands": "help",
}
# Words for something no verb does as asked: refused, with the verbs that come nearest.
HINTS = {
    **dict.fromkeys(("talk", "speak", "chat", "converse", "greet"), ("ask", "tell", "say")),
    **dict.fromkeys(("give", "hand", "offer"), ("show",)),
    **dict.fromkeys(("accuse", "solve", "answer", "guess", "blame"), ("conclude",)),
    **dict.fromkeys(("find", "locate", "track"), ("where", "search")),
    **dict.fromkeys(("fetch", "summon", "call", "lead"), ("bring",)),
    **dict.fromkeys(("sleep", "rest"), ("wait",)),
    "pick": ("take",),
}
# Words a player puts between `go` and the place ("go to the mill", "walk into the inn").
GO_FILLERS = ("to", "into", "in", "inside", "towards", "toward", "back", "over", "across",
              "round", "around", "along")
# Words that name no place of themselves: a `go` of nothing else goes nowhere.
_ONLY_FILLER = frozenset((*GO_FILLERS, "the", "a", "an"))
# What a search-like verb typed with nothing after it is asked ('examine' searched the place).
_NEEDS_WHAT = {"examine", "inspect", "x", "check", "investigate", "read"}

_CLAIM = re.compile(r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")
_ID = re.compile(r"^[a-z][a-z0-9_]*$")


class CommandError(ValueError):
    pass


SHOWN = 60  # at most this much of what was typed is said back in a refusal


def said_back(typed: str) -> str:
    """What was typed, quoted back in a refusal — cut short: 1,900 a's were echoed whole (a
    playtest)."""
    return typed if len(typed) <= SHOWN else typed[:SHOWN - 1].rstrip() + "…"


class Ambiguous(CommandError):
    """Typed words that name more than one thing ("'allergic' could be … — say which")."""


@dataclass(frozen=True)
class Command:
    verb: str
    args: tuple[str, ...]
    text: str

    def __str__(self) -> str:
        return self.text


class Names:
    """What a command may refer to (a running simulation provides these)."""

    def __init__(self, residents, places, objects, spots):
        self.residents = set(residents)
        self.places = set(places)
        self.objects = set(objects)
        self.spots = set(spots)


MAX_LINE = 500  # characters: the longest command, or a 'say', is far shorter


def parse(text: str, names: Names | None = None) -> Command:
    words = text.strip().split()
    if not words:
        raise CommandError("empty command")
    if len(text) > MAX_LINE:  # refused without echoing it back, nor trying every split
        raise CommandError(f"that line is {len(text):,} characters long; a command is at "
                           f"most {MAX_LINE}")
    verb, args = words[0].lower(), words[1:]
    if verb == "pick" and args[:1] and args[0].lower() == "up":  # "pick up the key"
        verb, args = "take", args[1:]
    if verb in _NEEDS_WHAT and not args:
        raise CommandError(_usage(VERBS["search"].split(" — ")[0],
                                  f"{verb.capitalize()} what? Search a place or a spot to go "
                                  "through it; look says what you could search here."))
    verb = ALIASES.get(verb, verb)
    if verb not in VERBS:
        raise CommandError(_unknown_verb(verb))
    usage = VERBS[verb].split(" — ")[0]
    if names is not None and hasattr(names, "claim"):  # a scenario's vocabulary: resolve
        return _resolved(verb, args, names, usage, text)

    def need(n_min: int, n_max: int) -> None:
        if not n_min <= len(args) <= n_max:
            raise CommandError(_usage(usage))

    if verb == "go":
        args = _go_words(args)
        need(1, 1)
        _place(args[0], names)
    elif verb == "wait":
        args = _wait_words(args)
        if args and args[0] == "until":
            need(2, 4)
            if not _timeish(args[1:]):
                _bad_time(args[1:])
        else:
            need(0, 1)
            if args:
                wait_minutes(args[0])
    elif verb in ("ask", "why"):
        need(2, 2)
        _resident(args[0], names)
        _claim(args[1])
    elif verb == "who":
        need(1, 4)
        _resident(args[0], names)
        if len(args) > 1:
            clock.parse_when(" ".join(args[1:])) if _timeish(args[1:]) else _bad_time(args[1:])
    elif verb == "tell":
        need(3, 4)
        _resident(args[0], names)
        _claim(args[1])
        if not _ID.match(args[2]):
            raise CommandError(f"{args[2]!r} is not a value (lowercase letters, digits, _)")
        if len(args) == 4 and args[3] not in ("anonymously", "anon"):
            raise CommandError(_usage(usage))
    elif verb == "show":
        need(2, 2)
        _resident(args[0], names)
        _object(args[1], names)
    elif verb == "search":
        need(0, 1)
        if args:
            place, _, spot = args[0].partition(".")
            _place(place, names)
            if spot and names is not None and args[0] not in names.spots:
                raise CommandError(f"{place} has no spot {spot!r}")
    elif verb == "take":
        need(1, 1)
        _object(args[0], names)
    elif verb == "bring":
        need(1, 1)
        _resident(args[0], names)
    elif verb == "mediate":
        need(3, 3)
        _resident(args[0], names)
        _resident(args[1], names)
        if args[0] == args[1]:
            raise CommandError("mediate needs two different residents")
        _claim(args[2])
    elif verb == "conclude":
        need(2, 2)
        _claim(args[0])
    elif verb == "say":
        if not args:
            raise CommandError(_usage(usage))
        return Command(verb, (" ".join(text.strip().split()[1:]),), text.strip())
    elif verb == "where":
        if args[:1] == ["is"]:
            args = args[1:]
        need(1, 1)
        _resident(args[0], names)
    elif verb == "look":  # as typed in play: 'look around' is 'look'
        _look_words(args, usage)
        args = []
    elif verb == "help":
        args = []  # 'help ask': the whole list says it
    return Command(verb, tuple(args), " ".join([verb, *args]))


def _unknown_verb(verb: str) -> str:
    """A verb that is none: the verbs for what it asks, if it is a word for something the game
    does another way ('talk': ask, tell or say), else the verb nearest in its letters."""
    from difflib import SequenceMatcher

    near = HINTS.get(verb)
    if near is None:
        typed = {v: (v,) for v in VERBS} | {a: (v,) for a, v in ALIASES.items()} | HINTS
        best = max(typed, key=lambda v: SequenceMatcher(None, verb, v).ratio())
        # Only a verb near enough to be meant: "éé" was asked "did you mean go?"
        near = typed[best] if SequenceMatcher(None, verb, best).ratio() >= 0.5 else None
    if near is None:
        return f"unknown verb {said_back(verb)!r}; verbs: {', '.join(VERBS)}"
    said = near[0] if len(near) == 1 else ", ".join(near[:-1]) + " or " + near[-1]
    return f"unknown verb {said_back(verb)!r} (did you mean {said}?); verbs: {', '.join(VERBS)}"


def _go_words(args: list[str]) -> list[str]:
    """Where 'go' goes, without the words put before it: 'to the mill' is 'the mill' (and
    'to', alone, is still a place for the vocabulary to refuse)."""
    while len(args) > 1 and args[0].lower() in GO_FILLERS:
        args = args[1:]
    return args


def _look_words(args: list[str], usage: str, v=None) -> None:
    """'look around', 'look here': the words after it add nothing. 'look at the desk' is
    refused (looking takes no time; going through something does), saying what would do it;
    'look at ana' says what to do with a person ("search ana" went through Ana's Bakery: a
    playtest)."""
    if not args or " ".join(a.lower() for a in args) in ("around", "here", "about"):
        return
    rest = args[1:] if args[0].lower() in ("at", "in", "into", "inside", "under", "behind",
                                           "through") and len(args) > 1 else args
    who = _person_named(v, rest) if v is not None else None
    if who is not None:
        typed = said_back(" ".join(rest)).lower()
        raise CommandError(_usage(usage, f"{who} is a person: 'where is {typed}' says where "
                                         f"you last saw or heard of them, 'ask {typed} "
                                         "QUESTION' what they believe."))
    raise CommandError(_usage(usage, f"Looking at something is going through it: search "
                                     f"{said_back(' '.join(rest))}. To find someone: where is "
                                     "RESIDENT."))


def _usage(usage: str, then: str = "Type help for every command.") -> str:
    """A command typed with the wrong number of words: how it is typed, in the player's terms
    ('usage:' read as a developer's message to a playtester)."""
    return f"Type it as: {usage}. {then}"


def _resolved(verb: str, args: list[str], v, usage: str, text: str) -> Command:
    """Parse with a scenario's vocabulary (`game.vocab.Vocabulary`): names or ids, any case,
    unique prefixes, several words for a claim, place or thing; the command comes back in
    ids, as a walkthrough would write it."""
    def need(n_min: int, n_max: int | None = None) -> None:
        if len(args) < n_min or (n_max is not None and len(args) > n_max):
            raise CommandError(_usage(usage))

    out: list[str]
    if verb == "go":
        need(1)
        if all(w.lower() in _ONLY_FILLER for w in args):
            # "go the", "go to the" walked to The Drowsy Fox, "the" being a prefix of its
            # name (a hostile-input test): no place named is no walk.
            raise CommandError(_usage(usage, "Go where? Name a place: look says where you "
                                             "are."))
        try:
            try:
                out = [v.place(" ".join(args))]
            except CommandError:
                # "go to the mill" was "'to the mill' could be “The Mill” or “the mill house”"
                # (a playtest): read without the words put before the place.
                rest = _go_words(args)
                if rest == args:
                    raise
                out = [v.place(" ".join(rest))]
        except Ambiguous:
            raise
        except CommandError as miss:
            # "go joss" offered "oswin's house" (a playtest): a person is no place to go to.
            who = _person_named(v, _go_words(args))
            if who is None:
                raise miss from None
            typed = said_back(" ".join(_go_words(args)))
            raise CommandError(f"{who} is a person, not a place: where is {typed} says where "
                               "you last saw them or heard they were.") from None
    elif verb == "wait":
        args = _wait_words(args)
        if args and args[0].lower() == "until":  # "wait until day 3 18:00" (a playtest)
            need(2)
            if not _timeish(args[1:]):
                _bad_time(args[1:])
        else:
            need(0, 1)
            if args:
                wait_minutes(args[0].lower())
        out = [a.lower() for a in args]
    elif verb in ("ask", "why"):
        need(2)
        who = v.resident(args[0])
        try:
            out = [who, v.claim(" ".join(args[1:]))]
        except CommandError:
            _asked_with_an_answer(v, verb, args)
            raise
    elif verb == "who":
        need(1)
        out = [v.resident(args[0])]
        if len(args) > 1:
            when = " ".join(args[1:])
            if not _timeish(args[1:]):
                _bad_time(args[1:])
            out += when.lower().split()
    elif verb == "tell":
        need(3)
        anon = args[-1].lower() in ("anonymously", "anon")
        rest = args[:-1] if anon else args
        if len(rest) < 3:
            raise CommandError(_usage(usage))
        who = v.resident(rest[0])
        out = [who, *_claim_and_value(v, rest[1:])]
        if anon:
            out.append("anonymously")
    elif verb == "show":
        need(2)
        out = [v.resident(args[0]), v.thing(" ".join(args[1:]))]
    elif verb == "search":
        try:
            out = [v.spot_or_place(" ".join(args))] if args else []
        except CommandError as miss:
            # 'read key' of a key in hand offered "cy's bakery" (a playtest): a thing is
            # shown, not searched; what it shows was seen when it was found.
            try:
                oid = v.thing(" ".join(args))
            except CommandError:
                raise miss from None
            sim = getattr(v, "sim", None)
            world = getattr(sim, "world", None)
            if world is not None and world.fact(oid, "location") == "player":
                # in hand: looked at, read if it has words (written back as typed)
                return Command("examine", (oid,), f"read {oid}")
            name = v.objects.entries[oid].label if oid in v.objects.entries else oid
            typed = said_back(" ".join(args))
            raise CommandError(f"{name[:1].upper()}{name[1:]} is a thing, not a place to "
                               f"search: once it is in your hands, read {typed} reads it, "
                               f"and show RESIDENT {typed} shows it to someone here.") from None
    elif verb == "take":
        need(1)
        out = [v.thing(" ".join(args))]
    elif verb == "bring":
        need(1, 1)
        out = [v.resident(args[0])]
    elif verb == "mediate":
        need(3)
        a, b = v.resident(args[0]), v.resident(args[1])
        if a == b:
            raise CommandError("mediate needs two different residents")
        out = [a, b, v.claim(" ".join(args[2:]))]
    elif verb == "conclude":
        need(2)
        out = list(_claim_and_value(v, args))
    elif verb == "where":
        rest = args[1:] if args[:1] and args[0].lower() == "is" else args
        if len(rest) != 1:
            raise CommandError(_usage(usage))
        out = [v.resident(rest[0])]
    elif verb == "help":
        out = []  # 'help ask': the whole list says it, the verb's line with the rest
    elif verb == "look":
        _look_words(args, usage, v)
        out = []
    else:  # say: free words, read by a model
        need(1)
        return Command(verb, (" ".join(args),), " ".join(text.strip().split()))
    return Command(verb, tuple(out), " ".join([verb, *out]))


MAX_VALUE_WORDS = 16  # words a value may take after its claim, in "tell" and "conclude"
MAX_CLAIM_WORDS = 8  # a question named in more words than this is not looked for whole


def _claim_and_value(v, typed: list[str]) -> tuple[str, str]:
    """A claim then a value, each of one or more words: "key moved dee", and also "ben
    refused night shift" for an answer the player heard as "because of the night shift at
    the mill". The last word as the value is tried first (ids, as walkthroughs write them);
    then the value takes more words, the claim fewer. If no split names both, the error is
    the value's for the longest claim that resolved, else the claim's."""
    first: CommandError | None = None
    value_error: CommandError | None = None
    # A value is a few words (the longest shipped, nine): at most MAX_VALUE_WORDS are tried,
    # so a pasted wall of words costs a few tries, not one per word.
    for cut in range(len(typed) - 1, max(0, len(typed) - 1 - MAX_VALUE_WORDS), -1):
        try:
            claim = v.claim(" ".join(typed[:cut]))
        except CommandError as e:
            first = first or e
            continue
        try:
            return claim, v.value(claim, " ".join(typed[cut:]))
        except CommandError as e:
            value_error = value_error or e
    if not isinstance(value_error, Ambiguous) and len(typed) <= MAX_CLAIM_WORDS:
        try:  # every word may name the question: was the answer left out?
            claim = v.claim(" ".join(typed))
        except CommandError:
            pass
        else:
            # Either may be meant ('tell ana ben refused', or '… refused ben' with an answer
            # that is no answer), so say both.
            question = v.claims.entries[claim].label if claim in v.claims else claim
            # Two sentences: "…did you mean 'a slight'?; if that…" read as a slip (a
            # playtest).
            why = str(value_error) if value_error is not None else ""
            why = (why if why.endswith(("?", ".", "!")) else why + ".") + " Or" if why else ""
            # ("If that was all the question (…), say the answer after it" read awkwardly;
            # a window playtest)
            raise CommandError(f"{why + ' ' if why else ''}'{' '.join(typed)}' names the "
                               f"question ({question}) but no answer: add the answer after it")
    err = value_error or first
    assert err is not None  # `typed` has at least two words (the callers' `need`)
    raise err


DURATIONS = "30, 30 minutes, 2h, 2 hours, 1h30 or 2d"  # each one `wait` takes
TOO_LONG = "wait between 1 minute and 7 days"


def asked_minutes(arg: str) -> int:
    """The minutes a duration says: 30, 30m, 2h, 1h30, 2d (a duration in words, "2 hours",
    is made one of these by `_wait_words`)."""
    m = re.fullmatch(r"(\d{1,6})(d|h|m)?", arg)
    both = re.fullmatch(r"(\d{1,6})h([0-5]?\d)m?", arg)  # 1h30 (not 1h999: a test)
    if not m and not both:
        raise CommandError(f"{said_back(arg)!r} is not a duration like {DURATIONS}")
    if both:
        n = int(both.group(1)) * 60 + int(both.group(2))
    else:
        n = int(m.group(1)) * {"d": clock.DAY, "h": 60}.get(m.group(2) or "", 1)
    if n <= 0 or n > 7 * clock.DAY:
        raise CommandError(TOO_LONG)
    return n


_UNITS = {**dict.fromkeys(("m", "min", "mins", "minute", "minutes"), 1),
          **dict.fromkeys(("h", "hr", "hrs", "hour", "hours"), 60),
          **dict.fromkeys(("d", "day", "days"), clock.DAY)}
_NUMBERS = {"a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6,
            "seven": 7, "eight": 8, "nine": 9, "ten": 10, "eleven": 11, "twelve": 12,
            "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40, "fifty": 50,
            "sixty": 60, "ninety": 90}
# Parts of an hour, said as such ("half an hour", "a quarter of an hour").
_PARTS = ((r"\bthree\s+quarters?\s+(?:of\s+)?an?\s+hour\b", "45 minutes"),
          (r"\b(?:an?\s+)?quarter\s+(?:of\s+)?an?\s+hour\b", "15 minutes"),
          (r"\b(?:an?\s+)?half\s+(?:an?\s+)?hour\b", "30 minutes"),
          (r"\b(?:an?\s+)?half\s+(?:a\s+)?day\b", "12 hours"),
          (r"\b(?:and\s+)?an?\s+half\b", " half "))  # "an hour and a half", "2 and a half"


def _phrase_minutes(text: str) -> int | None:
    """The minutes a duration in words says — "1 hour", "2 hours", "30 mins", "an hour",
    "half an hour", "an hour and a half", "1 hour 30 minutes", "1.5 hours", "2days" — or
    None: a number, then its unit, as often as it takes, with 'and' between."""
    text = text.lower()
    if re.search(r"[^a-z0-9.\s]", text) or re.search(r"(?<!\d)\.|\.(?!\d)", text):
        # ("-1h" read as 1h, ".5 hours" as 5: what was not a word or a number was dropped;
        # a playtest, a hostile-input test)
        return None
    for pattern, said in _PARTS:
        text = re.sub(pattern, said, text)
    toks = re.findall(r"\d{1,4}(?:\.\d{1,2})?|[a-z]+", text)
    total, n, unit = 0.0, None, None
    for i, t in enumerate(toks):
        if t == "and" and i > 0:
            continue
        if t == "half" and n is None and unit is not None:  # "an hour and a half"
            total += unit / 2
        elif t == "half" and n is not None:  # "two and a half hours"
            n += 0.5
        elif t in _NUMBERS or t[0].isdigit():
            if n is not None:
                return None
            n = _NUMBERS[t] if t in _NUMBERS else float(t)
        elif t in _UNITS and n is not None:
            unit = _UNITS[t]
            total, n = total + n * unit, None
        else:
            return None
    if n is not None:  # "1 hour 30": minutes, as 1h30 (not "1h999": a test)
        if unit != 60 or n >= 60:
            return None
        total += n
    if unit is None or total != int(total) or total <= 0:
        return None
    return int(total)


def _duration_token(minutes: int) -> str:
    """A duration as `asked_minutes` reads it: 90 -> '1h30', 120 -> '2h', 2880 -> '2d'."""
    if minutes % clock.DAY == 0:
        return f"{minutes // clock.DAY}d"
    hours, rest = divmod(minutes, 60)
    if not hours:
        return str(rest)
    return f"{hours}h{rest}" if rest else f"{hours}h"


def _wait_words(args: list[str]) -> list[str]:
    """What `wait` was given, as it reads it: "for 2 hours" is 2h, "half an hour" 30, "till
    18:00" until 18:00 (a playtest's 'wait 1 hour' was refused). A duration it takes as typed
    (30, 2h, 1h30m) stays as typed."""
    if args and args[0].lower() in ("till", "til"):
        return ["until", *args[1:]]
    if len(args) > 1 and args[0].lower() == "for":
        args = args[1:]
    if not args or args[0].lower() == "until":
        return args
    if len(args) == 1:
        try:
            asked_minutes(args[0].lower())
            return args
        except CommandError as exc:
            if str(exc) == TOO_LONG:  # a duration, too long: said so, not "not a duration"
                raise
    if len(args) == 1 and re.fullmatch(r"\d{7,}[dhm]?", args[0].lower()):
        raise CommandError(TOO_LONG)
    minutes = _phrase_minutes(" ".join(args)) if len(args) <= 8 else None
    if minutes is None:
        typed = said_back(" ".join(args))
        if len(args) <= 3 and _timeish(args):  # 'wait 09:00': a time, not how long
            raise CommandError(f"{typed!r} is a time: wait until {typed} waits until then; "
                               f"wait alone takes a duration like {DURATIONS}")
        raise CommandError(f"{typed!r} is not a duration like {DURATIONS}")
    if minutes > 7 * clock.DAY:
        raise CommandError(TOO_LONG)
    return [_duration_token(minutes)]


def wait_minutes(arg: str) -> int:
    """A duration as the minutes waited: time passes in whole ticks of ten minutes."""
    n = asked_minutes(arg)
    return max(clock.TICK, n - n % clock.TICK)


def _timeish(parts) -> bool:
    try:
        clock.parse_when(" ".join(parts))
        return True
    except clock.TimeFormatError:
        return False


_CLOCKISH = re.compile(r"^(?:(day\s{1,9}[0-9]{1,6})\s{1,9})?(?:at\s{1,9})?([0-9]{1,2}|[a-z]{3,6})"
                       r"(?::00)?\s{0,9}(am|pm|a\.m\.|p\.m\.|o'clock)?$")


def _bad_time(parts) -> None:
    typed = " ".join(parts)
    raise CommandError(f"{said_back(typed)!r} is not a time like 'day 1 08:10'"
                       + _clock_hint(typed.lower()))


def _clock_hint(typed: str) -> str:
    """The 24-hour time meant by "6pm", "six" or "noon", as a hint: "wait until six" and "wait
    until 6pm" were refused with no word of how to say it, though the game itself says "on
    day 2 at six" (a playtest). A hint, not a reading: "six" is morning or evening."""
    if typed.strip() in ("noon", "midday"):
        return " — noon is 12:00"
    if typed.strip() == "midnight":
        return " — midnight is 00:00 of the next day"
    m = _CLOCKISH.match(typed.strip())
    if not m:
        return ""
    day, word, half = m.group(1), m.group(2), (m.group(3) or "").replace(".", "")
    day = " ".join(day.split()) + " " if day else ""
    # (the hours one to twelve in words, from the durations' numbers: "a" and "an" are none)
    n = int(word) if word.isdigit() else (_NUMBERS[word] if word in _NUMBERS and
                                          1 <= _NUMBERS[word] <= 12 and len(word) > 2
                                          else None)
    if n is None or not 1 <= n <= 12 and not (half == "" and word.isdigit() and n <= 23):
        return ""
    if n == 0:
        return f" — in the 24-hour clock: '{day}00:00' is midnight"
    say = " — in the 24-hour clock: "
    if half == "am":
        return f"{say}'{day}{n % 12:02d}:00'"
    if half == "pm":
        return f"{say}'{day}{n % 12 + 12:02d}:00'"
    if n > 12:
        return f"{say}'{day}{n:02d}:00'"
    if n == 12:
        return f"{say}'{day}12:00' at noon, '{day}00:00' at midnight"
    return f"{say}'{day}{n:02d}:00' in the morning, '{day}{n + 12:02d}:00' in the evening"


def _resident(x: str, names: Names | None) -> None:
    if not _ID.match(x):
        raise CommandError(f"{said_back(x)!r} is not a resident id")
    if names is not None and x not in names.residents:
        from difflib import get_close_matches

        near = get_close_matches(x, names.residents, n=1)
        raise CommandError(f"no resident {said_back(x)!r}"
                           + (f" (did you mean {near[0]}?)" if near else ""))


def _place(x: str, names: Names | None) -> None:
    if names is not None and x not in names.places:
        from difflib import get_close_matches

        near = get_close_matches(x, names.places, n=1)
        raise CommandError(f"no place {said_back(x)!r}"
                           + (f" (did you mean {near[0]}?)" if near else ""))


def _object(x: str, names: Names | None) -> None:
    if names is not None and x not in names.objects:
        raise CommandError(f"no object {said_back(x)!r}")


def _claim(x: str) -> None:
    if not _CLAIM.match(x):
        raise CommandError(f"{said_back(x)!r} is not a claim like ada_key.location")


# -- walkthroughs -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Step:
    line: int
    at: int | None  # None: as soon as the previous step is done
    command: Command | None  # None: read when its step comes, with what the player knows then
    typed: str = ""  # the words as written in the file (the command holds them as ids)


class WalkthroughError(ValueError):
    def __init__(self, file: Path, line: int | None, message: str):
        self.file, self.line, self.reason = file, line, message
        self.played: list[dict] = []  # the steps played before a stop when its step came
        self.meanwhile: dict | None = None  # what was seen as time ran on to the stopped step
        super().__init__(f"{file}:{line}: {message}" if line else f"{file}: {message}")


_WHEN = re.compile(r"^\s*+(day\s++\d{1,6}\s++\d{1,2}:\d{2}|\d{1,2}:\d{2}|\+)\s++(.*)$", re.I)


MAX_WALKTHROUGH_BYTES = 1_000_000
MAX_WALKTHROUGH_LINE = 2_000  # characters in one line of a walkthrough (a second MAX_LINE
# here, defined after the command's 500, made every command's limit 2,000)
# Commands in one walkthrough: `help` and `look` take no game time, so a megabyte of them ran
# for a minute and printed 173 MB (a hostile-input test). The shipped ones have under 40.
MAX_STEPS = 2_000


def _person_named(v, args: list[str]) -> str | None:
    """The name of the one resident the words name, if they name one (and nothing else)."""
    from .vocab import match

    residents = getattr(v, "residents", None)
    if residents is None or not args:
        return None
    found = match(" ".join(args), list(residents.entries.values()))
    return found[0].label if len(found) == 1 else None


def _asked_with_an_answer(v, verb: str, args: list[str]) -> None:
    """A question typed with an answer after it ("ask ada key location riverton") was "no
    claim 'key location riverton'" (a playtest): say that the verb takes the question only,
    and how to give the answer."""
    if len(args) < 3:
        return
    words = [a.lower() for a in args[1:]]
    named = next((n for w in args[1:] if (n := _person_named(v, [w]))), None)
    if verb == "ask" and {"where", "location", "whereabouts"} & set(words) and named:
        # "ask ana where is ivo" was read as the rota's whereabouts with "ivo" for an
        # answer, and the hint offered "tell ana where is ivo" (a playtest).
        who = args[0].lower()
        asked = _person_named(v, args[:1]) or args[0]
        raise CommandError(
            f"nobody is asked where a person is now: 'where is {named.lower()}' says where "
            f"you last saw or heard of {named}, and 'who {who} day 1 12:00' asks {asked} "
            "where they were at an hour, and who was with them")
    try:
        claim, value = _claim_and_value(v, args[1:])
    except CommandError:
        return
    label = v.claims.entries[claim].label.lower() if claim in v.claims.entries else claim
    who = args[0].lower()
    tell = (f" (to tell {who} the answer: 'tell {who} {' '.join(args[1:]).lower()}')"
            if verb == "ask" else "")
    raise CommandError(f"'{verb}' takes the question only: '{verb} {who} {label}'{tell}")


def parse_walkthrough(path: Path, names: Names, start: int, end: int) -> list[Step]:
    return parse_walkthrough_text(read_walkthrough(path), names, start, end, path)


def read_walkthrough(path: Path) -> str:
    """A walkthrough file's text: a regular file, not too big, UTF-8 — or a WalkthroughError
    naming the file (and, for a byte that is not UTF-8, its line and column)."""
    import stat

    try:
        st = path.stat()
        if not stat.S_ISREG(st.st_mode):
            raise WalkthroughError(path, None, "not a regular file (a folder, pipe or device)")
        if st.st_size > MAX_WALKTHROUGH_BYTES:
            raise WalkthroughError(path, None, f"{st.st_size:,} bytes; a walkthrough may have "
                                   f"at most {MAX_WALKTHROUGH_BYTES:,}")
        data = path.read_bytes()
    except OSError as exc:
        raise WalkthroughError(path, None, f"cannot read it: {exc.strerror}") from None
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        from .textpos import not_utf8

        line, column, byte = not_utf8(data, exc)
        raise WalkthroughError(path, line, f"not UTF-8 text (byte 0x{byte:02x} at column "
                               f"{column}); save the file as UTF-8") from None


class _AnyWord:
    """A vocabulary in which every word names something: what a line's form alone allows (its
    verb, how many words, its times), so a walkthrough can tell a line that is wrong however
    much the player knows from one whose words name nothing they know yet."""

    def resident(self, typed: str) -> str:
        return typed

    place = thing = spot_or_place = claim = resident

    def value(self, claim: str, typed: str) -> str:
        return typed


_ANY_WORD = _AnyWord()


def parse_walkthrough_text(text: str, names: Names, start: int, end: int,
                           path: Path | str = "<walkthrough>") -> list[Step]:
    """A walkthrough's steps from its text (`path` only names it in errors)."""
    path = Path(path)
    text = text.removeprefix("\ufeff")  # a byte-order mark, as Windows editors write
    steps: list[Step] = []
    last = start
    day = clock.day_of(start)
    for n, raw in enumerate(text.splitlines(), start=1):
        line = raw.split("#", 1)[0].strip()
        if not line:
            continue
        if len(steps) >= MAX_STEPS:
            raise WalkthroughError(path, n, f"a walkthrough may have at most {MAX_STEPS:,} "
                                   "commands")
        if len(line) > MAX_WALKTHROUGH_LINE:
            raise WalkthroughError(path, n, f"a line may have at most "
                                   f"{MAX_WALKTHROUGH_LINE:,} characters")
        bad = next((c for c in line if c != "\t" and not c.isprintable()), None)
        if bad is not None:
            # (a no-break space is no control character: say what it is)
            what = "a no-break or other odd space" if bad.isspace() else "a control character"
            raise WalkthroughError(path, n, f"{what} (U+{ord(bad):04X}) is not allowed in a "
                                   "command")
        m = _WHEN.match(line)
        if not m:
            raise WalkthroughError(path, n, "each line is a time ('day 1 09:10', '09:10' or "
                                   "'+') followed by a command")
        when, rest = m.group(1), m.group(2)
        at = None
        if when != "+":
            try:
                at = clock.parse_when(when if when.lower().startswith("day") else
                                      f"day {day} {when}")
            except clock.TimeFormatError as exc:
                raise WalkthroughError(path, n, str(exc)) from None
            if at < start:
                # (Where the game stands: a scenario's start, or a save's time when it goes
                # on with --load — "before the scenario starts (day 1 15:00)" named the save's.)
                raise WalkthroughError(path, n, f"{clock.fmt(at)} is before the game's time "
                                       f"now ({clock.fmt(start)})")
            if at < last:
                raise WalkthroughError(path, n, f"{clock.fmt(at)} is before the previous step "
                                       f"({clock.fmt(last)})")
            if at >= end:
                raise WalkthroughError(path, n, f"{clock.fmt(at)} is too late: the story is "
                                       f"over at {clock.fmt(end)}, so a step can be at "
                                       f"{clock.fmt(end - clock.TICK)} at the latest")
            last, day = at, clock.day_of(at)
        try:
            cmd = parse(rest, names)
        except CommandError as exc:
            # A line whose words name nothing the player knows at the start is read when its
            # step comes, with what they know then, as they would type it (game.walkthrough):
            # a spot or answer met on the way is a word by then (a playtester's 'search hall
            # desk', after seeing Quill leave the handbill there, was refused before the run).
            # So is a made-up one, so that a guess cannot tell which exist. A line that is
            # wrong whatever the player knows — a verb, its arguments, a time — stops here.
            try:
                parse(rest, _ANY_WORD)
            except CommandError:
                raise WalkthroughError(path, n, str(exc)) from None
            cmd = None
        steps.append(Step(n, at, cmd, " ".join(rest.split())))
    if not steps:
        raise WalkthroughError(path, 1, "no commands")
    return steps

"""Checks editors/textmate/puzzle.tmLanguage.json on a file of each kind of
word (tests/editors/scopes.txt), as a TextMate engine scopes it
(`python3 tests/editors/textmate.py`):
at each point of a line the pattern whose match starts first wins (the
first listed on a tie), a `begin`/`end` rule's end wins over its own
patterns. Python's `re` reads these expressions as Oniguruma does (no
feature of Oniguruma's own is in the grammar), so every one must compile."""
import json, re, sys

grammar = json.load(open("editors/textmate/puzzle.tmLanguage.json"))
assert grammar["scopeName"] == "source.puzzle" and grammar["fileTypes"] == ["puzzle"], "the scope and the file type"


def resolved(patterns):
    for pattern in patterns:
        if "include" in pattern:
            yield from resolved([grammar["repository"][pattern["include"][1:]]])
        else:
            yield pattern


# The first letter that tells each scope apart, as tests/neovim.rs tells Vim's.
LETTERS = {"comment": "C", "keyword.control.statement": "S", "string": "S", "constant.character.escape": "E",
           "constant.numeric": "N", "punctuation.section.board": "B", "keyword.other.query": "Q",
           "constant.language.move": "M", "constant.language.empty-cell": "E", "constant.language.game": "G"}


def letter(scope):
    return next(letter for prefix, letter in LETTERS.items() if scope.startswith(prefix + "."))


def first(patterns, line, at, end=None):
    """The earliest match from `at` among `patterns` (and `end`, which wins a tie)."""
    best = None
    for pattern in ([end] if end else []) + list(patterns):
        match = re.compile(pattern.get("match") or pattern.get("begin") or pattern["end"]).search(line, at)
        if match and (best is None or match.start() < best[0].start()):
            best = (match, pattern)
    return best


def scopes(line):
    shown, at = ["_"] * len(line), 0
    while at < len(line):
        found = first(resolved(grammar["patterns"]), line, at)
        if not found:
            break
        match, pattern = found
        shown[match.start():match.end()] = letter(pattern["name"]) * (match.end() - match.start())
        at = max(match.end(), match.start() + 1)
        if "begin" in pattern:  # inside until its end
            inner, end = list(resolved(pattern.get("patterns", []))), {"end": pattern["end"], "name": pattern["name"]}
            while at <= len(line):
                found = first(inner, line, at, end)
                stop = found[0].start() if found else len(line)
                shown[at:stop] = letter(pattern["name"]) * (stop - at)
                if not found:
                    at = len(line)
                    break
                match, inner_pattern = found
                shown[match.start():match.end()] = letter(inner_pattern["name"]) * (match.end() - match.start())
                at = max(match.end(), match.start() + 1)
                if inner_pattern is end:
                    break
    return "".join(shown)


# Each line of the sample, then the first letter of its scope under each
# character: C comment, S statement or string, E escape or empty cell,
# N number, B brace, Q query word, M move, G the game's name (the same file
# checks Vim's syntax in tests/neovim.rs).
expected = open("tests/editors/scopes.txt").read()
lines = expected.splitlines()[0::2]
assert lines, "the sample holds lines to scope"  # an empty one would pass
got = "".join(f"{line}\n{scopes(line)}\n" for line in lines)
if got != expected:
    sys.exit(f"the grammar scopes the sample otherwise:\n{got}")
print(f"textmate: {len(lines)} lines scoped as expected")

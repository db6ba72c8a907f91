"""Validates `puzzle run --json` and `puzzle check --json` documents against
docs/puzzle-report.schema.json: `python3 tests/schema/validate.py PUZZLE`."""
import json, os, subprocess, sys, tempfile

import jsonschema

puzzle = sys.argv[1]
schema = json.load(open("docs/puzzle-report.schema.json"))
# A best-move whose depth does not fit in the budget (`depth_asked`), and one
# whose budget does not cover the root's moves (answer null, depth 0).
deep = os.path.join(tempfile.mkdtemp(), "deep.puzzle")
with open(deep, "w") as file:
    file.write("game 2048\nspawns classic\nboard {\n  2 4 8 16\n  64 128 256 512\n  8 16 . 2\n}\n"
               "query best-move depth 16\nquery play 2 games depth 16\n")
runs = [
    ["run", "--json", "--budget", "100000", deep],
    ["run", "--json", "--budget", "2", deep],
    ["run", "--json", "puzzles"],
    ["run", "--json", "--budget", "20", "puzzles/reference"],
    # A chance past its budget, with what fewer moves prove (`at_least`).
    ["run", "--json", "--budget", "5", "puzzles/spawns-new-game.puzzle"],
    ["check", "--json", "puzzles"],
]
for args in runs:
    output = subprocess.run([puzzle, *args], capture_output=True, text=True)
    document = json.loads(output.stdout)
    jsonschema.validate(document, schema)
    assert document["summary"]["exit_status"] == output.returncode, (args, output.returncode)
    print(f"{' '.join(args)}: valid, {len(document['puzzles'])} puzzles")

"""Validates `puzzle run --json` and `puzzle check --json` documents against
docs/puzzle-report.schema.json: `python3 tests/schema/validate.py PUZZLE`."""
import json, subprocess, sys

import jsonschema

puzzle = sys.argv[1]
schema = json.load(open("docs/puzzle-report.schema.json"))
runs = [
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

"""The command against the games as their statements tell them, written here
apart from the crates, in another language: `python3
tests/differential/statement.py PUZZLE [SEED]`.

Random boards are written as `.puzzle` files, answered by `PUZZLE run --json`,
and checked against brute forces over every move (2048 without spawns), every
sequence of drops (the block game) and every move and spawn in exact fractions
(`chance`, under the classic law and others, with each first move's value).
Each witness and removal order is replayed. Prints one line a game and exits 1
on the first difference, with the board."""
import json
import os
import random
import subprocess
import sys
import tempfile
from fractions import Fraction
from functools import lru_cache

PUZZLE = sys.argv[1]
SEED = int(sys.argv[2]) if len(sys.argv) > 2 else 1


# 2048: a line slides toward its wall, and each pair of equal neighbours
# merges once, the pair nearest the wall first.
def slide_line(line):
    tiles = [tile for tile in line if tile]
    packed, i = [], 0
    while i < len(tiles):
        if i + 1 < len(tiles) and tiles[i] == tiles[i + 1]:
            packed.append(tiles[i] * 2)
            i += 2
        else:
            packed.append(tiles[i])
            i += 1
    return tuple(packed + [0] * (len(line) - len(packed)))


def move(board, direction):
    height, width = len(board), len(board[0])
    if direction == "L":
        return tuple(slide_line(row) for row in board)
    if direction == "R":
        return tuple(slide_line(row[::-1])[::-1] for row in board)
    columns = [[board[r][c] for r in range(height)] for c in range(width)]
    if direction == "U":
        columns = [slide_line(column) for column in columns]
    else:
        columns = [slide_line(column[::-1])[::-1] for column in columns]
    return tuple(tuple(columns[c][r] for c in range(width)) for r in range(height))


def largest(board):
    return max(max(row) for row in board)


def best_within(board, k):
    """The largest tile within k moves, and the fewest moves that make it."""
    best, fewest, layer = largest(board), 0, {board}
    for moves in range(1, k + 1):
        layer = {move(b, d) for b in layer for d in "LRUD"}
        top = max(largest(b) for b in layer)
        if top > best:
            best, fewest = top, moves
    return best, fewest


def rows_text(board):
    return "\n".join("  " + " ".join(str(cell) if cell else "." for cell in row) for row in board)


def answer(files):
    """Each file's results, by name, from one `run --json` of their folder."""
    with tempfile.TemporaryDirectory(prefix="puzzle-statement-") as folder:
        for name, text in files.items():
            with open(os.path.join(folder, name + ".puzzle"), "w") as file:
                file.write(text)
        output = subprocess.run([PUZZLE, "run", "--json", folder], capture_output=True, text=True)
    document = json.loads(output.stdout)
    return {os.path.basename(p["path"])[: -len(".puzzle")]: p["results"] for p in document["puzzles"]}


def differ(game, board, what):
    print(f"{game}: differs on\n{rows_text(board)}\n{what}")
    sys.exit(1)


def sliding(rng, count):
    cases, files = {}, {}
    for i in range(count):
        height, width = rng.randint(1, 6), rng.randint(1, 6)
        density, top = rng.random(), rng.randint(1, 5)
        board = tuple(
            tuple(2 ** rng.randint(1, top) if rng.random() < density else 0 for _ in range(width))
            for _ in range(height)
        )
        k, target = rng.randint(0, 7), 2 ** rng.randint(1, top + 3)
        name = f"s{i:04d}"
        cases[name] = (board, k, target)
        files[name] = (
            f"game 2048\nboard {{\n{rows_text(board)}\n}}\n"
            f"query max-tile within {k}\nquery reach {target} within {k}\n"
        )
    for name, (max_tile, reach) in answer(files).items():
        board, k, target = cases[name]
        tile, fewest = best_within(board, k)
        replayed = board
        for direction in max_tile["moves"]:
            replayed = move(replayed, direction)
        if (max_tile["answer"], len(max_tile["moves"]), largest(replayed)) != (tile, fewest, tile):
            differ("max-tile", board, f"within {k}: {max_tile} against {tile} in {fewest}")
        needed = next((m for m in range(k + 1) if best_within(board, m)[0] >= target), None)
        replayed = board
        for direction in reach["moves"]:
            replayed = move(replayed, direction)
        expected = "unreachable" if needed is None else needed
        if reach["answer"] != expected or (needed is not None and largest(replayed) < target):
            differ("reach", board, f"{target} within {k}: {reach} against {expected}")
    print(f"2048 without spawns: {count} boards, max-tile and reach as the brute force")


# The block game: a black cell dropped down a column lands on the first
# occupied cell; after each drop, every block whose bounding box is full (its
# cells and black ones) vanishes with the black cells in its box, while one
# does. A block that fills its own box vanishes at once. Black cells
# elsewhere stay.
BLACK = -1


def boxes(field):
    found = {}
    for r, row in enumerate(field):
        for c, cell in enumerate(row):
            if cell > 0:
                top, bottom, left, right = found.get(cell, (r, r, c, c))
                found[cell] = (min(top, r), max(bottom, r), min(left, c), max(right, c))
    return found


def clear_full_boxes(field):
    field = [list(row) for row in field]
    removed = []
    while True:
        full = [
            (block, box)
            for block, box in sorted(boxes(field).items())
            if all(field[r][c] in (block, BLACK) for r in range(box[0], box[1] + 1) for c in range(box[2], box[3] + 1))
        ]
        if not full:
            return tuple(map(tuple, field)), removed
        block, (top, bottom, left, right) = full[0]
        for r in range(top, bottom + 1):
            for c in range(left, right + 1):
                field[r][c] = 0
        removed.append(block)


def landing(field, column):
    row = None
    for r in range(len(field)):
        if field[r][column]:
            break
        row = r
    return row


def most_removed(board):
    field, first = clear_full_boxes(board)

    @lru_cache(maxsize=None)
    def search(field):
        best, left = 0, boxes(field)
        for column in range(len(field[0])):
            row = landing(field, column)
            # A black cell outside every box is never cleared, and only stands in the way.
            if row is None or not any(t <= row <= b and l <= column <= r for t, b, l, r in left.values()):
                continue
            dropped = [list(line) for line in field]
            dropped[row][column] = BLACK
            after, removed = clear_full_boxes(dropped)
            best = max(best, len(removed) + search(after))
        return best

    return len(first) + search(field)


def replay(board, order):
    """Whether `order` removes its blocks one after another, drop by drop."""
    field, gone = board, []
    for block in order:
        if block in gone:
            gone.remove(block)
            continue
        if block not in boxes(field):
            return False
        top, bottom, left, right = boxes(field)[block]
        field = [list(row) for row in field]
        for c in range(left, right + 1):
            while (row := landing(field, c)) is not None and top <= row <= bottom:
                field[row][c] = BLACK
        field, removed = clear_full_boxes(field)
        if block not in removed:
            return False
        gone += [other for other in removed if other != block]
    return not gone


def polyominoes(rng, height, width):
    """Random colours, each 4-connected piece of one colour a block of its own."""
    colours = [[rng.choice([0, 0, 0, 1, 2, 3, 4]) for _ in range(width)] for _ in range(height)]
    ids, pieces = [[0] * width for _ in range(height)], 0
    for r in range(height):
        for c in range(width):
            if colours[r][c] and not ids[r][c]:
                pieces += 1
                block, stack = 1 + pieces * 37 % 101, [(r, c)]
                ids[r][c] = block
                while stack:
                    a, b = stack.pop()
                    for x, y in ((a - 1, b), (a + 1, b), (a, b - 1), (a, b + 1)):
                        if 0 <= x < height and 0 <= y < width and not ids[x][y] and colours[x][y] == colours[r][c]:
                            ids[x][y] = block
                            stack.append((x, y))
    return tuple(map(tuple, ids))


def blocks(rng, count):
    cases, files = {}, {}
    for i in range(count):
        board = polyominoes(rng, rng.randint(1, 6), rng.randint(1, 6))
        name = f"b{i:04d}"
        cases[name] = board
        files[name] = f"game blockgame\nboard {{\n{rows_text(board)}\n}}\nquery max-removed\n"
    removing = 0
    for name, (result,) in answer(files).items():
        board = cases[name]
        most = most_removed(board)
        if result["answer"] != most or len(result["removed"]) != most or not replay(board, result["removed"]):
            differ("max-removed", board, f"{result} against {most}")
        removing += most > 0
    print(f"the block game: {count} boards ({removing} removing blocks), max-removed as the brute force")


# 2048 with spawns: after each move that changes the board, a tile appears
# in a uniformly random empty cell, drawn from the law: the classic one (a 2
# nine times in ten, else a 4) or another the file writes.
LAWS = [
    ("classic", ((2, Fraction(9, 10)), (4, Fraction(1, 10)))),
    ("2 50% 4 50%", ((2, Fraction(1, 2)), (4, Fraction(1, 2)))),
    ("2 100%", ((2, Fraction(1)),)),
    ("4 75% 8 25%", ((4, Fraction(3, 4)), (8, Fraction(1, 4)))),
    ("2 99.5% 4 0.5%", ((2, Fraction(995, 1000)), (4, Fraction(5, 1000)))),
]


@lru_cache(maxsize=None)
def chance(board, k, target, law):
    if largest(board) >= target:
        return Fraction(1)
    if k == 0:
        return Fraction(0)
    return max([after_move(board, d, k, target, law) for d in "LRUD" if move(board, d) != board], default=Fraction(0))


def after_move(board, direction, k, target, law):
    moved = move(board, direction)
    if largest(moved) >= target:
        return Fraction(1)
    empty = [(r, c) for r, row in enumerate(moved) for c, cell in enumerate(row) if not cell]
    total = Fraction(0)
    for r, c in empty:
        for tile, weight in law:
            spawned = tuple(tuple(tile if (x, y) == (r, c) else moved[x][y] for y in range(len(moved[0]))) for x in range(len(moved)))
            total += weight * chance(spawned, k - 1, target, law)
    return total / len(empty)


def spawning(rng, count):
    cases, files = {}, {}
    for i in range(count):
        height = rng.randint(1, 3)
        width = rng.randint(2, 4) if height < 3 else 3
        board = [[2 ** rng.randint(1, 2) if rng.random() < 0.4 else 0 for _ in range(width)] for _ in range(height)]
        if not any(map(any, board)):
            board[0][0] = 2  # a board of empty cells is a new game, not asked here
        board = tuple(map(tuple, board))
        # A target one or two merges past the largest tile: the spawns decide.
        k, target = rng.randint(1, 5 if height * width <= 6 else 4), largest(board) * 2 ** rng.randint(1, 2)
        written, law = LAWS[0] if rng.random() < 0.5 else rng.choice(LAWS[1:])
        name = f"c{i:04d}"
        cases[name] = (board, k, target, law)
        files[name] = f"game 2048\nspawns {written}\nboard {{\n{rows_text(board)}\n}}\nquery chance {target} within {k}\n"
    between = 0
    for name, (result,) in answer(files).items():
        board, k, target, law = cases[name]
        exact = chance(board, k, target, law)
        told = f"{target} within {k}, spawns {dict(law)}"
        if abs(Fraction(result["answer"]) - exact) > Fraction(1, 10**12):
            differ("chance", board, f"{told}: {result['answer']} against {float(exact)}")
        values = {d: after_move(board, d, k, target, law) for d in "LRUD" if move(board, d) != board}
        best = sorted(d for d in values if 0 < exact < 1 and values[d] == exact)
        if 0 < exact < 1 and sorted(result["best_first_moves"]) != best:
            differ("chance", board, f"{told}: first moves {result['best_first_moves']} against {best}")
        # Each first move's value, where the moves were searched.
        for entry in result["analysis"]:
            if abs(Fraction(entry["value"]) - values[entry["move"]]) > Fraction(1, 10**12):
                differ("chance", board, f"{told}: {entry['move']} worth {entry['value']} against {float(values[entry['move']])}")
        if result["analysis"] and sorted(entry["move"] for entry in result["analysis"]) != sorted(values):
            differ("chance", board, f"{told}: analysis of {result['analysis']} against the moves {sorted(values)}")
        between += 0 < exact < 1
    print(f"2048 with spawns: {count} boards ({between} strictly between 0 and 1), chance and each first move's as the exact fractions")


rng = random.Random(SEED)
sliding(rng, 400)
blocks(rng, 300)
spawning(rng, 200)

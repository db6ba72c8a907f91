" Vim syntax for .puzzle files: keywords, queries, moves, numbers, names,
" comments and the board's empty cells. Copy editors/vim/ into ~/.vim/.
if exists("b:current_syntax")
  finish
endif

syntax match puzzleComment "#.*$"
syntax region puzzleString start=+"+ skip=+\\["\\]+ end=+"\|$+ contains=puzzleEscape
syntax match puzzleEscape +\\["\\]+ contained
syntax match puzzleStatement "^\s*\zs\(name\|game\|board\|spawns\|query\|expect\)\>"
syntax keyword puzzleQuery within unreachable apply reach chance play classic depth games seed until in none
syntax match puzzleQuery "\<max-tile\>\|\<max-removed\>\|\<best-move\>"
syntax keyword puzzleGame blockgame
syntax keyword puzzleMove U D L R up down left right
" A tile, a count, a probability (`0.0273`) or a percentage (`90%`, `0.5%`).
syntax match puzzleNumber "\<\d\+\(\.\d\+\)\=\(%\|\>\)"
" After `game`, 2048 is the game's name, not a tile (defined after the
" numbers, so that it wins where both match).
syntax match puzzleGame "\(^\s*game\s\+\)\@<=2048\>"
syntax match puzzleEmpty "\(^\|\s\)\zs\.\ze\(\s\|$\)"
syntax match puzzleBrace "[{}]"

highlight default link puzzleComment Comment
highlight default link puzzleString String
highlight default link puzzleEscape SpecialChar
highlight default link puzzleStatement Statement
highlight default link puzzleQuery Keyword
highlight default link puzzleGame Constant
highlight default link puzzleMove Constant
highlight default link puzzleNumber Number
highlight default link puzzleEmpty Comment
highlight default link puzzleBrace Delimiter

let b:current_syntax = "puzzle"

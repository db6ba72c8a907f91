" Run by tests/neovim.rs with editors/vim first on the runtime path (as a
" user who copied it to ~/.vim has it): writes to $PUZZLE_OUT the buffer's
" filetype, then each line and under it the first letter of each
" character's syntax group after `puzzle` (`_` for none), and quits.
let s:out = [&filetype]
for s:lnum in range(1, line('$'))
  let s:line = getline(s:lnum)
  let s:groups = ''
  for s:col in range(1, len(s:line))
    let s:name = synIDattr(synID(s:lnum, s:col, 1), 'name')
    let s:groups .= s:name ==# '' ? '_' : s:name[6]
  endfor
  call add(s:out, s:line)
  call add(s:out, s:groups)
endfor
call writefile(s:out, $PUZZLE_OUT)
qall!

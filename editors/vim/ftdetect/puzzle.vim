autocmd BufRead,BufNewFile *.puzzle setfiletype puzzle

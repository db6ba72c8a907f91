-- Run by tests/neovim.rs: waits for the diagnostics `puzzle lsp` publishes
-- for the file open in the current buffer, writes them to $PUZZLE_OUT, one
-- per line (line:column: message), and quits.
local out = os.getenv("PUZZLE_OUT")
local ok = vim.wait(20000, function()
  return #vim.diagnostic.get(0) > 0
end, 50)
local lines = {}
if ok then
  for _, d in ipairs(vim.diagnostic.get(0)) do
    table.insert(lines, string.format("%d:%d: %s", d.lnum + 1, d.col + 1, d.message))
  end
else
  table.insert(lines, "no diagnostics within 20 s")
end
vim.fn.writefile(lines, out)
vim.cmd("qall!")

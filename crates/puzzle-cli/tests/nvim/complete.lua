-- Run by tests/neovim.rs: types <C-x><C-o> at the end of line $PUZZLE_LINE
-- (1-based) in insert mode, as a person asks for completion, and writes the
-- words Neovim's menu offers to $PUZZLE_OUT once it shows them, then quits.
-- The completion is asynchronous: the menu is looked for on a timer, which
-- runs while insert mode waits for keys.
local out = os.getenv("PUZZLE_OUT")
local line = tonumber(os.getenv("PUZZLE_LINE"))
wait_for_server("completionProvider")
vim.api.nvim_win_set_cursor(0, { line, 0 })
vim.api.nvim_feedkeys(vim.api.nvim_replace_termcodes("A<C-x><C-o>", true, false, true), "t", false)
local tries = 0
local function look()
  tries = tries + 1
  local items = vim.fn.complete_info({ "items" }).items
  if #items == 0 and tries < 400 then
    vim.defer_fn(look, 50)
    return
  end
  local words = {}
  for _, item in ipairs(items) do
    table.insert(words, item.word)
  end
  if #words == 0 then
    words = { "no completion within 20 s" }
  end
  vim.fn.writefile(words, out)
  vim.cmd("qall!")
end
vim.defer_fn(look, 50)

-- Run by tests/neovim.rs: presses K on line $PUZZLE_LINE (1-based), as a
-- person asks for the answer of a query, and writes what the floating
-- window shows to $PUZZLE_OUT, then quits. A window that shows the search
-- still running is closed and K pressed again, as a person would.
local out = os.getenv("PUZZLE_OUT")
local line = tonumber(os.getenv("PUZZLE_LINE"))
wait_for_server("hoverProvider")
vim.api.nvim_win_set_cursor(0, { line, 8 })
vim.api.nvim_feedkeys("K", "t", false)
local tries = 0
local function look()
  tries = tries + 1
  for _, window in ipairs(vim.api.nvim_list_wins()) do
    if vim.api.nvim_win_get_config(window).relative ~= "" then
      local shown = vim.api.nvim_buf_get_lines(vim.api.nvim_win_get_buf(window), 0, -1, false)
      if not table.concat(shown, "\n"):find("searching") then
        vim.fn.writefile(shown, out)
        vim.cmd("qall!")
        return
      end
      vim.api.nvim_win_close(window, true)
      vim.api.nvim_feedkeys("K", "t", false)
    end
  end
  if tries < 400 then
    vim.defer_fn(look, 50)
  else
    vim.fn.writefile({ "no floating window within 20 s" }, out)
    vim.cmd("qall!")
  end
end
vim.defer_fn(look, 50)

-- Neovim (0.7 or newer): `.puzzle` files get the `puzzle` filetype and the
-- `puzzle lsp` language server (diagnostics as you type, formatting, answers
-- as inlay hints and on hover, code actions, completion, highlighting).
-- Put this file in ~/.config/nvim/plugin/ (or `dofile` it from init.lua).
-- `vim.g.puzzle_command` names the binary when `puzzle` is not on PATH.

local function start(buffer)
  local command = vim.g.puzzle_command or "puzzle"
  local config = { name = "puzzle", cmd = { command, "lsp" }, root_dir = vim.fn.getcwd() }
  if vim.lsp.start then
    vim.lsp.start(config, { bufnr = buffer })
  else -- Neovim 0.7
    local client = vim.lsp.start_client(config)
    if client then
      vim.lsp.buf_attach_client(buffer, client)
    end
  end
  -- What Neovim 0.10 does by itself for a server, done for the older ones
  -- too: completion on <C-x><C-o> in insert mode, the answer on K.
  vim.bo[buffer].omnifunc = "v:lua.vim.lsp.omnifunc"
  if vim.fn.has("nvim-0.10") == 0 then
    vim.keymap.set("n", "K", vim.lsp.buf.hover, { buffer = buffer, desc = "the answer of the query under the cursor" })
  end
end

vim.api.nvim_create_autocmd({ "BufRead", "BufNewFile" }, {
  pattern = "*.puzzle",
  callback = function(args)
    vim.bo[args.buf].filetype = "puzzle"
    start(args.buf)
  end,
})

rockspec_format = "3.0"
package = "penny"
version = "scm-1"
-- built from a checkout with `luarocks make` (the source is the checkout);
-- a release has its own rockspec built from its tarball (make dist)
source = {
  url = ".",
}
description = {
  summary = "Token-moving puzzles: coin moves and line pushes, exact and constructive solvers",
  detailed = [[
penny solves token-moving puzzles: coin-moving puzzles (a coin moves to a
free place touching at least two others) on the square, triangular,
hexagonal, king and cubic lattices and custom graphs, and line-push
puzzles.  A C solver core bound to Lua 5.4.]],
  license = "MIT",
}
dependencies = {
  "lua >= 5.4",
  "lpeg",
}
build = {
  type = "builtin",
  modules = {
    ["penny.core"] = {
      sources = {
        "csrc/core/util.c", "csrc/core/budget.c", "csrc/core/stateset.c", "csrc/core/sys.c", "csrc/core/spare.c", "csrc/core/board.c", "csrc/core/config.c",
        "csrc/core/rules.c", "csrc/core/span.c", "csrc/core/goal.c", "csrc/core/takedrop.c",
        "csrc/core/slide.c", "csrc/search/bfs.c", "csrc/search/bitboard.c",
        "csrc/search/fullbfs.c", "csrc/search/keytab.c",
        "csrc/search/team.c", "csrc/search/bidir.c", "csrc/search/keybfs.c", "csrc/search/keyfull.c",
        "csrc/search/astar.c", "csrc/search/coins.c", "csrc/search/engine.c", "csrc/search/distances.c", "csrc/search/verdict.c", "csrc/search/wide.c",
        "csrc/search/pdb.c", "csrc/tri/shapes.c", "csrc/tri/decide.c",
        "csrc/tri/three.c", "csrc/tri/labelled.c", "csrc/tri/unlabelled.c", "csrc/tri/solve.c",
        "csrc/linepush/push.c", "csrc/linepush/perm.c",
        "csrc/linepush/search.c", "csrc/linepush/compaction.c",
        "csrc/combined/combined.c", "csrc/lua/common.c", "csrc/lua/board.c",
        "csrc/lua/config.c", "csrc/lua/moves.c", "csrc/lua/search.c",
        "csrc/lua/databases.c", "csrc/lua/tri.c", "csrc/lua/linepush.c",
        "csrc/lua/combined.c", "csrc/lua/init.c"
      },
      incdirs = { "csrc" },
      libraries = { "pthread", "m" },
    },
    ["penny"] = "lua/penny/init.lua",
    ["penny.dsl"] = "lua/penny/dsl.lua",
    ["penny.board"] = "lua/penny/board.lua",
    ["penny.config"] = "lua/penny/config.lua",
    ["penny.distances"] = "lua/penny/distances.lua",
    ["penny.options"] = "lua/penny/options.lua",
    ["penny.game"] = "lua/penny/game/init.lua",
    ["penny.game.coins"] = "lua/penny/game/coins.lua",
    ["penny.game.linepush"] = "lua/penny/game/linepush.lua",
    ["penny.game.pushing"] = "lua/penny/game/pushing.lua",
    ["penny.solvers"] = "lua/penny/solvers.lua",
    ["penny.soundness"] = "lua/penny/soundness.lua",
    ["penny.json"] = "lua/penny/json.lua",
    ["penny.puzzle"] = "lua/penny/puzzle.lua",
    ["penny.solution"] = "lua/penny/solution.lua",
    ["penny.bfs"] = "lua/penny/bfs.lua",
    ["penny.solve"] = "lua/penny/solve.lua",
    ["penny.explain"] = "lua/penny/explain.lua",
    ["penny.coinsliding"] = "lua/penny/coinsliding.lua",
    ["penny.pzfile"] = "lua/penny/pzfile.lua",
    ["penny.errors"] = "lua/penny/errors.lua",
    ["penny.cli"] = "lua/penny/cli.lua",
    ["penny.cli.play"] = "lua/penny/cli/play.lua",
    ["penny.hints"] = "lua/penny/hints.lua",
    ["penny.page"] = "lua/penny/page.lua",
    ["penny.tri"] = "lua/penny/tri.lua",
    ["penny.linepush"] = "lua/penny/linepush.lua",
    ["penny.strategies"] = "lua/penny/strategies.lua",
    ["penny.shortcut"] = "lua/penny/shortcut.lua",
    ["penny.generate"] = "lua/penny/generate.lua",
    ["penny.render"] = "lua/penny/render.lua",
    ["penny.repl"] = "lua/penny/repl.lua",
    ["penny.square"] = "lua/penny/square.lua",
    ["penny.square.window"] = "lua/penny/square/window.lua",
    ["penny.square.sweep"] = "lua/penny/square/sweep.lua",
    ["penny.square.group"] = "lua/penny/square/group.lua",
    ["penny.square.labelled"] = "lua/penny/square/labelled.lua",
    ["penny.square.pushing"] = "lua/penny/square/pushing.lua",
    ["penny.square.chains"] = "lua/penny/square/chains.lua",
    ["penny.square.span"] = "lua/penny/square/span.lua",
    ["penny.square.cells"] = "lua/penny/square/cells.lua",
    ["penny.perm"] = "lua/penny/perm.lua",
    ["penny.square_solver"] = "lua/penny/square_solver.lua",
    ["penny.combined"] = "lua/penny/combined.lua",
    ["penny.files"] = "lua/penny/files.lua",
    ["penny.manual"] = "lua/penny/manual.lua",
    ["penny.launcher"] = "lua/penny/launcher.lua",
  },
  -- the penny command: a launcher for the stock lua5.4 (penny.launcher)
  install = {
    bin = { penny = "rocks/penny" },
  },
  -- the letter corpus and the manual (help() reads it)
  copy_directories = { "data", "doc" },
}

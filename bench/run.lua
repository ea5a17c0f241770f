--[[
bench/run.lua -- the benchmarks of `make bench` (see BENCHMARKS.md).

  penny bench/run.lua [options]

  --parts A,B,C,D,E,F,G  which parts (default: all)
  --letters XYZ          part A: these start (or goal) letters only
                         (default: all 37)
  --by start|goal        part A: one distance table per start letter
                         (default), or the 36 puzzles to each goal letter
                         solved one by one with one penny.databases()
  --keys F-R,L-N         part B: these font5x9 puzzles (default: F-R and
                         the ten longest after it)
  --sample N             part D: font5x9 puzzles to time, at evenly spaced
                         quantiles of Chaffin's lengths (default 12)
  --goal X               part D: instead, the 36 font5x9 puzzles to letter
                         X, with one penny.databases() for all of them;
                         --goal all: the whole set in one run, goal by goal
  --limit S              parts B, D: time limit per puzzle (default 600)
  --memory GB            memory budget (default 16)
  --threads N            threads (default: all cores)
  --counts 1,2,4         part P: the numbers of threads
  --encoding E           part A: auto (default), byte, lean or two
  --method M             parts B, C, D: the solve method (default auto)
  --moves 6,7            part C: the lengths sampled, four puzzles each
  --pdb N                parts A (by goal), B, D: A*'s windows of up to
                         N cells (1 to 30; else the engine's default, 27)
  --direction D          parts A (by goal), B, D: A* forward, backward or
                         auto (the default: a probe of both ways)
  --count N              part S: random puzzles (default 100,000)
  --seed N               part S: the first seed (default 1)
  --table9 FILE          part T: the output of the font5x9 table's command
                         (below), run beforehand, instead of running it
  --record FILE          write each part's results into FILE (make bench:
                         BENCHMARKS.md): its row of the "Current results"
                         table and its section between <!-- part X --> and
                         <!-- end X -->, with the command, date and machine

  A  font5x7, all 1,332 puzzles: one distance table per start letter (36
     targets at once), or with --by goal one solve per puzzle, goal by
     goal, sharing the pattern databases; every length compared with
     Chaffin's, every path replayed by the move checker
  B  font5x9: F-R (42 moves) and the ten longest puzzles, one search each
  C  the plain baseline (bench/baseline.c, a hash-set BFS written the
     obvious way) and the engine on the same puzzles, same run: ratios
  D  font5x9: a sample spread over the lengths, extrapolated to all 1,332
     (or with --goal all, the 1,332 themselves as one run)
  E  large windows: the engine against the plain BFS on the triangular grid
  F  triangular grid, constructive: 100,000 coins to a shape far away
  G  line pushes: permutation puzzles in a 10 x 10 box (64 tokens), pushes
     against n^4, and the push against a plain Lua push (bench/
     baseline_push.lua) replaying the same sequences
  H  square grid: the two-extra-coin constructive solver
  K  square grid, one extra coin: the pushing game's theorems on about
     1,000 coins (bench/square_chains.lua)
  S  soundness: every decisive fact of explain() held against exhaustive
     search on random small puzzles of every family (penny.soundness)
  L  limits: each method on a large puzzle with time_limit = 1 s and
     max_memory = 256 MiB, in a process of its own (bench/limits.lua)
  R  reading 10^6 coins from art and from a coordinate list
  M  one font5x7 letter's complete table on 1 and 2 threads and shared by
     2 processes of build/penny-mpi (make mpi); not in the default list
  P  threads: a font5x7 letter's complete table and A* on font5x9 F-R,
     each on the thread counts of --counts (default 1,2); not in the
     default list
  T  one font5x9 letter's complete table (73.0 G ranks) in a budget of
     19.9 GB, the bitmap of lifted sets in windows, its distances against
     Chaffin's; and a font5x7 letter's table with the whole bitmap and in
     windows (medians of 3).  About two hours; not in the default list
]]
local S = require "bench.support"

S.say("# penny benchmarks (%s, %d cores, budget %.0f GB)", os.date("%Y-%m-%d"),
    tonumber(io.popen("nproc"):read("l")) or 0, S.opts.memory)

-- each part in the file of its subject (bench/parts/), run in this order
local PARTS = {
  { "A", "letters" },
  { "B", "letters" },
  { "C", "letters" },
  { "D", "letters" },
  { "E", "windows" },
  { "V", "windows" },
  { "F", "triangular" },
  { "G", "linepush" },
  { "H", "square" },
  { "W", "square" },
  { "Q", "square" },
  { "K", "square" },
  { "S", "soundness" },
  { "L", "limits" },
  { "M", "scale" },
  { "P", "scale" },
  { "T", "scale" },
  { "R", "limits" },
}
for _, p in ipairs(PARTS) do
  if S.want(p[1]) then require("bench.parts." .. p[2])[p[1]]() end
end

if S.opts.record then S.record(S.opts.record) end

-- The full-space search shared by the processes of build/penny-mpi
-- (make mpi; csrc/mpi/, doc/design/mpi.md): its tables must equal the
-- threaded search's on every case of spec/fixtures/distances.pz, with 2
-- and 4 processes, and its paths must replay.
local json = require "penny.json"
local pzfile = require "penny.pzfile"
local support = require "spec.support"
local format = string.format

local FILE = "spec/fixtures/distances.pz"
local MPI = os.getenv("PENNY_MPI") or "build/penny-mpi"
-- as root (CI) mpirun wants to be told; more processes than cores here
local MPIRUN = "mpirun --allow-run-as-root --oversubscribe"

-- stdout of cmd (stderr to a file, shown on failure), and its exit code
local function run(cmd)
  local err = os.tmpname()
  local f = io.popen(cmd .. " 2>" .. err)
  local out = f:read("a")
  local _, _, code = f:close()
  local e = io.open(err):read("a")
  os.remove(err)
  return out, code, e
end

local function table_of(cmd)
  local out, code, err = run(cmd)
  assert(code == 0, cmd .. " exited with " .. tostring(code) .. ": " .. err)
  return json.decode(out, cmd)
end

local puzzles = pzfile.load(FILE)

describe("distance tables shared by processes (penny-mpi)", function()
  for _, complete in ipairs { true, false } do
    local flags = " --json" .. (complete and " --complete" or "")
    local alone
    local function threaded()
      alone = alone or table_of(support.PENNY .. " distances " .. FILE
        .. flags .. " --threads 2")
      return alone
    end
    -- 2 and 4 processes sharing the machine's memory (the lifted sets),
    -- and 3 as if on machines apart (PENNY_MPI_SHARED=0)
    for _, np in ipairs { 2, 4, 3 } do
      local apart = np == 3 and " -x PENNY_MPI_SHARED=0" or ""
      it(format("equal the threaded search's with %d processes%s%s", np,
          apart ~= "" and " apart" or "",
          complete and ", every layer" or ", up to the goal"), function()
        local a = threaded()
        local b = table_of(MPIRUN .. apart .. " -np " .. np .. " " .. MPI
          .. " distances " .. FILE .. flags .. " --threads 1")
        assert.equals(#puzzles, #a.puzzles)
        assert.equals(#a.puzzles, #b.puzzles)
        for i, x in ipairs(a.puzzles) do
          local y = b.puzzles[i]
          assert.equals(np, y.processes)
          assert.equals("two", y.encoding)
          assert.same(x.layers, y.layers, x.name)
          assert.equals(x.reached, y.reached, x.name)
          assert.equals(x.maxdepth, y.maxdepth, x.name)
          assert.equals(x.complete, y.complete, x.name)
          assert.equals(x.distance, y.distance, x.name)
          assert.same(x.hardest, y.hardest, x.name)
          -- the path (found by process 0 alone) as long, and it replays
          if x.distance and x.distance >= 0 then
            assert.equals(x.distance, #y.path, x.name)
            assert.is_true(puzzles[i]:check(y.path), x.name)
          else
            assert.is_nil(y.path)
          end
        end
      end)
    end
  end

  it("say a bad file once, with its line, and exit 2 on every process", function()
    local bad = os.tmpname()
    local f = io.open(bad, "w")
    f:write("board: square 3x3\npuzzle: off\nstart: (0,0) (5,5)\ngoal: (0,0) (1,0)\n")
    f:close()
    local _, code, err = run(MPIRUN .. " -np 2 " .. MPI .. " distances " .. bad)
    os.remove(bad)
    assert.is_true(code ~= 0)
    assert.truthy(err:find(":3:", 1, true), err)
    assert.falsy(err:find("lua/penny/", 1, true), err)
  end)
end)

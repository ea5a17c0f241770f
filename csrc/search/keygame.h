/*
** keygame.h -- searches over states encoded as 64-bit keys, for any game
** that can list the successors and predecessors of a state.
**
** A game plugs in through pn_keygame.  Keys are never 0.  Moves are 32-bit
** codes chosen by the game.  Tables keep, for each state, its depth only:
** paths are rebuilt by walking predecessors (or successors) whose depth is
** one less (A*, where the game can undo a tag, through the tags of the
** first states it expanded), so memory per state stays near 12 bytes (8 bytes a slot when
** keys fit 56 bits, 9 otherwise, at a load of 0.47 to 0.7; tables of
** fewer than 2^17 slots grow fourfold, to a load of 0.175 to 0.7).
*/
#ifndef PN_KEYGAME_H
#define PN_KEYGAME_H

#include <stddef.h>
#include <stdint.h>

#include "penny.h"

typedef struct pn_keygame {
  void *ud;
  int maxsucc;             /* bound on successors or predecessors of one state */
  int keybits;             /* keys are below 2^keybits (0: any 64-bit key) */
  /* successors / predecessors of key: keys in out[], move codes in mv[]
  ** (for a predecessor, the move that goes from it to key) */
  int (*succ)(void *ud, uint64_t key, uint64_t *out, uint32_t *mv);
  int (*pred)(void *ud, uint64_t key, uint64_t *out, uint32_t *mv);
  int (*is_goal)(void *ud, uint64_t key);   /* forward search and A* */
  int (*h)(void *ud, uint64_t key);         /* A*: admissible, consistent */
  /* optional: start fetching the memory h(key) will read (a hint) */
  void (*h_hint)(void *ud, uint64_t key);
  /* optional: 1 when a successor's bound costs about a probe of the table
  ** or less (a count of cells, no tables to read): A* on one thread then
  ** lists successors without looking them up first, as its insert looks
  ** each up anyway.  Asked when a search starts */
  int (*h_cheap)(void *ud);
  /* optional: 0 if h(key) <= bound, else a lower bound on h(key) above
  ** bound (h itself, or less when that is cheaper to know) */
  int (*h_above)(void *ud, uint64_t key, int bound);
  /* optional (A*, the bidirectional search forward): move pruning.  A
  ** state's tag (below 2^tagbits, never 0) names the move that led to it
  ** from a state p; succ_after lists the successors of key with their
  ** tags in tags[], and may leave out those it proves to have no goal
  ** below them, and (when `last`, the tag of key, is not 0):
  **   - p, and the states one move from p (no farther from the start
  **     than key, when p is one nearer);
  **   - a successor by a move m that two moves m1, m2 from p also
  **     reach, m2 after m in the game's order of tags (m1 = m and
  **     m2 = `last`: the two in the other order; or, coins alike, each
  **     to the other's cell). */
  int tagbits;
  int (*succ_after)(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                    uint32_t *tags);
  /* optional (A*): succ_after (succ's successors when `last` is 0, or
  ** the game does not prune) with h of each successor in hs[], in one
  ** call: a game that must decode a key to bound it decodes key once,
  ** not each successor */
  int (*succ_h)(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                uint32_t *tags, int *hs);
  /* optional (A*, with succ_after): the state one move before key by
  ** the move its tag names.  A* then notes the tags of the states it
  ** expands and rebuilds its path through them, not by listing each
  ** state's predecessors (many, where coins may come from anywhere) */
  uint64_t (*undo)(void *ud, uint64_t key, uint32_t tag);
  /* optional (the bidirectional search, backward): the same for the
  ** predecessors, `last` the tag of the move from key to a state q one
  ** nearer the goal; left out, q and the states one move before q, and
  ** a predecessor by a move m that two moves undone from q, m1 then m2,
  ** also reach, m2 after m in the order of tags */
  int (*pred_after)(void *ud, uint64_t key, uint32_t last, uint64_t *out,
                    uint32_t *tags);
  /* optional: called after each layer (A*: each f bound) */
  void (*progress)(const pn_progress *p, void *ud);
  void *progress_ud;
  const char *label;       /* the stage named in progress lines (NULL:
                           ** the search's own name) */
} pn_keygame;

typedef struct pn_keyresult {
  int found;               /* 1: a shortest path; 0: no path (complete) */
  uint32_t *moves;         /* malloc'ed */
  size_t nmoves;
  uint64_t states, expanded;
  int lower_bound;         /* when stopped: proven lower bound */
  size_t memory;           /* peak bytes of the tables */
  int stopped;             /* 0, or PN_ELIMIT / PN_ENOMEM / PN_EINTR */
  int probed;              /* bidir: levels searched without storing them
                           ** (pn_limits.probe_levels) */
  char why[160];           /* what stopped it */
  int partial;             /* A*: expansion was partial (pn_limits.partial) */
  int partial_from;        /*   from this bound on */
  int paused;              /* A*: paused, to be run on (pn_astar_run) */
} pn_keyresult;

void pn_keyresult_clear(pn_keyresult *r);

/* shortest path from any start to any goal, meeting in the middle, on
** `threads` threads (the succ and pred callbacks must allow that); the
** result does not depend on the number of threads.  When the memory is
** full, lim->probe_levels more levels are searched depth-first below one
** frontier without storing them (res->probed says how many). */
int pn_key_bidir(const pn_keygame *g, const uint64_t *starts, size_t nstart,
                 const uint64_t *goals, size_t ngoal, int threads,
                 const pn_limits *lim, pn_keyresult *res, pn_error *err);
/* breadth-first from start to the first state with is_goal */
int pn_key_bfs(const pn_keygame *g, uint64_t start, const pn_limits *lim,
               pn_keyresult *res, pn_error *err);
/* A* from start to the first state with is_goal, ordered by depth + h
** (admissible and consistent), on `threads` threads (the succ, is_goal
** and h callbacks must allow that); the result does not depend on the
** number of threads */
int pn_key_astar(const pn_keygame *g, uint64_t start, int threads,
                 const pn_limits *lim, pn_keyresult *res, pn_error *err);
/* The same search in steps: begun, run until it ends or, between two
** batches, holds `pause` states or more (0: never; res->paused, with the
** states so far and res->lower_bound the bucket it is in), run on from
** there, and ended.  A search paused and run on is the same search, state
** for state, as one run without a pause.  g and lim are copied; g's
** progress_ud must live until the end.  The budget's memory may be set
** anew between runs (another search alive meanwhile takes from it). */
typedef struct pn_astar pn_astar;
int pn_astar_begin(const pn_keygame *g, uint64_t start, int threads,
                   const pn_limits *lim, pn_astar **h, pn_error *err);
int pn_astar_run(pn_astar *h, size_t pause, pn_keyresult *res,
                 pn_error *err);
/* the bytes it holds; its memory budget set to max_memory bytes */
size_t pn_astar_memory(const pn_astar *h);
void pn_astar_budget(pn_astar *h, size_t max_memory);
void pn_astar_label(pn_astar *h, const char *label);
void pn_astar_end(pn_astar *h);

/* when a full-space search stops (pn_key_full, pn_fullbfs_run) */
enum { PN_STOP_NEVER = 0, PN_STOP_ALL = 1, PN_STOP_ANY = 2 };

/* what pn_key_full found */
typedef struct pn_keyfull {
  int *tdist;              /* [ntargets], the caller's: distance, or -1 */
  uint64_t layer[256];     /* states per layer */
  int maxdepth;            /* the deepest layer reached */
  int complete_depth;      /* layers 0 .. complete_depth are complete */
  int done;                /* every reachable key was expanded */
  uint64_t reached, expanded;
  uint64_t hardest;        /* the smallest key of layer maxdepth */
  size_t memory;
  int threads;
  int stopped;             /* 0, or PN_ELIMIT (time) / PN_EINTR */
  int toodeep;             /* stopped after 255 layers */
  double seconds;
} pn_keyfull;

/* the bytes of the table of a full-space search over nkeys keys */
size_t pn_key_full_bytes(uint64_t nkeys);
/* breadth-first search from start over a game whose keys are 1 .. nkeys
** (keyfull.c), two bits per key, on `threads` threads (succ must allow
** that): until the layer that reaches every target (stop = PN_STOP_ALL)
** or any (PN_STOP_ANY), or everything (PN_STOP_NEVER).  The distances go
** to res->tdist (ntargets ints, the caller's).  PN_ELIMIT when the table
** does not fit lim's memory budget (res->reached is 0), or when the time
** limit or 255 layers stopped it (res says how far it got); PN_EINTR on
** Ctrl-C. */
int pn_key_full(const pn_keygame *g, uint64_t nkeys, uint64_t start,
                const uint64_t *targets, size_t ntargets, int stop,
                int threads, const pn_limits *lim, pn_keyfull *res,
                pn_error *err);

#endif

/*
** main.c -- the penny interpreter: Lua 5.4 with the penny module
** preloaded.  Runs scripts, -e chunks, subcommands (penny solve FILE ...)
** and a REPL.  Modelled on lua.c.
**
**   penny [options] [script [args]]
**   penny solve|show|render|play|help ...   (penny.cli)
**
** Ctrl-C: the handler sets a flag that the C searches poll (registry key
** "penny.interrupt") and a Lua hook that raises "interrupted!" at the next
** Lua instruction, so both C loops and Lua loops stop.  At the REPL prompt
** Ctrl-C clears the line.
*/
#define _POSIX_C_SOURCE 200809L
#include <limits.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <lua.h>
#include <lauxlib.h>
#include <lualib.h>

#if defined(PN_USE_READLINE)
#include <readline/readline.h>
#include <readline/history.h>
#endif

#include "lua/common.h"
#if defined(PN_MPI)
#include "mpi/net.h"
#endif

int luaopen_penny_core(lua_State *L);

static const char *progname = "penny";

/* the one global: what the signal handler may touch */
static lua_State *globalL = NULL;
static volatile int interrupted = 0;
/* a Ctrl-C reached the interpreter: it exits with 128 + SIGINT */
static volatile sig_atomic_t sigint_seen = 0;
/* errors with a traceback (--trace, or PENNY_TRACE=1) */
static int trace = 0;
/* the REPL keeps ~/.penny_history unless --no-history or PENNY_HISTORY=0 */
static int keep_history = 1;

/* {====================================================================
** Signals
** ===================================================================== */

static void lstop(lua_State *L, lua_Debug *ar) {
  (void)ar;
  lua_sethook(L, NULL, 0, 0);
  interrupted = 0;
  luaL_error(L, "interrupted!");
}

static void laction(int i) {
  int flag = LUA_MASKCALL | LUA_MASKRET | LUA_MASKLINE | LUA_MASKCOUNT;
  (void)i;
  signal(SIGINT, SIG_DFL);     /* a second Ctrl-C kills the process */
  interrupted = 1;
  sigint_seen = 1;
  lua_sethook(globalL, lstop, flag, 1);
}

/* }==================================================================== */


/* {====================================================================
** Running chunks
** ===================================================================== */

static void l_message(const char *pname, const char *msg) {
  if (pname) fprintf(stderr, "%s: ", pname);
  fprintf(stderr, "%s\n", msg);
  fflush(stderr);
}

static int report(lua_State *L, int status) {
  if (status != LUA_OK) {
    const char *msg = lua_tostring(L, -1);
    if (msg == NULL) msg = "(error object is not a string)";
    l_message(progname, msg);
    lua_pop(L, 1);
  }
  return status;
}

static int msghandler(lua_State *L) {
  const char *msg = lua_tostring(L, 1);
  if (msg == NULL) {
    if (luaL_callmeta(L, 1, "__tostring") && lua_type(L, -1) == LUA_TSTRING)
      return 1;
    msg = lua_pushfstring(L, "(error object is a %s value)",
                          luaL_typename(L, 1));
  }
  /* one line, the place is in the message; the way there on request */
  if (trace) luaL_traceback(L, L, msg, 1);
  else lua_pushstring(L, msg);
  return 1;
}

static int docall(lua_State *L, int narg, int nres) {
  int status, base = lua_gettop(L) - narg;
  lua_pushcfunction(L, msghandler);
  lua_insert(L, base);
  globalL = L;
  interrupted = 0;
  signal(SIGINT, laction);
  status = lua_pcall(L, narg, nres, base);
  signal(SIGINT, SIG_DFL);
  lua_sethook(L, NULL, 0, 0);   /* a hook set too late must not linger */
  interrupted = 0;
  lua_remove(L, base);
  return status;
}

static int dochunk(lua_State *L, int status) {
  if (status == LUA_OK) status = docall(L, 0, 0);
  return report(L, status);
}

static int dostring(lua_State *L, const char *s, const char *name) {
  return dochunk(L, luaL_loadbuffer(L, s, strlen(s), name));
}

/* push the script's arguments and return their number */
static int pushargs(lua_State *L) {
  int i, n;
  if (lua_getglobal(L, "arg") != LUA_TTABLE)
    luaL_error(L, "'arg' is not a table");
  n = (int)luaL_len(L, -1);
  luaL_checkstack(L, n + 3, "too many arguments to script");
  for (i = 1; i <= n; i++) lua_rawgeti(L, -i, i);
  lua_remove(L, -i);
  return n;
}

static int handle_script(lua_State *L, char **argv) {
  const char *fname = argv[0];
  int status;
  if (strcmp(fname, "-") == 0 && strcmp(argv[-1], "--") != 0) fname = NULL;
  status = luaL_loadfile(L, fname);
  if (status == LUA_OK) {
    int n = pushargs(L);
    status = docall(L, n, LUA_MULTRET);
  }
  return report(L, status);
}

/* arg table: script name at 0, its arguments at 1.., options below 0 */
static void createargtable(lua_State *L, char **argv, int argc, int script) {
  int i, narg;
  if (script == argc) script = 0;
  narg = argc - (script + 1);
  lua_createtable(L, narg, script + 1);
  for (i = 0; i < argc; i++) {
    lua_pushstring(L, argv[i]);
    lua_rawseti(L, -2, i - script);
  }
  lua_setglobal(L, "arg");
}

/* }==================================================================== */


/* {====================================================================
** REPL
** ===================================================================== */

#define PROMPT "penny> "
#define PROMPT2 ">> "
#define MAXINPUT 4096

#if defined(PN_USE_READLINE)
static void rl_sigint(int sig) {
  (void)sig;
  /* clear the line being edited and show a fresh prompt */
  write(STDOUT_FILENO, "\n", 1);
  rl_on_new_line();
  rl_replace_line("", 0);
  rl_redisplay();
}
#endif

static int use_readline = 0;

static char *readline_line(const char *prompt) {
#if defined(PN_USE_READLINE)
  if (use_readline) {
    char *line;
    struct sigaction sa, old;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = rl_sigint;
    sigemptyset(&sa.sa_mask);
    sigaction(SIGINT, &sa, &old);
    line = readline(prompt);
    sigaction(SIGINT, &old, NULL);
    return line;
  }
#endif
  {
    char *buf = malloc(MAXINPUT);
    size_t l;
    if (!buf) return NULL;
    fputs(prompt, stdout);
    fflush(stdout);
    if (fgets(buf, MAXINPUT, stdin) == NULL) { free(buf); return NULL; }
    l = strlen(buf);
    if (l > 0 && buf[l - 1] == '\n') buf[l - 1] = '\0';
    return buf;
  }
}

static void save_history(const char *line) {
#if defined(PN_USE_READLINE)
  if (use_readline && line[0] != '\0') add_history(line);
#else
  (void)line;
#endif
}

#if defined(PN_USE_READLINE)
#define HISTORY_FILE ".penny_history"
#define HISTORY_LINES 1000

/* the history file's path in buf, or 0 when none is kept */
static int history_path(char *buf, size_t size) {
  const char *home = getenv("HOME"), *env = getenv("PENNY_HISTORY");
  if (!keep_history || (env && strcmp(env, "0") == 0)) return 0;
  if (!home || !*home) return 0;
  return snprintf(buf, size, "%s/" HISTORY_FILE, home) < (int)size;
}
#endif

static int pushline(lua_State *L, int firstline) {
  char *b = readline_line(firstline ? PROMPT : PROMPT2);
  if (b == NULL) return 0;
  if (firstline && b[0] == '=') lua_pushfstring(L, "return %s", b + 1);
  else lua_pushstring(L, b);
  free(b);
  return 1;
}

static int addreturn(lua_State *L) {
  const char *line = lua_tostring(L, -1);
  const char *retline = lua_pushfstring(L, "return %s;", line);
  int status = luaL_loadbuffer(L, retline, strlen(retline), "=stdin");
  if (status == LUA_OK) {
    lua_remove(L, -2);
    if (line[0] != '\0') save_history(line);
  } else {
    lua_pop(L, 2);
  }
  return status;
}

#define EOFMARK "<eof>"
#define marklen (sizeof(EOFMARK) / sizeof(char) - 1)

static int incomplete(lua_State *L, int status) {
  if (status == LUA_ERRSYNTAX) {
    size_t lmsg;
    const char *msg = lua_tolstring(L, -1, &lmsg);
    if (lmsg >= marklen && strcmp(msg + lmsg - marklen, EOFMARK) == 0) {
      lua_pop(L, 1);
      return 1;
    }
  }
  return 0;
}

static int multiline(lua_State *L) {
  for (;;) {
    size_t len;
    const char *line = lua_tolstring(L, 1, &len);
    int status = luaL_loadbuffer(L, line, len, "=stdin");
    if (!incomplete(L, status) || !pushline(L, 0)) {
      save_history(line);
      return status;
    }
    lua_pushliteral(L, "\n");
    lua_insert(L, -2);
    lua_concat(L, 3);
  }
}

static int loadline(lua_State *L) {
  int status;
  lua_settop(L, 0);
  if (!pushline(L, 1)) return -1;
  if ((status = addreturn(L)) != LUA_OK) status = multiline(L);
  lua_remove(L, 1);
  return status;
}

static void print_results(lua_State *L) {
  int n = lua_gettop(L);
  if (n > 0) {
    luaL_checkstack(L, LUA_MINSTACK, "too many results to print");
    lua_getglobal(L, "print");
    lua_insert(L, 1);
    if (lua_pcall(L, n, 0, 0) != LUA_OK)
      l_message(progname, lua_pushfstring(L, "error calling 'print' (%s)",
                                           lua_tostring(L, -1)));
  }
}

#if defined(PN_USE_READLINE)
/* Tab completion: penny.repl.complete(word) gives the candidates */
static char **completions = NULL;
static size_t ncompletions = 0;

static void free_completions(void) {
  size_t i;
  for (i = 0; i < ncompletions; i++) free(completions[i]);
  free(completions);
  completions = NULL;
  ncompletions = 0;
}

static int collect_completions(lua_State *L) {
  const char *word = lua_tostring(L, 1);
  lua_Integer i, n;
  lua_getglobal(L, "require");
  lua_pushliteral(L, "penny.repl");
  lua_call(L, 1, 1);
  lua_getfield(L, -1, "complete");
  lua_pushstring(L, word);
  lua_call(L, 1, 1);
  n = luaL_len(L, -1);
  completions = calloc((size_t)n + 1, sizeof *completions);
  if (!completions) return 0;
  for (i = 1; i <= n; i++) {
    const char *c;
    lua_geti(L, -1, i);
    c = lua_tostring(L, -1);
    if (c && (completions[ncompletions] = strdup(c)) != NULL) ncompletions++;
    lua_pop(L, 1);
  }
  return 0;
}

static char *completion_generator(const char *text, int state) {
  static size_t next;
  if (state == 0) {
    lua_State *L = globalL;
    free_completions();
    next = 0;
    if (L) {
      lua_pushcfunction(L, collect_completions);
      lua_pushstring(L, text);
      if (lua_pcall(L, 1, 0, 0) != LUA_OK) lua_pop(L, 1);
    }
  }
  if (next < ncompletions) return strdup(completions[next++]);
  return NULL;
}

static char **penny_completion(const char *text, int start, int end) {
  (void)start; (void)end;
  rl_completion_append_character = '\0';
  return rl_completion_matches(text, completion_generator);
}
#endif

/* show() and help() as globals of the REPL (penny.repl) */
static void install_repl_helpers(lua_State *L) {
  int top = lua_gettop(L);
  if (dostring(L, "require('penny.repl').install()", "=repl") != LUA_OK)
    lua_settop(L, top);
}

/* searches print progress lines by default (on a terminal) */
static void progress_on(lua_State *L) {
  lua_pushboolean(L, 1);
  lua_setfield(L, LUA_REGISTRYINDEX, PN_PROGRESS_KEY);
}

static void doREPL(lua_State *L) {
  int status;
#if defined(PN_USE_READLINE)
  char histfile[PATH_MAX];
#endif
  const char *oldprogname = progname;
  progname = NULL;
  progress_on(L);
  install_repl_helpers(L);
#if defined(PN_USE_READLINE)
  use_readline = isatty(STDIN_FILENO);
  if (use_readline) {
    rl_readline_name = "penny";
    /* words end at these; '.' and ':' stay inside for table paths */
    rl_completer_word_break_characters = (char *)" \t\n\"'`@$><=;|&{(,+-*/%^#~[]";
    rl_attempted_completion_function = penny_completion;
    if (history_path(histfile, sizeof histfile)) {
      stifle_history(HISTORY_LINES);
      read_history(histfile);     /* none yet is fine */
    } else histfile[0] = '\0';
  }
#endif
  while ((status = loadline(L)) != -1) {
    if (status == LUA_OK) status = docall(L, 0, LUA_MULTRET);
    if (status == LUA_OK) print_results(L);
    else report(L, status);
  }
  lua_settop(L, 0);
  fputs("\n", stdout);
  fflush(stdout);
#if defined(PN_USE_READLINE)
  free_completions();
  if (use_readline && histfile[0] != '\0') write_history(histfile);
#endif
  progname = oldprogname;
}

/* }==================================================================== */


/* {====================================================================
** Setting up the state
** ===================================================================== */

static int exists(const char *path) {
  FILE *f = fopen(path, "r");
  if (f) fclose(f);
  return f != NULL;
}

/* prepend the Lua directory of penny to package.path: <exe>/../lua in a
** build tree, <exe>/../share/lua/5.4 once installed */
static void set_paths(lua_State *L, const char *argv0) {
  char exe[PATH_MAX], probe[PATH_MAX + 64];
  const char *found = NULL;
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  char *slash;
  if (n <= 0) {
    if (!argv0 || strlen(argv0) >= sizeof exe) return;
    strcpy(exe, argv0);
    n = (ssize_t)strlen(exe);
  }
  exe[n] = '\0';
  if ((slash = strrchr(exe, '/')) == NULL) return;
  *slash = '\0';
  snprintf(probe, sizeof probe, "%s/../lua/penny/init.lua", exe);
  if (exists(probe)) found = "lua";
  else {
    snprintf(probe, sizeof probe, "%s/../share/lua/5.4/penny/init.lua", exe);
    if (exists(probe)) found = "share/lua/5.4";
  }
  if (!found) return;
  lua_getglobal(L, "package");
  lua_pushfstring(L, "%s/../%s/?.lua;%s/../%s/?/init.lua;", exe, found, exe,
                  found);
  lua_getfield(L, -2, "path");
  lua_concat(L, 2);
  lua_setfield(L, -2, "path");
  lua_pop(L, 1);
}

static int openpenny(lua_State *L) {
  luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
  lua_pushcfunction(L, luaopen_penny_core);
  lua_setfield(L, -2, "penny.core");
  lua_pop(L, 1);
  lua_pushlightuserdata(L, (void *)&interrupted);
  lua_setfield(L, LUA_REGISTRYINDEX, PN_INTERRUPT_KEY);
  return 0;
}

/* a bad option: one line on stderr (penny --help: the whole usage) */
static void print_usage(const char *badoption) {
  fprintf(stderr, "%s: unrecognized option '%s' (%s --help: the options)\n",
          progname, badoption, progname);
}

#define has_error 1
#define has_i 2
#define has_v 4
#define has_e 8
#define has_h 16
#define has_version 32

/* scan options; returns the index of the script (or argc) */
static int collectargs(char **argv, int *first) {
  int args = 0, i;
  for (i = 1; argv[i] != NULL; i++) {
    *first = i;
    if (argv[i][0] != '-') return args;
    switch (argv[i][1]) {
      case '-':
        if (strcmp(argv[i], "--help") == 0) return args | has_h;
        if (strcmp(argv[i], "--version") == 0) return args | has_version;
        if (strcmp(argv[i], "--trace") == 0) { trace = 1; break; }
        if (strcmp(argv[i], "--no-history") == 0) { keep_history = 0; break; }
        if (argv[i][2] != '\0') return has_error;
        *first = i + 1;
        return args;
      case '\0': return args;
      case 'i': args |= has_i;  /* fallthrough: -i implies -v */
      /* FALLTHROUGH */
      case 'v':
        if (argv[i][2] != '\0') return has_error;
        args |= has_v;
        break;
      case 'e': args |= has_e;  /* FALLTHROUGH */
      case 'l':
        if (argv[i][2] == '\0') {
          i++;
          if (argv[i] == NULL || argv[i][0] == '-') return has_error;
        }
        break;
      case 'h':
        if (argv[i][2] != '\0') return has_error;
        return args | has_h;
      default:
        return has_error;
    }
  }
  *first = i;
  return args;
}

static int runargs(lua_State *L, char **argv, int n) {
  int i;
  for (i = 1; i < n; i++) {
    int option = argv[i][1];
    if (option == 'e' || option == 'l') {
      const char *extra = argv[i] + 2;
      int status;
      if (*extra == '\0') extra = argv[++i];
      if (option == 'e') status = dostring(L, extra, "=(command line)");
      else {
        lua_getglobal(L, "require");
        lua_pushstring(L, extra);
        status = docall(L, 1, 1);
        if (status == LUA_OK) lua_setglobal(L, extra);
        else report(L, status);
      }
      if (status != LUA_OK) return 0;
    }
  }
  return 1;
}

static int ends_with(const char *s, const char *tail) {
  size_t n = strlen(s), k = strlen(tail);
  return n >= k && strcmp(s + n - k, tail) == 0;
}

static int is_subcommand(const char *s) {
  return (strcmp(s, "solve") == 0 || strcmp(s, "show") == 0
       || strcmp(s, "render") == 0 || strcmp(s, "play") == 0
       || strcmp(s, "gallery") == 0 || strcmp(s, "distances") == 0
       || strcmp(s, "help") == 0) && !exists(s);
}

/* penny solve|show|render|play|gallery|distances|help ...: run penny.cli.main(cmd, ...); with
** argc == first, penny.cli.main() (the overview of penny --help) */
static int run_subcommand(lua_State *L, int argc, char **argv, int first) {
  int i, status;
  progress_on(L);
  lua_getglobal(L, "require");
  lua_pushliteral(L, "penny.cli");
  status = docall(L, 1, 1);
  if (status != LUA_OK) return report(L, status);
  lua_getfield(L, -1, "main");
  for (i = first; i < argc; i++) lua_pushstring(L, argv[i]);
  status = docall(L, argc - first, 1);
  if (status != LUA_OK) return report(L, status);
  return lua_isinteger(L, -1) ? (int)lua_tointeger(L, -1) : LUA_OK;
}

typedef struct mainargs {
  int argc;
  char **argv;
  int status;
} mainargs;

static int pmain(lua_State *L) {
  mainargs *ma = lua_touserdata(L, 1);
  int argc = ma->argc, first = 0;
  char **argv = ma->argv;
  int args = collectargs(argv, &first);
  luaL_checkversion(L);
  {
    const char *env = getenv("PENNY_TRACE");
    if (env && strcmp(env, "1") == 0) trace = 1;
  }
  if (args == has_error) {   /* a usage error: status 2, as penny solve's */
    print_usage(argv[first]);
    ma->status = 2;
    lua_pushboolean(L, 1);
    return 1;
  }
  if (args & has_version) {
    printf("penny %s (%s)\n", PN_VERSION, LUA_RELEASE);
    lua_pushboolean(L, 1);
    return 1;
  }
  luaL_openlibs(L);
  openpenny(L);
  set_paths(L, argv[0]);
  if (args & has_h) {
    ma->status = run_subcommand(L, 0, argv, 0);
    lua_pushboolean(L, 1);
    return 1;
  }
  createargtable(L, argv, argc, first);
  lua_gc(L, LUA_GCGEN, 0, 0);
  if (args & has_v) {
    lua_writestring(LUA_COPYRIGHT, strlen(LUA_COPYRIGHT));
    printf("\npenny %s\n", PN_VERSION);
  }
  /* the penny module as a global of the interpreter's scripts */
  if (dostring(L, "penny = require 'penny'", "=(init)") != LUA_OK) return 0;
  if (!runargs(L, argv, first)) return 0;
  if (first < argc && is_subcommand(argv[first])) {
    ma->status = run_subcommand(L, argc, argv, first);
    lua_pushboolean(L, 1);
    return 1;
  }
  if (first < argc && ends_with(argv[first], ".pz")) {
    /* a puzzle file is not a script */
    fprintf(stderr, "%s: %s is a puzzle file: solve it with '%s solve %s'"
            " (%s --help: the commands)\n", progname, argv[first], progname,
            argv[first], progname);
    ma->status = 2;
    lua_pushboolean(L, 1);
    return 1;
  }
  if (first < argc && handle_script(L, argv + first) != LUA_OK) return 0;
  if (args & has_i) doREPL(L);
  else if (first == argc && !(args & (has_e | has_v))) {
    if (isatty(STDIN_FILENO)) {
      printf("penny %s (%s) -- type help() for the API, Ctrl-D to leave\n",
             PN_VERSION, LUA_RELEASE);
      doREPL(L);
    } else {
      dochunk(L, luaL_loadfile(L, NULL));
    }
  }
  lua_pushboolean(L, 1);
  return 1;
}

int main(int argc, char **argv) {
  int status, result, code;
  mainargs ma;
  lua_State *L;
#if defined(PN_MPI)
  /* build/penny-mpi: every process runs the same script, and distance
  ** tables are shared by them all (penny.distances); process 0 speaks for
  ** them, the others' standard output is dropped */
  const pn_net *net = pn_mpi_start(&argc, &argv);
  if (net == NULL) {
    l_message(argv[0], "MPI did not start");
    return EXIT_FAILURE;
  }
  if (net->rank != 0 && freopen("/dev/null", "w", stdout) == NULL)
    fclose(stdout);
#endif
  L = luaL_newstate();
  if (L == NULL) {
    l_message(argv[0], "cannot create state: not enough memory");
    return EXIT_FAILURE;
  }
#if defined(PN_MPI)
  lua_pushlightuserdata(L, (void *)net);
  lua_setfield(L, LUA_REGISTRYINDEX, PN_NET_KEY);
#endif
  ma.argc = argc; ma.argv = argv; ma.status = 0;
  lua_pushcfunction(L, pmain);
  lua_pushlightuserdata(L, &ma);
  status = lua_pcall(L, 1, 1, 0);
  result = lua_toboolean(L, -1);
  report(L, status);
  lua_close(L);
  if (sigint_seen && (ma.status || !result || status != LUA_OK))
    code = 128 + SIGINT;
  else if (ma.status) code = ma.status;
  else code = (result && status == LUA_OK) ? EXIT_SUCCESS : EXIT_FAILURE;
#if defined(PN_MPI)
  pn_mpi_stop();
#endif
  return code;
}

/* }==================================================================== */

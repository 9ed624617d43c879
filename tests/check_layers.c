/*
 * tests/check_layers.c: the folders and layers of the tree
 * (docs/architecture.md, Layers) and what they promise: every #include of
 * every folder follows its folder's arrows, and inside the emulator goes to
 * the file's own layer or one below it; no *_internal.h is seen outside its
 * folder; sampler/ reads the machine through its accessors; no mutable
 * object at file scope (or static in a function); one growable array;
 * the observers set in one place; docs/architecture.md names every source
 * file; `make identical`'s picture pass (tools/identical.sh's pictures())
 * runs every fixture a test takes a --screen-png picture of; no tracked
 * file names a machine's own folders (`make layers` runs this suite
 * alone); and two machines in one process, run in interleaved
 * slices, each give what they give alone (no state shared between
 * machines).
 */
#include "testutil.h"

#include <ctype.h>
#include <dirent.h>
#include <sys/stat.h>

#include "../emu/bios/bios.h"
#include "../emu/cpu/cpu.h"
#include "../emu/dos/dos.h"
#include "../emu/machine.h"
#include "../emu/pc/console.h"
#include "../loader/exe.h"
#include "../loader/process.h"
#include "../sampler/sampler.h"

/* ---- the include rule ----------------------------------------------------- */

/* The folders and the arrows between them (docs/architecture.md, Layers):
 * a file may include a header whose path starts with one of its folder's
 * `to` prefixes, nothing else.  Every folder of source is here; a folder
 * that is not fails the check.  tests/ may include anything: it tests the
 * modules from outside. */
static const struct { const char *from; const char *to[8]; } arrows[] = {
    { "util/",    { "util/" } },                          /* what every folder shares */
    /* formats/ and report/ read the emulated clock's rate, a constant of the
     * emulator's (emu/clockrate.h), and nothing else of it but report/'s two
     * pure tables: the decoder (for disassembly) and the service names (for
     * DOS and BIOS frames). */
    { "formats/", { "formats/", "util/", "emu/clockrate.h" } },   /* files: the lowest above util/ */
    { "emu/",     { "emu/", "formats/", "util/" } },      /* ranked below */
    { "loader/",  { "loader/", "emu/", "formats/", "util/" } },
    { "sampler/", { "sampler/", "emu/", "formats/", "util/" } },
    { "report/",  { "report/", "formats/", "util/", "emu/clockrate.h", "emu/cpu/decode.h", "emu/services.h" } },
    { "lib/",     { "lib/", "emu/", "loader/", "sampler/", "formats/", "report/", "util/" } },
    { "cmd/",     { "cmd/", "lib/profil.h", "formats/", "report/", "util/" } },
    { "fuzz/",    { "fuzz/", "formats/", "report/", "emu/", "loader/", "sampler/", "util/" } },
    { "tools/",   { "tools/", "formats/" } },             /* the build's helpers and converters */
};

/* Inside the emulator and above it, the layers, lowest first: a path's
 * layer is the rank of the first prefix it starts with.  0: not ranked
 * (the C library, formats/). */
static const struct { const char *prefix; int rank; } layers[] = {
    { "emu/chips/", 1 }, { "emu/clockrate.h", 1 },                                                    /* the system board's chips */
    { "emu/video/video.", 3 }, { "emu/video/video_draw.", 3 },              /* the screen as the BIOS keeps it */
    { "emu/video/", 1 },                                /* the cards: descriptors, table, chips, pictures */
    { "emu/machine.", 2 }, { "emu/services.", 2 }, { "emu/costs.h", 2 },
    { "emu/cpu/", 2 },                                                      /* machine */
    { "emu/pc/", 3 },                                                       /* console */
    { "emu/bios/", 4 },
    { "emu/dos/", 5 },
    { "loader/", 6 },
    { "sampler/", 7 },
};

static int rank_of(const char *path)
{
    for (size_t i = 0; i < sizeof layers / sizeof layers[0]; i++)
        if (strncmp(path, layers[i].prefix, strlen(layers[i].prefix)) == 0)
            return layers[i].rank;
    return 0;
}

static int starts_with(const char *s, const char *prefix)
{
    return strncmp(s, prefix, strlen(prefix)) == 0;
}

/* The arrows of `path`'s folder, or -1: a folder the table does not know. */
static int arrows_of(const char *path)
{
    for (size_t i = 0; i < sizeof arrows / sizeof arrows[0]; i++)
        if (starts_with(path, arrows[i].from))
            return (int)i;
    return -1;
}

/* Whether the file at `path` (in table row `row`) may include `target`. */
static int arrow_allowed(int row, const char *target)
{
    for (size_t j = 0; j < 8 && arrows[row].to[j]; j++)
        if (starts_with(target, arrows[row].to[j]))
            return 1;
    return 0;
}

/* "dir/" + "../x/y.h" -> "x/y.h" (the project-relative path). */
static void resolve(const char *dir, const char *inc, char *out, size_t n)
{
    char buf[512];
    snprintf(buf, sizeof buf, "%s%s", dir, inc);
    char *parts[32];
    int np = 0;
    for (char *t = strtok(buf, "/"); t && np < 32; t = strtok(NULL, "/")) {
        if (strcmp(t, "..") == 0 && np > 0)
            np--;
        else if (strcmp(t, ".") != 0)
            parts[np++] = t;
    }
    out[0] = 0;
    for (int i = 0; i < np; i++)
        snprintf(out + strlen(out), n - strlen(out), "%s%s", i ? "/" : "", parts[i]);
}

/* The folder of `path`, with its slash ("emu/dos/"). */
static void folder_of(const char *path, char *out, size_t n)
{
    snprintf(out, n, "%s", path);
    char *slash = strrchr(out, '/');
    if (slash)
        slash[1] = 0;
}

/* Whether `line`'s code (not a comment: a line starting with "*", and
 * what follows "/" "*" or "//") reads a field of the machine, `m->`
 * (sampler/ names its machine `m` everywhere, alone or as `x->m`). */
static int reads_machine_field(const char *text)
{
    char line[512];
    const char *start = text + strspn(text, " \t");
    if (*start == '*')
        return 0;
    snprintf(line, sizeof line, "%s", text);
    char *comment = strstr(line, "/*");
    if (comment)
        *comment = 0;
    if ((comment = strstr(line, "//")))
        *comment = 0;
    for (const char *p = strstr(line, "m->"); p; p = strstr(p + 1, "m->"))
        if (p == line || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'))
            return 1;
    return 0;
}

/* Appends to `why` each include of `path` that breaks a rule (and, in
 * sampler/, each read of the machine's fields); the count. */
static int check_file(const char *path, char *why, size_t n)
{
    FILE *f = fopen(path, "r");
    ck_assert_msg(f != NULL, "cannot open %s", path);
    char dir[256], line[512], target[512], tdir[256];
    folder_of(path, dir, sizeof dir);
    int bad = 0, rank = rank_of(path), row = arrows_of(path), lineno = 0;
    if (row < 0) {
        snprintf(why + strlen(why), n - strlen(why), "%s: a folder the layers do not name\n", path);
        fclose(f);
        return 1;
    }
    while (fgets(line, sizeof line, f)) {
        char inc[256];
        lineno++;
        if (starts_with(path, "sampler/") && reads_machine_field(line)) {
            bad++;
            snprintf(why + strlen(why), n - strlen(why), "%s:%d reads the machine's fields (use its accessors)\n",
                     path, lineno);
        }
        if (sscanf(line, " # include \"%255[^\"]\"", inc) != 1)
            continue;
        resolve(dir, inc, target, sizeof target);
        folder_of(target, tdir, sizeof tdir);
        const char *base = strrchr(target, '/') ? strrchr(target, '/') + 1 : target;
        int upward = (rank > 0 && rank_of(target) > rank) || !arrow_allowed(row, target);
        int internal = strstr(base, "_internal.h") && strcmp(tdir, dir) != 0;
        struct stat st;
        char generated[600];                /* what the build makes: $(B)/gen/NAME (video_font.inc) */
        snprintf(generated, sizeof generated, BUILD_DIR "/gen/%s", base);
        if (stat(target, &st) != 0 && stat(generated, &st) != 0) {  /* a stale path would pass for any folder */
            bad++;
            snprintf(why + strlen(why), n - strlen(why), "%s includes %s (not there)\n", path, target);
        } else if (upward || internal) {
            bad++;
            snprintf(why + strlen(why), n - strlen(why), "%s includes %s (%s)\n", path, target,
                     upward ? "a layer above" : "another folder's internals");
        }
    }
    fclose(f);
    return bad;
}

/* Every .c and .h of `folder` and its subfolders. */
static int check_folder(const char *folder, char *why, size_t n)
{
    DIR *d = opendir(folder);
    ck_assert_msg(d != NULL, "cannot list %s", folder);
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        size_t len = strlen(e->d_name);
        char path[512];
        snprintf(path, sizeof path, "%s%s", folder, e->d_name);
        struct stat st;
        if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            strcat(path, "/");
            bad += check_folder(path, why, n);
            continue;
        }
        if (len < 3 || (strcmp(e->d_name + len - 2, ".c") && strcmp(e->d_name + len - 2, ".h")))
            continue;
        bad += check_file(path, why, n);
    }
    closedir(d);
    return bad;
}

/* Every folder of the tree with C in it is one the table names (or
 * tests/, include/ of the guest's headers), and none breaks its arrows. */
START_TEST(includes_go_only_downward)
{
    char why[8192] = "";
    int bad = 0;
    DIR *d = opendir(".");
    ck_assert_ptr_nonnull(d);
    struct dirent *e;
    int folders = 0;
    while ((e = readdir(d))) {
        struct stat st;
        if (e->d_name[0] == '.' || stat(e->d_name, &st) != 0 || !S_ISDIR(st.st_mode))
            continue;
        if (strcmp(e->d_name, "tests") == 0 || strcmp(e->d_name, "include") == 0 ||
            strncmp(e->d_name, "build", 5) == 0)
            continue;
        char folder[300];
        snprintf(folder, sizeof folder, "%s/", e->d_name);
        bad += check_folder(folder, why, sizeof why);
        folders++;
    }
    closedir(d);
    ck_assert_int_ge(folders, (int)(sizeof arrows / sizeof arrows[0]));
    ck_assert_msg(bad == 0, "%d includes break the layers:\n%s", bad, why);
}
END_TEST

/* The checker finds what it must: an upward include, another folder's
 * internals, a command reaching into the emulator, a report reaching into
 * the sampler, the sampler reading the machine's fields, and a folder the
 * table does not name (files written for the purpose). */
START_TEST(layer_check_catches_an_upward_include)
{
    static const struct { const char *path, *text, *says; } planted[] = {
        { "emu/machine.c", "#include \"machine.h\"\n#include \"bios/bios.h\"\n#include \"dos/dos_internal.h\"\n",
          "emu/machine.c includes emu/bios/bios.h (a layer above)\n"
          "emu/machine.c includes emu/dos/dos_internal.h (a layer above)\n" },
        { "cmd/hist.c", "#include \"../lib/profil.h\"\n#include \"../emu/dos/folder.h\"\n",
          "cmd/hist.c includes emu/dos/folder.h (a layer above)\n" },
        { "report/summary.c", "#include \"../formats/prx.h\"\n#include \"../sampler/trace.h\"\n",
          "report/summary.c includes sampler/trace.h (a layer above)\n" },
        { "formats/prc.c", "#include \"prx.h\"\n#include \"../report/attrib.h\"\n",
          "formats/prc.c includes report/attrib.h (a layer above)\n" },
        { "lib/files.c", "#include \"session_internal.h\"\n#include \"../cmd/options.h\"\n",
          "lib/files.c includes cmd/options.h (a layer above)\n" },
        { "sampler/exact.c", "uint64_t t = m->now;\nuint64_t u = machine_now(p->m); /* m->now */\nint am->x;\n * m->now\n",
          "sampler/exact.c:1 reads the machine's fields (use its accessors)\n" },
        { "newfolder/x.c", "#include \"x.h\"\n", "newfolder/x.c: a folder the layers do not name\n" },
        { "report/html.c", "#include \"../formats/prx.h\"\n#include \"../formats/gone.h\"\n",
          "report/html.c includes formats/gone.h (not there)\n" },
    };
    /* The headers they name, but formats/gone.h. */
    if (system("mkdir -p " TMP "/layers && cd " TMP "/layers && "
               "mkdir -p emu/bios emu/dos lib formats sampler report cmd newfolder && "
               "touch emu/machine.h emu/bios/bios.h emu/dos/dos_internal.h emu/dos/folder.h lib/profil.h "
               "lib/session_internal.h formats/prx.h sampler/trace.h report/attrib.h cmd/options.h newfolder/x.h") != 0)
        ck_abort_msg("cannot create " TMP "/layers");
    char top[4096];
    ck_assert_ptr_nonnull(getcwd(top, sizeof top));
    for (size_t i = 0; i < sizeof planted / sizeof planted[0]; i++) {
        char why[1024] = "", cmd[700], file[600];
        snprintf(file, sizeof file, TMP "/layers/%s", planted[i].path);
        snprintf(cmd, sizeof cmd, "mkdir -p $(dirname %s)", file);
        if (system(cmd) != 0)
            ck_abort_msg("cannot create %s", file);
        FILE *f = fopen(file, "w");
        ck_assert_ptr_nonnull(f);
        fputs(planted[i].text, f);
        fclose(f);
        /* The file's own path decides its folder and layer: read it as such. */
        ck_assert_int_eq(chdir(TMP "/layers"), 0);
        int bad = check_file(planted[i].path, why, sizeof why);
        ck_assert_int_eq(chdir(top), 0);
        ck_assert_str_eq(why, planted[i].says);
        ck_assert_int_eq(bad, (int)(strchr(planted[i].says, '\n') == strrchr(planted[i].says, '\n') ? 1 : 2));
    }
}
END_TEST

/* ---- no state at file scope ----------------------------------------------- */

/* The scan reads each .c and .h as C: comments, strings, characters and
 * preprocessor lines skipped; a declaration is the text from one `;`, `{`
 * or `}` to the next `;`, an initializer's or a type's braces inside it.
 * Checked: every declaration at file scope (brace depth 0), with or
 * without `static` or `extern`, and each `static` one inside a function.
 * A declaration is mutable state when it declares an object (not a
 * function, a type or a typedef) that is not const: a pointer is const
 * only as `*const`.  lib/session.c's `signalled_session`, the signal
 * handler's target, is the one allowed (docs/architecture.md). */
static int mutable_decl(const char *path, const char *decl)
{
    char d[1024];
    size_t n = 0;
    for (const char *p = decl; *p && n < sizeof d - 1; p++)   /* whitespace as one space */
        if (!isspace((unsigned char)*p))
            d[n++] = *p;
        else if (n && d[n - 1] != ' ')
            d[n++] = ' ';
    d[n] = 0;
    static const char *const not_objects[] = { "typedef ", "_Static_assert", "static_assert", "asm", "__asm__" };
    for (size_t i = 0; i < sizeof not_objects / sizeof not_objects[0]; i++)
        if (strncmp(d, not_objects[i], strlen(not_objects[i])) == 0)
            return 0;
    d[strcspn(d, "=")] = 0;         /* the declarators, without their initializers */
    for (n = strlen(d); n && d[n - 1] == ' ';)
        d[--n] = 0;
    if (!n || d[n - 1] == '}')
        return 0;                   /* a type's definition, no object */
    char word[64], rest[8];
    if (sscanf(d, "%*[a-z] %63[A-Za-z0-9_] %7s", word, rest) == 1 &&
        (!strncmp(d, "struct ", 7) || !strncmp(d, "union ", 6) || !strncmp(d, "enum ", 5)))
        return 0;                   /* a type's declaration */
    if (strcmp(path, "lib/session.c") == 0 && strstr(d, "*volatile signalled_session"))
        return 0;
    const char *paren = strchr(d, '(');
    if (paren && paren[1 + (paren[1] == ' ')] != '*')
        return 0;                   /* a function's declaration */
    if (strchr(d, '*'))             /* a pointer: constant only as `*const` */
        return !strstr(d, "*const") && !strstr(d, "* const");
    return !strstr(d, "const ") && !strstr(d, " const");
}

/* Whether the text at p starts C's keyword or identifier `w`. */
static int starts_word(const char *p, const char *w)
{
    size_t n = strlen(w);
    return strncmp(p, w, n) == 0 && !isalnum((unsigned char)p[n]) && p[n] != '_';
}

/* When p starts a comment or a string or character literal: just past its
 * end (or at the text's end), counting its lines into *line; else NULL. */
static const char *skip_comment_or_literal(const char *p, int *line)
{
    if (p[0] == '/' && p[1] == '/')
        return p + strcspn(p, "\n");
    if (p[0] == '/' && p[1] == '*') {
        for (p += 2; *p && !(p[0] == '*' && p[1] == '/'); p++)
            *line += *p == '\n';
        return *p ? p + 2 : p;
    }
    if (*p != '"' && *p != '\'')
        return NULL;
    char q = *p;
    for (p++; *p && *p != q; p++)
        if (*p == '\\' && p[1])
            p++;
    return *p ? p + 1 : p;
}

/* Appends `text`'s mutable declarations to `why` as PATH:LINE: DECL; returns
 * how many. */
static int scan_declarations(const char *path, const char *text, char *why, size_t n)
{
    char decl[1024];
    size_t len = 0;
    int depth = 0, line = 1, decl_line = 1, bad = 0, bol = 1;
    for (const char *p = text; *p; p++) {
        if (*p == '\n') {
            line++, bol = 1;
            if (len && len < sizeof decl - 1)
                decl[len++] = ' ';
            continue;
        }
        if (bol && *p == '#') {     /* a preprocessor line, with its continuations and comments */
            while (*p && !(*p == '\n' && p[-1] != '\\')) {
                const char *c = p[0] == '/' && p[1] == '*' ? skip_comment_or_literal(p, &line) : NULL;
                if (c)
                    p = c;
                else
                    line += *p++ == '\n';
            }
            if (!*p)
                break;
            line++;
            continue;
        }
        if (!isspace((unsigned char)*p))
            bol = 0;
        const char *end = skip_comment_or_literal(p, &line);
        if (end) {
            if ((*p == '"' || *p == '\'') && len < sizeof decl - 3)
                decl[len++] = *p, decl[len++] = *p;     /* a literal: kept as an empty one */
            p = end - 1;
            continue;
        }
        if (len == 0 && isspace((unsigned char)*p))
            continue;
        if (len == 0)
            decl_line = line;
        decl[len] = 0;
        if (*p == '{') {
            /* an initializer's or a type's braces stay in the declaration
             * (their contents left out); any other opens a block */
            int init = strchr(decl, '=') && !strstr(decl, "==") && !strstr(decl, "!=") && !strstr(decl, "<=") &&
                       !strstr(decl, ">=") && !starts_word(decl, "if") && !starts_word(decl, "while") &&
                       !starts_word(decl, "for") && !starts_word(decl, "return") && !starts_word(decl, "switch");
            int type = !strchr(decl, '(') && (strstr(decl, "struct") || strstr(decl, "union") || strstr(decl, "enum"));
            if (init || type) {
                for (int inner = 0; *p; p++) {
                    if ((end = skip_comment_or_literal(p, &line)) != NULL)
                        p = end - 1;
                    else if (*p == '\n' || *p == '{' || *p == '}')
                        line += *p == '\n', inner += (*p == '{') - (*p == '}');
                    if (*p == '}' && inner == 0)
                        break;
                }
                if (!*p)
                    break;
                if (len < sizeof decl - 3)
                    decl[len++] = '{', decl[len++] = '}';
                continue;
            }
            depth++;
            len = 0;
            continue;
        }
        if (*p == '}') {
            depth -= depth > 0;
            len = 0;
            continue;
        }
        if (*p == ';') {
            if ((depth == 0 || starts_word(decl, "static")) && mutable_decl(path, decl)) {
                bad++;
                snprintf(why + strlen(why), n - strlen(why), "%s:%d: %s;\n", path, decl_line, decl);
            }
            len = 0;
            continue;
        }
        if (len < sizeof decl - 1)
            decl[len++] = *p;
    }
    return bad;
}

static int scan_statics(const char *folder, char *why, size_t n)
{
    DIR *d = opendir(folder);
    ck_assert_msg(d != NULL, "cannot list %s", folder);
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[512];
        snprintf(path, sizeof path, "%s%s", folder, e->d_name);
        struct stat st;
        size_t len = strlen(e->d_name);
        if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            strcat(path, "/");
            bad += scan_statics(path, why, n);
            continue;
        }
        if (len < 3 || (strcmp(e->d_name + len - 2, ".c") && strcmp(e->d_name + len - 2, ".h")))
            continue;
        static char text[1 << 20];
        slurp(path, text, sizeof text);
        ck_assert_uint_lt(strlen(text), sizeof text - 1);
        bad += scan_declarations(path, text, why, n);
    }
    closedir(d);
    return bad;
}

/* How many mutable declarations the scan finds in `text`. */
static int mutable_in(const char *path, const char *text)
{
    char why[2048] = "";
    return scan_declarations(path, text, why, sizeof why);
}

/* The library and the command keep no mutable state outside their structs
 * (comparators get their context in what they sort): the checker on every
 * folder, then on text written for the purpose. */
START_TEST(no_mutable_state_at_file_scope)
{
    static const char *const folders[] = { "util/", "emu/", "loader/", "sampler/", "formats/", "report/", "lib/",
                                           "cmd/" };
    char why[4096] = "";
    int bad = 0;
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++)
        bad += scan_statics(folders[i], why, sizeof why);
    ck_assert_msg(bad == 0, "%d mutable objects:\n%s", bad, why);
    /* mutable (1): with or without static or extern, at file scope or static
     * in a function; not (0): functions, types, constants, the one
     * exception, locals */
    static const struct { const char *path, *text; int mutable; } samples[] = {
        { "cmd/x.c", "int leaked_global;\n", 1 },
        { "cmd/x.c", "extern unsigned long counts[4];\n", 1 },
        { "cmd/x.c", "struct prf *last = NULL, *first;\n", 1 },
        { "cmd/x.c", "static const struct prf *sort_prf;\n", 1 },
        { "cmd/x.c", "static int sort_index,\n    sort_metric;\n", 1 },
        { "cmd/x.c", "int f(void)\n{\n    if (x == 1) {\n        static char buf[64];\n"
                     "        return buf[0];\n    }\n}\n", 1 },
        { "cmd/x.c", "static void (*real)(void *, size_t);\n", 1 },
        { "emu/x.c", "static struct profil_session *volatile signalled_session;\n", 1 },
        { "cmd/x.c", "static uint8_t table[256];\n", 1 },
        { "cmd/x.c", "struct opts { int a; } defaults = { 1 };\n", 1 },
        { "cmd/x.c", "static struct { int a; } state;\n", 1 },
        { "cmd/x.c", "#define N 3 /* ; */\nint /* { */ t[N] = { [0] = '}', 2 }; // {\n", 1 },
        { "lib/session.c", "static struct profil_session *volatile signalled_session;\n", 0 },
        { "cmd/x.c", "static const char *const names[] = {\n    \"a;\", \"}\", // }\n};\n", 0 },
        { "cmd/x.c", "static int by_cost(const void *a, const void *b)\n{\n    int n = 0;\n    return n;\n}\n", 0 },
        { "cmd/x.c", "static inline uint64_t f(void) { return 0; }\n", 0 },
        { "cmd/x.c", "int main(void)\n{\n    static const int stop_signals[3] = { 1, 2, 3 };\n"
                     "    struct x y = { 0 };\n}\n", 0 },
        { "cmd/x.h", "struct prf;\nstruct prf *prf_read(const char *path, char *err);\n"
                     "typedef int (*cmp_fn)(const void *, const void *);\nenum mode { MODE_A = 1, MODE_B };\n", 0 },
        { "cmd/x.c", "static const struct row rows[] = {\n    { \"a\", 1 },\n};\nextern const int sizes[];\n"
                     "int const limit = 3;\n", 0 },
        { "cmd/x.c", "#define STATE(x) \\\n    int x;\n", 0 },
        { "cmd/x.c", "#define PAD 8u /* a comment over lines: not\n   code, the clock's; */\nstruct machine;\n", 0 },
        { "cmd/x.c", "#define PAD 8u /* over\n   lines */\nint leaked;\n", 1 },
    };
    for (size_t i = 0; i < sizeof samples / sizeof samples[0]; i++)
        ck_assert_msg(mutable_in(samples[i].path, samples[i].text) == samples[i].mutable, "%s", samples[i].text);
}
END_TEST

/* ---- one profiler interface -------------------------------------------------- */

/* The session sets up, finishes and frees its profilers only through
 * lib/profiler.h's rows: no other lib/ file calls a profiler's init,
 * finish, free or .prx part (the trace's .prx, which the others' parts go
 * into, is lib/outputs.c's to make); each lib/prof_*.c defines one row, and the
 * table of lib/profilers.c names every row (grep; the pattern checked on a
 * line written for the purpose). */
#define PROFILER_CALLS "'\\b((tracer|calls|svcprof|memprof|sampler|procs|frames|guestprof|samplelog)_" \
                       "(init|finish|free)|(calls|svcprof|memprof|procs|frames|guestprof)_to_prx)\\('"
START_TEST(profilers_go_through_their_rows)
{
    ck_assert_int_eq(system("ls lib/*.c | grep -v '^lib/prof' | xargs grep -lE " PROFILER_CALLS " > " TMP
                            "/profcalls; test ! -s " TMP "/profcalls"), 0);
    ck_assert_int_eq(system("printf '    procs_finish(&s->procs);\\n' > " TMP "/profcall.c && grep -qE "
                            PROFILER_CALLS " " TMP "/profcall.c"), 0);
    ck_assert_int_eq(system("n=0; for f in lib/prof_*.c; do "
                            "  row=$(grep -oE '^const struct profiler profiler_[a-z]+' \"$f\" | sed 's/.* //'); "
                            "  test \"$(echo \"$row\" | grep -c .)\" = 1 || exit 1; "
                            "  grep -q \"&$row\\b\" lib/profilers.c || exit 1; n=$((n + 1)); "
                            "done; test $n -ge 9"), 0);
}
END_TEST

/* ---- one growable array ------------------------------------------------------ */

/* Every array of the library and the command grows through util/grow.h:
 * no other folder calls realloc (grep, for the files git or the folder
 * has; the pattern is checked on a line written for the purpose). */
START_TEST(arrays_grow_through_util)
{
    ck_assert_int_eq(system("grep -rln 'realloc(' emu loader sampler formats report lib cmd > " TMP "/reallocs; "
                            "test ! -s " TMP "/reallocs"), 0);
    ck_assert_int_eq(system("mkdir -p " TMP "/grow/x && printf 'v = realloc(v, n);\\n' > " TMP "/grow/x/a.c && "
                            "grep -rlq 'realloc(' " TMP "/grow/x"), 0);
}
END_TEST

/* ---- no machine's paths ----------------------------------------------------- */

/* No tracked file names a machine's own folders (a home, a work tree, a
 * scratch folder): what a build or a test needs comes from a variable with a
 * documented default ($TMPDIR, MSDOS_GIT, REF=...).  The files are git's
 * (`git ls-files`), or without git the tree's folders; the pattern is
 * checked on lines written for the purpose (split here so that this file
 * does not match itself). */
#define MACHINE_PATH "grep -InE '(^|[^A-Za-z0-9_.~-])/(work|home|Users|root|tmp)/' "

START_TEST(no_machine_paths_in_the_tree)
{
    ck_assert_int_eq(system("{ if git rev-parse --is-inside-work-tree > /dev/null 2>&1; then "
                            "git ls-files -z | xargs -0 " MACHINE_PATH "--; else " MACHINE_PATH
                            "-r util emu loader sampler formats report lib cmd fuzz tools tests docs include debian "
                            ".ci Makefile README.md; fi; } > " TMP "/machine-paths; test ! -s " TMP "/machine-paths"),
                     0);
    ck_assert_int_eq(system("mkdir -p " TMP "/machpath && cd " TMP "/machpath && "
                            "printf 'a = \"/ho" "me/u/x\";\n' > a.c && printf 'cd /wo" "rk/notes\n' > b.sh && "
                            "printf 'TMP=/t" "mp/x\nsee /srv/dos/x.com, $TMPDIR/x, build/work/x, ~/home/x\n' > c.md && "
                            MACHINE_PATH "a.c b.sh c.md | wc -l | grep -qx 3"),
                     0);
}
END_TEST

/* ---- the machine's observers ------------------------------------------------- */

/* The sampling hook does not look at the machine's trace and call-tree
 * observers, so only cpu_observe(), which picks the hook, may set them: no
 * assignment to `m->exact` or `m->calls` outside emu/cpu/cpu.c in the
 * folders that hold a machine (report/ and formats/ cannot include it,
 * and name other structs `m`), this file's planted lines aside.  The
 * pattern is checked on lines written for the purpose. */
#define OBSERVER_WRITE "grep -rnE '\\bm->(exact|calls) *=[^=]' --include=*.c --include=*.h "

START_TEST(observers_are_set_only_through_cpu_observe)
{
    ck_assert_int_eq(system(OBSERVER_WRITE "emu loader sampler lib cmd tests tools | grep -v -e '^emu/cpu/cpu.c:' -e '^tests/check_layers.c:' > " TMP
                            "/observers; test ! -s " TMP "/observers"),
                     0);
    ck_assert_int_eq(system("mkdir -p " TMP "/observe && printf 's->m->exact = &t;\\n' > " TMP "/observe/a.c && "
                            "printf 'm->calls = &o;\\n' > " TMP "/observe/b.c && "
                            "printf 'if (m->exact == NULL)\\nx->calls = t->node;\\nsum->exact = 0;\\n' > " TMP
                            "/observe/c.c && " OBSERVER_WRITE TMP "/observe | wc -l | grep -qx 2"),
                     0);
}
END_TEST

/* ---- the map is true -------------------------------------------------------- */

/* Appends to `why` each .c, .h or .inc of `folder` (and its subfolders)
 * that docs/architecture.md does not name: by "`FOLDER/BASE." (BASE.c,
 * BASE.h, BASE.c/.h) or by a row for the whole folder, "`FOLDER/` `*.EXT`" written together. */
static int unnamed_files(const char *folder, const char *doc, char *why, size_t n)
{
    DIR *d = opendir(folder);
    ck_assert_msg(d != NULL, "cannot list %s", folder);
    int bad = 0;
    struct dirent *e;
    while ((e = readdir(d))) {
        char path[512], want[600];
        snprintf(path, sizeof path, "%s%s", folder, e->d_name);
        struct stat st;
        if (e->d_name[0] != '.' && stat(path, &st) == 0 && S_ISDIR(st.st_mode)) {
            strcat(path, "/");
            bad += unnamed_files(path, doc, why, n);
            continue;
        }
        const char *dot = strchr(e->d_name, '.');
        if (!dot || (strcmp(dot, ".c") && strcmp(dot, ".h") && strcmp(dot, ".inc")))
            continue;
        snprintf(want, sizeof want, "`%s%.*s.", folder, (int)(dot - e->d_name), e->d_name);
        if (strstr(doc, want))
            continue;
        snprintf(want, sizeof want, "`%s*%s`", folder, dot);
        if (strstr(doc, want))
            continue;
        bad++;
        snprintf(why + strlen(why), n - strlen(why), "%s\n", path);
    }
    closedir(d);
    return bad;
}

/* docs/architecture.md's Modules table names every source file of the
 * tree, so a file added, moved or renamed fails here until the map says
 * what it owns. */
START_TEST(architecture_names_every_source_file)
{
    static const char *const folders[] = { "util/", "emu/", "loader/", "sampler/", "formats/", "report/", "lib/",
                                           "cmd/", "fuzz/", "tools/" };
    static char doc[65536];
    slurp("docs/architecture.md", doc, sizeof doc);
    ck_assert_uint_lt(strlen(doc), sizeof doc - 1);
    char why[4096] = "";
    int bad = 0;
    for (size_t i = 0; i < sizeof folders / sizeof folders[0]; i++)
        bad += unnamed_files(folders[i], doc, why, sizeof why);
    ck_assert_msg(bad == 0, "docs/architecture.md does not name %d files:\n%s", bad, why);
    /* and the check itself: a file it does not name */
    ck_assert_int_eq(system("mkdir -p " TMP "/mapcheck/report && touch " TMP "/mapcheck/report/newthing.c"), 0);
    why[0] = 0;
    ck_assert_int_eq(unnamed_files(TMP "/mapcheck/report/", "`report/*.h` `report/newthing_more.c`", why, sizeof why),
                     1);
    ck_assert_int_eq(unnamed_files(TMP "/mapcheck/report/", "x `" TMP "/mapcheck/report/newthing.c/.h` y", why,
                                   sizeof why), 0);
}
END_TEST

/* ---- identical.sh's pictures are the tests' ---------------------------------- */

/* One top-level function or START_TEST of a test file: its name, its body
 * (comments and preprocessor lines blanked), whether it takes a picture. */
struct unit {
    char name[64];
    char *body;
    int picture;
};

/* Whether p, in text, is the identifier w (no letter, digit or _ either side). */
static int word_at(const char *text, const char *p, const char *w)
{
    return starts_word(p, w) && (p == text || !(isalnum((unsigned char)p[-1]) || p[-1] == '_'));
}

/* Whether `body` sets an options struct's screen_png (`.screen_png =` or
 * `->screen_png =`, not `==`): the library's --screen-png. */
static int sets_screen_png(const char *body)
{
    for (const char *p = strstr(body, "screen_png"); p; p = strstr(p + 1, "screen_png")) {
        const char *q = p + strlen("screen_png");
        q += strspn(q, " \t\n");
        if (p > body + 1 && (p[-1] == '.' || (p[-1] == '>' && p[-2] == '-')) && word_at(body, p, "screen_png") &&
            q[0] == '=' && q[1] != '=')
            return 1;
    }
    return 0;
}

/* Whether `body` calls the function `name`. */
static int calls(const char *body, const char *name)
{
    for (const char *p = strstr(body, name); p; p = strstr(p + 1, name))
        if (word_at(body, p, name) && p[strlen(name) + strspn(p + strlen(name), " \t\n")] == '(')
            return 1;
    return 0;
}

/* Appends "NAME UNIT\n" to `out` for each FIX("NAME") in [from, to), once. */
static void fixtures_named(const char *from, const char *to, const char *unit, char *out, size_t n)
{
    for (const char *p = strstr(from, "FIX(\""); p && p < to; p = strstr(p + 1, "FIX(\"")) {
        char line[200];
        snprintf(line, sizeof line, "%.*s %s\n", (int)strcspn(p + 5, "\""), p + 5, unit);
        size_t k = strlen(line), have = strlen(out);
        int seen = 0;
        for (const char *q = strstr(out, line); q && !seen; q = strstr(q + 1, line))
            seen = q == out || q[-1] == '\n';
        if (word_at(from, p, "FIX") && !seen && have + k < n)
            memcpy(out + have, line, k + 1);
    }
}

/* Splits the C text of a test file into its top-level functions and
 * START_TESTs (u, at most max): a unit is a brace block at file scope
 * whose head (the text since the last `;` or block there) has a `(`; its
 * name is the identifier before that, or START_TEST's argument.  Comments
 * and preprocessor lines are blanked first, string and character literals
 * skipped for braces. */
static size_t split_units(const char *text, struct unit *u, size_t max)
{
    size_t len = strlen(text), count = 0;
    char *code = malloc(len + 1);
    ck_assert_ptr_nonnull(code);
    int line = 0, bol = 1;
    for (size_t i = 0; i < len;) {
        const char *end = NULL;
        if (text[i] == '/' && (text[i + 1] == '*' || text[i + 1] == '/'))
            end = skip_comment_or_literal(text + i, &line);
        if (bol && text[i] == '#')                  /* to the line's end without a backslash */
            for (end = text + i; *end && !(*end == '\n' && end[-1] != '\\');)
                end = end[0] == '/' && end[1] == '*' ? skip_comment_or_literal(end, &line) : end + 1;
        if (end) {
            for (; text + i < end; i++)
                code[i] = text[i] == '\n' ? '\n' : ' ';
            continue;
        }
        if ((end = skip_comment_or_literal(text + i, &line)) == NULL)
            end = text + i + 1;
        for (; text + i < end; i++) {
            code[i] = text[i];
            bol = text[i] == '\n' || (bol && isspace((unsigned char)text[i]));
        }
    }
    code[len] = 0;
    const char *head = code, *open = code;
    int depth = 0;
    for (const char *p = code; *p; p++) {
        const char *end = skip_comment_or_literal(p, &line);
        if (end) {
            p = end - 1;
            continue;
        }
        if (*p == '{' && depth++ == 0)
            open = p;
        const char *paren;
        if (*p == '}' && depth > 0 && --depth == 0 && (paren = memchr(head, '(', (size_t)(open - head))) != NULL) {
            const char *name = paren;
            while (name > head && isspace((unsigned char)name[-1]))
                name--;
            while (name > head && (isalnum((unsigned char)name[-1]) || name[-1] == '_'))
                name--;
            if (word_at(code, name, "START_TEST"))
                for (name = paren + 1; isspace((unsigned char)*name); name++)
                    ;
            if (count < max) {
                snprintf(u[count].name, sizeof u[count].name, "%.*s", (int)strspn(name, "abcdefghijklmnopqrstuvwxyz"
                         "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789_"), name);
                u[count].body = strndup(open, (size_t)(p + 1 - open));
                ck_assert_ptr_nonnull(u[count].body);
                u[count].picture = sets_screen_png(u[count].body);
                count++;
            }
            ck_assert_uint_lt(count, max);
        }
        if ((*p == '}' || *p == ';') && depth == 0)
            head = p + 1;
    }
    free(code);
    return count;
}

/* Appends "NAME UNIT\n" to `out` for each fixture a test file (its C
 * text) takes a picture of: each FIX("NAME") in a unit that sets
 * screen_png or calls one of the file's units that does (to a fixed
 * point), and each FIX("NAME") in a statement with "--screen-png" in it
 * (a command line). */
static void pictures_taken(const char *text, char *out, size_t n)
{
    struct unit u[512];
    size_t count = split_units(text, u, sizeof u / sizeof u[0]);
    for (int more = 1; more;) {
        more = 0;
        for (size_t i = 0; i < count; i++)
            for (size_t j = 0; j < count && !u[i].picture; j++)
                if (u[j].picture && calls(u[i].body, u[j].name))
                    u[i].picture = more = 1;
    }
    for (size_t i = 0; i < count; i++) {
        const char *b = u[i].body;
        if (u[i].picture)
            fixtures_named(b, b + strlen(b), u[i].name, out, n);
        for (const char *p = strstr(b, "--screen-png"); p; p = strstr(p + 1, "--screen-png")) {
            const char *from = p, *to = p + strcspn(p, ";");
            while (from > b && !strchr(";{}", from[-1]))
                from--;
            fixtures_named(from, to, u[i].name, out, n);
        }
        free(u[i].body);
    }
}

/* " a.com b.com ... ": the first word of each line of the here-document
 * of tools/identical.sh's pictures() (its text). */
static void pictures_listed(const char *script, char *out, size_t n)
{
    const char *p = strstr(script, "\npictures() {\n");
    ck_assert_msg(p != NULL, "tools/identical.sh has no pictures() {");
    p = strstr(p, "<<'EOF'\n");
    ck_assert_msg(p != NULL, "tools/identical.sh's pictures() has no <<'EOF'");
    snprintf(out, n, " ");
    for (p = strchr(p, '\n') + 1; *p && strncmp(p, "EOF\n", 4) != 0; p += strcspn(p, "\n") + (p[strcspn(p, "\n")] != 0))
        snprintf(out + strlen(out), n - strlen(out), "%.*s ", (int)strcspn(p, " \n"), p);
}

/* Whether the list " a b c " has the word w (of wlen characters). */
static int listed(const char *list, const char *w, size_t wlen)
{
    char key[128];
    snprintf(key, sizeof key, " %.*s ", (int)wlen, w);
    return strstr(list, key) != NULL;
}

/* The picture pass of `make identical` (tools/identical.sh's pictures())
 * runs every fixture a test takes a picture of (pictures_taken() on each
 * tests/check_*.c), and no other; then the scan on text written for the
 * purpose: a picture through a helper's helper, set directly, on a
 * command line; none for a fixture run beside one, compared with
 * screen_png, or named in a comment. */
START_TEST(identical_lists_every_picture_the_tests_take)
{
    static char script[65536], text[1 << 20];
    char list[2048], taken[4096] = " ", why[4096] = "";
    int bad = 0;
    slurp("tools/identical.sh", script, sizeof script);
    pictures_listed(script, list, sizeof list);
    ck_assert_msg(strcmp(list, " ") != 0, "tools/identical.sh's pictures() lists no fixture");
    DIR *d = opendir("tests");
    ck_assert_ptr_nonnull(d);
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        size_t len = strlen(e->d_name);
        if (strncmp(e->d_name, "check_", 6) != 0 || len < 3 || strcmp(e->d_name + len - 2, ".c") != 0)
            continue;
        char path[300], mine[8192] = "";
        snprintf(path, sizeof path, "tests/%s", e->d_name);
        slurp(path, text, sizeof text);
        ck_assert_uint_lt(strlen(text), sizeof text - 1);
        pictures_taken(text, mine, sizeof mine);
        for (const char *l = mine; *l; l += strcspn(l, "\n") + 1) {
            size_t w = strcspn(l, " ");
            if (!listed(taken, l, w))
                snprintf(taken + strlen(taken), sizeof taken - strlen(taken), "%.*s ", (int)w, l);
            if (!listed(list, l, w) && ++bad)
                snprintf(why + strlen(why), sizeof why - strlen(why), "%s: %.*s takes a picture of %.*s, which "
                         "pictures() does not list\n", path, (int)strcspn(l + w + 1, "\n"), l + w + 1, (int)w, l);
        }
    }
    closedir(d);
    for (const char *w = list + 1; *w; w += strcspn(w, " ") + 1)
        if (!listed(taken, w, strcspn(w, " ")) && ++bad)
            snprintf(why + strlen(why), sizeof why - strlen(why), "pictures() lists %.*s, of which no test takes a "
                     "picture\n", (int)strcspn(w, " "), w);
    ck_assert_msg(bad == 0, "tools/identical.sh's picture pass is not the tests' pictures:\n%s", why);

    char got[1024] = "";
    pictures_taken("#define SHOT(o) { (o).screen_png = \"x\"; }\n"
                   "static void snap(struct profil_options *o)\n{\n    o->screen_png = TMP \"/s.png\";\n}\n"
                   "struct shot { int w; };\n"
                   "static void snap_of(const char *f) { struct profil_options o = fixture_options(f, \"x\");"
                   " snap (&o); }\n"
                   "START_TEST(through_helpers)\n{\n    snap_of(FIX(\"helped.com\"));\n    snap_of(FIX(\"helped.com\"));\n}\nEND_TEST\n"
                   "START_TEST(direct)\n{\n    struct profil_options o = fixture_options(FIX(\"direct.com\"), \"x\");\n"
                   "    o.screen_png = \"d.png\";\n}\nEND_TEST\n"
                   "START_TEST(cli)\n{\n    run_profil(&r, \"run -q\", NULL);\n"
                   "    run_profil(&r, \"run --screen-png s.png \" FIX(\"cli.com\"), NULL);\n"
                   "    run_profil(&r, \"run -q \" FIX(\"beside.com\"), NULL);\n}\nEND_TEST\n"
                   "START_TEST(none)\n{\n    struct profil_options o = fixture_options(FIX(\"none.com\"), \"x\");\n"
                   "    if (o.screen_png == NULL) /* o.screen_png = x; FIX(\"comment.com\") */\n"
                   "        snapshot(&o, \"{\");\n}\nEND_TEST\n",
                   got, sizeof got);
    ck_assert_str_eq(got, "helped.com through_helpers\ndirect.com direct\ncli.com cli\n");
    char planted[256];
    pictures_listed("x\npictures() {\n    cat <<'EOF'\nborder.com -\ncga4.com - p\nEOF\n}\n", planted,
                    sizeof planted);
    ck_assert_str_eq(planted, " border.com cga4.com ");
}
END_TEST

/* ---- two machines in one process ------------------------------------------ */

struct pc {
    struct machine *m;
    struct console con;
    struct dos dos;
    struct process proc;
    struct sampler s;               /* PROFIL's samples, as `profil run -i 100 -b 1` takes them */
    FILE *in, *out;
};

/* How pc_start_on() times the PC: the table, the bus model, or the bus
 * model with every instruction played clock by clock (cpu_bus_play_every). */
enum pc_clock { PC_TABLE, PC_BUS, PC_BUS_PLAYED };

/* A PC of `model` running `fixture` with `input` as its keys (stdin), its
 * output in a temporary file, and PROFIL's sampler every 100 us with
 * 1-paragraph buckets (as cmd/session.c sets it up), on the clock `clock`. */
static void pc_start_on(struct pc *pc, const char *fixture, const char *input, enum pc_clock clock,
                        enum cpu_model model)
{
    uint8_t *file;
    size_t n;
    char err[256];
    struct dos_image img;
    memset(pc, 0, sizeof *pc);
    ck_assert_int_eq(read_file(fixture, &file, &n, err, sizeof err), 0);
    ck_assert_int_eq(exe_parse(file, n, &img, err, sizeof err), 0);
    pc->m = machine_new(model);
    ck_assert_ptr_nonnull(pc->m);
    pc->in = fmemopen((void *)input, strlen(input), "r");
    pc->out = tmpfile();
    ck_assert(pc->in && pc->out);
    console_init(&pc->con, pc->in, pc->out, NULL);
    ck_assert_int_eq(bios_install(pc->m, &pc->con, 0), 0);
    ck_assert_int_eq(dos_install(&pc->dos, pc->m, &pc->con, pc->out), 0);
    struct process_args a = { "C:\\PROG.COM", "", NULL, 0 };
    ck_assert_int_eq(process_create(pc->m, &pc->dos, &img, &a, &pc->proc, err, sizeof err), 0);
    if (clock != PC_TABLE)
        ck_assert_int_eq(cpu_set_bus_model(pc->m, 0), 0);
    if (clock == PC_BUS_PLAYED)
        cpu_bus_play_every(pc->m);
    struct prf_layout l;
    ck_assert_int_eq(prf_layout_make(&l, 100, 1, sampler_program_paras(fixture, file, n), pc->proc.load_seg,
                                     mem_rw(pc->m, 0x82), err, sizeof err), 0);
    ck_assert_int_eq(sampler_init(&pc->s, &l), 0);
    machine_set_tick(pc->m, cycles_from_usec(100), sampler_tick, &pc->s);
    free(file);
}

/* The same on the 8088, on the bus model when `bus`. */
static void pc_start(struct pc *pc, const char *fixture, const char *input, int bus)
{
    pc_start_on(pc, fixture, input, bus ? PC_BUS : PC_TABLE, CPU_8088);
}

/* Run up to `slice` more instructions (0: to the end); 1 while it has not ended. */
static int pc_step(struct pc *pc, uint64_t slice)
{
    struct machine *m = pc->m;
    if (m->stop && m->stop != STOP_MAX_INSN)
        return 0;
    m->stop = STOP_NONE;
    m->max_insn = slice ? cpu_insn_count(m) + slice : 0;
    machine_run(m);
    return m->stop == STOP_MAX_INSN;
}

struct outcome {
    int stop, exit_code;
    uint64_t hit_io, hit_dos, hit_high, total, bucket_sum, insns, now;
    uint64_t memo_lookups;                  /* the bus model's (cpu_bus_memo_stats) */
    char out[512];
};

static void pc_finish(struct pc *pc, struct outcome *o)
{
    memset(o, 0, sizeof *o);
    console_flush(&pc->con);
    o->stop = pc->m->stop;
    o->exit_code = pc->m->exit_code;
    o->hit_io = pc->s.hit_io;
    o->hit_dos = pc->s.hit_dos;
    o->hit_high = pc->s.hit_high;
    o->total = pc->s.total;
    for (uint32_t i = 0; i < pc->s.layout.bucket_num; i++)
        o->bucket_sum += pc->s.bucket[i] * (i + 1);     /* which bucket each sample is in counts */
    sampler_free(&pc->s);
    o->insns = cpu_insn_count(pc->m);
    o->now = pc->m->now;
    uint64_t misses;
    cpu_bus_memo_stats(pc->m, &o->memo_lookups, &misses);
    rewind(pc->out);
    size_t got = fread(o->out, 1, sizeof o->out - 1, pc->out);
    o->out[got] = 0;
    dos_free(&pc->dos);
    machine_free(pc->m);
    fclose(pc->in);
    fclose(pc->out);
}

static void assert_same(const struct outcome *a, const struct outcome *b, const char *what)
{
    ck_assert_msg(a->stop == b->stop && a->exit_code == b->exit_code, "%s: stop %d/%d exit %d/%d",
                  what, a->stop, b->stop, a->exit_code, b->exit_code);
    ck_assert_msg(a->total == b->total && a->hit_io == b->hit_io && a->hit_dos == b->hit_dos &&
                  a->hit_high == b->hit_high && a->bucket_sum == b->bucket_sum,
                  "%s: %llu samples, then %llu", what, (unsigned long long)a->total,
                  (unsigned long long)b->total);
    ck_assert_msg(a->insns == b->insns && a->now == b->now, "%s: instructions or cycles differ", what);
    ck_assert_str_eq(a->out, b->out);
}

/* hotloop.com on the bus model, and biosread.com twice, reading its keys
 * through INT 16h from its own stdin (the BIOS's console: one per
 * machine), each run alone, then all three set up before any runs and
 * stepped in turn 5000 instructions at a time: each gives exactly its
 * samples (per class and bucket), exit code, instructions, cycles and
 * output alone.  biosread.com prints its three keys and exits with the
 * first's code: 'o' (6Fh) for "one", 't' (74h) for "two" (with one BIOS
 * for the process, as before, the first read the last one's keys). */
START_TEST(two_machines_interleaved_give_their_own_figures)
{
    struct pc a, b, c;
    struct outcome alone_a, alone_b, alone_c, with_a, with_b, with_c;
    pc_start(&a, FIX("hotloop.com"), "", 1);
    pc_step(&a, 0);
    pc_finish(&a, &alone_a);
    pc_start(&b, FIX("biosread.com"), "one", 0);
    pc_step(&b, 0);
    pc_finish(&b, &alone_b);
    pc_start(&c, FIX("biosread.com"), "two", 0);
    pc_step(&c, 0);
    pc_finish(&c, &alone_c);
    ck_assert_int_eq(alone_a.exit_code, 0);
    ck_assert_int_eq(alone_b.exit_code, 'o');
    ck_assert_str_eq(alone_b.out, "one");
    ck_assert_int_eq(alone_c.exit_code, 't');
    ck_assert_str_eq(alone_c.out, "two");
    ck_assert_uint_eq(alone_a.total, 15362);        /* `make demo`'s figure (README) */

    pc_start(&a, FIX("hotloop.com"), "", 1);
    pc_start(&b, FIX("biosread.com"), "one", 0);
    pc_start(&c, FIX("biosread.com"), "two", 0);
    for (int more = 1; more;) {
        more = pc_step(&a, 5000);
        more |= pc_step(&b, 5000);
        more |= pc_step(&c, 5000);
    }
    pc_finish(&a, &with_a);
    pc_finish(&b, &with_b);
    pc_finish(&c, &with_c);
    assert_same(&alone_a, &with_a, "hotloop.com");
    assert_same(&alone_b, &with_b, "biosread.com one");
    assert_same(&alone_c, &with_c, "biosread.com two");
}
END_TEST

/* The bus model's memo, its form table, its derivation near the refresh
 * and its REP strings' memo give what playing every instruction clock by
 * clock gives (emu/cpu/biu_memo.h says why each is exact): each program
 * run under the bus model with them, then with cpu_bus_play_every(), on
 * both CPUs, ends at the same clock with the same samples, per class and
 * bucket, and the same output.  The programs: bench.com's mix, sieve.com,
 * gamelike.com (a game's loop: the timer, the retrace, the keyboard),
 * repirq.com (interrupts inside REP strings, to its end), benchrep.com's
 * REP strings and benchvid.com's CGA memory (wait states: never memoised,
 * played either way), for as many instructions as keep the played runs
 * short, and the pi spigot's compiled C (where dev86's bcc built it).  The
 * memo must have answered more than a quarter of the first run's
 * instructions, and none of the second's. */
START_TEST(bus_memo_gives_what_playing_gives)
{
    static const struct {
        const char *fixture;
        uint64_t most, ran;     /* instructions at most, and those it runs */
    } runs[] = {
        { FIX("bench.com"), 1000000, 1000000 },   { FIX("sieve.com"), 1000000, 1000000 },
        { FIX("gamelike.com"), 1000000, 1000000 },
        { FIX("repirq.com"), 1000000, 397 },      /* to its end: REP strings of 65,535 bytes, cut by the timer */
        { FIX("benchrep.com"), 100000, 100000 }, { FIX("benchvid.com"), 100000, 100000 },
        { FIX("pispigot.com"), 1000000, 1000000 },
    };
    for (unsigned i = 0; i < sizeof runs / sizeof runs[0]; i++) {
        if (access(runs[i].fixture, R_OK) != 0) {
            fprintf(stderr, "check_layers: %s skipped: not built (dev86's bcc is not installed: apt-get install bcc)\n",
                    runs[i].fixture);
            continue;
        }
        for (unsigned wide = 0; wide < 2; wide++) {
            struct pc pc;
            struct outcome memo, played;
            char what[160];
            snprintf(what, sizeof what, "%s on the 808%c", runs[i].fixture, wide ? '6' : '8');
            pc_start_on(&pc, runs[i].fixture, "", PC_BUS, wide ? CPU_8086 : CPU_8088);
            pc_step(&pc, runs[i].most);
            pc_finish(&pc, &memo);
            pc_start_on(&pc, runs[i].fixture, "", PC_BUS_PLAYED, wide ? CPU_8086 : CPU_8088);
            pc_step(&pc, runs[i].most);
            pc_finish(&pc, &played);
            assert_same(&memo, &played, what);
            ck_assert_msg(memo.insns == runs[i].ran, "%s: %llu instructions", what,
                          (unsigned long long)memo.insns);
            ck_assert_msg(memo.memo_lookups > memo.insns / 4 && played.memo_lookups == 0,
                          "%s: %llu lookups with the memo, %llu played", what,
                          (unsigned long long)memo.memo_lookups, (unsigned long long)played.memo_lookups);
        }
    }
}
END_TEST

Suite *layers_suite(void)
{
    Suite *s = suite_create("layers");
    TCase *tc = tcase_create("layers");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, includes_go_only_downward);
    tcase_add_test(tc, layer_check_catches_an_upward_include);
    tcase_add_test(tc, no_mutable_state_at_file_scope);
    tcase_add_test(tc, architecture_names_every_source_file);
    tcase_add_test(tc, identical_lists_every_picture_the_tests_take);
    tcase_add_test(tc, arrays_grow_through_util);
    tcase_add_test(tc, profilers_go_through_their_rows);
    tcase_add_test(tc, observers_are_set_only_through_cpu_observe);
    tcase_add_test(tc, no_machine_paths_in_the_tree);
    tcase_add_test(tc, two_machines_interleaved_give_their_own_figures);
    tcase_add_test(tc, bus_memo_gives_what_playing_gives);
    suite_add_tcase(s, tc);
    return s;
}

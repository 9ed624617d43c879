/*
 * tests/check_man.c: the man pages and the bash and zsh completions that `make man`
 * and `make completion` generate from the option tables (cmd/manpage.h):
 * every option of each --help is in its page, groff renders the pages
 * without a warning, text is escaped for roff, and bash and zsh, with the
 * scripts loaded, complete subcommands, options, option values and files by
 * extension, alike.
 */
#include <string.h>

#include "testutil.h"
#include "../cmd/commands.h"
#include "../cmd/manpage.h"

#ifndef BUILD_DIR
#define BUILD_DIR "build"
#endif

static const struct command_doc *const docs[] = { &run_doc, &show_doc, &hist_doc, &diff_doc, &cover_doc, &merge_doc,
                                                   &annotate_doc, &report_doc };
#define NDOCS (sizeof docs / sizeof docs[0])

static char page[65536];

/* sh -c cmd's exit status (-1: killed). */
static int shell(const char *cmd)
{
    int st = system(cmd);
    return WIFEXITED(st) ? WEXITSTATUS(st) : -1;
}

/* s with '-' as roff's "\-". */
static void roff_escaped(const char *s, char *out, size_t n)
{
    size_t k = 0;
    for (; *s && k + 3 < n; s++) {
        if (*s == '-')
            out[k++] = '\\';
        out[k++] = *s;
    }
    out[k] = 0;
}

/* Each option line of `profil CMD --help` ("  -b, --bucket-size PARAS   ...",
 * "      --by function   ..."): its names and value are in the page as
 * \fB\-b\fR, \fB\-\-bucket\-size\fR \fIPARAS\fR. */
static void check_help_in_page(const char *help, const char *cmd)
{
    int options = 0;
    for (const char *line = help, *nl; *line; line = nl + 1) {
        nl = strchr(line, '\n');
        ck_assert_ptr_nonnull(nl);
        if (strncmp(line, "  -", 3) != 0 && strncmp(line, "      --", 8) != 0)
            continue;
        char shortopt[8] = "", longopt[80], arg[80] = "", want[700], e1[200], e2[200], e3[200];
        const char *s = line + 6;
        if (line[2] == '-')     /* "  -b, --bucket-size" */
            snprintf(shortopt, sizeof shortopt, "%.2s", line + 2);
        size_t len = strcspn(s, " \n");
        snprintf(longopt, sizeof longopt, "%.*s", (int)len, s);
        if (s[len] == ' ' && s[len + 1] != ' ')
            snprintf(arg, sizeof arg, "%.*s", (int)strcspn(s + len + 1, " \n"), s + len + 1);
        roff_escaped(shortopt, e1, sizeof e1);
        roff_escaped(longopt, e2, sizeof e2);
        roff_escaped(arg, e3, sizeof e3);
        snprintf(want, sizeof want, "%s%s%s\\fB%s\\fR%s%s%s\n", *e1 ? "\\fB" : "", e1, *e1 ? "\\fR, " : "", e2,
                 *e3 ? " \\fI" : "", e3, *e3 ? "\\fR" : "");
        ck_assert_msg(strstr(page, want) != NULL, "profil-%s.1 lacks %s", cmd, want);
        options++;
    }
    ck_assert_msg(options > 0 || !strcmp(cmd, "show"), "%s --help: no options read", cmd);
}

START_TEST(every_option_of_help_in_its_page)
{
    struct run_result r;
    char path[200], args[300];
    for (size_t i = 0; i < NDOCS; i++) {
        const char *cmd = docs[i]->options->command;
        snprintf(path, sizeof path, BUILD_DIR "/man/profil-%s.1", cmd);
        slurp(path, page, sizeof page);
        ck_assert_msg(page[0] != 0, "%s: missing (make man)", path);
        /* what `profil --man CMD` writes now */
        snprintf(args, sizeof args, PROFIL_BIN " --man %s | cmp -s - %s", cmd, path);
        ck_assert_msg(shell(args) == 0, "%s is not what profil --man %s writes", path, cmd);
        snprintf(args, sizeof args, "%s --help", cmd);
        run_profil(&r, args, NULL);
        ck_assert_int_eq(r.status, 0);
        check_help_in_page(r.out, cmd);
        ck_assert_msg(strstr(page, "\n.SH EXIT STATUS\nexit status, every command: 0 done; 2 bad input") != NULL,
                      "%s", path);
    }
    /* profil(1) names every subcommand's page */
    slurp(BUILD_DIR "/man/profil.1", page, sizeof page);
    for (size_t i = 0; i < NDOCS; i++) {
        char want[80];
        snprintf(want, sizeof want, ".TP\n.BR profil\\-%s (1)\n", docs[i]->options->command);
        ck_assert_msg(strstr(page, want) != NULL, "profil.1 lacks %s", want);
    }
    ck_assert_ptr_nonnull(strstr(page, ".TH PROFIL 1 \"" PROFIL_DATE "\" \"profil " PROFIL_VERSION "\" \"profil manual\"\n"));
}
END_TEST

/* groff with every warning (-ww), and mandoc -Tlint where installed, say
 * nothing about any page. */
START_TEST(pages_render_without_warnings)
{
    static const char *const pages[] = { "profil", "profil-run", "profil-show", "profil-hist", "profil-diff",
                                         "profil-cover", "profil-merge", "profil-annotate", "profil-report" };
    char cmd[400], err[4096];
    for (size_t i = 0; i < sizeof pages / sizeof *pages; i++) {
        snprintf(cmd, sizeof cmd, "groff -man -Tutf8 -ww -z " BUILD_DIR "/man/%s.1 2> " TMP "/groff.err", pages[i]);
        ck_assert_int_eq(system("mkdir -p " TMP), 0);
        int st = system(cmd);
        slurp(TMP "/groff.err", err, sizeof err);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: groff failed: %s", pages[i], err);
        ck_assert_msg(err[0] == 0, "%s.1: %s", pages[i], err);
        /* mandoc's lint too, where it is installed (Debian: mandoc) */
        snprintf(cmd, sizeof cmd, "! command -v mandoc >/dev/null || mandoc -Tlint -W warning " BUILD_DIR
                 "/man/%s.1 > " TMP "/groff.err 2>&1", pages[i]);
        st = system(cmd);
        slurp(TMP "/groff.err", err, sizeof err);
        ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0 && err[0] == 0, "%s.1: %s", pages[i], err);
    }
    /* rendered, the run page has its sections and the names unescaped */
    char out[64];
    ck_assert_int_eq(shell(PROFIL_BIN " --man run | groff -man -Tascii -P-c -P-b -P-u | grep -c -e '^NAME$' -e "
                           "'^OPTIONS$' -e '^EXIT STATUS$' -e '--bucket-size PARAS$' > " TMP "/groff.out"),
                     0);
    slurp(TMP "/groff.out", out, sizeof out);
    ck_assert_str_eq(out, "4\n");
}
END_TEST

/* Text that roff would read as a request or an escape is escaped: a line
 * starting with '.' or '\'' gets \&, '-' is \-, '\\' is \e; a blank line
 * between paragraphs is .PP; a range from the table follows the help. */
struct tiny {
    unsigned n;
};
static const struct opt tiny_table[] = {
    { "count", 'c', OPT_UNSIGNED, OPT_AT(struct tiny, n), .min = 2, .max = 9, .unit = "things", .arg = "N",
      .help = "a back\\slash and a-dash\n.dot at a line's start\n'quote too" },
};
static const struct command_options tiny_options = {
    .command = "tiny", .synopsis = "profil tiny [options] X.Y   a tiny command", .heading = "tiny options:",
    .opt = tiny_table, .n = 1,
};
static const struct command_doc tiny_doc = { &tiny_options, "First.\n\n.Second paragraph.\n", "" };

START_TEST(roff_escapes)
{
    const struct command_doc *const list[] = { &tiny_doc };
    char buf[16384];
    FILE *f = fmemopen(buf, sizeof buf, "w");
    ck_assert_ptr_nonnull(f);
    man_page(f, list, 1, &tiny_doc);
    ck_assert_int_eq(fclose(f), 0);
    ck_assert_ptr_nonnull(strstr(buf, ".TH PROFIL\\-TINY 1 "));
    ck_assert_ptr_nonnull(strstr(buf, ".SH NAME\nprofil\\-tiny \\- a tiny command\n"));
    ck_assert_ptr_nonnull(strstr(buf, ".SH SYNOPSIS\n\\fBprofil tiny\\fR [options] X.Y\n.SH DESCRIPTION\n"));
    ck_assert_ptr_nonnull(strstr(buf, ".SH DESCRIPTION\nFirst.\n.PP\n\\&.Second paragraph.\n.SH OPTIONS\n"));
    ck_assert_ptr_nonnull(strstr(buf, ".TP\n\\fB\\-c\\fR, \\fB\\-\\-count\\fR \\fIN\\fR\n"
                                      "a back\\eslash and a\\-dash\n\\&.dot at a line's start\n\\&'quote too\n"
                                      ".br\nValues: 2 to 9 things\n"));
    ck_assert_ptr_nonnull(strstr(buf, ".SH SEE ALSO\n.BR profil (1)\n.PP\n"));
}
END_TEST

/* Runs a shell on a script that prints the words offered: it must exit 0
 * and say nothing on stderr; out: its stdout.  words: for the messages,
 * which give the shell's status (exit N, or the signal that killed it)
 * and what it said on stderr. */
static void run_script(const char *shell_and_script, const char *words, char *out, size_t n)
{
    char cmd[512], err[1024];
    snprintf(cmd, sizeof cmd, "%s > " TMP "/comp.out 2> " TMP "/comp.err", shell_and_script);
    int st = system(cmd);
    slurp(TMP "/comp.err", err, sizeof err);
    ck_assert_msg(WIFEXITED(st) && WEXITSTATUS(st) == 0, "%s: %s %s %d, stderr:\n%s", words, shell_and_script,
                  WIFEXITED(st) ? "exit" : "killed by signal", WIFEXITED(st) ? WEXITSTATUS(st) : WTERMSIG(st), err);
    ck_assert_msg(err[0] == 0, "%s: %s", words, err);
    slurp(TMP "/comp.out", out, n);
}

/* The completion script `make completion` built for `shell` (file, in
 * BUILD_DIR/completion/) is there and is what `profil --completion shell`
 * writes now, before the cases source it: a missing or stale one says so
 * (as a man page does) rather than failing the first case. */
static void built_completion_is_profils(const char *shell_name, const char *file)
{
    char cmd[512];
    snprintf(cmd, sizeof cmd, "test -f " BUILD_DIR "/completion/%s", file);
    ck_assert_msg(shell(cmd) == 0, BUILD_DIR "/completion/%s: missing (make completion)", file);
    snprintf(cmd, sizeof cmd, PROFIL_BIN " --completion %s | cmp -s - " BUILD_DIR "/completion/%s", shell_name, file);
    ck_assert_msg(shell(cmd) == 0, BUILD_DIR "/completion/%s is not what profil --completion %s writes (make completion)",
                  file, shell_name);
}

/* Runs _profil from the generated script with COMP_WORDS = words (a bash
 * array's contents) and COMP_CWORD = cword, in TMP/comp (files below);
 * out: COMPREPLY sorted, a line each. */
static void complete_bash(const char *words, int cword, char *out, size_t n)
{
    FILE *f = fopen(TMP "/comp.sh", "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, ". " BUILD_DIR "/completion/profil || exit 9\ncd " TMP "/comp || exit 9\n"
               "COMP_WORDS=(%s)\nCOMP_CWORD=%d\n_profil\n"
               "[ ${#COMPREPLY[@]} -eq 0 ] || printf '%%s\\n' \"${COMPREPLY[@]}\" | LC_ALL=C sort\n",
            words, cword);
    ck_assert_int_eq(fclose(f), 0);
    run_script("bash --norc --noprofile " TMP "/comp.sh", words, out, n);
}

/* The same through the zsh script: bash's words with each "X = Y" as the
 * one word "X=Y" that zsh sees, CURRENT 1-based; _profil_candidates's
 * choice turned into what compadd and _files would offer here: the words
 * of reply and, for exts, the files of those extensions (any case) or any
 * file ("*"), with the folders, all starting with the word typed. */
static void complete_zsh(const char *words, int cword, char *out, size_t n)
{
    char zwords[256];
    size_t k = 0;
    int joins = 0;
    for (const char *s = words; *s && k + 1 < sizeof zwords; s++) {
        if (!strncmp(s, " = ", 3)) {
            zwords[k++] = '=';
            s += 2;
            joins++;
        } else {
            zwords[k++] = *s;
        }
    }
    zwords[k] = 0;
    FILE *f = fopen(TMP "/comp.zsh", "w");
    ck_assert_ptr_nonnull(f);
    fprintf(f, "compdef() { }\nsource " BUILD_DIR "/completion/_profil || exit 9\ncd " TMP "/comp || exit 9\n"
               "typeset -a reply out\ntypeset exts cur f\n"
               "words=(%s)\nCURRENT=%d\n_profil_candidates || exit 8\n"
               "cur=${words[CURRENT]}\n[[ $cur == --*=* ]] && cur=${cur#*=}\n"
               "out=(${(M)reply:#${(b)cur}*})\n"
               "if [[ -n $exts ]]; then\n"
               "    for f in ${(b)cur}*(N); do\n"
               "        if [[ -d $f || $exts == '*' ]] || [[ $f == *.* && \" $exts \" == *\" ${(U)f##*.} \"* ]]; then\n"
               "            out+=($f)\n"
               "        fi\n"
               "    done\n"
               "fi\n"
               "(( ${#out} == 0 )) || print -rl -- $out | LC_ALL=C sort\n",
            zwords, cword + 1 - 2 * joins);
    ck_assert_int_eq(fclose(f), 0);
    run_script("zsh -f " TMP "/comp.zsh", zwords, out, n);
}

/* What each shell offers for bash's COMP_WORDS and COMP_CWORD, in a
 * folder of A.PRF b.prf c.prx D.PRX e.txt w.EXE x.com m.MAP n.map sub/. */
static void completes_as_the_table(void (*complete)(const char *, int, char *, size_t))
{
    static const struct {
        const char *words;
        int cword;
        const char *want;
    } cases[] = {
        { "profil ru", 1, "run\n" },
        { "profil d", 1, "diff\n" },
        { "profil ''", 1, "annotate\ncover\ndiff\nhelp\nhist\nmerge\nreport\nrun\nshow\nsub\nw.EXE\nx.com\n" },   /* + the dialogue's */
        { "profil -", 1, "--help\n--version\n" },
        { "profil run --ti", 2, "--timeout\n--timing\n" },
        { "profil run --timing ''", 3, "bus\ntable\n" },
        { "profil run --cpu 2", 3, "286\n" },
        { "profil run -b ''", 3, "" },                                        /* a number */
        { "profil run ''", 2, "sub\nw.EXE\nx.com\n" },
        { "profil run --map ''", 3, "m.MAP\nn.map\nsub\n" },
        /* after the program: its own arguments, any file, no options */
        { "profil run --timing bus x.com ''", 5, "A.PRF\nD.PRX\nb.prf\nc.prx\ne.txt\nm.MAP\nn.map\nsub\nw.EXE\nx.com\n" },
        { "profil run -q x.com --t", 4, "" },
        { "profil hist ''", 2, "A.PRF\nD.PRX\nb.prf\nc.prx\nsub\n" },
        { "profil hist --format c", 3, "callgrind\ncsv\n" },
        { "profil hist --by ''", 3, "bucket\nframe\nfunction\nlabel\nline\nservice\nsite\nsymbol\nzone\n" },
        { "profil hist --map n.map --s", 4, "--sort\n--style\n" },
        { "profil show ''", 2, "A.PRF\nb.prf\nsub\n" },
        { "profil diff A.PRF ''", 3, "A.PRF\nD.PRX\nb.prf\nc.prx\nsub\n" },
        { "profil diff --by ''", 3, "function\n" },
        { "profil cover ''", 2, "D.PRX\nc.prx\nsub\n" },
        { "profil cover --map = ''", 4, "m.MAP\nn.map\nsub\n" },              /* --map=<TAB> */
        { "profil cover --by = l", 4, "line\n" },
        { "profil annotate ''", 2, "A.PRF\nD.PRX\nb.prf\nc.prx\nsub\n" },
        { "profil report ''", 2, "D.PRX\nc.prx\nsub\n" },
        { "profil bogus ''", 2, "" },
    };
    char out[2048];
    ck_assert_int_eq(system("rm -rf " TMP "/comp && mkdir -p " TMP "/comp/sub && cd " TMP "/comp && touch A.PRF "
                            "b.prf c.prx D.PRX e.txt w.EXE x.com m.MAP n.map"),
                     0);
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        complete(cases[i].words, cases[i].cword, out, sizeof out);
        ck_assert_msg(strcmp(out, cases[i].want) == 0, "%s (word %d): got\n%s", cases[i].words, cases[i].cword, out);
    }
}

START_TEST(bash_completion)
{
    built_completion_is_profils("bash", "profil");
    completes_as_the_table(complete_bash);
    struct run_result r;
    run_profil(&r, "--completion fish", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: --completion: want bash or zsh\n");
    run_profil(&r, "--man bogus", NULL);
    ck_assert_int_eq(r.status, 125);
    ck_assert_str_eq(r.err, "profil: --man bogus: no such command\n");
    ck_assert_str_eq(r.out, "");
}
END_TEST

/* An interactive zsh in a pseudo-terminal (zsh/zpty), with compinit and
 * the script on its fpath, in TMP/comp: each line typed, then TAB, then
 * ^X (a widget that shows the command line as "BUF<...>"); the screen must
 * match the pattern.  This runs zsh's own compadd and _files on what
 * _profil asks.  A pattern that never comes stops it at the timeout. */
static const char zpty_driver[] =
    "zmodload zsh/zpty || exit 7\n"
    "zpty z 'TERM=xterm zsh -f -i'\n"
    "zpty -w z 'PS1=\"%% \"; fpath=($PWD/" TMP "/zfunc $fpath); autoload -Uz compinit; compinit -D -u; "
    "cd " TMP "/comp; setopt nobeep; LISTMAX=0; _show() { zle -M \"BUF<$BUFFER>\" }; zle -N _show; "
    "bindkey \"^X\" _show; print RE\"\"ADY'\n"
    "zpty -r -m z out '*READY*' || exit 6\n"
    "try() {\n"
    "    zpty -w -n z \"$1\"$'\\t\\C-x'\n"
    "    zpty -r -m z out \"$2\" || exit 5\n"
    "    print -r \"ok: $1\"\n"
    "    zpty -w -n z $'\\C-u'\n"
    "    zpty -w z 'print D\"\"ONE'\n"
    "    zpty -r -m z out '*DONE*' || exit 4\n"
    "}\n"
    "try 'profil ru' '*BUF<profil run >*'\n"
    "try 'profil hist --map ' '*m.MAP*n.map*sub/*BUF<*'\n"
    "try 'profil cover --map=' '*m.MAP*n.map*sub/*BUF<*'\n"
    "try 'profil run --cpu 2' '*BUF<profil run --cpu 286 >*'\n"
    "try 'profil show ' '*A.PRF*b.prf*sub/*BUF<*'\n"
    "try 'profil run x.com ' '*A.PRF*D.PRX*b.prf*c.prx*e.txt*BUF<*'\n"
    "try 'profil cover --by=l' '*BUF<profil cover --by=line >*'\n"
    "zpty -d z\n";

/* zsh offers what bash does, for every case of the table; the installed
 * file is what profil --completion zsh writes; zsh's completion system,
 * given the folder of the file alone, takes it for profil and completes
 * with it as the table says. */
START_TEST(zsh_completion)
{
    built_completion_is_profils("zsh", "_profil");
    completes_as_the_table(complete_zsh);
    ck_assert_int_eq(shell("rm -rf " TMP "/zfunc && mkdir -p " TMP "/zfunc && cp " BUILD_DIR "/completion/_profil " TMP
                           "/zfunc/ && zsh -fc 'fpath=(" TMP "/zfunc $fpath); autoload -Uz compinit; compinit -D -u;"
                           " [[ ${_comps[profil]} == _profil ]]'"),
                     0);
    FILE *f = fopen(TMP "/zpty.zsh", "w");
    ck_assert_ptr_nonnull(f);
    fputs(zpty_driver, f);
    ck_assert_int_eq(fclose(f), 0);
    int st = shell("timeout 40 zsh -f " TMP "/zpty.zsh > " TMP "/zpty.out 2>&1");
    char out[2048];
    slurp(TMP "/zpty.out", out, sizeof out);
    ck_assert_msg(st == 0, "zsh in a terminal: status %d after\n%s", st, out);
    ck_assert_str_eq(out, "ok: profil ru\nok: profil hist --map \nok: profil cover --map=\nok: profil run --cpu 2\n"
                          "ok: profil show \nok: profil run x.com \nok: profil cover --by=l\n");
}
END_TEST

Suite *man_suite(void)
{
    Suite *s = suite_create("man");
    TCase *tc = tcase_create("man");
    tcase_set_timeout(tc, 60);
    tcase_add_test(tc, every_option_of_help_in_its_page);
    tcase_add_test(tc, pages_render_without_warnings);
    tcase_add_test(tc, roff_escapes);
    tcase_add_test(tc, bash_completion);
    tcase_add_test(tc, zsh_completion);
    suite_add_tcase(s, tc);
    return s;
}

/*
 * cmd/completion.c: the bash and zsh completion scripts (`profil
 * --completion bash|zsh`), from the subcommands' option tables
 * (manpage.h): the subcommands, each one's options, the values of enum
 * options and of options whose value name lists them ("8088|8086|186|286"),
 * files by extension (any case) for FILE.EXT values and for the operands.
 * Both scripts make the same choices (tests/check_man.c runs one table of
 * cases through each); each shell's own part is its glue.
 */
#include "manpage.h"

#include <ctype.h>
#include <string.h>

/* The helpers: _profil_files EXT... adds the files with one of those
 * extensions (in any case) and the folders; with none, any file.
 * _profil_words adds the words of $1 that start with $cur. */
static const char helpers[] =
    "_profil_files()\n"
    "{\n"
    "    local f e x IFS=$'\\n'\n"
    "    compopt -o filenames 2>/dev/null\n"
    "    for f in $(compgen -f -- \"$cur\"); do\n"
    "        e=${f##*.}\n"
    "        if [ $# -eq 0 ] || [ -d \"$f\" ]; then\n"
    "            COMPREPLY+=(\"$f\")\n"
    "        elif [ \"$e\" != \"$f\" ]; then\n"
    "            for x in \"$@\"; do\n"
    "                [ \"${e^^}\" = \"$x\" ] && COMPREPLY+=(\"$f\")\n"
    "            done\n"
    "        fi\n"
    "    done\n"
    "}\n"
    "\n"
    "_profil_words()\n"
    "{\n"
    "    local IFS=$' \\t\\n'\n"
    "    COMPREPLY+=($(compgen -W \"$1\" -- \"$cur\"))\n"
    "}\n"
    "\n";

static int takes_value(const struct opt *o)
{
    return o->kind != OPT_FLAG && o->kind != OPT_DOC;
}

/* "-b --bucket-size" (with a leading space) for option o. */
static void names(FILE *f, const struct opt *o, const char *sep)
{
    if (o->short_name)
        fprintf(f, "-%c%s", o->short_name, sep);
    fprintf(f, "--%s", o->name);
}

/* Whether o is the first of the table's options with its name (hist has
 * --by once as an option and three times as more help). */
static int first_named(const struct command_options *c, const struct opt *o)
{
    for (const struct opt *p = c->opt; p < o; p++)
        if (!strcmp(p->name, o->name))
            return 0;
    return 1;
}

static int is_name(const struct opt *o, const char *s)
{
    for (size_t i = 0; i < o->nnames; i++)
        if (opt_name(o, i) && !strcmp(opt_name(o, i), s))
            return 1;
    return 0;
}

/* The words an option's value may be: an enum's (or a call's) names and the values the
 * table's help entries name for it; else a value name "a|b|c". */
static void value_words(FILE *f, const struct command_options *c, const struct opt *o)
{
    const char *sep = "";
    if (o->kind == OPT_ENUM || o->names) {
        for (size_t i = 0; i < o->nnames; i++)
            if (opt_name(o, i)) {
                fprintf(f, "%s%s", sep, opt_name(o, i));
                sep = " ";
            }
        for (size_t i = 0; i < c->n; i++)
            if (c->opt[i].kind == OPT_DOC && !strcmp(c->opt[i].name, o->name) && c->opt[i].arg &&
                !is_name(o, c->opt[i].arg)) {
                fprintf(f, "%s%s", sep, c->opt[i].arg);
                sep = " ";
            }
        return;
    }
    for (const char *s = o->arg; *s; s++)
        fputc(*s == '|' ? ' ' : *s, f);
}

/* The two scripts' ways of offering words and files. */
enum shell { BASH, ZSH };

/* The case arm completing option o's value: bash adds the words or files
 * to COMPREPLY; zsh's _profil_candidates sets reply to the words, exts to
 * the files' extensions ("*": any file). */
static void value_arm(FILE *f, const struct command_options *c, const struct opt *o, enum shell sh)
{
    fputs("        ", f);
    names(f, o, "|");
    fputs(") ", f);
    if (o->kind == OPT_ENUM || o->names || (o->arg && strchr(o->arg, '|'))) {
        fputs(sh == BASH ? "_profil_words \"" : "reply=(", f);
        value_words(f, c, o);
        fputs(sh == BASH ? "\" ;;\n" : ") ;;\n", f);
    } else if (o->arg && !strncmp(o->arg, "FILE", 4)) {
        fputs(sh == BASH ? "_profil_files" : "exts='", f);
        if (o->arg[4] == '.') {
            if (sh == BASH)
                fputc(' ', f);
            for (const char *s = o->arg + 5; *s; s++)
                fputc(toupper((unsigned char)*s), f);
        } else if (sh == ZSH) {
            fputc('*', f);
        }
        fputs(sh == BASH ? " ;;\n" : "' ;;\n", f);
    } else {
        fputs(";;\n", f);       /* a number or text: nothing to offer */
    }
}

/* One subcommand's arm of _profil's case (bash) or _profil_candidates's
 * (zsh): the same variables in both. */
static void command_arm(FILE *f, const struct command_doc *d, enum shell sh)
{
    const struct command_options *c = d->options;
    fprintf(f, "    %s)\n        options=\"", c->command);
    for (size_t i = 0; i < c->n; i++)
        if (c->opt[i].kind != OPT_DOC && first_named(c, &c->opt[i])) {
            names(f, &c->opt[i], " ");
            fputc(' ', f);
        }
    fputs("-h --help\"\n        valued=\" ", f);
    for (size_t i = 0; i < c->n; i++)
        if (takes_value(&c->opt[i])) {
            names(f, &c->opt[i], " ");
            fputc(' ', f);
        }
    fprintf(f, "\"\n        in_order=%d\n        files=\"%s\"\n        case $prev in\n", c->in_order, d->files);
    for (size_t i = 0; i < c->n; i++)
        if (takes_value(&c->opt[i]))
            value_arm(f, c, &c->opt[i], sh);
    fputs("        esac\n        ;;\n", f);
}

void completion_bash(FILE *f, const struct command_doc *const *cmds, size_t n)
{
    fputs("# bash completion for profil: generated by `profil --completion bash` from the option\n"
          "# tables in cmd/ (the same as --help's); do not edit.\n\n",
          f);
    fputs(helpers, f);
    fputs("_profil()\n{\n"
          "    local cur=${COMP_WORDS[COMP_CWORD]} prev=${COMP_WORDS[COMP_CWORD-1]}\n"
          "    local options valued in_order files i w\n"
          "    COMPREPLY=()\n"
          "    # --opt=value: bash splits the = into a word of its own\n"
          "    if [ \"$cur\" = = ]; then\n"
          "        cur=\n"
          "    elif [ \"$prev\" = = ] && [ \"$COMP_CWORD\" -ge 3 ]; then\n"
          "        prev=${COMP_WORDS[COMP_CWORD-2]}\n"
          "    fi\n"
          "    if [ \"$COMP_CWORD\" -eq 1 ]; then\n"
          "        case $cur in\n"
          "        -*) _profil_words \"--help --version\" ;;\n"
          "        *) _profil_words \"",
          f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s ", cmds[i]->options->command);
    fprintf(f, "help\"; _profil_files %s ;;\n"
               "        esac\n"
               "        return 0\n"
               "    fi\n"
               "    case ${COMP_WORDS[1]} in\n",
            n ? cmds[0]->files : "");
    for (size_t i = 0; i < n; i++)
        command_arm(f, cmds[i], BASH);
    fputs("    *) return 0 ;;\n"
          "    esac\n"
          "    # a value was completed (or has nothing to offer)\n"
          "    [[ $valued == *\" $prev \"* ]] && return 0\n"
          "    # options end at the first operand (run: the rest is the program's)\n"
          "    if [ \"$in_order\" = 1 ]; then\n"
          "        for ((i = 2; i < COMP_CWORD; i++)); do\n"
          "            w=${COMP_WORDS[i]}\n"
          "            if [[ $w == -* ]]; then\n"
          "                if [[ $valued == *\" $w \"* ]]; then\n"
          "                    ((i++))\n"
          "                    [ \"${COMP_WORDS[i]}\" = = ] && ((i++))\n"
          "                fi\n"
          "            elif [ \"$w\" != = ]; then\n"
          "                _profil_files\n"
          "                return 0\n"
          "            fi\n"
          "        done\n"
          "    fi\n"
          "    case $cur in\n"
          "    -*) _profil_words \"$options\" ;;\n"
          "    *) _profil_files $files ;;\n"
          "    esac\n"
          "    return 0\n"
          "}\n"
          "\n"
          "complete -F _profil profil\n",
          f);
}

/* zsh: _profil_candidates makes bash's choices from words and CURRENT
 * (zsh's, 1-based; "--opt=value" is one word there); _profil hands them
 * to compadd and _files.  Loaded from fpath (#compdef) or sourced after
 * compinit. */
void completion_zsh(FILE *f, const struct command_doc *const *cmds, size_t n)
{
    fputs("#compdef profil\n"
          "# zsh completion for profil: generated by `profil --completion zsh` from the option\n"
          "# tables in cmd/ (the same as --help's and bash's); do not edit.\n\n"
          "# From words and CURRENT: reply, the words to offer; exts, the extensions of\n"
          "# the files to offer (\"EXE COM\", any case), \"*\" for any file, \"\" for none.\n"
          "_profil_candidates()\n{\n"
          "    emulate -L zsh\n"
          "    local cur=${words[CURRENT]} prev=${words[CURRENT-1]} options valued in_order files i w\n"
          "    reply=() exts=\n"
          "    if [[ $cur == --*=* ]]; then\n"
          "        prev=${cur%%=*} cur=${cur#*=}\n"
          "    fi\n"
          "    if (( CURRENT == 2 )); then\n"
          "        case $cur in\n"
          "        -*) reply=(--help --version) ;;\n"
          "        *) reply=(",
          f);
    for (size_t i = 0; i < n; i++)
        fprintf(f, "%s ", cmds[i]->options->command);
    fprintf(f, "help) exts='%s' ;;\n"
               "        esac\n"
               "        return 0\n"
               "    fi\n"
               "    case ${words[2]} in\n",
            n && cmds[0]->files[0] ? cmds[0]->files : "*");
    for (size_t i = 0; i < n; i++)
        command_arm(f, cmds[i], ZSH);
    fputs("    *) return 0 ;;\n"
          "    esac\n"
          "    # a value was completed (or has nothing to offer)\n"
          "    [[ $valued == *\" $prev \"* ]] && return 0\n"
          "    # options end at the first operand (run: the rest is the program's)\n"
          "    if [[ $in_order == 1 ]]; then\n"
          "        for ((i = 3; i < CURRENT; i++)); do\n"
          "            w=${words[i]}\n"
          "            if [[ $w == -* ]]; then\n"
          "                [[ $valued == *\" $w \"* ]] && ((i++))\n"
          "            else\n"
          "                exts='*'\n"
          "                return 0\n"
          "            fi\n"
          "        done\n"
          "    fi\n"
          "    case $cur in\n"
          "    -*) reply=(${=options}) ;;\n"
          "    *) exts=${files:-*} ;;\n"
          "    esac\n"
          "    return 0\n"
          "}\n"
          "\n"
          "_profil()\n{\n"
          "    local -a reply\n"
          "    local exts pat ret=1\n"
          "    [[ ${words[CURRENT]} == --*=* ]] && compset -P '*='\n"
          "    _profil_candidates\n"
          "    (( ${#reply} )) && compadd -a reply && ret=0\n"
          "    # one extension bare: _files would read a last \"(MAP)\" as glob qualifiers\n"
          "    pat=${exts// /|}\n"
          "    [[ $pat == *'|'* ]] && pat=\"($pat)\"\n"
          "    case $exts in\n"
          "    '') ;;\n"
          "    '*') _files && ret=0 ;;\n"
          "    *) _files -g \"*.(#i)$pat\" && ret=0 ;;\n"
          "    esac\n"
          "    return ret\n"
          "}\n"
          "\n"
          "if [[ ${funcstack[1]} == _profil ]]; then\n"
          "    _profil \"$@\"\n"
          "else\n"
          "    compdef _profil profil\n"
          "fi\n",
          f);
}

/*
 * formats/batch.h: a DOS batch file (GAME.BAT) read into the steps
 * `profil run` takes for it as COMMAND.COM would: the programs its lines
 * run, with their command tails, and the text ECHO (and echo on) prints,
 * CLS and PAUSE.  %0-%9 come from the run's arguments, %% is a percent
 * sign, %NAME% a variable of the environment (empty when unset).  What
 * COMMAND.COM would do that profil does not (GOTO, IF, FOR, CALL, SET,
 * CD, redirection, another batch file ...) is a one-line error naming
 * FILE:LINE and the command (docs/commands.md, "Batch files").
 */
#ifndef PROFIL_FORMATS_BATCH_H
#define PROFIL_FORMATS_BATCH_H

#include <stddef.h>
#include <stdint.h>

#define BATCH_LINE_MAX 127      /* COMMAND.COM's line, after substitution */
#define BATCH_STEPS_MAX 4096

enum batch_kind {
    BATCH_RUN,      /* run `program` with `tail`                           */
    BATCH_PRINT,    /* print `text` (its CR LF included)                   */
    BATCH_CLS,      /* clear the screen                                    */
    BATCH_PAUSE     /* "Strike a key when ready . . . " and wait for a key */
};

struct batch_step {
    enum batch_kind kind;
    unsigned line;                      /* in the file, from 1              */
    char text[BATCH_LINE_MAX + 8];      /* RUN: the program as the line names
                                           it (NAME, NAME.COM, DIR\NAME.EXE);
                                           PRINT: the text                  */
    char tail[BATCH_LINE_MAX + 1];      /* RUN: its command tail, from the
                                           character after the name (" /X") */
    int has_ext;                        /* RUN: the name has its .COM or .EXE */
};

struct batch {
    struct batch_step *steps;
    size_t n;
};

/* Read the batch file `name` (its bytes `text`, up to a Ctrl-Z) with the
 * run's arguments `args` (space-separated: %1 ...) and environment
 * strings `env` (NAME=VALUE).  0, or -1 with "NAME:LINE: problem". */
int batch_parse(const char *name, const uint8_t *text, size_t size, const char *args, const char *const *env,
                size_t nenv, struct batch *out, char *err, size_t errn);
void batch_free(struct batch *b);

#endif

/*
 * loader/exe.h: DOS executable images, parsed and validated.
 *
 * Pure data: bytes in, a description out, or a one-line reason the file is
 * not a loadable program.  A file starting with "MZ" (or "ZM") is an .EXE
 * whatever its name, as DOS decides; anything else is a .COM image.
 */
#ifndef PROFIL_LOADER_EXE_H
#define PROFIL_LOADER_EXE_H

#include <stddef.h>
#include <stdint.h>

#define COM_MAX_SIZE 65280u     /* 64 KiB - 256 bytes of PSP */

struct dos_image {
    int is_exe;
    const uint8_t *load;        /* the load module (after the header)  */
    size_t load_size;           /* what memory takes: the header's size of it  */
    size_t missing;             /* bytes of it the file lacks (under one page) */
    uint16_t pages;             /* .EXE: pages in file (header word 2)  */
    uint16_t exec_paras;        /* .EXE: what DOS's EXEC reserves for the load
                                   module: whole pages less the header, in
                                   paragraphs (EXEC.ASM's exec_res_len_para) */
    uint16_t min_alloc, max_alloc;
    uint16_t ss, sp, cs, ip;
    size_t nrelocs;
    const uint8_t *relocs;      /* nrelocs * (offset, segment) words    */
};

/* Parse `size` bytes.  Returns 0, or -1 with a reason in err. */
int exe_parse(const uint8_t *data, size_t size, struct dos_image *img, char *err, size_t errn);

/* Paragraphs the load module needs in memory, without the PSP: an .EXE's
 * exec_paras and its minimum allocation, as DOS's EXEC counts them. */
uint32_t exe_load_paras(const struct dos_image *img);

#endif

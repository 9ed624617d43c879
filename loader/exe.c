/*
 * loader/exe.c: .COM and MZ parsing and validation (see exe.h).
 *
 * Every MZ header field is checked against the file: the signature, the
 * page counts (the image must not claim more bytes than the file has), the
 * header size, the relocation table (inside the file), and the relocated
 * addresses (inside the load module and its minimum allocation).
 */
#include "exe.h"

#include <stdio.h>
#include <string.h>

static uint16_t word_at(const uint8_t *p, size_t off) { return (uint16_t)(p[off] | p[off + 1] << 8); }

#define FAIL(...) do { snprintf(err, errn, __VA_ARGS__); return -1; } while (0)

static int parse_com(const uint8_t *data, size_t size, struct dos_image *img, char *err, size_t errn)
{
    if (size == 0)
        FAIL("empty file, not a program");
    if (size > COM_MAX_SIZE)
        FAIL("Program too big: %zu bytes, a .COM program holds at most %u", size, COM_MAX_SIZE);
    img->is_exe = 0;
    img->load = data;
    img->load_size = size;
    img->cs = img->ss = 0;
    img->ip = 0x100;
    img->sp = 0xFFFE;
    return 0;
}

int exe_parse(const uint8_t *data, size_t size, struct dos_image *img, char *err, size_t errn)
{
    memset(img, 0, sizeof *img);
    if (size < 2 || !((data[0] == 'M' && data[1] == 'Z') || (data[0] == 'Z' && data[1] == 'M')))
        return parse_com(data, size, img, err, errn);
    if (size < 0x1C)
        FAIL("EXE file bad: truncated header (%zu bytes, need 28)", size);

    uint16_t last = word_at(data, 2), pages = word_at(data, 4);
    uint16_t nrel = word_at(data, 6), hdr_paras = word_at(data, 8);
    uint16_t rel_off = word_at(data, 0x18);
    if (pages == 0)
        FAIL("EXE file bad: zero pages in file");
    if (last > 511)
        FAIL("EXE file bad: %u bytes in last page (at most 511)", last);
    size_t image = (size_t)pages * 512 - (last ? 512 - last : 0);
    /* DOS reads what there is: a file short of its header's size by less
     * than a page (an old linker's last-page count, MS-DOS 2.0's SORT.EXE)
     * loads, the rest zero; more than that is a broken file. */
    if (image >= size + 512)
        FAIL("EXE file bad: truncated, header says %zu bytes but the file has %zu", image, size);
    img->missing = image > size ? image - size : 0;
    size_t hdr = (size_t)hdr_paras * 16;
    if (hdr < 0x1C)
        FAIL("EXE file bad: header of %zu bytes is shorter than the 28-byte MZ header", hdr);
    if (hdr > image)
        FAIL("EXE file bad: header of %zu bytes is larger than the %zu-byte image", hdr, image);
    if (hdr > size)
        FAIL("EXE file bad: truncated, its header of %zu bytes is longer than the %zu-byte file", hdr, size);
    if (nrel && ((size_t)rel_off < 0x1C || (size_t)rel_off + (size_t)nrel * 4 > size))
        FAIL("EXE file bad: relocation table (%u entries at offset %u) runs past the end of the file",
             nrel, rel_off);

    img->is_exe = 1;
    img->pages = pages;
    img->exec_paras = (uint16_t)(pages * 32u - hdr_paras);
    img->load = data + hdr;
    img->load_size = image - hdr;
    img->min_alloc = word_at(data, 0x0A);
    img->max_alloc = word_at(data, 0x0C);
    img->ss = word_at(data, 0x0E);
    img->sp = word_at(data, 0x10);
    img->ip = word_at(data, 0x14);
    img->cs = word_at(data, 0x16);
    img->nrelocs = nrel;
    img->relocs = data + rel_off;

    uint32_t extent = exe_load_paras(img) * 16u;
    for (size_t i = 0; i < nrel; i++) {
        uint32_t at = (uint32_t)word_at(img->relocs, i * 4 + 2) * 16u + word_at(img->relocs, i * 4);
        if (at + 2 > extent)
            FAIL("EXE file bad: relocation %zu points at %05Xh, outside the %u-byte program", i, at, extent);
    }
    return 0;
}

uint32_t exe_load_paras(const struct dos_image *img)
{
    if (!img->is_exe)
        return (uint32_t)((img->load_size + 15) / 16);
    return (uint32_t)img->exec_paras + img->min_alloc;
}

/*
 * emu/services.c: service ids and the one table of their names (see
 * services.h).  A function missing from the table is still counted, under
 * its number alone ("INT 21h/5Dh").
 */
#include "services.h"

#include <stdio.h>

/* Vectors whose functions AH chooses. */
static int by_ah(uint8_t vec)
{
    switch (vec) {
    case 0x10: case 0x13: case 0x14: case 0x15: case 0x16: case 0x17: case 0x1A: case 0x21: case 0x2F:
        return 1;
    default:
        return 0;
    }
}

#define ANY 0x100       /* the name of a vector, or of an AH whatever AL is */
#define GROUP 0x200     /* an AH whose AL chooses the subfunction */

struct name { uint8_t vec, ah; uint16_t al; const char *name; };

static const struct name names[] = {
    { 0x00, 0, ANY, "divide overflow" }, { 0x06, 0, ANY, "invalid opcode" },
    { 0x08, 0, ANY, "timer" }, { 0x09, 0, ANY, "keyboard IRQ" },
    { 0x11, 0, ANY, "equipment" }, { 0x12, 0, ANY, "memory size" },
    { 0x20, 0, ANY, "terminate" }, { 0x23, 0, ANY, "Ctrl-C" }, { 0x24, 0, ANY, "critical error" },
    { 0x25, 0, ANY, "disk read" }, { 0x26, 0, ANY, "disk write" }, { 0x27, 0, ANY, "keep resident" },
    { 0x29, 0, ANY, "fast console out" },
    /* INT 10h */
    { 0x10, 0x00, ANY, "set mode" }, { 0x10, 0x01, ANY, "cursor shape" }, { 0x10, 0x02, ANY, "set cursor" },
    { 0x10, 0x03, ANY, "get cursor" }, { 0x10, 0x05, ANY, "set page" }, { 0x10, 0x06, ANY, "scroll up" },
    { 0x10, 0x07, ANY, "scroll down" }, { 0x10, 0x08, ANY, "read cell" }, { 0x10, 0x09, ANY, "write cells" },
    { 0x10, 0x0A, ANY, "write chars" }, { 0x10, 0x0C, ANY, "put pixel" }, { 0x10, 0x0D, ANY, "get pixel" },
    { 0x10, 0x0E, ANY, "teletype" }, { 0x10, 0x0F, ANY, "get mode" }, { 0x10, 0x10, GROUP, "palette" },
    { 0x10, 0x13, ANY, "write string" },
    /* INT 13h-17h, 1Ah */
    { 0x13, 0x00, ANY, "disk reset" }, { 0x16, 0x00, ANY, "get key" }, { 0x16, 0x01, ANY, "key ready" },
    { 0x16, 0x02, ANY, "shift flags" }, { 0x16, 0x10, ANY, "get key" }, { 0x16, 0x11, ANY, "key ready" },
    { 0x1A, 0x00, ANY, "get ticks" }, { 0x1A, 0x01, ANY, "set ticks" }, { 0x1A, 0x02, ANY, "get RTC time" },
    /* INT 21h */
    { 0x21, 0x00, ANY, "terminate" }, { 0x21, 0x01, ANY, "read char echo" }, { 0x21, 0x02, ANY, "write char" },
    { 0x21, 0x06, ANY, "direct console" }, { 0x21, 0x07, ANY, "read char raw" }, { 0x21, 0x08, ANY, "read char" },
    { 0x21, 0x09, ANY, "write string" }, { 0x21, 0x0A, ANY, "read line" }, { 0x21, 0x0B, ANY, "input status" },
    { 0x21, 0x0C, ANY, "flush and read" }, { 0x21, 0x0E, ANY, "select drive" }, { 0x21, 0x0F, ANY, "FCB open" },
    { 0x21, 0x10, ANY, "FCB close" }, { 0x21, 0x14, ANY, "FCB read" }, { 0x21, 0x15, ANY, "FCB write" },
    { 0x21, 0x16, ANY, "FCB create" }, { 0x21, 0x19, ANY, "current drive" }, { 0x21, 0x1A, ANY, "set DTA" },
    { 0x21, 0x21, ANY, "FCB random read" }, { 0x21, 0x22, ANY, "FCB random write" },
    { 0x21, 0x25, ANY, "set vector" }, { 0x21, 0x27, ANY, "FCB block read" }, { 0x21, 0x28, ANY, "FCB block write" },
    { 0x21, 0x29, ANY, "parse name" }, { 0x21, 0x2A, ANY, "get date" }, { 0x21, 0x2C, ANY, "get time" },
    { 0x21, 0x2F, ANY, "get DTA" }, { 0x21, 0x30, ANY, "version" }, { 0x21, 0x31, ANY, "keep resident" },
    { 0x21, 0x33, GROUP, "break flag" }, { 0x21, 0x35, ANY, "get vector" }, { 0x21, 0x36, ANY, "disk free" },
    { 0x21, 0x39, ANY, "mkdir" }, { 0x21, 0x3A, ANY, "rmdir" }, { 0x21, 0x3B, ANY, "chdir" },
    { 0x21, 0x3C, ANY, "create" }, { 0x21, 0x3D, ANY, "open" }, { 0x21, 0x3E, ANY, "close" },
    { 0x21, 0x3F, ANY, "read" }, { 0x21, 0x40, ANY, "write" }, { 0x21, 0x41, ANY, "delete" },
    { 0x21, 0x42, ANY, "seek" }, { 0x21, 0x43, GROUP, "attributes" }, { 0x21, 0x44, GROUP, "ioctl" },
    { 0x21, 0x44, 0x00, "ioctl get info" }, { 0x21, 0x44, 0x01, "ioctl set info" },
    { 0x21, 0x45, ANY, "dup" }, { 0x21, 0x46, ANY, "force dup" }, { 0x21, 0x47, ANY, "get folder" },
    { 0x21, 0x48, ANY, "allocate" }, { 0x21, 0x49, ANY, "free" }, { 0x21, 0x4A, ANY, "resize" },
    { 0x21, 0x4B, GROUP, "exec" }, { 0x21, 0x4C, ANY, "exit" }, { 0x21, 0x4D, ANY, "return code" },
    { 0x21, 0x4E, ANY, "find first" }, { 0x21, 0x4F, ANY, "find next" }, { 0x21, 0x56, ANY, "rename" },
    { 0x21, 0x57, GROUP, "file time" }, { 0x21, 0x58, GROUP, "alloc strategy" },
    { 0x21, 0x59, ANY, "extended error" }, { 0x21, 0x62, ANY, "get PSP" },
    { 0x2F, 0x00, ANY, "multiplex" },
};

#define NNAMES (sizeof names / sizeof names[0])

static const struct name *find(uint8_t vec, uint8_t ah, uint16_t al, int with_ah)
{
    for (size_t i = 0; i < NNAMES; i++)
        if (names[i].vec == vec && (!with_ah || names[i].ah == ah) && names[i].al == al)
            return &names[i];
    return NULL;
}

uint32_t service_id(uint8_t vec, uint8_t ah, uint8_t al)
{
    if (!by_ah(vec))
        return SVC_VALID | (uint32_t)vec << 16;
    uint32_t id = SVC_VALID | SVC_HAS_AH | (uint32_t)vec << 16 | (uint32_t)ah << 8;
    return find(vec, ah, GROUP, 1) ? id | SVC_HAS_AL | al : id;
}

uint32_t service_other(int dos)
{
    return SVC_VALID | SVC_OTHER | (dos ? 1u : 0u);
}

void service_label(uint32_t id, char *out, size_t n)
{
    if (id & SVC_OTHER) {
        snprintf(out, n, "%s", SVC_AL(id) ? "other DOS" : "other I/O");
        return;
    }
    uint8_t vec = SVC_VEC(id), ah = SVC_AH(id), al = SVC_AL(id);
    const struct name *e = NULL, *group = NULL;
    int len;
    if (!(id & SVC_HAS_AH)) {
        e = find(vec, 0, ANY, 0);
        len = snprintf(out, n, "INT %02Xh", vec);
    } else if (!(id & SVC_HAS_AL)) {
        e = find(vec, ah, ANY, 1);
        len = snprintf(out, n, "INT %02Xh/%02Xh", vec, ah);
    } else {
        e = find(vec, ah, al, 1);
        group = find(vec, ah, GROUP, 1);
        len = snprintf(out, n, "INT %02Xh/%02Xh/%02Xh", vec, ah, al);
    }
    if (!e)
        e = group;
    if (e && len >= 0 && (size_t)len < n)
        snprintf(out + len, n - (size_t)len, " %s", e->name);
}

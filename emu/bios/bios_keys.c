/*
 * emu/bios/bios_keys.c: the keyboard BIOS: INT 09h (IRQ1) puts the key whose
 * scan code is in port 60h into the buffer at 40:1Eh, INT 16h takes keys
 * from it, and bios_key() gives the DOS console the same keys.
 *
 * Keys come from the --keys script through IRQ1 at their emulated times;
 * without a script, from the host's stdin when the program asks.  A read
 * that finds no key while more will come waits in the ROM (STI, HLT, ask
 * again), so the clock and the program's timer keep running.
 */
#include "bios.h"
#include "bios_internal.h"

#include "../pc/console.h"
#include "../costs.h"
#include "../pc/bda.h"
#include "../chips/keyboard.h"
#include "../machine.h"


/* ---- the buffer at 40:1Eh ------------------------------------------------- */

static uint16_t advance(const struct machine *m, uint16_t p)
{
    p = (uint16_t)(p + 2);
    return p >= mem_rw(m, BDA_KBD_END) ? mem_rw(m, BDA_KBD_START) : p;
}

int bios_key_buffer_full(const struct machine *m)
{
    return advance(m, mem_rw(m, BDA_KBD_TAIL)) == mem_rw(m, BDA_KBD_HEAD);
}

static int buffer_push(struct machine *m, uint16_t key)
{
    if (bios_key_buffer_full(m))
        return -1;
    uint16_t tail = mem_rw(m, BDA_KBD_TAIL);
    mem_ww(m, lin(SEG_BDA, tail), key);
    mem_ww(m, BDA_KBD_TAIL, advance(m, tail));
    return 0;
}

static int buffer_peek(const struct machine *m, uint16_t *key)
{
    uint16_t head = mem_rw(m, BDA_KBD_HEAD);
    if (head == mem_rw(m, BDA_KBD_TAIL))
        return 0;
    *key = mem_rw(m, lin(SEG_BDA, head));
    return 1;
}

static void buffer_drop(struct machine *m)
{
    mem_ww(m, BDA_KBD_HEAD, advance(m, mem_rw(m, BDA_KBD_HEAD)));
}

/* ---- keys for INT 16h and DOS --------------------------------------------- */

int bios_key(struct machine *m, int take, uint16_t *key)
{
    const struct bios *b = m->bios;
    if (!buffer_peek(m, key) && !kbd_scripted(&m->kbd) && b) {
        struct console *c = b->con;
        if (take || console_has_key(c)) {
            int ch = console_get(c);
            if (ch >= 0)
                buffer_push(m, kbd_code_for_byte((uint8_t)ch));
        }
    }
    if (buffer_peek(m, key)) {
        if (take)
            buffer_drop(m);
        return 1;
    }
    return kbd_more_coming(&m->kbd) || m->deadline != UINT64_MAX ? 0 : -1;
}

int bios_key_take(struct machine *m, uint16_t *key)
{
    int r = bios_key(m, 1, key);
    if (r > 0)
        machine_charge(m, COST_KBD_CHAR, SEG_IOSYS, BIOS_CON_OFF);
    return r;
}

/* ---- INT 09h --------------------------------------------------------------- */

/* Shift, Ctrl and Alt made or broken update 40:17h; returns 1 for them. */
static int shift_flags(struct machine *m, uint8_t scan)
{
    static const struct { uint8_t scan, bit; } mods[] = { { 0x2A, 0x02 }, { 0x36, 0x01 }, { 0x1D, 0x04 },
                                                          { 0x38, 0x08 } };
    for (unsigned i = 0; i < sizeof mods / sizeof mods[0]; i++) {
        if ((scan & 0x7F) == mods[i].scan) {
            uint8_t f = mem_rb(m, BDA_SHIFT);
            mem_wb(m, BDA_SHIFT, scan & 0x80 ? (uint8_t)(f & ~mods[i].bit) : (uint8_t)(f | mods[i].bit));
            return 1;
        }
    }
    return 0;
}

void bios_int09(struct machine *m, void *ctx)
{
    (void)ctx;
    bios_charge_call(m);
    uint8_t ascii = m->kbd.ascii60, scan = port_in(m, 0x60);
    if (!shift_flags(m, scan) && !(scan & 0x80))
        buffer_push(m, (uint16_t)(scan << 8 | ascii));    /* full: dropped, as the BIOS beeps */
    port_out(m, 0x20, 0x20);
}

/* ---- INT 16h --------------------------------------------------------------- */

/* No key yet: continue in the ROM's loop, which asks again after the next
 * interrupt; the caller's frame stays on the stack. */
static void wait_for_key(struct machine *m)
{
    machine_service_wait(m, SEG_IOSYS, BIOS_WAIT_OFF);
}

static void read_key(struct machine *m, int extended)
{
    uint16_t key;
    int r = bios_key(m, 1, &key);
    if (r == 0) {
        wait_for_key(m);
        return;
    }
    if (r < 0) {
        uint16_t cs, ip;
        if (m->interrupt_requested)
            return;     /* a signal cut the input short: it stops the run */
        service_caller(m, &cs, &ip);
        machine_stop(m, STOP_NO_INPUT, "keyboard input exhausted: INT 16h AH=%02Xh at %04X:%04X waits for a key "
                     "(give --keys, or --timeout to let it wait)", cpu_ah(m), cs, (uint16_t)(ip - 2));
        return;
    }
    machine_charge(m, COST_KBD_CHAR, cpu_get(m, REG_CS), cpu_get(m, REG_IP));
    if (!extended && (key & 0xFF) == 0xE0)
        key &= 0xFF00;
    cpu_set(m, REG_AX, key);
}

void bios_int16(struct machine *m, void *ctx)
{
    uint16_t key;
    (void)ctx;
    bios_charge_call(m);
    switch (cpu_ah(m)) {
    case 0x00: case 0x10:
        read_key(m, cpu_ah(m) == 0x10);
        break;
    case 0x01: case 0x11: {
        int have = bios_key(m, 0, &key) > 0;
        if (have)
            cpu_set(m, REG_AX, key);
        service_set_zero(m, !have);
        break;
    }
    case 0x02: cpu_set_al(m, mem_rb(m, BDA_SHIFT)); break;
    case 0x12:
        cpu_set(m, REG_AX, (uint16_t)(mem_rb(m, BDA_SHIFT2) << 8 | mem_rb(m, BDA_SHIFT)));
        break;
    case 0x03: break;                                   /* typematic rate: accepted */
    case 0x05: cpu_set_al(m, buffer_push(m, cpu_get(m, REG_CX)) == 0 ? 0 : 1); break;
    default:
        bios_unknown(m, 0x16, cpu_ah(m));
        break;
    }
}

void bios_keys_install(struct machine *m, uint16_t int16_stub)
{
    machine_put_wait_loop(m, SEG_IOSYS, BIOS_WAIT_OFF, int16_stub);
}

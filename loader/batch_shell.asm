; loader/batch_shell.asm: the guest side of `profil run FILE.BAT`: a .COM
; that runs a batch file's steps as COMMAND.COM would, from the table
; loader/batch.c puts after it (the build assembles it into
; $(B)/gen/batch_shell.inc).  Its header, which loader/batch.c fills: the
; paragraphs to keep of its block (the PSP, the code, the table and a
; stack) and the stack's top.  Each entry of the table is 7 bytes: a
; kind, then three words:
;   1  run: the EXEC parameter block, the program's path, the path to try
;      when the first is not found (NAME.EXE after NAME.COM; 0: none);
;      "Bad command or file name" when neither runs
;   2  print: the text and its length (INT 21h/40h to handle 1)
;   3  cls: the video mode set again (INT 10h 0Fh, 00h)
;   4  pause: "Strike a key when ready . . . " and a key (INT 21h/08h)
;   0  the end: exit code 0
; EXEC keeps only CS:IP in DOS 2, so DS, ES, SS and SP are set again
; after it, with the flags that tell how it went.
        cpu 8086
        org 100h
        jmp short start
paras:  dw 0
top:    dw 0
start:  mov sp, [top]
        mov bx, [paras]
        mov ah, 4Ah             ; ES: the PSP
        int 21h
        mov si, table
        cld
next:   lodsb
        mov bx, [si]
        mov dx, [si+2]
        mov cx, [si+4]
        add si, 6
        cmp al, 1
        je run
        cmp al, 2
        je print
        cmp al, 3
        je cls
        cmp al, 4
        je pause
        mov ax, 4C00h
        int 21h
print:  mov cx, dx
        mov dx, bx
        mov bx, 1
        mov ah, 40h
        int 21h
        jmp next
cls:    mov ah, 0Fh
        int 10h
        mov ah, 0
        int 10h
        jmp next
pause:  mov dx, strike
        mov ah, 9
        int 21h
        mov ah, 8
        int 21h
        mov dx, crlf
        mov ah, 9
        int 21h
        jmp next
%macro back 0
        mov di, cs
        mov ds, di
        mov es, di
        cli
        mov ss, di
        mov sp, [top]
        sti
        cld
%endmacro
run:    mov [saved], si
        mov [alt], cx
        mov [pb], bx
        mov [bx+4], cs          ; the tail's and the FCBs' segment
        mov [bx+8], cs
        mov [bx+12], cs
        mov ax, 4B00h
        int 21h
        back
        jnc .done
        cmp ax, 2               ; not found: the other name
        jne .bad
        mov dx, [alt]
        or dx, dx
        jz .bad
        mov bx, [pb]
        mov ax, 4B00h
        int 21h
        back
        jnc .done
.bad:   mov dx, bad
        mov ah, 9
        int 21h
.done:  mov si, [saved]
        jmp next
strike: db 'Strike a key when ready . . . $'
crlf:   db 13, 10, '$'
bad:    db 'Bad command or file name', 13, 10, '$'
saved:  dw 0
alt:    dw 0
pb:     dw 0
table:

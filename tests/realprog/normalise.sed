# tests/realprog/normalise.sed: applied to every stdout, DOSBox's and profil's,
# before they are compared (after CR LF -> LF).  Only figures that depend on
# how much memory the environment leaves the program, not on the program's
# behaviour, are masked here; each line says which tool prints them.
#
# MASM 5.10: "  50032 + 461549 Bytes symbol space free" (near and far memory
# left, which differ with DOSBox's resident shell and environment)
s/^ *[0-9][0-9]* + [0-9][0-9]* Bytes symbol space free$/  N + N Bytes symbol space free/

"""Writes the HFSS .ffd entries of the bad-input corpus (MANIFEST.tsv rows hfss_*): a
small file in HFSS's layout (the real exports in ../hfss: two 'start stop count' lines,
'Frequencies N', 'Frequency f', rows of four %.15e numbers, theta outer) holding an
x-directed short dipole (r E_theta = k cos t cos p, r E_phi = -k sin p, k = 1 and 2 for
the two frequencies), then damaged copies of it.  python3 make_bad_hfss.py"""
import math


def row(a, b, c, d):
    return "%.15e %.15e %.15e %.15e\n" % (a, b, c, d)


def ffd(nt=5, np_=5, freqs=(1e9, 2e9)):
    s = "-180 180 %d\n-180 180 %d\nFrequencies %d\n" % (nt, np_, len(freqs))
    for fi, f in enumerate(freqs):
        s += "Frequency %.15e\n" % f
        for i in range(nt):
            for j in range(np_):
                t = math.radians(-180 + 360 * i / (nt - 1))
                p = math.radians(-180 + 360 * j / (np_ - 1))
                s += row((fi + 1) * math.cos(t) * math.cos(p), 0, -(fi + 1) * math.sin(p), 0)
    return s


def put(name, text, newline=None):
    with open(name, "w", newline=newline) as f:
        f.write(text)


good = ffd()
L = good.split("\n")
put("hfss_reference.ffd", good)
put("hfss_crlf.ffd", good.replace("\n", "\r\n"), newline="")
put("hfss_trunc_second_block.ffd", "\n".join(L[:40]) + "\n")
put("hfss_trunc_first_block.ffd", "\n".join(L[:14]) + "\n")
for name, index, text in (
        ("hfss_nan.ffd", 9, "0.000000000000000e+00 nan 1.000000000000000e+00 0.000000000000000e+00"),
        ("hfss_inf_second_block.ffd", 39, "0.000000000000000e+00 0.000000000000000e+00 inf 0.000000000000000e+00"),
        ("hfss_count_huge.ffd", 0, "-180 180 1000000000000"),
        ("hfss_count_smaller.ffd", 0, "-180 180 4"),
        ("hfss_count_larger.ffd", 0, "-180 180 6"),
        ("hfss_frequencies_more.ffd", 2, "Frequencies 3"),
        ("hfss_bad_frequency.ffd", 29, "Frequency abc"),
        ("hfss_short_row.ffd", 12, "1.0 2.0 3.0")):
    n = L[:]
    n[index] = text
    put(name, "\n".join(n))
put("hfss_garbage.ffd", "Theta Phi Gain\n0 0 1\n")
put("hfss_empty.ffd", "")

"""Writes the TICRA GRASP entries of the bad-input corpus (MANIFEST.tsv rows grasp_*): a
small cut file in GRASP's layout (the real files in ../grasp: "Field data in cuts", the
line V_INI V_INC V_NUM C ICOMP ICUT NCOMP in GRASP's widths, rows of %17.10E) holding an
x-directed short dipole (E_theta = k cos t cos p, E_phi = -k sin p as Ludwig-3 E_co, E_cx;
k = 1 and 2 for the two sets), and a TICRA-EM-FIELD theta/phi grid of the same dipole,
then damaged copies of them.  python3 make_bad_grasp.py"""
import math


def e10(v):
    """GRASP's number: a mantissa 0.1 <= |m| < 1 with 10 digits, " -0.1800000000E+03"."""
    if v == 0:
        return "  0.0000000000E+00"
    e = math.floor(math.log10(abs(v))) + 1
    m = v / 10 ** e
    if round(abs(m), 10) >= 1:
        m, e = m / 10, e + 1
    return " %17s" % ("%.10fE%+03d" % (m, e))


def cut_file(sets=2, phis=(0, 45, 90, 135), last_cuts=None):
    s = ""
    for k in range(sets):
        cuts = phis if k < sets - 1 or last_cuts is None else phis[:last_cuts]
        for ph in cuts:
            p = math.radians(ph)
            s += "Field data in cuts" + " " * 114 + "\n"
            s += e10(-180) + e10(45) + "    9" + e10(ph) + "    3    1    2\n"
            for i in range(9):
                t = math.radians(-180 + 45 * i)
                et, ep = (k + 1) * math.cos(t) * math.cos(p), -(k + 1) * math.sin(p)
                co, cx = et * math.cos(p) - ep * math.sin(p), et * math.sin(p) + ep * math.cos(p)
                s += e10(0) + e10(co) + e10(0) + e10(cx) + "\n"
    return s


def grid_file(nset=2, klimit=False):
    s = ("VERSION: TICRA-EM-FIELD-V0.1\nField data in grid\nSOURCE_FIELD_NAME: dipole\n"
         "FREQUENCY_NAME: freq\nFREQUENCIES [GHz]:\n  0.1000000000E+01  0.2000000000E+01\n++++\n 1\n")
    s += "%12d%12d%12d%12d\n" % (nset, 1, 2, 7)
    s += "%12d%12d\n" % (0, 0) * nset
    for k in range(nset):
        s += e10(0) + e10(0) + e10(360) + e10(180) + "\n%12d%12d%12d\n" % (9, 5, 1 if klimit else 0)
        for j in range(5):
            if klimit:
                s += "%12d%12d\n" % (1, 9)
            for i in range(9):
                t, p = math.radians(45 * j), math.radians(45 * i)
                s += e10((k + 1) * math.cos(t) * math.cos(p)) + e10(0) + e10(-(k + 1) * math.sin(p)) + e10(0) + "\n"
    return s


def put(name, text, newline=None):
    with open(name, "w", newline=newline) as f:
        f.write(text)


good = cut_file()
lines = good.split("\n")
put("grasp_reference.cut", good)
put("grasp_empty.cut", "")
put("grasp_garbage.cut", "Theta Phi Gain\n1 2 3\n")
put("grasp_trunc_first.cut", "\n".join(lines[:8]) + "\n")
put("grasp_trunc_second.cut", "\n".join(lines[:-20]) + "\n")
bad = list(lines)
bad[5] = bad[5].replace("0.0000000000E+00", "nan", 1)
put("grasp_nan.cut", "\n".join(bad))
put("grasp_count_huge.cut", lines[0] + "\n" + e10(-180) + e10(45) + " 2000000000" + e10(0) + "    3    1    2\n" + lines[2] + "\n")
bad = list(lines)
bad[1] = bad[1].replace("    3    1    2", "   12    1    2")
put("grasp_icomp.cut", "\n".join(bad))
put("grasp_short_last_set.cut", cut_file(last_cuts=3))
put("grasp_crlf.cut", good, newline="\r\n")
g = grid_file()
gl = g.split("\n")
put("grasp_reference.grd", g)
put("grasp_klimit.grd", grid_file(klimit=True))
put("grasp_no_end.grd", "\n".join(l for l in gl if l != "++++"))
put("grasp_trunc_second.grd", "\n".join(gl[:-10]) + "\n")
put("grasp_trunc_first.grd", "\n".join(gl[:20]) + "\n")
bad = list(gl)
bad[8] = "%12d%12d%12d%12d" % (2, 1, 2, 0)
put("grasp_igrid.grd", "\n".join(bad))

#!/usr/bin/env python3
"""Regenerates the malformed-input corpus of Testing/Data/bad/ and its
MANIFEST.tsv from the clean test files (Testing/Data/*) and a small clean
native file (clean_plate.cmom, written here). Each entry states the class of
the defect, whether the readers must refuse it ("error"), accept it with the
same result as its reference ("accept") or read the required part with one warning
about a failed optional block ("warn", the partial-result rule: with "port:N" in the
reference column the parsers refuse that block and the VTK reader outputs the rest,
leaving only port N empty, except NEC-2's parser, which returns the warning itself;
with "-" the parser itself returns the warning, as Gmsh's does), the 1-based line the error or warning must name
(0: the message names no line, e.g. an empty file) and fragments the message
must contain. Run it after changing a reference file; review the diff."""
import os

here = os.path.dirname(os.path.abspath(__file__))
data = os.path.normpath(os.path.join(here, ".."))

CLEAN_MOM = """CLOUDMAP-MOM 1
# a 3 x 2 plate: two triangles and a quad
FREQUENCY 1.2e8
VERTICES 6
0 0 0
1 0 0
2 0 0
0 1 0
1 1 0
2 1 0
ELEMENTS 3
T 0 1 4  1 0  0 0  0 0
T 0 4 3  0 1  0 0  0 0
Q 1 2 5 4  0.5 0.5  0.25 0  0 0
SOURCES 1
feed 1 0.5 0
RECEIVERS 0
END
"""
entries = []


def read(rel):
    with open(os.path.join(data, rel), "rb") as f:
        return f.read().decode("latin-1")


def lines_of(text):
    return text.split("\n")

# Where and what each refusal must say (line 0: the message names no line).
EXPECT = {
    "nec_empty.out": (0, ["empty file"]),
    "nec_garbage.out": (0, ["not a NEC-2 output file"]),
    "nec_trunc_structure.out": (30, ["no SURFACE PATCH CURRENTS"]),
    "nec_trunc_segments.out": (52, ["no SURFACE PATCH CURRENTS"]),
    "nec_trunc_patchdata.out": (90, ["truncated SURFACE PATCH DATA", "29 of 55"]),
    "nec_trunc_frequency.out": (128, ["no SURFACE PATCH CURRENTS"]),
    "nec_trunc_wirecurrents.out": (157, ["truncated CURRENTS AND LOCATION table", "2 of 4 segments"]),
    "nec_trunc_patchcurrents.out": (190, ["truncated SURFACE PATCH CURRENTS", "22 of 55"]),
    "nec_trunc_midrow.out": (190, ["patch 22", "10 fields, expected 14"]),
    "nec_count_larger.out": (117, ["truncated SURFACE PATCH DATA", "55 of 56"]),
    "nec_count_smaller.out": (117, ["55 of 54"]),
    "nec_count_huge.out": (42, ["1000000000000", "above the limit"]),
    "nec_count_negative.out": (42, ["negative", "-55"]),
    "nec_count_noninteger.out": (42, ["integer", "'55.5'"]),
    "nec_nan.out": (169, ["not a finite number", "'nan'"]),
    "nec_inf.out": (156, ["not a finite number", "'inf'"]),
    "nec_index_range.out": (173, ["patch number 999", "expected 5"]),
    "nec_duplicate_id.out": (173, ["patch number 4", "expected 5"]),
    "nec_element_type.out": (29, ["unknown patch shape 'Z'"]),
    "nec_ports_trunc_row.out": (85, ["antenna input parameters row has 6 fields", "expected 11"]),
    "nec_ports_nan.out": (85, ["the input impedance is not a finite number", "'nan'"]),
    "nec_ports_no_rows.out": (82, ["ANTENNA INPUT PARAMETERS table without rows"]),
    "nec_ports_load_nan.out": (70, ["a load impedance is not a finite number", "'nan'"]),
    "nec_ports_load_type.out": (71, ["without a circuit type"]),
    "nec_ports_budget.out": (106, ["no value after 'INPUT POWER'"]),
    "nec_ports_budget_inf.out": (107, ["a power budget value is not a finite number", "'inf'"]),
    "feko_ports_magnitude.out": (107, ["the impedance", "does not match"]),
    "feko_ports_nan.out": (105, ["the source current is not a finite number", "'nan'"]),
    "feko_ports_trunc.out": (102, ["truncated DATA OF THE VOLTAGE SOURCE", "no 'Impedance in Ohm' row"]),
    "feko_ports_no_number.out": (102, ["no source number"]),
    "touchstone_empty.s2p": (0, ["empty file"]),
    "touchstone_garbage.s2p": (1, ["no option line", "not a Touchstone file"]),
    "touchstone_trunc_record.s2p": (7, ["record cut short", "5 of 9 numbers"]),
    "touchstone_nan.s2p": (6, ["a parameter value is not a finite number", "'nan'"]),
    "touchstone_inf.s2p": (6, ["a frequency is not a finite number", "'inf'"]),
    "touchstone_order.s2p": (6, ["frequency 100 does not increase"]),
    "touchstone_option.s2p": (4, ["option line", "unknown option 'QQ'"]),
    "touchstone_option_r.s2p": (4, ["R must be positive"]),
    "touchstone_noise_row.s2p": (11, ["noise parameter row has 4 numbers", "expected 5"]),
    "touchstone_noise_nan.s2p": (10, ["noise parameter row", "'nan' is not a finite number"]),
    "touchstone_v2.s2p": (6, ["data before [Network Data]"]),
    "touchstone_no_option.s2p": (5, ["no option line"]),
    "touchstone_v2_nfreq.s6p": (21, ["[Number of Frequencies] 4 but the network data has 3"]),
    "touchstone_v2_keyword.s6p": (19, ["unknown keyword [REFERENCES]"]),
    "touchstone_v2_ports_huge.s6p": (18, ["1000000000000", "above the limit"]),
    "touchstone_v2_ports_negative.s6p": (18, ["negative", "-6"]),
    "touchstone_v2_reference.s6p": (19, ["[Reference] has 5 impedances, expected 6"]),
    "touchstone_v2_count.s6p": (29, ["record cut short", "71 of 73 numbers"]),
    "touchstone_v2_noise.s2p": (6, ["[Number of Noise Frequencies] 3 but [Noise Data] has 2"]),
    "ffe_empty.ffe": (0, ["not a FEKO far-field file"]),
    "ffe_garbage.ffe": (0, ["not a FEKO far-field file"]),
    "ffe_trunc_header.ffe": (10, ["no far-field block"]),
    "ffe_trunc_rows.ffe": (17, ["truncated block", "3 of 6 samples"]),
    "ffe_count_larger.ffe": (21, ["truncated block", "6 of 8 samples"]),
    "ffe_count_smaller.ffe": (18, ["not a grid of 3 theta values"]),
    "ffe_count_huge.ffe": (11, ["1000000000000", "above the limit"]),
    "ffe_count_negative.ffe": (10, ["negative", "-3"]),
    "ffe_count_noninteger.ffe": (10, ["integer", "'3.5'"]),
    "ffe_nan.ffe": (16, ["Re(Etheta) is not a finite number", "'NaN'"]),
    "ffe_inf.ffe": (16, ["Theta is not a finite number", "'Inf'"]),
    "os_empty.os": (0, ["not a FEKO currents file"]),
    "os_garbage.os": (0, ["not a FEKO currents file"]),
    "os_trunc_rows.os": (12, ["truncated", "2 current samples missing"]),
    "os_trunc_magnetic.os": (19, ["truncated", "1 current samples missing"]),
    "os_magnetic_nan.os": (20, ["not a finite number", "'nan'"]),
    "os_magnetic_count_huge.os": (16, ["1000000000000", "above the limit"]),
    "os_count_larger.os": (21, ["truncated", "1 current samples missing"]),
    "os_count_smaller.os": (14, ["more current samples than"]),
    "os_count_huge.os": (9, ["1000000000000", "above the limit"]),
    "os_count_negative.os": (9, ["negative", "-3"]),
    "os_nan.os": (13, ["not a finite number", "'nan'"]),
    "os_duplicate_id.os": (13, ["triangle 1 appears twice"]),
    "fekoout_empty.out": (0, ["not a FEKO output file"]),
    "fekoout_trunc_triangles.out": (21, ["truncated DATA OF THE METALLIC TRIANGLES"]),
    "fekoout_trunc_currents.out": (43, ["no rows under VALUES OF THE CURRENT DENSITY"]),
    "fekoout_nan.out": (20, ["'nan'", "not a finite number"]),
    "fekoout_index_range.out": (47, ["triangle number 99", "expected 4"]),
    "fekoout_duplicate_id.out": (47, ["triangle number 3", "expected 4"]),
    "cst_empty.txt": (0, ["empty file"]),
    "cst_garbage.txt": (1, ["not a CST far-field export"]),
    "cst_trunc_header.txt": (1, ["dashed rule"]),
    "cst_trunc_rows.txt": (9, ["7 samples", "not a grid"]),
    "cst_nan.txt": (4, ["column 1 is not a number", "'nan'"]),
    "cst_inf_phase.txt": (4, ["column 5 is infinite", "'inf'"]),
    "gmsh_empty.msh": (0, ["empty file"]),
    "gmsh_garbage.msh": (1, ["not a Gmsh MSH file"]),
    "gmsh_trunc_format.msh": (2, ["truncated", "$EndMeshFormat"]),
    "gmsh_trunc_nodes.msh": (13, ["truncated", "inside $Nodes"]),
    "gmsh_trunc_elements.msh": (22, ["truncated", "inside $Elements"]),
    "gmsh_trunc_elementdata.msh": (36, ["truncated", "inside ElementData"]),
    "gmsh_count_larger.msh": (18, ["$EndNodes inside $Nodes"]),
    "gmsh_count_smaller.msh": (17, ["more rows than the count"]),
    "gmsh_count_huge.msh": (10, ["1000000000000", "above the limit"]),
    "gmsh_count_negative.msh": (20, ["negative", "-6"]),
    "gmsh_count_noninteger.msh": (20, ["integer", "'6.5'"]),
    "gmsh_nan.msh": (12, ["not a finite number", "'nan'"]),
    "gmsh_inf_data.msh": (38, ["not a finite number", "'inf'"]),
    "gmsh_index_range.msh": (23, ["node 42", "does not define"]),
    "gmsh_element_type.msh": (23, ["unknown element type 200"]),
    "gmsh_element_nodes.msh": (25, ["type 2 has 4 nodes, expected 3"]),
    "gmsh_duplicate_node.msh": (12, ["node tag 1 appears twice"]),
    "gmsh_duplicate_element.msh": (24, ["element tag 10 appears twice"]),
}


def add(name, fmt, cls, expect, line, frags, content, ref="-"):
    if name in EXPECT:
        line, frags = EXPECT[name]
    assert expect == "accept" or frags, name + ": an error entry needs message fragments"
    if isinstance(content, str):
        content = content.encode("latin-1")
    with open(os.path.join(here, name), "wb") as f:
        f.write(content)
    entries.append((name, fmt, cls, expect, str(line), "|".join(frags) if frags else "-", ref))


def upto(text, n):
    """The first n lines of text (the rest cut off)."""
    return "\n".join(lines_of(text)[:n]) + "\n"


def replace_line(text, n, new):
    ls = lines_of(text)
    ls[n - 1] = new
    return "\n".join(ls)


def sub_line(text, n, old, new):
    ls = lines_of(text)
    assert old in ls[n - 1], (n, old, ls[n - 1])
    ls[n - 1] = ls[n - 1].replace(old, new, 1)
    return "\n".join(ls)


def crlf(t):
    return t.replace("\n", "\r\n")


def bom(t):
    return "\xef\xbb\xbf" + t


def tabs(t):
    return "\n".join("\t".join(l.split(" ")) for l in lines_of(t))


GARBAGE = bytes((i * 151 + 7) % 256 for i in range(3000))

# ---------------------------------------------------------------- native .cmom
with open(os.path.join(here, "clean_plate.cmom"), "w") as f:
    f.write(CLEAN_MOM)
m = CLEAN_MOM
M = "mom"
add("mom_empty.cmom", M, "empty", "error", 0, ["empty file"], "")
add("mom_garbage.cmom", M, "garbage", "error", 1, ["not a CloudMap MoM file"], GARBAGE)
add("mom_trunc_header.cmom", M, "truncation", "error", 3, ["no VERTICES"], upto(m, 3))
add("mom_trunc_vertices.cmom", M, "truncation", "error", 7, ["unexpected end of file", "vertex"], upto(m, 7))
add("mom_trunc_elements.cmom", M, "truncation", "error", 13, ["unexpected end of file", "element"], upto(m, 13))
add("mom_trunc_sources.cmom", M, "truncation", "error", 15, ["unexpected end of file", "source"], upto(m, 15))
add("mom_trunc_end.cmom", M, "truncation", "error", 17, ["no END"], upto(m, 17))
add("mom_trunc_midline.cmom", M, "truncation", "error", 14, ["element 2", "found 6 fields"], upto(m, 14)[:-12])
add("mom_count_larger.cmom", M, "count-larger", "error", 11, ["vertex 6", "3 coordinates"], sub_line(m, 4, "VERTICES 6", "VERTICES 7"))
add("mom_count_smaller.cmom", M, "count-smaller", "error", 10, ["unknown keyword '2'", "count smaller"], sub_line(m, 4, "VERTICES 6", "VERTICES 5"))
add("mom_count_huge.cmom", M, "count-huge", "error", 4, ["1000000000000"], sub_line(m, 4, "VERTICES 6", "VERTICES 1000000000000"))
add("mom_count_elements_huge.cmom", M, "count-huge", "error", 11, ["1000000000000"], sub_line(m, 11, "ELEMENTS 3", "ELEMENTS 1000000000000"))
add("mom_count_negative.cmom", M, "count-negative", "error", 4, ["-6"], sub_line(m, 4, "VERTICES 6", "VERTICES -6"))
add("mom_count_noninteger.cmom", M, "count-noninteger", "error", 11, ["2.5"], sub_line(m, 11, "ELEMENTS 3", "ELEMENTS 2.5"))
add("mom_nan.cmom", M, "nan-inf", "error", 6, ["nan"], sub_line(m, 6, "1 0 0", "1 nan 0"))
add("mom_inf.cmom", M, "nan-inf", "error", 14, ["inf"], sub_line(m, 14, "0.25 0", "inf 0"))
add("mom_index_range.cmom", M, "index-range", "error", 12, ["vertex id 6", "out of range"], sub_line(m, 12, "T 0 1 4", "T 0 1 6"))
add("mom_index_negative.cmom", M, "index-range", "error", 13, ["vertex id -1", "out of range"], sub_line(m, 13, "T 0 4 3", "T 0 4 -1"))
add("mom_element_type.cmom", M, "element-type", "error", 14, ["unknown element type 'H'"], sub_line(m, 14, "Q 1", "H 1"))
add("mom_duplicate_vertex.cmom", M, "duplicate-id", "error", 12, ["uses vertex 1 twice"], sub_line(m, 12, "T 0 1 4", "T 0 1 1"))
add("mom_duplicate_section.cmom", M, "duplicate-id", "error", 18, ["second VERTICES"], m.replace("END\n", "VERTICES 1\n0 0 0\nEND\n"))
add("mom_crlf.cmom", M, "crlf", "accept", 0, [], crlf(m), "clean_plate.cmom")
add("mom_bom.cmom", M, "bom", "accept", 0, [], bom(m), "clean_plate.cmom")
add("mom_tabs.cmom", M, "tabs", "accept", 0, [], tabs(m), "clean_plate.cmom")

# ---------------------------------------------------------------- nec2c .out
n = read("nec/box_sm.out")
N = "nec"
REFN = "../nec/box_sm.out"
add("nec_empty.out", N, "empty", "error", 0, ["empty"], "")
add("nec_garbage.out", N, "garbage", "error", 0, [], GARBAGE)
add("nec_trunc_structure.out", N, "truncation", "error", 0, [], upto(n, 30))
add("nec_trunc_segments.out", N, "truncation", "error", 0, [], upto(n, 52))
add("nec_trunc_patchdata.out", N, "truncation", "error", 0, [], upto(n, 90))
add("nec_trunc_frequency.out", N, "truncation", "error", 0, [], upto(n, 128))
add("nec_trunc_wirecurrents.out", N, "truncation", "error", 0, [], upto(n, 157))
add("nec_trunc_patchcurrents.out", N, "truncation", "error", 0, [], upto(n, 190))
add("nec_trunc_midrow.out", N, "truncation", "error", 0, [], upto(n, 190)[:-40])
add("nec_count_larger.out", N, "count-larger", "error", 0, [], sub_line(n, 42, "USED: 55", "USED: 56"))
add("nec_count_smaller.out", N, "count-smaller", "error", 0, [], sub_line(n, 42, "USED: 55", "USED: 54"))
add("nec_count_huge.out", N, "count-huge", "error", 0, [], sub_line(n, 42, "USED: 55", "USED: 1000000000000"))
add("nec_count_negative.out", N, "count-negative", "error", 0, [], sub_line(n, 42, "USED: 55", "USED: -55"))
add("nec_count_noninteger.out", N, "count-noninteger", "error", 0, [], sub_line(n, 42, "USED: 55", "USED: 55.5"))
add("nec_nan.out", N, "nan-inf", "error", 0, [], sub_line(n, 169, "1.3202E-03", "nan"))
add("nec_inf.out", N, "nan-inf", "error", 0, [], sub_line(n, 156, "2.9589E-03", "inf"))
add("nec_index_range.out", N, "index-range", "error", 0, [], sub_line(n, 173, "    5  -0.050", "  999  -0.050"))
add("nec_duplicate_id.out", N, "duplicate-id", "error", 0, [], sub_line(n, 173, "    5  -0.050", "    4  -0.050"))
add("nec_element_type.out", N, "element-type", "error", 0, [], sub_line(n, 29, "13R", "13Z"))
add("nec_crlf.out", N, "crlf", "accept", 0, [], crlf(n), REFN)
add("nec_bom.out", N, "bom", "accept", 0, [], bom(n), REFN)
add("nec_tabs.out", N, "tabs", "accept", 0, [], tabs(n), REFN)

# ------------------------------------------- nec2c .out port tables (issue 18)
p = read("nec/two_dipoles_loaded.out")
add("nec_ports_trunc_row.out", N, "truncation", "warn", 0, [], sub_line(p, 85, "  5.5202E+01 -2.0273E+02  1.2504E-03  4.5922E-03  6.2521E-04", ""), ref="port:3")
add("nec_ports_nan.out", N, "nan-inf", "warn", 0, [], sub_line(p, 85, "5.5202E+01", "nan"), ref="port:3")
add("nec_ports_no_rows.out", N, "truncation", "warn", 0, [], "\n".join(lines_of(p)[:82] + lines_of(p)[85:]), ref="port:3")
add("nec_ports_load_nan.out", N, "nan-inf", "warn", 0, [], sub_line(p, 70, "5.0000E+01", "       nan"), ref="port:3")
add("nec_ports_load_type.out", N, "garbage", "warn", 0, [], sub_line(p, 71, "SERIES", "BOGUS "), ref="port:3")
add("nec_ports_budget.out", N, "truncation", "warn", 0, [], sub_line(p, 106, "6.2521E-04 Watts", ""), ref="port:3")
add("nec_ports_budget_inf.out", N, "nan-inf", "warn", 0, [], sub_line(p, 107, "5.1869E-04", "inf"), ref="port:3")
# (no CRLF entry here: nec_crlf.out covers it, and this wire-only model has no patches
# for the downstream cloud map of Readers.PyMpiReaderError)

# ------------------------------------------- nec2c .out near-field tables (issue 18)
# ../nec/dipole_near_fields.out: NE/NH plane 8 x 1 x 7 (E rows 132-187, H rows 199-254),
# NE/NH sphere 2 x 3 x 4, an NE line of 5 (rows 334-338); card echoes on lines 63, 191, ...
v = read("nec/dipole_near_fields.out")
V = "nec"
add("nec_nf_trunc_table.out", V, "truncation", "warn", 151,
    ["truncated NEAR ELECTRIC FIELDS table", "20 of 56 points"], upto(v, 151), ref="port:4")
add("nec_nf_trunc_midrow.out", V, "truncation", "warn", 151,
    ["NEAR ELECTRIC FIELDS row has 6 fields", "expected 9"], upto(v, 151)[:-30] + "\n", ref="port:4")
add("nec_nf_row_lost.out", V, "truncation", "warn", 186,
    ["NEAR ELECTRIC FIELDS table has 55 rows", "asks for 8 x 1 x 7 = 56 points"],
    "\n".join(lines_of(v)[:159] + lines_of(v)[160:]), ref="port:4")
add("nec_nf_nan.out", V, "nan-inf", "warn", 141, ["a field magnitude is not a finite number", "'nan'"],
    sub_line(v, 141, "1.1208E+00", "       nan"), ref="port:4")
add("nec_nf_inf_phase.out", V, "nan-inf", "warn", 210, ["a phase (degrees) is not a finite number", "'inf'"],
    replace_line(v, 210, " ".join(lines_of(v)[209].split()[:4] + ["inf"] + lines_of(v)[209].split()[5:])), ref="port:4")
add("nec_nf_negative.out", V, "garbage", "warn", 150, ["NEAR ELECTRIC FIELDS row has a negative magnitude"],
    replace_line(v, 150, " ".join(lines_of(v)[149].split()[:3] + ["-" + lines_of(v)[149].split()[3]] +
                                  lines_of(v)[149].split()[4:])), ref="port:4")
add("nec_nf_no_rows.out", V, "truncation", "warn", 128, ["NEAR ELECTRIC FIELDS table without rows"],
    "\n".join(lines_of(v)[:131] + lines_of(v)[187:]), ref="port:4")
add("nec_nf_header.out", V, "garbage", "warn", 198, ["NEAR MAGNETIC FIELDS table with an unknown column header"],
    replace_line(v, 197, lines_of(v)[196].replace("MAGNITUDE", "AMPLITUDE")), ref="port:4")
add("nec_nf_count_larger.out", V, "count-larger", "warn", 187,
    ["NEAR ELECTRIC FIELDS table has 56 rows", "asks for 8 x 1 x 9 = 72 points"],
    sub_line(v, 63, "NE   0     8     1     7", "NE   0     8     1     9"), ref="port:4")
add("nec_nf_count_huge.out", V, "count-huge", "warn", 254,
    ["NEAR MAGNETIC FIELDS table has 56 rows", "= 9223372036854775807 points"],
    sub_line(v, 191, "NH   0     8     1     7", "NH   0  4000000000 4000000000 4000000000"), ref="port:4")
# (CRLF: Readers.TestNecNearField reads this deck's tables with CRLF; a corpus entry would need
# patches for the downstream cloud map of Readers.PyMpiReaderError, and this model is wire-only)

# ------------------------------------------- FEKO .out voltage-source blocks (issue 18)
q = read("feko/strip_ports.out")
Q = "feko_ports"
# The voltage-source blocks are an optional block of the FEKO Output Reader: "warn" (the
# mesh and currents are read, Port Parameters, port 1, is left empty).
P1 = "port:1"
add("feko_ports_magnitude.out", Q, "nan-inf", "warn", 0, [], sub_line(q, 107, "7.3200E+01", "7.9000E+01"), P1)
add("feko_ports_nan.out", Q, "nan-inf", "warn", 0, [], sub_line(q, 105, "1.0302E-02", "       nan"), P1)
add("feko_ports_trunc.out", Q, "truncation", "warn", 0, [], "\n".join(lines_of(q)[:106] + lines_of(q)[107:]), P1)
add("feko_ports_no_number.out", Q, "garbage", "warn", 0, [], sub_line(q, 102, "NO. 1", "NO.  "), P1)
# The FEKO 2019.1 layout (make_feko_ports.py): runs of spaces in the labels, the Power
# row after a blank line.
q19 = read("feko/array_2019_ports.out")
add("feko_ports2019_current.out", Q, "truncation", "warn", 125, ["the source current row has 1 numbers"],
    sub_line(q19, 125, "-5.0205E-03  8.1859E-03      -37.83", ""), P1)
add("feko_ports2019_power.out", Q, "nan-inf", "warn", 130, ["the source power is not a finite number"],
    sub_line(q19, 130, "3.23278E-03", "        inf"), P1)
add("feko_ports_crlf.out", Q, "crlf", "accept", 0, [], crlf(q), "../feko/strip_ports.out")

# ---------------------------------------------------------------- Touchstone .s2p
t = read("touchstone/pad_6db_ma.s2p")
T = "touchstone"
REFT = "../touchstone/pad_6db_ma.s2p"
add("touchstone_empty.s2p", T, "empty", "error", 0, [], "")
add("touchstone_garbage.s2p", T, "garbage", "error", 0, [], GARBAGE)
add("touchstone_trunc_record.s2p", T, "truncation", "error", 0, [], upto(t, 7))
add("touchstone_nan.s2p", T, "nan-inf", "error", 0, [], sub_line(t, 6, "0.5 0.0   0.5", "nan 0.0   0.5"))
add("touchstone_inf.s2p", T, "nan-inf", "error", 0, [], sub_line(t, 6, "200", "inf"))
add("touchstone_order.s2p", T, "index-range", "error", 0, [], sub_line(t, 6, "200", "100"))
add("touchstone_option.s2p", T, "garbage", "error", 0, [], sub_line(t, 4, "MA", "QQ"))
add("touchstone_option_r.s2p", T, "garbage", "error", 0, [], sub_line(t, 4, "R 50", "R -50"))
# The noise block is optional: a damaged one is one warning, the network data is read.
# A malformed noise block is an optional block: one warning, the Noise output (port 1) empty.
add("touchstone_noise_row.s2p", T, "truncation", "warn", 0, [], sub_line(t, 11, "3.5 0.2 20 0.25", "3.5 0.2 20"),
    ref="port:1")
add("touchstone_noise_nan.s2p", T, "nan-inf", "warn", 0, [], sub_line(t, 10, "100   3.0", "100   nan"), ref="port:1")
add("touchstone_v2.s2p", T, "garbage", "error", 0, [], "[Version] 2.0\n" + t)
add("touchstone_no_option.s2p", T, "garbage", "error", 0, [], replace_line(t, 4, "! (no option line)"))
# N ports (1.1): scikit-rf's ANSYS Circuit 3-port (rows of 3 pairs), given a second frequency.
t3 = read("touchstone/skrf_designer_wilkinson_splitter.s3p")
ls3 = lines_of(t3)
rec = [l for l in ls3 if l.startswith("1 ") or l.startswith("                -")] + \
    [l for l in ls3 if l.startswith("! Port Impedance")]
assert len(rec) == 4 and rec[0].startswith("1 ") and t3.endswith("\n\n")
two = t3 + "\n".join([rec[0].replace("1 ", "2 ", 1)] + rec[1:]) + "\n"
f2 = len(ls3)  # the line of the second frequency's record: its second row loses a pair
add("touchstone_s3p_count.s3p", T, "count-smaller", "error", f2,
    ["record cut short", "17 of 19 numbers", "line %d ('! Port Impedance') follows" % (f2 + 3)],
    sub_line(two, f2 + 1, "-318.019601937506 -0.266232623866018 ", ""))
add("touchstone_s3p_order.s3p", T, "index-range", "error", f2, ["frequency 0.5 does not increase"],
    sub_line(two, f2, "2 ", "0.5 "))
# Version 2.0: scikit-rf's CST 6-port (3 frequencies, one matrix row a line).
t6 = read("touchstone/skrf_cst_6ports_v2_3freq.s6p")
add("touchstone_v2_nfreq.s6p", T, "count-larger", "error", 0, [],
    sub_line(t6, 21, "[Number of Frequencies] 3", "[Number of Frequencies] 4"))
# No [End]: read ([Number of Frequencies] says the data is complete), as its reference.
add("touchstone_v2_no_end.s6p", T, "truncation", "accept", 0, [], t6.replace("[End]\n", ""),
    "../touchstone/skrf_cst_6ports_v2_3freq.s6p")
# Cut inside the last frequency's record: refused, naming that frequency's line.
add("touchstone_v2_trunc.s6p", T, "truncation", "error", 35, ["record cut short", "49 of 73 numbers"],
    "\n".join(lines_of(t6)[:38]) + "\n")
add("touchstone_v2_keyword.s6p", T, "garbage", "error", 0, [], sub_line(t6, 19, "[Reference]", "[References]"))
add("touchstone_v2_ports_huge.s6p", T, "count-huge", "error", 0, [],
    sub_line(t6, 18, "[Number of Ports] 6", "[Number of Ports] 1000000000000"))
add("touchstone_v2_ports_negative.s6p", T, "count-negative", "error", 0, [],
    sub_line(t6, 18, "[Number of Ports] 6", "[Number of Ports] -6"))
add("touchstone_v2_reference.s6p", T, "count-smaller", "error", 0, [], sub_line(t6, 20, "15.063 ", "", ))
add("touchstone_v2_count.s6p", T, "truncation", "error", 0, [], sub_line(t6, 31, "0               0 ", "", ))
add("touchstone_v2_noise.s2p", T, "count-larger", "warn", 0, [],
    "[Version] 2.0\n# MHz S RI R 50\n[Number of Ports] 2\n[Two-Port Data Order] 21_12\n"
    "[Number of Frequencies] 2\n[Number of Noise Frequencies] 2\n[Network Data]\n"
    "100 0 0 0.5 0 0.5 0 0 0\n200 0 0 0.5 0 0.5 0 0 0\n[Noise Data]\n100 3.0 0.1 10 0.2\n"
    "200 3.5 0.2 20 0.25\n[End]\n".replace("[Number of Noise Frequencies] 2", "[Number of Noise Frequencies] 3"),
    ref="port:1")
# [Mixed-Mode Order] (line 8 of the hand-written mixed-mode thru): a wrong count, an
# unknown entry, an entry twice, a port in two entries, pair ports of unequal references.
tm = read("touchstone/mixed_mode_thru_z.s4p")
MM = "[Mixed-Mode Order] D1,2 D3,4 C1,2 C3,4"
add("touchstone_mm_count.s4p", T, "count-smaller", "error", 8, ["[Mixed-Mode Order] has 3 entries, expected 4"],
    sub_line(tm, 8, MM, "[Mixed-Mode Order] D1,2 D3,4 C1,2"))
add("touchstone_mm_token.s4p", T, "garbage", "error", 8, ["'X3,4' is not an entry"],
    sub_line(tm, 8, MM, "[Mixed-Mode Order] D1,2 X3,4 C1,2 C3,4"))
add("touchstone_mm_twice.s4p", T, "garbage", "error", 8, ["'D1,2' is given twice"],
    sub_line(tm, 8, MM, "[Mixed-Mode Order] D1,2 D1,2 C1,2 C3,4"))
add("touchstone_mm_port.s4p", T, "index-range", "error", 8, ["port 3 is in 'C1,3' and in 'S3'"],
    sub_line(tm, 8, MM, "[Mixed-Mode Order] D1,3 C1,3 S3 S4"))
add("touchstone_mm_reference.s4p", T, "garbage", "error", 8, ["the ports of 'D1,2' have the references 50 and 75"],
    sub_line(tm, 7, "[Reference] 50 50 50 50", "[Reference] 50 75 50 50"))
add("touchstone_crlf.s2p", T, "crlf", "accept", 0, [], crlf(t), REFT)
add("touchstone_bom.s2p", T, "bom", "accept", 0, [], bom(t), REFT)
add("touchstone_tabs.s2p", T, "tabs", "accept", 0, [], tabs(t), REFT)

# ---------------------------------------------------------------- FEKO .ffe
f = read("feko/dipole_format3.ffe")
F = "feko_ffe"
REFF = "../feko/dipole_format3.ffe"
add("ffe_empty.ffe", F, "empty", "error", 0, [], "")
add("ffe_garbage.ffe", F, "garbage", "error", 0, [], GARBAGE)
add("ffe_trunc_header.ffe", F, "truncation", "error", 0, [], upto(f, 10))
add("ffe_trunc_rows.ffe", F, "truncation", "error", 0, [], upto(f, 17))
add("ffe_count_larger.ffe", F, "count-larger", "error", 0, [], sub_line(f, 10, "Samples: 3", "Samples: 4"))
add("ffe_count_smaller.ffe", F, "count-smaller", "error", 0, [], sub_line(f, 10, "Samples: 3", "Samples: 2"))
add("ffe_count_huge.ffe", F, "count-huge", "error", 0, [], sub_line(f, 11, "Samples: 2", "Samples: 1000000000000"))
add("ffe_count_negative.ffe", F, "count-negative", "error", 0, [], sub_line(f, 10, "Samples: 3", "Samples: -3"))
add("ffe_count_noninteger.ffe", F, "count-noninteger", "error", 0, [], sub_line(f, 10, "Samples: 3", "Samples: 3.5"))
add("ffe_nan.ffe", F, "nan-inf", "error", 0, [], sub_line(f, 16, "5.00000000E-001", "NaN"))
add("ffe_inf.ffe", F, "nan-inf", "error", 0, [], sub_line(f, 16, "9.00000000E+001", "Inf", ))
add("ffe_crlf.ffe", F, "crlf", "accept", 0, [], crlf(f), REFF)
add("ffe_bom.ffe", F, "bom", "accept", 0, [], bom(f), REFF)
add("ffe_tabs.ffe", F, "tabs", "accept", 0, [], tabs(f), REFF)

# ---------------------------------------------------------------- FEKO .os
o = read("feko/plate_currents.os")
O = "feko_os"
REFO = "../feko/plate_currents.os"
add("os_empty.os", O, "empty", "error", 0, [], "")
add("os_garbage.os", O, "garbage", "error", 0, [], GARBAGE)
add("os_trunc_rows.os", O, "truncation", "error", 0, [], upto(o, 12))
# A failing magnetic section is an optional block: the electric currents are read.
add("os_trunc_magnetic.os", O, "truncation", "warn", 0, [], upto(o, 19), ref="port:1")
add("os_magnetic_nan.os", O, "nan-inf", "warn", 0, [], sub_line(o, 20, "3.00000000E+000", "nan"), ref="port:1")
add("os_magnetic_count_huge.os", O, "count-huge", "warn", 0, [], sub_line(o, 16, "Samples: 2", "Samples: 1000000000000"), ref="port:1")
add("os_count_larger.os", O, "count-larger", "error", 0, [], sub_line(o, 9, "Samples: 3", "Samples: 4"))
add("os_count_smaller.os", O, "count-smaller", "error", 0, [], sub_line(o, 9, "Samples: 3", "Samples: 2"))
add("os_count_huge.os", O, "count-huge", "error", 0, [], sub_line(o, 9, "Samples: 3", "Samples: 1000000000000"))
add("os_count_negative.os", O, "count-negative", "error", 0, [], sub_line(o, 9, "Samples: 3", "Samples: -3"))
add("os_nan.os", O, "nan-inf", "error", 0, [], sub_line(o, 13, "2.00000000E-003", "nan"))
add("os_duplicate_id.os", O, "duplicate-id", "error", 0, [], sub_line(o, 13, "        2   6.6", "        1   6.6"))
add("os_crlf.os", O, "crlf", "accept", 0, [], crlf(o), REFO)
add("os_bom.os", O, "bom", "accept", 0, [], bom(o), REFO)
add("os_tabs.os", O, "tabs", "accept", 0, [], tabs(o), REFO)
# .os with quoted names and corner magnitudes (13 columns), and .ol charges.
o13 = read("feko/strip_altair.os")
q = read("feko/strip_altair.ol")
add("os13_fields.os", O, "truncation", "error", 15, ["12 fields", "expected 13"],
    replace_line(o13, 15, lines_of(o13)[14].rstrip().rsplit(" ", 1)[0]))
add("os13_nan.os", O, "nan-inf", "error", 16, ["not a finite number", "'nan'"],
    sub_line(o13, 16, lines_of(o13)[15].split()[11], "nan"))
add("os13_crlf.os", O, "crlf", "accept", 0, [], crlf(o13), "../feko/strip_altair.os")
add("ol_trunc_rows.ol", O, "truncation", "error", 20, ["truncated", "9 charge samples missing"], upto(q, 20))
add("ol_fields.ol", O, "truncation", "error", 15, ["charge sample row has 6 fields", "expected 7"],
    replace_line(q, 15, lines_of(q)[14].rstrip().rsplit(" ", 1)[0]))
add("ol_inf.ol", O, "nan-inf", "error", 14, ["not a finite number", "'inf'"],
    sub_line(q, 14, lines_of(q)[13].split()[4], "inf"))
add("ol_tabs.ol", O, "tabs", "accept", 0, [], tabs(q), "../feko/strip_altair.ol")

# ---------------------------------------------------------------- FEKO .out
k = read("feko/plate.out")
K = "feko_out"
REFK = "../feko/plate.out"
add("fekoout_empty.out", K, "empty", "error", 0, [], "")
add("fekoout_trunc_triangles.out", K, "truncation", "error", 0, [], upto(k, 21))
add("fekoout_trunc_currents.out", K, "truncation", "error", 0, [], upto(k, 43))
add("fekoout_nan.out", K, "nan-inf", "error", 0, [], sub_line(k, 20, "2.00000E-01", "nan"))
add("fekoout_index_range.out", K, "index-range", "error", 0, [], sub_line(k, 47, "       4  3.3", "      99  3.3"))
add("fekoout_duplicate_id.out", K, "duplicate-id", "error", 0, [], sub_line(k, 47, "       4  3.3", "       3  3.3"))
add("fekoout_crlf.out", K, "crlf", "accept", 0, [], crlf(k), REFK)
add("fekoout_bom.out", K, "bom", "accept", 0, [], bom(k), REFK)
# The FEKO 2017+ layout: 13-field rows (corner magnitudes), Altair banner, 3 tables.
s13 = read("feko/strip_altair.out")
REFS = "../feko/strip_altair.out"
h = next(i for i, l in enumerate(lines_of(s13), 1) if "3 corner points" in l)  # last header line
add("fekoout13_trunc_rows.out", K, "truncation", "error", h + 8, ["truncated current density table", "8 of 16"],
    upto(s13, h + 8))
add("fekoout13_header_eof.out", K, "truncation", "error", h, ["no rows under VALUES OF THE CURRENT", "before the end of the file"],
    upto(s13, h))
add("fekoout13_centre.out", K, "index-range", "error", h + 3, ["centre of triangle 3", "is not its centroid"],
    sub_line(s13, h + 3, "5.00000E-02", "5.10000E-02"))
add("fekoout13_fields.out", K, "truncation", "error", h + 2, ["12 fields", "or 13"],
    replace_line(s13, h + 2, lines_of(s13)[h + 1].rsplit("  ", 1)[0]))
add("fekoout13_nan.out", K, "nan-inf", "error", h + 5, ["current magnitude", "'nan'"],
    sub_line(s13, h + 5, "1.948E+00", "nan"))
add("fekoout13_crlf.out", K, "crlf", "accept", 0, [], crlf(s13), REFS)
add("fekoout13_tabs.out", K, "tabs", "accept", 0, [], tabs(s13), REFS)

# ------------------------------------------- FEKO .out read whole (wires, fields, S)
# The wire-only dipole (make_feko_wires.py): its wires are what the reader outputs, so a
# damaged segment table or segment current table is an error; the S-parameters (port 3),
# the far field (port 4) and the near field (port 5) are optional blocks.
w = read("feko/dipole_wire_2017.out")
W = "feko_wires"
REFW = "../feko/dipole_wire_2017.out"
add("fekowires_sequence.out", W, "index-range", "error", 20, ["segment number 3 out of sequence"],
    sub_line(w, 20, "        2   wire", "        3   wire"))
add("fekowires_nan.out", W, "nan-inf", "error", 82, ["not a finite number", "'nan'"],
    sub_line(w, 82, "6.327E-03", "      nan"))
add("fekowires_fields.out", W, "truncation", "error", 82, ["segment current row has 9 fields"],
    sub_line(w, 82, "  -34.51", ""))
add("fekowires_trunc.out", W, "truncation", "error", 83, ["ends inside a segment current table"],
    upto(w, 83).rstrip("\n"))
add("fekowires_centre.out", W, "index-range", "error", 81, ["not the midpoint"],
    sub_line(w, 81, "-2.08889E-01", "-1.08889E-01"))
add("fekowires_s_nan.out", W, "nan-inf", "warn", 69, ["the real part is not a finite number"],
    sub_line(w, 69, "2.18586E-01", "        nan"), "port:3")
add("fekowires_ff_nan.out", W, "nan-inf", "warn", 140, ["not a finite number", "'nan'"],
    sub_line(w, 140, "1.033E-01", "      nan"), "port:4")
add("fekowires_ff_fields.out", W, "truncation", "warn", 140, ["far-field row has 3 fields"],
    replace_line(w, 140, "   10.00    0.00   1.033E-01"), "port:4")
add("fekowires_nf_nan.out", W, "nan-inf", "warn", 104, ["not a finite number", "'inf'"],
    sub_line(w, 104, "3.12069E-03", "        inf"), "port:5")
add("fekowires_nf_negative.out", W, "nan-inf", "warn", 103, ["negative field magnitude"],
    sub_line(w, 103, "  4.96674E-09", " -4.96674E-09"), "port:5")
add("fekowires_crlf.out", W, "crlf", "accept", 0, [], crlf(w), REFW)
add("fekowires_bom.out", W, "bom", "accept", 0, [], bom(w), REFW)

# ---------------------------------------------------------------- CST .txt
c = read("cst/dipole_spherical_dbi.txt")
C = "cst"
REFC = "../cst/dipole_spherical_dbi.txt"
add("cst_empty.txt", C, "empty", "error", 0, [], "")
add("cst_garbage.txt", C, "garbage", "error", 0, [], GARBAGE)
add("cst_trunc_header.txt", C, "truncation", "error", 0, [], upto(c, 1))
add("cst_trunc_rows.txt", C, "truncation", "error", 0, [], upto(c, 9))
add("cst_nan.txt", C, "nan-inf", "error", 0, [], sub_line(c, 4, "45.000", "nan"))
add("cst_inf_phase.txt", C, "nan-inf", "error", 0, [], sub_line(c, 4, "175.500", "inf"))
add("cst_crlf.txt", C, "crlf", "accept", 0, [], crlf(c), REFC)
add("cst_bom.txt", C, "bom", "accept", 0, [], bom(c), REFC)
add("cst_tabs.txt", C, "tabs", "accept", 0, [], tabs(c), REFC)
# CST variants: Ludwig-2 angle pairs (recognised, refused), co/cross components, the
# E-field export with five-character names, 3-digit exponents.
d3 = read("cst/dipole_sphere_3digit.txt")
hz = read("cst/horn_ludwig3_efield.txt")
TP = "Theta [deg.]  Phi   [deg.]"
add("cst_elev_azim.txt", C, "element-type", "error", 1, ["Ludwig-2", "Elev./Azim."],
    d3.replace(TP, "Elev. [deg.]  Azim. [deg.]", 1))
add("cst_alpha_epsi.txt", C, "element-type", "error", 1, ["Ludwig-2", "Alpha/Epsi."],
    d3.replace(TP, "Alpha [deg.]  Epsi. [deg.]", 1))
# Ludwig-2 exports (Elev./Azim. with Azimu/Eleva components, read onto theta/phi): an
# uneven elevation step, a single azimuth cut, the angle columns swapped, a NaN.
l2 = read("cst/dipole_elev_azim_volts.txt")
REFL2 = "../cst/dipole_elev_azim_volts.txt"
add("cst_l2_crlf.txt", C, "crlf", "accept", 0, [], crlf(l2), REFL2)
add("cst_l2_uneven.txt", C, "index-range", "error", 86, ["Elev. angles are not evenly spaced"],
    l2.replace("\n -60.000 ", "\n -50.000 "))
add("cst_l2_cut.txt", C, "truncation", "error", 9, ["does not cover the sphere"], upto(l2, 9))
add("cst_l2_swapped.txt", C, "garbage", "error", 1, ["Azim. first", "CST writes Elev. or Alpha first"],
    l2.replace("Elev. [deg.]  Azim. [deg.]", "Azim. [deg.]  Elev. [deg.]", 1))
add("cst_l2_nan.txt", C, "nan-inf", "error", 5, ["column 4 is not a number"], sub_line(l2, 5, "3.162e-01", "nan"))
add("cst_copol.txt", C, "element-type", "error", 1, ["co- and cross-polar"],
    hz.replace("Abs(Horiz)", "Abs(Cross)", 1).replace("Phase(Horiz)", "Phase(Cross)", 1))
add("cst_3digit_trunc_rows.txt", C, "truncation", "error", 30, ["not a grid"], upto(d3, 30))
add("cst_3digit_nan.txt", C, "nan-inf", "error", 5, ["column 3 is not a number", "'nan'"],
    sub_line(d3, 5, "-9.013e+000", "nan"))
add("cst_horn_crlf.txt", C, "crlf", "accept", 0, [], crlf(hz), "../cst/horn_ludwig3_efield.txt")
add("cst_horn_tabs.txt", C, "tabs", "accept", 0, [], tabs(hz), "../cst/horn_ludwig3_efield.txt")

# CST farfield source files (.ffs): the required parts refused with file and line.
fs = read("cst/dipole_source.ffs")
FS = "cst_ffs"
REFFS = "../cst/dipole_source.ffs"
add("cst_ffs_trunc_rows.ffs", FS, "truncation", "error", 34, ["announces 9 x 37 = 333 rows", "a cut file"],
    upto(fs, 59))
add("cst_ffs_nan.ffs", FS, "nan-inf", "error", 40, ["Re(E_Theta) is not a finite number", "'nan'"],
    replace_line(fs, 40, "   0.000    15.000   nan   0.00000000e+00  0.00000000e+00   0.00000000e+00"))
add("cst_ffs_count_huge.ffs", FS, "count-huge", "error", 34, ["the number of phi samples", "1000000000"],
    replace_line(fs, 34, "1000000000 37"))
add("cst_ffs_nearfield.ffs", FS, "element-type", "error", 7, ["Data Type 'Nearfield'", "only far-field sources"],
    replace_line(fs, 7, "Nearfield "))
add("cst_ffs_no_power.ffs", FS, "truncation", "error", 25, ["far-field rows before", "the power block"],
    "\n".join(l for i, l in enumerate(lines_of(fs)) if not 21 <= i + 1 <= 31))
add("cst_ffs_crlf.ffs", FS, "crlf", "accept", 0, [], crlf(fs), REFFS)
add("cst_ffs_tabs.ffs", FS, "tabs", "accept", 0, [], tabs(fs), REFFS)

# ---------------------------------------------------------------- Gmsh .msh
g = read("gmsh/plate_v22.msh")
G = "gmsh"
REFG = "../gmsh/plate_v22.msh"
add("gmsh_empty.msh", G, "empty", "error", 0, [], "")
add("gmsh_garbage.msh", G, "garbage", "error", 0, [], GARBAGE)
add("gmsh_trunc_format.msh", G, "truncation", "error", 0, [], upto(g, 2))
add("gmsh_trunc_nodes.msh", G, "truncation", "error", 0, [], upto(g, 13))
add("gmsh_trunc_elements.msh", G, "truncation", "error", 0, [], upto(g, 22))
add("gmsh_trunc_elementdata.msh", G, "truncation", "warn", 0, [], upto(g, 36))
add("gmsh_count_larger.msh", G, "count-larger", "error", 0, [], sub_line(g, 10, "7", "8"))
add("gmsh_count_smaller.msh", G, "count-smaller", "error", 0, [], sub_line(g, 10, "7", "6"))
add("gmsh_count_huge.msh", G, "count-huge", "error", 0, [], sub_line(g, 10, "7", "1000000000000"))
add("gmsh_count_negative.msh", G, "count-negative", "error", 0, [], sub_line(g, 20, "6", "-6"))
add("gmsh_count_noninteger.msh", G, "count-noninteger", "error", 0, [], sub_line(g, 20, "6", "6.5"))
add("gmsh_nan.msh", G, "nan-inf", "error", 0, [], sub_line(g, 12, "2 1 0 0", "2 nan 0 0"))
add("gmsh_inf_data.msh", G, "nan-inf", "warn", 0, [], sub_line(g, 38, "2.0 0.5", "inf 0.5"))
add("gmsh_index_range.msh", G, "index-range", "error", 0, [], sub_line(g, 23, "1 2 6 5", "1 2 6 42"))
add("gmsh_element_type.msh", G, "element-type", "error", 0, [], sub_line(g, 23, "10 3 2", "10 200 2"))
add("gmsh_element_nodes.msh", G, "element-type", "error", 0, [], sub_line(g, 25, "20 2 2 2 1 5 6 9", "20 2 2 2 1 5 6 9 7"))
add("gmsh_duplicate_node.msh", G, "duplicate-id", "error", 0, [], sub_line(g, 12, "2 1 0 0", "1 1 0 0"))
add("gmsh_duplicate_element.msh", G, "duplicate-id", "error", 0, [], sub_line(g, 24, "11 3 2", "10 3 2"))
add("gmsh_crlf.msh", G, "crlf", "accept", 0, [], crlf(g), REFG)
add("gmsh_bom.msh", G, "bom", "accept", 0, [], bom(g), REFG)
add("gmsh_tabs.msh", G, "tabs", "accept", 0, [], tabs(g), REFG)
# Binary MSH 2.2 and 4.1 (Testing/Data/gmsh/make_gmsh_binary.py). Errors in binary parts
# name the line of the section's count (2.2) or of the section keyword (4.1), and a byte.
def read_bytes(rel):
    with open(os.path.join(data, rel), "rb") as f:
        return f.read()


def line_of(b, marker, after=0):
    """1-based line of the first line starting at marker (searched from byte `after`)."""
    return b[:b.index(marker, after)].count(b"\n") + 1


b22 = read_bytes("gmsh/plate_v22_bin.msh")
b41 = read_bytes("gmsh/plate_v41_bin.msh")
n22 = line_of(b22, b"7\n", b22.index(b"$Nodes"))      # the node count line
e22 = line_of(b22, b"6\n", b22.index(b"$Elements"))   # the element count line
nodes41 = line_of(b41, b"$Nodes")
add("gmsh_bin_trunc_nodes.msh", G, "truncation", "error", n22, ["binary data ends while reading"],
    b22[:b22.index(b"$EndNodes") - 30])
add("gmsh_bin41_trunc_nodes.msh", G, "truncation", "error", nodes41, ["binary data ends while reading"],
    b41[:b41.index(b"$EndNodes") - 30])
add("gmsh_bin_endianness.msh", G, "garbage", "error", 2, ["endianness check is 2"],
    b22.replace(b"2.2 1 8\n\x01\x00\x00\x00", b"2.2 1 8\n\x02\x00\x00\x00", 1))
k = b22.index(b"\n", b22.index(b"$Elements\n") + 10) + 1    # the first element block's type
add("gmsh_bin_element_type.msh", G, "element-type", "error", e22, ["element type 200", "no known node count"],
    b22[:k] + bytes([200]) + b22[k + 1:])
k = b41.index(b"$Nodes\n") + 7                                # numEntityBlocks, then numNodes
add("gmsh_bin41_count_huge.msh", G, "count-huge", "error", nodes41, ["node count", "above the limit"],
    b41[:k + 8] + (10 ** 12).to_bytes(8, "little") + b41[k + 16:])
k = b22.index(b"$Nodes\n7\n") + 9 + 4                        # node 1's x
add("gmsh_bin_nan.msh", G, "nan-inf", "error", n22, ["binary x is not a finite number"],
    b22[:k] + b"\x00\x00\x00\x00\x00\x00\xf8\x7f" + b22[k + 8:])
add("gmsh_bin_be.msh", G, "endianness", "accept", 0, [], read_bytes("gmsh/plate_v22_bin_be.msh"), REFG)
add("gmsh_bin41_be.msh", G, "endianness", "accept", 0, [], read_bytes("gmsh/plate_v41_bin_be.msh"),
    "../gmsh/plate_v41.msh")

# ---------------------------------------------------------------- FEKO .efe/.hfe
nf = read("feko/nearfield/dipole_2019_cartesian.efe")
NF = "feko_nf"
add("nf_empty.efe", NF, "empty", "error", 0, ["not a FEKO near-field file"], "")
add("nf_garbage.efe", NF, "garbage", "error", 0, ["not a FEKO near-field file"], GARBAGE)
add("nf_missing_header.efe", NF, "garbage", "error", 0, ["not a FEKO near-field file"],
    "\n".join(lines_of(nf)[1:]) + "\n")
add("nf_trunc_rows.efe", NF, "truncation", "error", 21, ["truncated block 'NearField1'", "4 of 12 samples"],
    upto(nf, 21))
add("nf_count_larger.efe", NF, "count-larger", "error", 30, ["truncated block", "12 of 16 samples"],
    sub_line(nf, 12, "Samples: 3", "Samples: 4"))
add("nf_count_smaller.efe", NF, "count-smaller", "error", 25, ["do not form the grid", "2 x 2 x 2"],
    sub_line(nf, 12, "Samples: 3", "Samples: 2"))
add("nf_count_huge.efe", NF, "count-huge", "error", 13, ["1000000000000", "above the limit"],
    sub_line(nf, 13, "Samples: 2", "Samples: 1000000000000"))
add("nf_nan.efe", NF, "nan-inf", "error", 18, ["X is not a finite number", "'NaN'"],
    sub_line(nf, 18, "-3.00000000E-001", "NaN"))
# The partial-result rule: the second frequency's block cut short is one warning; the
# first frequency is read.
add("nf_late_block.efe", NF, "truncation", "warn", 45, ["truncated block 'NearField1' at 6e+08 Hz",
    "5 of 12 samples"], upto(nf, 45))
# (The accepted variants copy a file without an .hfe beside it: the reference's output
# is then its own field alone, as the copies' is.)
sph = read("feko/nearfield/dipole_2017_spherical.efe")
REFSPH = "../feko/nearfield/dipole_2017_spherical.efe"
add("nf_crlf.efe", NF, "crlf", "accept", 0, [], crlf(sph), REFSPH)
add("nf_bom.efe", NF, "bom", "accept", 0, [], bom(sph), REFSPH)
add("nf_tabs.efe", NF, "tabs", "accept", 0, [], tabs(sph), REFSPH)

# ---------------------------------------------------------------- MSI/Planet .msi
# Small patterns in the layout of ../msi/sector_65_18.msi (CRLF, as Windows tools write).
MS = "msi"
MSI_HEAD = "NAME SECTOR\nMAKE Example Antennas\nFREQUENCY 0925\nGAIN 15.85 dBd\n"
MSI_H = "HORIZONTAL 3\n0 0.00\n90 12.00\n180 25.00\n"
MSI_V = "VERTICAL 3\n0 0.00\n90 20.00\n180 25.00\n"
msi = MSI_HEAD + MSI_H + MSI_V
add("msi_empty.msi", MS, "empty", "error", 0, ["empty file"], "")
add("msi_count_larger.msi", MS, "count-larger", "error", 5, ["HORIZONTAL 4 announces 4 rows, found 3"],
    crlf(msi.replace("HORIZONTAL 3", "HORIZONTAL 4")))
add("msi_count_smaller.msi", MS, "count-smaller", "error", 9,
    ["row '270 12.00' outside a cut", "announces 3 rows"],
    crlf(MSI_HEAD + MSI_H + "270 12.00\n" + MSI_V))
add("msi_angle_range.msi", MS, "index-range", "error", 8, ["angle 365", "outside [0, 360]"],
    crlf(msi.replace("180 25.00", "365 25.00", 1)))
add("msi_no_gain.msi", MS, "truncation", "error", 0, ["no GAIN line"],
    crlf(msi.replace("GAIN 15.85 dBd\n", "")))
add("msi_nan.msi", MS, "nan-inf", "error", 7, ["NaN", "not a finite number"],
    crlf(msi.replace("90 12.00", "90 NaN")))
add("msi_count_huge.msi", MS, "count-huge", "error", 5, ["1000000000000", "limit"],
    crlf(MSI_HEAD + MSI_H.replace("HORIZONTAL 3", "HORIZONTAL 1000000000000")))
add("msi_no_vertical.msi", MS, "truncation", "error", 8, ["no VERTICAL cut"], crlf(MSI_HEAD + MSI_H))
add("msi_trunc_rows.msi", MS, "truncation", "error", 9,
    ["VERTICAL 3 announces 3 rows, found 2", "end of the file"], crlf(upto(msi, 11)))
sector = read("msi/sector_65_18.msi").replace("\r\n", "\n")
add("msi_tabs.msi", MS, "tabs", "accept", 0, [], tabs(sector) + "\n", "../msi/sector_65_18.msi")

# ---------------------------------------------------------------- Planet 2 .pafx
# Zip archives damaged byte by byte from ../pafx/sector_65_18.pafx (make_pafx.py: deflate,
# as Planet's archives are). Zip-level problems name the archive and the entry, line 0.
import struct as _struct
import zipfile as _zipfile
import io as _io
PX = "pafx"
pafx = read_bytes("pafx/sector_65_18.pafx")


def _cd(b, name):
    """The offset of the central directory entry of `name`."""
    n = name.encode()
    at = b.index(b"PK\x01\x02")
    while b[at + 46:at + 46 + len(n)] != n:
        at = b.index(b"PK\x01\x02", at + 1)
    return at


def _put32(b, at, v):
    return b[:at] + _struct.pack("<I", v) + b[at + 4:]


add("pafx_truncated.pafx", PX, "truncation", "error", 0, ["no end-of-central-directory record", "truncated"],
    pafx[:len(pafx) // 2])
add("pafx_bomb.pafx", PX, "count-huge", "error", 0, ["entry 'antenna.paf'", "declares 3000000000 bytes", "beyond the limit"],
    _put32(pafx, _cd(pafx, "antenna.paf") + 24, 3000000000))
add("pafx_inflates_more.pafx", PX, "count-smaller", "error", 0, ["entry 'antenna.paf'", "inflates to more than the 100 bytes"],
    _put32(pafx, _cd(pafx, "antenna.paf") + 24, 100))
add("pafx_crc.pafx", PX, "garbage", "error", 0, ["entry 'antenna.paf'", "CRC-32 mismatch"],
    _put32(pafx, _cd(pafx, "antenna.paf") + 16, 0x12345678))
add("pafx_encrypted.pafx", PX, "garbage", "error", 0, ["entry 'antenna.paf'", "encrypted"],
    pafx[:_cd(pafx, "antenna.paf") + 8] + bytes([pafx[_cd(pafx, "antenna.paf") + 8] | 1]) +
    pafx[_cd(pafx, "antenna.paf") + 9:])
add("pafx_garbage.pafx", PX, "garbage", "error", 0, ["no end-of-central-directory record"], GARBAGE)
add("pafx_empty.pafx", PX, "empty", "error", 0, ["not a zip archive"], b"")
_z = _io.BytesIO()
with _zipfile.ZipFile(_z, "w", _zipfile.ZIP_DEFLATED) as _w:
    _w.writestr("readme.txt", "not an antenna")
add("pafx_no_paf.pafx", PX, "garbage", "error", 0, ["no antenna.paf in the archive"], _z.getvalue())
# The partial-result rule: the tilt-6 pattern's vertical cut loses its last gain (one
# warning naming the archive, the entry and the line); the tilt-0 pattern is read.
_z = _io.BytesIO()
with _zipfile.ZipFile(_io.BytesIO(pafx)) as _r, \
        _zipfile.ZipFile(_z, "w", _zipfile.ZIP_DEFLATED) as _w:
    for _i in _r.infolist():
        _t = _r.read(_i.filename)
        if _i.filename.endswith("_T06.pap"):
            _t = _t[:_t.rindex(b";")] + _t[_t.index(b"</Gains>", _t.rindex(b";")):]
        _w.writestr(_i, _t)
add("pafx_partial.pafx", PX, "count-smaller", "warn", 18, ["SECTOR-65-18_0925_T06.pap", "VerticalPattern has 359 gains", "needs 360"],
    _z.getvalue())
add("pafx_copy.pafx", PX, "crlf", "accept", 0, [], pafx, "../pafx/sector_65_18.pafx")

# The HDF5 (openEMS) rows come from make_bad_hdf5.py (it needs h5py): keep them.
manifest = os.path.join(here, "MANIFEST.tsv")
hdf5_rows = [l for l in open(manifest) if l.split("\t")[1:2] in (["openems"], ["openems_dump"])] if os.path.exists(manifest) else []
with open(manifest, "w") as out:
    out.write("# file\tformat\tclass\texpect\tline\tfragments (|-separated)\treference\n")
    for e in entries:
        out.write("\t".join(e) + "\n")
    out.writelines(hdf5_rows)
print(len(entries), "entries")

#!/usr/bin/env python3
"""Writes the seed inputs of the lsystem, ifs, nec_deck and touchstone harnesses
(Testing/Fuzz/seeds/<name>/) from the presets of cmLSystem.cpp / cmIFS.cpp
and the strings of the unit tests. Re-run after changing the presets."""
import os, re, struct

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.normpath(os.path.join(here, "..", ".."))


def c_strings(text):
    """The C string literals of one preset entry, adjacent literals joined."""
    out = []
    for m in re.finditer(r'((?:"(?:[^"\\]|\\.)*"\s*)+)', text):
        parts = re.findall(r'"((?:[^"\\]|\\.)*)"', m.group(1))
        out.append("".join(parts).encode().decode("unicode_escape"))
    return out


def write(name, k, data):
    d = os.path.join(here, "seeds", name)
    os.makedirs(d, exist_ok=True)
    with open(os.path.join(d, "seed_%02d" % k), "wb") as f:
        f.write(data)


# L-system: control byte (iterations) + axiom NUL rules NUL ignore.
src = open(os.path.join(root, "Filters/Fractals/Core/cmLSystem.cpp")).read()
body = src[src.index("LPresets()"):]
k = 0
for entry in re.findall(r"\{ (\"[^{]*?)\{", body, re.S):
    s = c_strings(entry)
    if len(s) >= 4 and s[1]:
        write("lsystem", k, bytes([4]) + "\0".join([s[1], s[2], s[3]]).encode())
        k += 1
tests = open(os.path.join(root, "Filters/Fractals/Testing/Core/TestLSystem.cpp")).read()
for m in re.finditer(r'Run\("([^"]*)", "([^"]*)", \d+(?:, "([^"]*)")?', tests):
    write("lsystem", k, bytes([2]) + "\0".join([m.group(1), m.group(2).encode().decode("unicode_escape"), m.group(3) or ""]).encode())
    k += 1
write("lsystem", k, bytes([3]) + b"baaaaaaaa\0b < a -> b\nb -> a\0")

# IFS: control byte (format, 4 = probabilities given) + the maps.
src = open(os.path.join(root, "Filters/Fractals/Core/cmIFS.cpp")).read()
body = src[src.index("IFSPresets()"):]
k = 0
for fmt, maps in re.findall(r"MapFormat::(\w+),\s*((?:\"[^\"]*\"\s*)+)", body):
    text = "".join(re.findall(r'"([^"]*)"', maps)).encode().decode("unicode_escape")
    f = {"Coefficients": 0, "Parameters": 1, "Affine3D": 2}[fmt]
    write("ifs", k, bytes([f | 4]) + text.encode()); k += 1
    write("ifs", k, bytes([f]) + text.encode()); k += 1
write("ifs", k, bytes([1]) + b"0.5 0.5 0 0 0 0; 0.5 0.5 0 0 0.5 0; 0.5,0.5,0,0,0.25,0.43"); k += 1

# NEC deck: FuzzedDataProvider bytes (consumed from the end for integers);
# a few random-but-valid-looking meshes are enough, the fuzzer mutates them.
import random
rng = random.Random(1)
for k in range(8):
    write("nec_deck", k, bytes(rng.randrange(256) for _ in range(64 + 32 * k)))

# Touchstone: control byte (ports: 0 guess, 1, 2) + the test files' text.
k = 0
tdir = os.path.join(root, "Testing/Data/touchstone")
for name in sorted(n for n in os.listdir(tdir) if re.search(r"\.s\d+p$", n)):
    text = open(os.path.join(tdir, name), "rb").read()
    n = int(re.search(r"\.s(\d+)p$", name).group(1))
    ports = n if n <= 2 else 0  # the control byte picks 0 (the file says), 1 or 2
    write("touchstone", k, bytes([ports]) + text); k += 1
    write("touchstone", k, bytes([0]) + text); k += 1

# Touchstone 2.0 [Mixed-Mode Order]: the specification's example 16 (.ts, which the loop
# above does not take) and the hand-written mixed-mode Z thru, control byte 0.
for name, seed in (("skrf_ex_16_mixed_mode.ts", "mixed_mode_ex16"), ("mixed_mode_thru_z.s4p", "mixed_mode_thru_z")):
    with open(os.path.join(here, "seeds", "touchstone", seed), "wb") as f:
        f.write(bytes([0]) + open(os.path.join(tdir, name), "rb").read())

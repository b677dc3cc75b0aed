"""The Touchstone reader against scikit-rf (python3-scikit-rf) as the oracle, on the
real Touchstone files that scikit-rf ships (its data directory and its test files,
among them HFSS exports with per-frequency "! Port Impedance" comments).

For every 1- and 2-port file: the frequencies and every S parameter equal
scikit-rf's Network.f and Network.s. For the HFSS files, whose S parameters are
referenced to the complex port impedances HFSS prints, the PortImpedance columns
equal Network.z0, port 1's R + jX equals scikit-rf's one-port s2z of S11 on that
impedance (traveling/pseudo waves: for one port both give Zp (1 + S11)/(1 - S11),
scikit-rf's definition for HFSS files), and Gamma is that impedance against the
option line's R. A file with a repeated frequency (ntwk_noise.s2p) is refused, as
Touchstone 1.1 requires increasing frequencies, with an error naming file and line.

The noise parameters (output port 1, Noise) of every 2-port with noise data (thru.s2p and
the Rohde & Schwarz RsaToolbox ntwk4_n.s2p, and our copies of them): the frequencies,
NFmin, Gamma_opt and Rn equal scikit-rf's noise_freq, nfmin_db, nfmin, g_opt and rn (rn
in ohms: 1.1's normalised Rn times R) within 1e-12 relative, at the noise frequencies
(Network.interpolate onto noise_freq, since scikit-rf evaluates them at the network's
frequencies); every other file has an empty Noise output. PortNames (field data) equals
scikit-rf's port_names where it reads them (HFSS's "! Port[1] = 1:1"), else "1", "2".
The mixed-mode files skrf_ex_16_mixed_mode.ts (the specification's example 16) and
mixed_mode_thru_z.s4p (Z parameters, converted on the mode references): every
parameter and every row's reference equal scikit-rf's, where it reads [Mixed-Mode Order]
(Network.port_modes: Debian 13's 1.6.2; Debian 12's 0.15 cannot, said and not compared).
Skips (77) when scikit-rf is not installed.

  pvpython test_touchstone_skrf.py <CloudMap plugin> <scratch dir>"""
import glob
import os
import sys

import cloudmap_testlib as lib

skrf, np = lib.import_skrf()

plugin, tmp = sys.argv[1:3]
simple = lib.load_plugin(plugin)
from paraview import servermanager as sm

window = lib.capture_vtk_messages()
root = os.path.dirname(skrf.__file__)
files = sorted(set(glob.glob(os.path.join(root, "data", "*.s[12]p")) +
                   glob.glob(os.path.join(root, "tests", "*.s[12]p")) +
                   glob.glob(os.path.join(root, "media", "tests", "*.s[12]p")) +
                   glob.glob(os.path.join(root, "media", "tests", "*", "*.s[12]p"))))
shipped = len(files)
# Ours too, read by scikit-rf as the oracle: Debian 13's scikit-rf ships no HFSS file with
# port impedances other than R, so skrf_hfss_twoport.s2p (HFSS 14, from scikit-rf 0.15's
# own tests, BSD-3-Clause) is in the tree.
ours = os.path.join(lib.DATA, "touchstone")
# Not rlc_series_ri.s1p: scikit-rf 1.6.2 (Debian 13) drops its option line after the comment
# "! Gamma = -0.5, VSWR 3" and reads GHz S MA R 50 (a comment holding "=" is taken for a
# variable); Readers.TestTouchstone checks that file against hand values. Not shunt_z_db.s1p:
# Z parameters, which scikit-rf 0.15 does not read.
files += [os.path.join(os.path.normpath(ours), f) for f in ("skrf_hfss_twoport.s2p", "pad_6db_ma.s2p")]
# and our copies of its two 2-ports with noise data (thru.s2p, ntwk4_n.s2p), which scikit-rf
# 1.6 in Debian 13 may not ship.
files += [os.path.join(os.path.normpath(ours), f) for f in ("skrf_thru_noise.s2p", "skrf_rsa_ntwk4_n_5freq.s2p")]
check = lib.Checks(quiet=True)


def columns(path):
    r = simple.TouchstoneReader(FileName=path)
    r.UpdatePipeline()
    t = sm.Fetch(r)
    cols = {k: np.array(v) for k, v in lib.table_columns(t).items()}
    z = t.GetFieldData().GetArray("ReferenceImpedance")
    names = lib.string_values(t.GetFieldData(), "PortNames")
    noise = None  # no Noise output port at all
    if r.SMProxy.GetNumberOfOutputPorts() > 1:
        n = sm.Fetch(r, idx=1)
        noise = {k: np.array(v) for k, v in lib.table_columns(n).items()}
    simple.Delete(r)
    cols["_names"], cols["_noise"] = names, noise
    return cols, (z.GetValue(0) if z else None)


def rel(a, b):
    a, b = np.asarray(a), np.asarray(b)
    if a.shape != b.shape:
        return float("inf")
    return float(np.max(np.abs(a - b) / np.maximum(np.abs(b), 1e-300))) if b.size else 0.0


def check_noise(name, cols, net):
    """The Noise output against scikit-rf's noise parameters; empty without them."""
    noise = cols["_noise"]
    if noise is None:
        check(False, "%s: the reader has no Noise output (port 1)" % name)
        return 0
    if not net.noisy:
        check(not noise, "%s: a Noise output for a file without noise data: %s" % (name, sorted(noise)))
        return 0
    at = net.interpolate(net.noise_freq)  # scikit-rf evaluates noise at the network's frequencies
    if not noise or len(noise.get("Frequency", [])) != len(at.f):
        check(False, "%s: Noise output %s, scikit-rf has %d noise frequencies" % (
            name, {k: len(v) for k, v in noise.items()}, len(at.f)))
        return 0
    g = noise["GammaOpt_re"] + 1j * noise["GammaOpt_im"]
    polar = noise["GammaOpt_mag"] * np.exp(1j * np.deg2rad(noise["GammaOpt_ang[deg]"]))
    d = {"f": rel(noise["Frequency"], net.noise_freq.f), "NFmin[dB]": rel(noise["NFmin[dB]"], at.nfmin_db),
         "NFmin": rel(10 ** (noise["NFmin[dB]"] / 10), at.nfmin), "GammaOpt": rel(g, at.g_opt),
         "GammaOpt mag/ang": rel(polar, at.g_opt), "Rn[Ohm]": rel(noise["Rn[Ohm]"], at.rn)}
    worst = max(d.values())
    check(worst <= 1e-12, "%s: noise parameters differ from scikit-rf: %s" % (name, d))
    lib.say("  %-45s noise: %d frequencies, max rel. diff %.1e (NFmin %s dB, Rn %s ohm)" % (
        name, len(at.f), worst, noise["NFmin[dB]"][:2], noise["Rn[Ohm]"][:2]))
    return 1


hfss = noisy = named = 0
for path in files:
    name = os.path.relpath(path, root) if path.startswith(root) else os.path.basename(path)
    mark = len(window.GetOutput())
    cols, r0 = columns(path)
    msg = window.GetOutput()[mark:]
    net = skrf.Network(path)
    if len(set(net.f)) != len(net.f):
        check("ERROR" in msg and path + ":" in msg and "does not increase" in msg and len(cols.get("Frequency", [])) == 0,
              "%s: a repeated frequency is not refused with file and line" % name)
        lib.say("  %-45s refused: repeated frequency (%s)" % (name, [l for l in msg.splitlines() if path in l][:1]))
        continue
    check("ERROR" not in msg, "%s: errors: %s" % (name, msg[:300]))
    n = net.s.shape[1]
    noisy += check_noise(name, cols, net)
    want = list(net.port_names) if net.port_names else [str(k + 1) for k in range(n)]
    named += 1 if net.port_names else 0
    check(cols["_names"] == want, "%s: PortNames %s, scikit-rf's port_names %s" % (name, cols["_names"], net.port_names))
    check(np.array_equal(cols["Frequency"], net.f), "%s: frequencies differ" % name)
    worst = 0.0
    for i in range(n):
        for j in range(n):
            s = cols["S%d%d_re" % (i + 1, j + 1)] + 1j * cols["S%d%d_im" % (i + 1, j + 1)]
            worst = max(worst, float(np.max(np.abs(s - net.s[:, i, j]))))
    check(worst < 1e-12, "%s: S differs from scikit-rf by %.3g" % (name, worst))
    detail = ""
    differs = bool(np.any(np.abs(net.z0 - r0) > 1e-9 * r0))
    check(("PortImpedance1_re" in cols) == differs,
          "%s: port impedance columns %s, scikit-rf's z0 %s R" % (
              name, "PortImpedance1_re" in cols, "differs from" if differs else "equals"))
    if "PortImpedance1_re" in cols:
        hfss += 1
        for k in range(n):
            zp = cols["PortImpedance%d_re" % (k + 1)] + 1j * cols["PortImpedance%d_im" % (k + 1)]
            check(np.max(np.abs(zp - net.z0[:, k])) < 1e-9, "%s: port %d impedance differs" % (name, k + 1))
        z1 = skrf.network.s2z(net.s[:, :1, :1], net.z0[:, :1], s_def="pseudo")[:, 0, 0]
        z = cols["R"] + 1j * cols["X"]
        dz = float(np.max(np.abs(z - z1) / np.abs(z1)))
        g = (z1 - r0) / (z1 + r0)
        dg = float(np.max(np.abs(cols["Gamma_re"] + 1j * cols["Gamma_im"] - g)))
        check(dz < 1e-9 and dg < 1e-9, "%s: Z (%.3g) or Gamma (%.3g) differ from scikit-rf" % (name, dz, dg))
        detail = ", port impedance %s, Z1 rel. diff %.1e" % (np.round(net.z0[0], 3), dz)
    else:
        # One reference for every port: port 1's impedance is R (1 + S11)/(1 - S11).
        check(np.allclose(net.z0, r0, rtol=0, atol=1e-12), "%s: R %s but scikit-rf z0 %s" % (name, r0, net.z0[0]))
    lib.say("  %-45s %d ports, %d frequencies, S max diff %.1e%s" % (name, n, len(net.f), worst, detail))


def mixed_mode(path):
    """[Mixed-Mode Order] against scikit-rf, which reads it since 0.30 (Network.port_modes;
    Debian 13's 1.6.2 does, Debian 12's 0.15 does not): scikit-rf moves entry k of the order
    to the matrix position of its pair's lower port (D) or higher port (C) or of its own
    port (S) and scales z0 by 2 (D) or 1/2 (C); our table keeps the file's order and names
    the entries (Sdd12...). Every parameter and every row's reference must agree."""
    if not hasattr(skrf.Network(), "port_modes"):
        lib.say("  %-45s mixed-mode: scikit-rf %s has no port_modes (it reads [Mixed-Mode Order] "
                "from 0.30 on): not compared" % (os.path.basename(path), skrf.__version__))
        return
    net = skrf.Network(path)
    r = simple.TouchstoneReader(FileName=path)
    r.UpdatePipeline()
    t = sm.Fetch(r)
    cols = {k: np.array(v) for k, v in lib.table_columns(t).items()}
    order = lib.string_values(t.GetFieldData(), "MixedModeOrder")
    zmode = t.GetFieldData().GetArray("ModeReferenceImpedance")
    simple.Delete(r)
    logical, names = {}, []
    for e in order:  # the reader's numbering: pairs and S ports as first named
        key = e[1:] if e[0] == "S" else tuple(sorted(e[1:].split(",")))
        logical.setdefault(key, len(logical) + 1)
        names.append((e[0].lower(), logical[key]))
    pos = []
    for e in order:
        ports = sorted(int(p) - 1 for p in e[1:].split(","))
        pos.append(ports[0] if e[0] in "SD" else ports[1])
    worst, zworst = 0.0, 0.0
    for i, (mi, li) in enumerate(names):
        zworst = max(zworst, abs(zmode.GetValue(i) - net.z0[0, pos[i]]))
        for j, (mj, lj) in enumerate(names):
            n = "S%s%s%d%d" % (mi, mj, li, lj)
            v = cols[n + "_re"] + 1j * cols[n + "_im"]
            worst = max(worst, float(np.max(np.abs(v - net.s[:, pos[i], pos[j]]))))
    check(list(net.port_modes[pos]) == [e[0] for e in order],
          "mixed-mode: scikit-rf's port_modes %s at %s, the order %s" % (net.port_modes, pos, order))
    check(worst < 1e-12 and zworst < 1e-12, "mixed-mode: S differs from scikit-rf by %.3g, "
          "mode references by %.3g" % (worst, zworst))
    lib.say("  %-45s mixed-mode %s: %d parameters, max diff %.1e; references %s" % (
        os.path.basename(path), " ".join(order), len(order) ** 2, worst, [zmode.GetValue(k) for k in range(len(order))]))


# The specification's example 16, and our Z file of a thru (Z to S on the mode references).
for f in ("skrf_ex_16_mixed_mode.ts", "mixed_mode_thru_z.s4p"):
    mixed_mode(os.path.join(ours, f))
check(shipped >= 15, "only %d scikit-rf files found" % shipped)  # 34 on Debian 12, 18 on 13
check(hfss >= 1, "only %d files with port impedances other than R" % hfss)
check(noisy >= 2, "only %d files with noise parameters compared" % noisy)
# At least our committed HFSS copy (scikit-rf 1.6.2 in Debian 13 ships no named 1- or 2-port).
check(named >= 1, "only %d files whose port names scikit-rf reads" % named)
check.finish("%d problems")
lib.say("Touchstone against scikit-rf: OK (%d files)" % len(files))

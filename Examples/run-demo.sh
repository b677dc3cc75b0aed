#!/usr/bin/env bash
# The main job: set up (apt), build, generate the communication vehicle, solve
# it with nec2c, read the surface-patch currents with CloudMap and render the
# colour cloud maps (24 bands, 64 for comparison, and 24 on a dB scale) and the
# 3-D antenna pattern alone and over the vehicle to out/*.png, a frequency-sweep
# strip and a current-animation strip (out/pattern_sweep_strip.png,
# out/current_animation_strip.png; frames and index.html in out/batch/), antenna
# 1's impedance/VSWR and the antenna 1 -> 3 coupling over 100-140 MHz
# (out/vehicle_impedance_vswr.png, out/vehicle_coupling.png, out/vehicle_ant1.s1p,
# out/vehicle_ports.txt), the two antennas as a 2-port over 100-140 MHz (out/vehicle.s2p,
# out/vehicle_2port.png, out/vehicle_network.txt), the electric near field on a plane through the van as a 24-band
# cloud map (out/vehicle_near_field_24.png, out/vehicle_near_field.txt), the ICNIRP 2020
# compliance boundary around the roof antenna at 50 W (out/vehicle_exposure.png,
# out/vehicle_exposure.txt), a base-station panel's MSI pattern on a 30 m mast with its
# compliance boundary at 200 W (out/site_exposure.png, out/site_exposure.txt), then the fractal
# figures (out/fractals/) and animation frames (out/animation/).
set -euo pipefail
here="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
out="${1:-$here/out}"
bash "$here/Testing/setup-debian.sh"
mkdir -p "$out"
# nec2c aborts ("file name too long") on paths of about 76 characters or more, so it
# runs inside $out with relative names; its timing goes to the log.
solve() { ( cd "$out" && time nec2c -i "$1.nec" -o "$1.out" ) 2>&1 | grep -v '^$' || true; }
echo "== generating the communication vehicle"
python3 "$here/Examples/vehicle/make_vehicle.py" "$out/vehicle.nec"
echo "== solving with nec2c (MoM)"
solve vehicle
test -s "$out/vehicle.out"
echo "== rendering the cloud maps"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/cloudmap_vehicle.py" \
  --input "$out/vehicle.out" --outdir "$out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/pattern_vehicle.py" \
  --input "$out/vehicle.out" --outdir "$out"
echo "== frequency sweep (105-150 MHz) and current animation strips"
# The same vehicle swept over 4 frequencies (pattern every 10 degrees), drawn
# on one global scale; the 120 MHz currents over one period in 8 phases.
sed 's/^FR .*/FR 0 4 0 0 105 15/; s/^RP .*/RP 0 19 37 1000 0 0 10 10/' "$out/vehicle.nec" \
  > "$out/vehicle_sweep.nec"
solve vehicle_sweep
test -s "$out/vehicle_sweep.out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/batch/render_batch.py" \
  --outdir "$out/batch" --sweep "$out/vehicle_sweep.out" --animate "$out/vehicle.out" --phases 8 \
  --sweep-strip "$out/pattern_sweep_strip.png" --animation-strip "$out/current_animation_strip.png"
echo "== port quantities: antenna 1 impedance/VSWR and 1 -> 3 coupling, 100-140 MHz"
# Antenna 1 driven and antenna 3 on its 50 ohm load, 17 frequencies, no pattern; then
# the swapped solve (antenna 3 driven, 50 ohm on antenna 1) at 3 of them for reciprocity.
sed 's/^FR .*/FR 0 17 0 0 100 2.5/; s/^RP .*/XQ/' "$out/vehicle.nec" > "$out/vehicle_ports.nec"
sed 's/^LD 4 3 1 1 50 0/LD 4 1 1 1 50 0/; s/^EX 0 1 1 0 1 0/EX 0 3 1 0 1 0/; s/^FR .*/FR 0 3 0 0 100 20/; s/^RP .*/XQ/' \
  "$out/vehicle.nec" > "$out/vehicle_ports_swapped.nec"
solve vehicle_ports
solve vehicle_ports_swapped
test -s "$out/vehicle_ports.out" && test -s "$out/vehicle_ports_swapped.out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/ports_vehicle.py" \
  --sweep "$out/vehicle_ports.out" --swapped "$out/vehicle_ports_swapped.out" --outdir "$out"
echo "== the two antennas as a 2-port: S, Z and Y over 100-140 MHz, one solve per antenna"
# The vehicle deck with its ports named (CM PORT tag segment name), antenna 3's load
# removed (an undriven port is shorted), and per antenna an EX, the FR sweep and XQ.
sed -e 's/^CE$/CM PORT 1 1 roof_whip\nCM PORT 3 1 bonnet_whip\nCE/' -e '/^LD 4 3 1 1 50 0$/d' \
  -e '/^FR /d' -e '/^RP /d' \
  -e 's/^EX 0 1 1 0 1 0$/EX 0 1 1 0 1 0\nFR 0 9 0 0 100 5\nXQ\nEX 0 3 1 0 1 0\nFR 0 9 0 0 100 5\nXQ/' \
  "$out/vehicle.nec" > "$out/vehicle_2port.nec"
solve vehicle_2port
test -s "$out/vehicle_2port.out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/network_vehicle.py" \
  --input "$out/vehicle_2port.out" --outdir "$out"
echo "== near field: |E| on the plane y = -0.5 m through the van at 120 MHz (NE card), 24 bands"
# The vehicle deck with its RP card replaced by an NE plane (91 x 61 points, 0.1 m apart).
sed 's/^RP .*/NE 0 91 1 61 -1.95 -0.5 -0.95 0.1 0 0.1/' "$out/vehicle.nec" > "$out/vehicle_nearfield.nec"
solve vehicle_nearfield
test -s "$out/vehicle_nearfield.out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/nearfield_vehicle.py" \
  --input "$out/vehicle_nearfield.out" --outdir "$out"
echo "== exposure: ICNIRP 2020 general-public boundary around the roof antenna at 50 W (NE/NH box)"
# The vehicle deck with its RP card replaced by an NE/NH box around antenna 1 (35 x 35 x 27
# points, 0.2 m apart, offset 5 cm from the wire); Exposure Ratio scales to 50 W.
sed 's/^RP .*/NE 0 35 35 27 -1.475 -3.225 0.05 0.2 0.2 0.2\nNH 0 35 35 27 -1.475 -3.225 0.05 0.2 0.2 0.2/' \
  "$out/vehicle.nec" > "$out/vehicle_exposure.nec"
solve vehicle_exposure
test -s "$out/vehicle_exposure.out"
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/exposure_vehicle.py" \
  --input "$out/vehicle_exposure.out" --outdir "$out" --power 50
echo "== a site: a sector panel's MSI/Planet pattern on a mast, ICNIRP 2020 boundary at 200 W"
# The bundled 65 deg / 18 dBi panel at 925 MHz, azimuth 30 deg, downtilt 6 deg; Exposure
# Ratio on its far-field table (S = P G / (4 pi r^2)) and its 3-D pattern.
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/site_exposure.py" --outdir "$out" --power 200
echo "== a second solver: openEMS (FDTD) half-wave dipole pattern"
# The bundled openEMS nf2ff result (Testing/Data/openems); --run recomputes it (~1 min).
bash "$here/Testing/xvfb-run-private.sh" pvbatch "$here/Examples/pattern_openems.py" --outdir "$out"
echo "== the chapter's fractal figures and animation frames"
bash "$here/Examples/fractals/run-fractals.sh" "$out/fractals"
bash "$here/Examples/animation/run-animation.sh"
echo "== figures are in $out"
ls -1 "$out"/*.png "$out"/fractals/*.png
ls -1 "$here"/out/animation/*.png | head -3

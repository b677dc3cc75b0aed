// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecDeck.h
 * @brief Writes a NEC-2 input deck from a triangle/quad surface mesh (pipeline free).
 *
 * Each triangle becomes `SP 0 2 x1 y1 z1 x2 y2 z2` + `SC 0 0 x3 y3 z3` and each quad
 * `SP 0 3 x1 y1 z1 x2 y2 z2` + `SC 0 0 x3 y3 z3 x4 y4 z4` (NEC-2's NS=2 triangle and
 * NS=3 quadrilateral; NS=1 would be a rectangle from 3 corners). NEC takes the patch
 * normal from the corner order, so counter-clockwise corners seen from outside give the
 * outward normals the magnetic-field integral equation needs on a closed body.
 *
 * A named wire antenna (a `CM` line names it; NEC itself has no names) stands on one
 * patch: `GW 1 NSEG` from the patch centre along the patch's outward normal. NEC joins a
 * wire to a patch only when the wire end lies exactly at the patch centre, which for a
 * quad is its area centroid (the fan from corner 1); NEC then cuts that patch into 4.
 * The wire is fed at its base segment with 1 V (`EX 0 1 1 0 1 0`). Then `GE 0`,
 * `FR 0 1 0 0 f`, and an `RP` card for a full-sphere pattern, which also runs the solve.
 * FrequencySteps > 1 makes FR a sweep of that many frequencies FrequencyStep apart.
 *
 * More antennas (ExtraPatches, each with a name) are the same wire on other patches,
 * tags 2, 3, ...; only tag 1 is fed (the others are shorted at their base). With
 * OneSolvePerPort the deck is an N-port deck (cmNecNetwork.h): a `CM PORT k 1 name`
 * comment per antenna, then per antenna k `EX 0 k 1 0 1 0`, the FR sweep and `XQ`
 * (no RP: a pattern per solve and frequency would dwarf the currents).
 */
#ifndef cmNecDeck_h
#define cmNecDeck_h

#include <cstdint>
#include <string>
#include <vector>

namespace cm
{
struct NecDeckOptions
{
  double Frequency = 120e6; ///< Hz
  std::int64_t AttachPatch = 0; ///< element that carries the antenna; -1 for none
  std::string AntennaName = "antenna";
  double WireLength = 0.5; ///< metres, along the outward normal
  int WireSegments = 9;
  double WireRadius = 0.002; ///< metres
  int ThetaSamples = 19; ///< RP: θ from 0 to 180
  int PhiSamples = 37; ///< RP: φ from 0 to 360
  std::vector<std::string> Comments; ///< extra CM lines
  int FrequencySteps = 1; ///< FR: frequencies Frequency + k·FrequencyStep
  double FrequencyStep = 0; ///< Hz
  std::vector<std::int64_t> ExtraPatches; ///< more antennas (tags 2, 3, ...), one per patch
  std::vector<std::string> ExtraNames; ///< their names ("antenna<tag>" when missing)
  bool OneSolvePerPort = false; ///< one EX + FR + XQ per antenna (an N-port deck)
};

/**
 * The deck text for a mesh of triangles and quads: `points` x y z per vertex (metres),
 * element e uses `connectivity[offsets[e] .. offsets[e+1])`. Throws std::invalid_argument
 * for an element that is not a triangle or quad, a degenerate element, a vertex id out of
 * range, an AttachPatch out of range or non-positive wire or frequency values.
 */
std::string MakeNecDeck(const std::vector<double>& points, const std::vector<std::int64_t>& offsets,
  const std::vector<std::int64_t>& connectivity, const NecDeckOptions& options);

/// The point NEC uses as the centre of a triangle or quad patch (area centroid).
void NecPatchCentre(
  const double* const corners[], int n, double centre[3], double normal[3], double& area);
} // namespace cm
#endif

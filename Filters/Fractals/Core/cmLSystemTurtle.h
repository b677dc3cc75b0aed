// SPDX-License-Identifier: BSD-3-Clause
/**
 * The 3-D turtle that draws an L-system string (ABOP §1.5), pipeline-free:
 * draw symbols move forward by the step drawing a segment, move symbols
 * move without drawing; + − turn about U, & ^ pitch about L, \ / roll about
 * H, | turns around; [ ] push/pop the state; ! multiplies the width by the
 * width decay; ' increments the colour index. Other symbols are ignored.
 */
#ifndef cmLSystemTurtle_h
#define cmLSystemTurtle_h

#include <string>
#include <vector>

namespace cm::fractal
{
struct TurtleParameters
{
  double Step = 1.0;
  double AngleDegrees = 25.0;
  double InitialWidth = 1.0;
  double WidthDecay = 0.7;
  std::string DrawSymbols = "F";
  std::string MoveSymbols = "f";
  double Heading[3] = { 0, 1, 0 };
  double Up[3] = { 0, 0, 1 };
};

/// Polylines: Offsets[k]..Offsets[k+1] are the points of polyline k.
struct TurtleGeometry
{
  std::vector<double> Points; ///< xyz
  std::vector<long long> Offsets{ 0 };
  std::vector<float> Width;
  std::vector<int> Depth; ///< bracket nesting (branch order)
  std::vector<int> Color;
  long long Segments = 0;
};

/// Interprets the string with the turtle.
void Interpret(const std::string& s, const TurtleParameters& p, TurtleGeometry& out);
}
#endif

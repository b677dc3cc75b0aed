// SPDX-License-Identifier: BSD-3-Clause
// The limits a user meets in the Properties panel are Core's named constants:
// every NumberOfLevels/MaximumLevel range of CloudMap.xml ends at
// cm::map::MaxRefinementLevel, every NumberOfBands range at cm::map::MaxBands,
// with cm::map::DefaultBands by default (the wrappers clamp with the same
// constants; the XML cannot name them, so this test keeps the two in step).
#include "cmBanding.h"
#include "cmCheck.h"
#include "cmRefinement.h"

#include <fstream>
#include <sstream>
#include <string>

namespace
{
/// The value of `attribute="..."` in `text` from `from` on, or "" when absent.
std::string Attribute(const std::string& text, std::size_t from, const std::string& attribute)
{
  const std::string key = attribute + "=\"";
  const std::size_t at = text.find(key, from);
  if (at == std::string::npos)
    return "";
  const std::size_t b = at + key.size();
  return text.substr(b, text.find('"', b) - b);
}

/// Checks every IntVectorProperty called `name`: its range's max, and its default when given.
int CheckProperty(const std::string& xml, const std::string& name, int max, int defaultValue = -1)
{
  int found = 0;
  const std::string open = "<IntVectorProperty name=\"" + name + "\"";
  for (std::size_t at = xml.find(open); at != std::string::npos; at = xml.find(open, at + 1))
  {
    ++found;
    const std::size_t end = xml.find("</IntVectorProperty>", at);
    const std::size_t range = xml.find("<IntRangeDomain", at);
    CM_CHECK_MSG(range < end, name + ": no IntRangeDomain");
    CM_CHECK_MSG(Attribute(xml, range, "max") == std::to_string(max),
      name + ": max=\"" + Attribute(xml, range, "max") + "\", the constant is " +
        std::to_string(max));
    if (defaultValue >= 0)
    {
      CM_CHECK_MSG(Attribute(xml, at, "default_values") == std::to_string(defaultValue),
        name + ": default_values=\"" + Attribute(xml, at, "default_values") + "\"");
    }
  }
  return found;
}
} // namespace

int TestConstants(int, char*[])
{
  std::ifstream in(std::string(CLOUDMAP_DATA_DIR) + "/../../Filters/CloudMap/CloudMap.xml");
  CM_CHECK(in.good());
  std::stringstream all;
  all << in.rdbuf();
  const std::string xml = all.str();
  // Centroid Midpoint Refinement and Surface Cloud Map: two of each.
  CM_CHECK(CheckProperty(xml, "NumberOfLevels", cm::map::MaxRefinementLevel) == 2);
  CM_CHECK(CheckProperty(xml, "MaximumLevel", cm::map::MaxRefinementLevel) == 2);
  // Banded Color Map and Surface Cloud Map.
  CM_CHECK(CheckProperty(xml, "NumberOfBands", cm::map::MaxBands, cm::map::DefaultBands) == 2);
  CM_CHECK(cm::map::BandSpec().N == cm::map::DefaultBands);
  return cmReport("TestConstants");
}

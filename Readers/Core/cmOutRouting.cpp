// SPDX-License-Identifier: BSD-3-Clause
#include "cmOutRouting.h"

#include "cmFekoFormat.h"
#include "cmNecOutput.h"
#include "cmTextScan.h"

#include <vector>

namespace cm
{
namespace
{
/// `^ *time *= *<number> *$`, VTK's vtkVASPAnimationReader's time-step pattern.
bool IsVaspTimeLine(std::string_view line)
{
  std::size_t k = 0;
  auto spaces = [&] {
    while (k < line.size() && line[k] == ' ')
    {
      ++k;
    }
  };
  spaces();
  if (line.substr(k, 4) != "time")
  {
    return false;
  }
  k += 4;
  spaces();
  if (k >= line.size() || line[k] != '=')
  {
    return false;
  }
  ++k;
  spaces();
  std::size_t e = line.find_last_not_of(" \r");
  if (e == std::string_view::npos || e < k)
  {
    return false;
  }
  double t;
  return ParseDouble(line.substr(k, e + 1 - k), t);
}
} // namespace

bool LooksLikeVaspOutput(std::string_view head)
{
  if (LooksLikeNecOutput(head) || LooksLikeFekoOutput(head))
  {
    return false;
  }
  std::size_t at = 0;
  while (at < head.size())
  {
    std::size_t end = head.find('\n', at);
    if (end == std::string_view::npos)
    {
      end = head.size();
    }
    if (IsVaspTimeLine(head.substr(at, end - at)))
    {
      return true;
    }
    at = end + 1;
  }
  return false;
}
} // namespace cm

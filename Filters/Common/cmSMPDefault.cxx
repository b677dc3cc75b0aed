// SPDX-License-Identifier: BSD-3-Clause
// Debian's VTK defaults vtkSMPTools to the Sequential backend. CloudMap's
// loops are written for threads, so loading the module selects the
// STDThread backend unless the user chose one with VTK_SMP_BACKEND_IN_USE
// (set it to Sequential to keep one thread; VTK_SMP_MAX_THREADS caps the count).
#include "vtkSMPTools.h"

#include <cstdlib>

namespace
{
struct SelectThreadedBackend
{
  SelectThreadedBackend()
  {
    if (!std::getenv("VTK_SMP_BACKEND_IN_USE"))
    {
      vtkSMPTools::SetBackend("STDThread");
    }
  }
};
const SelectThreadedBackend selectThreadedBackend;
} // namespace

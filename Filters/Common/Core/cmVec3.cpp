// SPDX-License-Identifier: BSD-3-Clause
// ElementNormal and ElementArea are inline in cmVec3.h (they run once per
// element in the hottest loops); this unit keeps the header compiled alone.
#include "cmVec3.h"

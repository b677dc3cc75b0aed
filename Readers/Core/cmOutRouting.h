// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmOutRouting.h
 * @brief Which program wrote a `.out` file, from its first bytes (pipeline free).
 *
 * nec2c, NEC-2D, FEKO and VASP's NPT_Z_ANIMATE / NPT_Z_TESSELLATE all write `.out`.
 * ParaView's File → Open asks "Open Data With…" whenever more than one reader claims a
 * file, and its two VASP readers claim every `.out` (they have no CanReadFile). CloudMap
 * therefore gives them one (vtkCloudMapVASPAnimationReader, ...): a VASP reader claims a
 * `.out` only when it holds VASP's `time = <t>` line and no NEC or FEKO banner, so a
 * nec2c or FEKO output opens with its own reader and no question.
 */
#ifndef cmOutRouting_h
#define cmOutRouting_h

#include <string_view>

namespace cm
{
/// True when `head` (the first bytes of a file) has a line `time = <number>` (VASP's
/// animation and tessellation files start every step with one; the format of VTK's
/// vtkVASPAnimationReader) and is neither NEC-2 nor FEKO output.
bool LooksLikeVaspOutput(std::string_view head);
} // namespace cm

#endif

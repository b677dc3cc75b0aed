// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmNecPlusPlus.h
 * @brief nec2++ (necpp) print output made readable by the nec2c parser (pipeline free).
 *
 * nec2++ prints the same sections as nec2c with its own banners (`----- CURRENTS AND
 * LOCATION -----`, `--------- FREQUENCY --------`, `FREQUENCY=  3.0000E+02 MHZ`,
 * `*****  DATA CARD N0.   1 FR ...`), which cmNecOutput reads as they are. Run with
 * `-c` (its "CSV" result format, the layout python-necpp's users and front ends keep)
 * it also
 *  - separates the numbers of every result row by commas, a row ending in one
 *    (`    1,   1,   0.0500, ...,  75.609,`), a blank SENSE an empty field
 *    (`     0.00,      , 0.0000E+00`) and SENSE run into its neighbours
 *    (`-0.00,LINEAR, 6.5966E-02`);
 *  - drops the section banner of the tables its result writer prints (ANTENNA INPUT
 *    PARAMETERS, CURRENTS AND LOCATION, SURFACE PATCH CURRENTS, CHARGE DENSITIES,
 *    NEAR ELECTRIC/MAGNETIC FIELDS and, in 1.7, RADIATION PATTERNS), leaving the blank
 *    lines before it and the table's column header.
 *
 * NormalizeNecPlusPlus() turns such a file into the layout nec2++ prints without
 * `-c`: commas of the rows after the structure specification become blanks, and the
 * blank line above a banner-less table's first header line becomes the banner. Every
 * line keeps its number, so the parser's errors name the lines of the real file.
 */
#ifndef cmNecPlusPlus_h
#define cmNecPlusPlus_h

#include <string>
#include <string_view>

namespace cm
{
/// True when the text (say the first 4 KB) carries nec2++'s banner
/// `NUMERICAL ELECTROMAGNETICS CODE (nec2++)`.
bool IsNecPlusPlusOutput(std::string_view head);

/// `text` itself when it is not nec2++ output or holds no comma-separated row and no
/// banner-less table; otherwise the normalized text, kept in `storage`. Same lines.
std::string_view NormalizeNecPlusPlus(std::string_view text, std::string& storage);
} // namespace cm

#endif

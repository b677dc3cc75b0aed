// SPDX-License-Identifier: BSD-3-Clause
/**
 * @file cmColumnTableToVTK.h
 * @brief cm::ColumnTable (cmPortTable.h) to and from vtkTable.
 */
#ifndef cmColumnTableToVTK_h
#define cmColumnTableToVTK_h

#include "cmNecNetwork.h"
#include "cmPortTable.h"

class vtkTable;

namespace cm
{
/// One vtkDoubleArray per column (Excitation, Tag and Segment become vtkIntArray).
/// Rows go to piece 0 only, so the union over ranks is the serial table.
void ColumnTableToVTK(const ColumnTable& t, int piece, vtkTable* out);
/// Every numeric single-component column as doubles.
ColumnTable VTKToColumnTable(vtkTable* in);
/// The N-port network as a table (cmNecNetwork.h's columns), with the string column
/// WorstPair ("name_i / name_j") and field data PortNames: the Network output of the
/// NEC and FEKO readers.
void NetworkToVTK(const Network& net, int piece, vtkTable* out);
} // namespace cm
#endif

// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapTouchstoneWriter
 * @brief   Writes a port-parameter table as a Touchstone 1.1 or 2.0 .sNp file.
 *
 * The input is a vtkTable with a Frequency column (Hz) and either every S<ij>_re/_im of
 * an N-port (S11 ... SNN, S_10_12 from 10 ports: the NEC reader's Network output, or the
 * Touchstone reader's 2-port table) or S11_re/S11_im or Gamma_re/Gamma_im alone (a
 * 1-port, such as the NEC reader's Port Parameters of one source): one record per row
 * (layout in cmTouchstone.h), in FrequencyUnit and Format, with `R` the table's
 * ReferenceImpedance field data (ReferenceImpedance here when the table has none).
 * Rows must have increasing frequencies and finite values; otherwise Write() reports
 * why, writes nothing and returns 0. A PortNames string array in the field data is
 * written as `! Port[k] = name` comments.
 *
 * @sa cmTouchstone.h, vtkCloudMapTouchstoneReader, vtkCloudMapFileWriter
 */
#ifndef vtkCloudMapTouchstoneWriter_h
#define vtkCloudMapTouchstoneWriter_h

#include "CloudMapReadersModule.h"
#include "vtkCloudMapFileWriter.h"

class CLOUDMAPREADERS_EXPORT vtkCloudMapTouchstoneWriter : public vtkCloudMapFileWriter
{
public:
  static vtkCloudMapTouchstoneWriter* New();
  vtkTypeMacro(vtkCloudMapTouchstoneWriter, vtkCloudMapFileWriter);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  ///@{
  /// Data format: 0 RI (real, imaginary; default), 1 MA (magnitude, degrees), 2 DB.
  vtkSetClampMacro(Format, int, 0, 2);
  vtkGetMacro(Format, int);
  ///@}

  ///@{
  /// Frequency unit: 0 Hz, 1 kHz, 2 MHz (default), 3 GHz.
  vtkSetClampMacro(FrequencyUnit, int, 0, 3);
  vtkGetMacro(FrequencyUnit, int);
  ///@}

  ///@{
  /// Syntax: 1 Touchstone 1.1 (default), 2 Touchstone 2.0 (keywords [Version] ... [End]).
  vtkSetClampMacro(Version, int, 1, 2);
  vtkGetMacro(Version, int);
  ///@}

  ///@{
  /// Reference impedance (Ω) for a table without ReferenceImpedance field data.
  vtkSetClampMacro(ReferenceImpedance, double, 1e-6, 1e12);
  vtkGetMacro(ReferenceImpedance, double);
  ///@}

protected:
  vtkCloudMapTouchstoneWriter();
  ~vtkCloudMapTouchstoneWriter() override;

  /// The Touchstone text of the input table (cmTouchstone.h); the file name's .sNp must
  /// match the table's ports.
  std::string MakeText(vtkDataObject* input) override;

  int Format = 0;
  int FrequencyUnit = 2;
  int Version = 1;
  double ReferenceImpedance = 50;

private:
  vtkCloudMapTouchstoneWriter(const vtkCloudMapTouchstoneWriter&) = delete;
  void operator=(const vtkCloudMapTouchstoneWriter&) = delete;
};

#endif

// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapVASPTessellationReader
 * @brief   VTK's vtkVASPTessellationReader with a CanReadFile, so that ParaView's File → Open
 *          stops offering it for nec2c and FEKO `.out` files.
 *
 * ParaView's VASPTessellationReader proxy claims every `.out` file: its class has no
 * CanReadFile, which ParaView's reader factory takes as "can read anything of the
 * extension". With CloudMap's NEC-2 and FEKO readers also claiming `.out`, every
 * File → Open of a solver output asked "Open Data With…". CloudMap's Routing.xml
 * redefines the VASPTessellationReader proxy (same name, properties and hints) on this class,
 * whose CanReadFile accepts a file only when its first 64 KB hold VASP's `time = <t>`
 * line and no NEC or FEKO banner (cm::LooksLikeVaspOutput). Reading is unchanged.
 *
 * @sa cmOutRouting.h, vtkCloudMapNECReader, vtkCloudMapFEKOReader
 */
#ifndef vtkCloudMapVASPTessellationReader_h
#define vtkCloudMapVASPTessellationReader_h

#include "CloudMapReadersModule.h"
#include "vtkVASPTessellationReader.h"

class CLOUDMAPREADERS_EXPORT vtkCloudMapVASPTessellationReader : public vtkVASPTessellationReader
{
public:
  static vtkCloudMapVASPTessellationReader* New();
  vtkTypeMacro(vtkCloudMapVASPTessellationReader, vtkVASPTessellationReader);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// 1 when the file looks like VASP output (and not like NEC-2 or FEKO output).
  int CanReadFile(const char* fileName);

protected:
  vtkCloudMapVASPTessellationReader();
  ~vtkCloudMapVASPTessellationReader() override;

private:
  vtkCloudMapVASPTessellationReader(const vtkCloudMapVASPTessellationReader&) = delete;
  void operator=(const vtkCloudMapVASPTessellationReader&) = delete;
};

#endif

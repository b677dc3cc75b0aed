// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class   vtkCloudMapVASPAnimationReader
 * @brief   VTK's vtkVASPAnimationReader with a CanReadFile, so that ParaView's File → Open
 *          stops offering it for nec2c and FEKO `.out` files.
 *
 * ParaView's VASPAnimationReader proxy claims every `.out` file: its class has no
 * CanReadFile, which ParaView's reader factory takes as "can read anything of the
 * extension". With CloudMap's NEC-2 and FEKO readers also claiming `.out`, every
 * File → Open of a solver output asked "Open Data With…". CloudMap's Routing.xml
 * redefines the VASPAnimationReader proxy (same name, properties and hints) on this class,
 * whose CanReadFile accepts a file only when its first 64 KB hold VASP's `time = <t>`
 * line and no NEC or FEKO banner (cm::LooksLikeVaspOutput). Reading is unchanged.
 *
 * @sa cmOutRouting.h, vtkCloudMapNECReader, vtkCloudMapFEKOReader
 */
#ifndef vtkCloudMapVASPAnimationReader_h
#define vtkCloudMapVASPAnimationReader_h

#include "CloudMapReadersModule.h"
#include "vtkVASPAnimationReader.h"

class CLOUDMAPREADERS_EXPORT vtkCloudMapVASPAnimationReader : public vtkVASPAnimationReader
{
public:
  static vtkCloudMapVASPAnimationReader* New();
  vtkTypeMacro(vtkCloudMapVASPAnimationReader, vtkVASPAnimationReader);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  /// 1 when the file looks like VASP output (and not like NEC-2 or FEKO output).
  int CanReadFile(const char* fileName);

protected:
  vtkCloudMapVASPAnimationReader();
  ~vtkCloudMapVASPAnimationReader() override;

private:
  vtkCloudMapVASPAnimationReader(const vtkCloudMapVASPAnimationReader&) = delete;
  void operator=(const vtkCloudMapVASPAnimationReader&) = delete;
};

#endif

// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class vtkSMCloudMapPresetSourceProxy
 * @brief Source proxy whose Preset and "custom" properties stay in step
 *        (L-System, Iterated Function System).
 *
 * The VTK sources draw the preset's grammar (or maps) whenever Preset is not
 * Custom (0), whatever the custom properties hold. This proxy makes what the
 * user sees agree with what is drawn, in the GUI and in pvpython alike:
 *
 * - setting Preset to a preset copies the preset's values into the custom
 *   properties (L-System: Axiom, Rules, Ignore, Angle, DrawSymbols; IFS: Maps,
 *   MapFormat, UseGivenProbabilities), so they show the grammar being drawn;
 * - setting one of those properties to a value other than the preset's sets
 *   Preset to Custom, so `LSystem(Axiom='F', Rules='F -> F+F-F')` draws that
 *   grammar.
 *
 * A state file is loaded as saved (no reaction while loading); afterwards a
 * preset's values are copied into the custom properties, so states saved
 * before this proxy existed (a preset with the default custom fields) load
 * and draw the same. The preset tables are the core's (cm::fractal::LPresets,
 * cm::fractal::IFSPresets), the ones the VTK sources draw.
 *
 * The XML selects the class by tag (`<CloudMapPresetSourceProxy ...>`).
 */
#ifndef vtkSMCloudMapPresetSourceProxy_h
#define vtkSMCloudMapPresetSourceProxy_h

#include "CloudMapServerManagerModule.h" // for export macro
#include "vtkSMSourceProxy.h"

class CLOUDMAPSERVERMANAGER_EXPORT vtkSMCloudMapPresetSourceProxy : public vtkSMSourceProxy
{
public:
  static vtkSMCloudMapPresetSourceProxy* New();
  vtkTypeMacro(vtkSMCloudMapPresetSourceProxy, vtkSMSourceProxy);
  void PrintSelf(ostream& os, vtkIndent indent) override;

  int LoadXMLState(vtkPVXMLElement* element, vtkSMProxyLocator* locator) override;

  ///@{
  /// The custom properties a preset sets (L-System: Axiom, Rules, Ignore,
  /// Angle, DrawSymbols; IFS: Maps, MapFormat, UseGivenProbabilities).
  int GetNumberOfPresetFields();
  const char* GetPresetField(int i);
  ///@}

  /// Copy preset p's values into the custom properties (their unchecked
  /// values when `unchecked`: what the GUI panel shows before Apply).
  void FillFromPreset(int p, bool unchecked = false);

  /// Whether property `name` holds preset p's value (true for a property
  /// the preset does not set, and for p Custom).
  bool MatchesPreset(const char* name, int p, bool unchecked = false);

protected:
  vtkSMCloudMapPresetSourceProxy();
  ~vtkSMCloudMapPresetSourceProxy() override;

  void SetPropertyModifiedFlag(const char* name, int flag) override;
  int ReadXMLAttributes(vtkSMSessionProxyManager* pm, vtkPVXMLElement* element) override;

private:
  vtkSMCloudMapPresetSourceProxy(const vtkSMCloudMapPresetSourceProxy&) = delete;
  void operator=(const vtkSMCloudMapPresetSourceProxy&) = delete;

  bool Reacting = false;
};

#endif

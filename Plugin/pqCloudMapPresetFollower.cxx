// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapPresetFollower.h"

#include "pqCoreUtilities.h"
#include "vtkCommand.h"
#include "vtkSMCloudMapPresetSourceProxy.h"
#include "vtkSMProperty.h"
#include "vtkSMUncheckedPropertyHelper.h"

//-----------------------------------------------------------------------------
pqCloudMapPresetFollower::pqCloudMapPresetFollower(vtkSMProxy* proxy, QObject* parentObject)
  : QObject(parentObject)
  , Proxy(vtkSMCloudMapPresetSourceProxy::SafeDownCast(proxy))
{
  if (!this->Proxy || !this->Proxy->GetProperty("Preset"))
  {
    this->Proxy = nullptr;
    return;
  }
  pqCoreUtilities::connect(this->Proxy->GetProperty("Preset"),
    vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(presetChanged()));
  for (int i = 0; i < this->Proxy->GetNumberOfPresetFields(); ++i)
  {
    if (vtkSMProperty* p = this->Proxy->GetProperty(this->Proxy->GetPresetField(i)))
    {
      pqCoreUtilities::connect(
        p, vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(fieldChanged()));
    }
  }
}

//-----------------------------------------------------------------------------
void pqCloudMapPresetFollower::presetChanged()
{
  if (this->Updating)
  {
    return;
  }
  this->Updating = true;
  const int preset = vtkSMUncheckedPropertyHelper(this->Proxy, "Preset").GetAsInt();
  this->Proxy->FillFromPreset(preset, /*unchecked=*/true);
  this->Updating = false;
}

//-----------------------------------------------------------------------------
void pqCloudMapPresetFollower::fieldChanged()
{
  if (this->Updating)
  {
    return;
  }
  const int preset = vtkSMUncheckedPropertyHelper(this->Proxy, "Preset").GetAsInt();
  for (int i = 0; i < this->Proxy->GetNumberOfPresetFields(); ++i)
  {
    if (!this->Proxy->MatchesPreset(this->Proxy->GetPresetField(i), preset, /*unchecked=*/true))
    {
      this->Updating = true;
      vtkSMUncheckedPropertyHelper(this->Proxy, "Preset").Set(0);
      this->Updating = false;
      return;
    }
  }
}

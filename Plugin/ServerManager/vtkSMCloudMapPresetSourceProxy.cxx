// SPDX-License-Identifier: BSD-3-Clause
#include "vtkSMCloudMapPresetSourceProxy.h"

#include "vtkObjectFactory.h"
#include "vtkSMPropertyHelper.h"

#include "cmIFS.h"
#include "cmLSystem.h"

#include <cstring>
#include <iterator>
#include <string>

vtkStandardNewMacro(vtkSMCloudMapPresetSourceProxy);

namespace
{
// The custom properties a preset sets, per proxy.
const char* const LSystemFields[] = { "Axiom", "Rules", "Ignore", "Angle", "DrawSymbols" };
const char* const IFSFields[] = { "Maps", "MapFormat", "UseGivenProbabilities" };

bool IsLSystem(vtkSMProxy* p)
{
  return p->GetXMLName() && std::strcmp(p->GetXMLName(), "CloudMapLSystem") == 0;
}

bool IsField(vtkSMProxy* p, const char* name)
{
  if (IsLSystem(p))
  {
    for (const char* f : LSystemFields)
    {
      if (std::strcmp(f, name) == 0)
      {
        return true;
      }
    }
    return false;
  }
  for (const char* f : IFSFields)
  {
    if (std::strcmp(f, name) == 0)
    {
      return true;
    }
  }
  return false;
}

// Every property involved exists and holds a value (not so while the proxy
// reads its XML definition).
bool Ready(vtkSMProxy* p)
{
  auto has = [p](const char* name) {
    vtkSMProperty* prop = p->GetProperty(name);
    return prop && vtkSMPropertyHelper(prop).GetNumberOfElements() > 0;
  };
  if (!has("Preset"))
  {
    return false;
  }
  if (IsLSystem(p))
  {
    for (const char* f : LSystemFields)
    {
      if (!has(f))
      {
        return false;
      }
    }
    return true;
  }
  for (const char* f : IFSFields)
  {
    if (!has(f))
    {
      return false;
    }
  }
  return true;
}

bool ValidPreset(vtkSMProxy* p, int preset)
{
  const std::size_t n =
    IsLSystem(p) ? cm::fractal::LPresets().size() : cm::fractal::IFSPresets().size();
  return preset > 0 && std::size_t(preset) < n;
}
}

//------------------------------------------------------------------------------
vtkSMCloudMapPresetSourceProxy::vtkSMCloudMapPresetSourceProxy() = default;
vtkSMCloudMapPresetSourceProxy::~vtkSMCloudMapPresetSourceProxy() = default;

//------------------------------------------------------------------------------
bool vtkSMCloudMapPresetSourceProxy::MatchesPreset(const char* name, int p, bool unchecked)
{
  vtkSMProperty* prop = name ? this->GetProperty(name) : nullptr;
  if (!prop || !ValidPreset(this, p) || !IsField(this, name))
  {
    return true;
  }
  vtkSMPropertyHelper h(prop);
  h.SetUseUnchecked(unchecked);
  if (IsLSystem(this))
  {
    const cm::fractal::LPreset& pre = cm::fractal::LPresets()[std::size_t(p)];
    if (std::strcmp(name, "Angle") == 0)
    {
      return h.GetAsDouble() == pre.AngleDegrees;
    }
    const char* want = std::strcmp(name, "Axiom") == 0 ? pre.Axiom
      : std::strcmp(name, "Rules") == 0                ? pre.Rules
      : std::strcmp(name, "Ignore") == 0               ? pre.Ignore
                                                       : pre.DrawSymbols;
    const char* have = h.GetAsString();
    return std::string(have ? have : "") == want;
  }
  const cm::fractal::IFSPreset& pre = cm::fractal::IFSPresets()[std::size_t(p)];
  if (std::strcmp(name, "MapFormat") == 0)
  {
    return h.GetAsInt() == static_cast<int>(pre.Format);
  }
  if (std::strcmp(name, "UseGivenProbabilities") == 0)
  {
    return h.GetAsInt() == 1;
  }
  const char* have = h.GetAsString();
  return std::string(have ? have : "") == pre.Maps;
}

//------------------------------------------------------------------------------
void vtkSMCloudMapPresetSourceProxy::FillFromPreset(int p, bool unchecked)
{
  if (!ValidPreset(this, p) || !Ready(this))
  {
    return;
  }
  auto set = [this, unchecked](const char* name, auto value) {
    vtkSMPropertyHelper h(this, name);
    h.SetUseUnchecked(unchecked);
    h.Set(value);
  };
  if (IsLSystem(this))
  {
    const cm::fractal::LPreset& pre = cm::fractal::LPresets()[std::size_t(p)];
    set("Axiom", pre.Axiom);
    set("Rules", pre.Rules);
    set("Ignore", pre.Ignore);
    set("Angle", pre.AngleDegrees);
    set("DrawSymbols", pre.DrawSymbols);
  }
  else
  {
    const cm::fractal::IFSPreset& pre = cm::fractal::IFSPresets()[std::size_t(p)];
    set("Maps", pre.Maps);
    set("MapFormat", static_cast<int>(pre.Format));
    set("UseGivenProbabilities", 1);
  }
}

//------------------------------------------------------------------------------
int vtkSMCloudMapPresetSourceProxy::GetNumberOfPresetFields()
{
  return IsLSystem(this) ? int(std::size(LSystemFields)) : int(std::size(IFSFields));
}

//------------------------------------------------------------------------------
const char* vtkSMCloudMapPresetSourceProxy::GetPresetField(int i)
{
  if (i < 0 || i >= this->GetNumberOfPresetFields())
  {
    return nullptr;
  }
  return IsLSystem(this) ? LSystemFields[i] : IFSFields[i];
}

//------------------------------------------------------------------------------
void vtkSMCloudMapPresetSourceProxy::SetPropertyModifiedFlag(const char* name, int flag)
{
  this->Superclass::SetPropertyModifiedFlag(name, flag);
  if (this->Reacting || !flag || !name || !Ready(this))
  {
    return;
  }
  this->Reacting = true;
  const int preset = vtkSMPropertyHelper(this, "Preset").GetAsInt();
  if (std::strcmp(name, "Preset") == 0)
  {
    this->FillFromPreset(preset);
  }
  else if (IsField(this, name) && ValidPreset(this, preset) && !this->MatchesPreset(name, preset))
  {
    vtkSMPropertyHelper(this, "Preset").Set(0);
  }
  this->Reacting = false;
}

//------------------------------------------------------------------------------
int vtkSMCloudMapPresetSourceProxy::ReadXMLAttributes(
  vtkSMSessionProxyManager* pm, vtkPVXMLElement* element)
{
  // The properties are being made from the XML, one element at a time: no
  // reaction until they all hold their defaults.
  this->Reacting = true;
  const int ok = this->Superclass::ReadXMLAttributes(pm, element);
  this->Reacting = false;
  return ok;
}

//------------------------------------------------------------------------------
int vtkSMCloudMapPresetSourceProxy::LoadXMLState(
  vtkPVXMLElement* element, vtkSMProxyLocator* locator)
{
  // A state means what it says: the preset it names is drawn. Load it as
  // saved, then show that preset's values in the custom properties.
  this->Reacting = true;
  const int ok = this->Superclass::LoadXMLState(element, locator);
  this->Reacting = false;
  if (ok && Ready(this))
  {
    this->Reacting = true;
    this->FillFromPreset(vtkSMPropertyHelper(this, "Preset").GetAsInt());
    this->Reacting = false;
  }
  return ok;
}

//------------------------------------------------------------------------------
void vtkSMCloudMapPresetSourceProxy::PrintSelf(ostream& os, vtkIndent indent)
{
  this->Superclass::PrintSelf(os, indent);
}

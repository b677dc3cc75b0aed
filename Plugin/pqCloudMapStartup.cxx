// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapStartup.h"

#include "vtkSMTransferFunctionPresets.h"
#include "vtk_jsoncpp.h"

#include <QByteArray>
#include <QFile>
#include <QtDebug>

#include <memory>
#include <string>

//-----------------------------------------------------------------------------
pqCloudMapStartup::pqCloudMapStartup(QObject* parentObject)
  : Superclass(parentObject)
{
}

//-----------------------------------------------------------------------------
pqCloudMapStartup::~pqCloudMapStartup() = default;

//-----------------------------------------------------------------------------
void pqCloudMapStartup::startup()
{
  pqCloudMapStartup::importPresets();
}

//-----------------------------------------------------------------------------
void pqCloudMapStartup::shutdown() {}

//-----------------------------------------------------------------------------
int pqCloudMapStartup::importPresets()
{
  QFile file(QStringLiteral(":/CloudMap/CloudMapPresets.json"));
  if (!file.open(QIODevice::ReadOnly)) {
    qCritical() << "CloudMap: the embedded colour presets are missing";
    return 0;
  }
  const QByteArray text = file.readAll();
  Json::Value presets;
  std::string errors;
  Json::CharReaderBuilder builder;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  if (!reader->parse(text.constData(), text.constData() + text.size(), &presets, &errors) ||
      !presets.isArray()) {
    qCritical() << "CloudMap: the embedded colour presets do not parse:" << errors.c_str();
    return 0;
  }

  vtkSMTransferFunctionPresets* manager = vtkSMTransferFunctionPresets::GetInstance();
  int available = 0;
  for (const Json::Value& preset : presets) {
    const std::string name = preset.get("Name", "").asString();
    if (name.empty()) {
      continue;
    }
    // SetPreset only replaces custom presets, so a kept copy is refreshed and
    // a second load of the plugin adds nothing.
    const bool ok = manager->HasPreset(name.c_str()) ? manager->SetPreset(name.c_str(), preset)
                                                     : manager->AddPreset(name.c_str(), preset);
    available += ok || manager->HasPreset(name.c_str()) ? 1 : 0;
  }
  return available;
}

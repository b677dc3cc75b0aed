// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapStartup.h"

#include "pqApplicationCore.h"
#include "pqPipelineSource.h"
#include "pqServerManagerModel.h"
#include "vtkSMProxy.h"
#include "vtkSMTransferFunctionPresets.h"
#include "vtk_jsoncpp.h"

#include <QByteArray>
#include <QFile>
#include <QtDebug>

#ifdef CLOUDMAP_REGISTER_HELP
// ParaView >= 5.12 on Qt 6 embeds no plugin help; ours is embedded here.
#include "CloudMap_qch.h"
#include <QDir>
#include <QHelpEngine>
#include <QTemporaryFile>
#endif

#include <memory>
#include <string>

//-----------------------------------------------------------------------------
pqCloudMapStartup::pqCloudMapStartup(QObject* parentObject)
  : Superclass(parentObject)
{}

//-----------------------------------------------------------------------------
pqCloudMapStartup::~pqCloudMapStartup() = default;

//-----------------------------------------------------------------------------
void pqCloudMapStartup::startup()
{
  pqCloudMapStartup::importPresets();
  this->registerHelp();
  if (pqApplicationCore* core = pqApplicationCore::instance())
  {
    pqServerManagerModel* model = core->getServerManagerModel();
    QObject::connect(
      model, &pqServerManagerModel::sourceAdded, this, &pqCloudMapStartup::followInformation);
    for (pqPipelineSource* source : model->findItems<pqPipelineSource*>())
    {
      this->followInformation(source);
    }
  }
}

//-----------------------------------------------------------------------------
void pqCloudMapStartup::followInformation(pqPipelineSource* source)
{
  vtkSMProxy* proxy = source ? source->getProxy() : nullptr;
  if (!proxy || !proxy->GetXMLName() ||
    std::string(proxy->GetXMLName()) != "CloudMapAntennaPatternSurface")
  {
    return;
  }
  // CenterUsed is known only once RequestData has run.
  QObject::connect(source, QOverload<pqPipelineSource*>::of(&pqPipelineSource::dataUpdated), this,
    [](pqPipelineSource* updated) { updated->getProxy()->UpdatePropertyInformation(); });
}

//-----------------------------------------------------------------------------
void pqCloudMapStartup::registerHelp()
{
#ifdef CLOUDMAP_REGISTER_HELP
  pqApplicationCore* core = pqApplicationCore::instance();
  if (!core || this->HelpFile)
  {
    return;
  }
  // The same path ParaView takes for the help it embeds itself: base64 in
  // the binary, written to a temporary .qch and registered while it runs.
  const char* encoded = CloudMap_qch();
  const QByteArray qch = QByteArray::fromBase64(QByteArray(encoded));
  delete[] encoded;
  auto* file = new QTemporaryFile(QDir::tempPath() + QStringLiteral("/CloudMap-XXXXXX.qch"), this);
  if (!file->open() || file->write(qch) != qch.size() || !file->flush())
  {
    qWarning() << "CloudMap: cannot write the help file" << file->fileName();
    delete file;
    return;
  }
  file->close();
  this->HelpFile = file;
  core->registerDocumentation(file->fileName());
#endif
}

//-----------------------------------------------------------------------------
void pqCloudMapStartup::shutdown()
{
#ifdef CLOUDMAP_REGISTER_HELP
  if (this->HelpFile)
  {
    if (pqApplicationCore* core = pqApplicationCore::instance())
    {
      if (QHelpEngine* engine = core->helpEngine())
      {
        engine->unregisterDocumentation(QHelpEngineCore::namespaceName(this->HelpFile->fileName()));
      }
    }
  }
#endif
}

//-----------------------------------------------------------------------------
int pqCloudMapStartup::importPresets()
{
  QFile file(QStringLiteral(":/CloudMap/CloudMapPresets.json"));
  if (!file.open(QIODevice::ReadOnly))
  {
    qCritical() << "CloudMap: the embedded colour presets are missing";
    return 0;
  }
  const QByteArray text = file.readAll();
  Json::Value presets;
  std::string errors;
  Json::CharReaderBuilder builder;
  const std::unique_ptr<Json::CharReader> reader(builder.newCharReader());
  if (!reader->parse(text.constData(), text.constData() + text.size(), &presets, &errors) ||
    !presets.isArray())
  {
    qCritical() << "CloudMap: the embedded colour presets do not parse:" << errors.c_str();
    return 0;
  }

  vtkSMTransferFunctionPresets* manager = vtkSMTransferFunctionPresets::GetInstance();
  int available = 0;
  for (const Json::Value& preset : presets)
  {
    const std::string name = preset.get("Name", "").asString();
    if (name.empty())
    {
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

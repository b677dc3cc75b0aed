// SPDX-License-Identifier: BSD-3-Clause
/**
 * @class pqCloudMapStartup
 * @brief Runs when the plugin loads in the GUI: puts the CloudMap colour
 *        presets into ParaView's preset manager.
 *
 * The presets ("CloudMap 24 Bands (Blue to Red)", the 48-band and the
 * perceptually uniform Viridis variants) are Plugin/presets/CloudMapPresets.json,
 * compiled into the plugin as the Qt resource :/CloudMap/CloudMapPresets.json,
 * so they need no file next to the plugin. A preset already present (for
 * instance kept in the user's settings from an earlier session) is refreshed
 * rather than duplicated.
 *
 * It also keeps the read-only information properties of CloudMap filters (Antenna
 * Pattern Surface's Center Used) current in the Properties panel: ParaView refreshes
 * information properties on pipeline information, not after RequestData, so each
 * such source's properties are refreshed whenever its data is updated.
 *
 * On ParaView 5.12 and later with Qt 6, which embed no plugin help, it also
 * registers the plugin's embedded help (Help > CloudMap, the "?" button).
 */
#ifndef pqCloudMapStartup_h
#define pqCloudMapStartup_h

#include <QObject>
#include <QPointer>

class QTemporaryFile;
class pqPipelineSource;

class pqCloudMapStartup : public QObject
{
  Q_OBJECT
  using Superclass = QObject;

public:
  explicit pqCloudMapStartup(QObject* parent = nullptr);
  ~pqCloudMapStartup() override;

  /// Called by ParaView when the plugin is loaded.
  void startup();
  /// Called by ParaView when the application shuts down.
  void shutdown();

  /// Adds the embedded presets; returns how many are available afterwards.
  static int importPresets();

private:
  Q_DISABLE_COPY(pqCloudMapStartup)
  /// Registers the embedded help where ParaView did not (Qt 6).
  void registerHelp();
  /// Refreshes the information properties of `source` after each of its updates.
  void followInformation(pqPipelineSource* source);
  QPointer<QTemporaryFile> HelpFile;
};

#endif

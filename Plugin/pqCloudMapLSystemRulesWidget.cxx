// SPDX-License-Identifier: BSD-3-Clause
#include "pqCloudMapLSystemRulesWidget.h"

#include "pqCloudMapPresetFollower.h"

#include "cmLSystem.h"

#include "pqCoreUtilities.h"
#include "vtkCommand.h"
#include "vtkSMProperty.h"
#include "vtkSMProxy.h"
#include "vtkSMUncheckedPropertyHelper.h"

#include <QFontDatabase>
#include <QLabel>
#include <QPlainTextEdit>
#include <QTextCursor>
#include <QTextEdit>
#include <QVBoxLayout>

#include <algorithm>
#include <string>
#include <vector>

namespace
{
/// One rule as the core parser splits the text: its characters and where
/// they start in the whole text. Comment and blank pieces are not rules.
struct RuleSpan
{
  std::string Text;
  int Start = 0;
};

/// The rules in the parser's order (split at new lines and ';'), so that
/// "rule N" in a message is Rules[N-1]. Must follow cm::fractal::ParseGrammar.
std::vector<RuleSpan> SplitRules(const std::string& text)
{
  std::vector<RuleSpan> all;
  RuleSpan cur;
  for (std::size_t k = 0; k <= text.size(); ++k)
  {
    const bool end = k == text.size();
    const char c = end ? '\n' : text[k];
    if (c == '\n' || c == ';' || c == '\r')
    {
      all.push_back(cur);
      cur = RuleSpan();
      cur.Start = static_cast<int>(k + 1);
    }
    else
    {
      cur.Text += c;
    }
  }
  std::vector<RuleSpan> rules;
  for (const RuleSpan& r : all)
  {
    const std::size_t first = r.Text.find_first_not_of(" \t");
    if (first != std::string::npos && r.Text[first] != '#')
    {
      rules.push_back(r);
    }
  }
  return rules;
}

/// Leading unsigned integer of s from position `at`, or -1.
long long NumberAt(const std::string& s, std::size_t at)
{
  long long v = -1;
  while (at < s.size() && s[at] >= '0' && s[at] <= '9')
  {
    v = (v < 0 ? 0 : v * 10) + (s[at] - '0');
    ++at;
  }
  return v;
}
}

//-----------------------------------------------------------------------------
pqCloudMapLSystemRulesWidget::pqCloudMapLSystemRulesWidget(
  vtkSMProxy* smproxy, vtkSMProperty* smproperty, QWidget* parentObject)
  : Superclass(smproxy, parentObject)
{
  this->setShowLabel(true);
  this->setChangeAvailableAsChangeFinished(true);
  // Preset and custom fields in step in the panel, before Apply.
  new pqCloudMapPresetFollower(smproxy, this);

  auto* layout = new QVBoxLayout(this);
  layout->setContentsMargins(0, 0, 0, 0);
  layout->setSpacing(2);

  this->Editor = new QPlainTextEdit(this);
  this->Editor->setObjectName(QStringLiteral("RulesEditor"));
  this->Editor->setFont(QFontDatabase::systemFont(QFontDatabase::FixedFont));
  this->Editor->setLineWrapMode(QPlainTextEdit::NoWrap);
  this->Editor->setTabChangesFocus(true);
  this->Editor->setToolTip(pqPropertyWidget::getTooltip(smproperty));
  const int rows = pqPropertyWidget::hintsWidgetHeightNumberOfRows(smproperty->GetHints(), 6);
  this->Editor->setMinimumHeight(this->Editor->fontMetrics().lineSpacing() * rows + 12);
  layout->addWidget(this->Editor);

  this->Status = new QLabel(this);
  this->Status->setObjectName(QStringLiteral("RulesStatus"));
  this->Status->setWordWrap(true);
  this->Status->setTextInteractionFlags(Qt::TextSelectableByMouse);
  layout->addWidget(this->Status);

  QObject::connect(
    this->Editor, &QPlainTextEdit::textChanged, this, &pqCloudMapLSystemRulesWidget::onTextChanged);
  this->addPropertyLink(this, "rules", SIGNAL(rulesChanged()), smproperty);

  // The axiom and the ignore set take part in the parse: follow their
  // unchecked values, which the panel updates as the user types.
  for (const char* name : { "Axiom", "Ignore" })
  {
    if (vtkSMProperty* other = smproxy->GetProperty(name))
    {
      pqCoreUtilities::connect(
        other, vtkCommand::UncheckedPropertyModifiedEvent, this, SLOT(validate()));
      pqCoreUtilities::connect(other, vtkCommand::ModifiedEvent, this, SLOT(validate()));
    }
  }
  this->validate();
}

//-----------------------------------------------------------------------------
pqCloudMapLSystemRulesWidget::~pqCloudMapLSystemRulesWidget() = default;

//-----------------------------------------------------------------------------
QString pqCloudMapLSystemRulesWidget::rules() const
{
  return this->Editor->toPlainText();
}

//-----------------------------------------------------------------------------
void pqCloudMapLSystemRulesWidget::setRules(const QString& text)
{
  if (text == this->Editor->toPlainText())
  {
    return;
  }
  // A value coming from the property is not a user change.
  this->Updating = true;
  this->Editor->setPlainText(text);
  this->Updating = false;
  this->validate();
}

//-----------------------------------------------------------------------------
void pqCloudMapLSystemRulesWidget::onTextChanged()
{
  this->validate();
  if (!this->Updating)
  {
    Q_EMIT this->rulesChanged();
  }
}

//-----------------------------------------------------------------------------
void pqCloudMapLSystemRulesWidget::validate()
{
  vtkSMProxy* smproxy = this->proxy();
  std::string axiom = "F", ignore;
  if (vtkSMProperty* p = smproxy->GetProperty("Axiom"))
  {
    const char* value = vtkSMUncheckedPropertyHelper(p).GetAsString();
    axiom = value ? value : "";
  }
  if (vtkSMProperty* p = smproxy->GetProperty("Ignore"))
  {
    const char* value = vtkSMUncheckedPropertyHelper(p).GetAsString();
    ignore = value ? value : "";
  }
  const std::string text = this->Editor->toPlainText().toStdString();
  cm::fractal::LGrammar grammar;
  const std::string message = cm::fractal::ParseGrammar(axiom, text, ignore, grammar);

  this->ErrorMessage = QString::fromStdString(message);
  this->ErrorStart = -1;
  this->ErrorLength = 0;
  if (!message.empty() && message.compare(0, 5, "rule ") == 0)
  {
    // "rule N ('text'), column C: what" marks column C of rule N;
    // "rule N: what" (a stochastic group) marks the whole rule.
    const long long n = NumberAt(message, 5);
    const std::vector<RuleSpan> spans = SplitRules(text);
    if (n >= 1 && n <= static_cast<long long>(spans.size()))
    {
      const RuleSpan& rule = spans[std::size_t(n - 1)];
      const std::string prefix = "rule " + std::to_string(n) + " ('" + rule.Text + "'), column ";
      long long column = -1;
      if (message.compare(0, prefix.size(), prefix) == 0)
      {
        column = NumberAt(message, prefix.size());
      }
      const int length = static_cast<int>(rule.Text.size());
      if (column >= 1)
      {
        // A column past the end (a missing '->') marks the rule's last character.
        const int at = static_cast<int>(std::min<long long>(column - 1, std::max(0, length - 1)));
        this->ErrorStart = rule.Start + at;
        this->ErrorLength = length > 0 ? 1 : 0;
      }
      else
      {
        this->ErrorStart = rule.Start;
        this->ErrorLength = length;
      }
    }
  }

  // The rule's line gets a red wave underline; the blamed character a red background.
  // (Text offsets are bytes of the UTF-8 text; grammars are ASCII.)
  QList<QTextEdit::ExtraSelection> marks;
  if (this->ErrorStart >= 0)
  {
    QTextEdit::ExtraSelection line;
    line.cursor = QTextCursor(this->Editor->document());
    line.cursor.setPosition(this->ErrorStart);
    line.cursor.movePosition(QTextCursor::StartOfBlock);
    line.cursor.movePosition(QTextCursor::EndOfBlock, QTextCursor::KeepAnchor);
    line.format.setUnderlineStyle(QTextCharFormat::WaveUnderline);
    line.format.setUnderlineColor(Qt::red);
    marks.append(line);

    QTextEdit::ExtraSelection bad;
    bad.cursor = QTextCursor(this->Editor->document());
    bad.cursor.setPosition(this->ErrorStart);
    bad.cursor.setPosition(this->ErrorStart + this->ErrorLength, QTextCursor::KeepAnchor);
    bad.format.setBackground(QColor(255, 90, 90));
    bad.format.setForeground(Qt::white);
    marks.append(bad);
  }
  this->Editor->setExtraSelections(marks);

  if (message.empty())
  {
    this->Status->setStyleSheet(QStringLiteral("QLabel { color: #2e7d32; }"));
    this->Status->setText(
      tr("%n rule(s), no errors", nullptr, static_cast<int>(grammar.Rules.size())));
  }
  else
  {
    this->Status->setStyleSheet(QStringLiteral("QLabel { color: #d32f2f; font-weight: bold; }"));
    this->Status->setText(this->ErrorMessage);
  }
}

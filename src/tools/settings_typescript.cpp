#include "settings_typescript.hpp"

#include <sstream>
#include <stdexcept>
#include <vector>

#include "settings.hpp"

namespace nuno {
namespace {

constexpr std::size_t kLineColumns = 110;

std::string rangeText(const SettingInfo& info) {
    const std::string low = info.lowSetting.empty() ? jsNumber(info.low) : info.lowSetting;
    const std::string high = info.highSetting.empty() ? jsNumber(info.high) : info.highSetting;
    const std::string interval = std::string(info.open ? "(" : "[") + low + ", " + high +
                                 (info.open ? ")" : "]");
    switch (info.kind) {
        case SettingKind::Integer:
        case SettingKind::Number: return interval;
        case SettingKind::Vector: return "each component in " + interval;
        case SettingKind::Points: return "each coordinate in " + interval;
        case SettingKind::Choice:
        case SettingKind::Pins:
        case SettingKind::Family: break;
    }
    return "";
}

// "summary, unit, range. Default d. note", with what a grid setting means for set().
std::string documentation(const DocumentedSetting& info) {
    std::string text = info.summary;
    if (!info.unit.empty()) text += ", " + info.unit;
    const std::string range = rangeText(info);
    if (!range.empty()) text += ", " + range;
    text += ". Default " + info.defaultText + ".";
    if (info.scope == Scope::Grid) text += " Shapes the grid: `set()` refuses a change.";
    if (!info.note.empty()) text += " " + info.note;
    return text;
}

std::string choiceUnion(const SettingInfo& info) {
    std::string text;
    for (const std::string& choice : info.choices) text += (text.empty() ? "'" : " | '") + choice + "'";
    return text;
}

std::string typeOf(const DocumentedSetting& info) {
    switch (info.kind) {
        case SettingKind::Integer:
        case SettingKind::Number: return "number";
        case SettingKind::Vector: return "Vec3";
        case SettingKind::Points: return "ArrayLike<number>";
        case SettingKind::Choice: return info.typeName.empty() ? choiceUnion(info) : info.typeName;
        case SettingKind::Pins: return info.typeName + " | number[]";
        case SettingKind::Family: return "FamilyStiffness";
    }
    return "unknown";
}

// A JSDoc comment at the given indent: on one line where it fits, else wrapped at word ends.
std::string jsDoc(const std::string& text, const std::string& indent) {
    if (indent.size() + text.size() + 7 <= kLineColumns) return indent + "/** " + text + " */\n";
    std::string out = indent + "/**\n";
    std::string line;
    std::istringstream words(text);
    std::string word;
    while (words >> word) {
        if (!line.empty() && indent.size() + 3 + line.size() + 1 + word.size() > kLineColumns) {
            out += indent + " * " + line + "\n";
            line.clear();
        }
        line += (line.empty() ? "" : " ") + word;
    }
    if (!line.empty()) out += indent + " * " + line + "\n";
    return out + indent + " */\n";
}

}  // namespace

std::string settingsTypeScript() {
    const std::vector<DocumentedSetting>& schema = documentedSettingsSchema();
    std::string out = std::string(kGeneratedSettingsBegin) +
                      " from src/settings_schema.hpp by nuno_settings_dts (scripts/build.sh): edit the schema\n";

    for (const DocumentedSetting& info : schema) {
        const bool named = (info.kind == SettingKind::Choice || info.kind == SettingKind::Pins) && !info.typeName.empty();
        if (named) out += "export type " + info.typeName + " = " + choiceUnion(info) + ";\n";
    }

    out += "\n/** Stiffness of one constraint family, for each solver model. */\nexport interface FamilyStiffness {\n";
    std::string firstFamily;
    for (const DocumentedSetting& info : schema) {
        if (info.kind == SettingKind::Family && firstFamily.empty()) firstFamily = info.name;
        const std::string prefix = firstFamily + ".";
        if (firstFamily.empty() || info.name.rfind(prefix, 0) != 0) continue;
        // Each family has its own defaults; the family's own comment gives them.
        std::string text = info.summary;
        if (!info.unit.empty()) text += ", " + info.unit;
        text += ", " + rangeText(info) + ".";
        out += jsDoc(text, "  ") + "  " + info.name.substr(prefix.size()) + "?: number;\n";
    }
    out += "}\n\n";

    out += jsDoc("Everything that describes a cloth. SI units, y up. Every field is optional; the defaults make a 1 m "
                 "x 1 m, 32 x 32 curtain centred at y = 1 m, hanging from its top edge, solved by XPBD. Out-of-range "
                 "values throw an Error naming the setting and its allowed range.",
                 "");
    out += "export interface ClothSettings {\n";
    std::string notWritten;
    std::string families;
    for (const DocumentedSetting& info : schema) {
        if (info.name.find('.') != std::string::npos) continue;
        out += jsDoc(documentation(info), "  ") + "  " + info.name + "?: " + typeOf(info) + ";\n";
        if (info.kind == SettingKind::Points || info.kind == SettingKind::Family) {
            notWritten += (notWritten.empty() ? "'" : " | '") + info.name + "'";
        }
        if (info.kind == SettingKind::Family) families += "  " + info.name + ": Required<FamilyStiffness>;\n";
    }
    out += "}\n\n";

    out += "/** The settings in force, as `cloth.settings` returns them (the starting shape is not repeated). */\n";
    out += "export type ResolvedClothSettings = Required<Omit<ClothSettings, " + notWritten + ">> & {\n" + families +
           "};\n";
    return out + kGeneratedSettingsEnd + "\n";
}

std::string withGeneratedSettings(const std::string& declarations) {
    const std::size_t begin = declarations.find(kGeneratedSettingsBegin);
    const std::size_t endMarker = declarations.find(kGeneratedSettingsEnd);
    if (begin == std::string::npos || endMarker == std::string::npos || endMarker < begin) {
        throw std::invalid_argument(std::string("the declarations have no '") + kGeneratedSettingsBegin + "' ... '" +
                                    kGeneratedSettingsEnd + "' part");
    }
    const std::size_t lineEnd = declarations.find('\n', endMarker);
    const std::size_t end = lineEnd == std::string::npos ? declarations.size() : lineEnd + 1;
    return declarations.substr(0, begin) + settingsTypeScript() + declarations.substr(end);
}

}  // namespace nuno

// The settings part of web/index.d.ts, written from the schema (settings_schema.hpp), so the
// shipped declarations and their documentation cannot drift from what the core accepts.
#pragma once

#include <string>

namespace nuno {

// The lines between the markers below: FamilyStiffness, ClothSettings, ResolvedClothSettings and
// the names of the choices.
constexpr const char* kGeneratedSettingsBegin = "// <generated: settings>";
constexpr const char* kGeneratedSettingsEnd = "// </generated: settings>";
std::string settingsTypeScript();

// The declarations file with its marked part replaced by settingsTypeScript(); throws
// std::invalid_argument when the markers are missing.
std::string withGeneratedSettings(const std::string& declarations);

}  // namespace nuno

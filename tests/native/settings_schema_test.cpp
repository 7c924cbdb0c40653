// The schema (src/settings_schema.hpp) is the one list of settings: these tests go through it,
// so a new setting is covered by adding its line there.
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <limits>
#include <sstream>

#include "json_setting_source.hpp"
#include "settings_typescript.hpp"

namespace nuno {
namespace {

// {name: value}, or {family: {field: value}} for 'family.field'.
nlohmann::json documentWith(const std::string& name, const nlohmann::json& value) {
    const std::size_t dot = name.find('.');
    if (dot == std::string::npos) return {{name, value}};
    return {{name.substr(0, dot), {{name.substr(dot + 1), value}}}};
}

// The message settingsFromJson gives for the document, or "" when it accepts it.
std::string refusal(const nlohmann::json& document) {
    try {
        settingsFromJson(document);
        return "";
    } catch (const std::invalid_argument& error) {
        return error.what();
    }
}

bool isRange(SettingKind kind) {
    return kind == SettingKind::Integer || kind == SettingKind::Number || kind == SettingKind::Vector;
}

// The values just outside a setting's range, and its ends where they are allowed. Numbers are
// float32 in the core, so "just outside" is the next float32 beyond a closed end.
struct Probe {
    std::vector<double> outside;
    std::vector<double> ends;
};

Probe probeOf(const SettingInfo& info) {
    if (info.kind == SettingKind::Integer) return {{info.low - 1, info.high + 1}, {info.low, info.high}};
    if (info.open) return {{info.low, info.high}, {}};
    const float infinity = std::numeric_limits<float>::infinity();
    return {{std::nextafter(static_cast<float>(info.low), -infinity),
             std::nextafter(static_cast<float>(info.high), infinity)},
            {info.low, info.high}};
}

nlohmann::json valueOf(const SettingInfo& info, double number) {
    if (info.kind == SettingKind::Vector) return {0.0, number, 0.0};
    if (info.kind == SettingKind::Integer) return static_cast<long long>(number);
    return number;
}

TEST(SettingsSchema, EveryRangeJustOutsideIsRefusedByNameAndItsClosedEndsAccepted) {
    int probed = 0;
    for (const SettingInfo& info : settingsSchema()) {
        if (!isRange(info.kind)) continue;
        const Probe probe = probeOf(info);
        for (double value : probe.outside) {
            const std::string message = refusal(documentWith(info.name, valueOf(info, value)));
            EXPECT_EQ(message.rfind("nuno: '" + info.name + "' must be ", 0), 0u)
                << info.name << " = " << value << ": " << (message.empty() ? "accepted" : message);
        }
        for (double value : probe.ends) {
            EXPECT_EQ(refusal(documentWith(info.name, valueOf(info, value))), "") << info.name << " = " << value;
        }
        ++probed;
    }
    EXPECT_GE(probed, 30) << "the schema lost numeric settings";
}

TEST(SettingsSchema, EveryChoiceIsReadAndAnyOtherNameRefusedByName) {
    for (const SettingInfo& info : settingsSchema()) {
        if (info.kind != SettingKind::Choice && info.kind != SettingKind::Pins) continue;
        for (const std::string& choice : info.choices) EXPECT_EQ(refusal({{info.name, choice}}), "") << choice;
        EXPECT_EQ(refusal({{info.name, "other"}}).rfind("nuno: '" + info.name + "' must be one of '", 0), 0u)
            << info.name;
    }
}

// configure() takes a run-time setting at its high end, and refuses a grid setting's by name.
TEST(SettingsSchema, ConfigureRefusesEveryGridSettingAndTakesRunTimeOnes) {
    for (const SettingInfo& info : settingsSchema()) {
        if (!isRange(info.kind) || info.kind == SettingKind::Vector || info.open) continue;
        Cloth cloth{ClothSettings{}};
        ClothSettings next = cloth.settings();
        applySettings(JsonSettingSource(documentWith(info.name, valueOf(info, info.high))), next);
        if (info.scope == Scope::RunTime) {
            EXPECT_NO_THROW(cloth.configure(next)) << info.name;
            continue;
        }
        try {
            cloth.configure(next);
            ADD_FAILURE() << info.name << " changed on a running cloth";
        } catch (const std::invalid_argument& error) {
            EXPECT_EQ(std::string(error.what()).rfind("nuno: '" + info.name + "' shapes the grid", 0), 0u) << error.what();
        }
    }
}

TEST(SettingsSchema, ShippedDeclarationsAreWhatTheSchemaGenerates) {
    std::ifstream file(NUNO_DECLARATIONS_FILE, std::ios::binary);
    ASSERT_TRUE(file) << NUNO_DECLARATIONS_FILE;
    std::ostringstream shipped;
    shipped << file.rdbuf();
    EXPECT_EQ(withGeneratedSettings(shipped.str()), shipped.str())
        << "web/model.d.ts differs from src/settings_schema.hpp: run scripts/build.sh, which rewrites it";
}

}  // namespace
}  // namespace nuno

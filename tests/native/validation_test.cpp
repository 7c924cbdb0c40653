#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>

#include "cloth.hpp"
#include "error_message.hpp"
#include "json_setting_source.hpp"

namespace nuno {
namespace {

struct InvalidCase {
    const char* name;
    std::function<void(ClothSettings&)> breakIt;
    const char* expectedMessage;  // must appear in the error
};

void PrintTo(const InvalidCase& c, std::ostream* out) { *out << c.name; }

class ValidationTest : public ::testing::TestWithParam<InvalidCase> {};

TEST_P(ValidationTest, ThrowsNamingTheSettingAndItsRange) {
    ClothSettings settings;
    GetParam().breakIt(settings);
    try {
        Cloth cloth(settings);
        FAIL() << "no error for " << GetParam().name;
    } catch (const std::invalid_argument& error) {
        EXPECT_NE(std::string(error.what()).find(GetParam().expectedMessage), std::string::npos)
            << "message was: " << error.what();
    }
}

INSTANTIATE_TEST_SUITE_P(
    EverySetting, ValidationTest,
    ::testing::Values(
        InvalidCase{"columns", [](ClothSettings& s) { s.columns = 1; }, "'columns' must be an integer in [2, 16384], got 1"},
        InvalidCase{"rows", [](ClothSettings& s) { s.rows = 20000; }, "'rows' must be an integer in [2, 16384], got 20000"},
        InvalidCase{"particles", [](ClothSettings& s) { s.rows = 16384; s.columns = 2048; }, "'columns * rows' must be at most about"},
        InvalidCase{"width", [](ClothSettings& s) { s.width = 0; }, "'width' must be a number in [0.001, 1000], got 0"},
        InvalidCase{"height", [](ClothSettings& s) { s.height = NAN; }, "'height' must be a number in [0.001, 1000], got nan"},
        InvalidCase{"center", [](ClothSettings& s) { s.center.y = INFINITY; }, "'center' must be three finite numbers"},
        InvalidCase{"positions", [](ClothSettings& s) { s.initialPositions.resize(3); }, "'positions' must be columns * rows = 1024 points"},
        InvalidCase{"density", [](ClothSettings& s) { s.density = -1; }, "'density' must be a number in [1e-06, 1000], got -1"},
        InvalidCase{"pins", [](ClothSettings& s) { s.pins = PinPreset::Custom; s.pinnedParticles = {1024}; }, "'pins' must be particle indices in [0, 1023], got 1024"},
        InvalidCase{"jacobiRelaxation", [](ClothSettings& s) { s.jacobiRelaxation = 2; }, "'jacobiRelaxation' must be a number in (0, 2)"},
        InvalidCase{"substeps", [](ClothSettings& s) { s.substeps = 0; }, "'substeps' must be an integer in [1, 100], got 0"},
        InvalidCase{"iterations", [](ClothSettings& s) { s.iterations = 101; }, "'iterations' must be an integer in [1, 100]"},
        InvalidCase{"stepSeconds", [](ClothSettings& s) { s.stepSeconds = 1; }, "'stepSeconds' must be a number in [0.0001, 0.1]"},
        InvalidCase{"maxFrameSeconds", [](ClothSettings& s) { s.maxFrameSeconds = 0.001f; }, "'maxFrameSeconds' must be a number in ["},
        InvalidCase{"gravity", [](ClothSettings& s) { s.gravity.x = NAN; }, "'gravity' must be three finite numbers"},
        InvalidCase{"damping", [](ClothSettings& s) { s.damping = 51; }, "'damping' must be a number in [0, 50]"},
        InvalidCase{"wind", [](ClothSettings& s) { s.wind.z = 1e6f; }, "'wind' must be three finite numbers"},
        InvalidCase{"windNormalDrag", [](ClothSettings& s) { s.windNormalDrag = -1; }, "'windNormalDrag' must be a number in [0, 100]"},
        InvalidCase{"windTangentialDrag", [](ClothSettings& s) { s.windTangentialDrag = 101; }, "'windTangentialDrag' must be a number in [0, 100]"},
        InvalidCase{"springConstant", [](ClothSettings& s) { s.springConstant = -5; }, "'springConstant' must be a number in [0, 1e+09]"},
        InvalidCase{"collisionMargin", [](ClothSettings& s) { s.collisionMargin = 2; }, "'collisionMargin' must be a number in [0, 1]"},
        InvalidCase{"compliance", [](ClothSettings& s) { s.shear.compliance = -1e-6f; }, "'shear.compliance' must be a number in [0, 1]"},
        InvalidCase{"stiffness", [](ClothSettings& s) { s.structural.stiffness = 1.5f; }, "'structural.stiffness' must be a number in [0, 1]"},
        InvalidCase{"stretch", [](ClothSettings& s) { s.bending.stretch = 2; }, "'bending.stretch' must be a number in [0, 1]"},
        InvalidCase{"shrink", [](ClothSettings& s) { s.bending.shrink = -0.5f; }, "'bending.shrink' must be a number in [0, 1]"}),
    [](const auto& info) { return std::string(info.param.name); });

TEST(Validation, DocumentErrorsNameTheKey) {
    EXPECT_THROW(settingsFromJson(nlohmann::json{{"colums", 4}}), std::invalid_argument);
    try {
        settingsFromJson(nlohmann::json{{"solver", "verlet"}});
        FAIL();
    } catch (const std::invalid_argument& error) {
        EXPECT_STREQ(error.what(), "nuno: 'solver' must be one of 'mass-spring', 'pbd', 'xpbd', got 'verlet'");
    }
    try {
        settingsFromJson(nlohmann::json{{"rows", 2.5}});
        FAIL();
    } catch (const std::invalid_argument& error) {
        EXPECT_NE(std::string(error.what()).find("'rows' must be an integer"), std::string::npos);
    }
    EXPECT_THROW(settingsFromJson(nlohmann::json{{"width", "wide"}}), std::invalid_argument);
    EXPECT_THROW(settingsFromJson(nlohmann::json{{"shear", {{"complaince", 1}}}}), std::invalid_argument);
}

TEST(Validation, CollidersAndRunTimeChanges) {
    Cloth cloth{ClothSettings{}};
    EXPECT_THROW(cloth.addCollider({Sphere{Vec3(0), -1.0f}, 0.5f}), std::invalid_argument);
    EXPECT_THROW(cloth.addCollider({Sphere{Vec3(0), 1.0f}, 1.5f}), std::invalid_argument);
    EXPECT_THROW(planeThrough(Vec3(0), Vec3(0)), std::invalid_argument);
    EXPECT_THROW(readCollider(JsonSettingSource(nlohmann::json{{"type", "cube"}})), std::invalid_argument);
    EXPECT_THROW(cloth.step(-1.0), std::invalid_argument);
    EXPECT_THROW(cloth.stepFixed(-1), std::invalid_argument);

    ClothSettings next = cloth.settings();
    next.columns = 64;
    EXPECT_THROW(cloth.configure(next), std::invalid_argument);
    next = cloth.settings();
    next.iterations = 0;
    EXPECT_THROW(cloth.configure(next), std::invalid_argument);
    EXPECT_EQ(cloth.settings().iterations, 1) << "a rejected change must leave the cloth as it was";
}

// What the fuzzer found (tests/fuzz/findings/README.md): errors that named nothing, were cut
// short, or showed a refused value as an allowed one.
TEST(Validation, ErrorsNameAndShowWhatWasRefused) {
    const auto messageOf = test::errorMessageOf;
    Cloth cloth{ClothSettings{}};
    const std::uint32_t sphere = cloth.addCollider({Sphere{Vec3(0), 0.5f}, 0.5f});
    EXPECT_EQ(messageOf([&] { cloth.removeCollider(sphere + 6); }),
              "nuno: 'id' must be the id of a collider on this cloth (1), got 7");
    cloth.removeCollider(sphere);
    EXPECT_EQ(messageOf([&] { cloth.removeCollider(sphere); }),
              "nuno: 'id' must be the id of a collider on this cloth (it has none), got 1");

    const std::string keyWithNul("a\0b", 3);
    const std::string unknownKey = messageOf([&] { settingsFromJson(nlohmann::json{{keyWithNul, 1}}); });
    EXPECT_EQ(unknownKey.find('\0'), std::string::npos);
    EXPECT_NE(unknownKey.find("unknown setting 'a\\u0000b'; known settings: "), std::string::npos) << unknownKey;
    EXPECT_NE(messageOf([&] { settingsFromJson(nlohmann::json{{"bending", {{keyWithNul, 1}}}}); })
                  .find("unknown setting 'bending.a\\u0000b'; known: compliance"),
              std::string::npos);

    ClothSettings stiff;
    stiff.springConstant = std::nextafter(1e9f, 2e9f);
    EXPECT_EQ(messageOf([&] { validate(stiff); }), "nuno: 'springConstant' must be a number in [0, 1e+09], got 1.00000006e+09");
    ClothSettings damped;
    damped.damping = std::nextafter(50.0f, 100.0f);
    EXPECT_EQ(messageOf([&] { validate(damped); }), "nuno: 'damping' must be a number in [0, 50], got 50.000004");
}

// showNumber finds its digits without strtod (to keep it out of the wasm module); here strtod
// finds them as it used to: the fewest from 6 that read back as the same float32, else 9.
TEST(Messages, NumbersShowTheFewestDigitsThatReadBackAsTheSameFloat) {
    std::uint32_t state = 12345;
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        state = state * 1664525u + 1013904223u;
        float value;
        std::memcpy(&value, &state, sizeof value);
        if (!std::isfinite(value)) continue;
        char expected[400];
        for (int digits = 6; digits <= 9; ++digits) {
            std::snprintf(expected, sizeof expected, "%.*g", digits, static_cast<double>(value));
            if (static_cast<float>(std::strtod(expected, nullptr)) == value) break;
        }
        ASSERT_EQ(showNumber(value), expected);
        ++checked;
    }
    EXPECT_GT(checked, 19000);
}

}  // namespace
}  // namespace nuno

#include <gtest/gtest.h>

#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <limits>
#include <map>
#include <set>

#include "cloth.hpp"
#include "error_message.hpp"
#include "json_setting_source.hpp"
#include "patches.hpp"

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
        InvalidCase{"height", [](ClothSettings& s) { s.height = NAN; }, "'height' must be a number in [0.001, 1000], got NaN"},
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
        InvalidCase{"springConstant", [](ClothSettings& s) { s.springConstant = -5; }, "'springConstant' must be a number in [0, 1000000000]"},
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
    EXPECT_EQ(messageOf([&] { validate(stiff); }), "nuno: 'springConstant' must be a number in [0, 1000000000], got 1000000064");
    ClothSettings damped;
    damped.damping = std::nextafter(50.0f, 100.0f);
    EXPECT_EQ(messageOf([&] { validate(damped); }), "nuno: 'damping' must be a number in [0, 50], got 50.000004");
}

// showNumber finds its digits without strtod or printf (to keep them out of the wasm module); here they
// find them as they used to: the fewest from 6 that read back as the same float32, else 9. A
// whole number up to 2^53 is written in full.
// What showNumber should write, found with printf and strtod.
std::string shownByPrintf(double value) {
    char expected[400];
    if (std::floor(value) == value && std::fabs(value) <= 0x1p53) {
        std::snprintf(expected, sizeof expected, "%.0f", value);
        return expected;
    }
    for (int digits = 6; digits <= 9; ++digits) {
        std::snprintf(expected, sizeof expected, "%.*g", digits, value);
        if (static_cast<float>(std::strtod(expected, nullptr)) == static_cast<float>(value)) break;
    }
    return expected;
}

TEST(Messages, NumbersShowTheFewestDigitsThatReadBackAsTheSameFloat) {
    std::uint32_t state = 12345;
    int checked = 0;
    for (int i = 0; i < 20000; ++i) {
        state = state * 1664525u + 1013904223u;
        float value;
        std::memcpy(&value, &state, sizeof value);
        if (!std::isfinite(value)) continue;
        ASSERT_EQ(showNumber(value), shownByPrintf(value));
        ++checked;
    }
    EXPECT_GT(checked, 19000);
}

// The digits are worked out without printf (a big integer of the exact value): its far ends
// (subnormals, the largest double), ties that round to even, and carries through nines.
TEST(Messages, NumbersAtTheEndsOfTheDoublesAndOnTiesShowAsPrintfWritesThem) {
    for (const double value : {5e-324, -5e-324, 2.5e-310, std::numeric_limits<double>::max(), -std::numeric_limits<double>::max(),
                               1000000.5, 9.9999995, 0.1, 1e-7, 123456789.5, 0.000099999999, 99999999.5, 1e300, -16385.25}) {
        EXPECT_EQ(showNumber(value), shownByPrintf(value)) << value;
    }
}

// Issue 30, item 5: numbers as JS writes them, and a whole number beyond an int told the range.
TEST(Messages, WholeNumbersInFullAndNonFiniteOnesAsJsWritesThem) {
    EXPECT_EQ(showNumber(2147483648.0), "2147483648");
    EXPECT_EQ(showNumber(0x1p53), "9007199254740992");
    EXPECT_EQ(showNumber(-16385.0), "-16385");
    EXPECT_EQ(showNumber(1e300), "1e+300");  // beyond 2^53: the float32 digits, as before
    EXPECT_EQ(showNumber(0.1), "0.1");
    EXPECT_EQ(showNumber(std::numeric_limits<double>::quiet_NaN()), "NaN");
    EXPECT_EQ(showNumber(std::numeric_limits<double>::infinity()), "Infinity");
    EXPECT_EQ(showNumber(-std::numeric_limits<double>::infinity()), "-Infinity");

    const auto messageOf = test::errorMessageOf;
    EXPECT_EQ(messageOf([] { settingsFromJson(nlohmann::json{{"columns", 2147483648.0}}); }),
              "nuno: 'columns' must be an integer in [2, 16384], got 2147483648");
    EXPECT_EQ(messageOf([] { settingsFromJson(nlohmann::json{{"rows", 2.5}}); }),
              "nuno: 'rows' must be an integer in [2, 16384], got 2.5");
    // An end that is another setting is named, since that setting may come later in the document.
    EXPECT_EQ(messageOf([] { settingsFromJson(nlohmann::json{{"patchColumns", -1e10}}); }),
              "nuno: 'patchColumns' must be an integer in [0, columns], got -10000000000");
    EXPECT_EQ(messageOf([] { readPatchRequest(JsonSettingSource(nlohmann::json{{"seed", 4294967296.0}})); }),
              "nuno: 'seed' must be an integer in [0, 1000000], got 4294967296");
    EXPECT_EQ(messageOf([] { settingsFromJson(nlohmann::json{{"gravity", {0, std::numeric_limits<double>::infinity(), 0}}}); }),
              "nuno: 'gravity' must be three finite numbers, each in [-1000, 1000], got [0, Infinity, 0]");
}

// Issue 30, item 4: a NaN in a patch array or a box rotation names that array, not the
// 'positions' the poses become.
TEST(Validation, NaNInEveryPatchArrayNamesThatArray) {
    const double nan = std::numeric_limits<double>::quiet_NaN();
    const auto messageOf = test::errorMessageOf;
    const auto patchesWith = [&](const char* key, nlohmann::json values) {
        return messageOf([&] {
            readPatchRequest(JsonSettingSource(nlohmann::json{{"patchesAcross", 2}, {"patchesDown", 1}, {key, values}}));
        });
    };
    EXPECT_EQ(patchesWith("patchRotations", {nan, 0, 0, 1, 0, 0, 0, 1}),
              "nuno: 'patchRotations' must be a non-zero quaternion [x, y, z, w] of four finite numbers, got [NaN, 0, 0, 1]");
    EXPECT_EQ(patchesWith("patchRotations", {0, 0, 0, 1, 0, 0, 0, nan}),
              "nuno: 'patchRotations' must be a non-zero quaternion [x, y, z, w] of four finite numbers, got [0, 0, 0, NaN]");
    EXPECT_EQ(patchesWith("patchPositions", {0, 1, 0, 0, nan, 0}),
              "nuno: 'patchPositions' must be finite numbers, each in [-10000, 10000], got NaN");
    EXPECT_EQ(patchesWith("patchVelocities", {0, 0, 0, 0, 0, nan}),
              "nuno: 'patchVelocities' must be finite numbers, each in [-100, 100], got NaN");
    EXPECT_EQ(patchesWith("patchSpins", {nan, 0, 0, 0, 0, 0}),
              "nuno: 'patchSpins' must be finite numbers, each in [-1000, 1000], got NaN");
    EXPECT_EQ(messageOf([&] { readCollider(JsonSettingSource(nlohmann::json{{"type", "box"}, {"rotation", {0, nan, 0, 1}}})); }),
              "nuno: box 'rotation' must be a non-zero quaternion [x, y, z, w] of four finite numbers, got [0, NaN, 0, 1]");
}

// Claims longer arrays than it holds, as a JS array may (new Array(3e8) holds nothing), and
// notes every array copied: a reader must refuse an array too long for its setting from its
// length, before copying it.
class ClaimedLengthSource final : public SettingSource {
public:
    ClaimedLengthSource(nlohmann::json document, std::map<std::string, std::size_t> claimedLengths)
        : json_(std::move(document)), claimedLengths_(std::move(claimedLengths)) {}

    std::vector<std::string> keys() const override {
        std::vector<std::string> names = json_.keys();
        for (const auto& claimed : claimedLengths_) names.push_back(claimed.first);
        return names;
    }
    bool isText(const std::string& key) const override { return !claimedLengths_.count(key) && json_.isText(key); }
    double number(const std::string& key) const override { return json_.number(key); }
    std::string text(const std::string& key) const override { return json_.text(key); }
    std::vector<double> numbers(const std::string& key) const override {
        copied.insert(key);
        const auto claimed = claimedLengths_.find(key);
        // What a JS array of that length reads as when it is under the limit: zeros here.
        return claimed == claimedLengths_.end() ? json_.numbers(key) : std::vector<double>(claimed->second);
    }
    std::size_t length(const std::string& key) const override {
        const auto claimed = claimedLengths_.find(key);
        return claimed == claimedLengths_.end() ? json_.length(key) : claimed->second;
    }
    std::unique_ptr<SettingSource> child(const std::string& key) const override { return json_.child(key); }

    mutable std::set<std::string> copied;

private:
    JsonSettingSource json_;
    std::map<std::string, std::size_t> claimedLengths_;
};

// Issue 30, item 3: new Array(3e8) gave std::bad_alloc; every array setting is refused by its
// length, by name, before it is copied.
TEST(Validation, ArraysTooLongForTheirSettingAreRefusedBeforeTheyAreCopied) {
    constexpr std::size_t kHuge = 300000000;
    const std::string most = std::to_string(maxParticleCount());
    const std::string mostNumbers = std::to_string(3 * std::size_t{maxParticleCount()});
    const auto refusal = [](const std::function<void(const SettingSource&)>& read, nlohmann::json document,
                            const std::string& key, std::size_t length) {
        const ClaimedLengthSource source(std::move(document), {{key, length}});
        const std::string message = test::errorMessageOf([&] { read(source); });
        const bool refused = message != "(accepted)";
        EXPECT_FALSE(refused && source.copied.count(key) > 0) << "'" << key << "' was copied before it was refused";
        return message;
    };
    const auto settings = [](const SettingSource& source) {
        ClothSettings s;
        applySettings(source, s);
    };
    const auto patches = [](const SettingSource& source) { readPatchRequest(source); };
    const auto collider = [](const SettingSource& source) { readCollider(source); };
    const nlohmann::json grid = {{"columns", 2}, {"rows", 2}};
    for (const char* key : {"positions", "velocities"}) {
        EXPECT_EQ(refusal(settings, grid, key, kHuge),
                  "nuno: '" + std::string(key) + "' must be an array of at most " + mostNumbers +
                      " numbers (x, y, z for each of at most " + most + " particles), got an array of 300000000");
        // Just over the limit is refused the same way; at it, the array is read (and refused as
        // not one point per particle of this grid).
        EXPECT_NE(refusal(settings, grid, key, 3 * std::size_t{maxParticleCount()} + 1).find("got an array of"), std::string::npos);
        EXPECT_EQ(refusal(settings, {}, key, 3 * std::size_t{maxParticleCount()}), "(accepted)");
    }
    EXPECT_EQ(refusal(settings, grid, "pins", kHuge),
              "nuno: 'pins' must be an array of at most " + most + " particle indices (a cloth has at most " + most +
                  " particles), got an array of 300000000");
    EXPECT_EQ(refusal(settings, grid, "pins", maxParticleCount()), "(accepted)");
    EXPECT_EQ(refusal(settings, grid, "gravity", kHuge), "nuno: 'gravity' must be an array of 3 numbers, got an array of 300000000");
    EXPECT_EQ(refusal(settings, grid, "gravity", 4), "nuno: 'gravity' must be an array of 3 numbers, got an array of 4");

    const nlohmann::json layout = {{"patchesAcross", 2}, {"patchesDown", 2}};
    for (const auto& [key, width] : {std::pair<const char*, int>{"patchPositions", 3}, {"patchRotations", 4},
                                     {"patchVelocities", 3}, {"patchSpins", 3}}) {
        const std::string perPatch = "nuno: '" + std::string(key) + "' must be " + std::to_string(width) +
                                     " numbers per patch (" + std::to_string(4 * width) + "), got ";
        EXPECT_EQ(refusal(patches, layout, key, kHuge), perPatch + "300000000 numbers");
        EXPECT_EQ(refusal(patches, layout, key, 4 * width + 1), perPatch + std::to_string(4 * width + 1) + " numbers");
    }
    EXPECT_EQ(refusal(collider, {{"type", "sphere"}}, "center", kHuge),
              "nuno: 'center' must be an array of 3 numbers, got an array of 300000000");
    EXPECT_EQ(refusal(collider, {{"type", "box"}}, "rotation", kHuge),
              "nuno: box 'rotation' must be an array of 4 numbers [x, y, z, w], got an array of 300000000");
}

// The limit those arrays are held to: no grid with more particles fits in a cloth's memory, and
// one with that many does.
TEST(Validation, MaxParticleCountIsTheLargestGridThatFits) {
    ClothSettings lean;
    std::uint64_t largest = 0;
    for (lean.columns = 2; lean.columns <= kMaxGridSide; ++lean.columns) {
        int low = 1;  // fits, or stands for no grid at all
        int high = kMaxGridSide + 1;  // does not fit
        while (high - low > 1) {
            lean.rows = (low + high) / 2;
            (Cloth::memoryBytes(lean) <= Cloth::kMaxClothBytes ? low : high) = lean.rows;
        }
        largest = std::max(largest, std::uint64_t(lean.columns) * std::uint64_t(low > 1 ? low : 0));
    }
    EXPECT_EQ(maxParticleCount(), largest);
    EXPECT_GT(maxParticleCount(), 3000000u);
}

}  // namespace
}  // namespace nuno

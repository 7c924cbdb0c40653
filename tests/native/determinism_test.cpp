#include <gtest/gtest.h>

#include <cstring>
#include <fstream>

#include "cloth.hpp"
#include "json_setting_source.hpp"

namespace nuno {
namespace {

bool sameBits(const std::vector<Vec3>& a, const std::vector<Vec3>& b) {
    return a.size() == b.size() && std::memcmp(a.data(), b.data(), a.size() * sizeof(Vec3)) == 0;
}

// The scenarios the wasm build is checked against (tests/fixtures/scenarios.json).
nlohmann::json scenarios() {
    std::ifstream file(NUNO_FIXTURES_DIR "/scenarios.json");
    return nlohmann::json::parse(file);
}

TEST(Determinism, TwoRunsOfEachScenarioAreBitIdentical) {
    const nlohmann::json all = scenarios();
    ASSERT_GE(all.size(), 3u);
    for (const auto& scenario : all) {
        const Cloth first = runScenario(scenario);
        const Cloth second = runScenario(scenario);
        EXPECT_TRUE(sameBits(first.positions(), second.positions())) << scenario.at("name");
        EXPECT_GT(glm::length(first.positions().back() - first.restPositions().back()), 0.01f)
            << scenario.at("name") << " should move";
    }
}

TEST(Determinism, ChangingSubstepsKeepsTheVelocity) {
    ClothSettings settings;
    settings.pins = PinPreset::None;
    settings.damping = 0.0f;
    settings.windNormalDrag = 0.0f;
    settings.windTangentialDrag = 0.0f;
    Cloth cloth(settings);
    cloth.stepFixed(30);
    const double before = cloth.kineticEnergy();
    ClothSettings more = cloth.settings();
    more.substeps = 20;
    cloth.configure(more);
    EXPECT_NEAR(cloth.kineticEnergy(), before, before * 1e-4);
    // Free fall from rest for 0.5 s: kinetic energy is m g^2 t^2 / 2 (within the integrator's order).
    const double mass = settings.density * settings.width * settings.height;
    EXPECT_NEAR(before, 0.5 * mass * 9.81 * 9.81 * 0.25, 0.02 * before);
}

}  // namespace
}  // namespace nuno

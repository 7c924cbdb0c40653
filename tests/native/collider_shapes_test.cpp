// Every collider kind, through one set of tests: a probe cloud projected by its contact lands on
// the margin by the shortest move (the contacts are convex projections), a cloth dropped on it
// settles outside and touching it, moving it shoves the cloth without launching it, and its
// reader names each field it refuses (friction on a slope: collision_test.cpp).
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

#include "cloth.hpp"
#include "collide.hpp"
#include "error_message.hpp"
#include "json_setting_source.hpp"
#include "metric.hpp"

namespace nuno {
namespace {

constexpr float kMargin = 0.005f;

// A quarter turn about z, then a little about x: no face of the box lines up with an axis.
Vec4 tilted() { return unitRotation({0.1, 0.0, 0.38268343, 0.92387953}); }

struct ShapeCase {
    const char* name;
    ColliderShape shape;
    Vec3 center;  // where probes and the dropped cloth aim
};

std::vector<ShapeCase> shapeCases() {
    return {
        {"sphere", Sphere{Vec3(0.1f, 0.5f, 0.0f), 0.3f}, Vec3(0.1f, 0.5f, 0.0f)},
        {"plane", planeThrough({0.0, 0.2, 0.0}, {0.2, 1.0, 0.1}), Vec3(0.0f, 0.2f, 0.0f)},
        {"capsule", Capsule{Vec3(-0.4f, 0.4f, -0.1f), Vec3(0.4f, 0.5f, 0.2f), 0.15f}, Vec3(0.0f, 0.45f, 0.05f)},
        {"capsule_as_sphere", Capsule{Vec3(0.0f, 0.4f, 0.0f), Vec3(0.0f, 0.4f, 0.0f), 0.2f}, Vec3(0.0f, 0.4f, 0.0f)},
        {"box", Box{Vec3(0.0f, 0.4f, 0.0f), Vec3(0.35f, 0.2f, 0.25f), tilted()}, Vec3(0.0f, 0.4f, 0.0f)},
    };
}

void PrintTo(const ShapeCase& shape, std::ostream* out) { *out << shape.name; }

class ColliderShapes : public ::testing::TestWithParam<ShapeCase> {};

// The collide stage takes particles in any order: a cloud of free ones, standing still.
SplitParticles probesAround(const Vec3& center, int count) {
    std::mt19937 random(7);
    std::uniform_real_distribution<float> offset(-0.6f, 0.6f);
    SplitParticles probes(static_cast<std::size_t>(count));
    for (std::size_t i = 0; i < static_cast<std::size_t>(count); ++i) {
        const Vec3 p = center + Vec3(offset(random), offset(random), offset(random));
        probes.positions.set(i, p);
        probes.predictedPositions.set(i, p);  // standing still: friction has nothing to take back
        probes.inverseMasses[i] = 1.0f;
    }
    return probes;
}

TEST_P(ColliderShapes, ContactMovesAProbeOntoTheMarginByTheShortestWay) {
    const ShapeCase& shape = GetParam();
    ColliderSet set;
    set.add({shape.shape, 0.0f});
    constexpr std::size_t kProbes = 4000;
    SplitParticles probes = probesAround(shape.center, kProbes);
    const SplitVectors before = probes.positions;
    // Depenetration unbounded: the probes start inside, and this is about where a contact leads.
    collide(probes, set, {std::numeric_limits<float>::infinity()}, kMargin, 1.0f / 600.0f, SilentPushes::None, {0, kProbes / 4});
    int moved = 0;
    for (std::size_t i = 0; i < kProbes; ++i) {
        const float distanceBefore = signedDistance(shape.shape, before.at(i));
        const float distanceAfter = signedDistance(shape.shape, probes.positions.at(i));
        const float travelled = glm::length(probes.positions.at(i) - before.at(i));
        if (distanceBefore >= kMargin) {
            ASSERT_EQ(probes.positions.at(i), before.at(i)) << "probe " << i << " was beyond the margin";
            continue;
        }
        ++moved;
        ASSERT_NEAR(distanceAfter, kMargin, 2e-6f) << "probe " << i << " from signed distance " << distanceBefore;
        // The nearest point of a convex shape grown by the margin is margin - d away.
        ASSERT_NEAR(travelled, kMargin - distanceBefore, 2e-6f) << "probe " << i;
    }
    test::metric("probes_pushed_out", moved, "", shape.name);
    EXPECT_GT(moved, 50) << "the probe cloud should reach inside the shape";
}

ClothSettings droppedCloth(const Vec3& above) {
    ClothSettings settings;
    settings.columns = 24;
    settings.rows = 24;
    settings.width = 1.2f;
    settings.height = 1.2f;
    settings.orientation = Orientation::Horizontal;
    settings.center = above + Vec3(0.03f, 0.5f, 0.02f);
    settings.pins = PinPreset::None;
    settings.collisionMargin = kMargin;
    return settings;
}

TEST_P(ColliderShapes, DroppedClothSettlesOutsideAndTouching) {
    const ShapeCase& shape = GetParam();
    Cloth cloth(droppedCloth(shape.center));
    cloth.addCollider({shape.shape, 0.6f});
    for (int step = 0; step < 240; ++step) {
        cloth.stepFixed(1);
        ASSERT_GE(cloth.colliderClearance(), kMargin - 1e-5f) << "a particle inside after step " << step;
    }
    test::metric("clearance_after_4s_m", cloth.colliderClearance(), "m", shape.name);
    test::metric("kinetic_energy_after_4s_j", cloth.kineticEnergy(), "J", shape.name);
    EXPECT_LT(cloth.colliderClearance(), kMargin + 1e-3f) << "the cloth should lie on the shape";
    EXPECT_LT(cloth.kineticEnergy(), 0.05) << "the cloth should come to rest (or slide slowly off)";
}

TEST_P(ColliderShapes, MovedOntoTheClothItShovesWithoutLaunching) {
    const ShapeCase& shape = GetParam();
    Cloth cloth(droppedCloth(shape.center));
    const std::uint32_t id = cloth.addCollider({shape.shape, 0.5f});
    cloth.stepFixed(60);
    // Lift the shape 8 cm at once into the resting cloth.
    Collider lifted = cloth.collider(id);
    std::visit(
        [](auto& kind) {
            using Kind = std::decay_t<decltype(kind)>;
            if constexpr (std::is_same_v<Kind, Plane>) {
                kind.offset += 0.08f * kind.normal.y;
            } else if constexpr (std::is_same_v<Kind, Capsule>) {
                kind.start.y += 0.08f;
                kind.end.y += 0.08f;
            } else {
                kind.center.y += 0.08f;
            }
        },
        lifted.shape);
    cloth.updateCollider(id, lifted);
    for (int step = 0; step < 30; ++step) {
        cloth.stepFixed(1);
        ASSERT_GE(cloth.colliderClearance(), kMargin - 1e-5f) << "a particle inside after step " << step;
    }
    test::metric("kinetic_energy_after_lift_j", cloth.kineticEnergy(), "J", shape.name);
    EXPECT_LT(cloth.kineticEnergy(), 0.5) << "launched";
}

INSTANTIATE_TEST_SUITE_P(EveryKind, ColliderShapes, ::testing::ValuesIn(shapeCases()),
                         [](const auto& info) { return std::string(info.param.name); });

TEST(ColliderShapeReaders, NameWhatTheyRefuse) {
    const auto messageOf = [](const nlohmann::json& document) {
        return test::errorMessageOf([&] { readCollider(JsonSettingSource(document)); });
    };
    EXPECT_EQ(messageOf({{"type", "cube"}}),
              "nuno: collider 'type' must be one of 'sphere', 'plane', 'capsule', 'box', 'mesh', got 'cube'");
    EXPECT_EQ(messageOf({{"type", "capsule"}, {"radius", 0}}), "nuno: capsule 'radius' must be a number in (0, 10000], got 0");
    EXPECT_EQ(messageOf({{"type", "capsule"}, {"end", {0, 2e4, 0}}}),
              "nuno: capsule 'end' must be three finite numbers, each in [-10000, 10000], got [0, 20000, 0]");
    EXPECT_EQ(messageOf({{"type", "capsule"}, {"center", {0, 0, 0}}}),
              "nuno: unknown capsule setting 'center'; known: type, start, end, radius, friction");
    EXPECT_EQ(messageOf({{"type", "box"}, {"halfExtents", {1, 0, 1}}}),
              "nuno: box 'halfExtents' must be three numbers, each in (0, 10000], got [1, 0, 1]");
    EXPECT_EQ(messageOf({{"type", "box"}, {"rotation", {0, 0, 0, 0}}}),
              "nuno: box 'rotation' must be a non-zero quaternion [x, y, z, w] of four finite numbers, got [0, 0, 0, 0]");
    EXPECT_EQ(messageOf({{"type", "box"}, {"rotation", {0, 0, 1}}}),
              "nuno: box 'rotation' must be an array of 4 numbers [x, y, z, w], got an array of 3");

    // Any finite quaternion is normalised in double, however large.
    const Collider box = readCollider(JsonSettingSource(nlohmann::json{{"type", "box"}, {"rotation", {0, 0, 3e30, 4e30}}}));
    EXPECT_EQ(std::get<Box>(box.shape).rotation, Vec4(0, 0, 0.6f, 0.8f));

    // Changes keep the kind and the fields not given.
    const Collider capsule = readCollider(JsonSettingSource(nlohmann::json{{"type", "capsule"}, {"radius", 0.1}}));
    const Collider moved = readCollider(JsonSettingSource(nlohmann::json{{"end", {1, 1, 1}}}), &capsule);
    EXPECT_EQ(std::get<Capsule>(moved.shape).end, Vec3(1));
    EXPECT_EQ(std::get<Capsule>(moved.shape).radius, 0.1f);
    EXPECT_EQ(test::errorMessageOf([&] { readCollider(JsonSettingSource(nlohmann::json{{"type", "box"}}), &capsule); }),
              "nuno: collider 'type' cannot change; remove the collider and add a new one");
}

}  // namespace
}  // namespace nuno

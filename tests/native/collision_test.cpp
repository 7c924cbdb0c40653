#include <gtest/gtest.h>

#include <cmath>

#include "cloth.hpp"
#include "metric.hpp"

namespace nuno {
namespace {

ClothSettings tablecloth() {
    ClothSettings settings;
    settings.columns = 24;
    settings.rows = 24;
    settings.width = 1.6f;
    settings.height = 1.6f;
    settings.orientation = Orientation::Horizontal;
    settings.center = Vec3(0.05f, 1.2f, 0.0f);
    settings.pins = PinPreset::None;
    return settings;
}

void expectOutside(const Cloth& cloth, const Sphere& sphere, float margin, const char* when) {
    for (std::size_t i = 0; i < cloth.positions().size(); ++i) {
        const float distance = glm::length(cloth.positions()[i] - sphere.center);
        ASSERT_GE(distance, sphere.radius + margin - 1e-5f) << "particle " << i << " inside the sphere " << when;
    }
}

TEST(Collisions, NoParticleEndsAStepInsideASphereOrUnderTheGround) {
    const ClothSettings settings = tablecloth();
    Cloth cloth(settings);
    const Sphere sphere{Vec3(0, 0.5f, 0), 0.4f};
    const std::uint32_t sphereId = cloth.addCollider({sphere, 0.5f});
    cloth.addCollider({planeThrough(Vec3(0), Vec3(0, 1, 0)), 0.5f});
    float closest = 1e9f;
    for (int step = 0; step < 180; ++step) {
        cloth.stepFixed(1);
        expectOutside(cloth, sphere, settings.collisionMargin, "after a step");
        ASSERT_GE(cloth.lowestPoint(), settings.collisionMargin - 1e-5f);
        ASSERT_LT(glm::length(cloth.positions()[0] - settings.center), 2.0f) << "a particle was launched";
        for (const Vec3& p : cloth.positions()) closest = std::min(closest, glm::length(p - sphere.center));
    }
    test::metric("closest_to_sphere_center_m", closest, "m", "radius 0.4 + margin 0.005");
    EXPECT_LT(closest, sphere.radius + settings.collisionMargin + 1e-3f) << "the cloth never reached the sphere";
    EXPECT_LT(cloth.lowestPoint(), 0.05f) << "the cloth's edges should drape to the ground";

    // Move the sphere while running: still nothing inside it.
    const Sphere moved{Vec3(0.2f, 0.5f, 0.1f), 0.45f};
    cloth.updateCollider(sphereId, {moved, 0.5f});
    for (int step = 0; step < 30; ++step) {
        cloth.stepFixed(1);
        expectOutside(cloth, moved, settings.collisionMargin, "after moving it");
    }
    // Moving a collider onto the cloth pushes it aside without launching it (launched, the
    // 0.5 kg cloth would carry tens of joules).
    test::metric("kinetic_energy_after_moving_sphere_j", cloth.kineticEnergy(), "J");
    EXPECT_LT(cloth.kineticEnergy(), 0.5);

    // Without the sphere the cloth falls to the ground (and folds; self-collision is off here).
    const auto highestPoint = [&cloth] {
        float highest = -1e9f;
        for (const Vec3& p : cloth.positions()) highest = std::max(highest, p.y);
        return highest;
    };
    const float onTheSphere = highestPoint();
    cloth.removeCollider(sphereId);
    cloth.stepFixed(180);
    test::metric("highest_point_m", onTheSphere, "m", "on the sphere");
    test::metric("highest_point_m", highestPoint(), "m", "3 s after removing the sphere");
    EXPECT_LT(highestPoint(), onTheSphere - 0.4f);
    EXPECT_THROW(cloth.removeCollider(sphereId), std::invalid_argument);
}

// A small cloth laid just above a slope that descends toward -x, left for 1.5 s: how far it
// slid along x.
float slideDown(const ColliderShape& slope, const Vec3& clothCenter, float friction) {
    ClothSettings settings = tablecloth();
    settings.columns = 8;
    settings.rows = 8;
    settings.width = 0.3f;
    settings.height = 0.3f;
    settings.center = clothCenter;
    Cloth cloth(settings);
    cloth.addCollider({slope, friction});
    const float startX = cloth.positions()[0].x;
    cloth.stepFixed(90);
    return startX - cloth.positions()[0].x;
}

TEST(Collisions, FrictionHoldsClothOnASlope) {
    const Plane slope = planeThrough(Vec3(0), Vec3(-0.3f, 1, 0));  // y = 0.3 x
    const Vec3 justAbove(0, 0.08f, 0);
    const float slippery = slideDown(slope, justAbove, 0.0f);
    const float grippy = slideDown(slope, justAbove, 1.0f);
    test::metric("slide_on_slope_m", slippery, "m", "friction 0, 1.5 s");
    test::metric("slide_on_slope_m", grippy, "m", "friction 1, 1.5 s");
    EXPECT_GT(slippery, 0.2f);
    EXPECT_LT(grippy, 0.1f * slippery);
}

// The same on a box's top face, turned 20 degrees about z.
TEST(Collisions, FrictionHoldsClothOnATiltedBox) {
    const double halfTurn = 20.0 * M_PI / 360.0;
    const Box box{Vec3(0, 0.3f, 0), Vec3(1.0f, 0.3f, 1.0f), unitRotation({0, 0, std::sin(halfTurn), std::cos(halfTurn)})};
    const Vec3 justAbove(0, 0.61f, 0);
    const float slippery = slideDown(box, justAbove, 0.0f);
    const float grippy = slideDown(box, justAbove, 1.0f);
    test::metric("slide_on_box_m", slippery, "m", "friction 0, 1.5 s");
    test::metric("slide_on_box_m", grippy, "m", "friction 1, 1.5 s");
    EXPECT_GT(slippery, 0.15f);
    EXPECT_LT(grippy, 0.1f * slippery);
}

}  // namespace
}  // namespace nuno

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

#include "cloth.hpp"
#include "error_message.hpp"

namespace nuno {
namespace {

using test::errorMessageOf;

// A hanging 12 x 12 sheet with nothing pinned: its top edge is what gets attached.
ClothSettings hangingSheet() {
    ClothSettings settings;
    settings.columns = 12;
    settings.rows = 12;
    settings.pins = PinPreset::None;
    return settings;
}

std::vector<double> topEdge(const Cloth& cloth) {
    std::vector<double> particles;
    for (int column = 0; column < cloth.topology().grid.columns; ++column) particles.push_back(column);
    return particles;
}

// The rest positions of `particles`, moved by `offset`: x, y, z each.
std::vector<double> targetsAt(const Cloth& cloth, const std::vector<double>& particles, const Vec3& offset) {
    std::vector<double> targets;
    for (const double particle : particles) {
        const Vec3 target = cloth.restPositions()[static_cast<std::size_t>(particle)] + offset;
        targets.insert(targets.end(), {target.x, target.y, target.z});
    }
    return targets;
}

// The largest structural strain at the end of a frame, over `frames` 30 Hz frames (two steps
// each) of the edge moving at `velocity`, attached or held.
float largestStrainOver(Cloth& cloth, const std::vector<double>& edge, const Vec3& velocity, bool attach, int frames) {
    float largest = 0.0f;
    for (int frame = 1; frame <= frames; ++frame) {
        const Vec3 offset = velocity * (static_cast<float>(frame) * 2.0f * cloth.settings().stepSeconds);
        const std::vector<double> targets = targetsAt(cloth, edge, offset);
        if (attach) {
            cloth.attach(edge, targets);
        } else {
            for (std::size_t i = 0; i < edge.size(); ++i) {
                cloth.hold(static_cast<std::uint32_t>(edge[i]),
                           Vec3(targets[3 * i], targets[3 * i + 1], targets[3 * i + 2]));
            }
        }
        cloth.stepFixed(2);
        largest = std::max(largest, cloth.strain(Family::Structural).max);
    }
    return largest;
}

TEST(Attachments, AttachedParticlesEndEachCallAtTheirTargetsMovingAsTheyDo) {
    Cloth cloth(hangingSheet());
    const std::vector<double> edge = topEdge(cloth);
    const Vec3 poleVelocity(0.6f, 0.0f, 0.3f);  // m/s
    const float stepSeconds = cloth.settings().stepSeconds;
    for (int frame = 1; frame <= 20; ++frame) {
        const std::vector<double> targets = targetsAt(cloth, edge, poleVelocity * (2.0f * stepSeconds * static_cast<float>(frame)));
        EXPECT_EQ(cloth.attach(edge, targets), frame == 1) << "only the first call changes who is attached";
        cloth.stepFixed(2);
        for (std::size_t i = 0; i < edge.size(); ++i) {
            const auto particle = static_cast<std::size_t>(edge[i]);
            const Vec3 target(targets[3 * i], targets[3 * i + 1], targets[3 * i + 2]);
            ASSERT_EQ(cloth.positions()[particle], target) << "frame " << frame << ", particle " << particle;
            if (frame > 1) {
                const Vec3 velocity = cloth.particles().velocities[particle];
                ASSERT_LT(glm::length(velocity - poleVelocity), 1e-3f) << "frame " << frame << ": it moves as its target";
            }
            EXPECT_EQ(cloth.particles().inverseMasses[particle], 0.0f);
        }
    }
    // The sheet below follows the pole.
    const std::size_t bottomMiddle = cloth.topology().grid.index(6, 11);
    EXPECT_GT(cloth.positions()[bottomMiddle].x, cloth.restPositions()[bottomMiddle].x + 0.1f);

    // Let go, the edge keeps the pole's velocity for a moment instead of stopping dead.
    cloth.attach({}, {});
    EXPECT_GT(cloth.particles().inverseMasses[0], 0.0f);
    const Vec3 before = cloth.positions()[0];
    cloth.stepFixed(1);
    EXPECT_GT(cloth.positions()[0].x - before.x, 0.5f * poleVelocity.x * stepSeconds);
}

TEST(Attachments, AMovingEdgeStretchesTheClothLessThanHoldsThatJumpEachFrame) {
    // The same fast pole (3 m/s), 30 Hz frames of two steps: holds put the edge at each frame's
    // target in the first substep and stop it there, attachments spread the move over all 20
    // substeps. Measured: strain 0.196 held, 0.119 attached.
    const Vec3 fast(3.0f, 0.0f, 0.0f);
    Cloth held(hangingSheet());
    Cloth attached(hangingSheet());
    const float heldStrain = largestStrainOver(held, topEdge(held), fast, false, 15);
    const float attachedStrain = largestStrainOver(attached, topEdge(attached), fast, true, 15);
    EXPECT_LT(attachedStrain, 0.75f * heldStrain) << "held " << heldStrain << ", attached " << attachedStrain;
}

TEST(Attachments, ANewlyAttachedParticleStartsAtItsTargetAndResetLetsAllGo) {
    Cloth cloth(hangingSheet());
    const std::vector<double> corner{143};
    const std::vector<double> target{0.25, 1.5, 0.5};
    cloth.attach(corner, target);
    cloth.stepFixed(1);
    EXPECT_EQ(cloth.positions()[143], Vec3(0.25f, 1.5f, 0.5f));
    EXPECT_EQ(cloth.particles().velocities[143], Vec3(0.0f)) << "no motion from where it was";
    cloth.reset();
    EXPECT_TRUE(cloth.attachments().empty());
    EXPECT_GT(cloth.particles().inverseMasses[143], 0.0f);
}

TEST(Attachments, APinnedParticleAttachedAndLetGoStaysPinned) {
    ClothSettings settings = hangingSheet();
    settings.pins = PinPreset::TopCorners;
    Cloth cloth(settings);
    cloth.attach({0}, {0.0, 2.0, 0.0});
    cloth.stepFixed(2);
    cloth.attach({}, {});
    EXPECT_EQ(cloth.particles().inverseMasses[0], 0.0f);
    cloth.stepFixed(2);
    EXPECT_EQ(cloth.positions()[0], Vec3(0.0f, 2.0f, 0.0f)) << "pinned where the attachment left it";
}

TEST(Attachments, BadInputIsRefusedByName) {
    Cloth cloth(hangingSheet());
    const std::string particles = "nuno: 'particles' must be integers in [0, 143], each above the one before, got ";
    EXPECT_EQ(errorMessageOf([&] { cloth.attach({144}, {0, 0, 0}); }), particles + "144");
    EXPECT_EQ(errorMessageOf([&] { cloth.attach({1.5}, {0, 0, 0}); }), particles + "1.5");
    EXPECT_EQ(errorMessageOf([&] { cloth.attach({NAN}, {0, 0, 0}); }), particles + "NaN");
    EXPECT_EQ(errorMessageOf([&] { cloth.attach({3, 3}, {0, 0, 0, 0, 0, 0}); }), particles + "3 after 3");
    EXPECT_EQ(errorMessageOf([&] { cloth.attach({7, 5}, {0, 0, 0, 0, 0, 0}); }), particles + "5 after 7");
    EXPECT_EQ(errorMessageOf([&] { cloth.attach({3}, {0, 0}); }),
              "nuno: 'targets' must be x, y, z for each of the 1 particles, got 2 numbers");
    EXPECT_NE(errorMessageOf([&] { cloth.attach({3}, {0, INFINITY, 0}); }).find("nuno: 'targets' must"), std::string::npos);
    EXPECT_NE(errorMessageOf([&] { cloth.attach({3}, {0, 2e4, 0}); }).find("nuno: 'targets' must"), std::string::npos);
    EXPECT_TRUE(cloth.attachments().empty()) << "a refused call attaches nothing";
}

}  // namespace
}  // namespace nuno

#include <gtest/gtest.h>

#include "cloth.hpp"
#include "pins.hpp"

namespace nuno {
namespace {

TEST(Pins, PresetsHoldTheExpectedParticles) {
    const Grid grid{5, 4};
    EXPECT_EQ(pinnedParticles(grid, PinPreset::TopEdge, {}), (std::vector<std::uint32_t>{0, 1, 2, 3, 4}));
    EXPECT_EQ(pinnedParticles(grid, PinPreset::TopCorners, {}), (std::vector<std::uint32_t>{0, 4}));
    EXPECT_EQ(pinnedParticles(grid, PinPreset::LeftEdge, {}), (std::vector<std::uint32_t>{0, 5, 10, 15}));
    EXPECT_TRUE(pinnedParticles(grid, PinPreset::None, {}).empty());
    EXPECT_EQ(pinnedParticles(grid, PinPreset::Custom, {7, 3, 7}), (std::vector<std::uint32_t>{3, 7}));
}

TEST(Pins, PinnedParticlesStayPutWhileTheRestFalls) {
    ClothSettings settings;
    settings.columns = 12;
    settings.rows = 9;
    settings.orientation = Orientation::Horizontal;
    settings.pins = PinPreset::LeftEdge;
    Cloth cloth(settings);
    const std::vector<Vec3> start = cloth.positions();
    cloth.stepFixed(120);
    for (std::uint32_t i = 0; i < start.size(); ++i) {
        if (cloth.isPinned(i)) {
            EXPECT_EQ(cloth.positions()[i], start[i]) << "pinned particle " << i << " moved";
        }
    }
    // Held by its left edge, the horizontal sheet swings down on the right like a hinged flap.
    const std::uint32_t topRight = cloth.topology().grid.index(11, 0);
    EXPECT_LT(cloth.positions()[topRight].y, start[topRight].y - 0.2f);
}

TEST(Pins, PinAndUnpinWhileRunning) {
    ClothSettings settings;
    settings.columns = 8;
    settings.rows = 8;
    settings.pins = PinPreset::TopEdge;
    Cloth cloth(settings);
    const std::uint32_t corner = cloth.topology().grid.index(7, 7);
    cloth.stepFixed(30);
    cloth.pin(corner);
    const Vec3 held = cloth.positions()[corner];
    cloth.stepFixed(30);
    EXPECT_EQ(cloth.positions()[corner], held);

    // Let the whole top edge go: the cloth now hangs from the one corner and swings down.
    for (int column = 0; column < 8; ++column) cloth.unpin(cloth.topology().grid.index(column, 0));
    EXPECT_FALSE(cloth.isPinned(0));
    const float topBefore = cloth.positions()[0].y;
    cloth.stepFixed(30);
    EXPECT_LT(cloth.positions()[0].y, topBefore - 0.05f);
    EXPECT_EQ(cloth.positions()[corner], held);
    EXPECT_EQ(cloth.settings().pinnedParticles, (std::vector<std::uint32_t>{corner}));

    // Reset keeps the pins it has now and returns to the starting shape.
    cloth.reset();
    EXPECT_TRUE(cloth.isPinned(corner));
    EXPECT_FALSE(cloth.isPinned(0));
    EXPECT_THROW(cloth.pin(64), std::invalid_argument);
}

}  // namespace
}  // namespace nuno

namespace nuno {
namespace {

TEST(Holds, AHeldParticleStaysAtItsTargetAndPullsItsNeighbours) {
    ClothSettings settings;
    settings.columns = 10;
    settings.rows = 10;
    Cloth cloth(settings);
    const Grid& grid = cloth.topology().grid;
    const std::uint32_t corner = grid.index(9, 9);
    const std::uint32_t neighbour = grid.index(8, 8);
    const Vec3 target = cloth.positions()[corner] + Vec3(0.3f, 0.2f, 0.4f);
    const Vec3 neighbourStart = cloth.positions()[neighbour];
    cloth.hold(corner, target);
    cloth.stepFixed(30);
    EXPECT_EQ(cloth.positions()[corner], target);
    EXPECT_FALSE(cloth.isPinned(corner)) << "a hold is not a pin";
    EXPECT_GT(cloth.positions()[neighbour].z, neighbourStart.z + 0.2f) << "the neighbour follows the held corner";

    cloth.release(corner);
    cloth.stepFixed(30);
    EXPECT_LT(cloth.positions()[corner].y, target.y - 0.05f) << "released, the corner falls";
    EXPECT_THROW(cloth.hold(100, target), std::invalid_argument);
    EXPECT_THROW(cloth.hold(0, Vec3(NAN, 0, 0)), std::invalid_argument);
}

TEST(Holds, APinnedParticleDraggedAndReleasedStaysPinnedWhereItWasLeft) {
    ClothSettings settings;
    settings.columns = 6;
    settings.rows = 6;
    settings.pins = PinPreset::TopCorners;
    Cloth cloth(settings);
    const Vec3 moved = cloth.positions()[0] + Vec3(-0.2f, 0.1f, 0.0f);
    cloth.hold(0, moved);
    cloth.stepFixed(5);
    cloth.release(0);
    cloth.stepFixed(30);
    EXPECT_TRUE(cloth.isPinned(0));
    EXPECT_EQ(cloth.positions()[0], moved);

    cloth.hold(7, Vec3(0, 3, 0));
    cloth.reset();
    cloth.stepFixed(10);
    EXPECT_LT(cloth.positions()[7].y, 3.0f) << "reset lets go of every hold";
}

}  // namespace
}  // namespace nuno

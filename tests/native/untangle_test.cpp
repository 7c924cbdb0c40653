// Untangling (untangle.hpp): a cloth already crossed through itself works itself free.
#include <gtest/gtest.h>

#include <string>

#include "cloth.hpp"
#include "metric.hpp"

namespace nuno {
namespace {

constexpr float kSpacing = 0.02f;  // metres between neighbours
constexpr int kColumns = 24;
constexpr int kRows = 32;
constexpr int kFoldRow = kRows / 2 - 1;  // the lower layer's last row
constexpr float kHeight = 1.0f;          // of the lower layer, metres

// A sheet folded in half in the air, its upper half one spacing over the lower, as its rest
// shape; no gravity, so only self-collision and the constraints move it.
ClothSettings foldedSheetSettings() {
    ClothSettings settings;
    settings.columns = kColumns;
    settings.rows = kRows;
    settings.width = (kColumns - 1) * kSpacing;
    settings.height = (kRows - 1) * kSpacing;
    settings.pins = PinPreset::None;
    settings.gravity = Vec3(0.0f);
    settings.selfCollisionThickness = kSpacing;
    for (int row = 0; row < kRows; ++row) {
        const bool upper = row > kFoldRow;
        const int over = upper ? 2 * kFoldRow + 1 - row : row;
        for (int column = 0; column < kColumns; ++column) {
            settings.initialPositions.emplace_back(column * kSpacing, upper ? kHeight + kSpacing : kHeight,
                                                   over * kSpacing);
        }
    }
    return settings;
}

// A block of the upper layer held a spacing below the lower one for a few steps with
// self-collision off (a teleport; with it on, the untangling sends the lower layer round the
// held block), then let go with self-collision on: the steps until the crossings reach 0.
int stepsToUntangle(Cloth& cloth) {
    ClothSettings settings = cloth.settings();
    settings.selfCollisionThickness = 0.0f;
    cloth.configure(settings);
    std::vector<std::uint32_t> block;
    for (int row = kRows - 10; row < kRows - 6; ++row) {
        for (int column = 10; column < 14; ++column) block.push_back(static_cast<std::uint32_t>(row * kColumns + column));
    }
    for (const std::uint32_t particle : block) {
        const Vec3 above = cloth.positions()[particle];
        cloth.hold(particle, Vec3(above.x, kHeight - kSpacing, above.z));
    }
    cloth.stepFixed(5);
    for (const std::uint32_t particle : block) cloth.release(particle);
    settings.selfCollisionThickness = kSpacing;
    cloth.configure(settings);
    EXPECT_GT(cloth.selfCrossings(), 8u) << "the held block should have been pulled through the lower layer";
    for (int step = 1; step <= 120; ++step) {
        cloth.stepFixed(1);
        if (cloth.selfCrossings() == 0) return step;
    }
    return -1;
}

TEST(Untangling, ABlockPulledThroughALayerComesBackWithinTwoSeconds) {
    Cloth cloth(foldedSheetSettings());
    const int steps = stepsToUntangle(cloth);
    test::metric("untangle_steps", steps, "steps", "24 x 32 fold, a 4 x 4 block pulled through the lower layer");
    EXPECT_GT(steps, 0) << "still crossed after 2 s: " << cloth.selfCrossings() << " crossings";
}

}  // namespace
}  // namespace nuno

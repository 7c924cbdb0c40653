// Tearing (tearing.hpp): what tears, that the pieces come apart (bending goes with the edges it
// spans), that reset() mends to the bit, and that normals beside a tear are those at a patch edge.
#include <gtest/gtest.h>

#include <cmath>
#include <queue>

#include "cloth.hpp"
#include "colliders.hpp"
#include "differing_bits.hpp"
#include "metric.hpp"
#include "normals.hpp"
#include "patches.hpp"
#include "sheet.hpp"
#include "tearing.hpp"

namespace nuno {
namespace {

constexpr int kSide = 16;

ClothSettings pulledSheet(float tearStrain, Ordering ordering = Ordering::RedBlack) {
    ClothSettings settings;
    settings.columns = kSide;
    settings.rows = kSide;
    settings.pins = PinPreset::TopEdge;
    settings.tearStrain = tearStrain;
    settings.ordering = ordering;
    return settings;
}

// The bottom row held and drawn 1.2 m down over a second, then held there for another.
void pullBottomRowDown(Cloth& cloth) {
    const Grid& grid = cloth.topology().grid;
    const std::vector<Vec3> start = cloth.positions();
    for (int step = 1; step <= 120; ++step) {
        const float drop = 1.2f * static_cast<float>(std::min(step, 60)) / 60.0f;
        for (int column = 0; column < grid.columns; ++column) {
            const std::uint32_t particle = grid.index(column, grid.rows - 1);
            cloth.hold(particle, start[particle] - Vec3(0.0f, drop, 0.0f));
        }
        cloth.stepFixed(1);
    }
}

// The particles joined to the top row through structural and shear constraints that are whole.
std::vector<bool> joinedToTop(const Cloth& cloth) {
    const Grid& grid = cloth.topology().grid;
    const TornConstraints& torn = cloth.torn();
    std::vector<bool> joined(static_cast<std::size_t>(grid.particleCount()), false);
    std::queue<std::pair<int, int>> next;
    for (int column = 0; column < grid.columns; ++column) {
        joined[grid.index(column, 0)] = true;
        next.push({column, 0});
    }
    const auto visit = [&](int column, int row) {
        if (joined[grid.index(column, row)]) return;
        joined[grid.index(column, row)] = true;
        next.push({column, row});
    };
    while (!next.empty()) {
        const auto [column, row] = next.front();
        next.pop();
        for (int d = 0; d < kTearableDirections; ++d) {
            const auto direction = static_cast<Direction>(d);
            const GridOffset offset = offsetOf(direction);
            // Forward from here, and backward from the particle this direction starts at.
            if (startsConstraint(grid, direction, column, row) && !torn.isTorn(grid, direction, column, row)) {
                visit(column + offset.columns, row + offset.rows);
            }
            const int fromColumn = column - offset.columns;
            const int fromRow = row - offset.rows;
            if (fromColumn >= 0 && fromRow >= 0 && fromRow < grid.rows && startsConstraint(grid, direction, fromColumn, fromRow) &&
                !torn.isTorn(grid, direction, fromColumn, fromRow)) {
                visit(fromColumn, fromRow);
            }
        }
    }
    return joined;
}

bool allFinite(const std::vector<Vec3>& positions) {
    for (const Vec3& p : positions) {
        if (!std::isfinite(p.x) || !std::isfinite(p.y) || !std::isfinite(p.z)) return false;
    }
    return true;
}

TEST(Tearing, APulledSheetTearsInTwoAndThePiecesComeApart) {
    for (const Ordering ordering : {Ordering::RedBlack, Ordering::GaussSeidel, Ordering::Jacobi}) {
        Cloth cloth(pulledSheet(0.3f, ordering));
        pullBottomRowDown(cloth);
        const Grid& grid = cloth.topology().grid;
        EXPECT_TRUE(allFinite(cloth.positions()));
        EXPECT_GE(cloth.torn().count(), static_cast<std::size_t>(kSide)) << orderingName(ordering);
        const std::vector<bool> joined = joinedToTop(cloth);
        // The held row hangs on nothing: the lowest particle still joined to the top is far above it.
        float lowestJoined = 10.0f;
        for (std::uint32_t i = 0; i < joined.size(); ++i) {
            EXPECT_FALSE(joined[i] && i >= grid.index(0, grid.rows - 1)) << "the held row is still joined, " << orderingName(ordering);
            if (joined[i]) lowestJoined = std::min(lowestJoined, cloth.positions()[i].y);
        }
        // Unjoined, nothing pulls the top piece down: it hangs about as long as its rows at rest
        // (1 m / 15 a row); held together by bending across the tear, it was pulled 0.4 m longer.
        float highestLoose = -10.0f;
        for (std::uint32_t i = 0; i < joined.size(); ++i) {
            if (!joined[i]) highestLoose = std::max(highestLoose, cloth.positions()[i].y);
        }
        EXPECT_GT(lowestJoined - highestLoose, 0.3f) << orderingName(ordering);
    }
}

TEST(Tearing, NothingTearsWithTearStrainZero) {
    Cloth cloth(pulledSheet(0.0f));
    pullBottomRowDown(cloth);
    EXPECT_EQ(cloth.torn().count(), 0u);
    const std::vector<bool> joined = joinedToTop(cloth);
    for (const bool particle : joined) EXPECT_TRUE(particle);
}

TEST(Tearing, ATearIsForGoodUntilResetMendsItToTheBit) {
    Cloth torn(pulledSheet(0.3f));
    pullBottomRowDown(torn);
    const std::size_t count = torn.torn().count();
    ASSERT_GT(count, 0u);
    // Let go and step: nothing mends on its own.
    for (std::uint32_t i = 0; i < torn.positions().size(); ++i) torn.release(i);
    torn.stepFixed(30);
    EXPECT_GE(torn.torn().count(), count);

    torn.reset();
    EXPECT_EQ(torn.torn().count(), 0u);
    for (const std::uint8_t bits : torn.torn().bits()) EXPECT_EQ(bits, 0);
    Cloth fresh(pulledSheet(0.3f));
    torn.stepFixed(90);
    fresh.stepFixed(90);
    EXPECT_EQ(test::differingBits(torn.positions(), fresh.positions()), 0);
}

// A torn cloth keeps the rest: pins hold, colliders keep it out, self-collision keeps its layers
// apart, and nothing goes non-finite, while a corner drags it over a ball and tears it.
TEST(Tearing, ATornClothKeepsItsPinsCollidersAndSelfCollision) {
    ClothSettings settings;
    settings.columns = 24;
    settings.rows = 24;
    settings.orientation = Orientation::Horizontal;
    settings.center = Vec3(0.0f, 1.0f, 0.0f);
    settings.pins = PinPreset::TopCorners;
    settings.tearStrain = 0.25f;
    settings.selfCollisionThickness = 0.03f;
    Cloth cloth(settings);
    const Sphere ball{Vec3(0.0f, 0.5f, 0.0f), 0.3f};
    cloth.addCollider({ball, 0.5f});
    cloth.addCollider({planeThrough(Vec3(0), Vec3(0, 1, 0)), 0.5f});
    const Grid& grid = cloth.topology().grid;
    const std::uint32_t dragged = grid.index(12, 23);
    const std::vector<Vec3> start = cloth.positions();
    for (int step = 1; step <= 180; ++step) {
        if (step <= 60) cloth.hold(dragged, start[dragged] + Vec3(0.0f, -0.3f, 0.02f * static_cast<float>(step)));
        if (step == 61) cloth.release(dragged);
        cloth.stepFixed(1);
        ASSERT_TRUE(allFinite(cloth.positions())) << "step " << step;
    }
    EXPECT_GT(cloth.torn().count(), 10u);
    EXPECT_EQ(cloth.nonFiniteRecoveries(), 0u);
    for (const std::uint32_t pinned : cloth.model().pinned()) EXPECT_EQ(cloth.positions()[pinned], start[pinned]);
    EXPECT_GT(cloth.colliderClearance(), -1e-4f);
    EXPECT_EQ(cloth.selfIntersections(settings.selfCollisionThickness), 0u);
}

// A horizontal sheet of 12 x 12 (0.55 m, 50 mm a spacing) held flat, its halves drawn 20 mm
// apart in the first step so that the constraints between its two middle columns tear (90 mm
// long, 70 % over their rest length: short of the twice their size at which self-collision stops
// listing a triangle anyway) and open a slit one cell wide, 45 mm from the particles on either
// side. A second patch of the same size stands on its edge over the slit's middle, `gapAbove`
// over the sheet, self-collision 30 mm thick (so that on the GPUs, whose search for triangles
// starts from their corners within reach, the slit's are found too: tearing-scene.js's
// slitScene). Returns how far its highest particle is above the sheet after a second.
float edgeOverASlit(float gapAbove) {
    constexpr float kSheetHeight = 1.0f;
    constexpr float kSpacing = 0.05f;
    PatchLayout layout;
    layout.patchesAcross = 1;
    layout.patchesDown = 2;
    layout.patchColumns = 12;
    layout.patchRows = 12;
    layout.patchWidth = 11 * kSpacing;
    layout.patchHeight = 11 * kSpacing;
    std::vector<PatchPose> poses(2);
    poses[0].position = Vec3(0.0f, kSheetHeight, 0.0f);
    // Turned a quarter about z: its columns stand along y over the slit (x = 0), its rows along
    // z, half a cell along from the sheet's.
    const float halfAngle = std::acos(-1.0f) / 4.0f;  // radians
    poses[1].rotation = Vec4(0.0f, 0.0f, std::sin(halfAngle), std::cos(halfAngle));
    poses[1].position = Vec3(0.0f, kSheetHeight + gapAbove + 0.5f * layout.patchWidth, 0.5f * kSpacing);
    ClothSettings settings;
    settings.pins = PinPreset::None;
    placePatches(layout, poses, settings);
    settings.tearStrain = 0.3f;
    settings.selfCollisionThickness = 0.03f;
    Cloth cloth(settings);
    const Grid& grid = cloth.topology().grid;
    const std::vector<Vec3> start = cloth.positions();
    for (int column = 0; column < grid.columns; ++column) {
        for (int row = 0; row < layout.patchRows; ++row) {
            const std::uint32_t particle = grid.index(column, row);
            cloth.hold(particle, start[particle] + Vec3(column < 6 ? -0.02f : 0.02f, 0.0f, 0.0f));
        }
    }
    cloth.stepFixed(60);
    EXPECT_EQ(cloth.torn().count(), static_cast<std::size_t>(3 * layout.patchRows - 2));
    float highest = -1e9f;
    for (std::uint32_t i = grid.index(0, layout.patchRows); i < cloth.positions().size(); ++i) {
        highest = std::max(highest, cloth.positions()[i].y - kSheetHeight);
    }
    return highest;
}

// A triangle with a torn edge is a hole, not drawn and not in the way: a patch dropped onto a
// slit falls through it as through nothing. From 32 mm up, its edge meets the slit's triangles
// in the face pairs listed before the tear, which must drop them; from 80 mm, in pairs listed
// after it. Both fall alike, their tops 48 mm apart as they started (3.88 and 3.83 m below the
// sheet after a second). With the torn triangles listed they rested on the sheet (0.08 and 0.37 m
// up); listed until the list went stale, the first fell 2 m behind the second.
TEST(Tearing, APatchFallsThroughASlitTornInASheet) {
    const float fromNear = edgeOverASlit(0.032f);
    const float fromFar = edgeOverASlit(0.08f);
    test::metric("patch_through_slit_highest_m", fromNear, "m", "from 32 mm up");
    test::metric("patch_through_slit_highest_m", fromFar, "m", "from 80 mm up");
    EXPECT_LT(fromFar, -1.0f) << "it rests on the torn triangles";
    EXPECT_NEAR(fromNear - fromFar, -0.048f, 0.001f) << "the face pairs listed before the tear held it";
}

// With the constraints between two columns torn, the normals on either side are those of two
// patches side by side, whose edges meet there.
TEST(Tearing, NormalsBesideATearAreThoseAtAPatchEdge) {
    ClothSettings settings;
    settings.columns = 16;
    settings.rows = 9;
    settings.orientation = Orientation::Horizontal;
    const Grid whole{16, 9, 0, 0};
    const Grid halves{16, 9, 8, 0};
    std::vector<Vec3> wavy = initialPositions(settings);
    for (std::size_t i = 0; i < wavy.size(); ++i) wavy[i].y += 0.05f * std::sin(0.7f * static_cast<float>(i)) + 0.01f * static_cast<float>(i % 5);
    SplitVectors positions(SplitParticles::lengthFor(wavy.size()));
    const Band rows{0, 9};
    split(whole, wavy, positions, rows);
    TornConstraints torn(wavy.size());
    for (int row = 0; row < whole.rows; ++row) {
        for (const Direction direction : {Direction::Right, Direction::DiagonalDown, Direction::DiagonalUp}) {
            if (startsConstraint(whole, direction, 7, row)) torn.tear(whole, {direction, 7, row});
        }
    }
    SplitVectors tornNormals(positions.x.size());
    SplitVectors patchNormals(positions.x.size());
    computeNormals(whole, PatchEdges(whole), positions, tornNormals, rows);
    const SplitVectors untorn = tornNormals;
    normalsAtTears(whole, torn, positions, tornNormals);
    computeNormals(halves, PatchEdges(halves), positions, patchNormals, rows);
    std::vector<Vec3> expected(wavy.size()), actual(wavy.size()), before(wavy.size());
    unsplit(whole, patchNormals, expected, rows);
    unsplit(whole, tornNormals, actual, rows);
    unsplit(whole, untorn, before, rows);
    EXPECT_EQ(test::differingBits(actual, expected), 0);
    EXPECT_GT(test::differingBits(before, expected), 0) << "the tear should change the normals beside it";
}

}  // namespace
}  // namespace nuno

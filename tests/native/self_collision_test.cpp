// Self-collision on the CPU: the hash finds exactly the close pairs, rest neighbours are left
// alone, and a cloth dropped in a heap or draped on a sphere no longer passes through itself.
#include <gtest/gtest.h>

#include <cmath>
#include <random>
#include <set>
#include <utility>

#include "cloth.hpp"
#include "metric.hpp"
#include "patches.hpp"

namespace nuno {
namespace {

void expectHashFindsExactlyTheClosePairs(const std::vector<Vec3>& points, float reach) {
    SpatialHash hash;
    hash.build(points, reach);
    std::set<std::pair<std::uint32_t, std::uint32_t>> found;
    hash.forEachClosePair([&](std::uint32_t i, std::uint32_t j) {
        EXPECT_TRUE(found.insert({i, j}).second) << "pair " << i << ", " << j << " visited twice";
    });
    std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
    for (std::uint32_t i = 0; i < points.size(); ++i) {
        for (std::uint32_t j = i + 1; j < points.size(); ++j) {
            if (glm::dot(points[j] - points[i], points[j] - points[i]) < reach * reach) expected.insert({i, j});
        }
    }
    EXPECT_EQ(found, expected);
    EXPECT_GT(expected.size(), 100u);
}

// Scattered points: most cells hold one, and many buckets are shared by cells whose particles
// interleave (a cell split over runs).
TEST(SpatialHash, FindsExactlyThePairsCloserThanItsCellSizeAmongScatteredPoints) {
    std::mt19937 random(3);
    std::uniform_real_distribution<float> coordinate(-0.3f, 0.3f);
    std::vector<Vec3> points(3000);
    for (Vec3& p : points) p = Vec3(coordinate(random), coordinate(random), coordinate(random));
    expectHashFindsExactlyTheClosePairs(points, 0.02f);
}

// A rippled sheet, as the cloth is: a few particles to a cell, cells in long runs.
TEST(SpatialHash, FindsExactlyThePairsCloserThanItsCellSizeOnASheet) {
    const int side = 60;
    const float spacing = 0.01f;
    std::vector<Vec3> points;
    for (int row = 0; row < side; ++row) {
        for (int column = 0; column < side; ++column) {
            points.emplace_back(column * spacing, row * spacing, 0.03f * std::sin(0.4f * row) * std::cos(0.3f * column));
        }
    }
    expectHashFindsExactlyTheClosePairs(points, 2.0f * spacing);
}

// A sheet stood on its edge 0.6 m up, gathered into shallow waves so it buckles the same way
// every time: it lands, folds over and piles up.
ClothSettings heapSettings(int side) {
    ClothSettings settings;
    settings.columns = side;
    settings.rows = side;
    settings.width = 1.0f;
    settings.height = 1.0f;
    settings.pins = PinPreset::None;
    settings.selfCollisionFriction = 0.3f;
    for (int row = 0; row < side; ++row) {
        for (int column = 0; column < side; ++column) {
            const float across = static_cast<float>(column) / static_cast<float>(side - 1);
            const float down = static_cast<float>(row) / static_cast<float>(side - 1);
            settings.initialPositions.push_back(
                Vec3(across - 0.5f, 1.6f - down, 0.04f * std::sin(6.2831853f * 3.0f * down) + 0.02f * across));
        }
    }
    return settings;
}

struct Outcome {
    std::size_t closePairs;
    double kineticEnergy;
    float lowest;
};

// Drops the cloth on the floor (and the sphere, if any) for 3 s.
Outcome settle(ClothSettings settings, float thickness, float measuredThickness, const Sphere* sphere = nullptr) {
    settings.selfCollisionThickness = thickness;
    Cloth cloth(settings);
    cloth.addCollider({planeThrough(Vec3(0), Vec3(0, 1, 0)), 0.5f});
    if (sphere) cloth.addCollider({*sphere, 0.5f});
    cloth.stepFixed(180);
    return {cloth.selfIntersections(measuredThickness), cloth.kineticEnergy(), cloth.lowestPoint()};
}

// A 1 m sheet (64 x 64, 1.6 cm apart) stood on its edge falls and piles up (1 cm thickness); a
// 2 m one (3.2 cm apart) dropped over a 0.25 m ball held 0.8 m up folds where its sides hang
// and where they reach the floor (2 cm thickness, about the
// folds' own spacing). The bounds: with self-collision, at most a fiftieth (heap) and a tenth
// (drape) of the pairs found without it; measured 0 of 1,785 and 0 of 20.
TEST(SelfCollision, AHeapOnTheFloorAndADrapeOnASphereNoLongerPassThrough) {
    constexpr float heapThickness = 0.01f;
    const Outcome heapOff = settle(heapSettings(64), 0.0f, heapThickness);
    const Outcome heapOn = settle(heapSettings(64), heapThickness, heapThickness);
    ClothSettings drape = heapSettings(64);
    drape.initialPositions.clear();
    drape.width = 2.0f;
    drape.height = 2.0f;
    drape.orientation = Orientation::Horizontal;
    drape.center = Vec3(0.03f, 1.2f, 0.02f);
    const Sphere sphere{Vec3(0.0f, 0.8f, 0.0f), 0.25f};
    constexpr float drapeThickness = 0.02f;
    const Outcome drapeOff = settle(drape, 0.0f, drapeThickness, &sphere);
    const Outcome drapeOn = settle(drape, drapeThickness, drapeThickness, &sphere);
    test::metric("self_intersections", heapOff.closePairs, "pairs", "heap 64x64, self-collision off (pairs < 5 mm)");
    test::metric("self_intersections", heapOn.closePairs, "pairs", "heap 64x64, thickness 1 cm");
    test::metric("self_intersections", drapeOff.closePairs, "pairs", "drape 64x64 on a sphere, off (pairs < 1 cm)");
    test::metric("self_intersections", drapeOn.closePairs, "pairs", "drape 64x64 on a sphere, thickness 2 cm");
    test::metric("kinetic_energy_j", heapOn.kineticEnergy, "J", "heap after 3 s, 1 cm");
    EXPECT_GT(heapOff.closePairs, 500u) << "the heap should fold through itself without self-collision";
    EXPECT_LE(heapOn.closePairs, heapOff.closePairs / 50);
    EXPECT_GT(drapeOff.closePairs, 10u);
    EXPECT_LE(drapeOn.closePairs, drapeOff.closePairs / 10);
    EXPECT_LT(heapOn.kineticEnergy, 0.05) << "separation should not launch the heap";
    EXPECT_GE(heapOn.lowest, 0.004f);
}

TEST(SelfCollision, LeavesRestNeighboursAlone) {
    // Thickness of 2.85 grid spacings: every pair within it at rest is a neighbour, and pairs
    // three spacings apart stay farther, so a flat cloth in free fall moves exactly as without.
    ClothSettings settings = heapSettings(32);
    settings.initialPositions.clear();
    settings.orientation = Orientation::Vertical;
    settings.selfCollisionThickness = 2.85f / 31.0f;
    Cloth withIt(settings);
    settings.selfCollisionThickness = 0.0f;
    Cloth without(settings);
    withIt.stepFixed(20);
    without.stepFixed(20);
    EXPECT_EQ(withIt.positions(), without.positions());
}

TEST(SelfCollision, ThicknessIsHeldToFourGridSpacings) {
    ClothSettings settings = heapSettings(64);  // 1 m / 63 apart
    settings.selfCollisionThickness = 4.0f / 63.0f;
    EXPECT_NO_THROW(Cloth{settings});
    settings.selfCollisionThickness = 0.07f;
    try {
        Cloth cloth(settings);
        FAIL() << "accepted";
    } catch (const std::invalid_argument& error) {
        EXPECT_STREQ(error.what(),
                     "nuno: 'selfCollisionThickness' must be 0 or at most 4 particle spacings of this grid (0.06349207 m), got 0.07");
    }
}

// A step in which layers within reach of each other would approach by more than half the
// thickness in a substep takes more substeps (up to four times as many): the wavy sheet falling
// whole keeps its own 10, and takes more once its foot has landed and its upper layers fall onto
// the lower ones; without self-collision, 10 throughout.
TEST(SelfCollision, LayersApproachingFastTakeMoreSubsteps) {
    for (const float thickness : {0.0f, 0.005f}) {
        ClothSettings settings = heapSettings(16);
        settings.selfCollisionThickness = thickness;
        Cloth cloth(settings);
        cloth.addCollider({planeThrough(Vec3(0), Vec3(0, 1, 0)), 0.8f});
        cloth.stepFixed(15);  // falling whole, its foot 0.3 m above the floor
        EXPECT_EQ(cloth.substepsTaken(), 15u * 10u) << "thickness " << thickness;
        std::uint64_t most = 0;
        for (int step = 0; step < 60; ++step) {
            const std::uint64_t before = cloth.substepsTaken();
            cloth.stepFixed(1);
            most = std::max(most, cloth.substepsTaken() - before);
        }
        test::metric("most_substeps_a_step", static_cast<double>(most), "substeps",
                     "16 x 16 wavy sheet landing, thickness " + std::to_string(thickness));
        if (thickness > 0.0f) {
            EXPECT_GT(most, 10u);
            EXPECT_LE(most, 40u);
        } else {
            EXPECT_EQ(most, 10u);
        }
    }
}

TEST(SelfCollision, WorksWithEverySolverAndOrdering) {
    for (const SolverKind solver : {SolverKind::MassSpring, SolverKind::Pbd, SolverKind::Xpbd}) {
        for (const Ordering ordering : {Ordering::GaussSeidel, Ordering::RedBlack, Ordering::Jacobi}) {
            ClothSettings settings = heapSettings(24);
            settings.solver = solver;
            settings.ordering = ordering;
            const Outcome off = settle(settings, 0.0f, 0.02f);
            const Outcome on = settle(settings, 0.02f, 0.02f);
            const std::string label = std::string(solverName(solver)) + ", " + orderingName(ordering);
            test::metric("self_intersections_off_on", static_cast<double>(off.closePairs), "pairs", label + ", off");
            test::metric("self_intersections_off_on", static_cast<double>(on.closePairs), "pairs", label + ", 2 cm");
            EXPECT_LE(on.closePairs, std::max<std::size_t>(2, off.closePairs / 5)) << label;
            EXPECT_LT(on.kineticEnergy, 0.05) << label;
        }
    }
}

// Two horizontal papers of 8 x 8 (10 cm square, 14.3 mm apart), the upper one `heightAbove` the
// lower and shifted half a cell, so each of its particles is over the middle of a cell of the
// lower one (10.1 mm from its corners), moving at `upperVelocity`.
ClothSettings paperOverPaper(float heightAbove, const Vec3& upperVelocity, float thickness) {
    PatchLayout layout;
    layout.patchesAcross = 2;
    layout.patchesDown = 1;
    layout.patchColumns = 8;
    layout.patchRows = 8;
    layout.patchWidth = 0.1f;
    layout.patchHeight = 0.1f;
    const float halfCell = 0.5f * 0.1f / 7.0f;
    std::vector<PatchPose> poses(2);
    poses[0].position = Vec3(0.0f, 0.5f, 0.0f);
    poses[1].position = Vec3(halfCell, 0.5f + heightAbove, halfCell);
    poses[1].velocity = upperVelocity;
    ClothSettings settings;
    settings.pins = PinPreset::None;
    placePatches(layout, poses, settings);
    settings.selfCollisionThickness = thickness;
    return settings;
}

// The lower paper pinned, the upper one 23 mm above it thrown down at `speed`. Thickness 5 mm:
// particle pairs never come that close, so only the face pairs can stop the paper.
struct ThrownPaper {
    float lowestOver;  // metres above the lower paper: the lowest particle over it, at any step
    std::size_t crossings;
};

ThrownPaper throwPaperOntoPinnedPaper(float speed) {
    const ClothSettings settings = paperOverPaper(0.023f, Vec3(0.0f, -speed, 0.0f), 0.005f);
    Cloth cloth(settings);
    const Grid& grid = cloth.topology().grid;
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(grid.particleCount()); ++i) {
        if (grid.patchOf(i) == 0) cloth.pin(i);
    }
    ThrownPaper thrown{1e9f, 0};
    // A tenth of a second: it lands and settles, before its overhanging row and column drag it
    // off the edge of the lower paper.
    for (int step = 0; step < 6; ++step) {
        cloth.stepFixed(1);
        thrown.crossings = std::max(thrown.crossings, cloth.selfCrossings());
        for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(grid.particleCount()); ++i) {
            const Vec3& p = cloth.positions()[i];
            if (grid.patchOf(i) == 1 && std::abs(p.x) < 0.05f && std::abs(p.z) < 0.05f) {
                thrown.lowestOver = std::min(thrown.lowestOver, p.y - 0.5f);
            }
        }
    }
    return thrown;
}

// At 9 m/s a particle moves 15 mm a substep: from 8 mm above the lower paper to 7 mm below it
// in one. It is pushed back through, and the paper comes to rest on the lower one.
TEST(SelfCollision, APaperThrownThroughTheGapsOfAnotherIsStoppedOnIt) {
    for (const float speed : {3.0f, 9.0f}) {
        const ThrownPaper thrown = throwPaperOntoPinnedPaper(speed);
        test::metric("thrown_paper_lowest_mm", 1000.0 * thrown.lowestOver, "mm", std::to_string(speed) + " m/s");
        EXPECT_EQ(thrown.crossings, 0u) << speed << " m/s";
        EXPECT_GT(thrown.lowestOver, 0.0f) << speed << " m/s";
    }
}

// Two weightless papers, the upper 12 mm above the lower (thickness 10 mm), its particles over
// the lower one's cells. Held 8 mm below the lower paper for a few steps, the upper paper's face
// pairs learn that side; reset() puts it back above. The sides learnt before the reset must go
// with it, or the first step pushes the paper through to where it was.
TEST(SelfCollision, ResetForgetsTheSidesTheFacePairsHeld) {
    ClothSettings settings = paperOverPaper(0.012f, Vec3(0.0f), 0.01f);
    settings.gravity = Vec3(0.0f);
    Cloth cloth(settings);
    const Grid& grid = cloth.topology().grid;
    std::vector<std::uint32_t> upper;
    for (std::uint32_t i = 0; i < static_cast<std::uint32_t>(grid.particleCount()); ++i) {
        if (grid.patchOf(i) == 1) upper.push_back(i);
    }
    const std::vector<Vec3> rest = cloth.positions();
    for (const float below : {0.1f, 0.008f}) {  // out of reach first, so no pair is listed above
        for (const std::uint32_t i : upper) cloth.hold(i, Vec3(rest[i].x, 0.5f - below, rest[i].z));
        cloth.stepFixed(3);
    }
    cloth.reset();
    cloth.stepFixed(1);
    float lowest = 1e9f;
    for (const std::uint32_t i : upper) lowest = std::min(lowest, cloth.positions()[i].y - 0.5f);
    EXPECT_GT(lowest, 0.0f) << "the upper paper was pushed through the lower one";
}

}  // namespace
}  // namespace nuno

// No accepted input may drive the cloth to NaN, and should one still get through, the step is
// undone and counted. Also: what a cloth costs in memory, and how large a grid is accepted.
#include <gtest/gtest.h>
#include <malloc.h>

#include <cmath>
#include <functional>
#include <limits>
#include <string>

#include "cloth.hpp"
#include "error_message.hpp"
#include "metric.hpp"

namespace nuno {

// Reaches past validation: the only way left to make a step produce NaN, which the guard
// must catch. A friend of Cloth; nothing outside the native tests sees it.
struct ClothTestAccess {
    static ClothSettings& settings(Cloth& cloth) { return cloth.model_.settings_; }
};

namespace {

bool allFinite(const std::vector<Vec3>& vectors) {
    for (const Vec3& v : vectors) {
        if (!std::isfinite(v.x) || !std::isfinite(v.y) || !std::isfinite(v.z)) return false;
    }
    return true;
}

float maxSpeed(const Cloth& cloth) {
    float fastest = 0.0f;
    for (const Vec3& v : cloth.particles().velocities) fastest = std::max(fastest, glm::length(v));
    return fastest;
}

// An input at the edge of what validation accepts, and what is done with it.
struct BoundaryCase {
    const char* name;
    std::function<void(ClothSettings&)> settings;
    std::function<void(Cloth&)> act;  // between construction and stepping
};

void PrintTo(const BoundaryCase& c, std::ostream* out) { *out << c.name; }

class AcceptedBoundary : public ::testing::TestWithParam<BoundaryCase> {};

TEST_P(AcceptedBoundary, StaysFiniteWithoutTheGuard) {
    ClothSettings settings;
    settings.columns = 16;
    settings.rows = 16;
    GetParam().settings(settings);
    Cloth cloth(settings);
    GetParam().act(cloth);
    constexpr int kSteps = 600;
    for (int step = 0; step < kSteps; ++step) {
        cloth.stepFixed(1);
        ASSERT_EQ(cloth.nonFiniteRecoveries(), 0u) << "step " << step << " went non-finite";
    }
    EXPECT_TRUE(allFinite(cloth.positions()));
    EXPECT_TRUE(allFinite(cloth.particles().velocities));
    test::metric("boundary_max_speed", maxSpeed(cloth), "m/s", std::string(GetParam().name) + ", after 600 steps");
}

const auto noAction = [](Cloth&) {};
const auto slowestSubsteps = [](ClothSettings& s) {
    s.stepSeconds = 0.1f;
    s.maxFrameSeconds = 0.1f;
    s.substeps = 1;
};

INSTANTIATE_TEST_SUITE_P(
    IssueEightItemFive, AcceptedBoundary,
    ::testing::Values(
        // The lightest particle: 1e-6 kg/m^2 over 1 mm x 1 mm in 256 particles, 3.9e-15 kg.
        BoundaryCase{"lightest_particle",
                     [](ClothSettings& s) {
                         s.density = 1e-6f;
                         s.width = 1e-3f;
                         s.height = 1e-3f;
                     },
                     noAction},
        BoundaryCase{"lightest_particle_stiffest_springs",
                     [](ClothSettings& s) {
                         s.density = 1e-6f;
                         s.width = 1e-3f;
                         s.height = 1e-3f;
                         s.solver = SolverKind::MassSpring;
                         s.springConstant = 1e9f;
                     },
                     noAction},
        // damping * h = 5: the explicit 1 - c h was -4, and the cloth diverged.
        BoundaryCase{"damping_50_one_substep_of_0_1_s",
                     [](ClothSettings& s) {
                         slowestSubsteps(s);
                         s.damping = 50.0f;
                     },
                     noAction},
        // drag * h = 10 with the strongest wind.
        BoundaryCase{"drag_100_one_substep_of_0_1_s",
                     [](ClothSettings& s) {
                         slowestSubsteps(s);
                         s.windNormalDrag = 100.0f;
                         s.windTangentialDrag = 100.0f;
                         s.wind = Vec3(1000.0f, -1000.0f, 1000.0f);
                     },
                     noAction},
        BoundaryCase{"tangential_drag_100_no_damping",
                     [](ClothSettings& s) {
                         slowestSubsteps(s);
                         s.damping = 0.0f;
                         s.windNormalDrag = 0.0f;
                         s.windTangentialDrag = 100.0f;
                         s.wind = Vec3(3.0f, 0.0f, 1.0f);
                     },
                     noAction},
        BoundaryCase{"held_at_the_coordinate_limit", [](ClothSettings&) {},
                     [](Cloth& cloth) { cloth.hold(0, Vec3(kMaxCoordinateMetres, 0.0f, 0.0f)); }},
        BoundaryCase{"held_at_the_far_corner_pbd", [](ClothSettings& s) { s.solver = SolverKind::Pbd; },
                     [](Cloth& cloth) { cloth.hold(255, Vec3(-kMaxCoordinateMetres)); }},
        BoundaryCase{"held_at_the_far_corner_mass_spring", [](ClothSettings& s) { s.solver = SolverKind::MassSpring; },
                     [](Cloth& cloth) { cloth.hold(255, Vec3(-kMaxCoordinateMetres)); }},
        BoundaryCase{"plane_through_the_coordinate_limit", [](ClothSettings&) {},
                     [](Cloth& cloth) {
                         cloth.addCollider({planeThrough(glm::dvec3(0, kMaxCoordinateMetres, 0), glm::dvec3(0, 1, 0)), 0.5f});
                     }},
        BoundaryCase{"tilted_plane_through_the_far_corner", [](ClothSettings&) {},
                     [](Cloth& cloth) {
                         cloth.addCollider({planeThrough(glm::dvec3(kMaxCoordinateMetres), glm::dvec3(1, 1, 1)), 1.0f});
                     }},
        BoundaryCase{"largest_sphere_at_the_limit", [](ClothSettings&) {},
                     [](Cloth& cloth) {
                         cloth.addCollider({Sphere{Vec3(0, kMaxCoordinateMetres, 0), 1e4f}, 0.0f});
                     }},
        BoundaryCase{"strongest_gravity_free_fall",
                     [](ClothSettings& s) {
                         slowestSubsteps(s);
                         s.pins = PinPreset::None;
                         s.gravity = Vec3(1000.0f, -1000.0f, 1000.0f);
                         s.damping = 0.0f;
                     },
                     noAction}),
    [](const auto& info) { return std::string(info.param.name); });

// Inputs that produced NaN before and are now refused, each naming its setting.
TEST(AcceptedBoundary, InputsBeyondTheBoundaryAreRefusedByName) {
    const auto message = test::errorMessageOf;
    ClothSettings tiny;
    tiny.density = 1e-36f;
    EXPECT_EQ(message([&] { Cloth{tiny}; }), "nuno: 'density' must be a number in [1e-06, 1000], got 1e-36");
    tiny = ClothSettings{};
    tiny.width = 1e-30f;
    EXPECT_EQ(message([&] { Cloth{tiny}; }), "nuno: 'width' must be a number in [0.001, 1000], got 1e-30");

    Cloth cloth{ClothSettings{}};
    EXPECT_EQ(message([&] { cloth.hold(0, Vec3(1e20f, 0.0f, 0.0f)); }),
              "nuno: 'position' must be three finite numbers, each in [-10000, 10000], got [1e+20, 0, 0]");
    EXPECT_EQ(message([&] { planeThrough(glm::dvec3(0, 1e20, 0), glm::dvec3(0, 1, 0)); }),
              "nuno: plane 'point' must be three finite numbers, each in [-10000, 10000], got [0, 1e+20, 0]");
    EXPECT_EQ(message([&] { cloth.addCollider({Sphere{Vec3(0, 1e20f, 0), 1.0f}, 0.5f}); }),
              "nuno: sphere 'center' must be three finite numbers, each in [-10000, 10000], got [0, 1e+20, 0]");
    EXPECT_EQ(message([&] { cloth.addCollider({Plane{Vec3(0, 1, 0), 1e20f}, 0.5f}); }),
              "nuno: plane 'offset' must be a number in [-17321, 17321], got 1e+20");
}

// Whatever the rate and the step, damping keeps a share in (0, 1] of the velocity and drag takes
// up a share in [0, 1) of the relative wind: the velocity can only move toward the wind.
TEST(SubstepFactors, ExponentialDecayIsBoundedForAnyRate) {
    for (float rate : {0.0f, 0.1f, 2.0f, 20.0f, 50.0f, 100.0f}) {
        for (float h : {1e-6f, 1.0f / 600.0f, 0.1f}) {
            const SubstepFactors factors = substepFactors(Forces{Vec3(0), Vec3(0), rate, rate, rate}, h);
            EXPECT_EQ(factors.keep, static_cast<float>(std::exp(-static_cast<double>(rate) * h)));
            EXPECT_GT(factors.keep, 0.0f);
            EXPECT_LE(factors.keep, 1.0f);
            EXPECT_GE(factors.normalDragShare, 0.0f);
            EXPECT_LT(factors.normalDragShare, 1.0f);
            EXPECT_EQ(factors.normalDragShare, factors.tangentialDragShare);
            EXPECT_EQ(factors.hasWindDrag(), rate > 0.0f);
        }
    }
    // One particle, no gravity, at rest in a 10 m/s wind along its surface, the strongest drag
    // over the longest substep: it reaches 10 * (1 - exp(-10)) m/s, never past the wind.
    ClothSettings settings;
    settings.columns = 2;
    settings.rows = 2;
    settings.pins = PinPreset::None;
    settings.gravity = Vec3(0);
    settings.damping = 0.0f;
    settings.windTangentialDrag = 100.0f;
    settings.wind = Vec3(10.0f, 0.0f, 0.0f);
    settings.stepSeconds = 0.1f;
    settings.substeps = 1;
    Cloth cloth(settings);
    cloth.stepFixed(1);
    const float speed = cloth.particles().velocities[0].x;
    EXPECT_NEAR(speed, 10.0f * (1.0f - std::exp(-10.0f)), 1e-4f);
    EXPECT_LE(speed, 10.0f);
    test::metric("drag_100_speed_after_0_1_s", speed, "m/s", "wind 10 m/s; the explicit form gave 100 m/s and diverged");
}

TEST(NonFiniteGuard, UndoesTheStepCountsItAndCarriesOn) {
    ClothSettings settings;
    settings.columns = 8;
    settings.rows = 8;
    Cloth cloth(settings);
    cloth.stepFixed(5);
    const std::vector<Vec3> positions = cloth.positions();
    const std::vector<Vec3> velocities = cloth.particles().velocities;

    ClothTestAccess::settings(cloth).gravity.y = std::numeric_limits<float>::quiet_NaN();
    cloth.stepFixed(3);
    EXPECT_EQ(cloth.nonFiniteRecoveries(), 3u);
    EXPECT_EQ(cloth.stepsTaken(), 8u);
    EXPECT_EQ(cloth.positions(), positions) << "restored bit for bit to where the step began";
    EXPECT_EQ(cloth.particles().velocities, velocities);

    ClothTestAccess::settings(cloth).gravity.y = -9.81f;
    cloth.stepFixed(5);
    EXPECT_EQ(cloth.nonFiniteRecoveries(), 3u);
    EXPECT_NE(cloth.positions(), positions) << "once the cause is gone the cloth moves on";
    EXPECT_TRUE(allFinite(cloth.positions()));
}

// Bytes in use on the native heap, small blocks and mmapped ones.
std::size_t heapBytesInUse() {
    const struct mallinfo2 info = mallinfo2();
    return info.uordblks + info.hblkhd;
}

TEST(Memory, EstimateMatchesWhatAClothAllocates) {
    for (int side : {64, 256, 512}) {
        ClothSettings settings;
        settings.columns = side;
        settings.rows = side;
        const std::size_t before = heapBytesInUse();
        const Cloth cloth(settings);
        const double measured = static_cast<double>(heapBytesInUse() - before);
        const double estimated = static_cast<double>(Cloth::memoryBytes(settings));
        const double particles = static_cast<double>(side) * side;
        test::metric("cloth_bytes_per_particle", measured / particles, "bytes",
                     "measured, " + std::to_string(side) + "^2; estimate " + std::to_string(estimated / particles));
        EXPECT_NEAR(measured / estimated, 1.0, 0.05) << side << " x " << side;
    }
}

// Solver state is made when first used and let go when the settings stop using it, so a cloth
// that went through every ordering still keeps what memoryBytes says its settings need.
TEST(Memory, ChangingTheSolverKeepsOnlyWhatTheNewSettingsUse) {
    ClothSettings settings;
    settings.columns = 256;
    settings.rows = 256;
    const std::size_t before = heapBytesInUse();
    Cloth cloth(settings);
    const auto stepWith = [&](Ordering ordering, int iterations) {
        settings.ordering = ordering;
        settings.iterations = iterations;
        cloth.configure(settings);
        cloth.stepFixed(1);
        const double measured = static_cast<double>(heapBytesInUse() - before);
        return measured / static_cast<double>(Cloth::memoryBytes(settings));
    };
    EXPECT_NEAR(stepWith(Ordering::RedBlack, 3), 1.0, 0.05) << "red-black, XPBD over 3 iterations";
    EXPECT_NEAR(stepWith(Ordering::Jacobi, 1), 1.0, 0.05) << "Jacobi";
    EXPECT_NEAR(stepWith(Ordering::GaussSeidel, 2), 1.0, 0.05) << "Gauss-Seidel";
    EXPECT_NEAR(stepWith(Ordering::RedBlack, 1), 1.0, 0.05) << "back to red-black, one iteration";
}

// At the largest square grid the red-black cloth fits, but another ordering or XPBD iterated
// would not: the change is refused by its own name, and the cloth goes on as it was.
TEST(Memory, AChangeBeyondTheBudgetIsRefusedNamingTheSetting) {
    ClothSettings settings;
    while (Cloth::memoryBytes(settings) <= Cloth::kMaxClothBytes) ++settings.columns, ++settings.rows;
    --settings.columns, --settings.rows;
    Cloth cloth(settings);
    ClothSettings iterated = settings;
    iterated.iterations = 3;
    ClothSettings swept = settings;
    swept.ordering = Ordering::GaussSeidel;
    const std::string iterations = test::errorMessageOf([&] { cloth.configure(iterated); });
    EXPECT_NE(iterations.find("nuno: 'iterations' must be what this grid has the memory for (with it the cloth would keep about"),
              std::string::npos)
        << iterations;
    EXPECT_NE(iterations.find("got 3"), std::string::npos) << iterations;
    const std::string ordering = test::errorMessageOf([&] { cloth.configure(swept); });
    EXPECT_NE(ordering.find("nuno: 'ordering' must be what this grid has the memory for"), std::string::npos) << ordering;
    EXPECT_NE(ordering.find("got 'gauss-seidel'"), std::string::npos) << ordering;
    EXPECT_EQ(cloth.settings().iterations, 1);
    EXPECT_EQ(cloth.settings().ordering, Ordering::RedBlack);
}

TEST(Memory, GridsBeyondTheBudgetAreRefusedNamingTheMemory) {
    int largestSquare = 2;
    for (ClothSettings s; Cloth::memoryBytes(s) <= Cloth::kMaxClothBytes; ++s.columns, ++s.rows) {
        largestSquare = s.columns;
    }
    test::metric("largest_square_grid_side", largestSquare, "particles");
    EXPECT_GE(largestSquare, 1750);
    // The documentation of 'columns' says so.
    const std::string& note = documentedSettingsSchema().front().note;
    const std::string side = std::to_string(largestSquare);
    EXPECT_NE(note.find(side + " x " + side + " at most"), std::string::npos) << note;
    ClothSettings square;
    square.columns = square.rows = largestSquare;
    const auto bytesPerParticle = std::lround(static_cast<double>(Cloth::memoryBytes(square)) / square.particleCount());
    EXPECT_NE(note.find("about " + std::to_string(bytesPerParticle) + " bytes per particle"), std::string::npos) << note;

    ClothSettings settings;
    settings.columns = 4096;
    settings.rows = 4096;
    try {
        Cloth cloth(settings);
        FAIL() << "4096 x 4096 needs about 5 GB";
    } catch (const std::invalid_argument& error) {
        const std::string message = error.what();
        EXPECT_NE(message.find("'columns * rows' must be at most about 31"), std::string::npos) << message;
        EXPECT_NE(message.find("1024 MiB of the 2 GiB WebAssembly heap"), std::string::npos) << message;
        const auto mebibytes = static_cast<long>(std::lround(static_cast<double>(Cloth::memoryBytes(settings)) / (1 << 20)));
        EXPECT_NE(message.find("got 16777216, which needs about " + std::to_string(mebibytes) + " MiB"), std::string::npos)
            << message;
    }
}

TEST(Planes, NormalsAreNormalisedInDoubleAndErrorsNameTheirField) {
    const Plane far = planeThrough(glm::dvec3(0), glm::dvec3(1e20, 0, 0));
    EXPECT_EQ(far.normal, Vec3(1, 0, 0)) << "float32 overflowed 1e20^2 and stored a zero normal";
    EXPECT_EQ(planeThrough(glm::dvec3(0, 2, 0), glm::dvec3(0, 1e-300, 0)).offset, 2.0f);
    EXPECT_EQ(planeThrough(glm::dvec3(0), glm::dvec3(-1e308, 0, 0)).normal, Vec3(-1, 0, 0));
    try {
        planeThrough(glm::dvec3(0, INFINITY, 0), glm::dvec3(0, 1, 0));
        FAIL();
    } catch (const std::invalid_argument& error) {
        EXPECT_STREQ(error.what(),
                     "nuno: plane 'point' must be three finite numbers, each in [-10000, 10000], got [0, Infinity, 0]");
    }
    try {
        planeThrough(glm::dvec3(0), glm::dvec3(0));
        FAIL();
    } catch (const std::invalid_argument& error) {
        EXPECT_STREQ(error.what(), "nuno: plane 'normal' must be a non-zero vector of three finite numbers, got [0, 0, 0]");
    }
    Cloth cloth{ClothSettings{}};
    EXPECT_THROW(cloth.addCollider({Plane{Vec3(0), 0.0f}, 0.5f}), std::invalid_argument) << "a hand-built zero normal";
}

TEST(RunTimeChanges, AGridChangeIsNamedBeforeWhatItWouldInvalidate) {
    ClothSettings settings;
    settings.columns = 4;
    settings.rows = 4;
    settings.pins = PinPreset::None;
    Cloth cloth(settings);
    cloth.pin(15);
    ClothSettings next = cloth.settings();
    next.columns = 3;
    try {
        cloth.configure(next);
        FAIL();
    } catch (const std::invalid_argument& error) {
        EXPECT_STREQ(error.what(),
                     "nuno: 'columns' shapes the grid and cannot change on a running cloth; create a new cloth");
    }
}

}  // namespace
}  // namespace nuno

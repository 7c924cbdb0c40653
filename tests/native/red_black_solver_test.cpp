// The four-at-a-time red-black passes against the plainest way to run them: each pass of the
// topology one constraint at a time, in float, with a multiplier per constraint. A pass's
// constraints share no particle, so the two must agree to the bit, whatever the grid's width
// (whole chunks, rows cut short, grids narrower than a window), its patches, pins and
// coincident particles, for the three solvers and for XPBD iterated.
#include <gtest/gtest.h>

#include <random>

#include "sweep.hpp"
#include "tearing.hpp"
#include "differing_bits.hpp"
#include "constrain.hpp"
#include "settings.hpp"
#include "sheet.hpp"
#include "topology.hpp"

namespace nuno {
namespace {

SolverParameters parametersFor(SolverKind solver) {
    SolverParameters parameters{solver, Ordering::RedBlack, 1.0f, 100.0f, 0.01f, {}};
    parameters.families[0] = {};  // the defaults: compliance 0, stiffness 1
    parameters.families[1].compliance = 1e-6f;
    parameters.families[1].stiffness = 0.5f;
    parameters.families[1].stretch = 0.7f;
    parameters.families[1].shrink = 0.3f;
    parameters.families[2].compliance = 1e-3f;
    parameters.families[2].stiffness = 0.1f;
    parameters.families[2].stretch = 0.2f;
    parameters.families[2].shrink = 0.1f;
    return parameters;
}

// The grid as ClothSettings (the rest left at their defaults), whose initialPositions are the rest shape.
ClothSettings settingsOf(const Grid& grid) {
    ClothSettings settings;
    settings.columns = grid.columns;
    settings.rows = grid.rows;
    settings.patchColumns = grid.patchColumns;
    settings.patchRows = grid.patchRows;
    return settings;
}

// The rest shape pushed about, a few particles pinned, two made to coincide.
Particles disturbed(const std::vector<Vec3>& rest, std::uint32_t seed) {
    std::mt19937 random(seed);
    std::uniform_real_distribution<float> push(-0.02f, 0.02f);
    Particles particles;
    particles.positions = rest;
    for (Vec3& position : particles.positions) position += Vec3(push(random), push(random), push(random));
    particles.inverseMasses.assign(rest.size(), 100.0f);
    for (std::size_t i = 0; i < rest.size(); i += 7) particles.inverseMasses[i] = 0.0f;
    if (rest.size() > 3) particles.positions[3] = particles.positions[2];
    return particles;
}

void oneConstraintAtATime(const Topology& topology, Particles& particles, SolverKind solver, const FamilyRules& rules,
                          int iterations) {
    std::vector<float> lambdas(topology.constraints.size(), 0.0f);
    withKind(solver, [&](auto kind) {
        for (int iteration = 0; iteration < iterations; ++iteration) {
            for (const ConstraintPass& pass : topology.passes) {
                for (std::uint32_t i = pass.begin; i < pass.end; ++i) {
                    const DistanceConstraint& c = topology.constraints[i];
                    if (c.restLength < 0.0f) continue;  // torn
                    const float firstInverseMass = particles.inverseMasses[c.first];
                    const float secondInverseMass = particles.inverseMasses[c.second];
                    const Vec3 shift = pairShift<kind.value>(
                        particles.positions[c.first], particles.positions[c.second], c.restLength, firstInverseMass,
                        secondInverseMass, rules[static_cast<int>(c.family)], 1.0f, lambdas[i]);
                    particles.positions[c.first] += shift * firstInverseMass;
                    particles.positions[c.second] -= shift * secondInverseMass;
                }
            }
        }
    });
}

void fourAtATime(const Topology& topology, const std::vector<Vec3>& rest, Particles& particles, SolverKind solver,
                 const FamilyRules& rules, int iterations, const std::vector<Tear>& torn = {}) {
    RedBlackSolver passes(topology, restLengthsByDirection(topology.grid, rest));
    for (const Tear& tear : torn) passes.setRestLength(topology.grid, tear.direction, tear.column, tear.row, -1.0f);
    ClothSettings settings;
    settings.solver = solver;
    settings.iterations = iterations;
    passes.beginSubstep(settings);
    const Grid& grid = topology.grid;
    const Band rows{0, static_cast<std::size_t>(grid.rows)};
    SplitParticles split(particles.size());
    nuno::split(grid, particles.positions, split.positions, rows);
    nuno::split(grid, particles.inverseMasses, split.inverseMasses, rows);
    for (int iteration = 0; iteration < iterations; ++iteration) {
        for (const ConstraintPass& pass : topology.passes) {
            passes.solvePass(split, pass.direction, pass.colour, solver, rules[static_cast<int>(familyOf(pass.direction))]);
        }
    }
    unsplit(grid, split.positions, particles.positions, rows);
}

TEST(RedBlackSolver, FourAtATimeIsBitForBitOneAtATime) {
    const Grid cases[] = {{2, 2, 0, 0},  {3, 5, 0, 0},   {7, 4, 0, 0},   {8, 8, 0, 0},    {9, 11, 0, 0},
                          {17, 6, 0, 0}, {32, 32, 0, 0}, {33, 19, 0, 0}, {24, 16, 8, 8},  {40, 12, 10, 4},
                          {18, 18, 3, 6}, {64, 9, 64, 3}};
    for (const Grid& grid : cases) {
        const std::vector<Vec3> rest = initialPositions(settingsOf(grid));
        const Topology topology = buildTopology(grid, restLengthsByDirection(grid, rest));
        for (SolverKind solver : {SolverKind::MassSpring, SolverKind::Pbd, SolverKind::Xpbd}) {
            const FamilyRules rules = rulesFor(parametersFor(solver), 1.0f / 600.0f);
            for (int iterations : {1, 3}) {
                Particles expected = disturbed(rest, 7u * static_cast<std::uint32_t>(grid.columns) + grid.rows);
                Particles actual = expected;
                const std::vector<Vec3> start = expected.positions;
                oneConstraintAtATime(topology, expected, solver, rules, iterations);
                fourAtATime(topology, rest, actual, solver, rules, iterations);
                EXPECT_EQ(test::differingBits(actual.positions, expected.positions), 0)
                    << grid.columns << " x " << grid.rows << " in patches of " << grid.patchColumns << " x "
                    << grid.patchRows << ", solver " << static_cast<int>(solver) << ", " << iterations << " iterations";
                EXPECT_GT(test::differingBits(expected.positions, start), grid.columns * grid.rows / 2)
                    << "the passes moved almost nothing";
            }
        }
    }
}

// Constraints taken out (torn) in both, a third of them in every direction, rows and runs cut
// short included: the lanes found for each by setRestLength are the ones that hold it.
TEST(RedBlackSolver, TornConstraintsAreLeftOutAsOneAtATimeLeavesThem) {
    const Grid cases[] = {{2, 2, 0, 0}, {7, 4, 0, 0}, {9, 11, 0, 0}, {33, 19, 0, 0}, {24, 16, 8, 8}, {18, 18, 3, 6}};
    for (const Grid& grid : cases) {
        const std::vector<Vec3> rest = initialPositions(settingsOf(grid));
        Topology topology = buildTopology(grid, restLengthsByDirection(grid, rest));
        std::vector<Tear> torn;
        std::mt19937 random(static_cast<std::uint32_t>(grid.columns * 31 + grid.rows));
        forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
            if (random() % 3 == 0) torn.push_back({direction, column, row});
        });
        for (const Tear& tear : torn) setRestLength(topology, tear.direction, tear.column, tear.row, -1.0f);
        const FamilyRules rules = rulesFor(parametersFor(SolverKind::Xpbd), 1.0f / 600.0f);
        Particles expected = disturbed(rest, 11u * static_cast<std::uint32_t>(grid.columns) + grid.rows);
        Particles actual = expected;
        Particles untorn = expected;
        oneConstraintAtATime(topology, expected, SolverKind::Xpbd, rules, 1);
        fourAtATime(topology, rest, actual, SolverKind::Xpbd, rules, 1, torn);
        fourAtATime(topology, rest, untorn, SolverKind::Xpbd, rules, 1);
        EXPECT_EQ(test::differingBits(actual.positions, expected.positions), 0)
            << grid.columns << " x " << grid.rows << " in patches of " << grid.patchColumns << " x " << grid.patchRows;
        EXPECT_GT(test::differingBits(untorn.positions, expected.positions), 0) << "tearing changed nothing";
    }
}

}  // namespace
}  // namespace nuno

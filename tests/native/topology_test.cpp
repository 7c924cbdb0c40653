#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <set>
#include <vector>

#include "cloth.hpp"

namespace nuno {
namespace {

struct GridCase {
    int columns;
    int rows;
};

void PrintTo(const GridCase& grid, std::ostream* out) { *out << grid.columns << "x" << grid.rows; }

class TopologyTest : public ::testing::TestWithParam<GridCase> {};

Cloth flatCloth(int columns, int rows, float width, float height) {
    ClothSettings settings;
    settings.columns = columns;
    settings.rows = rows;
    settings.width = width;
    settings.height = height;
    return Cloth(settings);
}

TEST_P(TopologyTest, CountsEachFamilyFromTheGridShape) {
    const auto [c, r] = GetParam();
    const Cloth cloth = flatCloth(c, r, 1.0f, 1.0f);
    const Topology& topology = cloth.topology();
    EXPECT_EQ(cloth.positions().size(), static_cast<std::size_t>(c * r));
    EXPECT_EQ(constraintCount(topology.grid, Family::Structural), static_cast<std::size_t>((c - 1) * r + c * (r - 1)));
    EXPECT_EQ(constraintCount(topology.grid, Family::Shear), static_cast<std::size_t>(2 * (c - 1) * (r - 1)));
    EXPECT_EQ(constraintCount(topology.grid, Family::Bending),
              static_cast<std::size_t>(std::max(c - 2, 0) * r + c * std::max(r - 2, 0)));
    EXPECT_EQ(topology.triangleIndices.size(), static_cast<std::size_t>(6 * (c - 1) * (r - 1)));
    // The constraints the CPU solves are the ones the grid counts.
    for (const Family family : {Family::Structural, Family::Shear, Family::Bending}) {
        const auto built = std::count_if(topology.constraints.begin(), topology.constraints.end(),
                                         [family](const DistanceConstraint& constraint) { return constraint.family == family; });
        EXPECT_EQ(static_cast<std::size_t>(built), constraintCount(topology.grid, family));
    }
}

TEST_P(TopologyTest, NoParticleAppearsTwiceInOnePass) {
    const auto [c, r] = GetParam();
    const Cloth cloth = flatCloth(c, r, 1.0f, 1.0f);
    const Topology& topology = cloth.topology();
    std::size_t covered = 0;
    for (const ConstraintPass& pass : topology.passes) {
        std::set<std::uint32_t> seen;
        for (std::uint32_t i = pass.begin; i < pass.end; ++i) {
            const DistanceConstraint& constraint = topology.constraints[i];
            EXPECT_EQ(constraint.family, familyOf(pass.direction));
            EXPECT_TRUE(seen.insert(constraint.first).second) << "particle " << constraint.first << " twice";
            EXPECT_TRUE(seen.insert(constraint.second).second) << "particle " << constraint.second << " twice";
        }
        covered += pass.end - pass.begin;
    }
    EXPECT_EQ(covered, topology.constraints.size());
    // Gauss-Seidel visits each constraint exactly once.
    std::set<std::uint32_t> visited(topology.gaussSeidelOrder.begin(), topology.gaussSeidelOrder.end());
    EXPECT_EQ(visited.size(), topology.constraints.size());
    EXPECT_EQ(topology.gaussSeidelOrder.size(), topology.constraints.size());
}

// The order maps sweep position to grouped index (not the inverse): following it visits the
// constraints by start particle, each one's directions in table order.
TEST_P(TopologyTest, GaussSeidelOrderRunsByStartParticle) {
    const auto [c, r] = GetParam();
    const Cloth cloth = flatCloth(c, r, 1.0f, 1.0f);
    const Topology& topology = cloth.topology();
    auto directionOf = [&topology](std::uint32_t index) {
        for (const ConstraintPass& pass : topology.passes) {
            if (index >= pass.begin && index < pass.end) return static_cast<int>(pass.direction);
        }
        return -1;
    };
    for (std::size_t k = 1; k < topology.gaussSeidelOrder.size(); ++k) {
        const std::uint32_t before = topology.gaussSeidelOrder[k - 1];
        const std::uint32_t now = topology.gaussSeidelOrder[k];
        const std::uint32_t startBefore = topology.constraints[before].first;
        const std::uint32_t startNow = topology.constraints[now].first;
        ASSERT_LE(startBefore, startNow) << "position " << k;
        if (startBefore == startNow) {
            ASSERT_LT(directionOf(before), directionOf(now)) << "position " << k;
        }
    }
}

TEST_P(TopologyTest, CountsTheConstraintsOfEachParticle) {
    const auto [c, r] = GetParam();
    const Cloth cloth = flatCloth(c, r, 1.0f, 1.0f);
    const Topology& topology = cloth.topology();
    std::vector<float> counted(static_cast<std::size_t>(c * r), 0.0f);
    for (const DistanceConstraint& constraint : topology.constraints) {
        counted[constraint.first] += 1.0f;
        counted[constraint.second] += 1.0f;
    }
    EXPECT_EQ(topology.constraintCounts, counted);
    // Four structural, four shear and four bending neighbours away from the edges.
    if (c >= 5 && r >= 5) {
        EXPECT_EQ(topology.constraintCounts[topology.grid.index(2, 2)], 12.0f);
    }
}

INSTANTIATE_TEST_SUITE_P(Grids, TopologyTest,
                         ::testing::Values(GridCase{2, 2}, GridCase{3, 5}, GridCase{7, 4}, GridCase{32, 32},
                                           GridCase{64, 17}),
                         [](const auto& info) {
                             return std::to_string(info.param.columns) + "x" + std::to_string(info.param.rows);
                         });

TEST(Topology, RestLengthsFollowTheSpacingOfANonSquareSheet) {
    // 5 columns over 2 m (0.5 m apart), 3 rows over 0.6 m (0.3 m apart).
    const Cloth cloth = flatCloth(5, 3, 2.0f, 0.6f);
    const float dx = 0.5f;
    const float dy = 0.3f;
    for (const ConstraintPass& pass : cloth.topology().passes) {
        const GridOffset offset = offsetOf(pass.direction);
        const float expected = std::hypot(offset.columns * dx, offset.rows * dy);
        for (std::uint32_t i = pass.begin; i < pass.end; ++i) {
            EXPECT_NEAR(cloth.topology().constraints[i].restLength, expected, 1e-6f);
        }
    }
}

TEST(Topology, RestLengthsComeFromACurvedStartingShape) {
    ClothSettings settings;
    settings.columns = 9;
    settings.rows = 4;
    for (int row = 0; row < settings.rows; ++row) {
        for (int column = 0; column < settings.columns; ++column) {
            const float angle = 0.3f * static_cast<float>(column);  // an arc of radius 1
            settings.initialPositions.push_back(Vec3(std::sin(angle), -0.1f * static_cast<float>(row), std::cos(angle)));
        }
    }
    settings.pins = PinPreset::None;
    settings.gravity = Vec3(0);
    Cloth cloth(settings);
    const float chord = 2.0f * std::sin(0.15f);
    const ConstraintPass& right = cloth.topology().passes[0];
    EXPECT_NEAR(cloth.topology().constraints[right.begin].restLength, chord, 1e-6f);
    // Without gravity or wind the arc is at rest and keeps its shape.
    cloth.stepFixed(60);
    for (std::size_t i = 0; i < cloth.positions().size(); ++i) {
        EXPECT_NEAR(glm::length(cloth.positions()[i] - settings.initialPositions[i]), 0.0f, 1e-5f);
    }
}

TEST(Topology, ColouringUsesPeriodFourForSkipOneBending) {
    EXPECT_EQ(colourOf(Direction::SkipRight, 0, 0), colourOf(Direction::SkipRight, 1, 0));
    EXPECT_NE(colourOf(Direction::SkipRight, 0, 0), colourOf(Direction::SkipRight, 2, 0));
    EXPECT_NE(colourOf(Direction::Right, 0, 0), colourOf(Direction::Right, 1, 0));
    EXPECT_NE(colourOf(Direction::SkipDown, 5, 1), colourOf(Direction::SkipDown, 5, 3));
}

}  // namespace
}  // namespace nuno

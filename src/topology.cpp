#include "topology.hpp"

#include <algorithm>

namespace nuno {

const char* familyName(Family family) {
    switch (family) {
        case Family::Structural: return "structural";
        case Family::Shear: return "shear";
        case Family::Bending: return "bending";
    }
    return "?";
}

std::size_t constraintCount(const Grid& grid, Family family) {
    std::size_t count = 0;
    forEachConstraintStart(grid, [&](Direction direction, int, int) { count += familyOf(direction) == family ? 1 : 0; });
    return count;
}

std::vector<std::uint32_t> triangleIndicesOf(const Grid& grid) {
    std::vector<std::uint32_t> indices;
    indices.reserve(static_cast<std::size_t>((grid.columns - 1) * (grid.rows - 1) * 6));
    for (int row = 0; row + 1 < grid.rows; ++row) {
        if (row == grid.patchEndRow(row)) continue;  // its cells would join two patches
        for (int column = 0; column + 1 < grid.columns; ++column) {
            if (column == grid.patchEndColumn(column)) continue;
            const std::uint32_t topLeft = grid.index(column, row);
            const std::uint32_t topRight = grid.index(column + 1, row);
            const std::uint32_t bottomLeft = grid.index(column, row + 1);
            const std::uint32_t bottomRight = grid.index(column + 1, row + 1);
            indices.insert(indices.end(), {topLeft, bottomLeft, topRight, topRight, bottomLeft, bottomRight});
        }
    }
    return indices;
}

Topology buildTopology(const Grid& grid, const std::vector<float>& restLengthsByDirection) {
    Topology topology;
    topology.grid = grid;

    // Grouped by pass with a counting sort: one sweep counts each pass's constraints, the next
    // puts each straight into its place, so each pass keeps the natural order (start particle,
    // then direction) and nothing holds the constraints twice (a 1024 x 1024 grid has 6.3
    // million of them).
    std::array<std::uint32_t, kPassCount> nextInPass{};
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        ++nextInPass[static_cast<std::size_t>(passIndex(direction, colourOf(direction, column, row)))];
    });
    std::uint32_t passBegin = 0;
    for (int pass = 0; pass < kPassCount; ++pass) {
        const std::uint32_t count = nextInPass[static_cast<std::size_t>(pass)];
        topology.passes[pass] = {static_cast<Direction>(pass / kColourCount), pass % kColourCount, passBegin,
                                 passBegin + count};
        nextInPass[static_cast<std::size_t>(pass)] = passBegin;
        passBegin += count;
    }
    topology.constraints.resize(passBegin);
    topology.gaussSeidelOrder.resize(passBegin);
    std::uint32_t natural = 0;
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        const std::uint32_t first = grid.index(column, row);
        const std::uint32_t second = secondOf(grid, direction, column, row);
        const float restLength = restLengthsByDirection[first * kRestLengthsPerParticle + static_cast<std::size_t>(direction)];
        const std::uint32_t place =
            nextInPass[static_cast<std::size_t>(passIndex(direction, colourOf(direction, column, row)))]++;
        topology.constraints[place] = {first, second, restLength, familyOf(direction)};
        topology.gaussSeidelOrder[natural++] = place;
    });
    topology.constraintCounts.assign(static_cast<std::size_t>(grid.particleCount()), 0.0f);
    for (const DistanceConstraint& constraint : topology.constraints) {
        topology.constraintCounts[constraint.first] += 1.0f;
        topology.constraintCounts[constraint.second] += 1.0f;
    }
    topology.triangleIndices = triangleIndicesOf(grid);
    return topology;
}

void setRestLength(Topology& topology, Direction direction, int column, int row, float restLength) {
    const ConstraintPass& pass = topology.passes[passIndex(direction, colourOf(direction, column, row))];
    // A pass keeps its constraints in order of their first particle.
    const std::uint32_t first = topology.grid.index(column, row);
    const auto begin = topology.constraints.begin() + pass.begin;
    const auto found = std::lower_bound(begin, topology.constraints.begin() + pass.end, first,
                                        [](const DistanceConstraint& constraint, std::uint32_t particle) {
                                            return constraint.first < particle;
                                        });
    found->restLength = restLength;
}

std::vector<float> restLengthsByDirection(const Grid& grid, const std::vector<Vec3>& restPositions) {
    std::vector<float> lengths(static_cast<std::size_t>(grid.particleCount()) * kRestLengthsPerParticle, 0.0f);
    forEachConstraintStart(grid, [&](Direction direction, int column, int row) {
        const std::uint32_t first = grid.index(column, row);
        const std::uint32_t second = secondOf(grid, direction, column, row);
        lengths[first * kRestLengthsPerParticle + static_cast<std::size_t>(direction)] =
            glm::length(restPositions[second] - restPositions[first]);
    });
    return lengths;
}

}  // namespace nuno

#include "topology.hpp"

#include <algorithm>

namespace nuno {

const DirectionInfo& infoOf(Direction direction) {
    static const std::array<DirectionInfo, kDirectionCount> table = {{
        {{1, 0}, Family::Structural, ColourAxis::Column, 1},   // right
        {{0, 1}, Family::Structural, ColourAxis::Row, 1},      // down
        {{1, 1}, Family::Shear, ColourAxis::Column, 1},        // diagonal down
        {{1, -1}, Family::Shear, ColourAxis::Column, 1},       // diagonal up
        {{2, 0}, Family::Bending, ColourAxis::Column, 2},      // skip-one right
        {{0, 2}, Family::Bending, ColourAxis::Row, 2},         // skip-one down
    }};
    return table[static_cast<std::size_t>(direction)];
}

const char* familyName(Family family) {
    switch (family) {
        case Family::Structural: return "structural";
        case Family::Shear: return "shear";
        case Family::Bending: return "bending";
    }
    return "?";
}

int colourOf(Direction direction, int column, int row) {
    const DirectionInfo& info = infoOf(direction);
    const int coordinate = info.colourAxis == ColourAxis::Column ? column : row;
    return (coordinate / info.colourPeriod) % 2;
}

bool startsConstraint(const Grid& grid, Direction direction, int column, int row) {
    const GridOffset offset = offsetOf(direction);
    const int otherColumn = column + offset.columns;
    const int otherRow = row + offset.rows;
    return otherColumn <= grid.patchEndColumn(column) && otherRow >= grid.patchStartRow(row) &&
           otherRow <= grid.patchEndRow(row);
}

std::size_t Topology::countOf(Family family) const {
    return static_cast<std::size_t>(std::count_if(constraints.begin(), constraints.end(),
                                                  [family](const DistanceConstraint& c) { return c.family == family; }));
}

namespace {

std::vector<std::uint32_t> buildTriangles(const Grid& grid) {
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

}  // namespace

Topology buildTopology(const Grid& grid, const std::vector<Vec3>& restPositions) {
    Topology topology;
    topology.grid = grid;

    // Every constraint in natural order (start particle, then direction), tagged with its pass.
    struct Tagged {
        DistanceConstraint constraint;
        int pass;
    };
    std::vector<Tagged> natural;
    for (int row = 0; row < grid.rows; ++row) {
        for (int column = 0; column < grid.columns; ++column) {
            for (int d = 0; d < kDirectionCount; ++d) {
                const auto direction = static_cast<Direction>(d);
                if (!startsConstraint(grid, direction, column, row)) continue;
                const GridOffset offset = offsetOf(direction);
                const std::uint32_t first = grid.index(column, row);
                const std::uint32_t second = grid.index(column + offset.columns, row + offset.rows);
                const float restLength = glm::length(restPositions[second] - restPositions[first]);
                natural.push_back({{first, second, restLength, familyOf(direction)},
                                   passIndex(direction, colourOf(direction, column, row))});
            }
        }
    }

    // Regroup by pass; a stable partition keeps the natural order inside each pass.
    std::vector<std::uint32_t> groupedIndexOfNatural(natural.size());
    topology.constraints.reserve(natural.size());
    for (int pass = 0; pass < kPassCount; ++pass) {
        const auto begin = static_cast<std::uint32_t>(topology.constraints.size());
        for (std::size_t i = 0; i < natural.size(); ++i) {
            if (natural[i].pass != pass) continue;
            groupedIndexOfNatural[i] = static_cast<std::uint32_t>(topology.constraints.size());
            topology.constraints.push_back(natural[i].constraint);
        }
        topology.passes[pass] = {static_cast<Direction>(pass / kColourCount), pass % kColourCount, begin,
                                 static_cast<std::uint32_t>(topology.constraints.size())};
    }
    topology.gaussSeidelOrder = std::move(groupedIndexOfNatural);
    topology.constraintCounts.assign(static_cast<std::size_t>(grid.particleCount()), 0.0f);
    for (const DistanceConstraint& constraint : topology.constraints) {
        topology.constraintCounts[constraint.first] += 1.0f;
        topology.constraintCounts[constraint.second] += 1.0f;
    }
    topology.triangleIndices = buildTriangles(grid);
    return topology;
}

std::vector<float> restLengthsByDirection(const Topology& topology) {
    std::vector<float> lengths(static_cast<std::size_t>(topology.grid.particleCount()) * kRestLengthsPerParticle, 0.0f);
    for (const ConstraintPass& pass : topology.passes) {
        for (std::uint32_t i = pass.begin; i < pass.end; ++i) {
            const DistanceConstraint& constraint = topology.constraints[i];
            lengths[constraint.first * kRestLengthsPerParticle + static_cast<std::size_t>(pass.direction)] =
                constraint.restLength;
        }
    }
    return lengths;
}

}  // namespace nuno

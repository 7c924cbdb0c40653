#include "topology.hpp"

#include <algorithm>

namespace nuno {

GridOffset offsetOf(Direction direction) {
    switch (direction) {
        case Direction::Right: return {1, 0};
        case Direction::Down: return {0, 1};
        case Direction::DiagonalDown: return {1, 1};
        case Direction::DiagonalUp: return {1, -1};
        case Direction::SkipRight: return {2, 0};
        case Direction::SkipDown: return {0, 2};
    }
    return {0, 0};
}

Family familyOf(Direction direction) {
    switch (direction) {
        case Direction::Right:
        case Direction::Down: return Family::Structural;
        case Direction::DiagonalDown:
        case Direction::DiagonalUp: return Family::Shear;
        case Direction::SkipRight:
        case Direction::SkipDown: return Family::Bending;
    }
    return Family::Structural;
}

int colourOf(Direction direction, int column, int row) {
    switch (direction) {
        case Direction::Right:
        case Direction::DiagonalDown:
        case Direction::DiagonalUp: return column % 2;
        case Direction::Down: return row % 2;
        case Direction::SkipRight: return (column / 2) % 2;
        case Direction::SkipDown: return (row / 2) % 2;
    }
    return 0;
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
        for (int column = 0; column + 1 < grid.columns; ++column) {
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
                const GridOffset offset = offsetOf(direction);
                const int otherColumn = column + offset.columns;
                const int otherRow = row + offset.rows;
                if (otherColumn >= grid.columns || otherRow < 0 || otherRow >= grid.rows) continue;
                const std::uint32_t first = grid.index(column, row);
                const std::uint32_t second = grid.index(otherColumn, otherRow);
                const float restLength = glm::length(restPositions[second] - restPositions[first]);
                natural.push_back({{first, second, restLength, familyOf(direction)},
                                   d * kColourCount + colourOf(direction, column, row)});
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
    topology.triangleIndices = buildTriangles(grid);
    return topology;
}

}  // namespace nuno

#include "tearing.hpp"

#include <algorithm>
#include <utility>

#include "normals.hpp"

namespace nuno {
namespace {

// The normal at (column, row) seeing past no torn edge and no patch edge.
Vec3 normalBesideTears(const Grid& grid, const TornConstraints& torn, const SplitVectors& positions, int column, int row) {
    const Vec3 self = positions.at(splitIndex(grid, column, row));
    const auto neighbour = [&](bool joined, int otherColumn, int otherRow) {
        return joined ? positions.at(splitIndex(grid, otherColumn, otherRow)) : self;
    };
    const Vec3 left = neighbour(column > grid.patchStartColumn(column) && !torn.isTorn(grid, Direction::Right, column - 1, row),
                                column - 1, row);
    const Vec3 right = neighbour(column < grid.patchEndColumn(column) && !torn.isTorn(grid, Direction::Right, column, row),
                                 column + 1, row);
    const Vec3 up = neighbour(row > grid.patchStartRow(row) && !torn.isTorn(grid, Direction::Down, column, row - 1), column,
                              row - 1);
    const Vec3 down = neighbour(row < grid.patchEndRow(row) && !torn.isTorn(grid, Direction::Down, column, row), column,
                                row + 1);
    return normalFromNeighbours(left, right, up, down);
}

}  // namespace


bool isSolved(const std::vector<std::uint8_t>& tornBits, const Grid& grid, Direction direction, int column, int row) {
    const auto torn = [&](Direction edge, int edgeColumn, int edgeRow) {
        return (tornBits[grid.index(edgeColumn, edgeRow)] & tornBit(edge)) != 0;
    };
    switch (direction) {
        case Direction::SkipRight:
            return !torn(Direction::Right, column, row) && !torn(Direction::Right, column + 1, row);
        case Direction::SkipDown:
            return !torn(Direction::Down, column, row) && !torn(Direction::Down, column, row + 1);
        default:
            return !torn(direction, column, row);
    }
}

bool TornConstraints::tear(const Grid& grid, const Tear& constraint) {
    std::uint8_t& bits = bits_[grid.index(constraint.column, constraint.row)];
    if (bits & tornBit(constraint.direction)) return false;
    bits = static_cast<std::uint8_t>(bits | tornBit(constraint.direction));
    ++count_;
    return true;
}

std::vector<Tear> TornConstraints::mendAll(const Grid& grid) {
    std::vector<Tear> mended;
    for (int row = 0; row < grid.rows && mended.size() < count_; ++row) {
        for (int column = 0; column < grid.columns; ++column) {
            const std::uint8_t bits = bits_[grid.index(column, row)];
            for (int d = 0; d < kTearableDirections; ++d) {
                if (bits & tornBit(static_cast<Direction>(d))) mended.push_back({static_cast<Direction>(d), column, row});
            }
        }
    }
    std::fill(bits_.begin(), bits_.end(), std::uint8_t{0});
    count_ = 0;
    return mended;
}

std::vector<Tear> bendingAcross(const Grid& grid, const Tear& structural) {
    Direction bending;
    GridOffset back{0, 0};
    if (structural.direction == Direction::Right) {
        bending = Direction::SkipRight;
        back.columns = 1;
    } else if (structural.direction == Direction::Down) {
        bending = Direction::SkipDown;
        back.rows = 1;
    } else {
        return {};
    }
    std::vector<Tear> across;
    // The one starting here, and the one starting a step back, which reaches over this edge too.
    for (const Tear candidate : {Tear{bending, structural.column, structural.row},
                                 Tear{bending, structural.column - back.columns, structural.row - back.rows}}) {
        if (candidate.column >= 0 && candidate.row >= 0 && startsConstraint(grid, bending, candidate.column, candidate.row)) {
            across.push_back(candidate);
        }
    }
    return across;
}

void normalsAtTears(const Grid& grid, const TornConstraints& torn, const SplitVectors& positions, SplitVectors& normals) {
    if (torn.count() == 0) return;
    // Every substep with wind: a byte a particle is all most particles cost.
    constexpr std::uint8_t kStructural = tornBit(Direction::Right) | tornBit(Direction::Down);
    const std::vector<std::uint8_t>& bits = torn.bits();
    const auto columns = static_cast<std::size_t>(grid.columns);
    for (std::size_t particle = 0; particle < bits.size(); ++particle) {
        if (!(bits[particle] & kStructural)) continue;
        const int column = static_cast<int>(particle % columns);
        const int row = static_cast<int>(particle / columns);
        for (const Direction edge : {Direction::Right, Direction::Down}) {
            if (!(bits[particle] & tornBit(edge))) continue;
            const GridOffset offset = offsetOf(edge);
            for (const auto& [endColumn, endRow] : {std::pair{column, row}, std::pair{column + offset.columns, row + offset.rows}}) {
                normals.set(splitIndex(grid, endColumn, endRow), normalBesideTears(grid, torn, positions, endColumn, endRow));
            }
        }
    }
}

}  // namespace nuno

#include "tearing.hpp"

#include <algorithm>

namespace nuno {

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

}  // namespace nuno

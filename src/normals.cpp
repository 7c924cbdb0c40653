#include "normals.hpp"

#include <algorithm>
#include <cmath>
#include <utility>

#include "split_lanes.hpp"
#include "tearing.hpp"

namespace nuno {
namespace {

// float's twin of float4.hpp's sqrt(Float4), for normalFrom. Kept here: in math.hpp a
// nuno::sqrt(float) would hide std::sqrt(double) from every unqualified call in the namespace.
float sqrt(float a) { return std::sqrt(a); }

// Rows run down a vertical sheet, so this faces +z there and +y on a horizontal one.
template <class Real, class Vector>
[[gnu::always_inline]] inline Vector normalFrom(const Vector& left, const Vector& right, const Vector& up,
                                                const Vector& down) {
    const Vector normal = cross(down - up, right - left);
    const Real lengthSquared = dot(normal, normal);
    return select(lengthSquared > Real(1e-20f), normal / sqrt(lengthSquared), Vector(Real(0.0f)));
}

// The places [begin, end) of one half of a split row, whose left neighbours lie leftOffset
// places on and right neighbours rightOffset; four at a time while all four's neighbours lie in
// the row (up to fourWideEnd).
struct HalfRow {
    int begin;
    int end;
    int fourWideEnd;
    int leftOffset;
    int rightOffset;
};

std::size_t shifted(std::size_t index, int offset) {
    return static_cast<std::size_t>(static_cast<std::ptrdiff_t>(index) + offset);
}

void normalsOfHalf(const PatchEdges& edges, const SplitVectors& positions, SplitVectors& normals, std::size_t rowStart,
                   std::size_t upStart, std::size_t downStart, const HalfRow& half) {
    const ReadAxes from(positions);
    const SplitAxes to(normals);
    const float* const firstInPatch = edges.first.data();
    const float* const lastInPatch = edges.last.data();
    int place = half.begin;
    for (; place + 4 <= half.fourWideEnd; place += 4) {
        const std::size_t at = rowStart + static_cast<std::size_t>(place);
        const auto placeIndex = static_cast<std::size_t>(place);
        const Float4x3 self = loadFour(from, at);
        const Float4x3 left = select(loadFour(firstInPatch, placeIndex) != Float4(0.0f), self,
                                     loadFour(from, shifted(at, half.leftOffset)));
        const Float4x3 right = select(loadFour(lastInPatch, placeIndex) != Float4(0.0f), self,
                                      loadFour(from, shifted(at, half.rightOffset)));
        const Float4x3 up = loadFour(from, upStart + placeIndex);
        const Float4x3 down = loadFour(from, downStart + placeIndex);
        storeFour(to, at, normalFrom<Float4>(left, right, up, down));
    }
    for (; place < half.end; ++place) {
        const std::size_t at = rowStart + static_cast<std::size_t>(place);
        const std::size_t left = edges.first[place] != 0.0f ? at : shifted(at, half.leftOffset);
        const std::size_t right = edges.last[place] != 0.0f ? at : shifted(at, half.rightOffset);
        normals.set(at, normalFrom<float>(positions.at(left), positions.at(right),
                                          positions.at(upStart + static_cast<std::size_t>(place)),
                                          positions.at(downStart + static_cast<std::size_t>(place))));
    }
}

}  // namespace

Vec3 normalFromNeighbours(const Vec3& left, const Vec3& right, const Vec3& up, const Vec3& down) {
    return normalFrom<float>(left, right, up, down);
}

PatchEdges::PatchEdges(const Grid& grid)
    : first(static_cast<std::size_t>(grid.columns)), last(static_cast<std::size_t>(grid.columns)) {
    for (int place = 0; place < grid.columns; ++place) {
        const int column = columnAt(grid, place);
        first[place] = column == grid.patchStartColumn(column) ? 1.0f : 0.0f;
        last[place] = column == grid.patchEndColumn(column) ? 1.0f : 0.0f;
    }
}

void computeNormals(const Grid& grid, const PatchEdges& edges, const SplitVectors& positions, SplitVectors& normals,
                    Band rows) {
    const int evens = evenColumnsOf(grid);
    const int odds = grid.columns / 2;
    // Column 2k sits at place k, its neighbours 2k - 1 and 2k + 1 at evens + k - 1 and evens + k;
    // column 2k + 1 at evens + k, its neighbours at k and k + 1. With an odd count of columns the
    // last even one's right neighbour would lie past the row: it goes alone.
    const HalfRow evenHalf{0, evens, std::min(evens, odds), evens - 1, evens};
    const HalfRow oddHalf{evens, grid.columns, grid.columns, -evens, 1 - evens};
    for (int row = static_cast<int>(rows.begin); row < static_cast<int>(rows.end); ++row) {
        const std::size_t rowStart = grid.index(0, row);
        const std::size_t upStart = grid.index(0, std::max(row - 1, grid.patchStartRow(row)));
        const std::size_t downStart = grid.index(0, std::min(row + 1, grid.patchEndRow(row)));
        normalsOfHalf(edges, positions, normals, rowStart, upStart, downStart, evenHalf);
        normalsOfHalf(edges, positions, normals, rowStart, upStart, downStart, oddHalf);
    }
}

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

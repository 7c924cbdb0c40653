// The constraint graph of a grid cloth and its colouring into passes.
//
// Six directions cover the three families: structural (right, down), shear (both diagonals) and
// bending (skip-one right, skip-one down). Each direction is split into two colours so that no
// particle appears twice in one colour: a pass may then move every one of its particles at once,
// which is what a GPU fragment pass needs and what the CPU red-black ordering reproduces.
//   right, down, both diagonals:  colour = parity of the constraint's start column (row for down)
//   skip-one right / down:        colour = parity of start column / 2 (a period-4 pattern),
//                                 because constraints starting at c and c - 2 share a particle.
// The table below is the one description of this; the GPU solver reads it through the bindings.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "math.hpp"

namespace nuno {

enum class Family : std::uint8_t { Structural, Shear, Bending };
constexpr int kFamilyCount = 3;

enum class Direction : std::uint8_t { Right, Down, DiagonalDown, DiagonalUp, SkipRight, SkipDown };
constexpr int kDirectionCount = 6;
constexpr int kColourCount = 2;
constexpr int kPassCount = kDirectionCount * kColourCount;

struct GridOffset {
    int columns;
    int rows;
};

enum class ColourAxis : std::uint8_t { Column, Row };

struct DirectionInfo {
    GridOffset offset;  // where a constraint's second particle sits relative to its first (start)
    Family family;
    ColourAxis colourAxis;  // the start coordinate the colour is read from
    int colourPeriod;       // colour = (coordinate / period) % 2
};

// By Direction. In the header, with no static to guard: building a large cloth's topology looks
// it up a few times for each of its millions of constraints.
inline constexpr std::array<DirectionInfo, kDirectionCount> kDirectionInfos = {{
    {{1, 0}, Family::Structural, ColourAxis::Column, 1},   // right
    {{0, 1}, Family::Structural, ColourAxis::Row, 1},      // down
    {{1, 1}, Family::Shear, ColourAxis::Column, 1},        // diagonal down
    {{1, -1}, Family::Shear, ColourAxis::Column, 1},       // diagonal up
    {{2, 0}, Family::Bending, ColourAxis::Column, 2},      // skip-one right
    {{0, 2}, Family::Bending, ColourAxis::Row, 2},         // skip-one down
}};

inline const DirectionInfo& infoOf(Direction direction) { return kDirectionInfos[static_cast<std::size_t>(direction)]; }
inline GridOffset offsetOf(Direction direction) { return infoOf(direction).offset; }
inline Family familyOf(Direction direction) { return infoOf(direction).family; }
const char* familyName(Family family);  // as the JS API spells it
// The colour of the constraint that starts at (column, row) in this direction: 0 or 1.
inline int colourOf(Direction direction, int column, int row) {
    const DirectionInfo& info = infoOf(direction);
    const int coordinate = info.colourAxis == ColourAxis::Column ? column : row;
    return (coordinate / info.colourPeriod) % 2;
}

// A grid of particles, row-major, cut into patches (tiles of patchColumns x patchRows; 0 means
// the whole side, so a plain cloth is one patch). No constraint, triangle or normal reaches
// across a patch's edge: patches are independent cloths that share one array (and one texture).
struct Grid {
    int columns = 0;
    int rows = 0;
    int patchColumns = 0;
    int patchRows = 0;

    std::uint32_t index(int column, int row) const {
        return static_cast<std::uint32_t>(row * columns + column);
    }
    int particleCount() const { return columns * rows; }
    int patchWidth() const { return patchColumns > 0 ? patchColumns : columns; }
    int patchHeight() const { return patchRows > 0 ? patchRows : rows; }
    int patchCount() const { return (columns / patchWidth()) * (rows / patchHeight()); }
    // Patches are numbered row-major over the layout, as particles are within the grid.
    int patchOf(int column, int row) const {
        return (row / patchHeight()) * (columns / patchWidth()) + column / patchWidth();
    }
    int patchOf(std::uint32_t particle) const {
        return patchOf(static_cast<int>(particle % static_cast<std::uint32_t>(columns)),
                       static_cast<int>(particle / static_cast<std::uint32_t>(columns)));
    }
    // The first column of the patch holding this column, and the last; rows alike.
    int patchStartColumn(int column) const { return column - column % patchWidth(); }
    int patchEndColumn(int column) const { return patchStartColumn(column) + patchWidth() - 1; }
    int patchStartRow(int row) const { return row - row % patchHeight(); }
    int patchEndRow(int row) const { return patchStartRow(row) + patchHeight() - 1; }
};

// Where the patch holding a particle ends to its right, and begins and ends along the column.
struct PatchBounds {
    int lastColumn;
    int firstRow;
    int lastRow;
};
inline PatchBounds patchBoundsOf(const Grid& grid, int column, int row) {
    return {grid.patchEndColumn(column), grid.patchStartRow(row), grid.patchEndRow(row)};
}

// Whether a constraint starts at (column, row) in this direction: its second particle is in the
// grid and in the same patch, whose bounds are given.
inline bool startsConstraint(const PatchBounds& bounds, Direction direction, int column, int row) {
    const GridOffset offset = offsetOf(direction);
    const int otherRow = row + offset.rows;
    return column + offset.columns <= bounds.lastColumn && otherRow >= bounds.firstRow && otherRow <= bounds.lastRow;
}
inline bool startsConstraint(const Grid& grid, Direction direction, int column, int row) {
    return startsConstraint(patchBoundsOf(grid, column, row), direction, column, row);
}

struct DistanceConstraint {
    std::uint32_t first;
    std::uint32_t second;
    float restLength;  // metres, measured on the initial shape; negative while torn (tearing.hpp)
    Family family;
};

// A contiguous range of constraints that share no particle.
struct ConstraintPass {
    Direction direction;
    int colour;
    std::uint32_t begin;
    std::uint32_t end;
};

// Where the constraints of one colour of one direction are in Topology::passes.
constexpr int passIndex(Direction direction, int colour) { return static_cast<int>(direction) * kColourCount + colour; }

struct Topology {
    Grid grid;
    std::vector<DistanceConstraint> constraints;     // grouped by pass, in solving order
    std::array<ConstraintPass, kPassCount> passes;   // direction-major, then colour
    std::vector<std::uint32_t> gaussSeidelOrder;     // indices into constraints, by start particle
    std::vector<float> constraintCounts;             // per particle, the constraints it is in (Jacobi's mass split)
    std::vector<std::uint32_t> triangleIndices;      // two triangles per grid cell, for drawing
};

// The constraints with the rest lengths restLengthsByDirection() measured.
Topology buildTopology(const Grid& grid, const std::vector<float>& restLengthsByDirection);

// The rest length of the constraint starting at (column, row) in this direction, which must
// exist: a negative one takes it out of the sweeps (tearing), its own length puts it back.
void setRestLength(Topology& topology, Direction direction, int column, int row, float restLength);

// Calls visit(direction, column, row) for every constraint of the grid, in natural order: by
// start particle, then direction. The patch's bounds are found once per particle, not once per
// direction (their divisions, out of the innermost loop: making a 1024 x 1024 cloth walks it 30
// million times), and the rows' once per row.
template <class Visit>
void forEachConstraintStart(const Grid& grid, Visit&& visit) {
    for (int row = 0; row < grid.rows; ++row) {
        PatchBounds bounds = patchBoundsOf(grid, 0, row);
        for (int column = 0; column < grid.columns; ++column) {
            bounds.lastColumn = grid.patchEndColumn(column);
            for (int d = 0; d < kDirectionCount; ++d) {
                const auto direction = static_cast<Direction>(d);
                if (startsConstraint(bounds, direction, column, row)) visit(direction, column, row);
            }
        }
    }
}

// The particle at the other end of the constraint starting at (column, row) in this direction.
inline std::uint32_t secondOf(const Grid& grid, Direction direction, int column, int row) {
    const GridOffset offset = offsetOf(direction);
    return grid.index(column + offset.columns, row + offset.rows);
}

// The constraints of one family the grid has.
std::size_t constraintCount(const Grid& grid, Family family);

// Two triangles per grid cell within a patch, for drawing and for the measures of crossings.
std::vector<std::uint32_t> triangleIndicesOf(const Grid& grid);

// Per particle, the rest length of the constraint starting there in each direction (0 where
// there is none), padded to 8 floats: two RGBA texels' worth, as the GPU solver stores them.
constexpr int kRestLengthsPerParticle = 8;
std::vector<float> restLengthsByDirection(const Grid& grid, const std::vector<Vec3>& restPositions);

}  // namespace nuno

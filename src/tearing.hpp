// Tearing: structural and shear constraints that break for good when stretched too far.
//
// The torn state is one byte per particle: bit d set when the constraint starting at that
// particle in direction d (Right, Down, DiagonalDown, DiagonalUp) is torn. That is all a backend
// keeps (the GPUs hold the same bits in a texture or buffer); a bending constraint is alive while
// both structural constraints it spans are, so it goes with them and is never stored. A torn
// constraint is solved as if it were not there, the normals treat the edge as the patch's edge
// (normals.hpp), and the renderers and self-collision's face pairs leave out the triangles it
// bounded (face_contacts.hpp).
//
// The rule, the same on every backend: once per fixed step, on the step's final positions, a
// constraint of rest length R and length L tears when L > R * (1 + tearStrain), in float32.
#pragma once

#include <cstdint>
#include <vector>

#include "split_particles.hpp"
#include "topology.hpp"

namespace nuno {

// The directions whose constraints tear: the first four of Direction.
constexpr int kTearableDirections = 4;
constexpr std::uint8_t tornBit(Direction direction) { return static_cast<std::uint8_t>(1u << static_cast<int>(direction)); }

struct Tear {
    Direction direction;
    int column;  // where the constraint starts
    int row;
};

// Whether the constraint starting at (column, row) in this direction, which must exist, is
// solved with these torn bits: not torn, or for bending, neither structural constraint it spans.
bool isSolved(const std::vector<std::uint8_t>& tornBits, const Grid& grid, Direction direction, int column, int row);

class TornConstraints {
public:
    explicit TornConstraints(std::size_t particleCount) : bits_(particleCount, 0) {}

    // One byte per particle; sized once, so a JS view of it stays valid.
    const std::vector<std::uint8_t>& bits() const { return bits_; }
    // Torn structural and shear constraints.
    std::size_t count() const { return count_; }
    bool isTorn(const Grid& grid, Direction direction, int column, int row) const {
        return (bits_[grid.index(column, row)] & tornBit(direction)) != 0;
    }

    // Whether a triangle of Topology::triangleIndices has a torn edge: the renderers leave it out
    // and self-collision's face pairs pass through it (web/untorn-triangles.js reads the same bits).
    // A grid cell's two triangles, in turn (topology.cpp's triangleIndicesOf): (TL, BL, TR), whose
    // edges are TL's Right and Down and BL's DiagonalUp, then (TR, BL, BR), whose are TR's Down
    // and BL's Right and DiagonalUp. DiagonalDown bounds no triangle.
    bool tearsTriangle(const std::vector<std::uint32_t>& triangleIndices, std::size_t triangle) const {
        const std::uint8_t first = bits_[triangleIndices[3 * triangle]];
        const std::uint8_t second = bits_[triangleIndices[3 * triangle + 1]];
        const std::uint8_t right = triangle % 2 == 0 ? first : second;
        return ((first & tornBit(Direction::Down)) | (second & tornBit(Direction::DiagonalUp)) |
                (right & tornBit(Direction::Right))) != 0;
    }

    // Tears this structural or shear constraint; returns whether it was whole.
    bool tear(const Grid& grid, const Tear& constraint);
    // Mends every constraint; returns those that were torn.
    std::vector<Tear> mendAll(const Grid& grid);

private:
    std::vector<std::uint8_t> bits_;
    std::size_t count_ = 0;
};

// The bending constraints that span a structural one, in either direction, where they exist.
std::vector<Tear> bendingAcross(const Grid& grid, const Tear& structural);

}  // namespace nuno

// The particle state as a step works on it: each axis its own array, and in each row the even
// columns first, then the odd ones.
//
// In this order the red-black passes find the four firsts of nearly every pass side by side, and
// their four seconds too (constrain.hpp), and the stages of a substep that go particle by
// particle (predict, collide, the velocity update) or look only at grid neighbours (normals) run
// four particles at a time with plain loads: the left and right neighbours of four even columns
// are four odd places side by side, and those of four odd columns four even ones. This is the
// cloth's state; its xyz arrays (Particles, which JS and the GPU read) are brought up to date
// when stepFixed returns, and a change between steps is made in both (cloth.hpp). Only the
// stages that work on the xyz arrays (the sweeps and self-collision) take the state there and
// back within a substep.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <vector>

#include "math.hpp"
#include "thread_team.hpp"
#include "topology.hpp"

namespace nuno {

// The even columns of a row come first, then the odd ones.
inline int evenColumnsOf(const Grid& grid) { return (grid.columns + 1) / 2; }

// Where a row's column sits in the split arrays.
inline std::size_t splitIndex(const Grid& grid, int column, int row) {
    return grid.index(column % 2 == 0 ? column / 2 : evenColumnsOf(grid) + column / 2, row);
}

inline std::size_t splitIndex(const Grid& grid, std::uint32_t particle) {
    const auto columns = static_cast<std::uint32_t>(grid.columns);
    return splitIndex(grid, static_cast<int>(particle % columns), static_cast<int>(particle / columns));
}

// The column at a place of a row in the split arrays.
inline int columnAt(const Grid& grid, int place) {
    const int evens = evenColumnsOf(grid);
    return place < evens ? 2 * place : 2 * (place - evens) + 1;
}

// A vector per particle, an array per axis.
struct SplitVectors {
    std::vector<float> x;
    std::vector<float> y;
    std::vector<float> z;

    explicit SplitVectors(std::size_t length);
    std::array<std::vector<float>*, 3> axes() { return {&x, &y, &z}; }
    std::array<const std::vector<float>*, 3> axes() const { return {&x, &y, &z}; }
    Vec3 at(std::size_t i) const { return {x[i], y[i], z[i]}; }
    void set(std::size_t i, const Vec3& value) {
        x[i] = value.x;
        y[i] = value.y;
        z[i] = value.z;
    }
};

// The arrays run on past the last particle to a whole number of fours, so the stages that go
// particle by particle take four at a time with no one left over. The particles past the end
// have inverse mass 0 and stay where they are, at the origin: every stage leaves them alone.
struct SplitParticles {
    SplitVectors positions;
    SplitVectors velocities;          // m/s
    SplitVectors predictedPositions;  // where integration put each particle this substep
    // The part of this substep's self-collision pushes that moves a particle without giving it
    // velocity (see collide.hpp): the velocity update leaves it out. Written and read only in
    // substeps that self-collide.
    SplitVectors silentPushes;
    SplitVectors normals;             // the wind drag's, made by the predict stage
    std::vector<float> inverseMasses;

    explicit SplitParticles(std::size_t count)
        : positions(lengthFor(count)), velocities(lengthFor(count)), predictedPositions(lengthFor(count)),
          silentPushes(lengthFor(count)), normals(lengthFor(count)), inverseMasses(lengthFor(count), 0.0f) {}
    // The fours of particles, the last one maybe padded.
    std::size_t fours() const { return inverseMasses.size() / 4; }

    static std::size_t lengthFor(std::size_t count) { return (count + 3) / 4 * 4; }
    // What a cloth keeps here per particle (and up to three more past the last).
    static constexpr std::size_t kBytesPerParticle = (5 * 3 + 1) * sizeof(float);
};

// The arrays of a particle state, as copies between the xyz and split layouts name them.
enum StateArray : unsigned {
    kPositions = 1u << 0,
    kVelocities = 1u << 1,
    kInverseMasses = 1u << 2,
};

// Copies a band of rows from the xyz arrays into the split ones, and back.
void split(const Grid& grid, const std::vector<Vec3>& from, SplitVectors& to, Band rows);
void split(const Grid& grid, const std::vector<float>& from, std::vector<float>& to, Band rows);
void unsplit(const Grid& grid, const SplitVectors& from, std::vector<Vec3>& to, Band rows);

// Whether every value of the vectors is finite (the split arrays hold whole fours).
bool allFinite(const SplitVectors& vectors);

}  // namespace nuno

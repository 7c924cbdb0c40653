// The red-black passes on the CPU, four constraints at a time.
//
// A colour's constraints share no particle, so any four of them can be solved together. The
// grid makes the four cheap to load: along a row, the constraints of one colour of one
// direction start at evenly spaced columns, so their particles sit in a window of four or eight
// neighbouring floats of each axis, and a few lane shuffles take them out and put them back
// (LaneShape). The passes therefore work on a copy of the positions split by axis (x, y, z and
// the inverse masses, each its own array), taken at the first pass of a substep and written
// back after the last; the rest of the step keeps its xyz layout, which JS and the GPU read.
//
// Each lane computes exactly what projection.hpp computes for one pair, and a pass's pairs are
// independent, so the results are bit for bit those of solving the topology's passes one
// constraint at a time (tests/native/red_black_solver_test.cpp).
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "particles.hpp"
#include "projection.hpp"
#include "topology.hpp"

namespace nuno {

// How the constraints of one colour of one direction lie along a row.
enum class LaneShape : std::uint8_t {
    Stacked,      // down, skip-one down: four neighbours, and the four below them
    Alternating,  // right: eight neighbours, first and second in turn
    Paired,       // skip-one right: eight neighbours, two firsts, two seconds, two firsts, two seconds
    Slanted,      // diagonals: eight neighbours, every other one a first; the seconds likewise in the row below (above)
};

// One colour of one direction, cut into chunks of four constraints. A chunk's particles lie in
// a window of a row that starts at column startColumn + chunk * columnsPerChunk.
struct PassLanes {
    LaneShape shape;
    int startColumn;
    int columnsPerChunk;
    int chunksPerRow;
    std::array<int, 4> laneColumns;  // where each lane's first particle is, in columns from the window
    std::ptrdiff_t secondRowOffset;  // index from the firsts' window to the seconds'
    std::ptrdiff_t secondOffset;     // index from a first particle to its second
    std::vector<int> rows;           // the rows where constraints of this pass start
    // Per listed row, per chunk, four lanes: the rest length, -1 where no constraint starts.
    std::vector<float> restLengths;
    std::vector<float> multipliers;  // XPBD, laid out as restLengths, made when they first carry over iterations
};

class RedBlackSolver {
public:
    explicit RedBlackSolver(const Topology& topology, const std::vector<float>& restLengthsByDirection);

    // Takes the positions and inverse masses for this substep's passes. With multipliersCarry
    // (XPBD over several iterations) the multipliers start at zero and carry between iterations.
    void beginPasses(const Particles& particles, bool multipliersCarry);
    // One colour of one direction.
    void solvePass(Direction direction, int colour, SolverKind solver, const FamilyRule& rule);
    // Hands the moved positions back.
    void endPasses(Particles& particles) const;

    // What a cloth with these settings keeps here: the split positions and inverse masses, a
    // rest length per lane (about one per constraint on a large grid), and as many multipliers
    // when XPBD iterates.
    static std::uint64_t memoryBytes(const ClothSettings& settings);

private:
    int columns_;
    std::array<PassLanes, kPassCount> passes_;
    bool multipliersCarry_ = false;
    std::vector<float> x_;
    std::vector<float> y_;
    std::vector<float> z_;
    std::vector<float> inverseMasses_;
};

}  // namespace nuno

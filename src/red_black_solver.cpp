#include "red_black_solver.hpp"

#include <algorithm>
#include <cstdlib>

#include "float4.hpp"

namespace nuno {
namespace {

LaneShape shapeOf(Direction direction) {
    const GridOffset offset = offsetOf(direction);
    if (offset.columns == 0) return LaneShape::Stacked;
    if (offset.rows != 0) return LaneShape::Slanted;
    return offset.columns == 1 ? LaneShape::Alternating : LaneShape::Paired;
}

// Where lane k of a chunk starts, in columns from the chunk's window.
int laneColumn(LaneShape shape, int lane) {
    switch (shape) {
        case LaneShape::Stacked:
            return lane;
        case LaneShape::Paired:
            return lane / 2 * 4 + lane % 2;
        case LaneShape::Alternating:
        case LaneShape::Slanted:
            return 2 * lane;
    }
    return 0;
}

PassLanes lanesOf(const Topology& topology, const std::vector<float>& restLengthsByDirection, Direction direction,
                  int colour) {
    const Grid& grid = topology.grid;
    PassLanes pass;
    pass.shape = shapeOf(direction);
    const GridOffset offset = offsetOf(direction);
    // The column a chunk's window starts from. The colour of a column-coloured direction is
    // the parity of column / period, so its first start is at colour * period.
    const bool byColumn = infoOf(direction).colourAxis == ColourAxis::Column;
    pass.startColumn = byColumn ? colour * infoOf(direction).colourPeriod : 0;
    pass.columnsPerChunk = pass.shape == LaneShape::Stacked ? 4 : 8;
    pass.chunksPerRow =
        std::max(0, (grid.columns - pass.startColumn + pass.columnsPerChunk - 1) / pass.columnsPerChunk);
    pass.secondRowOffset = static_cast<std::ptrdiff_t>(offset.rows) * grid.columns;
    pass.secondOffset = pass.secondRowOffset + offset.columns;
    for (int lane = 0; lane < 4; ++lane) pass.laneColumns[lane] = laneColumn(pass.shape, lane);

    std::vector<float> rowLengths(static_cast<std::size_t>(pass.chunksPerRow) * 4);
    for (int row = 0; row < grid.rows; ++row) {
        bool anyStarts = false;
        for (int chunk = 0; chunk < pass.chunksPerRow; ++chunk) {
            for (int lane = 0; lane < 4; ++lane) {
                const int column = pass.startColumn + chunk * pass.columnsPerChunk + pass.laneColumns[lane];
                const bool starts = column < grid.columns && colourOf(direction, column, row) == colour &&
                                    startsConstraint(grid, direction, column, row);
                rowLengths[static_cast<std::size_t>(chunk) * 4 + lane] =
                    starts ? restLengthsByDirection[grid.index(column, row) * kRestLengthsPerParticle +
                                                    static_cast<std::size_t>(direction)]
                           : -1.0f;
                anyStarts = anyStarts || starts;
            }
        }
        if (!anyStarts) continue;
        pass.rows.push_back(row);
        pass.restLengths.insert(pass.restLengths.end(), rowLengths.begin(), rowLengths.end());
    }
    return pass;
}

// Takes the four firsts and the four seconds of a whole chunk out of one axis array, and puts
// them back. a is the chunk's window in the firsts' row, b in the seconds'. A whole chunk's
// windows end inside their rows and never overlap (a row is at least a window wide), and hold
// only its own particles (Slanted: and the other half of the row, put back as it was).
template <LaneShape Shape>
struct Window;

template <>
struct Window<LaneShape::Stacked> {
    [[gnu::always_inline]] static Float4 firsts(const float* axis, std::size_t a, std::size_t) { return Float4::load(axis + a); }
    [[gnu::always_inline]] static Float4 seconds(const float* axis, std::size_t, std::size_t b) { return Float4::load(axis + b); }
    [[gnu::always_inline]] static void store(float* axis, std::size_t a, std::size_t b, Float4 firsts, Float4 seconds) {
        firsts.store(axis + a);
        seconds.store(axis + b);
    }
};

template <>
struct Window<LaneShape::Alternating> {
    [[gnu::always_inline]] static Float4 firsts(const float* axis, std::size_t a, std::size_t) {
        return evenLanes(Float4::load(axis + a), Float4::load(axis + a + 4));
    }
    [[gnu::always_inline]] static Float4 seconds(const float* axis, std::size_t a, std::size_t) {
        return oddLanes(Float4::load(axis + a), Float4::load(axis + a + 4));
    }
    [[gnu::always_inline]] static void store(float* axis, std::size_t a, std::size_t, Float4 firsts, Float4 seconds) {
        interleaveLow(firsts, seconds).store(axis + a);
        interleaveHigh(firsts, seconds).store(axis + a + 4);
    }
};

template <>
struct Window<LaneShape::Paired> {
    [[gnu::always_inline]] static Float4 firsts(const float* axis, std::size_t a, std::size_t) {
        return lowHalves(Float4::load(axis + a), Float4::load(axis + a + 4));
    }
    [[gnu::always_inline]] static Float4 seconds(const float* axis, std::size_t a, std::size_t) {
        return highHalves(Float4::load(axis + a), Float4::load(axis + a + 4));
    }
    [[gnu::always_inline]] static void store(float* axis, std::size_t a, std::size_t, Float4 firsts, Float4 seconds) {
        lowHalves(firsts, seconds).store(axis + a);
        highHalves(firsts, seconds).store(axis + a + 4);
    }
};

template <>
struct Window<LaneShape::Slanted> {
    [[gnu::always_inline]] static Float4 firsts(const float* axis, std::size_t a, std::size_t) {
        return evenLanes(Float4::load(axis + a), Float4::load(axis + a + 4));
    }
    [[gnu::always_inline]] static Float4 seconds(const float* axis, std::size_t, std::size_t b) {
        return oddLanes(Float4::load(axis + b), Float4::load(axis + b + 4));
    }
    [[gnu::always_inline]] static void store(float* axis, std::size_t a, std::size_t b, Float4 firsts, Float4 seconds) {
        const Float4 restOfFirstRow = oddLanes(Float4::load(axis + a), Float4::load(axis + a + 4));
        interleaveLow(firsts, restOfFirstRow).store(axis + a);
        interleaveHigh(firsts, restOfFirstRow).store(axis + a + 4);
        const Float4 restOfSecondRow = evenLanes(Float4::load(axis + b), Float4::load(axis + b + 4));
        interleaveLow(restOfSecondRow, seconds).store(axis + b);
        interleaveHigh(restOfSecondRow, seconds).store(axis + b + 4);
    }
};

struct SplitPositions {
    float* x;
    float* y;
    float* z;
    const float* inverseMasses;
};

// multipliers: this chunk's four XPBD multipliers, or null where they are always zero when read
// (one iteration, or compliance 0, where alpha~ * lambda is 0): -violation - 0 is -violation to
// the bit, so a zero stands in for them and nothing is stored.
template <LaneShape Shape, SolverKind Kind>
[[gnu::always_inline]] inline void solveWholeChunk(const SplitPositions& p, std::size_t a, std::size_t b,
                                                   Float4 restLength, float* multipliers,
                                                   const FamilyRuleOf<Float4>& rule) {
    using Lanes = Window<Shape>;
    const Float4x3 first{Lanes::firsts(p.x, a, b), Lanes::firsts(p.y, a, b), Lanes::firsts(p.z, a, b)};
    const Float4x3 second{Lanes::seconds(p.x, a, b), Lanes::seconds(p.y, a, b), Lanes::seconds(p.z, a, b)};
    const Float4 firstInverseMass = Lanes::firsts(p.inverseMasses, a, b);
    const Float4 secondInverseMass = Lanes::seconds(p.inverseMasses, a, b);
    Float4 lambda = multipliers ? Float4::load(multipliers) : Float4(0.0f);
    const Float4x3 shift =
        pairShift<Kind>(first, second, restLength, firstInverseMass, secondInverseMass, rule, Float4(1.0f), lambda);
    if (multipliers) lambda.store(multipliers);
    const Float4x3 movedFirst = first + shift * firstInverseMass;
    const Float4x3 movedSecond = second - shift * secondInverseMass;
    Lanes::store(p.x, a, b, movedFirst.x, movedSecond.x);
    Lanes::store(p.y, a, b, movedFirst.y, movedSecond.y);
    Lanes::store(p.z, a, b, movedFirst.z, movedSecond.z);
}

// A chunk cut short by a row's or a patch's end, or on a grid narrower than a window: the
// same projection, a lane at a time.
template <SolverKind Kind>
void solveLanesOneByOne(const SplitPositions& p, const PassLanes& pass, std::size_t a, const float* restLengths,
                        float* multipliers, const FamilyRule& rule) {
    for (int lane = 0; lane < 4; ++lane) {
        if (restLengths[lane] < 0.0f) continue;
        const std::size_t first = a + static_cast<std::size_t>(pass.laneColumns[lane]);
        const std::size_t second = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(first) + pass.secondOffset);
        const Vec3 firstPosition(p.x[first], p.y[first], p.z[first]);
        const Vec3 secondPosition(p.x[second], p.y[second], p.z[second]);
        float lambda = multipliers ? multipliers[lane] : 0.0f;
        const Vec3 shift = pairShift<Kind>(firstPosition, secondPosition, restLengths[lane], p.inverseMasses[first],
                                           p.inverseMasses[second], rule, 1.0f, lambda);
        if (multipliers) multipliers[lane] = lambda;
        const Vec3 movedFirst = firstPosition + shift * p.inverseMasses[first];
        const Vec3 movedSecond = secondPosition - shift * p.inverseMasses[second];
        p.x[first] = movedFirst.x;
        p.y[first] = movedFirst.y;
        p.z[first] = movedFirst.z;
        p.x[second] = movedSecond.x;
        p.y[second] = movedSecond.y;
        p.z[second] = movedSecond.z;
    }
}

template <LaneShape Shape, SolverKind Kind>
void solveLanes(PassLanes& pass, int columns, const SplitPositions& p, const FamilyRule& rule, bool multipliersCarry) {
    const FamilyRuleOf<Float4> lanesRule{Float4(rule.alphaTilde), Float4(rule.stiffness), Float4(rule.stretchGain),
                                         Float4(rule.shrinkGain)};
    const bool rowsApart = pass.secondRowOffset == 0 || std::abs(pass.secondRowOffset) >= 8;
    for (std::size_t listed = 0; listed < pass.rows.size(); ++listed) {
        const std::size_t rowWindow = static_cast<std::size_t>(pass.rows[listed]) * static_cast<std::size_t>(columns) +
                                      static_cast<std::size_t>(pass.startColumn);
        for (int chunk = 0; chunk < pass.chunksPerRow; ++chunk) {
            const std::size_t a = rowWindow + static_cast<std::size_t>(chunk * pass.columnsPerChunk);
            const std::size_t lanes =
                (listed * static_cast<std::size_t>(pass.chunksPerRow) + static_cast<std::size_t>(chunk)) * 4;
            float* const multipliers = multipliersCarry ? &pass.multipliers[lanes] : nullptr;
            const Float4 restLength = Float4::load(&pass.restLengths[lanes]);
            if (rowsApart && every(restLength >= Float4(0.0f))) {
                const std::size_t b = static_cast<std::size_t>(static_cast<std::ptrdiff_t>(a) + pass.secondRowOffset);
                solveWholeChunk<Shape, Kind>(p, a, b, restLength, multipliers, lanesRule);
            } else {
                solveLanesOneByOne<Kind>(p, pass, a, &pass.restLengths[lanes], multipliers, rule);
            }
        }
    }
}

template <SolverKind Kind>
void solveShape(PassLanes& pass, int columns, const SplitPositions& p, const FamilyRule& rule, bool multipliersCarry) {
    switch (pass.shape) {
        case LaneShape::Stacked:
            return solveLanes<LaneShape::Stacked, Kind>(pass, columns, p, rule, multipliersCarry);
        case LaneShape::Alternating:
            return solveLanes<LaneShape::Alternating, Kind>(pass, columns, p, rule, multipliersCarry);
        case LaneShape::Paired:
            return solveLanes<LaneShape::Paired, Kind>(pass, columns, p, rule, multipliersCarry);
        case LaneShape::Slanted:
            return solveLanes<LaneShape::Slanted, Kind>(pass, columns, p, rule, multipliersCarry);
    }
}

}  // namespace

RedBlackSolver::RedBlackSolver(const Topology& topology, const std::vector<float>& restLengthsByDirection)
    : columns_(topology.grid.columns) {
    for (int pass = 0; pass < kPassCount; ++pass) {
        passes_[pass] = lanesOf(topology, restLengthsByDirection, static_cast<Direction>(pass / kColourCount),
                                pass % kColourCount);
    }
    const auto particles = static_cast<std::size_t>(topology.grid.particleCount());
    x_.assign(particles, 0.0f);
    y_.assign(particles, 0.0f);
    z_.assign(particles, 0.0f);
    inverseMasses_.assign(particles, 0.0f);
}

void RedBlackSolver::beginPasses(const Particles& particles, bool multipliersCarry) {
    for (std::size_t i = 0; i < particles.size(); ++i) {
        x_[i] = particles.positions[i].x;
        y_[i] = particles.positions[i].y;
        z_[i] = particles.positions[i].z;
    }
    std::copy(particles.inverseMasses.begin(), particles.inverseMasses.end(), inverseMasses_.begin());
    multipliersCarry_ = multipliersCarry;
    if (!multipliersCarry) return;
    for (PassLanes& pass : passes_) pass.multipliers.assign(pass.restLengths.size(), 0.0f);
}

std::uint64_t RedBlackSolver::memoryBytes(const ClothSettings& settings) {
    const bool multipliers =
        settings.ordering == Ordering::RedBlack && settings.solver == SolverKind::Xpbd && settings.iterations > 1;
    const std::uint64_t floatsPerParticle = 4 + kDirectionCount * (multipliers ? 2 : 1);
    return static_cast<std::uint64_t>(settings.particleCount()) * floatsPerParticle * sizeof(float);
}

void RedBlackSolver::solvePass(Direction direction, int colour, SolverKind solver, const FamilyRule& rule) {
    PassLanes& pass = passes_[passIndex(direction, colour)];
    const SplitPositions positions{x_.data(), y_.data(), z_.data(), inverseMasses_.data()};
    if (solver == SolverKind::Xpbd) {
        const bool carried = multipliersCarry_ && rule.alphaTilde != 0.0f;
        return solveShape<SolverKind::Xpbd>(pass, columns_, positions, rule, carried);
    }
    // PBD removes stiffness * violation: the mass-spring projection with that one gain for
    // stretch and shrink, to the bit. One kernel serves both, which keeps the wasm small.
    const FamilyRule gains =
        solver == SolverKind::Pbd ? FamilyRule{rule.alphaTilde, rule.stiffness, rule.stiffness, rule.stiffness} : rule;
    solveShape<SolverKind::MassSpring>(pass, columns_, positions, gains, false);
}

void RedBlackSolver::endPasses(Particles& particles) const {
    for (std::size_t i = 0; i < particles.size(); ++i) particles.positions[i] = Vec3(x_[i], y_[i], z_[i]);
}

}  // namespace nuno

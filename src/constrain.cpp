#include "constrain.hpp"

#include <algorithm>

#include "float4.hpp"

namespace nuno {
namespace {

// Along one row of firsts, where each run of a pass starts: its first particles' places in the
// row, and the places of their seconds in the seconds' row; the count of places it spans.
struct RunStart {
    int firstPlace;
    int secondPlace;
    int places;
};

std::vector<RunStart> runStartsOf(const Grid& grid, Direction direction, int colour) {
    const int evens = evenColumnsOf(grid);
    const int odds = grid.columns / 2;
    const GridOffset offset = offsetOf(direction);
    if (offset.columns == 0) return {{0, 0, grid.columns}};  // the same columns a row or two on
    if (offset.columns == 1) {
        // Even columns to the next odd ones, or odd to the next even ones.
        return colour == 0 ? std::vector<RunStart>{{0, evens, evens}} : std::vector<RunStart>{{evens, 1, odds}};
    }
    // Skip-one right: within each half, neighbours in turn, from the colour's start.
    return {{colour, colour + 1, evens - colour}, {evens + colour, evens + colour + 1, odds - colour}};
}

PassLanes lanesOf(const Topology& topology, const std::vector<float>& restLengthsByDirection, Direction direction,
                  int colour) {
    const Grid& grid = topology.grid;
    const GridOffset offset = offsetOf(direction);
    PassLanes pass;
    pass.shape = offset.columns == 2 ? LaneShape::Alternating : LaneShape::Apart;
    const int laneStride = pass.shape == LaneShape::Alternating ? 2 : 1;
    const std::vector<RunStart> starts = runStartsOf(grid, direction, colour);
    pass.firstRunOfRow.reserve(static_cast<std::size_t>(grid.rows) + 1);
    for (int row = 0; row < grid.rows; ++row) {
        pass.firstRunOfRow.push_back(static_cast<std::uint32_t>(pass.runs.size()));
        const int secondRow = row + offset.rows;
        if (secondRow < 0 || secondRow >= grid.rows) continue;
        for (const RunStart& start : starts) {
            const int chunks = (start.places + 4 * laneStride - 1) / (4 * laneStride);
            std::vector<float> lengths(static_cast<std::size_t>(chunks) * 4, -1.0f);
            bool anyStarts = false;
            // Lanes past the run's places belong to the next run, or to no row.
            const int lanesInRun = start.places / laneStride;
            for (int lane = 0; lane < lanesInRun; ++lane) {
                const int firstPlace = start.firstPlace + lane * laneStride;
                const int secondPlace = start.secondPlace + lane * laneStride;
                if (firstPlace >= grid.columns || secondPlace >= grid.columns) continue;
                const int column = columnAt(grid, firstPlace);
                // The places pair the right particles: the odd half can be one shorter than the even.
                const bool starts = columnAt(grid, secondPlace) == column + offset.columns &&
                                    colourOf(direction, column, row) == colour &&
                                    startsConstraint(grid, direction, column, row);
                if (!starts) continue;
                lengths[static_cast<std::size_t>(lane)] =
                    restLengthsByDirection[grid.index(column, row) * kRestLengthsPerParticle +
                                           static_cast<std::size_t>(direction)];
                anyStarts = true;
            }
            if (!anyStarts) continue;
            pass.runs.push_back({grid.index(start.firstPlace, row), grid.index(start.secondPlace, secondRow),
                                 pass.restLengths.size(), chunks});
            pass.restLengths.insert(pass.restLengths.end(), lengths.begin(), lengths.end());
        }
    }
    pass.firstRunOfRow.push_back(static_cast<std::uint32_t>(pass.runs.size()));
    // Kept for the cloth's life: no room left over from growing (Cloth::memoryBytes counts them).
    pass.runs.shrink_to_fit();
    pass.restLengths.shrink_to_fit();
    return pass;
}

bool carriesMultipliers(const ClothSettings& settings) {
    return settings.ordering == Ordering::RedBlack && settings.solver == SolverKind::Xpbd && settings.iterations > 1;
}

// Takes the four firsts and the four seconds of a whole chunk out of one axis array, and puts
// them back. a is where the chunk's first lanes start, b its seconds' (Apart). A whole chunk
// lies inside its rows, and its lanes are its own particles.
template <LaneShape Shape>
struct Window;

template <>
struct Window<LaneShape::Apart> {
    static constexpr int kLaneStride = 1;
    [[gnu::always_inline]] static Float4 firsts(const float* axis, std::size_t a, std::size_t) {
        return Float4::load(axis + a);
    }
    [[gnu::always_inline]] static Float4 seconds(const float* axis, std::size_t, std::size_t b) {
        return Float4::load(axis + b);
    }
    [[gnu::always_inline]] static void store(float* axis, std::size_t a, std::size_t b, Float4 firsts, Float4 seconds) {
        firsts.store(axis + a);
        seconds.store(axis + b);
    }
};

template <>
struct Window<LaneShape::Alternating> {
    static constexpr int kLaneStride = 2;
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

struct SplitPositions {
    float* x;
    float* y;
    float* z;
    const float* inverseMasses;
};

// Carried: the chunk's four XPBD multipliers are read from and written to multipliers. Not
// carried (one iteration, or compliance 0, where alpha~ * lambda is 0), they are always zero
// when read: a zero stands in for them and nothing is stored, to the bit (the violation is
// never -0, so adding either zero leaves it as it is).
template <LaneShape Shape, SolverKind Kind, bool Carried>
[[gnu::always_inline]] inline void solveWholeChunk(const SplitPositions& p, std::size_t a, std::size_t b,
                                                   Float4 restLength, float* multipliers,
                                                   const FamilyRuleOf<Float4>& rule) {
    using Lanes = Window<Shape>;
    const Float4x3 first{Lanes::firsts(p.x, a, b), Lanes::firsts(p.y, a, b), Lanes::firsts(p.z, a, b)};
    const Float4x3 second{Lanes::seconds(p.x, a, b), Lanes::seconds(p.y, a, b), Lanes::seconds(p.z, a, b)};
    const Float4 firstInverseMass = Lanes::firsts(p.inverseMasses, a, b);
    const Float4 secondInverseMass = Lanes::seconds(p.inverseMasses, a, b);
    Float4 lambda = Carried ? Float4::load(multipliers) : Float4(0.0f);
    const Float4x3 shift =
        pairShift<Kind>(first, second, restLength, firstInverseMass, secondInverseMass, rule, Float4(1.0f), lambda);
    if (Carried) lambda.store(multipliers);
    const Float4x3 movedFirst = first + shift * firstInverseMass;
    const Float4x3 movedSecond = second - shift * secondInverseMass;
    Lanes::store(p.x, a, b, movedFirst.x, movedSecond.x);
    Lanes::store(p.y, a, b, movedFirst.y, movedSecond.y);
    Lanes::store(p.z, a, b, movedFirst.z, movedSecond.z);
}

// A chunk cut short by a row's or a patch's end: the same projection, a lane at a time.
template <SolverKind Kind, bool Carried>
void solveLanesOneByOne(const SplitPositions& p, std::size_t a, std::size_t b, int laneStride,
                        const float* restLengths, float* multipliers, const FamilyRule& rule) {
    for (int lane = 0; lane < 4; ++lane) {
        if (restLengths[lane] < 0.0f) continue;
        const std::size_t first = a + static_cast<std::size_t>(lane * laneStride);
        const std::size_t second = b + static_cast<std::size_t>(lane * laneStride);
        const Vec3 firstPosition(p.x[first], p.y[first], p.z[first]);
        const Vec3 secondPosition(p.x[second], p.y[second], p.z[second]);
        float lambda = Carried ? multipliers[lane] : 0.0f;
        const Vec3 shift = pairShift<Kind>(firstPosition, secondPosition, restLengths[lane], p.inverseMasses[first],
                                           p.inverseMasses[second], rule, 1.0f, lambda);
        if (Carried) multipliers[lane] = lambda;
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

// The arrays and the run come in by value: held in locals, they are not read again from memory
// after every store of a chunk, which the compiler must otherwise assume might have changed them.
template <LaneShape Shape, SolverKind Kind, bool Carried>
void solveLanes(PassLanes& pass, Band runs, const SplitPositions p, const FamilyRule& rule) {
    const FamilyRuleOf<Float4> lanesRule{Float4(rule.alphaTilde), Float4(rule.stiffness), Float4(rule.stretchGain),
                                         Float4(rule.shrinkGain)};
    constexpr int kLaneStride = Window<Shape>::kLaneStride;
    const float* const restLengths = pass.restLengths.data();
    float* const multipliers = Carried ? pass.multipliers.data() : nullptr;
    for (std::size_t r = runs.begin; r < runs.end; ++r) {
        const LaneRun run = pass.runs[r];
        std::size_t lanes = run.firstLane;
        for (int chunk = 0; chunk < run.chunks; ++chunk, lanes += 4) {
            const auto along = static_cast<std::size_t>(chunk * 4 * kLaneStride);
            const std::size_t a = run.first + along;
            const std::size_t b = run.second + along;
            float* const chunkMultipliers = Carried ? multipliers + lanes : nullptr;
            const Float4 restLength = Float4::load(restLengths + lanes);
            if (every(restLength >= Float4(0.0f))) {
                solveWholeChunk<Shape, Kind, Carried>(p, a, b, restLength, chunkMultipliers, lanesRule);
            } else {
                solveLanesOneByOne<Kind, Carried>(p, a, b, kLaneStride, restLengths + lanes, chunkMultipliers, rule);
            }
        }
    }
}

template <SolverKind Kind, bool Carried>
void solveShape(PassLanes& pass, const SplitPositions& p, const FamilyRule& rule, ThreadTeam& team) {
    team.forEachBand(pass.runs.size(), [&](Band runs) {
        if (pass.shape == LaneShape::Apart) return solveLanes<LaneShape::Apart, Kind, Carried>(pass, runs, p, rule);
        solveLanes<LaneShape::Alternating, Kind, Carried>(pass, runs, p, rule);
    });
}

}  // namespace

RedBlackSolver::RedBlackSolver(const Topology& topology, const std::vector<float>& restLengthsByDirection) {
    for (int pass = 0; pass < kPassCount; ++pass) {
        passes_[pass] = lanesOf(topology, restLengthsByDirection, static_cast<Direction>(pass / kColourCount),
                                pass % kColourCount);
    }
}

void RedBlackSolver::beginSubstep(const ClothSettings& settings) {
    multipliersCarry_ = carriesMultipliers(settings);
    if (!multipliersCarry_) return;
    for (PassLanes& pass : passes_) pass.multipliers.assign(pass.restLengths.size(), 0.0f);
}

std::uint64_t RedBlackSolver::memoryBytes(const ClothSettings& settings) {
    const std::uint64_t floatsPerParticle = kDirectionCount * (carriesMultipliers(settings) ? 2 : 1);
    const std::uint64_t runsOfRows = kPassCount * (static_cast<std::uint64_t>(settings.rows) + 1) * sizeof(std::uint32_t);
    return static_cast<std::uint64_t>(settings.particleCount()) * floatsPerParticle * sizeof(float) + runsOfRows;
}

void RedBlackSolver::fitTo(const ClothSettings& settings) {
    if (carriesMultipliers(settings)) return;
    for (PassLanes& pass : passes_) std::vector<float>().swap(pass.multipliers);
}

std::vector<Tear> RedBlackSolver::stretchedPast(const Grid& grid, const SplitVectors& positions, float stretchFactor) const {
    std::vector<Tear> stretched;
    const auto lengthOfPair = [&](std::size_t first, std::size_t second) {
        return glm::length(positions.at(second) - positions.at(first));
    };
    for (int d = 0; d < kTearableDirections; ++d) {
        const auto direction = static_cast<Direction>(d);
        for (int colour = 0; colour < kColourCount; ++colour) {
            // Lanes side by side (LaneShape::Apart): only skip-one right alternates.
            const PassLanes& pass = passes_[passIndex(direction, colour)];
            for (const LaneRun& run : pass.runs) {
                for (int chunk = 0; chunk < run.chunks; ++chunk) {
                    const auto along = static_cast<std::size_t>(chunk * 4);
                    const float* const restLengths = pass.restLengths.data() + run.firstLane + along;
                    const std::size_t a = run.first + along;
                    const std::size_t b = run.second + along;
                    const Float4 restLength = Float4::load(restLengths);
                    // A whole chunk of constraints solved: four at once, and lane by lane only
                    // where one is stretched. A chunk cut short (or holding a torn one) may end
                    // past the arrays: lane by lane.
                    if (every(restLength >= Float4(0.0f))) {
                        const Float4x3 between{Float4::load(positions.x.data() + b) - Float4::load(positions.x.data() + a),
                                               Float4::load(positions.y.data() + b) - Float4::load(positions.y.data() + a),
                                               Float4::load(positions.z.data() + b) - Float4::load(positions.z.data() + a)};
                        if (!any(lengthOf(between) > restLength * Float4(stretchFactor))) continue;
                    }
                    for (std::size_t lane = 0; lane < 4; ++lane) {
                        if (!(restLengths[lane] >= 0.0f) || !(lengthOfPair(a + lane, b + lane) > restLengths[lane] * stretchFactor)) continue;
                        const auto columns = static_cast<std::size_t>(grid.columns);
                        stretched.push_back({direction, columnAt(grid, static_cast<int>((a + lane) % columns)),
                                             static_cast<int>((a + lane) / columns)});
                    }
                }
            }
        }
    }
    return stretched;
}

void RedBlackSolver::setRestLength(const Grid& grid, Direction direction, int column, int row, float restLength) {
    PassLanes& pass = passes_[passIndex(direction, colourOf(direction, column, row))];
    const int laneStride = pass.shape == LaneShape::Alternating ? 2 : 1;
    const std::size_t first = splitIndex(grid, column, row);
    // A row has one run a pass, or two (skip-one right, one per half, in order along the row):
    // the last that starts at or before it holds it.
    for (std::uint32_t r = pass.firstRunOfRow[row + 1]; r-- > pass.firstRunOfRow[row];) {
        const LaneRun& run = pass.runs[r];
        if (first < run.first) continue;
        pass.restLengths[run.firstLane + (first - run.first) / static_cast<std::size_t>(laneStride)] = restLength;
        return;
    }
}

void RedBlackSolver::solvePass(SplitParticles& particles, Direction direction, int colour, SolverKind solver,
                               const FamilyRule& rule, ThreadTeam& team) {
    PassLanes& pass = passes_[passIndex(direction, colour)];
    const SplitPositions positions{particles.positions.x.data(), particles.positions.y.data(),
                                   particles.positions.z.data(), particles.inverseMasses.data()};
    if (solver == SolverKind::Xpbd) {
        if (multipliersCarry_ && rule.alphaTilde != 0.0f) return solveShape<SolverKind::Xpbd, true>(pass, positions, rule, team);
        return solveShape<SolverKind::Xpbd, false>(pass, positions, rule, team);
    }
    // PBD removes stiffness * violation: the mass-spring projection with that one gain for
    // stretch and shrink, to the bit. One kernel serves both, which keeps the wasm small.
    const FamilyRule gains =
        solver == SolverKind::Pbd ? FamilyRule{rule.alphaTilde, rule.stiffness, rule.stiffness, rule.stiffness} : rule;
    solveShape<SolverKind::MassSpring, false>(pass, positions, gains, team);
}

}  // namespace nuno

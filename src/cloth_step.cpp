// The stepping loop: fixed steps of substeps, each running the stages of the step schedule on
// the split particles. Built for speed in the wasm module (CMakeLists.txt), as the stages it
// calls are inlined into it; the rest of the cloth runs once per call and is built for size.
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "cloth.hpp"
#include "integrate.hpp"

namespace nuno {

void Cloth::stepFixed(int count) {
    if (count < 0) throw std::invalid_argument("nuno: 'count' must be an integer >= 0, got " + std::to_string(count));
    const SolverParameters parameters = solverParameters();
    const float substepSeconds = settings_.substepSeconds();
    const SubstepFactors factors = substepFactors();
    const FamilyRules rules = rulesFor(parameters, substepSeconds);
    const std::vector<Stage> schedule = substepSchedule();
    for (int s = 0; s < count; ++s) {
        stepStartPositions_ = split_.positions;
        stepStartVelocities_ = split_.velocities;
        for (int i = 0; i < settings_.substeps; ++i) {
            substep(schedule, substepSeconds, parameters, rules, factors);
            gustClock_.advance(settings_, substepSeconds);
        }
        if (!stateIsFinite()) {
            split_.positions = stepStartPositions_;
            split_.velocities = stepStartVelocities_;
            ++nonFiniteRecoveries_;
        }
        ++stepsTaken_;
    }
    if (count > 0) unsplitToXyz(kPositions | kVelocities, team());
}

namespace {

bool onXyz(StageKind kind) { return kind == StageKind::Sweep || kind == StageKind::Separate; }

// What a stage on the xyz arrays reads there, and what it writes. The inverse masses are the
// same in both layouts all step.
unsigned xyzArraysRead(StageKind kind) {
    if (kind == StageKind::Sweep) return kPositions;
    return kPositions | kVelocities | kPredictedPositions | kSilentPushes;
}
unsigned xyzArraysWritten(StageKind kind) {
    return kind == StageKind::Sweep ? kPositions : kPositions | kSilentPushes;
}

}  // namespace

std::array<Cloth::VectorArrays, 4> Cloth::vectorArrays() {
    return {{{kPositions, &split_.positions, &particles_.positions},
             {kVelocities, &split_.velocities, &particles_.velocities},
             {kPredictedPositions, &split_.predictedPositions, &particles_.predictedPositions},
             {kSilentPushes, &split_.silentPushes, &particles_.silentPushes}}};
}

void Cloth::splitFromXyz(unsigned arrays, ThreadTeam& team) {
    const Grid& grid = topology_.grid;
    const std::array<VectorArrays, 4> vectors = vectorArrays();
    team.forEachBand(static_cast<std::size_t>(grid.rows), [&](Band rows) {
        for (const VectorArrays& vector : vectors) {
            if (arrays & vector.array) split(grid, *vector.xyz, *vector.split, rows);
        }
        if (arrays & kInverseMasses) split(grid, particles_.inverseMasses, split_.inverseMasses, rows);
    });
}

void Cloth::unsplitToXyz(unsigned arrays, ThreadTeam& team) {
    const Grid& grid = topology_.grid;
    const std::array<VectorArrays, 4> vectors = vectorArrays();
    team.forEachBand(static_cast<std::size_t>(grid.rows), [&](Band rows) {
        for (const VectorArrays& vector : vectors) {
            if (arrays & vector.array) unsplit(grid, *vector.split, *vector.xyz, rows);
        }
    });
}

bool Cloth::stateIsFinite() const {
    for (const SplitVectors* vectors : {&split_.positions, &split_.velocities}) {
        for (const std::vector<float>* axis : {&vectors->x, &vectors->y, &vectors->z}) {
            for (const float value : *axis) {
                if (!std::isfinite(value)) return false;
            }
        }
    }
    return true;
}

void Cloth::substep(const std::vector<Stage>& schedule, float substepSeconds, const SolverParameters& parameters,
                    const FamilyRules& rules, const SubstepFactors& factors) {
    ThreadTeam& team = this->team();
    const Grid& grid = topology_.grid;
    const std::size_t fours = split_.fours();
    const auto rowCount = static_cast<std::size_t>(grid.rows);
    // The sweeps and self-collision work on the xyz arrays: a run of them gets there what it
    // reads, and gives back what it wrote for the stages after.
    unsigned writtenOnXyz = 0;
    for (std::size_t s = 0; s < schedule.size(); ++s) {
        const Stage& stage = schedule[s];
        if (onXyz(stage.kind) && writtenOnXyz == 0) {
            unsigned read = 0;
            for (std::size_t t = s; t < schedule.size() && onXyz(schedule[t].kind); ++t) {
                read |= xyzArraysRead(schedule[t].kind);
                writtenOnXyz |= xyzArraysWritten(schedule[t].kind);
            }
            unsplitToXyz(read, team);
        } else if (!onXyz(stage.kind) && writtenOnXyz != 0) {
            splitFromXyz(writtenOnXyz, team);
            writtenOnXyz = 0;
        }
        switch (stage.kind) {
            case StageKind::Predict: {
                if (factors.hasWindDrag()) {
                    team.forEachBand(rowCount, [&](Band rows) {
                        computeNormals(grid, patchEdges_, split_.positions, split_.normals, rows);
                    });
                }
                const bool gusty = settings_.windGustSpeed > 0.0f;
                const GustWaves gusts = gusty ? gustWavesAt(settings_, gustClock_) : GustWaves{};
                const Forces forces = this->forces();
                team.forEachBand(fours, [&](Band band) {
                    predict(split_, forces, factors, substepSeconds, gusty ? &gusts : nullptr, band);
                });
                sweeps_.beginSubstep();
                redBlack_.beginSubstep(settings_);
                break;
            }
            case StageKind::Constrain:
                redBlack_.solvePass(split_, stage.direction, stage.colour, parameters.solver,
                                    rules[static_cast<int>(familyOf(stage.direction))], team);
                break;
            case StageKind::Sweep:
                sweeps_.sweep(topology_, particles_, parameters, rules);
                break;
            case StageKind::Separate:
                selfCollision_.resolve(particles_, restPositions_, grid,
                                       {settings_.selfCollisionThickness, settings_.selfCollisionFriction}, substepSeconds);
                break;
            case StageKind::Collide:
                team.forEachBand(fours, [&](Band band) {
                    colliders_.resolve(split_, settings_.collisionMargin, substepSeconds, {4 * band.begin, 4 * band.end});
                    updateVelocities(split_, substepSeconds, band);
                });
                break;
        }
    }
    // Collide ends every substep today; a schedule that ended on the xyz arrays would still
    // leave its moves in the split ones.
    if (writtenOnXyz != 0) splitFromXyz(writtenOnXyz, team);
}

}  // namespace nuno

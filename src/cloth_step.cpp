// The stepping loop: fixed steps of substeps, each running the stages of the step schedule on
// the split particles. Built for speed in the wasm module (CMakeLists.txt), as the stages it
// calls are inlined into it; the rest of the cloth runs once per call and is built for size.
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

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
    if (count > 0) unsplitToXyz(false, team());
}

void Cloth::splitFromXyz(bool substepMovesOnly, ThreadTeam& team) {
    const Grid& grid = topology_.grid;
    const std::pair<const std::vector<Vec3>*, SplitVectors*> vectors[] = {
        {&particles_.positions, &split_.positions},
        substepMovesOnly ? std::pair(&particles_.silentPushes, &split_.silentPushes)
                         : std::pair(&particles_.velocities, &split_.velocities)};
    team.forEachBand(static_cast<std::size_t>(grid.rows), [&](Band rows) {
        for (const auto& [from, to] : vectors) split(grid, *from, *to, rows);
        if (!substepMovesOnly) split(grid, particles_.inverseMasses, split_.inverseMasses, rows);
    });
}

void Cloth::unsplitToXyz(bool withSubstepState, ThreadTeam& team) {
    const Grid& grid = topology_.grid;
    const std::pair<const SplitVectors*, std::vector<Vec3>*> vectors[] = {
        {&split_.positions, &particles_.positions},
        {&split_.velocities, &particles_.velocities},
        {&split_.predictedPositions, &particles_.predictedPositions},
        {&split_.silentPushes, &particles_.silentPushes}};
    const std::size_t count = withSubstepState ? 4 : 2;
    team.forEachBand(static_cast<std::size_t>(grid.rows), [&](Band rows) {
        for (std::size_t i = 0; i < count; ++i) unsplit(grid, *vectors[i].first, *vectors[i].second, rows);
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
    // The sweeps and self-collision work on the xyz arrays: the state goes there for them and
    // comes back for the stages after.
    bool xyzHoldsState = false;
    for (const Stage& stage : schedule) {
        const bool onXyz = stage.kind == StageKind::Sweep || stage.kind == StageKind::Separate;
        if (onXyz != xyzHoldsState) {
            xyzHoldsState = onXyz;
            if (onXyz) {
                unsplitToXyz(true, team);
            } else {
                splitFromXyz(true, team);
            }
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
    if (xyzHoldsState) splitFromXyz(true, team);
}

}  // namespace nuno

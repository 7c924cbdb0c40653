// The stepping loop: fixed steps of substeps, each running the stages of the step schedule on
// the split particles. Built for speed in the wasm module (CMakeLists.txt), as the stages it
// calls are inlined into it; the rest of the cloth runs once per call and is built for size.
#include <algorithm>
#include <array>
#include <cmath>
#include <stdexcept>
#include <string>

#include "cloth.hpp"
#include "collide.hpp"
#include "predict.hpp"

namespace nuno {

void Cloth::stepFixed(int count) {
    if (count < 0) failInput("count", "an integer >= 0", {count});
    const SolverParameters parameters = model_.solverParameters();
    const std::vector<Stage> schedule = model_.substepSchedule();
    const bool attached = !model_.attachments().empty();
    for (int s = 0; s < count; ++s) {
        const int substeps = substepsThisStep();
        const float substepSeconds = model_.substepSecondsOf(substeps);
        const SubstepFactors factors = model_.substepFactors(substeps);
        const FamilyRules rules = model_.familyRules(substeps);
        stepStartPositions_ = split_.positions;
        stepStartVelocities_ = split_.velocities;
        for (int i = 0; i < substeps; ++i) {
            const AttachedMotion motion = model_.attachedMotion(s, i, substeps, count);
            substep(schedule, substepSeconds, parameters, rules, factors, i == 0, attached ? &motion : nullptr);
            model_.advanceGustClock(substepSeconds);
            // The colliders' moves since the last step are swept in its first substep.
            if (i == 0) model_.forgetColliderTravel();
        }
        if (!stateIsFinite()) {
            split_.positions = stepStartPositions_;
            split_.velocities = stepStartVelocities_;
            ++nonFiniteRecoveries_;
        }
        if (settings().tearStrain > 0.0f) tearStretched();
        substepsTaken_ += substeps;
        ++stepsTaken_;
    }
    if (count > 0) {
        unsplitToXyz(kPositions | kVelocities, team());
        model_.arriveAttachments();
    }
}

void Cloth::placeAttached(const AttachedMotion& motion) {
    const Grid& grid = topology_.grid;
    for (const Attachment& attachment : model_.attachments().list()) {
        const std::size_t i = splitIndex(grid, attachment.particle);
        const Vec3 position = attachedPosition(attachment, motion.progress);
        split_.positions.set(i, position);
        split_.predictedPositions.set(i, position);
        split_.velocities.set(i, attachedVelocity(attachment, motion.inverseSeconds));
    }
}

int Cloth::substepsThisStep() const {
    if (!(settings().selfCollisionThickness > 0.0f)) return settings().substeps;
    return model_.substepsFor(selfCollision_.fastestApproach(split_, topology_.grid));
}

void Cloth::stepStages(int stageCount) {
    const std::vector<Stage> schedule = model_.substepSchedule();
    if (stageCount < 0 || stageCount > static_cast<int>(schedule.size())) {
        failInput("count", {"an integer in [0, ", schedule.size(), "] (the stages of one substep)"}, {stageCount});
    }
    if (stageCount == 0) return;
    const SolverParameters parameters = model_.solverParameters();
    const float substepSeconds = settings().substepSeconds();
    const std::vector<Stage> stages(schedule.begin(), schedule.begin() + stageCount);
    substep(stages, substepSeconds, parameters, rulesFor(parameters, substepSeconds), model_.substepFactors(), true);
    model_.advanceGustClock();
    model_.forgetColliderTravel();
    unsplitToXyz(kPositions | kVelocities, team());
}

std::array<Cloth::VectorArrays, 2> Cloth::vectorArrays() {
    return {{{kPositions, &split_.positions, &particles_.positions},
             {kVelocities, &split_.velocities, &particles_.velocities}}};
}

void Cloth::splitFromXyz(unsigned arrays, ThreadTeam& team) {
    if (arrays == 0) return;
    const Grid& grid = topology_.grid;
    const std::array<VectorArrays, 2> vectors = vectorArrays();
    team.forEachBand(static_cast<std::size_t>(grid.rows), [&](Band rows) {
        for (const VectorArrays& vector : vectors) {
            if (arrays & vector.array) split(grid, *vector.xyz, *vector.split, rows);
        }
        if (arrays & kInverseMasses) split(grid, particles_.inverseMasses, split_.inverseMasses, rows);
    });
}

void Cloth::unsplitToXyz(unsigned arrays, ThreadTeam& team) {
    const Grid& grid = topology_.grid;
    const std::array<VectorArrays, 2> vectors = vectorArrays();
    team.forEachBand(static_cast<std::size_t>(grid.rows), [&](Band rows) {
        for (const VectorArrays& vector : vectors) {
            if (arrays & vector.array) unsplit(grid, *vector.split, *vector.xyz, rows);
        }
    });
}

bool Cloth::stateIsFinite() const { return allFinite(split_.positions) && allFinite(split_.velocities); }

void Cloth::substep(const std::vector<Stage>& schedule, float substepSeconds, const SolverParameters& parameters,
                    const FamilyRules& rules, const SubstepFactors& factors, bool stepBegins,
                    const AttachedMotion* attachedMotion) {
    ThreadTeam& team = this->team();
    const ClothSettings& settings = this->settings();
    const Grid& grid = topology_.grid;
    const std::size_t fours = split_.fours();
    const auto rowCount = static_cast<std::size_t>(grid.rows);
    // The sweeps move the xyz positions; self-collision finds its pairs in them and moves the
    // particles in the split arrays; the other stages work on the split arrays. The positions are
    // copied from one layout to the other only when a stage needs them where they are stale.
    bool xyzPositionsCurrent = false;
    bool splitPositionsCurrent = true;
    const auto needXyzPositions = [&] {
        if (!xyzPositionsCurrent) unsplitToXyz(kPositions, team);
        xyzPositionsCurrent = true;
    };
    const auto needSplitPositions = [&] {
        if (!splitPositionsCurrent) splitFromXyz(kPositions, team);
        splitPositionsCurrent = true;
    };
    SilentPushes silentPushes = SilentPushes::None;
    for (const Stage& stage : schedule) {
        if (stage.kind == StageKind::Sweep || stage.kind == StageKind::Separate) needXyzPositions();
        if (stage.kind != StageKind::Sweep) needSplitPositions();
        switch (stage.kind) {
            case StageKind::Predict: {
                if (factors.hasWindDrag()) {
                    team.forEachBand(rowCount, [&](Band rows) {
                        computeNormals(grid, patchEdges_, split_.positions, split_.normals, rows);
                    });
                    normalsAtTears(grid, torn_, split_.positions, split_.normals);
                }
                const bool gusty = settings.windGustSpeed > 0.0f;
                const GustWaves gusts = gusty ? model_.gustWavesNow() : GustWaves{};
                const Forces forces = model_.forces();
                team.forEachBand(fours, [&](Band band) {
                    predict(split_, forces, factors, substepSeconds, gusty ? &gusts : nullptr, band);
                });
                if (attachedMotion) placeAttached(*attachedMotion);
                sweeps_.beginSubstep();
                redBlack_.beginSubstep(settings);
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
                selfCollision_.resolve(particles_.positions, particles_.inverseMasses, split_, model_.restPositions(), topology_,
                                       torn_, {settings.selfCollisionThickness, settings.selfCollisionFriction}, substepSeconds,
                                       stepBegins);
                silentPushes = SilentPushes::FromSelfCollision;
                break;
            case StageKind::Collide: {
                const ColliderSet& colliders = model_.colliders();
                const std::vector<float> depenetration = depenetrationMetres(colliders.travels(), settings.depenetrationSpeed, substepSeconds);
                team.forEachBand(fours, [&](Band band) {
                    collide(split_, colliders, depenetration, settings.collisionMargin, substepSeconds, silentPushes, band);
                });
                break;
            }
        }
        // The sweeps move the particles in the xyz arrays, every other stage in the split ones.
        if (stage.kind == StageKind::Sweep) {
            splitPositionsCurrent = false;
        } else {
            xyzPositionsCurrent = false;
        }
    }
    // Collide ends every substep today; a schedule that ended with a sweep would still leave its
    // moves in the split arrays.
    needSplitPositions();
}

}  // namespace nuno

// A cloth stepped on the CPU: a model (cloth_model.hpp: settings, rest shape, pins, colliders,
// clock) and what stepping it here takes: the constraints, the particle state, the solvers'
// lanes and the self-collision lists.
//
// One fixed step of stepSeconds is split into substeps; each substep runs the stages of the step
// schedule (step_schedule.hpp): predict (gravity, damping, wind drag) -> iterations x constraint
// passes or sweeps -> collisions and the velocity update, the same stages the GPU solver runs
// as passes. The steps work on the particles split by axis (split_particles.hpp); the xyz arrays
// (particles(), positions()), which JS and the GPU read, are brought up to date when stepFixed
// returns. Between steps both say the same: a change to a particle is made in both.
//
// After each fixed step the state is checked: should any position or velocity have become
// non-finite, the step is undone (positions and velocities back to what they were when it began)
// and counted in nonFiniteRecoveries(). Validation is meant to make that impossible; the guard
// keeps a cloth drawable, and the count visible, if some input still gets through.
#pragma once

#include <array>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cloth_model.hpp"
#include "sweep.hpp"
#include "predict.hpp"
#include "measurements.hpp"
#include "normals.hpp"
#include "particles.hpp"
#include "constrain.hpp"
#include "separate.hpp"
#include "self_crossings.hpp"
#include "split_particles.hpp"
#include "tearing.hpp"
#include "thread_team.hpp"

namespace nuno {

class Cloth {
public:
    // Throws std::invalid_argument when a setting is out of range, or when the grid would need
    // more memory than kMaxClothBytes.
    explicit Cloth(const ClothSettings& settings);

    // Bytes the arrays of a cloth with these settings hold while it runs, counted from their
    // element types and lengths: the model's, particle state, constraints and their bookkeeping,
    // triangles. For settings that pass validate().
    static std::uint64_t memoryBytes(const ClothSettings& settings);
    // ClothModel::requireFitsInMemory for what a CPU cloth keeps.
    static void requireFitsInMemory(const ClothSettings& settings, std::string_view name, const MessageText& units,
                                    int particlesPerUnit) {
        ClothModel::requireFitsInMemory(settings, memoryBytes(settings), name, units, particlesPerUnit);
    }
    static constexpr std::uint64_t kMaxClothBytes = ClothModel::kMaxBytes;
    // Another ordering or solver, or XPBD iterated, keeps more state (made when first used): the
    // change is refused by its own name when the grid has no memory for it.
    static void requireChangeFitsInMemory(const ClothSettings& current, const ClothSettings& next);

    // What this cloth is, wherever it would step: settings, rest shape, pins, colliders, clock.
    const ClothModel& model() const { return model_; }

    // Advances by a frame's time through the fixed-step accumulator; returns the steps taken.
    // Steps share their per-particle stages and red-black passes among the team's threads, on
    // grids of at least kParticlesWorthThreads (smaller ones gain less than the hand-offs cost).
    // The bits are those of one thread. Null: the calling thread alone.
    void useThreads(std::shared_ptr<ThreadTeam> team) { team_ = std::move(team); }
    int threadCount() const { return team().threadCount(); }
    static constexpr std::size_t kParticlesWorthThreads = 64 * 64;

    int step(double frameSeconds);
    int advanceClock(double frameSeconds) { return model_.advanceClock(frameSeconds); }
    void stepFixed(int count = 1);
    // With self-collision on, a step may take more substeps than settings.substeps
    // (ClothModel::substepsFor, given the fastest approach of the pairs in self-collision's
    // Verlet list).
    // The substeps taken since the cloth was made (reset() keeps the count, as it keeps
    // stepsTaken): settings.substeps a step, more where self-collision added some.
    std::uint64_t substepsTaken() const { return substepsTaken_; }
    // The first stageCount stages of one substep of the current schedule, from the current state:
    // each stage can then be compared across backends on the same input (a twin that drifts is
    // found by its stage, not only by a whole scene's tolerance). Like a substep, it advances the
    // gusts' clock and forgets the colliders' travel (no stages: nothing at all); the fixed-step
    // clock and stepsTaken stay.
    void stepStages(int stageCount);
    // Back to the starting shape at rest, keeping the current pins, colliders and parameters.
    void reset();

    // Changes any run-time setting. Settings that shape the grid (columns, rows, width, height,
    // orientation, center, positions, density) cannot change: that throws, naming the setting.
    void configure(const ClothSettings& next);
    const ClothSettings& settings() const { return model_.settings(); }

    // Holds the particle where it is now / lets it fall again.
    void pin(std::uint32_t particle);
    void unpin(std::uint32_t particle);
    bool isPinned(std::uint32_t particle) const { return model_.isPinned(particle); }

    // Dragging: hold() places the particle at a point (each coordinate within
    // kMaxCoordinateMetres) and keeps it there (the cloth follows through its constraints);
    // calling it again moves the hold. release() gives the particle back its own inverse mass,
    // so a pinned particle stays pinned where it was released.
    void hold(std::uint32_t particle, const Vec3& position);
    void release(std::uint32_t particle);
    // Makes exactly these particles the attached ones, following their targets from the next
    // step on (attachments.hpp); a particle let go keeps its velocity.
    // Returns whether the set of particles changed.
    bool attach(const std::vector<double>& particles, const std::vector<double>& targets);
    const Attachments& attachments() const { return model_.attachments(); }

    std::uint32_t addCollider(const Collider& collider) { return model_.addCollider(collider); }
    void updateCollider(std::uint32_t id, const Collider& collider) { model_.updateCollider(id, collider); }
    void removeCollider(std::uint32_t id) { model_.removeCollider(id); }
    const Collider& collider(std::uint32_t id) const { return model_.collider(id); }
    const ColliderSet& colliders() const { return model_.colliders(); }

    const Topology& topology() const { return topology_; }
    const Particles& particles() const { return particles_; }
    const std::vector<Vec3>& positions() const { return particles_.positions; }
    // Recomputed on each call from the current positions.
    const std::vector<Vec3>& normals();
    const std::vector<Vec3>& restPositions() const { return model_.restPositions(); }

    // Of the constraints still solved.
    Strain strain(Family family) const { return model_.strain(family, particles_.positions, &torn_.bits()); }
    // The smallest signed distance from a free particle to a collider, metres (negative inside).
    float colliderClearance() const { return colliders().clearance(particles_.positions, particles_.inverseMasses); }
    // Pairs of particles closer than thickness / 2 that were not neighbours at rest (of different
    // patches, or farther than thickness apart in the rest shape).
    std::size_t selfIntersections(float thickness) const {
        return model_.selfIntersections(particles_.positions, thickness);
    }
    // Structural edges passing through the cloth's own triangles (self_crossings.hpp): cloth that
    // has passed through itself, however far apart the layers have moved since.
    std::size_t selfCrossings() const { return model_.selfCrossings(particles_.positions); }
    double kineticEnergy() const;
    // Which structural and shear constraints have torn (tearing.hpp), until reset() mends them.
    const TornConstraints& torn() const { return torn_; }
    FamilyRules familyRules() const { return model_.familyRules(); }
    std::vector<Stage> substepSchedule() const { return model_.substepSchedule(); }
    SubstepFactors substepFactors() const { return model_.substepFactors(); }
    float lowestPoint() const { return nuno::lowestPoint(particles_.positions); }
    double simulatedSeconds() const { return model_.simulatedSeconds(); }
    double carriedSeconds() const { return model_.carriedSeconds(); }
    std::uint64_t stepsTaken() const { return stepsTaken_; }
    // Fixed steps undone because they left a position or velocity non-finite.
    std::uint64_t nonFiniteRecoveries() const { return nonFiniteRecoveries_; }

private:
    // tests/native/stability_test.cpp: corrupts the settings past validation to prove the guard.
    friend struct ClothTestAccess;

    void substep(const std::vector<Stage>& schedule, float substepSeconds, const SolverParameters& parameters,
                 const FamilyRules& rules, const SubstepFactors& factors, bool stepBegins,
                 const AttachedMotion* attachedMotion = nullptr);
    // After a substep's predict: each attached particle on its way to its target.
    void placeAttached(const AttachedMotion& motion);
    int substepsThisStep() const;
    // A particle changed in the xyz arrays, changed in the split ones too.
    void splitParticle(std::uint32_t particle);
    // Copies of some of the state's arrays between the two layouts (StateArray bits).
    void splitFromXyz(unsigned arrays, ThreadTeam& team);
    void unsplitToXyz(unsigned arrays, ThreadTeam& team);
    struct VectorArrays {
        unsigned array;
        SplitVectors* split;
        std::vector<Vec3>* xyz;
    };
    std::array<VectorArrays, 2> vectorArrays();
    bool stateIsFinite() const;
    // At the end of a fixed step with tearStrain on: tears what is stretched past it.
    void tearStretched();
    // Takes a constraint out of the solvers, or puts it back with its rest length.
    void setSolved(const Tear& constraint, bool solved);
    ThreadTeam& team() const;
    // The model's pins and holds into the particles' inverse masses; pinned ones stop.
    void applyPins();

    ClothModel model_;
    Topology topology_;
    Particles particles_;
    SplitParticles split_;
    PatchEdges patchEdges_;
    std::vector<Vec3> normals_;  // sized once, so reading normals never grows wasm memory
    RedBlackSolver redBlack_;
    SweepSolver sweeps_;
    SelfCollision selfCollision_;
    TornConstraints torn_;
    std::uint64_t stepsTaken_ = 0;
    std::uint64_t substepsTaken_ = 0;
    std::uint64_t nonFiniteRecoveries_ = 0;
    // Positions and velocities as the current fixed step began: what the guard restores.
    SplitVectors stepStartPositions_;
    SplitVectors stepStartVelocities_;
    std::shared_ptr<ThreadTeam> team_;
};

}  // namespace nuno

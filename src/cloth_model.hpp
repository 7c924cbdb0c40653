// What a cloth is, wherever it steps: its settings, rest shape, pins and holds, colliders, the
// clock and the gusts, and the rules each substep derives from them. The CPU cloth (cloth.hpp)
// steps a model with arrays of its own; the WebGL2, WebGPU and worker cloths hold a model alone
// and step in textures, buffers or another thread. A model keeps 44 bytes per particle (the
// rest shape and the rest lengths by direction), an eighth of what the CPU stepper adds, so a
// GPU cloth is bounded by its textures rather than by the WebAssembly heap.
//
// Every call checks its arguments and throws std::invalid_argument naming the one out of range.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "accumulator.hpp"
#include "attachments.hpp"
#include "colliders.hpp"
#include "sweep.hpp"
#include "predict.hpp"
#include "measurements.hpp"
#include "settings.hpp"
#include "step_schedule.hpp"
#include "topology.hpp"
#include "wind_gusts.hpp"

namespace nuno {

class ClothModel {
public:
    // What a cloth with these settings keeps, in bytes: memoryBytes for a model alone, more for
    // one that steps on the CPU (Cloth::memoryBytes).
    using MemoryBytes = std::uint64_t (*)(const ClothSettings& settings);
    // Throws std::invalid_argument when a setting is out of range, or when what the cloth keeps
    // would be more than kMaxBytes.
    explicit ClothModel(const ClothSettings& settings, MemoryBytes kept = &ClothModel::memoryBytes);

    // The most a cloth may keep: half the 2 GiB the WebAssembly heap can grow to. Building the
    // CPU cloth's constraints briefly needs more than they keep (a copy regrouped into passes: a
    // 1023 MiB cloth took the wasm memory to 1324 MiB), and the page's own allocations share the heap.
    static constexpr std::uint64_t kMaxBytes = std::uint64_t{1} << 30;
    // Bytes a model with these settings keeps, counted from its arrays' element types and lengths.
    static std::uint64_t memoryBytes(const ClothSettings& settings);
    // Refuses `bytes` beyond kMaxBytes by the name of what made the grid so large: at most about
    // N `units` of `particlesPerUnit` particles ('columns * rows' counts particles, a patch
    // layout patches), rather than letting an allocation fail as std::bad_alloc.
    static void requireFitsInMemory(const ClothSettings& settings, std::uint64_t bytes, std::string_view name,
                                    const MessageText& units, int particlesPerUnit);

    const ClothSettings& settings() const { return settings_; }
    const Grid& grid() const { return grid_; }
    std::size_t particleCount() const { return restPositions_.size(); }
    // The starting shape, which the rest lengths are measured on and reset() goes back to.
    const std::vector<Vec3>& restPositions() const { return restPositions_; }
    const std::vector<float>& restLengthsByDirection() const { return restLengthsByDirection_; }

    // Changes run-time settings. Those that shape the grid (Scope::Grid) throw, naming the
    // setting; then the rest are validated, then `requireAffordable(current, next)` may refuse the
    // change (the CPU cloth's check that it has the memory for another solver). Returns whether
    // the pins changed.
    using ChangeCheck = void (*)(const ClothSettings& current, const ClothSettings& next);
    bool configure(const ClothSettings& next, ChangeCheck requireAffordable = nullptr);
    // The clock, the gusts, the holds and the colliders' travel as they were at the start, and
    // no particle attached.
    void reset();

    void pin(std::uint32_t particle);
    void unpin(std::uint32_t particle);
    bool isPinned(std::uint32_t particle) const;
    std::vector<std::uint32_t> pinned() const;  // sorted
    // A held particle keeps inverse mass 0 until release(). Checks the particle and the position
    // (each coordinate within kMaxCoordinateMetres); where the particle goes is the stepper's.
    void hold(std::uint32_t particle, const Vec3& position);
    void release(std::uint32_t particle);
    bool isHeld(std::uint32_t particle) const;
    // Makes exactly these particles the attached ones, following these targets (attachments.hpp,
    // which checks them). Returns whether the set of particles changed (and with it their
    // inverse masses).
    bool attach(const std::vector<double>& particles, const std::vector<double>& targets) {
        return attachments_.set(particles, targets, particleCount());
    }
    const Attachments& attachments() const { return attachments_; }
    // After a call's steps, every attached particle is at its target.
    void arriveAttachments() { attachments_.arrive(); }
    // How far substep `substep` of step `step`, in a call of `steps` steps each cut into
    // `substeps`, moves the attached particles.
    AttachedMotion attachedMotion(int step, int substep, int substeps, int steps) const;
    // 1/kg: 0 while pinned, held or attached.
    float inverseMassOf(std::uint32_t particle) const;
    std::vector<float> inverseMasses() const;

    std::uint32_t addCollider(const Collider& collider) { return colliders_.add(collider); }
    void updateCollider(std::uint32_t id, const Collider& collider) { colliders_.update(id, collider); }
    void removeCollider(std::uint32_t id) { colliders_.remove(id); }
    const Collider& collider(std::uint32_t id) const { return colliders_.get(id); }
    const ColliderSet& colliders() const { return colliders_; }
    // After a step's first substep: the colliders' travel since the last step is swept.
    void forgetColliderTravel() { colliders_.forgetTravel(); }

    // How many fixed steps this frame's time is worth (the fixed-step accumulator).
    int advanceClock(double frameSeconds) { return accumulator_.advance(frameSeconds); }
    double carriedSeconds() const { return accumulator_.carriedSeconds(); }
    // Seconds simulated since the start or the last reset(): the clock the gusts follow.
    double simulatedSeconds() const { return gustClock_.seconds; }
    GustWaves gustWavesNow() const { return gustWavesAt(settings_, gustClock_); }
    void advanceGustClock() { advanceGustClock(settings_.substepSeconds()); }
    void advanceGustClock(double substepSeconds) { gustClock_.advance(settings_, substepSeconds); }
    // The gust waves now, then the clock moved on by a substep of a step cut into `substeps`:
    // what a GPU predict pass reads.
    GustWaves gustWavesForSubstep(int substeps);

    SolverParameters solverParameters() const;
    Forces forces() const;
    // What each family's stiffness means for one substep of the current settings, or of a step
    // cut into `substeps`.
    FamilyRules familyRules() const { return familyRules(settings_.substeps); }
    FamilyRules familyRules(int substeps) const { return rulesFor(solverParameters(), substepSecondsOf(substeps)); }
    // What damping and wind drag do to a velocity over one substep, likewise.
    SubstepFactors substepFactors() const { return substepFactors(settings_.substeps); }
    SubstepFactors substepFactors(int substeps) const { return nuno::substepFactors(forces(), substepSecondsOf(substeps)); }
    float substepSecondsOf(int substeps) const { return settings_.stepSeconds / static_cast<float>(substeps); }

    // With self-collision on, a step takes more substeps than settings.substeps where layers
    // within reach of each other (the pairs self-collision holds: the CPU's Verlet list, the
    // GPUs' neighbouring cells) approach at `fastestApproach` m/s, enough to keep that to
    // kSubstepMoveThicknesses of the thickness a substep, up to kMostSubstepsPerSetting times
    // as many: self-collision keeps each particle on the side of a layer it was on when the
    // substep began, which a substep that carries it through the layer, or carries an edge past
    // an edge, takes away.
    static constexpr float kSubstepMoveThicknesses = 0.5f;
    static constexpr int kMostSubstepsPerSetting = 4;
    int substepsFor(float fastestApproach) const;
    // The stages of one substep with the current ordering and iterations.
    std::vector<Stage> substepSchedule() const {
        return nuno::substepSchedule(settings_.ordering, settings_.iterations, settings_.selfCollisionThickness > 0.0f);
    }

    std::size_t constraintCount(Family family) const { return nuno::constraintCount(grid_, family); }
    // Throws naming 'particle' unless it indexes the grid.
    void checkParticle(std::uint32_t particle) const;

    // Measures of positions: the CPU cloth's own, or read back from a GPU.
    // With torn bits (tearing.hpp), of the constraints still solved.
    Strain strain(Family family, const std::vector<Vec3>& positions, const std::vector<std::uint8_t>* tornBits = nullptr) const {
        return strainOf(grid_, restLengthsByDirection_, positions, family, tornBits);
    }
    // The smallest signed distance from a free particle to a collider, metres (negative inside).
    float colliderClearance(const std::vector<Vec3>& positions) const;
    // Pairs of particles closer than thickness / 2 that were not neighbours at rest (of different
    // patches, or farther than thickness apart in the rest shape).
    std::size_t selfIntersections(const std::vector<Vec3>& positions, float thickness) const;
    // Structural edges passing through the cloth's own triangles (self_crossings.hpp).
    std::size_t selfCrossings(const std::vector<Vec3>& positions) const;

private:
    // tests/native/stability_test.cpp: corrupts the settings past validation to prove the guard.
    friend struct ClothTestAccess;

    void setPins(const std::vector<std::uint32_t>& pinned);

    ClothSettings settings_;
    Grid grid_;
    std::vector<Vec3> restPositions_;
    std::vector<float> restLengthsByDirection_;
    std::vector<std::uint32_t> held_;  // particles under hold()
    Attachments attachments_;
    ColliderSet colliders_;
    FixedStepAccumulator accumulator_;
    GustClock gustClock_;
};

}  // namespace nuno

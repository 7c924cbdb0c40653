#include "cloth_model.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

#include "pins.hpp"
#include "separate.hpp"
#include "self_crossings.hpp"
#include "sheet.hpp"

namespace nuno {
namespace {

const ClothSettings& validated(const ClothSettings& settings, ClothModel::MemoryBytes kept) {
    validate(settings);
    ClothModel::requireFitsInMemory(settings, kept(settings), "columns * rows", "particles", 1);
    return settings;
}

void requireUnchanged(bool same, const char* name) {
    if (!same) {
        failWith({"'", name, "' shapes the grid and cannot change on a running cloth; create a new cloth"});
    }
}

}  // namespace

void ClothModel::requireFitsInMemory(const ClothSettings& settings, std::uint64_t bytes, std::string_view name,
                                     const MessageText& units, int particlesPerUnit) {
    if (bytes <= kMaxBytes) return;
    const double bytesPerParticle = static_cast<double>(bytes) / settings.particleCount();
    const auto maxUnits = static_cast<std::uint64_t>(static_cast<double>(kMaxBytes) / bytesPerParticle / particlesPerUnit);
    std::string most;
    MessageText({"at most about ", maxUnits, " "}).appendTo(most);
    units.appendTo(most);
    failInput(name,
              {most, " (a cloth keeps about ", std::round(bytesPerParticle), " bytes per particle and may take ",
               showMebibytes(kMaxBytes), " of the 2 GiB WebAssembly heap)"},
              {settings.particleCount() / particlesPerUnit, ", which needs about ", showMebibytes(bytes)});
}

ClothModel::ClothModel(const ClothSettings& settings, MemoryBytes kept)
    : settings_(validated(settings, kept)),
      grid_{settings_.columns, settings_.rows, settings_.patchColumns, settings_.patchRows},
      restPositions_(initialPositions(settings_)),
      restLengthsByDirection_(nuno::restLengthsByDirection(grid_, restPositions_)),
      accumulator_(settings_.stepSeconds, settings_.maxFrameSeconds) {}

std::uint64_t ClothModel::memoryBytes(const ClothSettings& settings) {
    // The rest shape, and the caller's starting shape and velocities when there are.
    const std::uint64_t vectorsPerParticle =
        1 + (settings.initialPositions.empty() ? 0 : 1) + (settings.initialVelocities.empty() ? 0 : 1);
    return static_cast<std::uint64_t>(settings.particleCount()) *
           (vectorsPerParticle * sizeof(Vec3) + kRestLengthsPerParticle * sizeof(float));
}

bool ClothModel::configure(const ClothSettings& next, ChangeCheck requireAffordable) {
    // The grid first: a changed grid is the mistake, whatever else it makes look out of range
    // (pins beyond a smaller grid, say).
#define NUNO_REQUIRE_GRID_UNCHANGED(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    if (Scope::scope == Scope::Grid) requireUnchanged(next.field == settings_.field, key);
    NUNO_SETTINGS(NUNO_REQUIRE_GRID_UNCHANGED)
#undef NUNO_REQUIRE_GRID_UNCHANGED
    validate(next);
    if (requireAffordable != nullptr) requireAffordable(settings_, next);

    const bool pinsChanged = next.pins != settings_.pins || next.pinnedParticles != settings_.pinnedParticles;
    settings_ = next;
    accumulator_.configure(settings_.stepSeconds, settings_.maxFrameSeconds);
    return pinsChanged;
}

void ClothModel::reset() {
    held_.clear();
    attachments_.clear();
    accumulator_.reset();
    gustClock_ = GustClock{};
    // Made anew where it began: what a collider moved onto since is left to depenetrate.
    colliders_.forgetTravel();
}

void ClothModel::checkParticle(std::uint32_t particle) const {
    if (particle >= particleCount()) {
        failWith({"'particle' must be an index in [0, ", particleCount() - 1, "], got ", particle});
    }
}

std::vector<std::uint32_t> ClothModel::pinned() const {
    return pinnedParticles(grid_, settings_.pins, settings_.pinnedParticles);
}

// The settings keep saying which particles are pinned, so reset() and settings() agree.
void ClothModel::setPins(const std::vector<std::uint32_t>& pinned) {
    settings_.pins = PinPreset::Custom;
    settings_.pinnedParticles = pinnedParticles(grid_, PinPreset::Custom, pinned);
}

bool ClothModel::isPinned(std::uint32_t particle) const {
    checkParticle(particle);
    const std::vector<std::uint32_t> pins = pinned();
    return std::binary_search(pins.begin(), pins.end(), particle);
}

void ClothModel::pin(std::uint32_t particle) {
    checkParticle(particle);
    std::vector<std::uint32_t> pins = pinned();
    pins.push_back(particle);
    setPins(pins);
}

void ClothModel::unpin(std::uint32_t particle) {
    checkParticle(particle);
    std::vector<std::uint32_t> pins = pinned();
    pins.erase(std::remove(pins.begin(), pins.end(), particle), pins.end());
    setPins(pins);
}

bool ClothModel::isHeld(std::uint32_t particle) const {
    return std::find(held_.begin(), held_.end(), particle) != held_.end();
}

void ClothModel::hold(std::uint32_t particle, const Vec3& position) {
    checkParticle(particle);
    requireVector("position", position, kMaxCoordinateMetres);
    if (!isHeld(particle)) held_.push_back(particle);
}

void ClothModel::release(std::uint32_t particle) {
    checkParticle(particle);
    held_.erase(std::remove(held_.begin(), held_.end(), particle), held_.end());
}

float ClothModel::inverseMassOf(std::uint32_t particle) const {
    return isHeld(particle) || isPinned(particle) || attachments_.contains(particle) ? 0.0f : 1.0f / settings_.particleMass();
}

std::vector<float> ClothModel::inverseMasses() const {
    std::vector<float> masses(particleCount(), 1.0f / settings_.particleMass());
    for (const std::uint32_t particle : pinned()) masses[particle] = 0.0f;
    for (const std::uint32_t particle : held_) masses[particle] = 0.0f;
    for (const Attachment& attachment : attachments_.list()) masses[attachment.particle] = 0.0f;
    return masses;
}

AttachedMotion ClothModel::attachedMotion(int step, int substep, int substeps, int steps) const {
    const float progress = (static_cast<float>(step) + static_cast<float>(substep + 1) / static_cast<float>(substeps)) /
                           static_cast<float>(steps);
    return {substep + 1 == substeps && step + 1 == steps ? 1.0f : progress,
            1.0f / (static_cast<float>(steps) * settings_.stepSeconds)};
}

GustWaves ClothModel::gustWavesForSubstep(int substeps) {
    const GustWaves waves = gustWavesNow();
    advanceGustClock(substepSecondsOf(substeps));
    return waves;
}

SolverParameters ClothModel::solverParameters() const {
    const ClothSettings& s = settings_;
    return {s.solver, s.ordering, s.jacobiRelaxation, s.springConstant, s.particleMass(),
            {s.structural, s.shear, s.bending}};
}

Forces ClothModel::forces() const {
    const ClothSettings& s = settings_;
    return {s.gravity, s.wind, s.damping, s.windNormalDrag, s.windTangentialDrag};
}

float ClothModel::colliderClearance(const std::vector<Vec3>& positions) const {
    return colliders_.clearance(positions, inverseMasses());
}

std::size_t ClothModel::selfIntersections(const std::vector<Vec3>& positions, float thickness) const {
    return nuno::selfIntersections(positions, restPositions_, grid_, thickness);
}

std::size_t ClothModel::selfCrossings(const std::vector<Vec3>& positions) const {
    return nuno::selfCrossings(positions, grid_);
}

int ClothModel::substepsFor(float fastestApproach) const {
    const float thickness = settings_.selfCollisionThickness;
    if (!(thickness > 0.0f)) return settings_.substeps;
    const float substepsNeeded = fastestApproach * settings_.stepSeconds / (kSubstepMoveThicknesses * thickness);
    const int most = kMostSubstepsPerSetting * settings_.substeps;
    // Compared as floats first: a cloth moving at 1e30 m/s needs more substeps than an int holds.
    if (!(substepsNeeded < static_cast<float>(most))) return most;
    return std::max(settings_.substeps, static_cast<int>(std::ceil(substepsNeeded)));
}

}  // namespace nuno

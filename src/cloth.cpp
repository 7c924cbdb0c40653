#include "cloth.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

#include "integrate.hpp"
#include "normals.hpp"
#include "pins.hpp"
#include "sheet.hpp"

namespace nuno {
namespace {

const ClothSettings& validated(const ClothSettings& settings) {
    validate(settings);
    return settings;
}

SolverParameters solverParameters(const ClothSettings& s) {
    return {s.solver, s.ordering, s.jacobiRelaxation, s.springConstant, s.particleMass(),
            {s.structural, s.shear, s.bending}};
}

Forces forcesOf(const ClothSettings& s) {
    return {s.gravity, s.damping, s.wind, s.windNormalDrag, s.windTangentialDrag};
}

void requireUnchanged(bool same, const char* name) {
    if (!same) {
        throw std::invalid_argument(std::string("nuno: '") + name +
                                    "' shapes the grid and cannot change on a running cloth; create a new cloth");
    }
}

}  // namespace

Cloth::Cloth(const ClothSettings& settings)
    : settings_(validated(settings)),
      restPositions_(initialPositions(settings_)),
      topology_(buildTopology(Grid{settings_.columns, settings_.rows}, restPositions_)),
      restLengthsByDirection_(nuno::restLengthsByDirection(topology_)),
      normals_(restPositions_.size()),
      solver_(topology_.constraints.size(), restPositions_.size()),
      accumulator_(settings_.stepSeconds, settings_.maxFrameSeconds) {
    reset();
}

void Cloth::hold(std::uint32_t particle, const Vec3& position) {
    checkParticle(particle);
    if (!std::isfinite(position.x) || !std::isfinite(position.y) || !std::isfinite(position.z)) {
        throw std::invalid_argument("nuno: 'position' must be three finite numbers");
    }
    if (std::find(held_.begin(), held_.end(), particle) == held_.end()) held_.push_back(particle);
    particles_.inverseMasses[particle] = 0.0f;
    particles_.velocities[particle] = Vec3(0);
    particles_.positions[particle] = position;
}

void Cloth::release(std::uint32_t particle) {
    checkParticle(particle);
    const auto found = std::find(held_.begin(), held_.end(), particle);
    if (found == held_.end()) return;
    held_.erase(found);
    particles_.inverseMasses[particle] = isPinned(particle) ? 0.0f : 1.0f / settings_.particleMass();
}

void Cloth::reset() {
    particles_.positions = restPositions_;
    particles_.predictedPositions = restPositions_;
    particles_.silentPushes.assign(restPositions_.size(), Vec3(0));
    particles_.velocities.assign(restPositions_.size(), Vec3(0));
    particles_.inverseMasses.assign(restPositions_.size(), 1.0f / settings_.particleMass());
    held_.clear();
    applyPins();
    accumulator_.reset();
}

void Cloth::applyPins() {
    const float freeInverseMass = 1.0f / settings_.particleMass();
    std::fill(particles_.inverseMasses.begin(), particles_.inverseMasses.end(), freeInverseMass);
    for (std::uint32_t index : pins()) {
        particles_.inverseMasses[index] = 0.0f;
        particles_.velocities[index] = Vec3(0);
    }
    for (std::uint32_t index : held_) particles_.inverseMasses[index] = 0.0f;
}

void Cloth::configure(const ClothSettings& next) {
    validate(next);
    requireUnchanged(next.columns == settings_.columns, "columns");
    requireUnchanged(next.rows == settings_.rows, "rows");
    requireUnchanged(next.width == settings_.width, "width");
    requireUnchanged(next.height == settings_.height, "height");
    requireUnchanged(next.orientation == settings_.orientation, "orientation");
    requireUnchanged(next.center == settings_.center, "center");
    requireUnchanged(next.initialPositions == settings_.initialPositions, "positions");
    requireUnchanged(next.density == settings_.density, "density");

    const bool pinsChanged = next.pins != settings_.pins || next.pinnedParticles != settings_.pinnedParticles;
    settings_ = next;
    accumulator_.configure(settings_.stepSeconds, settings_.maxFrameSeconds);
    if (pinsChanged) applyPins();
}

void Cloth::checkParticle(std::uint32_t particle) const {
    if (particle >= particles_.size()) {
        throw std::invalid_argument("nuno: 'particle' must be an index in [0, " +
                                    std::to_string(particles_.size() - 1) + "], got " + std::to_string(particle));
    }
}

std::vector<std::uint32_t> Cloth::pins() const {
    return pinnedParticles(topology_.grid, settings_.pins, settings_.pinnedParticles);
}

bool Cloth::isPinned(std::uint32_t particle) const {
    checkParticle(particle);
    const std::vector<std::uint32_t> pinned = pins();
    return std::binary_search(pinned.begin(), pinned.end(), particle);
}

void Cloth::pin(std::uint32_t particle) {
    checkParticle(particle);
    std::vector<std::uint32_t> pinned = pins();
    pinned.push_back(particle);
    setPins(pinned);
    particles_.inverseMasses[particle] = 0.0f;
    particles_.velocities[particle] = Vec3(0);
}

void Cloth::unpin(std::uint32_t particle) {
    checkParticle(particle);
    std::vector<std::uint32_t> pinned = pins();
    pinned.erase(std::remove(pinned.begin(), pinned.end(), particle), pinned.end());
    setPins(pinned);
    if (std::find(held_.begin(), held_.end(), particle) == held_.end()) {
        particles_.inverseMasses[particle] = 1.0f / settings_.particleMass();
        particles_.velocities[particle] = Vec3(0);
    }
}

// The settings keep saying which particles are pinned, so reset() and settings() agree.
void Cloth::setPins(const std::vector<std::uint32_t>& pinned) {
    settings_.pins = PinPreset::Custom;
    settings_.pinnedParticles = pinnedParticles(topology_.grid, PinPreset::Custom, pinned);
}

FamilyRules Cloth::familyRules() const { return rulesFor(solverParameters(settings_), settings_.substepSeconds()); }

int Cloth::step(double frameSeconds) {
    const int steps = advanceClock(frameSeconds);
    stepFixed(steps);
    return steps;
}

void Cloth::stepFixed(int count) {
    if (count < 0) throw std::invalid_argument("nuno: 'count' must be an integer >= 0, got " + std::to_string(count));
    const SolverParameters parameters = solverParameters(settings_);
    const float substepSeconds = settings_.substepSeconds();
    for (int s = 0; s < count; ++s) {
        for (int i = 0; i < settings_.substeps; ++i) substep(substepSeconds, parameters);
        ++stepsTaken_;
    }
}

void Cloth::substep(float substepSeconds, const SolverParameters& parameters) {
    const Forces forces = forcesOf(settings_);
    if (forces.hasWindDrag()) computeNormals(topology_.grid, particles_.positions, normals_);
    predict(particles_, normals_, forces, substepSeconds);
    solver_.beginSubstep();
    for (int i = 0; i < settings_.iterations; ++i) solver_.iterate(topology_, particles_, parameters, substepSeconds);
    colliders_.resolve(particles_, settings_.collisionMargin, substepSeconds);
    updateVelocities(particles_, substepSeconds);
}

const std::vector<Vec3>& Cloth::normals() {
    computeNormals(topology_.grid, particles_.positions, normals_);
    return normals_;
}

double Cloth::kineticEnergy() const {
    return nuno::kineticEnergy(particles_, settings_.particleMass());
}

}  // namespace nuno

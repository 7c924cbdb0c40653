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

std::string showMebibytes(std::uint64_t bytes) {
    return showNumber(std::round(static_cast<double>(bytes) / (1024.0 * 1024.0))) + " MiB";
}

}  // namespace

void Cloth::requireFitsInMemory(const ClothSettings& settings, const std::string& name, const std::string& units,
                                int particlesPerUnit) {
    const std::uint64_t bytes = memoryBytes(settings);
    if (bytes <= kMaxClothBytes) return;
    const double bytesPerParticle = static_cast<double>(bytes) / settings.particleCount();
    const auto maxUnits = static_cast<std::uint64_t>(static_cast<double>(kMaxClothBytes) / bytesPerParticle / particlesPerUnit);
    failInput(name,
              "at most about " + std::to_string(maxUnits) + " " + units + " (a cloth keeps about " +
                  showNumber(std::round(bytesPerParticle)) + " bytes per particle and may take " +
                  showMebibytes(kMaxClothBytes) + " of the 2 GiB WebAssembly heap)",
              std::to_string(settings.particleCount() / particlesPerUnit) + ", which needs about " + showMebibytes(bytes));
}

namespace {

// Another ordering or solver, or XPBD iterated, keeps more state (made when first used): the
// change is refused by its own name when the grid has no memory for it.
void requireChangeFitsInMemory(const ClothSettings& current, const ClothSettings& next) {
    const std::uint64_t bytes = Cloth::memoryBytes(next);
    if (bytes <= Cloth::kMaxClothBytes) return;
    const bool orderingChanged = next.ordering != current.ordering;
    const bool solverChanged = next.solver != current.solver;
    const char* name = orderingChanged ? "ordering" : solverChanged ? "solver" : "iterations";
    const std::string got = orderingChanged ? std::string("'") + orderingName(next.ordering) + "'"
                            : solverChanged ? std::string("'") + solverName(next.solver) + "'"
                                            : std::to_string(next.iterations);
    failInput(name,
              "what this grid has the memory for (with it the cloth would keep about " + showMebibytes(bytes) +
                  ", and a cloth may take " + showMebibytes(Cloth::kMaxClothBytes) + " of the 2 GiB WebAssembly heap)",
              got);
}

const ClothSettings& validated(const ClothSettings& settings) {
    validate(settings);
    Cloth::requireFitsInMemory(settings, "columns * rows", "particles", 1);
    return settings;
}

SolverParameters solverParameters(const ClothSettings& s) {
    return {s.solver, s.ordering, s.jacobiRelaxation, s.springConstant, s.particleMass(),
            {s.structural, s.shear, s.bending}};
}

Forces forcesOf(const ClothSettings& s) {
    return {s.gravity, s.wind, s.damping, s.windNormalDrag, s.windTangentialDrag};
}

bool finite(const Vec3& v) { return std::isfinite(v.x) && std::isfinite(v.y) && std::isfinite(v.z); }

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
      topology_(buildTopology(Grid{settings_.columns, settings_.rows, settings_.patchColumns, settings_.patchRows},
                              restPositions_)),
      restLengthsByDirection_(nuno::restLengthsByDirection(topology_)),
      normals_(restPositions_.size()),
      redBlack_(topology_, restLengthsByDirection_),
      accumulator_(settings_.stepSeconds, settings_.maxFrameSeconds),
      stepStartPositions_(restPositions_.size()),
      stepStartVelocities_(restPositions_.size()) {
    reset();
}

std::uint64_t Cloth::memoryBytes(const ClothSettings& settings) {
    const auto columns = static_cast<std::uint64_t>(settings.columns);
    const auto rows = static_cast<std::uint64_t>(settings.rows);
    const std::uint64_t particles = columns * rows;
    // Structural (right, down), shear (two diagonals), bending (skip-one right and down).
    const std::uint64_t constraints = (columns - 1) * rows + columns * (rows - 1) + 2 * (columns - 1) * (rows - 1) +
                                      (columns - 2) * rows + columns * (rows - 2);
    const std::uint64_t triangleIndices = 6 * (columns - 1) * (rows - 1);
    // restPositions_, the particles' positions, velocities, predictions and silent pushes,
    // normals_, the step start's positions and velocities (8), and the caller's starting shape
    // and velocities when there are.
    const std::uint64_t vectorsPerParticle =
        8 + (settings.initialPositions.empty() ? 0 : 1) + (settings.initialVelocities.empty() ? 0 : 1);
    const std::uint64_t perParticle = vectorsPerParticle * sizeof(Vec3) +
                                      2 * sizeof(float) /* inverse mass, Jacobi count */ +
                                      kRestLengthsPerParticle * sizeof(float);
    const std::uint64_t perConstraint = sizeof(DistanceConstraint) + sizeof(std::uint32_t) /* Gauss-Seidel order */;
    return particles * perParticle + constraints * perConstraint + triangleIndices * sizeof(std::uint32_t) +
           RedBlackSolver::memoryBytes(settings) + SweepSolver::memoryBytes(settings, constraints);
}

void Cloth::hold(std::uint32_t particle, const Vec3& position) {
    checkParticle(particle);
    requireVector("position", position, kMaxCoordinateMetres);
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
    if (settings_.initialVelocities.empty()) {
        particles_.velocities.assign(restPositions_.size(), Vec3(0));
    } else {
        particles_.velocities = settings_.initialVelocities;
    }
    particles_.inverseMasses.assign(restPositions_.size(), 1.0f / settings_.particleMass());
    held_.clear();
    applyPins();
    accumulator_.reset();
    gustClock_ = GustClock{};
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
    // The grid first: a changed grid is the mistake, whatever else it makes look out of range
    // (pins beyond a smaller grid, say).
#define NUNO_REQUIRE_GRID_UNCHANGED(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    if (Scope::scope == Scope::Grid) requireUnchanged(next.field == settings_.field, key);
    NUNO_SETTINGS(NUNO_REQUIRE_GRID_UNCHANGED)
#undef NUNO_REQUIRE_GRID_UNCHANGED
    validate(next);
    requireChangeFitsInMemory(settings_, next);

    const bool pinsChanged = next.pins != settings_.pins || next.pinnedParticles != settings_.pinnedParticles;
    settings_ = next;
    accumulator_.configure(settings_.stepSeconds, settings_.maxFrameSeconds);
    if (pinsChanged) applyPins();
    // What the new settings no longer use goes, so what is kept is what memoryBytes counts.
    redBlack_.fitTo(settings_);
    sweeps_.fitTo(settings_);
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

SubstepFactors Cloth::substepFactors() const {
    return nuno::substepFactors(forcesOf(settings_), settings_.substepSeconds());
}

int Cloth::step(double frameSeconds) {
    const int steps = advanceClock(frameSeconds);
    stepFixed(steps);
    return steps;
}

void Cloth::stepFixed(int count) {
    if (count < 0) throw std::invalid_argument("nuno: 'count' must be an integer >= 0, got " + std::to_string(count));
    const SolverParameters parameters = solverParameters(settings_);
    const float substepSeconds = settings_.substepSeconds();
    const SubstepFactors factors = substepFactors();
    const FamilyRules rules = rulesFor(parameters, substepSeconds);
    const std::vector<Stage> schedule = substepSchedule();
    for (int s = 0; s < count; ++s) {
        std::copy(particles_.positions.begin(), particles_.positions.end(), stepStartPositions_.begin());
        std::copy(particles_.velocities.begin(), particles_.velocities.end(), stepStartVelocities_.begin());
        for (int i = 0; i < settings_.substeps; ++i) {
            substep(schedule, substepSeconds, parameters, rules, factors);
            gustClock_.advance(settings_, substepSeconds);
        }
        if (!stateIsFinite()) {
            std::copy(stepStartPositions_.begin(), stepStartPositions_.end(), particles_.positions.begin());
            std::copy(stepStartVelocities_.begin(), stepStartVelocities_.end(), particles_.velocities.begin());
            ++nonFiniteRecoveries_;
        }
        ++stepsTaken_;
    }
}

bool Cloth::stateIsFinite() const {
    for (std::size_t i = 0; i < particles_.size(); ++i) {
        if (!finite(particles_.positions[i]) || !finite(particles_.velocities[i])) return false;
    }
    return true;
}

ThreadTeam& Cloth::team() const {
    return team_ && particles_.size() >= kParticlesWorthThreads ? *team_ : ThreadTeam::alone();
}

void Cloth::substep(const std::vector<Stage>& schedule, float substepSeconds, const SolverParameters& parameters,
                    const FamilyRules& rules, const SubstepFactors& factors) {
    ThreadTeam& team = this->team();
    const std::size_t particleCount = particles_.size();
    const auto rowCount = static_cast<std::size_t>(topology_.grid.rows);
    // The red-black passes run on their own copy of the positions (red_black_solver.hpp), from
    // the first constrain stage to the stage after the last.
    bool passesHoldPositions = false;
    for (const Stage& stage : schedule) {
        if ((stage.kind == StageKind::Constrain) != passesHoldPositions) {
            passesHoldPositions = !passesHoldPositions;
            if (passesHoldPositions) {
                redBlack_.beginPasses(particles_, team);
            } else {
                redBlack_.endPasses(particles_, team);
            }
        }
        switch (stage.kind) {
            case StageKind::Predict: {
                if (factors.hasWindDrag()) {
                    team.forEachBand(rowCount, [&](Band rows) {
                        computeNormals(topology_.grid, particles_.positions, normals_, rows);
                    });
                }
                const bool gusty = settings_.windGustSpeed > 0.0f;
                const GustWaves gusts = gusty ? gustWavesAt(settings_, gustClock_) : GustWaves{};
                const Forces forces = forcesOf(settings_);
                team.forEachBand(particleCount, [&](Band band) {
                    predict(particles_, normals_, forces, factors, substepSeconds, gusty ? &gusts : nullptr, band);
                });
                sweeps_.beginSubstep();
                redBlack_.beginSubstep(settings_);
                break;
            }
            case StageKind::Constrain:
                redBlack_.solvePass(stage.direction, stage.colour, parameters.solver,
                                    rules[static_cast<int>(familyOf(stage.direction))], team);
                break;
            case StageKind::Sweep:
                sweeps_.sweep(topology_, particles_, parameters, rules);
                break;
            case StageKind::Separate:
                selfCollision_.resolve(particles_, restPositions_, topology_.grid,
                                       {settings_.selfCollisionThickness, settings_.selfCollisionFriction}, substepSeconds);
                break;
            case StageKind::Collide:
                team.forEachBand(particleCount, [&](Band band) {
                    colliders_.resolve(particles_, settings_.collisionMargin, substepSeconds, band);
                    updateVelocities(particles_, substepSeconds, band);
                });
                break;
        }
    }
    if (passesHoldPositions) redBlack_.endPasses(particles_, team);
}

GustWaves Cloth::gustWavesForSubstep() {
    const GustWaves waves = gustWavesAt(settings_, gustClock_);
    gustClock_.advance(settings_, settings_.substepSeconds());
    return waves;
}

const std::vector<Vec3>& Cloth::normals() {
    computeNormals(topology_.grid, particles_.positions, normals_, {0, static_cast<std::size_t>(topology_.grid.rows)});
    return normals_;
}

double Cloth::kineticEnergy() const {
    return nuno::kineticEnergy(particles_, settings_.particleMass());
}

}  // namespace nuno

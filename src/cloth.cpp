#include "cloth.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>

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
      split_(restPositions_.size()),
      patchEdges_(topology_.grid),
      normals_(restPositions_.size()),
      redBlack_(topology_, restLengthsByDirection_),
      accumulator_(settings_.stepSeconds, settings_.maxFrameSeconds),
      stepStartPositions_(SplitParticles::lengthFor(restPositions_.size())),
      stepStartVelocities_(SplitParticles::lengthFor(restPositions_.size())) {
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
    // restPositions_, the xyz positions and velocities, normals_, the step start's positions and
    // velocities (6), and the caller's starting shape and velocities when there are.
    const std::uint64_t vectorsPerParticle =
        6 + (settings.initialPositions.empty() ? 0 : 1) + (settings.initialVelocities.empty() ? 0 : 1);
    const std::uint64_t perParticle = vectorsPerParticle * sizeof(Vec3) +
                                      2 * sizeof(float) /* inverse mass, Jacobi count */ +
                                      kRestLengthsPerParticle * sizeof(float) + SplitParticles::kBytesPerParticle;
    const std::uint64_t perConstraint = sizeof(DistanceConstraint) + sizeof(std::uint32_t) /* Gauss-Seidel order */;
    const std::uint64_t patchEdges = 2 * columns * sizeof(float);
    return particles * perParticle + constraints * perConstraint + triangleIndices * sizeof(std::uint32_t) + patchEdges +
           RedBlackSolver::memoryBytes(settings) + SweepSolver::memoryBytes(settings, constraints);
}

void Cloth::hold(std::uint32_t particle, const Vec3& position) {
    checkParticle(particle);
    requireVector("position", position, kMaxCoordinateMetres);
    if (std::find(held_.begin(), held_.end(), particle) == held_.end()) held_.push_back(particle);
    particles_.inverseMasses[particle] = 0.0f;
    particles_.velocities[particle] = Vec3(0);
    particles_.positions[particle] = position;
    splitParticle(particle);
}

void Cloth::release(std::uint32_t particle) {
    checkParticle(particle);
    const auto found = std::find(held_.begin(), held_.end(), particle);
    if (found == held_.end()) return;
    held_.erase(found);
    particles_.inverseMasses[particle] = isPinned(particle) ? 0.0f : 1.0f / settings_.particleMass();
    splitParticle(particle);
}

void Cloth::reset() {
    particles_.positions = restPositions_;
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
    // Made anew where it began: what a collider moved onto since is left to depenetrate.
    colliders_.forgetTravel();
    // Its face pairs remember which side of a triangle each particle came from: a cloth put back
    // has no such past.
    selfCollision_ = SelfCollision{};
}

void Cloth::applyPins() {
    const float freeInverseMass = 1.0f / settings_.particleMass();
    std::fill(particles_.inverseMasses.begin(), particles_.inverseMasses.end(), freeInverseMass);
    for (std::uint32_t index : pins()) {
        particles_.inverseMasses[index] = 0.0f;
        particles_.velocities[index] = Vec3(0);
    }
    for (std::uint32_t index : held_) particles_.inverseMasses[index] = 0.0f;
    splitFromXyz(kPositions | kVelocities | kInverseMasses, team());
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
    splitParticle(particle);
}

void Cloth::unpin(std::uint32_t particle) {
    checkParticle(particle);
    std::vector<std::uint32_t> pinned = pins();
    pinned.erase(std::remove(pinned.begin(), pinned.end(), particle), pinned.end());
    setPins(pinned);
    if (std::find(held_.begin(), held_.end(), particle) == held_.end()) {
        particles_.inverseMasses[particle] = 1.0f / settings_.particleMass();
        particles_.velocities[particle] = Vec3(0);
        splitParticle(particle);
    }
}

// The settings keep saying which particles are pinned, so reset() and settings() agree.
void Cloth::setPins(const std::vector<std::uint32_t>& pinned) {
    settings_.pins = PinPreset::Custom;
    settings_.pinnedParticles = pinnedParticles(topology_.grid, PinPreset::Custom, pinned);
}

SolverParameters Cloth::solverParameters() const {
    const ClothSettings& s = settings_;
    return {s.solver, s.ordering, s.jacobiRelaxation, s.springConstant, s.particleMass(),
            {s.structural, s.shear, s.bending}};
}

Forces Cloth::forces() const {
    const ClothSettings& s = settings_;
    return {s.gravity, s.wind, s.damping, s.windNormalDrag, s.windTangentialDrag};
}

FamilyRules Cloth::familyRules() const { return rulesFor(solverParameters(), settings_.substepSeconds()); }

SubstepFactors Cloth::substepFactors() const { return nuno::substepFactors(forces(), settings_.substepSeconds()); }

int Cloth::step(double frameSeconds) {
    const int steps = advanceClock(frameSeconds);
    stepFixed(steps);
    return steps;
}

void Cloth::splitParticle(std::uint32_t particle) {
    const Grid& grid = topology_.grid;
    const auto columns = static_cast<std::uint32_t>(grid.columns);
    const std::size_t at = splitIndex(grid, static_cast<int>(particle % columns), static_cast<int>(particle / columns));
    split_.positions.set(at, particles_.positions[particle]);
    split_.velocities.set(at, particles_.velocities[particle]);
    split_.inverseMasses[at] = particles_.inverseMasses[particle];
}

ThreadTeam& Cloth::team() const {
    return team_ && particles_.size() >= kParticlesWorthThreads ? *team_ : ThreadTeam::alone();
}

GustWaves Cloth::gustWavesForSubstep() {
    const GustWaves waves = gustWavesAt(settings_, gustClock_);
    gustClock_.advance(settings_, settings_.substepSeconds());
    return waves;
}

const std::vector<Vec3>& Cloth::normals() {
    const Grid& grid = topology_.grid;
    const Band rows{0, static_cast<std::size_t>(grid.rows)};
    computeNormals(grid, patchEdges_, split_.positions, split_.normals, rows);
    unsplit(grid, split_.normals, normals_, rows);
    return normals_;
}

double Cloth::kineticEnergy() const {
    return nuno::kineticEnergy(particles_, settings_.particleMass());
}

}  // namespace nuno

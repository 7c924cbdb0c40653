#include "cloth.hpp"

#include <algorithm>
#include <string>

namespace nuno {

void Cloth::requireChangeFitsInMemory(const ClothSettings& current, const ClothSettings& next) {
    const std::uint64_t bytes = Cloth::memoryBytes(next);
    if (bytes <= Cloth::kMaxClothBytes) return;
    const bool orderingChanged = next.ordering != current.ordering;
    const bool solverChanged = next.solver != current.solver;
    const char* name = orderingChanged ? "ordering" : solverChanged ? "solver" : "iterations";
    const char* choice = orderingChanged ? orderingName(next.ordering) : solverName(next.solver);
    failInput(name,
              {"what this grid has the memory for (with it the cloth would keep about ", showMebibytes(bytes),
               ", and a cloth may take ", showMebibytes(Cloth::kMaxClothBytes), " of the 2 GiB WebAssembly heap)"},
              orderingChanged || solverChanged ? MessageText{"'", choice, "'"} : MessageText{next.iterations});
}

Cloth::Cloth(const ClothSettings& settings)
    : model_(settings, &Cloth::memoryBytes),
      topology_(buildTopology(model_.grid(), model_.restLengthsByDirection())),
      split_(model_.particleCount()),
      patchEdges_(topology_.grid),
      normals_(model_.particleCount()),
      redBlack_(topology_, model_.restLengthsByDirection()),
      torn_(model_.particleCount()),
      stepStartPositions_(SplitParticles::lengthFor(model_.particleCount())),
      stepStartVelocities_(SplitParticles::lengthFor(model_.particleCount())) {
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
    // The xyz positions and velocities, normals_, the step start's positions and velocities (5).
    const std::uint64_t perParticle = 5 * sizeof(Vec3) + 2 * sizeof(float) /* inverse mass, Jacobi count */ +
                                      sizeof(std::uint8_t) /* torn constraints */ + SplitParticles::kBytesPerParticle;
    const std::uint64_t perConstraint = sizeof(DistanceConstraint) + sizeof(std::uint32_t) /* Gauss-Seidel order */;
    const std::uint64_t patchEdges = 2 * columns * sizeof(float);
    return ClothModel::memoryBytes(settings) + particles * perParticle + constraints * perConstraint +
           triangleIndices * sizeof(std::uint32_t) + patchEdges + RedBlackSolver::memoryBytes(settings) +
           SweepSolver::memoryBytes(settings, constraints);
}

void Cloth::hold(std::uint32_t particle, const Vec3& position) {
    model_.hold(particle, position);
    particles_.inverseMasses[particle] = 0.0f;
    particles_.velocities[particle] = Vec3(0);
    particles_.positions[particle] = position;
    splitParticle(particle);
}

void Cloth::release(std::uint32_t particle) {
    if (!model_.isHeld(particle)) return model_.checkParticle(particle);
    model_.release(particle);
    particles_.inverseMasses[particle] = model_.inverseMassOf(particle);
    splitParticle(particle);
}

bool Cloth::attach(const std::vector<double>& particles, const std::vector<double>& targets) {
    const bool changed = model_.attach(particles, targets);
    if (changed) applyPins();
    return changed;
}

void Cloth::reset() {
    model_.reset();
    particles_.positions = model_.restPositions();
    const std::vector<Vec3>& initialVelocities = settings().initialVelocities;
    if (initialVelocities.empty()) {
        particles_.velocities.assign(particles_.positions.size(), Vec3(0));
    } else {
        particles_.velocities = initialVelocities;
    }
    applyPins();
    for (const Tear& tear : torn_.mendAll(topology_.grid)) {
        setSolved(tear, true);
        for (const Tear& bending : bendingAcross(topology_.grid, tear)) setSolved(bending, true);
    }
    // Its face pairs remember which side of a triangle each particle came from: a cloth put back
    // has no such past.
    selfCollision_ = SelfCollision{};
}

void Cloth::applyPins() {
    // In place: JS holds a view of this array, which must not move.
    const std::vector<float> masses = model_.inverseMasses();
    particles_.inverseMasses.resize(masses.size());
    std::copy(masses.begin(), masses.end(), particles_.inverseMasses.begin());
    for (const std::uint32_t particle : model_.pinned()) particles_.velocities[particle] = Vec3(0);
    splitFromXyz(kPositions | kVelocities | kInverseMasses, team());
}

void Cloth::configure(const ClothSettings& next) {
    if (model_.configure(next, requireChangeFitsInMemory)) applyPins();
    // What the new settings no longer use goes, so what is kept is what memoryBytes counts.
    redBlack_.fitTo(settings());
    sweeps_.fitTo(settings());
}

void Cloth::pin(std::uint32_t particle) {
    model_.pin(particle);
    particles_.inverseMasses[particle] = 0.0f;
    particles_.velocities[particle] = Vec3(0);
    splitParticle(particle);
}

void Cloth::unpin(std::uint32_t particle) {
    model_.unpin(particle);
    if (!model_.isHeld(particle)) {
        particles_.inverseMasses[particle] = model_.inverseMassOf(particle);
        particles_.velocities[particle] = Vec3(0);
        splitParticle(particle);
    }
}

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

void Cloth::tearStretched() {
    const Grid& grid = topology_.grid;
    for (const Tear& tear : redBlack_.stretchedPast(grid, split_.positions, 1.0f + settings().tearStrain)) {
        torn_.tear(grid, tear);
        selfCollision_.forgetList();
        setSolved(tear, false);
        for (const Tear& bending : bendingAcross(grid, tear)) setSolved(bending, false);
    }
}

void Cloth::setSolved(const Tear& constraint, bool solved) {
    const Grid& grid = topology_.grid;
    const std::size_t at = grid.index(constraint.column, constraint.row) * kRestLengthsPerParticle +
                           static_cast<std::size_t>(constraint.direction);
    const float restLength = solved ? model_.restLengthsByDirection()[at] : -1.0f;
    redBlack_.setRestLength(grid, constraint.direction, constraint.column, constraint.row, restLength);
    setRestLength(topology_, constraint.direction, constraint.column, constraint.row, restLength);
}

const std::vector<Vec3>& Cloth::normals() {
    const Grid& grid = topology_.grid;
    const Band rows{0, static_cast<std::size_t>(grid.rows)};
    computeNormals(grid, patchEdges_, split_.positions, split_.normals, rows);
    normalsAtTears(grid, torn_, split_.positions, split_.normals);
    unsplit(grid, split_.normals, normals_, rows);
    return normals_;
}

double Cloth::kineticEnergy() const {
    return nuno::kineticEnergy(particles_, settings().particleMass());
}

}  // namespace nuno

// The stages that run four particles at a time on the split arrays (normals, predict, collide
// and the velocity update) against the plainest way to write them: one particle at a time, in
// the xyz layout and the natural order, with glm. Each lane does the scalar formula's operations in its
// order, so the two must agree to the bit, whatever the grid's width (odd or even, narrower
// than four), its patches and its pinned particles.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <limits>
#include <random>

#include "collide.hpp"
#include "differing_bits.hpp"
#include "predict.hpp"
#include "normals.hpp"
#include "split_particles.hpp"
#include "test_meshes.hpp"
#include "wind_gusts.hpp"

namespace nuno {
namespace {

constexpr Grid kCases[] = {{2, 2, 0, 0},   {3, 5, 0, 0},   {5, 3, 0, 0},   {7, 4, 0, 0},    {8, 8, 0, 0},
                           {9, 11, 0, 0},  {17, 6, 0, 0},  {33, 19, 0, 0}, {24, 16, 8, 8},  {40, 12, 10, 4},
                           {18, 18, 3, 6}, {64, 9, 64, 3}, {30, 10, 2, 2}};

std::vector<Vec3> randomVectors(std::size_t count, float reach, std::mt19937& random) {
    std::uniform_real_distribution<float> spread(-reach, reach);
    std::vector<Vec3> vectors(count);
    for (Vec3& v : vectors) v = Vec3(spread(random), spread(random), spread(random));
    return vectors;
}

SplitVectors splitOf(const Grid& grid, const std::vector<Vec3>& vectors) {
    SplitVectors split(SplitParticles::lengthFor(vectors.size()));
    nuno::split(grid, vectors, split, {0, static_cast<std::size_t>(grid.rows)});
    return split;
}

std::vector<Vec3> unsplitOf(const Grid& grid, const SplitVectors& split) {
    std::vector<Vec3> vectors(static_cast<std::size_t>(grid.particleCount()));
    unsplit(grid, split, vectors, {0, static_cast<std::size_t>(grid.rows)});
    return vectors;
}

std::string describe(const Grid& grid) {
    return std::to_string(grid.columns) + " x " + std::to_string(grid.rows) + " in patches of " +
           std::to_string(grid.patchColumns) + " x " + std::to_string(grid.patchRows);
}

// Central differences within each patch, one-sided at its edges.
std::vector<Vec3> normalsOneByOne(const Grid& grid, const std::vector<Vec3>& positions) {
    std::vector<Vec3> normals(positions.size());
    for (int row = 0; row < grid.rows; ++row) {
        for (int column = 0; column < grid.columns; ++column) {
            const int left = std::max(column - 1, grid.patchStartColumn(column));
            const int right = std::min(column + 1, grid.patchEndColumn(column));
            const int up = std::max(row - 1, grid.patchStartRow(row));
            const int down = std::min(row + 1, grid.patchEndRow(row));
            const Vec3 alongRow = positions[grid.index(right, row)] - positions[grid.index(left, row)];
            const Vec3 alongColumn = positions[grid.index(column, down)] - positions[grid.index(column, up)];
            const Vec3 normal = glm::cross(alongColumn, alongRow);
            const float lengthSquared = glm::dot(normal, normal);
            normals[grid.index(column, row)] = lengthSquared > 1e-20f ? normal / std::sqrt(lengthSquared) : Vec3(0);
        }
    }
    return normals;
}

TEST(SplitStages, SplittingAndBackGivesTheSameVectors) {
    std::mt19937 random(1);
    for (const Grid& grid : kCases) {
        const std::vector<Vec3> vectors = randomVectors(static_cast<std::size_t>(grid.particleCount()), 1.0f, random);
        const SplitVectors split = splitOf(grid, vectors);
        EXPECT_EQ(unsplitOf(grid, split), vectors) << describe(grid);
        // The even columns of a row first, then the odd ones.
        const int row = grid.rows - 1;
        for (int column = 0; column < grid.columns; ++column) {
            EXPECT_EQ(split.at(splitIndex(grid, column, row)), vectors[grid.index(column, row)]) << describe(grid);
        }
        if (grid.columns >= 3) {
            EXPECT_EQ(split.at(grid.index(1, row)), vectors[grid.index(2, row)]) << describe(grid);
        }
    }
}

TEST(SplitStages, NormalsFourAtATimeAreBitForBitOneAtATime) {
    std::mt19937 random(2);
    for (const Grid& grid : kCases) {
        std::vector<Vec3> positions = randomVectors(static_cast<std::size_t>(grid.particleCount()), 1.0f, random);
        positions[1] = positions[0];  // some degenerate spots: zero normals
        positions.back() = positions[positions.size() - 2];
        SplitVectors normals(SplitParticles::lengthFor(positions.size()));
        computeNormals(grid, PatchEdges(grid), splitOf(grid, positions), normals, {0, static_cast<std::size_t>(grid.rows)});
        EXPECT_EQ(test::differingBits(unsplitOf(grid, normals), normalsOneByOne(grid, positions)), 0) << describe(grid);
    }
}

struct Motion {
    std::vector<Vec3> positions;
    std::vector<Vec3> velocities;
    std::vector<Vec3> predictedPositions;
    std::vector<Vec3> silentPushes;
};

// The split state of a motion, its inverse masses and (where given) its normals.
SplitParticles splitOf(const Grid& grid, const Motion& motion, const std::vector<float>& inverseMasses,
                       const std::vector<Vec3>& normals = {}) {
    const Band rows{0, static_cast<std::size_t>(grid.rows)};
    SplitParticles split(motion.positions.size());
    nuno::split(grid, motion.positions, split.positions, rows);
    nuno::split(grid, motion.velocities, split.velocities, rows);
    nuno::split(grid, motion.predictedPositions, split.predictedPositions, rows);
    nuno::split(grid, motion.silentPushes, split.silentPushes, rows);
    nuno::split(grid, inverseMasses, split.inverseMasses, rows);
    if (!normals.empty()) nuno::split(grid, normals, split.normals, rows);
    return split;
}

// What predict() does to one particle, written as its header says.
void predictOneByOne(Motion& motion, const std::vector<Vec3>& normals, const std::vector<float>& inverseMasses,
                     const Forces& forces, const SubstepFactors& factors, float h, const GustWaves* gusts) {
    for (std::size_t i = 0; i < motion.positions.size(); ++i) {
        Vec3& velocity = motion.velocities[i];
        if (inverseMasses[i] == 0.0f) {
            velocity = Vec3(0);
        } else {
            if (factors.hasWindDrag()) {
                const Vec3 air = gusts ? forces.wind + gustAt(*gusts, motion.positions[i]) : forces.wind;
                const Vec3 relativeWind = air - velocity;
                const Vec3 normalPart = normals[i] * glm::dot(relativeWind, normals[i]);
                velocity += normalPart * factors.normalDragShare + (relativeWind - normalPart) * factors.tangentialDragShare;
            }
            velocity = velocity * factors.keep + forces.gravity * h;
            motion.positions[i] += velocity * h;
        }
        motion.predictedPositions[i] = motion.positions[i];
    }
}

void collideOneByOne(Motion& motion, const std::vector<float>& inverseMasses, const std::vector<Collider>& colliders,
                     const std::vector<float>& depenetration, float margin, float h);

TEST(SplitStages, PredictAndTheVelocityUpdateFourAtATimeAreBitForBitOneAtATime) {
    std::mt19937 random(3);
    ClothSettings gusty;
    gusty.windGustSpeed = 3.0f;
    gusty.windGustWavelength = 0.5f;
    gusty.wind = Vec3(2.0f, 0.0f, 1.0f);
    const GustWaves gusts = gustWavesAt(gusty, GustClock{});
    const Forces calm{Vec3(0.0f, -9.81f, 0.0f), Vec3(0.0f), 0.5f, 0.0f, 0.0f};
    const Forces windy{Vec3(0.0f, -9.81f, 0.0f), Vec3(2.0f, 0.0f, 1.0f), 0.5f, 8.0f, 0.5f};
    const float h = 1.0f / 600.0f;
    for (const Grid& grid : kCases) {
        const auto count = static_cast<std::size_t>(grid.particleCount());
        const GustWaves* const none = nullptr;
        for (const auto& [forces, waves] : {std::pair(calm, none), std::pair(windy, none), std::pair(windy, &gusts)}) {
            const SubstepFactors factors = substepFactors(forces, h);
            Motion expected{randomVectors(count, 1.0f, random), randomVectors(count, 3.0f, random),
                            std::vector<Vec3>(count), std::vector<Vec3>(count)};
            const std::vector<Vec3> normals = normalsOneByOne(grid, expected.positions);
            std::vector<float> inverseMasses(count, 20.0f);
            for (std::size_t i = 0; i < count; i += 5) inverseMasses[i] = 0.0f;

            SplitParticles actual = splitOf(grid, expected, inverseMasses, normals);
            predict(actual, forces, factors, h, waves, {0, actual.fours()});
            predictOneByOne(expected, normals, inverseMasses, forces, factors, h, waves);
            const std::string what = describe(grid) + (waves ? ", gusts" : factors.hasWindDrag() ? ", wind" : ", calm");
            EXPECT_EQ(test::differingBits(unsplitOf(grid, actual.positions), expected.positions), 0) << what;
            EXPECT_EQ(test::differingBits(unsplitOf(grid, actual.velocities), expected.velocities), 0) << what;
            EXPECT_EQ(test::differingBits(unsplitOf(grid, actual.predictedPositions), expected.predictedPositions), 0) << what;

            // The constraints and collisions move the particles; the velocity update follows,
            // leaving out self-collision's silent pushes where it ran. Where it did not, the
            // array holds an earlier substep's pushes, which must not be read.
            const std::vector<Vec3> moves = randomVectors(count, 0.01f, random);
            for (std::size_t i = 0; i < count; ++i) expected.positions[i] += moves[i];
            expected.silentPushes = randomVectors(count, 0.001f, random);
            const Motion moved = expected;
            for (const SilentPushes silentPushes : {SilentPushes::FromSelfCollision, SilentPushes::None}) {
                expected = moved;
                actual = splitOf(grid, expected, inverseMasses);
                if (silentPushes == SilentPushes::None) expected.silentPushes.assign(count, Vec3(0));
                // No colliders: the velocity update alone.
                collide(actual, ColliderSet{}, {}, 0.005f, h, silentPushes, {0, actual.fours()});
                collideOneByOne(expected, inverseMasses, {}, {}, 0.005f, h);
                EXPECT_EQ(test::differingBits(unsplitOf(grid, actual.velocities), expected.velocities), 0)
                    << what << (silentPushes == SilentPushes::None ? ", no self-collision" : ", self-collided");
            }
        }
    }
}

// One particle's contact with each kind, written plainly with glm, the box's turn and the
// capsule's nearest point included (the GPU's twins in shaders/webgl2/collide-contact.glsl and
// quaternion.glsl are written the same way).
Vec3 rotateOneByOne(const Vec4& q, const Vec3& v) {
    const Vec3 axis(q.x, q.y, q.z);
    const Vec3 twice = 2.0f * glm::cross(axis, v);
    return v + q.w * twice + glm::cross(axis, twice);
}

Vec3 nearestOnSegmentOneByOne(const Capsule& capsule, const Vec3& position) {
    const Vec3 along = capsule.end - capsule.start;
    const float lengthSquared = glm::dot(along, along);
    const float share =
        lengthSquared > 0.0f ? glm::clamp(glm::dot(position - capsule.start, along) / lengthSquared, 0.0f, 1.0f) : 0.0f;
    return capsule.start + along * share;
}

struct Contact {
    bool touching;
    Vec3 surfacePoint;
    Vec3 normal;
};

Contact contactWithBall(const Vec3& center, float radius, const Vec3& position, float margin) {
    const Vec3 fromCenter = position - center;
    const float distance = glm::length(fromCenter);
    const float reach = radius + margin;
    if (distance >= reach) return {false, {}, {}};
    const Vec3 normal = distance > 1e-9f ? fromCenter / distance : Vec3(0, 1, 0);
    return {true, center + normal * reach, normal};
}
Contact contactWith(const Sphere& sphere, const Vec3& position, float margin) {
    return contactWithBall(sphere.center, sphere.radius, position, margin);
}
Contact contactWith(const Plane& plane, const Vec3& position, float margin) {
    const float depth = plane.offset + margin - glm::dot(plane.normal, position);
    if (depth <= 0.0f) return {false, {}, {}};
    return {true, position + plane.normal * depth, plane.normal};
}
Contact contactWith(const Capsule& capsule, const Vec3& position, float margin) {
    return contactWithBall(nearestOnSegmentOneByOne(capsule, position), capsule.radius, position, margin);
}
Contact contactWith(const Box& box, const Vec3& position, float margin) {
    const Vec4 undo(-box.rotation.x, -box.rotation.y, -box.rotation.z, box.rotation.w);
    const Vec3 local = rotateOneByOne(undo, position - box.center);
    const Vec3 nearest = glm::clamp(local, -box.halfExtents, box.halfExtents);
    const Vec3 outside = local - nearest;
    const float outsideDistance = glm::length(outside);
    Vec3 localNormal;
    Vec3 localSurface;
    if (outsideDistance > 0.0f) {
        if (outsideDistance >= margin) return {false, {}, {}};
        localNormal = outside / outsideDistance;
        localSurface = nearest + localNormal * margin;
    } else {
        const Vec3 toFace = box.halfExtents - glm::abs(local);
        const Vec3 face = toFace.x <= toFace.y && toFace.x <= toFace.z ? Vec3(1, 0, 0)
                          : toFace.y <= toFace.z                       ? Vec3(0, 1, 0)
                                                                       : Vec3(0, 0, 1);
        const float side = glm::dot(local, face) < 0.0f ? -1.0f : 1.0f;
        localNormal = face * side;
        localSurface = local * (Vec3(1.0f) - face) + localNormal * (box.halfExtents + margin);
    }
    return {true, box.center + rotateOneByOne(box.rotation, localSurface), rotateOneByOne(box.rotation, localNormal)};
}

Contact contactWith(const Mesh& mesh, const Vec3& position, float margin) {
    const DistanceField& field = *mesh.field;
    const Vec4 undo(-mesh.rotation.x, -mesh.rotation.y, -mesh.rotation.z, mesh.rotation.w);
    const Vec3 local = rotateOneByOne(undo, position - mesh.center);
    const FieldSample first = sampleField(field, local);
    if (first.distance >= margin) return {false, {}, {}};
    Vec3 push(0.0f);  // a point not a number stays where it is
    Vec3 normal = first.normal;
    if (first.distance < margin) {
        push = first.normal * (margin - first.distance);
        if (margin - first.distance > field.voxelMetres) {
            for (int step = 0; step < 3; ++step) {
                const FieldSample again = sampleField(field, local + push);
                const float lacking = margin - again.distance;
                if (!(lacking > 0.01f * field.voxelMetres)) break;
                push += again.normal * lacking;
            }
            normal = push / glm::length(push);
        }
    }
    return {true, position + rotateOneByOne(mesh.rotation, push), rotateOneByOne(mesh.rotation, normal)};
}

// What collide() does to one particle, written as its header says.
void collideOneByOne(Motion& motion, const std::vector<float>& inverseMasses, const std::vector<Collider>& colliders,
                     const std::vector<float>& depenetration, float margin, float h) {
    for (std::size_t i = 0; i < motion.positions.size(); ++i) {
        if (inverseMasses[i] == 0.0f) continue;
        Vec3& position = motion.positions[i];
        const Vec3 velocity = motion.velocities[i];
        const Vec3 start = motion.predictedPositions[i] - velocity * h;
        const Vec3 ownMotion = position - start - motion.silentPushes[i];
        for (int pass = 0; pass < kContactPasses; ++pass) {
            bool pushedPastAnother = false;
            for (std::size_t c = 0; c < colliders.size(); ++c) {
                const auto contactAt = [&](const Vec3& point) {
                    return std::visit([&](const auto& shape) { return contactWith(shape, point, margin); },
                                      colliders[c].shape);
                };
                const Contact contact = contactAt(position);
                if (!contact.touching) continue;
                const Contact atStart = contactAt(start);
                const float startDepth =
                    atStart.touching ? glm::dot(atStart.surfacePoint - start, atStart.normal) : 0.0f;
                const float push = glm::dot(contact.surfacePoint - position, contact.normal);
                const float kept = std::min(push, std::max(0.0f, startDepth - depenetration[c]));
                const Vec3 reached = contact.surfacePoint - contact.normal * kept;
                const Vec3 motionThisSubstep = reached - start;
                const Vec3 sliding = motionThisSubstep - contact.normal * glm::dot(motionThisSubstep, contact.normal);
                const float moved = push - kept;
                const float approach = std::max(0.0f, -glm::dot(ownMotion, contact.normal));
                if (moved > approach) motion.silentPushes[i] += contact.normal * (moved - approach);
                position = reached - sliding * colliders[c].friction;
                pushedPastAnother = pushedPastAnother || (c > 0 && moved > 0.0f);
            }
            if (!pushedPastAnother) break;
        }
        motion.velocities[i] += (position - motion.predictedPositions[i] - motion.silentPushes[i]) / h;
    }
}

TEST(SplitStages, CollideFourAtATimeIsBitForBitOneAtATime) {
    std::mt19937 random(4);
    const float margin = 0.01f;
    const float h = 1.0f / 600.0f;
    // Shapes the particles straddle (some lanes of a four inside, some out), one after another,
    // the capsule also as a sphere and the box turned off every axis; a probe at the sphere's
    // centre and one on a face of the box.
    const Collider sphere{Sphere{Vec3(0.1f, 0.0f, 0.0f), 0.4f}, 0.3f};
    const test::TriangleMesh torus = test::torusMesh(0.35f, 0.15f, 24, 12);
    const Collider mesh{Mesh{Vec3(0.05f, 0.0f, -0.02f), unitRotation({0.3, 0.1, 0.0, 0.9}),
                             buildDistanceField(torus.vertices, torus.indices, 0.0f, 24)},
                        0.4f};
    const std::vector<std::vector<Collider>> colliderSets = {
        {sphere},
        {{planeThrough({0.0, -0.1, 0.0}, {0.2, 1.0, 0.1}), 0.8f}},
        {{Capsule{Vec3(-0.5f, 0.1f, -0.1f), Vec3(0.4f, 0.0f, 0.2f), 0.2f}, 0.0f}},
        {{Capsule{Vec3(0.0f, 0.2f, 0.0f), Vec3(0.0f, 0.2f, 0.0f), 0.3f}, 1.0f}},
        {{Box{Vec3(0.0f, 0.1f, 0.0f), Vec3(0.35f, 0.2f, 0.25f), unitRotation({0.1, 0.0, 0.38268343, 0.92387953})}, 0.5f}},
        {{Box{Vec3(0.0f), Vec3(0.3f), Vec4(0.0f, 0.0f, 0.0f, 1.0f)}, 0.2f}, sphere,
         {planeThrough({0.0, 0.0, 0.0}, {0.0, 1.0, 0.0}), 0.6f}},
        // The torus turned, and beside a sphere (the probes reach past its field's box too).
        {mesh},
        {mesh, sphere},
        // Added plane first: the set visits it last.
        {{planeThrough({0.0, 0.05, 0.0}, {0.0, 1.0, 0.0}), 0.6f}, sphere,
         {Capsule{Vec3(-0.3f, 0.0f, 0.0f), Vec3(0.3f, 0.0f, 0.0f), 0.15f}, 0.1f}},
    };
    // Some of the depth a particle began the substep with stays (a small allowance), or none does.
    const std::vector<float> depenetrationChoices = {0.002f, 0.03f, 1e9f};
    int pushed = 0;
    for (const Grid& grid : kCases) {
        const auto count = static_cast<std::size_t>(grid.particleCount());
        for (const std::vector<Collider>& colliders : colliderSets) {
            ColliderSet set;
            for (const Collider& collider : colliders) set.add(collider);
            const std::vector<Vec3> predicted = randomVectors(count, 0.6f, random);
            Motion expected{predicted, randomVectors(count, 3.0f, random), predicted, randomVectors(count, 0.001f, random)};
            const std::vector<Vec3> moves = randomVectors(count, 0.05f, random);
            for (std::size_t i = 0; i < count; ++i) expected.positions[i] += moves[i];
            expected.positions[1] = Vec3(0.1f, 0.0f, 0.0f);   // the sphere's centre
            expected.positions[count - 1] = Vec3(0.3f, 0.0f, 0.0f);  // on a face of the straight box
            std::vector<float> inverseMasses(count, 20.0f);
            for (std::size_t i = 0; i < count; i += 3) inverseMasses[i] = 0.0f;

            std::vector<float> depenetration;
            for (std::size_t c = 0; c < colliders.size(); ++c) {
                depenetration.push_back(depenetrationChoices[(c + count) % depenetrationChoices.size()]);
            }
            SplitParticles actual = splitOf(grid, expected, inverseMasses);
            collide(actual, set, depenetration, margin, h, SilentPushes::FromSelfCollision, {0, actual.fours()});
            const std::vector<Vec3> before = expected.positions;
            collideOneByOne(expected, inverseMasses, set.all(), depenetration, margin, h);
            const std::string what = describe(grid) + ", " + std::to_string(colliders.size()) + " colliders from " +
                                     kindName(colliders.front().shape);
            EXPECT_EQ(test::differingBits(unsplitOf(grid, actual.positions), expected.positions), 0) << what;
            EXPECT_EQ(test::differingBits(unsplitOf(grid, actual.velocities), expected.velocities), 0) << what;
            pushed += test::differingBits(before, expected.positions);
        }
    }
    EXPECT_GT(pushed, 1000) << "the probes should reach into the shapes";
}

// The step's guard against a non-finite state reads whole fours of every axis.
TEST(SplitStages, AllFiniteFindsAnyNonFiniteValue) {
    using Limits = std::numeric_limits<float>;
    const float extremes[] = {Limits::max(), -Limits::max(), Limits::denorm_min(), -0.0f, 0.0f, -1e-30f};
    SplitVectors vectors(12);
    for (std::vector<float>* axis : {&vectors.x, &vectors.y, &vectors.z}) {
        for (std::size_t i = 0; i < axis->size(); ++i) (*axis)[i] = extremes[i % std::size(extremes)];
    }
    EXPECT_TRUE(allFinite(vectors));
    for (const float bad : {Limits::infinity(), -Limits::infinity(), Limits::quiet_NaN()}) {
        for (std::vector<float>* axis : {&vectors.x, &vectors.y, &vectors.z}) {
            for (std::size_t i = 0; i < axis->size(); ++i) {
                const float kept = (*axis)[i];
                (*axis)[i] = bad;
                EXPECT_FALSE(allFinite(vectors)) << bad << " at " << i;
                (*axis)[i] = kept;
            }
        }
    }
}

}  // namespace
}  // namespace nuno

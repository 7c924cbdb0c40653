// The mesh collider: its distance field against the exact distance to the triangles, its sign
// where the mesh has holes or mixed winding, its reading and its errors, and a cloth on a mesh
// sphere against the same cloth on the analytic sphere.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <string>
#include <vector>

#include "cloth.hpp"
#include "collider_geometry.hpp"
#include "colliders.hpp"
#include "error_message.hpp"
#include "json_setting_source.hpp"
#include "mesh_field.hpp"
#include "metric.hpp"
#include "setting_source.hpp"
#include "test_meshes.hpp"
#include "triangle_geometry.hpp"

namespace nuno {
namespace {

float exactDistance(const test::TriangleMesh& mesh, const Vec3& point) {
    float nearest = std::numeric_limits<float>::infinity();
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        nearest = std::min(nearest, distanceToTriangle(point, mesh.vertices[mesh.indices[i]], mesh.vertices[mesh.indices[i + 1]],
                                                       mesh.vertices[mesh.indices[i + 2]]));
    }
    return nearest;
}

// Whether a point is inside a closed mesh, counted exactly: the parity of the triangles a ray
// from it crosses (a ray off every axis, so it passes through no edge of these meshes).
bool insideMesh(const test::TriangleMesh& mesh, const Vec3& point) {
    const glm::dvec3 direction = glm::normalize(glm::dvec3(0.5772, 0.6215, 0.5297));
    int crossings = 0;
    for (std::size_t i = 0; i < mesh.indices.size(); i += 3) {
        const glm::dvec3 a(mesh.vertices[mesh.indices[i]]), b(mesh.vertices[mesh.indices[i + 1]]), c(mesh.vertices[mesh.indices[i + 2]]);
        // Moller-Trumbore.
        const glm::dvec3 ab = b - a, ac = c - a;
        const glm::dvec3 p = glm::cross(direction, ac);
        const double determinant = glm::dot(ab, p);
        if (std::fabs(determinant) < 1e-15) continue;
        const glm::dvec3 s = glm::dvec3(point) - a;
        const double u = glm::dot(s, p) / determinant;
        const glm::dvec3 q = glm::cross(s, ab);
        const double v = glm::dot(direction, q) / determinant;
        const double t = glm::dot(ac, q) / determinant;
        if (u >= 0 && v >= 0 && u + v <= 1 && t > 0) ++crossings;
    }
    return crossings % 2 == 1;
}

struct Shape {
    const char* name;
    test::TriangleMesh mesh;
};

std::vector<Shape> shapes() {
    return {{"sphere", test::sphereMesh(0.5f, 32, 16)},
            {"box", test::boxMesh(Vec3(0.4f, 0.2f, 0.3f))},
            {"torus", test::torusMesh(0.4f, 0.15f, 40, 20)}};
}

TEST(MeshField, DistancesWithinHalfAVoxelOfTheExactOnes) {
    std::mt19937 random(29);
    for (const Shape& shape : shapes()) {
        const auto field = buildDistanceField(shape.mesh.vertices, shape.mesh.indices, 0.0f, 32);
        std::uniform_real_distribution<float> share(0.0f, 1.0f);
        const Vec3 span = Vec3(field->size - 1) * field->voxelMetres;
        float worstNear = 0.0f;  // within two voxels of the surface, where contacts are
        float worst = 0.0f;
        int wrongSigns = 0;
        for (int probe = 0; probe < 3000; ++probe) {
            const Vec3 point = field->origin + span * Vec3(share(random), share(random), share(random));
            const float exact = exactDistance(shape.mesh, point) * (insideMesh(shape.mesh, point) ? -1.0f : 1.0f);
            const float error = std::fabs(sampleField(*field, point).distance - exact);
            worst = std::max(worst, error);
            if (std::fabs(exact) < 2.0f * field->voxelMetres) worstNear = std::max(worstNear, error);
            if (std::fabs(exact) > field->voxelMetres && (sampleField(*field, point).distance < 0) != (exact < 0)) ++wrongSigns;
        }
        const std::string name = std::string("mesh_field_error_voxels_") + shape.name;
        test::metric(name, worstNear / field->voxelMetres, "voxels", "within 2 voxels of the surface, 32 along the longest side");
        test::metric(name, worst / field->voxelMetres, "voxels", "anywhere in the field");
        EXPECT_LT(worstNear, 0.5f * field->voxelMetres) << shape.name;
        // Deep inside, on a ridge of the distance (the torus tube's centre circle), the trilinear
        // cuts the corner between samples either side of it.
        EXPECT_LT(worst, 1.0f * field->voxelMetres) << shape.name;
        EXPECT_EQ(wrongSigns, 0) << shape.name;
    }
}

TEST(MeshField, SignHoldsWithHolesMixedWindingAndRepeatedTriangles) {
    const test::TriangleMesh sphere = test::sphereMesh(0.5f, 32, 16);
    const auto whole = buildDistanceField(sphere.vertices, sphere.indices, 0.0f, 32);
    test::TriangleMesh damaged = sphere;
    // Every fifth triangle wound the other way, two removed (holes), and the first ten twice.
    for (std::size_t i = 0; i < damaged.indices.size(); i += 15) std::swap(damaged.indices[i + 1], damaged.indices[i + 2]);
    damaged.indices.erase(damaged.indices.begin() + 300, damaged.indices.begin() + 306);
    damaged.indices.insert(damaged.indices.end(), sphere.indices.begin(), sphere.indices.begin() + 30);
    const auto field = buildDistanceField(damaged.vertices, damaged.indices, 0.0f, 32);
    int wrongSigns = 0;
    for (std::size_t i = 0; i < field->distances.size(); ++i) {
        // Where the holes leave the distances alike, the signs must be alike too.
        if (std::fabs(whole->distances[i]) > 1.5f * field->voxelMetres && (field->distances[i] < 0) != (whole->distances[i] < 0)) {
            ++wrongSigns;
        }
    }
    EXPECT_EQ(wrongSigns, 0);
    EXPECT_LT(sampleField(*field, Vec3(0.0f)).distance, -0.45f);

    // Repeated triangles, in any corner order, make the same field.
    test::TriangleMesh twice = sphere;
    for (std::size_t i = 0; i < sphere.indices.size(); i += 3) {
        twice.indices.insert(twice.indices.end(), {sphere.indices[i + 2], sphere.indices[i], sphere.indices[i + 1]});
    }
    EXPECT_EQ(buildDistanceField(twice.vertices, twice.indices, 0.0f, 32)->distances, whole->distances);
}

// The collide stage reads no samples beyond samplesReachMetres plus the margin, taking the
// field there to read more than the margin, as the GPU finds by reading them: a hole aimed
// along the diagonal (all three axes' rays through it) must not make the field negative there.
TEST(MeshField, BeyondItsReachTheFieldReadsMoreThanAnyMargin) {
    test::TriangleMesh sphere = test::sphereMesh(1.0f, 96, 48);
    test::TriangleMesh holed = sphere;
    holed.indices.clear();
    const Vec3 diagonal = glm::normalize(Vec3(1.0f));
    for (std::size_t i = 0; i < sphere.indices.size(); i += 3) {
        const Vec3 middle = (sphere.vertices[sphere.indices[i]] + sphere.vertices[sphere.indices[i + 1]] + sphere.vertices[sphere.indices[i + 2]]) / 3.0f;
        if (glm::dot(glm::normalize(middle), diagonal) > std::cos(0.26f)) continue;  // a 15 degree cap removed
        holed.indices.insert(holed.indices.end(), sphere.indices.begin() + static_cast<std::ptrdiff_t>(i),
                             sphere.indices.begin() + static_cast<std::ptrdiff_t>(i + 3));
    }
    const auto field = buildDistanceField(holed.vertices, holed.indices, 0.0f, 64);
    const float margin = 0.005f;
    std::mt19937 random(3);
    std::uniform_real_distribution<float> along(-1.0f, 1.0f);
    float least = std::numeric_limits<float>::infinity();
    for (int probe = 0; probe < 20000; ++probe) {
        const Vec3 direction = glm::normalize(Vec3(along(random), along(random), along(random)) + 0.01f);
        const float reach = field->samplesReachMetres + margin + 0.3f * (along(random) + 1.0f);
        least = std::min(least, sampleField(*field, field->middle + direction * reach).distance);
    }
    test::metric("mesh_field_least_beyond_reach_m", least, "m", "a sphere with a 15 degree hole on the diagonal");
    EXPECT_GE(least, margin);
    // Where the reviewer's probe found -0.26 m before the ball bounded the inside.
    EXPECT_GT(sampleField(*field, Vec3(0.65f)).distance, 0.0f);
}

TEST(MeshField, AnOpenMeshWithThicknessIsAShell) {
    // One square, flat at y = 0.
    const std::vector<Vec3> square = {{-0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, -0.5f}, {0.5f, 0.0f, 0.5f}, {-0.5f, 0.0f, 0.5f}};
    const auto field = buildDistanceField(square, {0, 1, 2, 0, 2, 3}, 0.02f, 16);
    EXPECT_NEAR(sampleField(*field, Vec3(0.1f, 0.0f, 0.1f)).distance, -0.02f, 1e-5f);
    EXPECT_NEAR(sampleField(*field, Vec3(0.1f, 0.05f, 0.1f)).distance, 0.03f, 1e-5f);
    EXPECT_NEAR(sampleField(*field, Vec3(0.1f, -0.05f, 0.1f)).distance, 0.03f, 1e-5f);
    EXPECT_GT(sampleField(*field, Vec3(0.1f, 0.05f, 0.1f)).normal.y, 0.99f);
    // Far outside the field's box: its distance grows with the distance to the box.
    EXPECT_GT(sampleField(*field, Vec3(0.0f, 3.0f, 0.0f)).distance, 2.9f);
    EXPECT_EQ(sampleField(*field, Vec3(0.0f, -std::numeric_limits<float>::infinity(), 0.0f)).distance, std::numeric_limits<float>::infinity());
    EXPECT_TRUE(std::isnan(sampleField(*field, Vec3(0.0f, std::nanf(""), 0.0f)).distance));
}

nlohmann::json meshJson(const test::TriangleMesh& mesh) {
    std::vector<float> flat;
    for (const Vec3& v : mesh.vertices) flat.insert(flat.end(), {v.x, v.y, v.z});
    return {{"type", "mesh"}, {"vertices", flat}, {"indices", mesh.indices}};
}

std::string errorOf(const nlohmann::json& document) {
    return test::errorMessageOf([&] { readCollider(JsonSettingSource(document)); });
}

TEST(MeshCollider, HostileMeshesAreRefusedByName) {
    const nlohmann::json good = meshJson(test::boxMesh(Vec3(0.3f)));
    const auto with = [&](const char* key, const nlohmann::json& value) {
        nlohmann::json document = good;
        document[key] = value;
        return errorOf(document);
    };
    EXPECT_EQ(with("indices", nlohmann::json::array()),
              "nuno: mesh 'indices' must be three vertex indices for each of 1 to 1000000 triangles, got 0 indices");
    EXPECT_EQ(with("vertices", nlohmann::json::array()),
              "nuno: mesh 'vertices' must be x, y, z for each of 1 to 1000000 vertices, got 0 vertices");
    EXPECT_EQ(with("vertices", {0, 1}), "nuno: mesh 'vertices' must be x, y, z for each of 1 to 1000000 vertices, got an array of 2");
    EXPECT_EQ(with("indices", {0, 1, 8}), "nuno: mesh 'indices' must be vertex indices in [0, 7], got 8");
    EXPECT_EQ(with("indices", {0, 1, 2.5}), "nuno: mesh 'indices' must be vertex indices (integers >= 0), got 2.5");
    EXPECT_EQ(with("indices", {0, 1, -1}), "nuno: mesh 'indices' must be vertex indices (integers >= 0), got -1");
    EXPECT_EQ(with("indices", {0, 1}), "nuno: mesh 'indices' must be three vertex indices for each of 1 to 1000000 triangles, got 2 indices");
    EXPECT_EQ(with("indices", {0, 0, 1, 2, 2, 2}), "nuno: mesh 'indices' must be at least one triangle with three different corners, got none");
    nlohmann::json farAway = good;
    farAway["vertices"][4] = 1e30;
    EXPECT_EQ(errorOf(farAway), "nuno: mesh 'vertices' must be three finite numbers, each in [-10000, 10000], got [0.3, 1e+30, -0.3]");
    EXPECT_EQ(with("vertices", std::vector<double>(24, 0.25)), "nuno: mesh 'vertices' must be triangles that span some space, got every corner at one point");
    EXPECT_EQ(with("resolution", 4), "nuno: mesh 'resolution' must be an integer in [8, 128], got 4");
    EXPECT_EQ(with("resolution", 16.5), "nuno: mesh 'resolution' must be an integer in [8, 128], got 16.5");
    EXPECT_EQ(with("thickness", -0.1), "nuno: mesh 'thickness' must be a number in [0, 1], got -0.1");
    // Sample counts past any integer type: refused by name, not wrapped around.
    nlohmann::json tiny = meshJson(test::boxMesh(Vec3(1e-9f)));
    tiny["thickness"] = 1;
    EXPECT_EQ(errorOf(tiny).substr(0, 95), "nuno: mesh 'thickness' must be a field of at most 8388608 samples (a thinner shell or a coarser");
    nlohmann::json thick = meshJson(test::boxMesh(Vec3(0.05f)));
    thick["thickness"] = 0.7535499930381775;
    thick["resolution"] = 127;
    EXPECT_EQ(errorOf(thick), "nuno: mesh 'thickness' must be a field of at most 8388608 samples (a thinner shell or a coarser grid), got 2049 x 2049 x 2049");
    EXPECT_EQ(errorOf({{"type", "mesh"}, {"center", {0, 1, 0}}}), "nuno: mesh 'vertices' must be given for a new mesh, got none");
    EXPECT_EQ(errorOf({{"type", "mesh"}, {"vertices", {0, 0, 0}}}), "nuno: mesh 'indices' must be given for a new mesh, got none");
    EXPECT_EQ(with("rotation", {0, 0, 0, 0}),
              "nuno: mesh 'rotation' must be a non-zero quaternion [x, y, z, w] of four finite numbers, got [0, 0, 0, 0]");
}

TEST(MeshCollider, MovingKeepsTheFieldAndChangingItBuildsAgain) {
    const Collider mesh = readCollider(JsonSettingSource(meshJson(test::boxMesh(Vec3(0.3f)))));
    const Mesh& shape = std::get<Mesh>(mesh.shape);
    EXPECT_EQ(shape.field->resolution, kDefaultMeshResolution);
    ColliderSet set;
    const std::uint32_t id = set.add(mesh);
    const std::uint32_t addedVersion = set.meshFieldVersion();
    set.update(id, readCollider(JsonSettingSource(nlohmann::json{{"center", {0, 1, 0}}, {"rotation", {0, 1, 0, 1}}}), &set.get(id)));
    EXPECT_EQ(std::get<Mesh>(set.get(id).shape).field, shape.field);
    EXPECT_EQ(set.meshFieldVersion(), addedVersion);
    set.update(id, readCollider(JsonSettingSource(nlohmann::json{{"resolution", 16}}), &set.get(id)));
    const Mesh coarser = std::get<Mesh>(set.get(id).shape);
    EXPECT_EQ(coarser.field->resolution, 16);
    EXPECT_EQ(coarser.field->indices, shape.field->indices);
    EXPECT_NE(set.meshFieldVersion(), addedVersion);
    EXPECT_FLOAT_EQ(coarser.center.y, 1.0f);

    // The atlas stacks the fields along z; packings point at each one's first layer.
    set.add({Sphere{}, 0.5f});
    set.add(mesh);
    const MeshFieldAtlas atlas = meshFieldAtlas(set.all());
    const std::vector<int> layers = meshFieldLayers(set.all());
    const DistanceField& second = *std::get<Mesh>(set.all()[2].shape).field;
    EXPECT_EQ(atlas.depth, coarser.field->size.z + second.size.z);
    EXPECT_EQ(atlas.width, std::max(coarser.field->size.x, second.size.x));
    EXPECT_EQ(layers[2], coarser.field->size.z);
    const PackedShape packed = packForGpu(set.all()[2].shape, layers[2]);
    EXPECT_EQ(packed[11], static_cast<float>(coarser.field->size.z));
    const auto x = 3, y = 5, z = 7;
    EXPECT_EQ(atlas.values[x + atlas.width * (y + atlas.height * (layers[2] + z))], second.at(x, y, z));
}

// A free, level 24 x 24 sheet 1.2 m across, to drop onto a mesh.
ClothSettings levelSheetAt(const Vec3& center) {
    ClothSettings settings;
    settings.columns = 24;
    settings.rows = 24;
    settings.width = 1.2f;
    settings.height = 1.2f;
    settings.orientation = Orientation::Horizontal;
    settings.center = center;
    settings.pins = PinPreset::None;
    return settings;
}

// A horizontal sheet dropped on a mesh sphere rests on it as on the sphere itself: where it
// touches, at the sphere's radius plus the margin, and its top where the same sheet's top rests
// on the analytic sphere. (Particle by particle the two differ more: the draped sides fold, and
// the folds of two cloths on slightly different surfaces part ways.)
TEST(MeshCollider, ClothOnAMeshSphereRestsAsOnTheSphere) {
    const ClothSettings settings = levelSheetAt(Vec3(0.05f, 0.9f, 0.02f));
    const float radius = 0.4f;
    const Vec3 center(0.0f, 0.4f, 0.0f);
    const test::TriangleMesh sphere = test::sphereMesh(radius, 64, 32);

    Cloth onSphere(settings);
    onSphere.addCollider({Sphere{center, radius}, 0.5f});
    Cloth onMesh(settings);
    const auto field = buildDistanceField(sphere.vertices, sphere.indices, 0.0f, 64);
    onMesh.addCollider({Mesh{center, Vec4(0, 0, 0, 1), field}, 0.5f});
    float deepest = 0.0f;
    for (int step = 0; step < 150; ++step) {
        onSphere.stepFixed(1);
        onMesh.stepFixed(1);
        if (step % 10 != 9) continue;
        for (const Vec3& p : onMesh.positions()) {
            // How far inside the mesh, exactly.
            if (insideMesh(sphere, p - center)) deepest = std::max(deepest, exactDistance(sphere, p - center));
        }
    }
    // Where the analytic sphere holds its particles; none of the mesh's comes nearer its centre
    // by half a voxel, and many lie within half a voxel of it.
    const float resting = radius + settings.collisionMargin;
    float nearer = 0.0f;
    int touching = 0;
    for (const Vec3& p : onMesh.positions()) {
        const float fromCenter = glm::length(p - center);
        nearer = std::max(nearer, resting - fromCenter);
        if (std::fabs(fromCenter - resting) < 0.5f * field->voxelMetres) ++touching;
    }
    const std::size_t top = 12 * 24 + 12;
    const float topsApart = glm::length(onMesh.positions()[top] - onSphere.positions()[top]);
    test::metric("mesh_sphere_nearer_than_the_sphere_m", nearer, "m", std::to_string(touching) + " particles touching, voxel " + std::to_string(field->voxelMetres));
    test::metric("mesh_sphere_vs_sphere_top_m", topsApart, "m", "after 150 steps");
    test::metric("deepest_inside_mesh_m", deepest, "m", "margin 0.005");
    EXPECT_GT(touching, 30);
    EXPECT_LT(nearer, 0.5f * field->voxelMetres);
    EXPECT_LT(topsApart, field->voxelMetres);
    EXPECT_LE(deepest, settings.collisionMargin);
}

// A box mesh, turned, lifted 8 cm at once into the cloth resting on it: the cloth is shoved out
// without being launched, and no particle stays inside the mesh (exactly measured) deeper than
// the margin. A particle that deep takes several steps out, where the field's normal turns
// near the box's edges (contactWithField); one step along the first normal left some 2.5 cm in.
TEST(MeshCollider, LiftedIntoTheClothItShovesWithoutLaunching) {
    const ClothSettings settings = levelSheetAt(Vec3(0.03f, 0.9f, 0.02f));
    const test::TriangleMesh box = test::boxMesh(Vec3(0.35f, 0.2f, 0.25f));
    const Vec4 turned = unitRotation({0.1, 0.0, 0.38268343, 0.92387953});
    Cloth cloth(settings);
    Mesh mesh{Vec3(0.0f, 0.4f, 0.0f), turned, buildDistanceField(box.vertices, box.indices, 0.0f, 64)};
    const std::uint32_t id = cloth.addCollider({mesh, 0.5f});
    cloth.stepFixed(60);
    mesh.center.y += 0.08f;
    cloth.updateCollider(id, {mesh, 0.5f});
    const Vec4 undo(-turned.x, -turned.y, -turned.z, turned.w);
    float deepest = 0.0f;
    for (int step = 0; step < 30; ++step) {
        cloth.stepFixed(1);
        for (const Vec3& p : cloth.positions()) {
            const Vec3 inMesh = rotate(undo, p - mesh.center);
            if (insideMesh(box, inMesh)) deepest = std::max(deepest, exactDistance(box, inMesh));
        }
    }
    test::metric("deepest_inside_lifted_box_mesh_m", deepest, "m", "margin 0.005, over 30 steps after an 8 cm lift");
    test::metric("kinetic_energy_after_lift_j", cloth.kineticEnergy(), "J", "box mesh");
    EXPECT_LE(deepest, settings.collisionMargin);
    EXPECT_LT(cloth.kineticEnergy(), 0.5) << "launched";
}

}  // namespace
}  // namespace nuno

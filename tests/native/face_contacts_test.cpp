// Self-collision's face pairs: the hash and its nearest-corner rule list exactly the particles
// within reach of a triangle of their cloth that were not near it at rest, each pair once.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <utility>

#include "face_contacts.hpp"
#include "metric.hpp"
#include "pile_scene.hpp"
#include "triangle_geometry.hpp"

namespace nuno {
namespace {

// Lists the face pairs of `cloth` as self-collision does at `thickness` (separate.cpp: a reach
// of two thicknesses, its skin included) and checks them against every particle and triangle;
// returns how many.
std::size_t expectListsExactlyThePairsWithinReach(const Cloth& cloth, float thickness) {
    const std::vector<Vec3>& positions = cloth.positions();
    const std::vector<Vec3>& restPositions = cloth.restPositions();
    const Topology& topology = cloth.topology();
    const TornConstraints untorn(positions.size());
    const float reach = 2.0f * thickness;
    const float exclusion = 3.0f * thickness;

    FaceContacts faces;
    const float triangleReach = faces.beginList(positions, restPositions, topology, untorn, reach, thickness);
    SpatialHash hash;
    hash.build(positions, reach + triangleReach);
    hash.forEachClosePair([&](std::uint32_t i, std::uint32_t j) { faces.listPair(i, j, positions, positions, restPositions, topology); });
    faces.endList();
    std::set<std::pair<std::uint32_t, std::uint32_t>> listed;
    for (const FaceContact& face : faces.pairs()) {
        EXPECT_TRUE(listed.insert({face.particle, face.triangle}).second)
            << "particle " << face.particle << " and triangle " << face.triangle << " listed twice";
    }

    std::set<std::pair<std::uint32_t, std::uint32_t>> expected;
    const std::vector<std::uint32_t>& corners = topology.triangleIndices;
    for (std::uint32_t t = 0; 3 * t < corners.size(); ++t) {
        const std::uint32_t a = corners[3 * t], b = corners[3 * t + 1], c = corners[3 * t + 2];
        for (std::uint32_t p = 0; p < positions.size(); ++p) {
            if (p == a || p == b || p == c) continue;
            if (distanceToTriangle(positions[p], positions[a], positions[b], positions[c]) < reach &&
                !(distanceToTriangle(restPositions[p], restPositions[a], restPositions[b], restPositions[c]) < exclusion)) {
                expected.insert({p, t});
            }
        }
    }
    EXPECT_EQ(listed.size(), expected.size());
    EXPECT_EQ(listed, expected);
    return expected.size();
}

// Layers lying on each other, a grid spacing thick and a quarter of one, where a particle over
// a triangle's middle lies farther from its corners than from the triangle.
TEST(FaceContacts, ListsExactlyThePairsWithinReachInACrumpledPile) {
    const int side = 32;
    const std::pair<float, const char*> thicknesses[] = {{1.0f, "a spacing"}, {0.25f, "a quarter of a spacing"}};
    for (const auto& [spacings, named] : thicknesses) {
        const float thickness = spacings * test::pileSpacing(side);
        Cloth cloth = test::pileOnTheFloor(side, thickness);
        cloth.stepFixed(90);  // landed and folded over
        const std::size_t pairs = expectListsExactlyThePairsWithinReach(cloth, thickness);
        EXPECT_GT(pairs, 200u) << "the pile should have folded onto itself";
        test::metric("face_pairs_listed", static_cast<double>(pairs), "pairs",
                     std::string("32 x 32 pile after 1.5 s, ") + named +
                         " thick; the same as every particle against every triangle");
    }
}

}  // namespace
}  // namespace nuno

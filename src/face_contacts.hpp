// Particles over triangles of the same cloth, held on the side they came from.
//
// A particle over a triangle (its foot on the triangle's plane inside it) is kept `thickness`
// off it on its own side, the triangle's corners pushed the other way by their barycentric
// shares (a point-triangle constraint). Each listed pair remembers that side, and the side
// follows the particle only while it is beside the triangle: a particle that got through a layer
// within one substep is pushed back through, where particle pairs alone would hold it on the
// wrong side for good, and a particle slipping between the particles of a layer thinner than
// their spacing meets the triangles between them.
#pragma once

#include <array>
#include <cstdint>
#include <vector>

#include "jacobi_corrections.hpp"
#include "split_particles.hpp"
#include "tearing.hpp"
#include "topology.hpp"
#include "untangle.hpp"

namespace nuno {

using TriangleCorners = std::array<std::uint32_t, 3>;

// A particle and a triangle (by number in Topology::triangleIndices), with the side of the
// triangle's plane the particle is kept on: +1 along (b - a) x (c - a) of its corners in order,
// -1 against, 0 while the particle lies exactly in the plane.
struct FaceContact {
    std::uint32_t particle;
    std::uint32_t triangle;
    float side;
};

// The pairs come from self-collision's Verlet list (separate.hpp): a list is begun, fed
// the particle pairs its hash finds, and ended; substeps then separate the pairs it holds.
class FaceContacts {
public:
    // Returns how much farther than `reach` the hash must look: a particle within reach of a
    // triangle is within reach plus this of the triangle's corner nearest to it. A triangle with
    // a torn edge is a hole (it is not drawn): it is listed with no particle.
    float beginList(const std::vector<Vec3>& positions, const std::vector<Vec3>& restPositions,
                    const Topology& topology, const TornConstraints& torn, float reach, float thickness);
    // Lists the triangles near each particle whose corner nearest that particle is the other
    // (so each pair is met once). A pair listed before keeps its side (at endList); a new one
    // takes the side of `substepStarts`, the positions this substep began from.
    void listPair(std::uint32_t i, std::uint32_t j, const std::vector<Vec3>& positions,
                  const std::vector<Vec3>& substepStarts, const std::vector<Vec3>& restPositions,
                  const Topology& topology);
    void endList();

    // Pairs with a tangled particle or corner (untangle.hpp) are left to the untangling and
    // forget their sides.
    void separate(const std::vector<Vec3>& positions, const std::vector<float>& inverseMasses,
                  const SplitParticles& particles, const Topology& topology, float thickness, float substepSeconds,
                  const Untangling& untangling, JacobiCorrections& corrections);

    // The pairs of the last list ended, by particle.
    const std::vector<FaceContact>& pairs() const { return faces_; }

    // The fastest a listed particle moves relative to its triangle's corners, m/s.
    float fastestApproach(const SplitParticles& particles, const Grid& grid) const;

private:
    // onePatch: whether the corner and the particle are of one patch.
    void listTrianglesAt(std::uint32_t corner, std::uint32_t particle, bool onePatch,
                         const std::vector<Vec3>& positions, const std::vector<Vec3>& substepStarts,
                         const std::vector<Vec3>& restPositions);

    // Each triangle's corners, turned (keeping their winding) to start at its hub: the corner
    // nearest its farthest corner at rest (a grid triangle's right angle), from which its
    // stretch is measured and its normal taken. The triangles by corner:
    // [cornerStarts[p], cornerStarts[p + 1]) of cornerTriangles have a corner at particle p.
    std::vector<TriangleCorners> hubCorners_;
    std::vector<std::uint32_t> cornerStarts_;
    std::vector<std::uint32_t> cornerTriangles_;
    float restHubReach_ = 0.0f;        // metres: the farthest a triangle's corners lie from its hub at rest
    std::vector<float> covers_;  // per triangle, as listed (coverRadius); negative: torn or too stretched to list
    float reach_ = 0.0f;
    float restExclusion_ = 0.0f;

    std::vector<FaceContact> listing_;      // in the order found
    std::vector<FaceContact> faces_;        // by particle: faces_[starts_[p] .. starts_[p + 1])
    std::vector<std::uint32_t> starts_;
    std::vector<FaceContact> earlierFaces_;  // the list before, for the sides its pairs keep
    std::vector<std::uint32_t> earlierStarts_;
    std::vector<std::uint32_t> listedTriangles_;  // each once
    std::vector<std::uint32_t> triangleMarks_;    // endList's scratch, per triangle
    std::vector<float> earlierSides_;
    std::vector<Vec3> unitNormals_;               // per triangle, this substep (the listed ones)
};

}  // namespace nuno

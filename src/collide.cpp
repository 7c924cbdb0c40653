#include "collide.hpp"

#include <limits>

#include "collider_geometry.hpp"
#include "field_sample.hpp"
#include "split_lanes.hpp"

namespace nuno {
namespace {

// Four particles' contacts with one shape. Where a lane does not touch, its surface point and
// normal are whatever the formula gave and are not used; where none touches, they are zero and
// not worked out (most particles of a cloth touch nothing).
struct Contacts {
    Mask4 touching;
    Float4x3 surfacePoint;
    Float4x3 normal;

    static Contacts none(Mask4 touching) { return {touching, Float4x3(Float4(0.0f)), Float4x3(Float4(0.0f))}; }
};

// Each contact below has a twin in shaders/webgl2/collide-contact.glsl, written with the same
// operations in the same order, so the GPU finds the same contact to the bit where its float
// arithmetic is IEEE (SwiftShader). A lane whose position is not a number counts as touching,
// as the GPU's `if (distance >= reach) return` lets it through.

[[gnu::always_inline]] inline Contacts contactWithBall(const Float4x3& center, float radius, const Float4x3& position,
                                                      float margin) {
    const Float4x3 fromCenter = position - center;
    const Float4 distance = lengthOf(fromCenter);
    const Float4 reach(radius + margin);
    const Mask4 touching = !(distance >= reach);
    if (!any(touching)) return Contacts::none(touching);
    // A particle exactly at the centre has no direction out: push it up.
    const Float4x3 normal = select(distance > Float4(1e-9f), fromCenter / distance, Float4x3(Vec3(0, 1, 0)));
    return {touching, center + normal * reach, normal};
}

Contacts contactWith(const Sphere& sphere, const Float4x3& position, float margin) {
    return contactWithBall(Float4x3(sphere.center), sphere.radius, position, margin);
}

Contacts contactWith(const Plane& plane, const Float4x3& position, float margin) {
    const Float4x3 normal(plane.normal);
    const Float4 depth = Float4(plane.offset + margin) - dot(normal, position);
    return {!(depth <= Float4(0.0f)), position + normal * depth, normal};
}

Contacts contactWith(const Capsule& capsule, const Float4x3& position, float margin) {
    return contactWithBall(nearestOnSegment(capsule, position), capsule.radius, position, margin);
}

Contacts contactWith(const Box& box, const Float4x3& position, float margin) {
    const Float4x3 local = rotate(inverse(box.rotation), position - Float4x3(box.center));
    const Float4x3 nearest = clamp(local, Float4x3(-box.halfExtents), Float4x3(box.halfExtents));
    const Float4x3 outside = local - nearest;
    const Float4 outsideDistance = lengthOf(outside);
    const Mask4 isOutside = outsideDistance > Float4(0.0f);
    const Mask4 touching = !(isOutside && outsideDistance >= Float4(margin));
    if (!any(touching)) return Contacts::none(touching);
    // Outside: straight out from the nearest point of the box.
    const Float4x3 outsideNormal = outside / outsideDistance;
    const Float4x3 outsideSurface = nearest + outsideNormal * Float4(margin);
    // Inside: out through the nearest face. The face is picked by a 0/1 mask so the same
    // products give the same bits in GLSL, which has no assignable vector index everywhere.
    const Float4 zero(0.0f);
    const Float4 one(1.0f);
    const Float4x3 toFace = Float4x3(box.halfExtents) - abs(local);
    const Mask4 xFace = toFace.x <= toFace.y && toFace.x <= toFace.z;
    const Mask4 yFace = !xFace && toFace.y <= toFace.z;
    const Float4x3 face(select(xFace, one, zero), select(yFace, one, zero), select(xFace || yFace, zero, one));
    const Float4 side = select(dot(local, face) < zero, Float4(-1.0f), one);
    const Float4x3 insideNormal = face * side;
    const Float4x3 insideSurface = local * (Float4x3(one) - face) + insideNormal * Float4x3(box.halfExtents + margin);

    const Float4x3 localNormal = select(isOutside, outsideNormal, insideNormal);
    const Float4x3 localSurface = select(isOutside, outsideSurface, insideSurface);
    return {touching, Float4x3(box.center) + rotate(box.rotation, localSurface), rotate(box.rotation, localNormal)};
}

// The field at four points of a mesh's frame (the core's sampleField, lane by lane): each lane's
// eight samples read on their own, the arithmetic four lanes at once.
FieldSampleOf<Float4, Float4x3> sampleField(const DistanceField& field, const Float4x3& local) {
    const Mask4 notANumber = local.x != local.x || local.y != local.y || local.z != local.z;
    const GridPlaceOf<Float4, Float4x3> place = gridPlace<Float4, Float4x3>(field, select(notANumber, Float4x3(Float4(0.0f)), local));
    float firstSamples[4];
    place.firstSample.store(firstSamples);
    float corners[8][4];
    for (int lane = 0; lane < 4; ++lane) readCell(field, static_cast<std::size_t>(firstSamples[lane]), &corners[0][lane], 4);
    Float4 c[8];
    for (int corner = 0; corner < 8; ++corner) c[corner] = Float4::load(corners[corner]);
    const FieldSampleOf<Float4, Float4x3> sample = trilinearSample<Float4, Float4x3>(c, place.share, place.beyond);
    return {select(notANumber, Float4(std::numeric_limits<float>::quiet_NaN()), sample.distance),
            select(notANumber, Float4x3(Vec3(0.0f, 1.0f, 0.0f)), sample.normal)};
}

// A mesh's contact, for the lanes within the field's reach of the mesh: one farther out is surely
// not touching (mesh_field.hpp), as the GPU finds by reading the samples. A point closer than the
// margin goes along the field's normal by what it lacks of the margin and, where that step was
// longer than a voxel (it began deep inside, where the normal may turn on the way out), up to
// three more steps from where it got while it still lacks a hundredth of a voxel; its normal is
// then the way it went. The GPU passes repeat it operation for operation. The turn into the
// mesh's frame and back is the box's.
Contacts contactWith(const Mesh& mesh, const Float4x3& position, float margin) {
    const DistanceField& field = *mesh.field;
    const Float4x3 local = rotate(inverse(mesh.rotation), position - Float4x3(mesh.center));
    const Float4x3 fromMiddle = local - Float4x3(field.middle);
    const Float4 reach(field.samplesReachMetres + margin);
    const Mask4 beyondReach = dot(fromMiddle, fromMiddle) >= reach * reach;
    if (every(beyondReach)) return Contacts::none(noLanes());
    const FieldSampleOf<Float4, Float4x3> first = sampleField(field, local);
    const Float4 distance = select(beyondReach, Float4(std::numeric_limits<float>::infinity()), first.distance);
    const Float4 margin4(margin);
    const Mask4 touching = !(distance >= margin4);
    if (!any(touching)) return Contacts::none(touching);
    const Float4 lacking = margin4 - distance;
    Float4x3 push = select(distance < margin4, first.normal * lacking, Float4x3(Float4(0.0f)));
    Float4x3 normal = first.normal;
    const Mask4 deep = lacking > Float4(field.voxelMetres);
    if (any(deep)) {
        Mask4 stepping = deep;
        for (int step = 0; step < 3; ++step) {
            const FieldSampleOf<Float4, Float4x3> again = sampleField(field, local + push);
            const Float4 stillLacking = margin4 - again.distance;
            stepping = stepping && stillLacking > Float4(0.01f * field.voxelMetres);
            if (!any(stepping)) break;
            push = select(stepping, push + again.normal * stillLacking, push);
        }
        normal = select(deep, push / lengthOf(push), normal);
    }
    return {touching, position + rotate(mesh.rotation, push), rotate(mesh.rotation, normal)};
}

}  // namespace

void collide(SplitParticles& particles, const ColliderSet& colliders, const std::vector<float>& depenetrationMetres,
             float marginMetres, float substepSeconds, SilentPushes silentPushes, Band fours) {
    const bool selfCollided = silentPushes == SilentPushes::FromSelfCollision;
    const Float4 h(substepSeconds);
    const Float4 zero(0.0f);
    const SplitArrays arrays(particles);
    const std::vector<Collider>& all = colliders.all();
    for (std::size_t i = 4 * fours.begin; i < 4 * fours.end; i += 4) {
        const Mask4 free = loadFour(arrays.inverseMasses, i) != zero;
        const Float4x3 velocity = loadFour(arrays.velocities, i);
        const Float4x3 predicted = loadFour(arrays.predictedPositions, i);
        const Float4x3 start = predicted - velocity * h;
        Float4x3 position = loadFour(arrays.positions, i);
        Float4x3 silentPush = selfCollided ? loadFour(arrays.silentPushes, i) : Float4x3(zero);
        // The particle's own motion this substep, before any collider pushed it: self-collision's
        // silent push is not its approach (counted so, the collider's push back became velocity).
        const Float4x3 ownMotion = position - start - silentPush;
        // The lanes a pass visits: all free ones, then those pushed past an earlier collider.
        Mask4 visiting = free;
        for (int pass = 0; pass < kContactPasses && any(visiting); ++pass) {
            Mask4 pushedPastAnother = noLanes();
            for (std::size_t c = 0; c < all.size(); ++c) {
                const Collider& collider = all[c];
                const auto contactAt = [&](const Float4x3& point) {
                    return visitShape(collider.shape, [&](const auto& shape) { return contactWith(shape, point, marginMetres); });
                };
                const Contacts contact = contactAt(position);
                const Mask4 pushed = visiting && contact.touching;
                if (!any(pushed)) continue;
                // How deep the particle began the substep; what depenetration may not undo of that
                // this substep stays for later ones.
                const Contacts atStart = contactAt(start);
                const Float4 startDepth = select(atStart.touching, dot(atStart.surfacePoint - start, atStart.normal), zero);
                const Float4 push = dot(contact.surfacePoint - position, contact.normal);
                const Float4 kept = min(push, max(zero, startDepth - Float4(depenetrationMetres[c])));
                const Float4x3 reached = contact.surfacePoint - contact.normal * kept;
                // Friction takes back its share of this substep's sliding, so a particle with
                // friction 1 sticks where it touched (the velocity update then removes it too).
                const Float4x3 motion = reached - start;
                const Float4x3 sliding = motion - contact.normal * dot(motion, contact.normal);
                const Float4 moved = push - kept;
                const Float4 approach = max(zero, -dot(ownMotion, contact.normal));
                silentPush = select(pushed && moved > approach, silentPush + contact.normal * (moved - approach), silentPush);
                position = select(pushed, reached - sliding * Float4(collider.friction), position);
                if (c > 0) pushedPastAnother = pushedPastAnother || (pushed && moved > zero);
            }
            // Such a push may have moved the particle into a collider visited before.
            visiting = pushedPastAnother;
        }
        storeFour(arrays.positions, i, position);
        const Float4x3 moved = position - predicted - silentPush;
        storeFour(arrays.velocities, i, select(free, velocity + moved / h, velocity));
    }
}

}  // namespace nuno

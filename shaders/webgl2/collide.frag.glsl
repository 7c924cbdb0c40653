// Separate (with SELF_COLLISION), collide, then update velocities. With SELF_COLLISION each free
// particle is first pushed away from the cloth's own particles it is too close to and off the
// triangles around them (below, and face-contacts.glsl). Then
// it is pushed out of every collider in turn (to a margin away from the surface,
// collide-contact.glsl, undoing at most the depenetration allowance of the depth it began the
// substep with); friction takes back its share of the
// sliding since the substep began. Only the part of a push that undoes the particle's own
// approach this substep becomes velocity, so a collider moved onto the cloth shoves it without
// launching it (src/collide.hpp). Then
// the velocity gains what the constraints and collisions moved: (x - predicted - silent) / h.
// COLLIDER_*, COLLIDER_SHAPE_VEC4S and MAX_COLLIDERS come from the core (src/bindings/gpu_constants.cpp).

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uPredicted;
uniform sampler2D uPredictedLow;
uniform sampler2D uVelocity;
uniform sampler2D uVelocityLow;
uniform sampler2D uInverseMass;
// The colliders (count, kind, friction, depenetration this substep, shapes), the margin, the
// substep's seconds and self-collision's thickness and friction come from the substep's uniform
// block (src/tools/gpu_uniforms.cpp), as the WebGPU kernel reads them.

#if SELF_COLLISION
// Self-collision first, as the core's 'separate' stage does before the colliders: every other
// particle in the 27 cells around this one (the bucket textures hold each bucket's first
// SELF_COLLISION_LAYERS particles, index + 1) closer than the thickness, that was not a
// neighbour at rest, pushes this one away by its inverse-mass share, with friction on their
// relative sliding; this particle moves by the average of those corrections, then by the
// average of the triangles' around them (face-contacts.glsl). The same formula as
// src/separate.cpp, seen from this particle's side of each pair. With READS_APPROACH it also
// writes the fastest approach it saw, for the added substeps (approach-pass.js).
uniform sampler2D uRestPosition;
uniform highp usampler2D uBucketLayer0;
uniform highp usampler2D uBucketLayer1;
uniform highp usampler2D uBucketLayer2;
uniform highp usampler2D uBucketLayer3;
uniform ivec2 uBucketSize;
// The untangling's last look (web/backends/gpu/untangling.js): per particle the corners of the
// triangle it is sent back through and its side (+1 or -1), TANGLE_HELD where it only sits out
// the pairs, 0 where free.
uniform highp isampler2D uTangles;

// Sampler arrays take constant indices only in GLSL ES 3.00.
uint bucketEntry(int layer, ivec2 slot) {
    if (layer == 0) return texelFetch(uBucketLayer0, slot, 0).r;
    if (layer == 1) return texelFetch(uBucketLayer1, slot, 0).r;
    if (layer == 2) return texelFetch(uBucketLayer2, slot, 0).r;
    return texelFetch(uBucketLayer3, slot, 0).r;
}

const float kRestNeighbourSlack = 1.001;  // as the core's
const float kLandingSeconds = 0.1;        // as separate.wgsl's

// A particle's corrections of one kind, summed to be averaged.
struct Corrections {
    vec3 moves;
    vec3 silentMoves;
    float contacts;
    // The fastest this particle and another within reach (a particle, a triangle's corner) approach, m/s.
    float fastestApproach;
};

// A particle as the face contacts read it: where it is and began the substep, its velocity, its
// place at rest and its inverse mass.
struct Particle {
    vec3 position;
    vec3 start;
    vec3 velocity;
    vec3 rest;
    float inverseMass;
};

// Defined in face-contacts.glsl, which follows this file.
void findOwnTriangles(ivec2 texel);
void addFaceContacts(ivec2 hub, ivec2 texel, Particle particle, ivec3 home, inout Corrections faces);
void addCornerContacts(ivec2 other, ivec2 texel, Particle particle, inout Corrections faces);
vec3 untanglingPush(ivec4 tangle, vec3 position, float inverseMass);

bool isTangled(ivec2 texel) {
    return texelFetch(uTangles, texel, 0).w != 0;
}

#if READS_APPROACH
// The fastest approach above (its float's bits), for the approach pass (approach-pass.js).
layout(location = APPROACH_TARGET) out uint outApproach;
#endif
#endif

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy);
    vec3 position = fetchVector(uPosition, uPositionLow, texel);
    vec3 velocity = fetchVector(uVelocity, uVelocityLow, texel);
    if (texelFetch(uInverseMass, texel, 0).x == 0.0) {
        write(position, velocity);
#if SELF_COLLISION && READS_APPROACH
        outApproach = 0u;
#endif
        return;
    }
    vec3 predicted = fetchVector(uPredicted, uPredictedLow, texel);
    vec3 start = predicted - velocity * substep.substepSeconds;
    vec3 silent = vec3(0.0);
#if SELF_COLLISION
    {
        float inverseMass = texelFetch(uInverseMass, texel, 0).x;
        vec3 rest = texelFetch(uRestPosition, texel, 0).xyz;
        float restReach = kRestNeighbourSlack * substep.selfCollisionThickness;
        ivec3 home = cellOf(position, substep.selfCollisionThickness);
        int self = texel.y * uGridSize.x + texel.x;
        uint bucketCount = uint(uBucketSize.x * uBucketSize.y);
        Corrections pairs = Corrections(vec3(0.0), vec3(0.0), 0.0, 0.0);
        Corrections faces = Corrections(vec3(0.0), vec3(0.0), 0.0, 0.0);
        // A particle in a piece that went through the cloth sits out the pairs, which would hold
        // it on the wrong side; one at the cut is sent back through the triangle it crossed.
        ivec4 tangle = texelFetch(uTangles, texel, 0);
        if (tangle.w != 0 && tangle.w != TANGLE_HELD) {
            vec3 sentBack = untanglingPush(tangle, position, inverseMass);
            position += sentBack;
            silent += sentBack;
        }
        Particle particle = Particle(position, start, velocity, rest, inverseMass);
        if (tangle.w == 0) findOwnTriangles(texel);
        for (int offset = 0; offset < 27 && tangle.w == 0; ++offset) {
            ivec3 cell = home + ivec3(offset / 9 - 1, (offset / 3) % 3 - 1, offset % 3 - 1);
            int bucket = int(bucketOf(cell, bucketCount));
            ivec2 slot = ivec2(bucket % uBucketSize.x, bucket / uBucketSize.x);
            for (int layer = 0; layer < SELF_COLLISION_LAYERS; ++layer) {
                uint entry = bucketEntry(layer, slot);
                if (entry == 0u) break;
                int other = int(entry) - 1;
                if (other == self) continue;
                ivec2 otherTexel = ivec2(other % uGridSize.x, other / uGridSize.x);
                vec3 otherPosition = fetchVector(uPosition, uPositionLow, otherTexel);
                if (any(notEqual(cellOf(otherPosition, substep.selfCollisionThickness), cell))) continue;
                addFaceContacts(otherTexel, texel, particle, home, faces);
                addCornerContacts(otherTexel, texel, particle, faces);
                vec3 restBetween = rest - texelFetch(uRestPosition, otherTexel, 0).xyz;
                if (samePatch(texel, otherTexel) && dot(restBetween, restBetween) < restReach * restReach) continue;
                float otherInverseMass = texelFetch(uInverseMass, otherTexel, 0).x;
                vec3 between = position - otherPosition;
                vec3 otherVelocity = fetchVector(uVelocity, uVelocityLow, otherTexel);
                if (dot(between, between) < 4.0 * substep.selfCollisionThickness * substep.selfCollisionThickness) {
                    pairs.fastestApproach = max(pairs.fastestApproach, length(velocity - otherVelocity));
                }
                if (dot(between, between) >= substep.selfCollisionThickness * substep.selfCollisionThickness || isTangled(otherTexel)) continue;
                float distance = length(between);
                // Coinciding: along the rest offset, or up for the smaller index (the core's rule).
                float restDistance = length(restBetween);
                vec3 parting = restDistance > 0.0 ? restBetween / restDistance : vec3(0.0, self < other ? 1.0 : -1.0, 0.0);
                vec3 normal = distance > 1e-9 ? between / distance : parting;
                float push = substep.selfCollisionThickness - distance;
                float share = inverseMass / (inverseMass + otherInverseMass);
                vec3 otherStart = fetchVector(uPredicted, uPredictedLow, otherTexel) - otherVelocity * substep.substepSeconds;
                vec3 relative = (position - start) - (otherPosition - otherStart);
                vec3 sliding = relative - normal * dot(relative, normal);
                pairs.moves += (normal * push - sliding * substep.selfCollisionFriction) * share;
                float approach = max(0.0, -dot(velocity - otherVelocity, normal));
                pairs.silentMoves += normal * (max(0.0, push - approach * substep.substepSeconds) * share);
                pairs.contacts += 1.0;
            }
        }
        // The particle pairs' average, then the triangles' (which the pairs around a particle
        // would otherwise outvote while it is through a layer).
        if (pairs.contacts > 0.0) {
            position += pairs.moves / pairs.contacts;
            silent += pairs.silentMoves / pairs.contacts;
        }
        if (faces.contacts > 0.0) {
            position += faces.moves / faces.contacts;
            silent += faces.silentMoves / faces.contacts;
        }
#if READS_APPROACH
        outApproach = floatBitsToUint(max(pairs.fastestApproach, faces.fastestApproach));
#endif
    }
#endif
    // The particle's own motion this substep, before any collider pushed it (self-collision's
    // silent push is not its approach).
    vec3 ownMotion = position - start - silent;
    // Planes come last; while a push moved the particle after an earlier collider's visit, it
    // may be inside that one again: visit them all again (src/collide.cpp).
    bool visiting = true;
    for (int visit = 0; visit < CONTACT_PASSES && visiting; ++visit) {
        visiting = false;
        for (int i = 0; i < int(substep.colliderCount); ++i) {
            vec4 traits = substep.colliderKindFrictionDepenetration[i];  // kind code, friction, depenetration metres
            Contact contact = contactWith(i, position, substep.collisionMargin);
            if (!contact.touching) continue;
            // The depth the particle began the substep with that depenetration may not undo yet.
            Contact atStart = contactWith(i, start, substep.collisionMargin);
            float startDepth = atStart.touching ? dot(atStart.surfacePoint - start, atStart.normal) : 0.0;
            float push = dot(contact.surfacePoint - position, contact.normal);
            float kept = min(push, max(0.0, startDepth - traits.z));
            vec3 reached = contact.surfacePoint - contact.normal * kept;
            vec3 motion = reached - start;
            vec3 sliding = motion - contact.normal * dot(motion, contact.normal);
            float moved = push - kept;
            float approach = max(0.0, -dot(ownMotion, contact.normal));
            if (moved > approach) silent += contact.normal * (moved - approach);
            position = reached - sliding * traits.y;
            if (i > 0 && moved > 0.0) visiting = true;
        }
    }
#if SELF_COLLISION && READS_APPROACH
    // The landing layers' approach, counted ahead: twice as fast as the particle closes on a
    // collider it would reach within kLandingSeconds (shaders/webgpu/separate.wgsl's
    // landingApproach says why).
    // Only the step's last substep's is read back.
    if (substep.readsApproach != 0u) {
        float lookahead = length(velocity) * kLandingSeconds;
        float landing = 0.0;
        for (int i = 0; i < int(substep.colliderCount); ++i) {
            Contact ahead = contactWith(i, start, substep.collisionMargin + lookahead);
            if (ahead.touching) landing = max(landing, -2.0 * dot(velocity, ahead.normal));
        }
        outApproach = floatBitsToUint(max(uintBitsToFloat(outApproach), landing));
    }
#endif
    write(position, velocity + (position - predicted - silent) / substep.substepSeconds);
}

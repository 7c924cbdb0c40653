// Self-collision's particles over triangles on WebGL2, seen from the particle: the core's face
// pairs (src/face_contacts.hpp) without their memory. Each triangle around a particle the
// bucket search found (`hub`) that this particle is over and nearer than the thickness, and
// that lies farther than kRestExclusionThicknesses from it at rest, pushes it off to the side
// it was on when the substep began, by its share of the
// core's point-triangle push; each corner takes its own share from its own texel
// (addCornerContacts). The core's pair remembers its side over many substeps; a texel cannot keep a list, so
// a particle that a substep leaves through a layer stays through, unless the crossing closes a
// cut that the untangling's looks send back (untanglingPush, below; docs/model.md). It also
// finds the fastest the particle and those triangles' corners approach, for the added substeps.
// solver-state.glsl, spatial-hash.glsl and, with TEARING, torn-constraints.glsl are put in
// front; collide.frag.glsl reads it with SELF_COLLISION.

const float kRestExclusionThicknesses = 3.0;  // as the core's face pairs
const float kOverSlack = 1e-3;                 // as the core's: a foot on an edge is over both triangles

// The distance from p to triangle (a, b, c): the core's nearestOnTriangle (src/triangle_geometry.hpp,
// after Ericson, Real-Time Collision Detection, 5.1.5), region by region.
float distanceToTriangle(vec3 p, vec3 a, vec3 b, vec3 c) {
    vec3 ab = b - a;
    vec3 ac = c - a;
    vec3 ap = p - a;
    float d1 = dot(ab, ap);
    float d2 = dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) return distance(p, a);
    vec3 bp = p - b;
    float d3 = dot(ab, bp);
    float d4 = dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) return distance(p, b);
    float vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) return distance(p, a + ab * (d1 / (d1 - d3)));
    vec3 cp = p - c;
    float d5 = dot(ab, cp);
    float d6 = dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) return distance(p, c);
    float vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) return distance(p, a + ac * (d2 / (d2 - d6)));
    float va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) return distance(p, b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6))));
    float scale = 1.0 / (va + vb + vc);
    return distance(p, a + ab * (vb * scale) + ac * (vc * scale));
}

// The barycentric weights of p's foot on the plane of (a, b, c), whose (b - a) x (c - a) is
// unitNormal * area (src/triangle_geometry.hpp's footWeights).
vec3 footWeights(vec3 p, vec3 a, vec3 b, vec3 c, vec3 unitNormal, float area) {
    float wb = dot(cross(p - a, c - a), unitNormal) / area;
    float wc = dot(cross(b - a, p - a), unitNormal) / area;
    return vec3(1.0 - wb - wc, wb, wc);
}

bool isOver(vec3 foot) {
    return min(foot.x, min(foot.y, foot.z)) >= -kOverSlack;
}

vec3 substepStartOf(ivec2 texel) {
    return fetchVector(uPredicted, uPredictedLow, texel) - fetchVector(uVelocity, uVelocityLow, texel) * substep.substepSeconds;
}

bool insideCells(vec3 position, ivec3 home) {
    ivec3 offset = cellOf(position, substep.selfCollisionThickness) - home;
    return all(lessThanEqual(abs(offset), ivec3(1)));
}

// collide.frag.glsl's Particle, read from the textures.
Particle particleAt(ivec2 texel) {
    vec3 velocity = fetchVector(uVelocity, uVelocityLow, texel);
    return Particle(fetchVector(uPosition, uPositionLow, texel), substepStartOf(texel), velocity,
                    texelFetch(uRestPosition, texel, 0).xyz, texelFetch(uInverseMass, texel, 0).x);
}

// A triangle of the cloth, its corners' texels and positions and its plane.
struct Triangle {
    ivec2 corners[3];
    vec3 a;
    vec3 b;
    vec3 c;
    vec3 unitNormal;
    float area;
};

// The `which`th (0 to 7) triangle around `vertex`, as the core lays each cell's two out: (top
// left, bottom left, top right) and (top right, bottom left, bottom right). False where there is
// none: outside the grid or its patch, `vertex` not one of its corners, torn, or of no area.
bool triangleAround(ivec2 vertex, int which, out Triangle triangle) {
    ivec2 vertexInQuad = ivec2(which & 1, (which >> 1) & 1);
    int second = which >> 2;  // the quad's second triangle
    ivec2 topLeft = vertex - vertexInQuad;
    if (vertexInQuad == ivec2(1 - second) || any(lessThan(topLeft, ivec2(0))) || !inPatchOf(topLeft, topLeft + 1)) return false;
#if TEARING
    // A triangle with a torn edge is a hole (it is not drawn): particles pass through it.
    if (isTriangleTorn(topLeft, second)) return false;
#endif
    triangle.corners = ivec2[3](topLeft + ivec2(second, 0), topLeft + ivec2(0, 1), topLeft + ivec2(1, second));
    triangle.a = fetchVector(uPosition, uPositionLow, triangle.corners[0]);
    triangle.b = fetchVector(uPosition, uPositionLow, triangle.corners[1]);
    triangle.c = fetchVector(uPosition, uPositionLow, triangle.corners[2]);
    vec3 across = cross(triangle.b - triangle.a, triangle.c - triangle.a);
    triangle.area = length(across);
    if (triangle.area == 0.0) return false;
    triangle.unitNormal = across / triangle.area;
    return true;
}

// The triangles around this fragment's particle, found once (findOwnTriangles) for
// addCornerContacts, which meets each particle in the cells around against all of them.
Triangle ownTriangles[8];
bool ownFound[8];

void findOwnTriangles(ivec2 texel) {
    for (int which = 0; which < 8; ++which) ownFound[which] = triangleAround(texel, which, ownTriangles[which]);
}

// A particle against a triangle, as the core's face pair sees it.
struct FaceContact {
    bool inReach;          // over it, nearer than two thicknesses, and (within one patch) farther than kRestExclusionThicknesses at rest
    float depth;           // inside the thickness on the side it began the substep on (none where <= 0)
    vec3 normal;           // towards that side
    vec3 weights;          // the particle's foot, clamped and summing to 1
    float pushInverseMass; // the push's denominator: the particle's inverse mass and the corners' by weight squared
    float approach;        // how fast particle and triangle close along the normal, m/s
};

// Particle `p` against `triangle`: the same tests and numbers whichever of them the fragment
// working it out belongs to.
FaceContact faceContact(Triangle triangle, Particle p, bool onePatch) {
    FaceContact contact = FaceContact(false, 0.0, vec3(0.0), vec3(0.0), 0.0, 0.0);
    float thickness = substep.selfCollisionThickness;
    float height = dot(p.position - triangle.a, triangle.unitNormal);
    if (abs(height) >= 2.0 * thickness) return contact;
    vec3 foot = footWeights(p.position, triangle.a, triangle.b, triangle.c, triangle.unitNormal, triangle.area);
    if (!isOver(foot)) return contact;
    ivec2 corners[3] = triangle.corners;
    if (onePatch && distanceToTriangle(p.rest, texelFetch(uRestPosition, corners[0], 0).xyz, texelFetch(uRestPosition, corners[1], 0).xyz,
                                       texelFetch(uRestPosition, corners[2], 0).xyz) < kRestExclusionThicknesses * thickness) return contact;
    contact.inReach = true;
    // The side it began the substep on, over the triangle or beside it, as the core's new pair
    // takes it: taken only where it began over the triangle, the 64 x 64 pile kept 12 crossings
    // to 2 s where this frees it by 1.25 s (docs/model.md).
    vec3 a0 = substepStartOf(corners[0]);
    float startHeight = dot(p.start - a0, cross(substepStartOf(corners[1]) - a0, substepStartOf(corners[2]) - a0));
    if (startHeight == 0.0) return contact;
    float side = sign(startHeight);
    float depth = thickness - side * height;
    // A triangle of a piece that went through is the untangling's.
    if (depth <= 0.0 || isTangled(corners[0]) || isTangled(corners[1]) || isTangled(corners[2])) return contact;
    contact.depth = depth;
    contact.normal = triangle.unitNormal * side;
    contact.weights = max(foot, vec3(0.0));
    contact.weights /= contact.weights.x + contact.weights.y + contact.weights.z;
    vec3 cornerInverseMasses = vec3(texelFetch(uInverseMass, corners[0], 0).x, texelFetch(uInverseMass, corners[1], 0).x,
                                    texelFetch(uInverseMass, corners[2], 0).x);
    contact.pushInverseMass = p.inverseMass + dot(contact.weights * contact.weights, cornerInverseMasses);
    vec3 triangleVelocity = contact.weights.x * fetchVector(uVelocity, uVelocityLow, corners[0]) +
                            contact.weights.y * fetchVector(uVelocity, uVelocityLow, corners[1]) +
                            contact.weights.z * fetchVector(uVelocity, uVelocityLow, corners[2]);
    contact.approach = max(0.0, -dot(p.velocity - triangleVelocity, contact.normal));
    return contact;
}

// `share` of a face contact's push, `towards` its normal's side (+1) or away from it (-1), added
// to the pass's running sums; the part that stops no approach is silent.
void addPush(FaceContact contact, float share, float towards, inout Corrections faces) {
    faces.moves += contact.normal * (towards * contact.depth * share);
    faces.silentMoves += contact.normal * (towards * max(0.0, contact.depth - contact.approach * substep.substepSeconds) * share);
    faces.contacts += 1.0;
}

// The pushes of the triangles around `hub` (those it is a corner of, each taken from the corner
// of the smallest index among those in the 27 cells around `home`, so once) on this particle.
void addFaceContacts(ivec2 hub, ivec2 texel, Particle particle, ivec3 home, inout Corrections faces) {
    float exclusion = kRestExclusionThicknesses * substep.selfCollisionThickness;
    // The hub is a corner of each: all are too near at rest when it is (most hubs in reach).
    vec3 hubRestBetween = particle.rest - texelFetch(uRestPosition, hub, 0).xyz;
    bool onePatch = samePatch(texel, hub);
    if (onePatch && dot(hubRestBetween, hubRestBetween) < exclusion * exclusion) return;
    int hubIndex = hub.y * uGridSize.x + hub.x;
    for (int which = 0; which < 8; ++which) {
        Triangle triangle;
        if (!triangleAround(hub, which, triangle)) continue;
        // Taken once: from its in-reach corner of the smallest index.
        bool earlier = false;
        vec3 cornerPositions[3] = vec3[3](triangle.a, triangle.b, triangle.c);
        for (int k = 0; k < 3; ++k) {
            int index = triangle.corners[k].y * uGridSize.x + triangle.corners[k].x;
            earlier = earlier || (index < hubIndex && insideCells(cornerPositions[k], home));
        }
        if (earlier) continue;
        FaceContact contact = faceContact(triangle, particle, onePatch);
        if (!contact.inReach) continue;
        for (int k = 0; k < 3; ++k) {
            faces.fastestApproach = max(faces.fastestApproach, length(particle.velocity - fetchVector(uVelocity, uVelocityLow, triangle.corners[k])));
        }
        if (contact.depth > 0.0) addPush(contact, particle.inverseMass / contact.pushInverseMass, 1.0, faces);
    }
}

// This particle's share, as a corner, of the push that moves `other` off each triangle around
// this particle: the core's point-triangle push moves the corners back by their foot weights,
// which addFaceContacts, writing only its own particle, leaves out. Both ends work the contact
// out with faceContact, so the particle and the corners it has in reach push apart together;
// without the corners' part the 64 x 64 pile half a spacing thick crossed 17-20 times
// (docs/model.md). findOwnTriangles must have run.
void addCornerContacts(ivec2 other, ivec2 texel, Particle particle, inout Corrections faces) {
    float exclusion = kRestExclusionThicknesses * substep.selfCollisionThickness;
    Particle p = particleAt(other);
    vec3 restBetween = p.rest - particle.rest;
    bool onePatch = samePatch(texel, other);
    if ((onePatch && dot(restBetween, restBetween) < exclusion * exclusion) || isTangled(other)) return;
    for (int which = 0; which < 8; ++which) {
        if (!ownFound[which]) continue;
        Triangle triangle = ownTriangles[which];
        FaceContact contact = faceContact(triangle, p, onePatch);
        if (contact.depth <= 0.0) continue;
        float mine = triangle.corners[0] == texel ? contact.weights.x : triangle.corners[1] == texel ? contact.weights.y : contact.weights.z;
        // A corner the foot leaves out (weight 0) beside pinned ones has no share (0 / 0).
        addPush(contact, mine > 0.0 ? mine * particle.inverseMass / contact.pushInverseMass : 0.0, -1.0, faces);
    }
}

// The untangling's push of a particle it sends back (`tangle`: the triangle's corners and the
// side it belongs on): towards a thickness beyond the triangle, at most a thickness a substep,
// by its inverse-mass share, as src/untangle.cpp's Untangling::push, except that the corners are
// not pushed back, the share is weighted by the particle's foot on the triangle (the core takes
// the nearest point), and a particle is sent through one triangle at a time (the core averages
// all it crossed). Silent: untangling adds no energy.
vec3 untanglingPush(ivec4 tangle, vec3 position, float inverseMass) {
    float thickness = substep.selfCollisionThickness;
    ivec2 corners[3] = ivec2[3](ivec2(tangle.x % uGridSize.x, tangle.x / uGridSize.x), ivec2(tangle.y % uGridSize.x, tangle.y / uGridSize.x),
                                ivec2(tangle.z % uGridSize.x, tangle.z / uGridSize.x));
    vec3 a = fetchVector(uPosition, uPositionLow, corners[0]);
    vec3 b = fetchVector(uPosition, uPositionLow, corners[1]);
    vec3 c = fetchVector(uPosition, uPositionLow, corners[2]);
    vec3 across = cross(b - a, c - a);
    float area = length(across);
    if (area == 0.0) return vec3(0.0);
    vec3 unitNormal = across / area;
    vec3 normal = unitNormal * float(tangle.w);
    float gap = dot(position - a, normal);
    if (gap >= thickness) return vec3(0.0);
    vec3 weights = max(footWeights(position, a, b, c, unitNormal, area), vec3(0.0));
    weights /= weights.x + weights.y + weights.z;
    vec3 cornerInverseMasses = vec3(texelFetch(uInverseMass, corners[0], 0).x, texelFetch(uInverseMass, corners[1], 0).x,
                                    texelFetch(uInverseMass, corners[2], 0).x);
    float share = inverseMass / (inverseMass + dot(weights * weights, cornerInverseMasses));
    return normal * (min(thickness - gap, thickness) * share);
}

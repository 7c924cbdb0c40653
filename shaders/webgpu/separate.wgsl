// Self-collision on WebGPU, the core's 'separate' stage in two kinds of pass over its own state
// bindings (group 0 here). The bucket pass sorts the particles into hashed cells of the
// thickness: BUCKET_LAYERS layers of 2 x particleCount buckets, each layer keeping per bucket
// the smallest particle index the earlier layers did not take (atomicMax of the complemented
// index), which is the WebGL2 depth-peeling's choice, so both GPUs see the same particles. The
// separate pass then pushes each free particle away from the others in the 27 cells around it
// that it is too close to and that were not its neighbours at rest, with friction on their
// sliding, by the average of those corrections, then off the triangles around them by the
// average of theirs (addFaceContacts): shaders/webgl2/collide.frag.glsl's SELF_COLLISION block
// (and src/separate.cpp's formula, seen from this particle's side of each pair). It writes the
// separated positions and the part of the push that is not stopping an approach (velocity must
// not gain it) for the collide pass, and in the step's last substep keeps the fastest approach it
// saw in the word after the buckets, which the cloth reads back for the added substeps (ClothModel::substepsFor).

const BUCKET_LAYERS = 4u;
const kRestNeighbourSlack = 1.001;  // as the core's

@group(0) @binding(0) var<storage, read_write> separated: array<vec4f>;  // out: the collide pass's start
@group(0) @binding(1) var<storage, read> working: array<vec4f>;         // after the constraints
@group(0) @binding(2) var<storage, read> predicted: array<vec4f>;
@group(0) @binding(3) var<storage, read> velocities: array<vec4f>;
@group(0) @binding(4) var<storage, read> inverseMasses: array<f32>;
@group(0) @binding(5) var<storage, read> restPositions: array<vec4f>;   // the rest shape
// BUCKET_LAYERS x bucketCount (~index, 0 = empty), then the substep's fastest approach (f32 bits).
@group(0) @binding(6) var<storage, read_write> buckets: array<atomic<u32>>;
@group(0) @binding(7) var<storage, read_write> silents: array<vec4f>;   // out
// The untangling's last look (web/backends/gpu/untangling.js), TANGLES_WIDTH texels a row: per
// particle the corners of the triangle it is sent back through and its side (+1 or -1),
// TANGLE_HELD where it only sits out the pairs, 0 where free. A texture: group 0 already holds
// the 8 storage buffers WebGPU allows a stage by default.
@group(0) @binding(8) var tangles: texture_2d<i32>;
// The torn bits' copy (state.wgsl's, torn-bits.wgsl), read only in the separate pipeline made
// with TEARING, once a tear pass has run since the cloth was last mended: a triangle with a torn
// edge is a hole (it is not drawn), which pushes nothing.
@group(0) @binding(9) var tornCopy: texture_2d<u32>;
override TEARING: bool = false;
// The mesh colliders' fields, as state.wgsl's (contacts.wgsl reads them): the landing layers'
// approach looks at every collider.
@group(0) @binding(10) var meshFields: texture_3d<f32>;

fn tornBitsAt(texel: vec2i) -> u32 {
    if (!TEARING) { return 0u; }
    let index = indexOf(texel);
    return textureLoad(tornCopy, vec2u(index % TORN_WIDTH, index / TORN_WIDTH), 0).r;
}

fn tangleOf(index: u32) -> vec4i {
    return textureLoad(tangles, vec2u(index % TANGLES_WIDTH, index / TANGLES_WIDTH), 0);
}

fn isTangled(index: u32) -> bool {
    return tangleOf(index).w != 0;
}

// The core's SpatialHash cells and mixing, as shaders/webgl2/spatial-hash.glsl.
fn cellOf(position: vec3f, cellSize: f32) -> vec3i {
    return vec3i(clamp(floor(position / cellSize), vec3f(-1e9), vec3f(1e9)));
}

fn bucketOf(cell: vec3i, bucketCount: u32) -> u32 {
    let bits = vec3u(cell);
    var mixed = (bits.x * 92837111u) ^ (bits.y * 689287499u) ^ (bits.z * 283923481u);
    mixed ^= mixed >> 16u;
    mixed *= 0x7feb352du;
    mixed ^= mixed >> 15u;
    mixed *= 0x846ca68bu;
    mixed ^= mixed >> 16u;
    return mixed % bucketCount;
}

fn bucketCount() -> u32 {
    return 2u * substep.particleCount;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn sortIntoBuckets(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let index = particleIndex(id, groups);
    if (index >= substep.particleCount) { return; }
    let bucket = bucketOf(cellOf(working[index].xyz, substep.selfCollisionThickness), bucketCount());
    // The larger the key, the smaller the index.
    let key = ~index;
    let layer = stage.bucketLayer;
    if (layer > 0u) {
        let previous = atomicLoad(&buckets[(layer - 1u) * bucketCount() + bucket]);
        if (previous == 0u || key >= previous) { return; }
    }
    atomicMax(&buckets[layer * bucketCount() + bucket], key);
}

// Particles over triangles, seen from the particle: the core's face pairs (src/face_contacts.hpp)
// without their memory, as shaders/webgl2/face-contacts.glsl (whose comment says more): each
// triangle around `hub` that the particle is over and nearer than the thickness, farther than
// kRestExclusionThicknesses from it at rest, pushes it off to the side it began the substep on.
const kRestExclusionThicknesses = 3.0;  // as the core's face pairs
const kOverSlack = 1e-3;                // as the core's
const kLandingSeconds = 0.1;            // how far ahead landingApproach looks (the read-back's lag and then some)

struct Corrections {
    moves: vec3f,
    silentMoves: vec3f,
    contacts: f32,
    // The fastest this particle and another within reach (a particle, a triangle's corner) approach, m/s.
    fastestApproach: f32,
}

// The distance from p to triangle (a, b, c): the core's nearestOnTriangle (src/triangle_geometry.hpp,
// after Ericson, Real-Time Collision Detection, 5.1.5), region by region.
fn distanceToTriangle(p: vec3f, a: vec3f, b: vec3f, c: vec3f) -> f32 {
    let ab = b - a;
    let ac = c - a;
    let ap = p - a;
    let d1 = dot(ab, ap);
    let d2 = dot(ac, ap);
    if (d1 <= 0.0 && d2 <= 0.0) { return distance(p, a); }
    let bp = p - b;
    let d3 = dot(ab, bp);
    let d4 = dot(ac, bp);
    if (d3 >= 0.0 && d4 <= d3) { return distance(p, b); }
    let vc = d1 * d4 - d3 * d2;
    if (vc <= 0.0 && d1 >= 0.0 && d3 <= 0.0) { return distance(p, a + ab * (d1 / (d1 - d3))); }
    let cp = p - c;
    let d5 = dot(ab, cp);
    let d6 = dot(ac, cp);
    if (d6 >= 0.0 && d5 <= d6) { return distance(p, c); }
    let vb = d5 * d2 - d1 * d6;
    if (vb <= 0.0 && d2 >= 0.0 && d6 <= 0.0) { return distance(p, a + ac * (d2 / (d2 - d6))); }
    let va = d3 * d6 - d5 * d4;
    if (va <= 0.0 && (d4 - d3) >= 0.0 && (d5 - d6) >= 0.0) { return distance(p, b + (c - b) * ((d4 - d3) / ((d4 - d3) + (d5 - d6)))); }
    let scale = 1.0 / (va + vb + vc);
    return distance(p, a + ab * (vb * scale) + ac * (vc * scale));
}

// The barycentric weights of p's foot on the plane of (a, b, c), whose (b - a) x (c - a) is
// unitNormal * area (src/triangle_geometry.hpp's footWeights).
fn footWeights(p: vec3f, a: vec3f, b: vec3f, c: vec3f, unitNormal: vec3f, area: f32) -> vec3f {
    let wb = dot(cross(p - a, c - a), unitNormal) / area;
    let wc = dot(cross(b - a, p - a), unitNormal) / area;
    return vec3f(1.0 - wb - wc, wb, wc);
}

fn isOver(foot: vec3f) -> bool {
    return min(foot.x, min(foot.y, foot.z)) >= -kOverSlack;
}

fn substepStartOf(index: u32) -> vec3f {
    return predicted[index].xyz - velocities[index].xyz * substep.substepSeconds;
}

fn insideCells(position: vec3f, home: vec3i) -> bool {
    return all(abs(cellOf(position, substep.selfCollisionThickness) - home) <= vec3i(1));
}

// A particle as the face contacts read it: where it is and began the substep, its velocity, its
// place at rest and its inverse mass.
struct Particle {
    position: vec3f,
    start: vec3f,
    velocity: vec3f,
    rest: vec3f,
    inverseMass: f32,
}

fn particleAt(index: u32) -> Particle {
    return Particle(working[index].xyz, substepStartOf(index), velocities[index].xyz, restPositions[index].xyz, inverseMasses[index]);
}

// A triangle of the cloth, its corners and their positions and its plane; `found` false where
// triangleAround found none.
struct Triangle {
    found: bool,
    corners: array<u32, 3>,
    a: vec3f,
    b: vec3f,
    c: vec3f,
    unitNormal: vec3f,
    area: f32,
}

// The `which`th (0 to 7) triangle around `vertex`, as the core lays each cell's two out: (top
// left, bottom left, top right) and (top right, bottom left, bottom right). None where it is
// outside the grid or its patch, `vertex` is not one of its corners, torn, or of no area.
fn triangleAround(vertex: vec2i, which: i32) -> Triangle {
    var triangle: Triangle;
    triangle.found = false;
    let vertexInQuad = vec2i(which & 1, (which >> 1u) & 1);
    let second = which >> 2u;  // the quad's second triangle
    let topLeft = vertex - vertexInQuad;
    if (all(vertexInQuad == vec2i(1 - second)) || any(topLeft < vec2i(0)) || !inPatchOf(topLeft, topLeft + 1)) { return triangle; }
    // A triangle with a torn edge is a hole (it is not drawn): particles pass through it.
    if (isTriangleTorn(tornBitsAt(topLeft + vec2i(second, 0)), tornBitsAt(topLeft + vec2i(0, 1)), second)) { return triangle; }
    triangle.corners = array<u32, 3>(indexOf(topLeft + vec2i(second, 0)), indexOf(topLeft + vec2i(0, 1)), indexOf(topLeft + vec2i(1, second)));
    triangle.a = working[triangle.corners[0]].xyz;
    triangle.b = working[triangle.corners[1]].xyz;
    triangle.c = working[triangle.corners[2]].xyz;
    let across = cross(triangle.b - triangle.a, triangle.c - triangle.a);
    triangle.area = length(across);
    if (triangle.area == 0.0) { return triangle; }
    triangle.unitNormal = across / triangle.area;
    triangle.found = true;
    return triangle;
}

// The triangles around this invocation's particle, found once (findOwnTriangles) for
// addCornerContacts, which meets each particle in the cells around against all of them.
var<private> ownTriangles: array<Triangle, 8>;

fn findOwnTriangles(index: u32) {
    for (var which = 0; which < 8; which++) { ownTriangles[which] = triangleAround(texelOf(index), which); }
}

// A particle against a triangle, as the core's face pair sees it.
struct FaceContact {
    inReach: bool,          // over it, nearer than two thicknesses, and (within one patch) farther than kRestExclusionThicknesses at rest
    depth: f32,             // inside the thickness on the side it began the substep on (none where <= 0)
    normal: vec3f,          // towards that side
    weights: vec3f,         // the particle's foot, clamped and summing to 1
    pushInverseMass: f32,   // the push's denominator: the particle's inverse mass and the corners' by weight squared
    approach: f32,          // how fast particle and triangle close along the normal, m/s
}

// Particle `p` against `triangle`: the same tests and numbers whichever of them the invocation
// working it out belongs to.
fn faceContact(triangle: Triangle, p: Particle, onePatch: bool) -> FaceContact {
    var contact = FaceContact(false, 0.0, vec3f(0.0), vec3f(0.0), 0.0, 0.0);
    let thickness = substep.selfCollisionThickness;
    let height = dot(p.position - triangle.a, triangle.unitNormal);
    if (abs(height) >= 2.0 * thickness) { return contact; }
    let foot = footWeights(p.position, triangle.a, triangle.b, triangle.c, triangle.unitNormal, triangle.area);
    if (!isOver(foot)) { return contact; }
    let corners = triangle.corners;
    if (onePatch && distanceToTriangle(p.rest, restPositions[corners[0]].xyz, restPositions[corners[1]].xyz,
                                       restPositions[corners[2]].xyz) < kRestExclusionThicknesses * thickness) { return contact; }
    contact.inReach = true;
    // The side it began the substep on, over the triangle or beside it, as the core's new pair
    // takes it (face-contacts.glsl says why).
    let a0 = substepStartOf(corners[0]);
    let startHeight = dot(p.start - a0, cross(substepStartOf(corners[1]) - a0, substepStartOf(corners[2]) - a0));
    if (startHeight == 0.0) { return contact; }
    let side = sign(startHeight);
    let depth = thickness - side * height;
    // A triangle of a piece that went through is the untangling's.
    if (depth <= 0.0 || isTangled(corners[0]) || isTangled(corners[1]) || isTangled(corners[2])) { return contact; }
    contact.depth = depth;
    contact.normal = triangle.unitNormal * side;
    contact.weights = max(foot, vec3f(0.0));
    contact.weights /= contact.weights.x + contact.weights.y + contact.weights.z;
    let cornerInverseMasses = vec3f(inverseMasses[corners[0]], inverseMasses[corners[1]], inverseMasses[corners[2]]);
    contact.pushInverseMass = p.inverseMass + dot(contact.weights * contact.weights, cornerInverseMasses);
    let triangleVelocity = contact.weights.x * velocities[corners[0]].xyz + contact.weights.y * velocities[corners[1]].xyz +
                           contact.weights.z * velocities[corners[2]].xyz;
    contact.approach = max(0.0, -dot(p.velocity - triangleVelocity, contact.normal));
    return contact;
}

// `share` of a face contact's push, `towards` its normal's side (+1) or away from it (-1), added
// to the pass's running sums; the part that stops no approach is silent.
fn addPush(contact: FaceContact, share: f32, towards: f32, sums: ptr<function, Corrections>) {
    (*sums).moves += contact.normal * (towards * contact.depth * share);
    (*sums).silentMoves += contact.normal * (towards * max(0.0, contact.depth - contact.approach * substep.substepSeconds) * share);
    (*sums).contacts += 1.0;
}

// The pushes of the triangles around `hub` (those it is a corner of, each taken from its corner
// of the smallest index among those in the 27 cells around `home`, so once) on this particle.
fn addFaceContacts(hub: u32, index: u32, particle: Particle, home: vec3i, sums: ptr<function, Corrections>) {
    let exclusion = kRestExclusionThicknesses * substep.selfCollisionThickness;
    // The hub is a corner of each: all are too near at rest when it is (most hubs in reach).
    let hubRestBetween = particle.rest - restPositions[hub].xyz;
    let onePatch = inPatchOf(texelOf(index), texelOf(hub));
    if (onePatch && dot(hubRestBetween, hubRestBetween) < exclusion * exclusion) { return; }
    for (var which = 0; which < 8; which++) {
        let triangle = triangleAround(texelOf(hub), which);
        if (!triangle.found) { continue; }
        // Taken once: from its in-reach corner of the smallest index.
        var corners = triangle.corners;
        var cornerPositions = array<vec3f, 3>(triangle.a, triangle.b, triangle.c);
        var earlier = false;
        for (var k = 0; k < 3; k++) {
            earlier = earlier || (corners[k] < hub && insideCells(cornerPositions[k], home));
        }
        if (earlier) { continue; }
        let contact = faceContact(triangle, particle, onePatch);
        if (!contact.inReach) { continue; }
        for (var k = 0; k < 3; k++) {
            (*sums).fastestApproach = max((*sums).fastestApproach, length(particle.velocity - velocities[corners[k]].xyz));
        }
        if (contact.depth > 0.0) { addPush(contact, particle.inverseMass / contact.pushInverseMass, 1.0, sums); }
    }
}

// This particle's share, as a corner, of the push that moves `other` off each triangle around
// this particle: the core's point-triangle push moves the corners back by their foot weights,
// which addFaceContacts, writing only its own particle, leaves out (face-contacts.glsl says more).
// findOwnTriangles must have run.
fn addCornerContacts(other: u32, index: u32, particle: Particle, sums: ptr<function, Corrections>) {
    let exclusion = kRestExclusionThicknesses * substep.selfCollisionThickness;
    let p = particleAt(other);
    let restBetween = p.rest - particle.rest;
    let onePatch = inPatchOf(texelOf(index), texelOf(other));
    if ((onePatch && dot(restBetween, restBetween) < exclusion * exclusion) || isTangled(other)) { return; }
    for (var which = 0; which < 8; which++) {
        let triangle = ownTriangles[which];
        if (!triangle.found) { continue; }
        let contact = faceContact(triangle, p, onePatch);
        if (contact.depth <= 0.0) { continue; }
        let mine = select(select(contact.weights.z, contact.weights.y, triangle.corners[1] == index), contact.weights.x, triangle.corners[0] == index);
        // A corner the foot leaves out (weight 0) beside pinned ones has no share (0 / 0).
        addPush(contact, select(0.0, mine * particle.inverseMass / contact.pushInverseMass, mine > 0.0), -1.0, sums);
    }
}

// The untangling's push of a particle it sends back (`tangle`: the triangle's corners and the
// side it belongs on), as shaders/webgl2/face-contacts.glsl's untanglingPush (which says how it
// differs from the core's): towards a thickness beyond the triangle, at most a thickness a
// substep, by its share; silent.
fn untanglingPush(tangle: vec4i, position: vec3f, inverseMass: f32) -> vec3f {
    let thickness = substep.selfCollisionThickness;
    let corners = vec3u(tangle.xyz);
    let a = working[corners.x].xyz;
    let b = working[corners.y].xyz;
    let c = working[corners.z].xyz;
    let across = cross(b - a, c - a);
    let area = length(across);
    if (area == 0.0) { return vec3f(0.0); }
    let unitNormal = across / area;
    let normal = unitNormal * f32(tangle.w);
    let gap = dot(position - a, normal);
    if (gap >= thickness) { return vec3f(0.0); }
    var weights = max(footWeights(position, a, b, c, unitNormal, area), vec3f(0.0));
    weights /= weights.x + weights.y + weights.z;
    let cornerInverseMasses = vec3f(inverseMasses[corners.x], inverseMasses[corners.y], inverseMasses[corners.z]);
    let share = inverseMass / (inverseMass + dot(weights * weights, cornerInverseMasses));
    return normal * (min(thickness - gap, thickness) * share);
}

// Twice as fast as the particle closes on a collider it would reach within kLandingSeconds:
// layers landing on a collider meet those it stopped, and threw back, at up to twice the speed
// they land with, and the pairs see it only once they are within reach, which the approach read
// back learns a few steps late. Counted ahead, the added substeps are there when they land (the
// 64 x 64 pile half a spacing thick crossed 16 times without it, docs/model.md).
fn landingApproach(start: vec3f, velocity: vec3f) -> f32 {
    let ahead = substep.collisionMargin + length(velocity) * kLandingSeconds;
    var landing = 0.0;
    for (var collider = 0u; collider < substep.colliderCount; collider++) {
        let contact = contactWith(collider, start, ahead);
        if (contact.touching) { landing = max(landing, -2.0 * dot(velocity, contact.normal)); }
    }
    return landing;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn separate(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let index = particleIndex(id, groups);
    if (index >= substep.particleCount) { return; }
    var position = working[index].xyz;
    let inverseMass = inverseMasses[index];
    if (inverseMass == 0.0) {
        separated[index] = vec4f(position, 0.0);
        silents[index] = vec4f(0.0);
        return;
    }
    let h = substep.substepSeconds;
    let thickness = substep.selfCollisionThickness;
    let velocity = velocities[index].xyz;
    let start = predicted[index].xyz - velocity * h;
    let rest = restPositions[index].xyz;
    let restReach = kRestNeighbourSlack * thickness;
    let home = cellOf(position, thickness);
    let texel = texelOf(index);
    var pairs = Corrections(vec3f(0.0), vec3f(0.0), 0.0, 0.0);
    var faces = Corrections(vec3f(0.0), vec3f(0.0), 0.0, 0.0);
    // A particle in a piece that went through the cloth sits out the pairs, which would hold it
    // on the wrong side; one at the cut is sent back through the triangle it crossed.
    let tangle = tangleOf(index);
    var silent = vec3f(0.0);
    if (tangle.w != 0 && tangle.w != TANGLE_HELD) {
        silent = untanglingPush(tangle, position, inverseMass);
        position += silent;
    }
    let particle = Particle(position, start, velocity, rest, inverseMass);
    if (tangle.w == 0) { findOwnTriangles(index); }
    for (var offset = 0; offset < 27 && tangle.w == 0; offset++) {
        let cell = home + vec3i(offset / 9 - 1, (offset / 3) % 3 - 1, offset % 3 - 1);
        let bucket = bucketOf(cell, bucketCount());
        for (var layer = 0u; layer < BUCKET_LAYERS; layer++) {
            let key = atomicLoad(&buckets[layer * bucketCount() + bucket]);
            if (key == 0u) { break; }
            let other = ~key;
            if (other == index) { continue; }
            let otherPosition = working[other].xyz;
            if (any(cellOf(otherPosition, thickness) != cell)) { continue; }
            addFaceContacts(other, index, particle, home, &faces);
            addCornerContacts(other, index, particle, &faces);
            let restBetween = rest - restPositions[other].xyz;
            if (samePatch(texel, texelOf(other)) && dot(restBetween, restBetween) < restReach * restReach) { continue; }
            let otherInverseMass = inverseMasses[other];
            let between = position - otherPosition;
            let otherVelocity = velocities[other].xyz;
            if (dot(between, between) < 4.0 * thickness * thickness) {
                pairs.fastestApproach = max(pairs.fastestApproach, length(velocity - otherVelocity));
            }
            if (dot(between, between) >= thickness * thickness || isTangled(other)) { continue; }
            let distance = length(between);
            // Coinciding: along the rest offset, or up for the smaller index (the core's rule).
            let restDistance = length(restBetween);
            var parting = vec3f(0.0, select(-1.0, 1.0, index < other), 0.0);
            if (restDistance > 0.0) { parting = restBetween / restDistance; }
            var normal = parting;
            if (distance > 1e-9) { normal = between / distance; }
            let push = thickness - distance;
            let share = inverseMass / (inverseMass + otherInverseMass);
            let otherStart = predicted[other].xyz - otherVelocity * h;
            let relative = (position - start) - (otherPosition - otherStart);
            let sliding = relative - normal * dot(relative, normal);
            pairs.moves += (normal * push - sliding * substep.selfCollisionFriction) * share;
            let approach = max(0.0, -dot(velocity - otherVelocity, normal));
            pairs.silentMoves += normal * (max(0.0, push - approach * h) * share);
            pairs.contacts += 1.0;
        }
    }
    // The particle pairs' average, then the triangles' (which the pairs around a particle would
    // otherwise outvote while it is through a layer).
    if (pairs.contacts > 0.0) {
        position += pairs.moves / pairs.contacts;
        silent += pairs.silentMoves / pairs.contacts;
    }
    if (faces.contacts > 0.0) {
        position += faces.moves / faces.contacts;
        silent += faces.silentMoves / faces.contacts;
    }
    // Only the step's last substep's is read back. Non-negative floats order as their bits do.
    if (substep.readsApproach != 0u) {
        let fastest = max(max(pairs.fastestApproach, faces.fastestApproach), landingApproach(start, velocity));
        if (fastest > 0.0) { atomicMax(&buckets[BUCKET_LAYERS * bucketCount()], bitcast<u32>(fastest)); }
    }
    separated[index] = vec4f(position, 0.0);
    silents[index] = vec4f(silent, 0.0);
}

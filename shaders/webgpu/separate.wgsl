// Self-collision on WebGPU, the core's 'separate' stage in two kinds of pass over its own state
// bindings (group 0 here). The bucket pass sorts the particles into hashed cells of the
// thickness: BUCKET_LAYERS layers of 2 x particleCount buckets, each layer keeping per bucket
// the smallest particle index the earlier layers did not take (atomicMax of the complemented
// index), which is the WebGL2 depth-peeling's choice, so both GPUs see the same particles. The
// separate pass then pushes each free particle away from the others in the 27 cells around it
// that it is too close to and that were not its neighbours at rest, with friction on their
// sliding, by the average of those corrections: shaders/webgl2/collide.frag.glsl's SELF_COLLISION
// block (and src/separate.cpp's formula, seen from this particle's side of each pair). It
// writes the separated positions and the part of the push that is not stopping an approach
// (velocity must not gain it) for the collide pass.

const BUCKET_LAYERS = 4u;
const kRestNeighbourSlack = 1.001;  // as the core's

@group(0) @binding(0) var<storage, read_write> separated: array<vec4f>;  // out: the collide pass's start
@group(0) @binding(1) var<storage, read> working: array<vec4f>;         // after the constraints
@group(0) @binding(2) var<storage, read> predicted: array<vec4f>;
@group(0) @binding(3) var<storage, read> velocities: array<vec4f>;
@group(0) @binding(4) var<storage, read> inverseMasses: array<f32>;
@group(0) @binding(5) var<storage, read> restPositions: array<vec4f>;   // the rest shape
@group(0) @binding(6) var<storage, read_write> buckets: array<atomic<u32>>;  // BUCKET_LAYERS x bucketCount, ~index, 0 = empty
@group(0) @binding(7) var<storage, read_write> silents: array<vec4f>;   // out

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
    var moves = vec3f(0.0);
    var silentMoves = vec3f(0.0);
    var contacts = 0.0;
    for (var offset = 0; offset < 27; offset++) {
        let cell = home + vec3i(offset / 9 - 1, (offset / 3) % 3 - 1, offset % 3 - 1);
        let bucket = bucketOf(cell, bucketCount());
        for (var layer = 0u; layer < BUCKET_LAYERS; layer++) {
            let key = atomicLoad(&buckets[layer * bucketCount() + bucket]);
            if (key == 0u) { break; }
            let other = ~key;
            if (other == index) { continue; }
            let otherPosition = working[other].xyz;
            if (any(cellOf(otherPosition, thickness) != cell)) { continue; }
            let restBetween = rest - restPositions[other].xyz;
            let samePatch = all(texel / substep.patchSize == texelOf(other) / substep.patchSize);
            if (samePatch && dot(restBetween, restBetween) < restReach * restReach) { continue; }
            let otherInverseMass = inverseMasses[other];
            let between = position - otherPosition;
            if (dot(between, between) >= thickness * thickness) { continue; }
            let distance = length(between);
            // Coinciding: along the rest offset, or up for the smaller index (the core's rule).
            let restDistance = length(restBetween);
            var parting = vec3f(0.0, select(-1.0, 1.0, index < other), 0.0);
            if (restDistance > 0.0) { parting = restBetween / restDistance; }
            var normal = parting;
            if (distance > 1e-9) { normal = between / distance; }
            let push = thickness - distance;
            let share = inverseMass / (inverseMass + otherInverseMass);
            let otherVelocity = velocities[other].xyz;
            let otherStart = predicted[other].xyz - otherVelocity * h;
            let relative = (position - start) - (otherPosition - otherStart);
            let sliding = relative - normal * dot(relative, normal);
            moves += (normal * push - sliding * substep.selfCollisionFriction) * share;
            let approach = max(0.0, -dot(velocity - otherVelocity, normal));
            silentMoves += normal * (max(0.0, push - approach * h) * share);
            contacts += 1.0;
        }
    }
    var silent = vec3f(0.0);
    if (contacts > 0.0) {
        position += moves / contacts;
        silent = silentMoves / contacts;
    }
    separated[index] = vec4f(position, 0.0);
    silents[index] = vec4f(silent, 0.0);
}

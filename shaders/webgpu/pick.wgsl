// Picking on the GPU: the particle a ray through the pointer means, as nearestParticleToRay
// (web/picking.js) finds it on the CPU: among the particles within `reach` of the ray and in
// front of its origin, the nearest along it, ties to the lowest index. A pick then reads back
// 32 bytes instead of the whole cloth. Three passes run in turn: the least distance along the
// ray (a positive float's bits order as the float does, so atomicMin on them finds it), the
// lowest particle at that distance, and that particle's position copied beside it.

struct Ray {
    origin: vec3f,
    reach: f32,        // metres from the ray
    direction: vec3f,  // unit length
    particleCount: u32,
}

struct Pick {
    along: atomic<u32>,     // the float's bits; none while nothing is in reach
    particle: atomic<u32>,  // none while nothing is in reach
    position: vec4f,        // the picked particle's, xyz
}

const none = 0xffffffffu;

@group(0) @binding(0) var<uniform> ray: Ray;
@group(0) @binding(1) var<storage, read> positions: array<vec4f>;
@group(0) @binding(2) var<storage, read_write> pick: Pick;

// The particle's distance along the ray, or none when it lies behind the origin, out of reach or
// anywhere not finite (as the CPU search, whose comparisons a NaN fails).
fn alongBits(particle: u32) -> u32 {
    let offset = positions[particle].xyz - ray.origin;
    let along = dot(offset, ray.direction);
    if (!(along > 0.0) || !(length(offset - along * ray.direction) <= ray.reach)) { return none; }
    return bitcast<u32>(along);
}

fn particleOf(id: vec3u, groups: vec3u) -> u32 {
    return id.x + id.y * groups.x * WORKGROUP_SIZE;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn nearestAlong(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let particle = particleOf(id, groups);
    if (particle >= ray.particleCount) { return; }
    let bits = alongBits(particle);
    if (bits != none) { atomicMin(&pick.along, bits); }
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn lowestAtNearest(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let particle = particleOf(id, groups);
    if (particle >= ray.particleCount) { return; }
    let nearest = atomicLoad(&pick.along);
    // At most the least: the distance worked out again need not round to the very same bits.
    if (nearest != none && alongBits(particle) <= nearest) { atomicMin(&pick.particle, particle); }
}

@compute @workgroup_size(1)
fn copyPicked() {
    let particle = atomicLoad(&pick.particle);
    if (particle != none) { pick.position = positions[particle]; }
}

// Shared by every WebGPU compute pass: what a substep and a stage read (groups 1 and 2), and the
// grid helpers. One invocation per particle; the dispatch may be 2D when the particles
// outnumber one dimension's workgroups. The constants (SOLVER_*, COLLIDER_*, MAX_COLLIDERS, ...)
// come from the core (src/bindings/gpu_constants.cpp), WORKGROUP_SIZE from
// web/webgpu/compute-passes.js. Particle state is a vec4f per particle (xyz used), row-major
// like the CPU core's arrays; each module declares the state buffers it binds (group 0).

struct Substep {
    gravity: vec3f,              // m/s^2
    substepSeconds: f32,
    wind: vec3f,                 // m/s
    keep: f32,                   // exp(-damping h): the share of the velocity damping leaves
    normalDragShare: f32,        // 1 - exp(-normal drag h)
    tangentialDragShare: f32,    // 1 - exp(-tangential drag h)
    margin: f32,                 // metres from a collider's surface
    colliderCount: u32,
    gridSize: vec2i,             // columns, rows
    patchSize: vec2i,            // of one patch: the grid's own when it is one cloth
    gusts: u32,                  // 1 when gustWaves hold this substep's waves
    particleCount: u32,
    thickness: f32,              // self-collision, metres: 0 when off
    selfFriction: f32,
    gustWaves: array<vec4f, 2 * GUST_WAVES>,  // (wavevector rad/m, phase rad), (amplitude m/s, 0)
    colliderKindFrictionDepenetration: array<vec4f, MAX_COLLIDERS>,  // kind code, friction, depenetration metres (the core's depenetrationMetres), 0
    colliderShapes: array<vec4f, MAX_COLLIDERS * COLLIDER_SHAPE_VEC4S>,  // as the core's packForGpu writes them
}

struct Stage {
    offset: vec2i,           // from a pair's first particle to its second
    direction: u32,          // [0, DIRECTION_COUNT)
    colourAxis: u32,         // 0: colour from the start column, 1: from the start row
    colourPeriod: i32,       // 1, or 2 for the skip-one (period-4) pattern
    colour: u32,
    solver: u32,             // SOLVER_MASS_SPRING, SOLVER_PBD or SOLVER_XPBD
    firstIteration: u32,     // 1: XPBD multipliers start at zero
    rule: vec4f,             // alpha~ (compliance / h^2), stiffness, stretch gain, shrink gain
    bucketLayer: u32,        // the self-collision bucket pass: the layer it fills
}

@group(1) @binding(0) var<uniform> substep: Substep;
@group(2) @binding(0) var<uniform> stage: Stage;

fn particleIndex(id: vec3u, groups: vec3u) -> u32 {
    return id.x + id.y * groups.x * WORKGROUP_SIZE;
}

fn texelOf(index: u32) -> vec2i {
    let columns = u32(substep.gridSize.x);
    return vec2i(i32(index % columns), i32(index / columns));
}

fn indexOf(texel: vec2i) -> u32 {
    return u32(texel.y * substep.gridSize.x + texel.x);
}

fn insideGrid(texel: vec2i) -> bool {
    return all(texel >= vec2i(0)) && all(texel < substep.gridSize);
}

// Whether `other` is a particle of the same patch as `texel`: patches share no constraint.
fn inPatchOf(texel: vec2i, other: vec2i) -> bool {
    return insideGrid(other) && all(texel / substep.patchSize == other / substep.patchSize);
}

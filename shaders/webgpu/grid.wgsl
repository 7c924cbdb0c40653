// Shared by every WebGPU compute pass: the grid helpers, over `substep` and `stage` (the Substep
// and Stage structs, which the core generates from its uniform table, src/tools/gpu_uniforms.cpp,
// before this file): pass-uniforms.wgsl binds them for a pass of their own, patch-step.wgsl
// takes them from whole arrays for a step in one dispatch. One invocation per particle; the
// dispatch may be 2D when the particles outnumber one dimension's workgroups. The constants
// (SOLVER_*, COLLIDER_*, MAX_COLLIDERS, ...) come from the core (src/bindings/gpu_constants.cpp),
// WORKGROUP_SIZE from web/backends/webgpu/compute-passes.js. Particle state is a vec4f per
// particle (xyz used), row-major like the CPU core's arrays; each module declares the state
// buffers it binds (group 0).

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

// Whether two texels are particles of one patch: patches share no constraint; one cloth is one
// patch. Told apart by a float product, not an integer division, as
// shaders/webgl2/solver-state.glsl's samePatch (which says why the product is exact): there the
// division of each texel and its partner made every constraint pass 1.4x slower (issue 28).
fn samePatch(texel: vec2i, other: vec2i) -> bool {
    let perPatch = 1.0 / vec2f(substep.patchSize);
    return all(floor((vec2f(texel) + 0.5) * perPatch) == floor((vec2f(other) + 0.5) * perPatch));
}

// Whether `other` is a particle inside the grid and of the same patch as `texel`.
fn inPatchOf(texel: vec2i, other: vec2i) -> bool {
    return insideGrid(other) && samePatch(texel, other);
}

// The state buffers of the predict, constrain and collide passes (group 0), and the mesh colliders' fields.

@group(0) @binding(0) var<storage, read_write> positions: array<vec4f>;  // the substep's start, then its end
@group(0) @binding(1) var<storage, read_write> working: array<vec4f>;    // predicted, then constrained in place
@group(0) @binding(2) var<storage, read_write> predicted: array<vec4f>;  // the prediction, kept for the velocity
@group(0) @binding(3) var<storage, read_write> velocities: array<vec4f>;
@group(0) @binding(4) var<storage, read> inverseMasses: array<f32>;     // 1/kg, 0 where pinned or held
@group(0) @binding(5) var<storage, read> restLengths: array<f32>;       // REST_LENGTHS_PER_PARTICLE per start particle
@group(0) @binding(6) var<storage, read_write> lambdas: array<f32>;     // XPBD multipliers, DIRECTION_COUNT per start particle
@group(0) @binding(7) var<storage, read_write> silents: array<vec4f>;    // with self-collision: the separation's stopping share
// Every mesh collider's signed distance field, one after another along z (collide.wgsl's
// contactWithMesh): a texture, as the group holds the 8 storage buffers WebGPU grants by default.
@group(0) @binding(8) var meshFields: texture_3d<f32>;
// The torn bits (torn-bits.wgsl), copied from the cloth's buffer after each tear pass, TORN_WIDTH
// texels a row by particle index: a texture, for the same reason.
@group(0) @binding(9) var tornCopy: texture_2d<u32>;

// Whether the torn bits may hold a tear: a tear pass ran since the cloth was last mended (set in
// the pipeline's constants, web/backends/webgpu/webgpu-cloth.js). A cloth that cannot have torn
// takes pipelines made with false, whose constrain pass and normals read no texture: every pair
// alive, every neighbour seen (once the override is set, the compiler folds the loads away).
override TEARING: bool = false;

// A particle's torn bits (torn-bits.wgsl), for the constrain pass and normals.wgsl.
fn tornBitsAt(texel: vec2i) -> u32 {
    if (!TEARING) { return 0u; }
    let index = indexOf(texel);
    return textureLoad(tornCopy, vec2u(index % TORN_WIDTH, index / TORN_WIDTH), 0).r;
}

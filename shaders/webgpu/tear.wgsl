// Tear: once per fixed step, after its last substep, on the step's final positions (the core's
// TornConstraints::tearStretched, src/tearing.cpp): each particle tests the structural and shear
// constraints it starts that have not torn yet, and sets the bit of each one longer than
// (1 + tearStrain) times its rest length. It writes only its own word, so the pass needs no
// ordering; the cloth then copies the words into the texture the solver reads (state.wgsl).
// Its substep uniform is the step's last (pass-uniforms.wgsl), for the grid helpers.

struct Tearing {
    strain: f32,  // the tearStrain setting, > 0
}

@group(0) @binding(0) var<storage, read> positions: array<vec4f>;
@group(0) @binding(1) var<storage, read> restLengths: array<f32>;  // REST_LENGTHS_PER_PARTICLE per start particle
@group(0) @binding(2) var<storage, read_write> torn: array<u32>;   // torn-bits.wgsl, a word per particle
@group(0) @binding(3) var<uniform> tearing: Tearing;

@compute @workgroup_size(WORKGROUP_SIZE)
fn tear(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let index = particleIndex(id, groups);
    if (index >= substep.particleCount) { return; }
    let texel = texelOf(index);
    let first = positions[index].xyz;
    // The core's float product: the factor first, then the rest length times it.
    let stretchFactor = 1.0 + tearing.strain;
    var bits = torn[index];
    // From a constraint's first particle to its second, by direction (src/topology.hpp's offsetOf).
    var offsets = array<vec2i, 4>(vec2i(1, 0), vec2i(0, 1), vec2i(1, 1), vec2i(1, -1));
    for (var d = 0u; d < TEARABLE_DIRECTIONS; d++) {
        let bit = 1u << d;
        let secondTexel = texel + offsets[d];
        if ((bits & bit) != 0u || !inPatchOf(texel, secondTexel)) { continue; }
        let restLength = restLengths[index * REST_LENGTHS_PER_PARTICLE + d];
        if (length(positions[indexOf(secondTexel)].xyz - first) > restLength * stretchFactor) { bits |= bit; }
    }
    torn[index] = bits;
}

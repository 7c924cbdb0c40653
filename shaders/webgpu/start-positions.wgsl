// normals.wgsl's position of a particle for the passes and the tiles: the substep's start, in the
// positions buffer. The patch step (patch-step.wgsl) reads its patch's from workgroup memory instead.
fn positionAt(texel: vec2i) -> vec3f {
    return positions[indexOf(texel)].xyz;
}

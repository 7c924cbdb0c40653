// Normals: the cloth's normal at a particle from the substep's start positions, as
// src/normals.cpp and shaders/webgl2/normals.glsl work it out: central differences, one-sided at
// a patch's edges, unit length, zero where the neighbourhood has collapsed. The predict pass
// reads it for the wind's drag.
fn gridNormal(texel: vec2i) -> vec3f {
    let first = texel / substep.patchSize * substep.patchSize;
    let last = first + substep.patchSize - vec2i(1);
    let alongRow = positions[indexOf(vec2i(min(texel.x + 1, last.x), texel.y))].xyz -
        positions[indexOf(vec2i(max(texel.x - 1, first.x), texel.y))].xyz;
    let alongColumn = positions[indexOf(vec2i(texel.x, min(texel.y + 1, last.y)))].xyz -
        positions[indexOf(vec2i(texel.x, max(texel.y - 1, first.y)))].xyz;
    let normal = cross(alongColumn, alongRow);
    let lengthSquared = dot(normal, normal);
    return select(vec3f(0.0), normal / sqrt(lengthSquared), lengthSquared > 1e-20);
}

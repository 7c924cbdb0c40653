// Normals: the cloth's normal at a particle from its grid neighbours, as src/normals.cpp and
// shaders/webgl2/normals.glsl work it out: central differences, one-sided at a patch's edges,
// unit length, zero where the neighbourhood has collapsed. A torn structural edge is a patch's
// edge here: the neighbour across it is replaced by the particle itself. Each shader that
// includes it defines positionAt(texel) and tornBitsAt(texel) (torn-bits.wgsl): the predict pass
// (the wind's drag) from the substep's start positions, shaders/render/cloth.wgsl
// (WebGpuClothRenderer's shading) from the positions drawn.
fn gridNormal(texel: vec2i, patchSize: vec2i) -> vec3f {
    let first = texel / patchSize * patchSize;
    let last = first + patchSize - vec2i(1);
    let bits = tornBitsAt(texel);
    var left = vec2i(max(texel.x - 1, first.x), texel.y);
    if (left.x < texel.x && (tornBitsAt(left) & TORN_RIGHT) != 0u) { left = texel; }
    let right = select(vec2i(min(texel.x + 1, last.x), texel.y), texel, (bits & TORN_RIGHT) != 0u);
    var up = vec2i(texel.x, max(texel.y - 1, first.y));
    if (up.y < texel.y && (tornBitsAt(up) & TORN_DOWN) != 0u) { up = texel; }
    let down = select(vec2i(texel.x, min(texel.y + 1, last.y)), texel, (bits & TORN_DOWN) != 0u);
    let alongRow = positionAt(right) - positionAt(left);
    let alongColumn = positionAt(down) - positionAt(up);
    let normal = cross(alongColumn, alongRow);
    let lengthSquared = dot(normal, normal);
    return select(vec3f(0.0), normal / sqrt(lengthSquared), lengthSquared > 1e-20);
}

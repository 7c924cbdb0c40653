// Normals: the cloth's normal at a particle from its grid neighbours, as src/normals.cpp and
// shaders/webgl2/normals.glsl work it out: central differences, one-sided at a patch's edges,
// unit length, zero where the neighbourhood has collapsed. Each shader that includes it defines
// positionAt(texel): the predict pass (the wind's drag) from the substep's start positions,
// shaders/render/cloth.wgsl (WebGpuClothRenderer's shading) from the positions drawn.
fn gridNormal(texel: vec2i, patchSize: vec2i) -> vec3f {
    let first = texel / patchSize * patchSize;
    let last = first + patchSize - vec2i(1);
    let alongRow = positionAt(vec2i(min(texel.x + 1, last.x), texel.y)) - positionAt(vec2i(max(texel.x - 1, first.x), texel.y));
    let alongColumn = positionAt(vec2i(texel.x, min(texel.y + 1, last.y))) - positionAt(vec2i(texel.x, max(texel.y - 1, first.y)));
    let normal = cross(alongColumn, alongRow);
    let lengthSquared = dot(normal, normal);
    return select(vec3f(0.0), normal / sqrt(lengthSquared), lengthSquared > 1e-20);
}

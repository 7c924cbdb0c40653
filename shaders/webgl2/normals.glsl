// The cloth's normal at a particle from its grid neighbours: central differences, one-sided at
// the edges of its patch (the grid's edges when it is one cloth), unit length, zero where the
// neighbourhood has collapsed. The same formula as the core's computeNormals
// (src/normals.cpp), shared by the predict pass (wind drag) and the cloth renderer (shading).
// Each shader that includes it defines positionAt().

vec3 positionAt(ivec2 texel);

vec3 gridNormal(ivec2 texel, ivec2 patchSize) {
    ivec2 first = texel / patchSize * patchSize;
    ivec2 last = first + patchSize - 1;
    vec3 alongRow = positionAt(ivec2(min(texel.x + 1, last.x), texel.y)) - positionAt(ivec2(max(texel.x - 1, first.x), texel.y));
    vec3 alongColumn = positionAt(ivec2(texel.x, min(texel.y + 1, last.y))) - positionAt(ivec2(texel.x, max(texel.y - 1, first.y)));
    // Rows run down a vertical sheet, so this faces +z there and +y on a horizontal one.
    vec3 normal = cross(alongColumn, alongRow);
    float lengthSquared = dot(normal, normal);
    return lengthSquared > 1e-20 ? normal / sqrt(lengthSquared) : vec3(0.0);
}

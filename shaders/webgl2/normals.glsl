// The cloth's normal at a particle from its grid neighbours: central differences, one-sided at
// the edges of its patch (the grid's edges when it is one cloth) and, with TEARING 1, at a torn
// structural edge, unit length, zero where the neighbourhood has collapsed. The same formula as
// the core's computeNormals (src/normals.cpp), shared by the predict pass (wind drag) and the
// cloth renderer (shading). Each shader that includes it defines positionAt() and, with TEARING,
// tornBitsAt() (torn-constraints.glsl's bits: Right is bit 0, Down bit 1).

vec3 positionAt(ivec2 texel);
#if TEARING
uint tornBitsAt(ivec2 texel);
#endif

vec3 gridNormal(ivec2 texel, ivec2 patchSize) {
    ivec2 first = texel / patchSize * patchSize;
    ivec2 last = first + patchSize - 1;
    ivec2 left = ivec2(max(texel.x - 1, first.x), texel.y);
    ivec2 right = ivec2(min(texel.x + 1, last.x), texel.y);
    ivec2 up = ivec2(texel.x, max(texel.y - 1, first.y));
    ivec2 down = ivec2(texel.x, min(texel.y + 1, last.y));
#if TEARING
    // Across a torn edge the neighbour is the particle itself, as at a patch's edge: the left one
    // past Right (c - 1, r), the right one past Right (c, r), up past Down (c, r - 1), down past Down (c, r).
    uint here = tornBitsAt(texel);
    if ((here & 1u) != 0u) right = texel;
    if ((here & 2u) != 0u) down = texel;
    if (left != texel && (tornBitsAt(left) & 1u) != 0u) left = texel;
    if (up != texel && (tornBitsAt(up) & 2u) != 0u) up = texel;
#endif
    vec3 alongRow = positionAt(right) - positionAt(left);
    vec3 alongColumn = positionAt(down) - positionAt(up);
    // Rows run down a vertical sheet, so this faces +z there and +y on a horizontal one.
    vec3 normal = cross(alongColumn, alongRow);
    float lengthSquared = dot(normal, normal);
    return lengthSquared > 1e-20 ? normal / sqrt(lengthSquared) : vec3(0.0);
}

// The cell a point is in and the bucket a cell hashes to: the core's SpatialHash cells and
// mixing (src/separate.cpp; cells clamped so a neighbour's coordinates still fit 32 bits,
// Teschner et al.'s primes, then a finaliser), over as many buckets as the layer textures have
// texels.

ivec3 cellOf(vec3 position, float cellSize) {
    return ivec3(clamp(floor(position / cellSize), vec3(-1e9), vec3(1e9)));
}

uint bucketOf(ivec3 cell, uint bucketCount) {
    uvec3 bits = uvec3(cell);
    uint mixed = (bits.x * 92837111u) ^ (bits.y * 689287499u) ^ (bits.z * 283923481u);
    // The products' low bits depend only on the cells' low bits: spread the high ones down
    // (Wellons' lowbias32 finaliser), or a flat sheet's cells crowd a few buckets.
    mixed ^= mixed >> 16;
    mixed *= 0x7feb352du;
    mixed ^= mixed >> 15;
    mixed *= 0x846ca68bu;
    mixed ^= mixed >> 16;
    return mixed % bucketCount;
}

// A whole substep in one dispatch, for a cloth too large for the patch step (patch-step.wgsl):
// the grid cut into tiles of TILE x TILE particles, a workgroup each. A workgroup copies its tile
// and a halo HALO particles wide into workgroup memory as it predicts them, runs every constrain
// stage of the substep there with a barrier between stages, then collides its own tile's
// particles and writes them out. The per-particle code is the passes' own (predictionOf,
// startsPair, projectPair, collidedMotion), in the passes' order.
//
// The halo is solved with the tile, by every pair inside the copy. A pair reaching out of the
// copy is missed there, so each stage leaves the halo's outer rows a little wrong, and the next
// stage carries that a row or two inwards; HALO is as wide as the substep's stages carry it
// (tile-substep.js works it out from the schedule), so the tile's own particles end on the very
// bits of the passes.
//
// A substep reads the state at its start from positions and velocities and writes its end into
// working and predicted: a neighbour's halo may still be reading the start. The next substep's
// group 0 has the buffers swapped (web/backends/webgpu/tile-substep.js). TILE, HALO, REGION,
// TILE_INVOCATIONS and SLOTS_PER_INVOCATION come from there; the stages are workgroup-stages.wgsl's.

@group(1) @binding(0) var<uniform> substep: Substep;

// The tile and its halo, row by row from the halo's corner: xyz the position, w the inverse mass.
var<workgroup> region: array<vec4f, REGION * REGION>;

// Where a slot is in the region: column, row from the halo's corner.
fn placeOf(slot: u32) -> vec2i {
    return vec2i(i32(slot % REGION), i32(slot / REGION));
}

// Whether a slot is of the tile itself, not its halo.
fn ownsSlot(slot: u32) -> bool {
    let place = placeOf(slot);
    return all(place >= vec2i(i32(HALO))) && all(place < vec2i(i32(HALO + TILE)));
}

// This invocation's slots of the region, as solveStage reads them: the region's corner on the
// grid, the invocation, the pairs its slots start (ownPairs), the rest lengths of those pairs
// (read once a substep, not from memory at each stage after a barrier) and XPBD's multipliers of
// those pairs, kept between iterations.
var<private> regionCorner: vec2i;
var<private> ownLocal: u32;
var<private> ownPairs: array<u32, SLOTS_PER_INVOCATION>;
var<private> ownRestLengths: array<f32, SLOTS_PER_INVOCATION * DIRECTION_COUNT>;
var<private> multipliers: array<f32, SLOTS_PER_INVOCATION * DIRECTION_COUNT>;

// The stage in force (workgroup-stages.wgsl's solveStages runs it after a barrier): the pairs this
// invocation's slots start, solved in the region, those reaching out of it left out.
fn solveStage() {
    for (var k = 0u; k < SLOTS_PER_INVOCATION; k++) {
        if ((ownPairs[k] & pairBit()) == 0u) { continue; }
        let slot = ownLocal + k * TILE_INVOCATIONS;
        let second = u32(i32(slot) + stage.offset.y * i32(REGION) + stage.offset.x);
        let pair = k * DIRECTION_COUNT + stage.direction;
        var lambda = 0.0;
        if (stage.firstIteration == 0u) { lambda = multipliers[pair]; }
        let ends = projectPair(region[slot], region[second], ownRestLengths[pair], &lambda);
        multipliers[pair] = lambda;
        region[slot] = vec4f(ends[0], region[slot].w);
        region[second] = vec4f(ends[1], region[second].w);
    }
}

@compute @workgroup_size(TILE_INVOCATIONS)
fn stepTile(@builtin(workgroup_id) tile: vec3u, @builtin(local_invocation_index) local: u32) {
    let corner = vec2i(tile.xy * TILE) - i32(HALO);
    regionCorner = corner;
    ownLocal = local;
    copyStagesToWorkgroup(local, TILE_INVOCATIONS);
    // What collide needs of this invocation's own particles: the prediction and its velocity.
    var predictions: array<Motion, SLOTS_PER_INVOCATION>;
    for (var k = 0u; k < SLOTS_PER_INVOCATION; k++) {
        let slot = local + k * TILE_INVOCATIONS;
        let texel = corner + placeOf(slot);
        if (slot >= REGION * REGION || !insideGrid(texel)) { continue; }
        let index = indexOf(texel);
        predictions[k] = predictionOf(index);
        region[slot] = vec4f(predictions[k].position, inverseMasses[index]);
        ownPairs[k] = pairsStartedAt(texel, corner, corner + i32(REGION));
        for (var d = 0u; d < DIRECTION_COUNT; d++) { ownRestLengths[k * DIRECTION_COUNT + d] = restLengths[index * REST_LENGTHS_PER_PARTICLE + d]; }
    }
    solveStages();
    workgroupBarrier();
    for (var k = 0u; k < SLOTS_PER_INVOCATION; k++) {
        let slot = local + k * TILE_INVOCATIONS;
        let texel = corner + placeOf(slot);
        if (slot >= REGION * REGION || !ownsSlot(slot) || !insideGrid(texel)) { continue; }
        let index = indexOf(texel);
        let constrained = region[slot];
        let end = collidedMotion(Motion(constrained.xyz, predictions[k].velocity), predictions[k].position, vec3f(0.0), constrained.w);
        working[index] = vec4f(end.position, 0.0);
        predicted[index] = vec4f(end.velocity, 0.0);
    }
}

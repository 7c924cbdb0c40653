// Constrain: one colour of one constraint direction, an invocation per particle that starts a
// pair of that colour. In a colour no particle has two pairs, so each invocation reads and
// moves its two particles in place with no other invocation touching them: no ping-pong, and
// the pair's correction is worked out once (the WebGL2 pass works it out from both sides).
// Mass-spring, PBD and XPBD differ only in how much of the violation they remove; XPBD's
// multiplier of each pair is kept between the iterations of a substep. A torn pair, or a
// bending pair across a tear, is skipped: both its particles see no partner (torn-bits.wgsl).

fn colourOf(start: vec2i) -> u32 {
    let along = select(start.y, start.x, stage.colourAxis == 0u);
    return u32(along / stage.colourPeriod) % 2u;
}

// The share of `between` the pair's first particle moves per unit of its inverse mass (the
// second moves opposite), given the violation C = distance - rest length: the core's shiftShare
// (src/projection.hpp), one quotient.
fn shiftShare(violation: f32, distance: f32, inverseMassSum: f32, lambda: ptr<function, f32>) -> f32 {
    if (stage.solver == SOLVER_MASS_SPRING) {
        return violation * select(stage.rule.w, stage.rule.z, violation > 0.0) / (distance * inverseMassSum);
    }
    if (stage.solver == SOLVER_PBD) { return violation * stage.rule.y / (distance * inverseMassSum); }
    // SOLVER_XPBD
    let share = (violation + stage.rule.x * *lambda) / (distance * (inverseMassSum + stage.rule.x));
    *lambda -= share * distance;
    return share;
}

@compute @workgroup_size(WORKGROUP_SIZE)
fn constrain(@builtin(global_invocation_id) id: vec3u, @builtin(num_workgroups) groups: vec3u) {
    let first = particleIndex(id, groups);
    if (first < substep.particleCount) { constrainPairOf(first); }
}

// Whether the pair of `direction` starting at `start`, which exists, is solved: not torn, and for
// bending, neither structural pair it spans torn (the core's TornConstraints::isAlive).
fn pairIsAlive(start: vec2i, direction: u32) -> bool {
    if (direction == DIRECTION_SKIP_RIGHT) {
        return ((tornBitsAt(start) | tornBitsAt(start + vec2i(1, 0))) & TORN_RIGHT) == 0u;
    }
    if (direction == DIRECTION_SKIP_DOWN) {
        return ((tornBitsAt(start) | tornBitsAt(start + vec2i(0, 1))) & TORN_DOWN) == 0u;
    }
    return (tornBitsAt(start) & (1u << direction)) == 0u;
}

// Whether `firstTexel` starts a pair of this stage's direction and colour that is solved.
fn startsPair(firstTexel: vec2i) -> bool {
    return inPatchOf(firstTexel, firstTexel + stage.offset) && colourOf(firstTexel) == stage.colour &&
        pairIsAlive(firstTexel, stage.direction);
}

// The pair of this stage's direction and colour that `first` starts, if it starts one.
fn constrainPairOf(first: u32) {
    let firstTexel = texelOf(first);
    if (!startsPair(firstTexel)) { return; }
    let second = indexOf(firstTexel + stage.offset);
    let slot = first * DIRECTION_COUNT + stage.direction;
    var lambda = select(lambdas[slot], 0.0, stage.firstIteration != 0u);
    let restLength = restLengths[first * REST_LENGTHS_PER_PARTICLE + stage.direction];
    let ends = projectPair(vec4f(working[first].xyz, inverseMasses[first]), vec4f(working[second].xyz, inverseMasses[second]), restLength, &lambda);
    working[first] = vec4f(ends[0], 0.0);
    working[second] = vec4f(ends[1], 0.0);
    lambdas[slot] = lambda;
}

// Where a pair's two particles (position, inverse mass) go: each moved along the line between
// them by its inverse mass's part of the stage's correction. A pair of two pinned particles, or
// of two at one place (no direction), stays.
fn projectPair(first: vec4f, second: vec4f, restLength: f32, lambda: ptr<function, f32>) -> array<vec3f, 2> {
    let inverseMassSum = first.w + second.w;
    let between = second.xyz - first.xyz;
    let distance = length(between);
    if (inverseMassSum <= 0.0 || distance < 1e-9) { return array(first.xyz, second.xyz); }
    let shift = between * shiftShare(distance - restLength, distance, inverseMassSum, lambda);
    return array(first.xyz + shift * first.w, second.xyz - shift * second.w);
}

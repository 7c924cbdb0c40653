// Jacobi sweep (the core's 'sweep' stage with ordering 'jacobi'): every constraint at once.
// Each particle adds up the corrections of all the pairs it is in, each solved from the
// positions before the sweep with mass splitting (a particle in n constraints lends each 1/n
// of its mass, so a pair is solved with inverse masses n w) and scaled by the relaxation: the
// sum src/sweep.cpp's Jacobi sweep makes, gathered here from this particle's side,
// in its order (constraints by direction, then colour), so IEEE float hardware finds its bits.
// One pass per iteration, against two colours per direction in red-black order. XPBD keeps no
// multipliers between iterations here: the GPU cloth refuses XPBD with Jacobi and more than
// one iteration (each sweep then starts its multipliers at zero, as the first always does).
// TEARING (0 or 1): a torn constraint is no pair (torn-constraints.glsl, put in front); the mass
// split keeps counting it, as the core's sweep does (its counts are the topology's).
// SOLVER_*, DIRECTION_COUNT and REST_LENGTH_* come from the core (src/bindings/gpu_constants.cpp).

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uInverseMass;
uniform sampler2D uConstraintCount;         // pairs per particle (sweep-constraint-count.frag.glsl)
uniform sampler2D uRestLengths[REST_LENGTH_TEXTURES];  // per start particle, one channel per direction
uniform ivec2 uOffsets[DIRECTION_COUNT];    // from a pair's first particle to its second
uniform ivec2 uColourings[DIRECTION_COUNT]; // colour axis (0: column, 1: row) and period of each direction
uniform vec4 uRules[DIRECTION_COUNT];       // the direction's family rule: alpha~, stiffness, stretch gain, shrink gain
uniform int uSolver;                        // SOLVER_MASS_SPRING, SOLVER_PBD or SOLVER_XPBD
uniform float uRelaxation;

layout(location = 0) out vec4 outPosition;
#if SPLIT_HALF
layout(location = 1) out vec4 outPositionLow;
#endif

vec3 positionAt(ivec2 texel) { return fetchVector(uPosition, uPositionLow, texel); }

#if REST_LENGTH_TEXTURES != 2
#error restLength() reads exactly two rest-length textures
#endif
float restLength(ivec2 start, int direction) {
    vec4 lengths = direction < REST_LENGTH_CHANNELS ? texelFetch(uRestLengths[0], start, 0) : texelFetch(uRestLengths[1], start, 0);
    return lengths[direction % REST_LENGTH_CHANNELS];
}

// A particle as the sweep reads it: where it is, and its inverse mass split over its pairs.
struct Particle {
    vec3 position;
    float splitInverseMass;
};

Particle particleAt(ivec2 texel) {
    return Particle(positionAt(texel), texelFetch(uInverseMass, texel, 0).x * texelFetch(uConstraintCount, texel, 0).x);
}

// The first particle's move along the pair per unit of its (unsplit) inverse mass, as the
// core's pairShift with the Jacobi weights; the second moves opposite.
vec3 pairShift(Particle first, Particle second, float restLength, int direction) {
    float inverseMassSum = first.splitInverseMass + second.splitInverseMass;
    vec3 between = second.position - first.position;
    float distance = length(between);
    if (inverseMassSum == 0.0 || distance < 1e-9) return vec3(0.0);
    float violation = distance - restLength;
    vec4 rule = uRules[direction];
    float share;  // as the core's shiftShare (src/projection.hpp)
    if (uSolver == SOLVER_MASS_SPRING) {
        share = violation * (violation > 0.0 ? rule.z : rule.w) * uRelaxation / (distance * inverseMassSum);
    } else if (uSolver == SOLVER_PBD) {
        share = violation * rule.y * uRelaxation / (distance * inverseMassSum);
    } else {  // SOLVER_XPBD, its multiplier starting at zero
        share = uRelaxation * violation / (distance * (inverseMassSum + rule.x));
    }
    return between * share;
}

int colourOf(ivec2 start, int direction) {
    ivec2 colouring = uColourings[direction];
    return ((colouring.x == 0 ? start.x : start.y) / colouring.y) % 2;
}

void main() {
    ivec2 self = ivec2(gl_FragCoord.xy);
    // This particle is read once; each neighbour once per pair.
    float inverseMass = texelFetch(uInverseMass, self, 0).x;
    Particle here = particleAt(self);
    vec3 move = vec3(0.0);
    for (int direction = 0; direction < DIRECTION_COUNT; ++direction) {
        ivec2 ahead = self + uOffsets[direction];
        ivec2 behind = self - uOffsets[direction];
        bool hasAhead = inPatchOf(self, ahead);
        bool hasBehind = inPatchOf(self, behind);
#if TEARING
        hasAhead = hasAhead && !isTorn(self, direction);
        hasBehind = hasBehind && !isTorn(behind, direction);
#endif
        vec3 aheadMove = hasAhead ? pairShift(here, particleAt(ahead), restLength(self, direction), direction) * inverseMass : vec3(0.0);
        vec3 behindMove = hasBehind ? pairShift(particleAt(behind), here, restLength(behind, direction), direction) * inverseMass : vec3(0.0);
        // The pair this particle starts and the pair it ends are of different colours: the core
        // adds the lower colour's first.
        bool aheadFirst = colourOf(self, direction) < colourOf(behind, direction);
        if (aheadFirst && hasAhead) move += aheadMove;
        if (hasBehind) move -= behindMove;
        if (!aheadFirst && hasAhead) move += aheadMove;
    }
    vec3 position = here.position + move;
    outPosition = storedHigh(position);
#if SPLIT_HALF
    outPositionLow = storedLow(position);
#endif
}

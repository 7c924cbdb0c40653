// Constrain: one colour of one constraint direction. In a colour no particle has two
// constraints, so each particle finds its one partner (ahead of it when it starts the pair,
// behind it when it ends it), works out the pair's correction exactly as the partner does
// (first and second in the same roles, the same rest length) and moves only itself by its
// share. Mass-spring, PBD and XPBD differ only in how much of the violation they remove.
// XPBD_LAMBDAS (0 or 1): keep XPBD's multipliers between iterations of a substep, one per
// particle side of each direction; with one iteration they always start, and stay, at zero.
// SOLVER_* and REST_LENGTH_* come from the core (src/bindings/gpu_constants.cpp).

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uInverseMass;
uniform sampler2D uRestLengths[REST_LENGTH_TEXTURES];  // per start particle, one channel per direction
uniform ivec2 uOffset;              // from a pair's first particle to its second
uniform int uDirection;             // [0, DIRECTION_COUNT): the rest length and multiplier channel
uniform int uColourAxis;            // 0: colour from the start column, 1: from the start row
uniform int uColourPeriod;          // 1, or 2 for the skip-one (period-4) pattern
uniform int uColour;
uniform int uSolver;                // SOLVER_MASS_SPRING, SOLVER_PBD or SOLVER_XPBD
uniform vec4 uRule;                 // alpha~ (compliance / h^2), stiffness, stretch gain, shrink gain
#if XPBD_LAMBDAS
uniform sampler2D uLambdas;         // two directions per texel: (dir 2k: first, second, dir 2k+1: ...)
uniform bool uFirstIteration;
#endif

// Layout locations must be literals: the multipliers follow the one or two position targets.
layout(location = 0) out vec4 outPosition;
#if SPLIT_HALF
layout(location = 1) out vec4 outPositionLow;
#if XPBD_LAMBDAS
layout(location = 2) out vec4 outLambdas;
#endif
#elif XPBD_LAMBDAS
layout(location = 1) out vec4 outLambdas;
#endif

vec3 positionAt(ivec2 texel) { return fetchVector(uPosition, uPositionLow, texel); }

int colourOf(ivec2 start) {
    return ((uColourAxis == 0 ? start.x : start.y) / uColourPeriod) % 2;
}

// Sampler arrays take constant indices only, so the texture is chosen by a branch over the two.
#if REST_LENGTH_TEXTURES != 2
#error restLength() reads exactly two rest-length textures
#endif
float restLength(ivec2 start) {
    vec4 lengths = uDirection < REST_LENGTH_CHANNELS ? texelFetch(uRestLengths[0], start, 0) : texelFetch(uRestLengths[1], start, 0);
    return lengths[uDirection % REST_LENGTH_CHANNELS];
}

// The share of `between` the pair's first particle moves per unit of its inverse mass (the
// second moves opposite), given the violation C = distance - rest length: the core's shiftShare
// (src/projection.hpp), one quotient.
float shiftShare(float violation, float distance, float inverseMassSum, inout float lambda) {
    if (uSolver == SOLVER_MASS_SPRING) return violation * (violation > 0.0 ? uRule.z : uRule.w) / (distance * inverseMassSum);
    if (uSolver == SOLVER_PBD) return violation * uRule.y / (distance * inverseMassSum);
    // SOLVER_XPBD
    float share = (violation + uRule.x * lambda) / (distance * (inverseMassSum + uRule.x));
    lambda -= share * distance;
    return share;
}

void main() {
    ivec2 self = ivec2(gl_FragCoord.xy);
    vec3 position = positionAt(self);
    bool isFirst = inPatchOf(self, self + uOffset) && colourOf(self) == uColour;
    bool isSecond = !isFirst && inPatchOf(self, self - uOffset) && colourOf(self - uOffset) == uColour;
#if XPBD_LAMBDAS
    vec4 lambdas = texelFetch(uLambdas, self, 0);
    int slot = (uDirection % 2) * 2 + (isFirst ? 0 : 1);
    float lambda = uFirstIteration ? 0.0 : lambdas[slot];
#else
    float lambda = 0.0;
#endif

    if (isFirst || isSecond) {
        ivec2 first = isFirst ? self : self - uOffset;
        ivec2 second = isFirst ? self + uOffset : self;
        float firstInverseMass = texelFetch(uInverseMass, first, 0).x;
        float secondInverseMass = texelFetch(uInverseMass, second, 0).x;
        float inverseMassSum = firstInverseMass + secondInverseMass;
        vec3 between = positionAt(second) - positionAt(first);
        float distance = length(between);
        if (inverseMassSum > 0.0 && distance >= 1e-9) {
            vec3 shift = between * shiftShare(distance - restLength(first), distance, inverseMassSum, lambda);
            position += isFirst ? shift * firstInverseMass : -shift * secondInverseMass;
        }
    }

    outPosition = storedHigh(position);
#if SPLIT_HALF
    outPositionLow = storedLow(position);
#endif
#if XPBD_LAMBDAS
    if (isFirst || isSecond) lambdas[slot] = lambda;
    outLambdas = lambdas;
#endif
}

// Constrain: one colour of one constraint direction. In a colour no particle has two
// constraints, so each particle finds its one partner (ahead of it when it starts the pair,
// behind it when it ends it), works out the pair's correction exactly as the partner does
// (first and second in the same roles, the same rest length) and moves only itself by its
// share. Mass-spring, PBD and XPBD differ only in how much of the violation they remove.
// XPBD_LAMBDAS (0 or 1): keep XPBD's multipliers between iterations of a substep, one per
// particle side of each direction; with one iteration they always start, and stay, at zero.
// TEARING (0 or 1): a torn constraint is no pair (torn-constraints.glsl, put in front): one more
// texel read per particle of a pair, two for bending; compiled in only once the cloth may have torn.
// SOLVER_* and REST_LENGTH_* come from the core (src/bindings/gpu_constants.cpp).

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uInverseMass;
uniform sampler2D uRestLengths[REST_LENGTH_TEXTURES];  // per start particle, one channel per direction
// The stage (its direction's offset, colour rule and rest-length channel, the solver, the family's
// rule, whether the iteration is the first) comes from the Stage struct
// (src/tools/gpu_uniforms.cpp), as the WebGPU kernel reads it.
#if XPBD_LAMBDAS
uniform sampler2D uLambdas;         // two directions per texel: (dir 2k: first, second, dir 2k+1: ...)
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
    return ((stage.colourAxis == 0u ? start.x : start.y) / stage.colourPeriod) % 2;
}

// Sampler arrays take constant indices only, so the texture is chosen by a branch over the two.
#if REST_LENGTH_TEXTURES != 2
#error restLength() reads exactly two rest-length textures
#endif
float restLength(ivec2 start) {
    vec4 lengths = int(stage.direction) < REST_LENGTH_CHANNELS ? texelFetch(uRestLengths[0], start, 0) : texelFetch(uRestLengths[1], start, 0);
    return lengths[int(stage.direction) % REST_LENGTH_CHANNELS];
}

// The share of `between` the pair's first particle moves per unit of its inverse mass (the
// second moves opposite), given the violation C = distance - rest length: the core's shiftShare
// (src/projection.hpp), one quotient.
float shiftShare(float violation, float distance, float inverseMassSum, inout float lambda) {
    if (int(stage.solver) == SOLVER_MASS_SPRING) return violation * (violation > 0.0 ? stage.rule.z : stage.rule.w) / (distance * inverseMassSum);
    if (int(stage.solver) == SOLVER_PBD) return violation * stage.rule.y / (distance * inverseMassSum);
    // SOLVER_XPBD
    float share = (violation + stage.rule.x * lambda) / (distance * (inverseMassSum + stage.rule.x));
    lambda -= share * distance;
    return share;
}

void main() {
    ivec2 self = ivec2(gl_FragCoord.xy);
    vec3 position = positionAt(self);
    bool isFirst = inPatchOf(self, self + stage.offset) && colourOf(self) == int(stage.colour);
    bool isSecond = !isFirst && inPatchOf(self, self - stage.offset) && colourOf(self - stage.offset) == int(stage.colour);
#if XPBD_LAMBDAS
    vec4 lambdas = texelFetch(uLambdas, self, 0);
    int slot = (int(stage.direction) % 2) * 2 + (isFirst ? 0 : 1);
    float lambda = stage.firstIteration != 0u ? 0.0 : lambdas[slot];
#else
    float lambda = 0.0;
#endif

    ivec2 first = isFirst ? self : self - stage.offset;
    bool paired = isFirst || isSecond;
#if TEARING
    paired = paired && !isTorn(first, int(stage.direction));
#endif
    if (paired) {
        ivec2 second = first + stage.offset;
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

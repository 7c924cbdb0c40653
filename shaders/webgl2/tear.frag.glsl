// Tear: once per fixed step, after its last substep, on the step's final positions. Each particle
// tests the structural and shear constraints it starts that have not torn yet and writes its texel
// of the next mask (torn-constraints.glsl: bit d for direction d): a constraint of rest length R
// and current length L tears when L > R * (1 + tearStrain), the factor a float add and then a float
// multiply, as the core computes it (src/tearing.cpp), so both find the same tears on the same
// positions. Torn stays torn: only reset() clears the mask.
// Needs TEARING 1 (torn-constraints.glsl in front) for the mask so far.

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
// The first rest-length texture: channel d holds direction d's, and the four that tear come first.
uniform sampler2D uRestLengths;
uniform float uTearStrain;

layout(location = 0) out uvec4 outTorn;

#if REST_LENGTH_CHANNELS != 4
#error the tear pass reads the rest lengths of Right, Down, DiagonalDown and DiagonalUp from one texel
#endif

// From a constraint's first particle to its second, by direction (src/topology.hpp's kDirectionInfos).
const ivec2 kTearingOffsets[4] = ivec2[4](ivec2(1, 0), ivec2(0, 1), ivec2(1, 1), ivec2(1, -1));

vec3 positionAt(ivec2 texel) { return fetchVector(uPosition, uPositionLow, texel); }

void main() {
    ivec2 self = ivec2(gl_FragCoord.xy);
    uint torn = tornBitsAt(self);
    vec3 position = positionAt(self);
    vec4 restLengths = texelFetch(uRestLengths, self, 0);
    float stretch = 1.0 + uTearStrain;
    for (int direction = 0; direction < 4; ++direction) {
        uint bit = 1u << uint(direction);
        ivec2 second = self + kTearingOffsets[direction];
        // Only a constraint that exists, as the constrain pass decides it, and has not torn.
        if ((torn & bit) != 0u || !inPatchOf(self, second)) continue;
        if (length(positionAt(second) - position) > restLengths[direction] * stretch) torn |= bit;
    }
    outTorn = uvec4(torn, 0u, 0u, 0u);
}

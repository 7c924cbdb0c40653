// Predict: wind drag, damping and gravity change each free particle's velocity, and the new
// velocity moves it (symplectic Euler). A pinned particle keeps its place and has no velocity.
// The wind drags the cloth toward the air's velocity, strongly across the surface and weakly
// along it, so the surface normal (normals.glsl, as the CPU core takes it) matters.
// Drag and damping are exact decays over the substep (src/predict.hpp), so any rate is stable;
// their factors come from the core, computed once per step, so both backends use the same ones.
// With gusts (wind-gusts.glsl) the air is the wind plus the gusts where the particle starts.

uniform sampler2D uPosition;
uniform sampler2D uPositionLow;
uniform sampler2D uVelocity;
uniform sampler2D uVelocityLow;
uniform sampler2D uInverseMass;
uniform vec3 uGravity;        // m/s^2
uniform vec3 uWind;           // m/s
uniform float uKeep;                 // exp(-damping h): the share of the velocity damping leaves
uniform float uNormalDragShare;      // 1 - exp(-normal drag h): the share of the relative wind's
uniform float uTangentialDragShare;  // normal (tangential) part the velocity takes up
uniform float uSubstepSeconds;

vec3 positionAt(ivec2 texel) { return fetchVector(uPosition, uPositionLow, texel); }

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy);
    vec3 position = positionAt(texel);
    if (texelFetch(uInverseMass, texel, 0).x == 0.0) {
        write(position, vec3(0.0));
        return;
    }
    vec3 velocity = fetchVector(uVelocity, uVelocityLow, texel);
    if (uNormalDragShare > 0.0 || uTangentialDragShare > 0.0) {
        vec3 normal = gridNormal(texel, uPatchSize);
        vec3 air = uGusts ? uWind + gustAt(position) : uWind;
        vec3 relativeWind = air - velocity;
        vec3 normalPart = normal * dot(relativeWind, normal);
        velocity += normalPart * uNormalDragShare + (relativeWind - normalPart) * uTangentialDragShare;
    }
    velocity = velocity * uKeep + uGravity * uSubstepSeconds;
    write(position + velocity * uSubstepSeconds, velocity);
}

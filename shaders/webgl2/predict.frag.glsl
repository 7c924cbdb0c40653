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
// The rest it reads from the Substep struct (gravity, wind, the core's damping and drag
// factors, the substep's seconds: src/tools/gpu_uniforms.cpp), as the WebGPU kernel does.

vec3 positionAt(ivec2 texel) { return fetchVector(uPosition, uPositionLow, texel); }

void main() {
    ivec2 texel = ivec2(gl_FragCoord.xy);
    vec3 position = positionAt(texel);
    if (texelFetch(uInverseMass, texel, 0).x == 0.0) {
        write(position, vec3(0.0));
        return;
    }
    vec3 velocity = fetchVector(uVelocity, uVelocityLow, texel);
    if (substep.normalDragShare > 0.0 || substep.tangentialDragShare > 0.0) {
        vec3 normal = gridNormal(texel, uPatchSize);
        vec3 air = substep.gusts != 0u ? substep.wind + gustAt(position) : substep.wind;
        vec3 relativeWind = air - velocity;
        vec3 normalPart = normal * dot(relativeWind, normal);
        velocity += normalPart * substep.normalDragShare + (relativeWind - normalPart) * substep.tangentialDragShare;
    }
    velocity = velocity * substep.keep + substep.gravity * substep.substepSeconds;
    write(position + velocity * substep.substepSeconds, velocity);
}

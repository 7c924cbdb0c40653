// What every WebGpuClothRenderer pipeline shares (group 0, binding 0), as
// web/render/view-uniforms.js gives WebGL2's programs: the camera, and one light setup so cloth,
// colliders and floor sit in one scene.
struct View {
    viewMatrix: mat4x4f,
    projection: mat4x4f,   // the camera's, WebGL's clip depth (-1..1)
    eye: vec3f,            // metres
    lightDirection: vec3f, // unit, from the surface toward the light
    skyColor: vec3f,       // sRGB, ambient light from above
    groundColor: vec3f,    // sRGB, ambient light bounced from below
}

@group(0) @binding(0) var<uniform> view: View;

const gamma = 2.2;

// A world point in WebGPU's clip space: WebGL's depth (-1..1 over w) moved to WebGPU's (0..1),
// so one camera serves both renderers.
fn clipOf(world: vec3f) -> vec4f {
    let clip = view.projection * view.viewMatrix * vec4f(world, 1.0);
    return vec4f(clip.xy, 0.5 * (clip.z + clip.w), clip.w);
}

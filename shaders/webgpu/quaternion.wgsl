// v turned by the unit quaternion q (x, y, z, w), as shaders/webgl2/quaternion.glsl: the core's
// rotate() (src/collider_geometry.hpp) operation for operation. Shared by the collide pass
// (oriented boxes) and shaders/render/solid.wgsl (WebGpuClothRenderer's colliders).
fn rotate(q: vec4f, v: vec3f) -> vec3f {
    let twice = 2.0 * cross(q.xyz, v);
    return v + q.w * twice + cross(q.xyz, twice);
}

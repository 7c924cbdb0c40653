// v turned by the unit quaternion q (x, y, z, w): v + w t + q.xyz x t with t = 2 q.xyz x v, the
// core's rotate() (src/collider_geometry.hpp) operation for operation. Shared by the collide pass
// (oriented boxes) and the collider renderer.
vec3 rotate(vec4 q, vec3 v) {
    vec3 twice = 2.0 * cross(q.xyz, v);
    return v + q.w * twice + cross(q.xyz, twice);
}

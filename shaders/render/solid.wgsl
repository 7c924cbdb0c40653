// Solid collider (sphere, capsule part, box, mesh) drawn by WebGPU, as solid.vert.glsl and
// solid.frag.glsl draw it with WebGL2: a unit mesh stretched along its own axes (or a mesh
// collider's own triangles, a stretch of 1), turned by a quaternion (quaternion.wgsl) and moved
// to the collider's centre; a matte body with a soft highlight, lit by the cloth's sun and sky,
// on the side in view (both faces are drawn: a mesh's triangles may all wind inward). One slot
// of `solid` a draw (a dynamic offset).

struct Solid {
    center: vec3f,   // metres
    scale: vec3f,    // metres per unit along the mesh's axes
    rotation: vec4f, // unit quaternion (x, y, z, w)
    color: vec3f,    // sRGB
}

@group(1) @binding(0) var<uniform> solid: Solid;

struct SolidVarying {
    @builtin(position) clip: vec4f,
    @location(0) worldPosition: vec3f,
    @location(1) normal: vec3f,
}

@vertex
fn solidVertex(@location(0) unitPosition: vec3f, @location(1) unitNormal: vec3f) -> SolidVarying {
    var out: SolidVarying;
    // Normals take the inverse stretch.
    out.normal = rotate(solid.rotation, unitNormal / solid.scale);
    out.worldPosition = solid.center + rotate(solid.rotation, solid.scale * unitPosition);
    out.clip = clipOf(out.worldPosition);
    return out;
}

@fragment
fn solidFragment(in: SolidVarying, @builtin(front_facing) front: bool) -> @location(0) vec4f {
    let normal = normalize(select(-in.normal, in.normal, front));
    let albedo = pow(solid.color, vec3f(gamma));
    let diffuse = max(dot(normal, view.lightDirection), 0.0);
    let ambient = mix(pow(view.groundColor, vec3f(gamma)), pow(view.skyColor, vec3f(gamma)), 0.5 + 0.5 * normal.y);
    let halfway = normalize(view.lightDirection + normalize(view.eye - in.worldPosition));
    let specular = pow(max(dot(normal, halfway), 0.0), 48.0) * 0.25;
    let linear = albedo * (diffuse + ambient) + specular;
    return vec4f(pow(linear, vec3f(1.0 / gamma)), 1.0);
}

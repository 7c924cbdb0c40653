// Solid collider, vertex stage: a unit mesh (sphere, cube or open cylinder) stretched along its
// own axes, or a mesh collider's own triangles (a stretch of 1), turned by a quaternion
// (quaternion.glsl, put in front with the #version line by the renderer) and moved to the
// collider's centre. Normals take the inverse stretch.
precision highp float;

layout(location = 0) in vec3 aUnitPosition;
layout(location = 1) in vec3 aUnitNormal;

uniform mat4 uView;
uniform mat4 uProjection;
uniform vec3 uCenter;   // metres
uniform vec3 uScale;    // metres per unit along the mesh's axes
uniform vec4 uRotation; // unit quaternion (x, y, z, w)

out vec3 vWorldPosition;
out vec3 vNormal;

void main() {
  vNormal = rotate(uRotation, aUnitNormal / uScale);
  vWorldPosition = uCenter + rotate(uRotation, uScale * aUnitPosition);
  gl_Position = uProjection * uView * vec4(vWorldPosition, 1.0);
}

#version 300 es
// Solid collider (sphere, capsule, box, mesh), fragment stage: a matte body with a soft highlight, lit by the same sun
// and sky as the cloth so the two sit in one scene. Both faces are drawn and the side in view is lit: a
// mesh collider's triangles may all wind inward (its normals then point in, with the winding).
precision highp float;

in vec3 vWorldPosition;
in vec3 vNormal;

uniform vec3 uColor;          // sRGB
uniform vec3 uEye;            // camera position, metres
uniform vec3 uLightDirection; // unit, from the surface toward the light
uniform vec3 uSkyColor;       // sRGB
uniform vec3 uGroundColor;    // sRGB

out vec4 fragColor;

const float kGamma = 2.2;

void main() {
  vec3 normal = normalize(gl_FrontFacing ? vNormal : -vNormal);
  vec3 albedo = pow(uColor, vec3(kGamma));
  float diffuse = max(dot(normal, uLightDirection), 0.0);
  vec3 ambient = mix(pow(uGroundColor, vec3(kGamma)), pow(uSkyColor, vec3(kGamma)), 0.5 + 0.5 * normal.y);
  vec3 halfway = normalize(uLightDirection + normalize(uEye - vWorldPosition));
  float specular = pow(max(dot(normal, halfway), 0.0), 48.0) * 0.25;

  vec3 linear = albedo * (diffuse + ambient) + specular;
  fragColor = vec4(pow(linear, vec3(1.0 / kGamma)), 1.0);
}

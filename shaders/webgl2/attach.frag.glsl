// Attach, fragment stage: the attached particle's position and velocity from the vertex stage,
// written as the predict pass writes every particle's (solver-write-motion.glsl).

flat in vec3 vPosition;
flat in vec3 vVelocity;

void main() {
    write(vPosition, vVelocity);
}

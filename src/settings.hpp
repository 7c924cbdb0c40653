// Everything that describes a cloth before it runs: plain data, validated once.
// Units are SI throughout (metres, seconds, kilograms); y is up.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "math.hpp"

namespace nuno {

// The farthest any point handed to the core may be from the origin along each axis, metres: the
// sheet's centre and starting shape, a held particle, a collider's centre or point. Far enough
// for any scene, and near enough that float32 still resolves a millimetre there (and that no
// distance between two such points can overflow).
constexpr float kMaxCoordinateMetres = 1e4f;

enum class SolverKind { MassSpring, Pbd, Xpbd };
enum class Ordering { GaussSeidel, RedBlack, Jacobi };
enum class Orientation { Vertical, Horizontal };
enum class PinPreset { TopEdge, TopCorners, LeftEdge, None, Custom };

// Stiffness of one constraint family (structural, shear or bending), for each solver model.
struct FamilyStiffness {
    float compliance = 0.0f;  // XPBD: inverse stiffness in m/N; 0 is perfectly stiff
    float stiffness = 1.0f;   // PBD: fraction of the violation removed per projection, [0, 1]
    float stretch = 1.0f;     // mass-spring: factor on the spring force while longer than rest
    float shrink = 1.0f;      // mass-spring: factor on the spring force while shorter than rest
};

struct ClothSettings {
    int columns = 32;
    int rows = 32;
    float width = 1.0f;   // metres along the columns
    float height = 1.0f;  // metres along the rows
    Orientation orientation = Orientation::Vertical;
    // Centre of the sheet. A vertical sheet spans x and y, a horizontal one spans x and z;
    // row 0 is the top edge (vertical) or the far edge at -z (horizontal).
    Vec3 center{0.0f, 1.0f, 0.0f};
    // Optional starting shape (columns * rows positions, row-major). When given it replaces the
    // flat sheet, and rest lengths come from it, so a curved or folded cloth keeps its shape.
    std::vector<Vec3> initialPositions;

    float density = 0.2f;  // areal density in kg/m^2; each particle carries an equal share
    PinPreset pins = PinPreset::TopEdge;
    std::vector<std::uint32_t> pinnedParticles;  // used when pins == Custom

    SolverKind solver = SolverKind::Xpbd;
    Ordering ordering = Ordering::RedBlack;
    float jacobiRelaxation = 1.0f;  // scales the averaged Jacobi correction, (0, 2)
    int substeps = 10;
    int iterations = 1;
    float stepSeconds = 1.0f / 60.0f;  // the fixed step the accumulator hands to the solver
    float maxFrameSeconds = 0.1f;      // longer frames are clamped so a stall cannot explode

    Vec3 gravity{0.0f, -9.81f, 0.0f};
    float damping = 0.1f;             // velocity lost per second, 1/s
    Vec3 wind{0.0f, 0.0f, 0.0f};      // air velocity, m/s
    float windNormalDrag = 2.0f;      // 1/s: pull toward the wind across the cloth surface
    float windTangentialDrag = 0.2f;  // 1/s: pull toward the wind along the surface
    float springConstant = 100.0f;    // mass-spring Hooke constant, N/m
    float collisionMargin = 0.005f;   // metres kept between the cloth and every collider

    FamilyStiffness structural{0.0f, 1.0f, 1.0f, 1.0f};
    FamilyStiffness shear{1e-6f, 0.5f, 0.5f, 0.5f};
    FamilyStiffness bending{1e-3f, 0.1f, 0.2f, 0.1f};

    int particleCount() const { return columns * rows; }
    float particleMass() const { return density * width * height / static_cast<float>(particleCount()); }
    float substepSeconds() const { return stepSeconds / static_cast<float>(substeps); }
};

// Throws std::invalid_argument naming the first setting out of range and its allowed range.
void validate(const ClothSettings& settings);

// The checks every input of the core goes through, so each error reads the same:
//   nuno: [owner ]'name' must be <allowed>, got <value>
// (owner names what the setting belongs to where the name alone is ambiguous, e.g. "plane").
[[noreturn]] void failInput(const std::string& name, const std::string& allowed, const std::string& got,
                            const std::string& owner = "");
// A number as the errors show it: shortest form, "inf" and "nan" spelled out.
std::string showNumber(double value);
std::string showVector(const glm::dvec3& value);
// Each component finite and within [-limit, limit].
void requireVector(const std::string& name, const glm::dvec3& value, double limit, const std::string& owner = "");

// Each setter-style change at run time goes through the same checks as construction.
void validateFamily(const FamilyStiffness& family, const std::string& familyName);

// Names as the JS API spells them, and their inverses (throwing with the allowed names).
const char* solverName(SolverKind solver);
const char* orderingName(Ordering ordering);
SolverKind parseSolver(const std::string& name);
Ordering parseOrdering(const std::string& name);
Orientation parseOrientation(const std::string& name);
PinPreset parsePinPreset(const std::string& name);

}  // namespace nuno

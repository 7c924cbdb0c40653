#include "settings.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace nuno {
namespace {

constexpr int kMaxGridSide = 16384;
constexpr int kMaxParticles = 4096 * 4096;

[[noreturn]] void fail(const std::string& name, const std::string& allowed, const std::string& got) {
    throw std::invalid_argument("nuno: '" + name + "' must be " + allowed + ", got " + got);
}

std::string show(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

void requireIntIn(const std::string& name, int value, int low, int high) {
    if (value < low || value > high) {
        fail(name, "an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]",
             std::to_string(value));
    }
}

// lowOpen/highOpen say whether the interval excludes that end.
void requireIn(const std::string& name, float value, float low, float high, bool lowOpen = false,
               bool highOpen = false) {
    const bool tooLow = lowOpen ? !(value > low) : !(value >= low);
    const bool tooHigh = highOpen ? !(value < high) : !(value <= high);
    if (!std::isfinite(value) || tooLow || tooHigh) {
        fail(name, std::string("a number in ") + (lowOpen ? "(" : "[") + show(low) + ", " + show(high) +
                       (highOpen ? ")" : "]"),
             show(value));
    }
}

void requireFinite(const std::string& name, const Vec3& value, float limit) {
    for (int axis = 0; axis < 3; ++axis) {
        if (!std::isfinite(value[axis]) || std::fabs(value[axis]) > limit) {
            fail(name, "three finite numbers, each in [-" + show(limit) + ", " + show(limit) + "]",
                 "[" + show(value.x) + ", " + show(value.y) + ", " + show(value.z) + "]");
        }
    }
}

}  // namespace

void validateFamily(const FamilyStiffness& family, const std::string& familyName) {
    requireIn(familyName + ".compliance", family.compliance, 0.0f, 1.0f);
    requireIn(familyName + ".stiffness", family.stiffness, 0.0f, 1.0f);
    requireIn(familyName + ".stretch", family.stretch, 0.0f, 1.0f);
    requireIn(familyName + ".shrink", family.shrink, 0.0f, 1.0f);
}

void validate(const ClothSettings& s) {
    requireIntIn("columns", s.columns, 2, kMaxGridSide);
    requireIntIn("rows", s.rows, 2, kMaxGridSide);
    if (s.columns * s.rows > kMaxParticles) {
        fail("columns * rows", "at most " + std::to_string(kMaxParticles), std::to_string(s.columns * s.rows));
    }
    requireIn("width", s.width, 0.0f, 1000.0f, true);
    requireIn("height", s.height, 0.0f, 1000.0f, true);
    requireFinite("center", s.center, 1e4f);
    if (!s.initialPositions.empty()) {
        if (s.initialPositions.size() != static_cast<std::size_t>(s.particleCount())) {
            fail("positions", "columns * rows = " + std::to_string(s.particleCount()) + " points",
                 std::to_string(s.initialPositions.size()) + " points");
        }
        for (const Vec3& point : s.initialPositions) requireFinite("positions", point, 1e4f);
    }
    requireIn("density", s.density, 0.0f, 1000.0f, true);
    if (s.pins == PinPreset::Custom) {
        for (std::uint32_t index : s.pinnedParticles) {
            if (index >= static_cast<std::uint32_t>(s.particleCount())) {
                fail("pins", "particle indices in [0, " + std::to_string(s.particleCount() - 1) + "]",
                     std::to_string(index));
            }
        }
    }
    requireIn("jacobiRelaxation", s.jacobiRelaxation, 0.0f, 2.0f, true, true);
    requireIntIn("substeps", s.substeps, 1, 100);
    requireIntIn("iterations", s.iterations, 1, 100);
    requireIn("stepSeconds", s.stepSeconds, 1e-4f, 0.1f);
    requireIn("maxFrameSeconds", s.maxFrameSeconds, s.stepSeconds, 1.0f);
    requireFinite("gravity", s.gravity, 1000.0f);
    // (1 - damping * substepSeconds) must stay positive; 50/s keeps that for any allowed step.
    requireIn("damping", s.damping, 0.0f, 50.0f);
    requireFinite("wind", s.wind, 1000.0f);
    requireIn("windNormalDrag", s.windNormalDrag, 0.0f, 100.0f);
    requireIn("windTangentialDrag", s.windTangentialDrag, 0.0f, 100.0f);
    requireIn("springConstant", s.springConstant, 0.0f, 1e9f);
    requireIn("collisionMargin", s.collisionMargin, 0.0f, 1.0f);
    validateFamily(s.structural, "structural");
    validateFamily(s.shear, "shear");
    validateFamily(s.bending, "bending");
}

const char* solverName(SolverKind solver) {
    switch (solver) {
        case SolverKind::MassSpring: return "mass-spring";
        case SolverKind::Pbd: return "pbd";
        case SolverKind::Xpbd: return "xpbd";
    }
    return "?";
}

const char* orderingName(Ordering ordering) {
    switch (ordering) {
        case Ordering::GaussSeidel: return "gauss-seidel";
        case Ordering::RedBlack: return "red-black";
        case Ordering::Jacobi: return "jacobi";
    }
    return "?";
}

SolverKind parseSolver(const std::string& name) {
    if (name == "mass-spring") return SolverKind::MassSpring;
    if (name == "pbd") return SolverKind::Pbd;
    if (name == "xpbd") return SolverKind::Xpbd;
    fail("solver", "one of 'mass-spring', 'pbd', 'xpbd'", "'" + name + "'");
}

Ordering parseOrdering(const std::string& name) {
    if (name == "gauss-seidel") return Ordering::GaussSeidel;
    if (name == "red-black") return Ordering::RedBlack;
    if (name == "jacobi") return Ordering::Jacobi;
    fail("ordering", "one of 'gauss-seidel', 'red-black', 'jacobi'", "'" + name + "'");
}

Orientation parseOrientation(const std::string& name) {
    if (name == "vertical") return Orientation::Vertical;
    if (name == "horizontal") return Orientation::Horizontal;
    fail("orientation", "one of 'vertical', 'horizontal'", "'" + name + "'");
}

PinPreset parsePinPreset(const std::string& name) {
    if (name == "top-edge") return PinPreset::TopEdge;
    if (name == "top-corners") return PinPreset::TopCorners;
    if (name == "left-edge") return PinPreset::LeftEdge;
    if (name == "none") return PinPreset::None;
    fail("pins", "one of 'top-edge', 'top-corners', 'left-edge', 'none' or an array of particle indices",
         "'" + name + "'");
}

}  // namespace nuno

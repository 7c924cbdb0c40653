#include "settings.hpp"

#include <cmath>
#include <sstream>
#include <stdexcept>

namespace nuno {
namespace {

constexpr int kMaxGridSide = 16384;

void requireIntIn(const std::string& name, int value, int low, int high) {
    if (value < low || value > high) {
        failInput(name, "an integer in [" + std::to_string(low) + ", " + std::to_string(high) + "]",
                  std::to_string(value));
    }
}

// lowOpen/highOpen say whether the interval excludes that end.
void requireIn(const std::string& name, float value, float low, float high, bool lowOpen = false,
               bool highOpen = false) {
    const bool tooLow = lowOpen ? !(value > low) : !(value >= low);
    const bool tooHigh = highOpen ? !(value < high) : !(value <= high);
    if (!std::isfinite(value) || tooLow || tooHigh) {
        failInput(name,
                  std::string("a number in ") + (lowOpen ? "(" : "[") + showNumber(low) + ", " + showNumber(high) +
                      (highOpen ? ")" : "]"),
                  showNumber(value));
    }
}

}  // namespace

void failInput(const std::string& name, const std::string& allowed, const std::string& got, const std::string& owner) {
    throw std::invalid_argument("nuno: " + (owner.empty() ? "" : owner + " ") + "'" + name + "' must be " + allowed +
                                ", got " + got);
}

std::string showNumber(double value) {
    std::ostringstream out;
    out << value;
    return out.str();
}

std::string showVector(const glm::dvec3& value) {
    return "[" + showNumber(value.x) + ", " + showNumber(value.y) + ", " + showNumber(value.z) + "]";
}

void requireVector(const std::string& name, const glm::dvec3& value, double limit, const std::string& owner) {
    for (int axis = 0; axis < 3; ++axis) {
        if (!std::isfinite(value[axis]) || std::fabs(value[axis]) > limit) {
            failInput(name, "three finite numbers, each in [-" + showNumber(limit) + ", " + showNumber(limit) + "]",
                      showVector(value), owner);
        }
    }
}

void validateFamily(const FamilyStiffness& family, const std::string& familyName) {
    requireIn(familyName + ".compliance", family.compliance, 0.0f, 1.0f);
    requireIn(familyName + ".stiffness", family.stiffness, 0.0f, 1.0f);
    requireIn(familyName + ".stretch", family.stretch, 0.0f, 1.0f);
    requireIn(familyName + ".shrink", family.shrink, 0.0f, 1.0f);
}

void validate(const ClothSettings& s) {
    // How many particles fit in memory is the cloth's to say (Cloth::memoryBytes).
    requireIntIn("columns", s.columns, 2, kMaxGridSide);
    requireIntIn("rows", s.rows, 2, kMaxGridSide);
    // With these lower ends and the density's, a particle's mass, density * width * height /
    // (columns * rows), is at least 1e-6 * 1e-3 * 1e-3 / 16384^2 = 3.7e-21 kg, a normal float32
    // with a finite inverse. Below that it rounded to a denormal or zero, 1/m to inf, and the
    // first step to NaN (density 1e-36 did).
    requireIn("width", s.width, 1e-3f, 1000.0f);
    requireIn("height", s.height, 1e-3f, 1000.0f);
    requireVector("center", s.center, kMaxCoordinateMetres);
    if (!s.initialPositions.empty()) {
        if (s.initialPositions.size() != static_cast<std::size_t>(s.particleCount())) {
            failInput("positions", "columns * rows = " + std::to_string(s.particleCount()) + " points",
                      std::to_string(s.initialPositions.size()) + " points");
        }
        for (const Vec3& point : s.initialPositions) requireVector("positions", point, kMaxCoordinateMetres);
    }
    requireIn("density", s.density, 1e-6f, 1000.0f);
    if (s.pins == PinPreset::Custom) {
        for (std::uint32_t index : s.pinnedParticles) {
            if (index >= static_cast<std::uint32_t>(s.particleCount())) {
                failInput("pins", "particle indices in [0, " + std::to_string(s.particleCount() - 1) + "]",
                          std::to_string(index));
            }
        }
    }
    requireIn("jacobiRelaxation", s.jacobiRelaxation, 0.0f, 2.0f, true, true);
    requireIntIn("substeps", s.substeps, 1, 100);
    requireIntIn("iterations", s.iterations, 1, 100);
    requireIn("stepSeconds", s.stepSeconds, 1e-4f, 0.1f);
    requireIn("maxFrameSeconds", s.maxFrameSeconds, s.stepSeconds, 1.0f);
    requireVector("gravity", s.gravity, 1000.0);
    // Damping and drag decay the velocity exponentially over a substep (see integrate.hpp), which
    // is stable at any rate and step; these upper ends only say what is physically sensible.
    requireIn("damping", s.damping, 0.0f, 50.0f);
    requireVector("wind", s.wind, 1000.0);
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
    failInput("solver", "one of 'mass-spring', 'pbd', 'xpbd'", "'" + name + "'");
}

Ordering parseOrdering(const std::string& name) {
    if (name == "gauss-seidel") return Ordering::GaussSeidel;
    if (name == "red-black") return Ordering::RedBlack;
    if (name == "jacobi") return Ordering::Jacobi;
    failInput("ordering", "one of 'gauss-seidel', 'red-black', 'jacobi'", "'" + name + "'");
}

Orientation parseOrientation(const std::string& name) {
    if (name == "vertical") return Orientation::Vertical;
    if (name == "horizontal") return Orientation::Horizontal;
    failInput("orientation", "one of 'vertical', 'horizontal'", "'" + name + "'");
}

PinPreset parsePinPreset(const std::string& name) {
    if (name == "top-edge") return PinPreset::TopEdge;
    if (name == "top-corners") return PinPreset::TopCorners;
    if (name == "left-edge") return PinPreset::LeftEdge;
    if (name == "none") return PinPreset::None;
    failInput("pins", "one of 'top-edge', 'top-corners', 'left-edge', 'none' or an array of particle indices",
         "'" + name + "'");
}

}  // namespace nuno

// Everything that describes a cloth before it runs: plain data, validated once.
// Units are SI throughout (metres, seconds, kilograms); y is up.
#pragma once

#include <array>
#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "math.hpp"
#include "settings_schema.hpp"

namespace nuno {

// The farthest any point handed to the core may be from the origin along each axis, metres: the
// sheet's centre and starting shape, a held particle, a collider's centre or point. Far enough
// for any scene, and near enough that float32 still resolves a millimetre there (and that no
// distance between two such points can overflow).
constexpr float kMaxCoordinateMetres = 1e4f;
// The fastest a starting velocity may be, m/s.
constexpr float kMaxSpeed = 1e3f;

// The largest number of particles along a row or a column.
constexpr int kMaxGridSide = 16384;

enum class SolverKind { MassSpring, Pbd, Xpbd };
enum class Ordering { GaussSeidel, RedBlack, Jacobi };
enum class Orientation { Vertical, Horizontal };
enum class PinPreset { TopEdge, TopCorners, LeftEdge, None, Custom };

// Each choice with its name as the JS API spells it; typeName is what web/index.d.ts calls the
// set ("" where the type is written out in place).
template <class Choice>
struct Choices;
template <>
struct Choices<SolverKind> {
    static constexpr const char* typeName = "SolverKind";
    static constexpr std::array<std::pair<SolverKind, const char*>, 3> all{
        {{SolverKind::MassSpring, "mass-spring"}, {SolverKind::Pbd, "pbd"}, {SolverKind::Xpbd, "xpbd"}}};
};
template <>
struct Choices<Ordering> {
    static constexpr const char* typeName = "Ordering";
    static constexpr std::array<std::pair<Ordering, const char*>, 3> all{
        {{Ordering::GaussSeidel, "gauss-seidel"}, {Ordering::RedBlack, "red-black"}, {Ordering::Jacobi, "jacobi"}}};
};
template <>
struct Choices<Orientation> {
    static constexpr const char* typeName = "";
    static constexpr std::array<std::pair<Orientation, const char*>, 2> all{
        {{Orientation::Vertical, "vertical"}, {Orientation::Horizontal, "horizontal"}}};
};
// Custom is not a name: custom pins are given as particle indices.
template <>
struct Choices<PinPreset> {
    static constexpr const char* typeName = "PinPreset";
    static constexpr std::array<std::pair<PinPreset, const char*>, 4> all{{{PinPreset::TopEdge, "top-edge"},
                                                                           {PinPreset::TopCorners, "top-corners"},
                                                                           {PinPreset::LeftEdge, "left-edge"},
                                                                           {PinPreset::None, "none"}}};
};

// Whether a setting's range excludes its ends; and whether a setting may change on a running cloth.
enum class Ends { Closed, Open };
enum class Scope { Grid, RunTime };

// Stiffness of one constraint family (structural, shear or bending), for each solver model.
struct FamilyStiffness {
#define NUNO_FAMILY_FIELD(field, defaultValue, low, high, unit, summary) float field = defaultValue;
    NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD)
#undef NUNO_FAMILY_FIELD

    bool operator==(const FamilyStiffness& other) const;
    bool operator!=(const FamilyStiffness& other) const { return !(*this == other); }
};

// One field per entry of NUNO_SETTINGS (settings_schema.hpp says what each means), with its
// default, plus pinnedParticles, the indices behind pins == Custom.
struct ClothSettings {
#define NUNO_SETTING_FIELD(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    Type field = defaultValue;
    NUNO_SETTINGS(NUNO_SETTING_FIELD)
#undef NUNO_SETTING_FIELD
    std::vector<std::uint32_t> pinnedParticles;

    int particleCount() const { return columns * rows; }
    float particleMass() const { return density * width * height / static_cast<float>(particleCount()); }
    float substepSeconds() const { return stepSeconds / static_cast<float>(substeps); }
};

// What kind of value a setting holds, as the API sees it.
enum class SettingKind { Integer, Number, Vector, Choice, Pins, Points, Family };

// One entry of the schema, as data: for tests that go through every setting, for the JS API
// (nuno_wasm's settingsSchema) and for the generator of web/index.d.ts.
struct SettingInfo {
    std::string name;  // as the API spells it; a family's fields as 'shear.compliance'
    SettingKind kind;
    // The allowed range: of the value (Integer, Number) or of each component (Vector, Points).
    // Where an end is another setting (lowSetting, highSetting), it is that setting's default.
    double low;
    double high;
    bool open;  // both ends excluded
    std::string lowSetting;
    std::string highSetting;
    Scope scope;
    std::vector<std::string> choices;  // Choice and Pins: the names it takes
};

// An entry with its documentation, for the generator of web/model.d.ts (and its tests) only:
// the wasm module, which never asks for it, keeps none of its text and code (10 KB).
struct DocumentedSetting : SettingInfo {
    std::string unit;
    std::string summary;
    std::string note;
    std::string defaultText;  // the default as JS writes it
    std::string typeName;     // Choice and Pins: what web/index.d.ts calls the choices
};

// Every setting in the order of NUNO_SETTINGS, each family followed by its fields.
const std::vector<SettingInfo>& settingsSchema();
// The same entries, documented.
const std::vector<DocumentedSetting>& documentedSettingsSchema();

// Throws std::invalid_argument naming the first setting out of range and its allowed range.
void validate(const ClothSettings& settings);
// selfCollisionThickness at most this many particle spacings (min of width / (columns - 1) and
// height / (rows - 1)), besides its range.
constexpr float kMaxSelfCollisionSpacings = 4.0f;

// A piece of an error message: text, or a number as showNumber writes it (a whole number as
// std::to_string does). A message made of pieces is put together in one place, where the
// message is thrown: the temporary strings a check made of it before were cleaned up on every
// way out of the check, and that clean-up code was a large share of the wasm module.
class MessagePiece {
public:
    MessagePiece(const char* text) : text_(text) {}
    MessagePiece(std::string_view text) : text_(text) {}
    MessagePiece(const std::string& text) : text_(text) {}
    // Any number but a character or a bool.
    template <class Number, std::enable_if_t<std::is_arithmetic_v<Number> && !std::is_same_v<Number, char> &&
                                                 !std::is_same_v<Number, bool>,
                                             int> = 0>
    MessagePiece(Number number) : number_(static_cast<double>(number)), isNumber_(true) {}

    void appendTo(std::string& message) const;

private:
    std::string_view text_;
    double number_ = 0.0;
    bool isNumber_ = false;
};
using MessagePieces = std::initializer_list<MessagePiece>;

// Part of a message given as one piece or as a list of them: "text", or {"text ", number, "."}.
// Only for arguments, never kept in a variable: a list and its pieces last as long as the
// expression that makes the call.
class MessageText {
public:
    MessageText(MessagePieces pieces) : pieces_(pieces) {}
    template <class Piece, std::enable_if_t<std::is_constructible_v<MessagePiece, const Piece&>, int> = 0>
    MessageText(const Piece& piece) : one_(piece) {}

    void appendTo(std::string& message) const;

private:
    MessagePieces pieces_;  // when empty, one_
    MessagePiece one_{""};
};

// Throws std::invalid_argument("nuno: " and the message).
[[noreturn]] void failWith(const MessageText& message);

// The checks every input of the core goes through, so each error reads the same:
//   nuno: [owner ]'name' must be <allowed>, got <value>
// (owner names what the setting belongs to where the name alone is ambiguous, e.g. "plane").
[[noreturn]] void failInput(const MessageText& name, const MessageText& allowed, const MessageText& got,
                            std::string_view owner = {});
// A number as the errors show it: a whole number up to 2^53 in full, any other the fewest digits
// that read back as the same float32; NaN, Infinity and -Infinity as JS writes them.
std::string showNumber(double value);
// Bytes as whole mebibytes: "1024 MiB".
std::string showMebibytes(std::uint64_t bytes);
// A name as the errors echo it: control characters as \u escapes, so a key holding NUL (JS
// allows it) cannot cut the message short.
std::string printable(const std::string& text);
// A number as JS writes it (1e-6, not 1e-06), to six digits: for the documentation.
std::string jsNumber(double value);
std::string showVector(const glm::dvec3& value);
// Each component finite and within [-limit, limit].
void requireVector(std::string_view name, const glm::dvec3& value, double limit, std::string_view owner = {});

// Each setter-style change at run time goes through the same checks as construction.
void validateFamily(const FamilyStiffness& family, std::string_view familyName);

// A choice's name as the JS API spells it ("custom" for PinPreset::Custom).
template <class Choice>
const char* nameOf(Choice choice) {
    for (const auto& [value, name] : Choices<Choice>::all) {
        if (value == choice) return name;
    }
    return "custom";
}
const char* solverName(SolverKind solver);
const char* orderingName(Ordering ordering);

// The names a choice takes, in the order of Choices<Choice>::all.
template <class Choice, std::size_t... Index>
constexpr std::array<const char*, sizeof...(Index)> choiceNamesOf(std::index_sequence<Index...>) {
    return {Choices<Choice>::all[Index].second...};
}
template <class Choice>
inline constexpr auto kChoiceNames = choiceNamesOf<Choice>(std::make_index_sequence<Choices<Choice>::all.size()>{});

// The index of name among names; otherwise throws naming the setting (key) and the names it
// takes ('a', 'b', 'c'), then alsoAllowed. One function for every choice, each parseChoice a call.
std::size_t choiceIndex(std::string_view key, std::string_view name, const char* const* names, std::size_t count,
                        std::string_view alsoAllowed);

// The choice of that name; otherwise throws naming the setting (key) and the names it takes,
// then alsoAllowed (what else the setting takes, e.g. " or an array of particle indices").
template <class Choice>
Choice parseChoice(std::string_view key, std::string_view name, std::string_view alsoAllowed = {}) {
    const auto& names = kChoiceNames<Choice>;
    return Choices<Choice>::all[choiceIndex(key, name, names.data(), names.size(), alsoAllowed)].first;
}

}  // namespace nuno

#include "settings.hpp"

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <type_traits>

namespace nuno {
namespace {

// The first `count` (1 to 17) significant decimal digits of a finite value > 0, rounded
// half to even on its exact value as printf rounds them; returns the power of ten of the first.
// Written here rather than with snprintf, whose formatting (and its long-double arithmetic) was
// about 9.5 KB of the wasm module. The value, m 2^e exactly, is a big integer in base 10^9 times
// a power of ten: m 2^e, or m 5^-e 10^e.
int decimalDigits(double value, int count, char* digits) {
    int exponent = 0;
    const double fraction = std::frexp(value, &exponent);
    // Least significant first. frexp makes a subnormal's exponent as low as -1126, so the
    // largest is m 5^1126 < 2^53 5^1126, about 4.9e802: 803 digits, in 90 limbs of 9.
    std::uint32_t limbs[90] = {};
    const std::uint64_t mantissa = static_cast<std::uint64_t>(std::ldexp(fraction, 53));
    limbs[0] = static_cast<std::uint32_t>(mantissa % 1000000000u);
    limbs[1] = static_cast<std::uint32_t>(mantissa / 1000000000u % 1000000000u);
    limbs[2] = static_cast<std::uint32_t>(mantissa / 1000000000u / 1000000000u);
    int used = 3;
    exponent -= 53;
    int powerOfTen = exponent < 0 ? exponent : 0;  // value = limbs 10^powerOfTen
    for (int left = exponent < 0 ? -exponent : exponent; left > 0;) {
        const int step = std::min(left, 12);
        left -= step;
        std::uint64_t factor = 1;
        for (int i = 0; i < step; ++i) factor *= exponent < 0 ? 5 : 2;
        std::uint64_t carry = 0;
        for (int i = 0; i < used; ++i) {
            const std::uint64_t product = limbs[i] * factor + carry;
            limbs[i] = static_cast<std::uint32_t>(product % 1000000000u);
            carry = product / 1000000000u;
        }
        while (carry > 0) {
            limbs[used++] = static_cast<std::uint32_t>(carry % 1000000000u);
            carry /= 1000000000u;
        }
    }
    while (limbs[used - 1] == 0) --used;
    // Its digits, most significant first; past count + 1 of them only whether any is not 0.
    char all[20];
    int written = 0;
    bool restNonZero = false;
    for (int i = used - 1; i >= 0; --i) {
        char nine[9];
        for (int d = 8; d >= 0; --d, limbs[i] /= 10) nine[d] = static_cast<char>('0' + limbs[i] % 10);
        int d = 0;
        if (i == used - 1) {
            while (nine[d] == '0') ++d;
            powerOfTen += 9 * i + 8 - d;
        }
        for (; d < 9; ++d) {
            if (written <= count) all[written++] = nine[d];
            else restNonZero = restNonZero || nine[d] != '0';
        }
    }
    while (written <= count) all[written++] = '0';
    const char next = all[count];
    const bool up = next > '5' || (next == '5' && (restNonZero || (all[count - 1] - '0') % 2 == 1));
    int i = count - 1;
    for (; up && i >= 0 && all[i] == '9'; --i) all[i] = '0';
    if (up && i < 0) {
        all[0] = '1';
        ++powerOfTen;
    } else if (up) {
        ++all[i];
    }
    std::copy(all, all + count, digits);
    return powerOfTen;
}

// As a stream with setprecision writes it, or printf's %.*g, without the streams and locales
// that cost the wasm module about 100 KB, nor printf.
std::string withDigits(double value, int significantDigits) {
    std::string text = std::signbit(value) ? "-" : "";
    value = std::fabs(value);
    if (std::isnan(value)) return text + "nan";
    if (std::isinf(value)) return text + "inf";
    char digits[17];
    std::fill(digits, digits + 17, '0');
    const int powerOfTen = value == 0.0 ? 0 : decimalDigits(value, significantDigits, digits);
    int last = significantDigits - 1;  // the last digit kept: trailing zeros are left out
    while (last > 0 && digits[last] == '0') --last;
    if (powerOfTen < -4 || powerOfTen >= significantDigits) {
        text += digits[0];
        if (last > 0) text += '.';
        text.append(digits + 1, digits + last + 1);
        text += powerOfTen < 0 ? "e-" : "e+";
        const int power = std::abs(powerOfTen);
        if (power < 10) text += '0';
        text += std::to_string(power);
        return text;
    }
    if (powerOfTen < 0) return text + "0." + std::string(static_cast<std::size_t>(-powerOfTen - 1), '0') + std::string(digits, last + 1);
    for (int i = 0; i <= std::max(last, powerOfTen); ++i) {
        if (i == powerOfTen + 1) text += '.';
        text += digits[i];
    }
    return text;
}

// Whether value written with this many significant digits reads back as the same float32,
// asked without strtod, which with its long-double arithmetic is 14 KB of the wasm module. The
// digits form an integer below 10^9, exact in a double, and a power of ten up to 10^22 is exact
// too, so the double below is the text's value rounded once (a few times past 10^±22): only a text
// within a double's rounding of the halfway point between two floats could read back
// otherwise than strtod reads it.
bool readsBackAsItself(double value, int significantDigits) {
    if (!std::isfinite(value)) return !std::isnan(value);
    if (value == 0.0) return true;
    char text[17];
    double digits = 0.0;
    int powerOfTen = decimalDigits(std::fabs(value), significantDigits, text) - (significantDigits - 1);
    for (int i = 0; i < significantDigits; ++i) digits = digits * 10.0 + (text[i] - '0');
    double readBack = digits;
    for (; powerOfTen > 22; powerOfTen -= 22) readBack *= 1e22;
    for (; powerOfTen < -22; powerOfTen += 22) readBack /= 1e22;
    constexpr double kExactPowers[] = {1e0,  1e1,  1e2,  1e3,  1e4,  1e5,  1e6,  1e7,  1e8,  1e9,  1e10, 1e11,
                                       1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22};
    readBack = powerOfTen >= 0 ? readBack * kExactPowers[powerOfTen] : readBack / kExactPowers[-powerOfTen];
    return static_cast<float>(readBack) == static_cast<float>(std::fabs(value));
}

void requireIntIn(std::string_view name, int value, int low, int high) {
    if (value < low || value > high) failInput(name, {"an integer in [", low, ", ", high, "]"}, {value});
}

bool isIn(float value, float low, float high, Ends ends) {
    const bool open = ends == Ends::Open;
    const bool tooLow = open ? !(value > low) : !(value >= low);
    const bool tooHigh = open ? !(value < high) : !(value <= high);
    return std::isfinite(value) && !tooLow && !tooHigh;
}

[[noreturn]] void failRange(const MessageText& name, float value, float low, float high, Ends ends) {
    const bool open = ends == Ends::Open;
    failInput(name, {"a number in ", open ? "(" : "[", low, ", ", high, open ? ")" : "]"}, {value});
}

// One check per kind of setting, so validate() can go through the schema.
void check(const char* key, int value, int low, int high, Ends, const ClothSettings&) {
    requireIntIn(key, value, low, high);
}
void check(const char* key, float value, float low, float high, Ends ends, const ClothSettings&) {
    if (!isIn(value, low, high, ends)) failRange(key, value, low, high, ends);
}
void check(const char* key, const Vec3& value, float, float limit, Ends, const ClothSettings&) {
    requireVector(key, value, limit);
}
void check(const char* key, const std::vector<Vec3>& points, float, float limit, Ends,
           const ClothSettings& s) {
    if (points.empty()) return;
    if (points.size() != static_cast<std::size_t>(s.particleCount())) {
        failInput(key, {"columns * rows = ", s.particleCount(), " points"}, {points.size(), " points"});
    }
    for (const Vec3& point : points) requireVector(key, point, limit);
}
void check(const char* key, PinPreset pins, int, int, Ends, const ClothSettings& s) {
    if (pins != PinPreset::Custom) return;
    for (std::uint32_t index : s.pinnedParticles) {
        if (index >= static_cast<std::uint32_t>(s.particleCount())) {
            failInput(key, {"particle indices in [0, ", s.particleCount() - 1, "]"}, {index});
        }
    }
}
// Choices are checked as they are read (parseChoice): an enum holds no other value.
template <class Choice, std::enable_if_t<std::is_enum_v<Choice>, int> = 0>
void check(const char*, Choice, int, int, Ends, const ClothSettings&) {}
void check(const char* key, const FamilyStiffness& family, int, int, Ends, const ClothSettings&) {
    validateFamily(family, key);
}

// The default as JS writes it, for the documentation.
std::string jsText(int value) { return std::to_string(value); }
// A default such as 1/60 is written as that fraction, not as its six digits.
std::string jsText(float value) {
    const std::string digits = jsNumber(value);
    const float reciprocal = std::round(1.0f / value);
    const bool sixDigitsAreInexact = !readsBackAsItself(value, 6);
    if (sixDigitsAreInexact && reciprocal > 1.0f && 1.0f / reciprocal == value) return "1/" + jsNumber(reciprocal);
    return digits;
}
std::string jsText(const Vec3& value) {
    return "[" + jsText(value.x) + ", " + jsText(value.y) + ", " + jsText(value.z) + "]";
}
std::string jsText(const std::vector<Vec3>&) { return "none"; }
template <class Choice, std::enable_if_t<std::is_enum_v<Choice>, int> = 0>
std::string jsText(Choice choice) {
    return "'" + std::string(nameOf(choice)) + "'";
}
std::string jsText(const FamilyStiffness& family) {
    std::string text;
#define NUNO_FAMILY_FIELD_TEXT(field, defaultValue, low, high, unit, summary) \
    text += (text.empty() ? "{ " : ", ") + std::string(#field) + ": " + jsText(family.field);
    NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_TEXT)
#undef NUNO_FAMILY_FIELD_TEXT
    return text + " }";
}

template <class Type>
constexpr SettingKind kindOf() {
    if constexpr (std::is_same_v<Type, int>) return SettingKind::Integer;
    else if constexpr (std::is_same_v<Type, float>) return SettingKind::Number;
    else if constexpr (std::is_same_v<Type, Vec3>) return SettingKind::Vector;
    else if constexpr (std::is_same_v<Type, std::vector<Vec3>>) return SettingKind::Points;
    else if constexpr (std::is_same_v<Type, PinPreset>) return SettingKind::Pins;
    else if constexpr (std::is_same_v<Type, FamilyStiffness>) return SettingKind::Family;
    else return SettingKind::Choice;
}

template <class Type>
std::vector<std::string> choiceNames() {
    std::vector<std::string> names;
    if constexpr (std::is_enum_v<Type>) {
        for (const auto& entry : Choices<Type>::all) names.emplace_back(entry.second);
    }
    return names;
}

template <class Type>
std::string choiceTypeName() {
    if constexpr (std::is_enum_v<Type>) return Choices<Type>::typeName;
    return "";
}

// "s.stepSeconds" -> "stepSeconds": the setting a bound written in the schema refers to.
std::string settingNamed(const char* boundText) {
    const std::string text = boundText;
    return text.rfind("s.", 0) == 0 ? text.substr(2) : "";
}

// What NUNO_SETTINGS writes of a setting's name and range as text.
struct SettingText {
    const char* key;
    const char* lowBound;  // as written: a number, or s.<setting> for another setting's default
    const char* highBound;
};

// A setting's entry. One instance per type of setting, so the schema is made by a call per
// setting rather than by the same code written out per setting (which was 12 KB of the wasm module).
template <class Type>
SettingInfo infoOf(const SettingText& text, double low, double high, bool open, Scope scope) {
    return {text.key, kindOf<Type>(), low, high, open, settingNamed(text.lowBound), settingNamed(text.highBound), scope,
            choiceNames<Type>()};
}

// A family's field, which follows the family in the schema.
SettingInfo fieldInfo(const std::string& family, const char* field, double low, double high, Scope scope) {
    return {family + "." + field, SettingKind::Number, low, high, false, "", "", scope, {}};
}

// A setting's entry, then its family's fields; other settings have none.
template <class Type>
void addSetting(std::vector<SettingInfo>& schema, const SettingText& text, double low, double high, bool open,
                Scope scope) {
    schema.push_back(infoOf<Type>(text, low, high, open, scope));
    if constexpr (std::is_same_v<Type, FamilyStiffness>) {
#define NUNO_FAMILY_FIELD_INFO(field, defaultValue, low, high, unit, summary) \
    schema.push_back(fieldInfo(text.key, #field, low, high, scope));
        NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_INFO)
#undef NUNO_FAMILY_FIELD_INFO
    }
}

std::vector<SettingInfo> buildSchema() {
    const ClothSettings s;  // a bound that is another setting takes that setting's default
    std::vector<SettingInfo> schema;
#define NUNO_SETTING_INFO(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note)              \
    addSetting<Type>(schema, {key, #low, #high}, static_cast<double>(low), static_cast<double>(high),            \
                     Ends::ends == Ends::Open, Scope::scope);
    NUNO_SETTINGS(NUNO_SETTING_INFO)
#undef NUNO_SETTING_INFO
    return schema;
}

// What NUNO_SETTINGS writes of a setting for the documentation.
struct SettingDocText {
    const char* unit;
    const char* summary;
    const char* note;
};

// As addSetting, documented.
template <class Type>
void addDocumentedSetting(std::vector<DocumentedSetting>& schema, const SettingText& text, const SettingDocText& doc,
                          double low, double high, bool open, Scope scope, const Type& defaults) {
    schema.push_back({infoOf<Type>(text, low, high, open, scope), doc.unit, doc.summary, doc.note, jsText(defaults),
                      choiceTypeName<Type>()});
    if constexpr (std::is_same_v<Type, FamilyStiffness>) {
#define NUNO_FAMILY_FIELD_DOC(field, defaultValue, low, high, unit, summary) \
    schema.push_back({fieldInfo(text.key, #field, low, high, scope), unit, summary, "", jsText(defaults.field), ""});
        NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_DOC)
#undef NUNO_FAMILY_FIELD_DOC
    }
}

std::vector<DocumentedSetting> buildDocumentedSchema() {
    const ClothSettings s;
    std::vector<DocumentedSetting> schema;
#define NUNO_SETTING_DOC(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note)                \
    addDocumentedSetting<Type>(schema, {key, #low, #high}, {unit, summary, note}, static_cast<double>(low),         \
                               static_cast<double>(high), Ends::ends == Ends::Open, Scope::scope, s.field);
    NUNO_SETTINGS(NUNO_SETTING_DOC)
#undef NUNO_SETTING_DOC
    return schema;
}

}  // namespace

void MessagePiece::appendTo(std::string& message) const {
    if (isNumber_) {
        message += showNumber(number_);
    } else {
        message += text_;
    }
}

void MessageText::appendTo(std::string& message) const {
    if (pieces_.size() == 0) one_.appendTo(message);
    for (const MessagePiece& piece : pieces_) piece.appendTo(message);
}

void failWith(const MessageText& message) {
    std::string text = "nuno: ";
    message.appendTo(text);
    throw std::invalid_argument(text);
}

void failInput(const MessageText& name, const MessageText& allowed, const MessageText& got, std::string_view owner) {
    std::string message = "nuno: ";
    if (!owner.empty()) message.append(owner).append(" ");
    message += "'";
    name.appendTo(message);
    message += "' must be ";
    allowed.appendTo(message);
    message += ", got ";
    got.appendTo(message);
    throw std::invalid_argument(message);
}

std::string showMebibytes(std::uint64_t bytes) {
    return showNumber(std::round(static_cast<double>(bytes) / (1024.0 * 1024.0))) + " MiB";
}

std::string showNumber(double value) {
    // As JS writes them.
    if (std::isnan(value)) return "NaN";
    if (std::isinf(value)) return value > 0 ? "Infinity" : "-Infinity";
    // A whole number in full, as JS writes it: 2147483648, not 2.14748365e+09, which reads as
    // another integer. Every whole double up to 2^53 is an integer exactly.
    constexpr double kLargestExactInteger = 9007199254740992.0;  // 2^53
    if (std::floor(value) == value && std::fabs(value) <= kLargestExactInteger) {
        const std::string digits = std::to_string(static_cast<std::uint64_t>(std::fabs(value)));
        return std::signbit(value) ? "-" + digits : digits;
    }
    // Otherwise the fewest digits that read back as the same float32 (every setting is one), so
    // a value just outside a range never shows as the range's end: 50.000004, not 50, which
    // [0, 50] allows. Nine digits always suffice for a float32.
    for (int digits = 6; digits < 9; ++digits) {
        if (readsBackAsItself(value, digits)) return withDigits(value, digits);
    }
    return withDigits(value, 9);
}

std::string printable(const std::string& text) {
    std::string shown;
    for (const char c : text) {
        if (static_cast<unsigned char>(c) < 0x20 || c == 0x7f) {
            shown += "\\u00";
            shown += "0123456789abcdef"[(c >> 4) & 0xf];
            shown += "0123456789abcdef"[c & 0xf];
        } else {
            shown += c;
        }
    }
    return shown;
}

std::string jsNumber(double value) {
    std::string text = withDigits(value, 6);
    // C++ writes 1e-06 and 1e+09, JS 1e-6 and 1e9.
    const std::size_t exponent = text.find('e');
    if (exponent == std::string::npos) return text;
    std::string digits = text.substr(exponent + 1);
    const std::string sign = digits[0] == '-' ? "-" : "";
    if (digits[0] == '-' || digits[0] == '+') digits = digits.substr(1);
    digits.erase(0, std::min(digits.find_first_not_of('0'), digits.size() - 1));
    return text.substr(0, exponent + 1) + sign + digits;
}

std::string showVector(const glm::dvec3& value) {
    return "[" + showNumber(value.x) + ", " + showNumber(value.y) + ", " + showNumber(value.z) + "]";
}

void requireVector(std::string_view name, const glm::dvec3& value, double limit, std::string_view owner) {
    for (int axis = 0; axis < 3; ++axis) {
        if (!std::isfinite(value[axis]) || std::fabs(value[axis]) > limit) {
            failInput(name, {"three finite numbers, each in [-", limit, ", ", limit, "]"},
                      {"[", value.x, ", ", value.y, ", ", value.z, "]"}, owner);
        }
    }
}

bool FamilyStiffness::operator==(const FamilyStiffness& other) const {
    bool same = true;
#define NUNO_FAMILY_FIELD_SAME(field, defaultValue, low, high, unit, summary) same = same && field == other.field;
    NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_SAME)
#undef NUNO_FAMILY_FIELD_SAME
    return same;
}

void validateFamily(const FamilyStiffness& family, std::string_view familyName) {
#define NUNO_FAMILY_FIELD_CHECK(field, defaultValue, low, high, unit, summary) \
    if (!isIn(family.field, low, high, Ends::Closed)) {                      \
        failRange({familyName, "." #field}, family.field, low, high, Ends::Closed);             \
    }
    NUNO_FAMILY_FIELDS(NUNO_FAMILY_FIELD_CHECK)
#undef NUNO_FAMILY_FIELD_CHECK
}

void validate(const ClothSettings& s) {
    // How many particles fit in memory is the cloth's to say (Cloth::memoryBytes).
#define NUNO_SETTING_CHECK(Type, field, key, defaultValue, low, high, ends, scope, unit, summary, note) \
    check(key, s.field, low, high, Ends::ends, s);
    NUNO_SETTINGS(NUNO_SETTING_CHECK)
#undef NUNO_SETTING_CHECK
    // A patch side divides the grid's, so the grid is whole patches.
    const auto requirePatchSide = [](const char* key, int patchSide, const char* gridKey, int gridSide) {
        if (patchSide == 0 || (patchSide >= 2 && patchSide <= gridSide && gridSide % patchSide == 0)) return;
        failInput(key, {"0 or an integer of at least 2 that divides ", gridKey, " (", gridSide, ")"}, {patchSide});
    };
    requirePatchSide("patchColumns", s.patchColumns, "columns", s.columns);
    requirePatchSide("patchRows", s.patchRows, "rows", s.rows);
    // Self-collision lists the pairs within twice the thickness: in a heap that is about
    // (2 thickness / spacing)^3 per particle, so the thickness is held to a few grid spacings.
    // Within a patch: a patch's share of the width over its own gaps (the grid's, for one patch).
    const auto spacingAlong = [](float size, int particles, int patchParticles) {
        if (patchParticles == 0) return size / static_cast<float>(particles - 1);
        return size * static_cast<float>(patchParticles) / static_cast<float>(particles) / static_cast<float>(patchParticles - 1);
    };
    const float spacing = std::min(spacingAlong(s.width, s.columns, s.patchColumns), spacingAlong(s.height, s.rows, s.patchRows));
    const float thickest = kMaxSelfCollisionSpacings * spacing;
    if (s.selfCollisionThickness > thickest) {
        failInput("selfCollisionThickness",
                  {"0 or at most ", kMaxSelfCollisionSpacings, " particle spacings of this grid (", thickest, " m)"},
                  {s.selfCollisionThickness});
    }
}

const std::vector<SettingInfo>& settingsSchema() {
    static const std::vector<SettingInfo> schema = buildSchema();
    return schema;
}

const std::vector<DocumentedSetting>& documentedSettingsSchema() {
    static const std::vector<DocumentedSetting> schema = buildDocumentedSchema();
    return schema;
}

std::size_t choiceIndex(std::string_view key, std::string_view name, const char* const* names, std::size_t count,
                        std::string_view alsoAllowed) {
    std::string quoted;
    for (std::size_t i = 0; i < count; ++i) {
        if (name == names[i]) return i;
        quoted.append(i == 0 ? "'" : ", '").append(names[i]).append("'");
    }
    failInput(key, {"one of ", quoted, alsoAllowed}, {"'", name, "'"});
}

const char* solverName(SolverKind solver) { return nameOf(solver); }
const char* orderingName(Ordering ordering) { return nameOf(ordering); }

}  // namespace nuno

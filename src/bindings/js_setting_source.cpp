#include "js_setting_source.hpp"

#include <stdexcept>

namespace nuno {
namespace {

using emscripten::val;

// Kinds are asked in ways that hold for a value made in another realm (an iframe's, a Node vm
// context's), which instanceof and embind's isArray (instanceof Array) tell apart from this one's.
bool isArray(const val& value) { return val::global("Array").call<bool>("isArray", value); }

// "Float32Array", "DataView", "Object"...: Object.prototype.toString's name for the value.
std::string kindOf(const val& value) {
    const std::string tag = val::global("Object")["prototype"]["toString"].call<std::string>("call", value);
    return tag.substr(8, tag.size() - 9);  // "[object Float32Array]"
}

// A value as an error shows it: numbers, strings (quoted, cut short), null, booleans and bigints
// as written in JS, anything else by its kind.
std::string shown(const val& value) {
    if (value.isNull()) return "null";
    if (value.isUndefined()) return "undefined";
    if (isArray(value)) return "an array";
    if (value.isNumber()) return showNumber(value.as<double>());
    if (value.isString()) {
        constexpr std::size_t kShownCharacters = 40;
        const std::string text = value.as<std::string>();
        std::string quoted = "'";
        quoted.append(text, 0, kShownCharacters).append(text.size() > kShownCharacters ? "...'" : "'");
        return quoted;
    }
    const std::string type = value.typeOf().as<std::string>();
    if (type == "boolean" || type == "bigint") {
        return val::global("String")(value).as<std::string>() + (type == "bigint" ? "n" : "");
    }
    if (type != "object") return "a " + type;
    // As web/arguments.js shows them: an array view by its kind.
    return val::global("ArrayBuffer").call<bool>("isView", value) ? "a " + kindOf(value) : "an object";
}

// How many elements a typed array holds by the engine's own count (0 once detached), which a
// subclass's `length` getter cannot change: %TypedArray%.prototype's length getter, called on it
// (it reads another realm's arrays too). The copy numbers() makes holds that many.
std::size_t typedArrayLength(const val& array) {
    const val object = val::global("Object");
    const val typedArrayPrototype = object.call<val>("getPrototypeOf", val::global("Float32Array")["prototype"]);
    const val lengthGetter = object.call<val>("getOwnPropertyDescriptor", typedArrayPrototype, val("length"))["get"];
    return static_cast<std::size_t>(lengthGetter.call<double>("call", array));
}

}  // namespace

JsSettingSource::NumberArray JsSettingSource::numberArray(const std::string& key) const {
    const val value = object_[key];
    const bool view = val::global("ArrayBuffer").call<bool>("isView", value);
    const std::string kind = view ? kindOf(value) : "";
    if (view && kind != "DataView") return {value, kind.rfind("Big", 0) != 0, typedArrayLength(value)};
    if (!isArray(value)) failInput({path_, key}, "an array of numbers", shown(value));
    // An array's own length, up to 2^32 - 1 however little it holds (new Array(3e8) holds nothing).
    return {value, false, static_cast<std::size_t>(value["length"].as<double>())};
}

JsSettingSource::JsSettingSource(val object, std::string_view what, std::string path)
    : object_(std::move(object)), path_(std::move(path)) {
    if (object_.isUndefined()) object_ = val::object();
    if (object_.isNull() || object_.typeOf().as<std::string>() != "object" || isArray(object_)) {
        failWith({what, " must be a plain object, got ", shown(object_)});
    }
}

std::vector<std::string> JsSettingSource::keys() const {
    std::vector<std::string> names;
    const val all = val::global("Object").call<val>("keys", object_);
    const int count = all["length"].as<int>();
    for (int i = 0; i < count; ++i) {
        const std::string key = all[i].as<std::string>();
        const val value = object_[key];
        if (!value.isUndefined()) names.push_back(key);
    }
    return names;
}

bool JsSettingSource::isText(const std::string& key) const { return object_[key].isString(); }

double JsSettingSource::number(const std::string& key) const {
    const val value = object_[key];
    if (!value.isNumber()) failInput({path_, key}, "a number", shown(value));
    return value.as<double>();
}

std::string JsSettingSource::text(const std::string& key) const {
    const val value = object_[key];
    if (!value.isString()) failInput({path_, key}, "a string", shown(value));
    return value.as<std::string>();
}

std::size_t JsSettingSource::length(const std::string& key) const { return numberArray(key).length; }

std::vector<double> JsSettingSource::numbers(const std::string& key) const {
    const NumberArray array = numberArray(key);
    // A detached array (transferred away) holds nothing, and reads as empty.
    if (array.length == 0) return {};
    // A typed array of numbers (any but the BigInt ones) holds numbers only: copied in one call
    // (createPatches hands over the poses of 262,144 particles this way, a mesh collider its
    // Uint32Array indices), where reading them one by one took four calls each.
    if (array.numbersOnly) {
        return emscripten::convertJSArrayToNumberVector<double>(val::global("Float64Array").new_(array.value));
    }
    std::vector<double> result;
    result.reserve(array.length);
    for (std::size_t i = 0; i < array.length; ++i) {
        const val element = array.value[i];
        if (!element.isNumber()) failInput({path_, key, "[", i, "]"}, "a number", shown(element));
        result.push_back(element.as<double>());
    }
    return result;
}

std::unique_ptr<SettingSource> JsSettingSource::child(const std::string& key) const {
    return std::make_unique<JsSettingSource>(object_[key], "'" + path_ + key + "'", path_ + key + ".");
}

}  // namespace nuno

// Settings read from a plain JS object, by the core's rules (see setting_source.hpp).
#pragma once

#include <emscripten/val.h>

#include "setting_source.hpp"

namespace nuno {

class JsSettingSource final : public SettingSource {
public:
    // Throws std::invalid_argument when the value is not a plain object; `what` names it.
    // path is put before every key an error names ("bending." for the bending family).
    JsSettingSource(emscripten::val object, std::string_view what, std::string path = "");

    std::vector<std::string> keys() const override;
    bool isText(const std::string& key) const override;
    double number(const std::string& key) const override;
    std::string text(const std::string& key) const override;
    std::vector<double> numbers(const std::string& key) const override;
    // A float or integer array's count is the engine's (what the copy holds), whatever a
    // subclass's `length` says; a plain array's is its declared length.
    std::size_t length(const std::string& key) const override;
    std::unique_ptr<SettingSource> child(const std::string& key) const override;

private:
    // The array of numbers under key as numbers() reads it: a plain array or a typed array other
    // than a DataView (anything else is refused naming the key); float arrays are copied in one call.
    struct NumberArray {
        emscripten::val value;
        bool numbersOnly;  // a typed array of numbers: copied whole
        std::size_t length;
    };
    NumberArray numberArray(const std::string& key) const;

    emscripten::val object_;
    std::string path_;
};

}  // namespace nuno

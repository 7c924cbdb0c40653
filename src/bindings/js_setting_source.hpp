// Settings read from a plain JS object, by the core's rules (see setting_source.hpp).
#pragma once

#include <emscripten/val.h>

#include "setting_source.hpp"

namespace nuno {

class JsSettingSource final : public SettingSource {
public:
    // Throws std::invalid_argument when the value is not a plain object; `what` names it.
    // path is put before every key an error names ("bending." for the bending family).
    JsSettingSource(emscripten::val object, const std::string& what, std::string path = "");

    std::vector<std::string> keys() const override;
    bool isText(const std::string& key) const override;
    double number(const std::string& key) const override;
    std::string text(const std::string& key) const override;
    std::vector<double> numbers(const std::string& key) const override;
    std::unique_ptr<SettingSource> child(const std::string& key) const override;

private:
    emscripten::val object_;
    std::string path_;
};

}  // namespace nuno

#!/usr/bin/env bash
# Installs what nuno's build, tests, benchmarks and demo need, and only what is missing:
# Debian packages (once: `apt-get update` only when something is to be installed) and the npm
# packages of package-lock.json (again only when the lock file changed). Safe to run repeatedly;
# `npm start`, `npm test` and `npm run bench` all begin with it.
set -euo pipefail
cd "$(dirname "$0")/.."

debian_packages=(
  cmake g++ make                     # native build
  libgtest-dev                       # native unit tests (GoogleTest)
  nlohmann-json3-dev                 # JSON scenarios for the native reference tools
  libglm-dev                         # vector maths in the core
  emscripten                         # the WebAssembly build
  binaryen                           # wasm-opt: the module optimised for size once more after the link
  clang libclang-rt-14-dev           # fuzzing (scripts/fuzz.sh): clang, libFuzzer and the ASan/UBSan runtimes
  chromium                           # browser tests (driven by Playwright)
  firefox-esr                        # Firefox tests (driven by puppeteer-core over WebDriver BiDi)
  webkit2gtk-driver                  # WebKit tests: WebKitWebDriver and the MiniBrowser
  xvfb xauth                         # virtual displays: Firefox and WebKit run headful (xvfb-run)
  python3                            # the hardware tier's server and launcher (tests/hardware/run.py)
  libvulkan1                         # the Vulkan loader Dawn (npm's webgpu) finds its adapter through: the hardware tier's Node run
)

missing=()
for package in "${debian_packages[@]}"; do
  if ! dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed"; then
    missing+=("$package")
  fi
done

if ((${#missing[@]})); then
  echo "setup: installing Debian packages: ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: run as root, or install them yourself: sudo apt-get install -y ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq "${missing[@]}" > /dev/null
fi

# npm packages: reinstall only when package-lock.json differs from what was installed last.
stamp=node_modules/.nuno-lock.sha256
wanted=$(sha256sum package-lock.json | cut -d' ' -f1)
if [[ ! -f $stamp || $(cat "$stamp") != "$wanted" ]]; then
  echo "setup: installing npm packages (npm ci)"
  npm ci --no-audit --no-fund --loglevel=error
  echo "$wanted" > "$stamp"
fi

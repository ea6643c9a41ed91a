#!/usr/bin/env bash
# What README command 2 sets up before it runs the tests (and .ci/run, which runs README command 2):
#
# 1. the system tools some tests drive, from Debian's archive:
#      chromium, chromium-driver  the catalogue in a headless browser (tests/test_catalog_browser.py)
#      g++                        CuTe's C++ MMA traits (atomgen oracle cute: sm70, int4, b1 and tcgen05 atoms)
#      llvm-22                    llc-22 compiles the generated ROCDL atoms' IR (tests/test_isa.py)
#    Installed with apt-get as root where one is missing. Not root, or no apt-get, or a package the archive
#    lacks: this says which tool is missing and goes on; the tests that need it skip, giving the reason.
# 2. the test environment: .venv with atomgen and its test extra (the flydsl 0.5.0 wheel, nvidia-cutlass-dsl,
#    lit, filecheck, ruff, mypy, ...), installed by uv (pinned): it unpacks and byte-compiles on every core.
#
# Run from anywhere: bash scripts/test-setup.sh
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
have() { command -v "$1" >/dev/null 2>&1; }
{ have chromium || have chromium-browser; } || missing+=(chromium)
have chromedriver || missing+=(chromium-driver)
{ have g++ || have c++ || { [ -n "${CXX:-}" ] && have "$CXX"; }; } || missing+=(g++)
[ -x /usr/lib/llvm-22/bin/llc ] && [ -x /usr/lib/llvm-22/bin/llvm-extract ] || missing+=(llvm-22)

if [ ${#missing[@]} -gt 0 ]; then
  if [ "$(id -u)" = 0 ] && have apt-get; then
    echo "test-setup: installing ${missing[*]} (apt-get)" >&2
    export DEBIAN_FRONTEND=noninteractive
    if ! { apt-get update -qq && apt-get install -y -qq "${missing[@]}" >/dev/null; }; then
      # one package the archive lacks must not cost the others
      for package in "${missing[@]}"; do
        apt-get install -y -qq "$package" >/dev/null || echo "test-setup: could not install $package" >&2
      done
    fi
  else
    echo "test-setup: not installing ${missing[*]} (needs root and apt-get; as root on Debian:" \
         "apt-get install ${missing[*]}): the tests that need them skip, saying why" >&2
  fi
fi

python3 -m venv .venv
.venv/bin/pip install -q uv==0.13.9
.venv/bin/uv pip install -q --python .venv/bin/python --compile-bytecode -e ".[test]"
# The wheel's flydsl.expr imports torch (the DSL tests and the kernel rung): its CPU build where this machine keeps
# one (a plain `torch` from the index is a CUDA build of several GB); elsewhere those tests skip, saying why.
torch_wheel=$(ls /opt/wheels/torch-2.13.0+cpu-cp3*.whl 2>/dev/null | head -1 || true)
if [ -n "$torch_wheel" ]; then
  .venv/bin/uv pip install -q --python .venv/bin/python "$torch_wheel" \
    || echo "test-setup: could not install $torch_wheel: the tests that import torch skip" >&2
else
  echo "test-setup: no CPU torch wheel in /opt/wheels: the tests that import torch skip" >&2
fi

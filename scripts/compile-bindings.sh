#!/usr/bin/env bash
# Compile the Python extension modules of a FlyDSL tree built by scripts/flydsl-build.sh or
# scripts/flydsl-nvvm-build.sh (syntax and semantics, no object code): those builds switch the Python
# bindings off (FLYDSL_FLY_OPT_ONLY), so without this the binding structs atomgen writes into
# lib/Bindings/Python/*Extension.cpp are never compiled.
#
#   scripts/compile-bindings.sh OUTDIR [FILE...]
#
# OUTDIR is the build script's output folder (OUTDIR/src: the tree with atomgen's regions,
# OUTDIR/build: its tablegen output). FILEs default to every lib/Bindings/Python/Fly*Extension.cpp
# that holds an atomgen region. The headers are Debian's MLIR 22 Python-binding headers and the
# nanobind release they are written against (NANOBIND, default 2.9.2, fetched from PyPI into
# ~/.cache/atomgen-nanobind once; nanobind 3 changed the detail API that MLIR 22's headers use).
# Writes OUTDIR/bindings.log and prints one line per file; exits 1 when any file fails.
set -euo pipefail

[ $# -ge 1 ] || { sed -n '2,13p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
OUTDIR=$(realpath "$1"); shift
SRC=$OUTDIR/src; BUILD=$OUTDIR/build
NANOBIND=${NANOBIND:-2.9.2}
CXX=${CXX:-clang++-22}
LLVM_INCLUDE=${LLVM_INCLUDE:-/usr/lib/llvm-22/include}
PY=$(command -v "${PYTHON:-python3}")
CACHE=${XDG_CACHE_HOME:-$HOME/.cache}/atomgen-nanobind/$NANOBIND

if [ ! -d "$CACHE/nanobind/include" ]; then
  mkdir -p "$CACHE"
  "$PY" -m pip download -q --no-deps "nanobind==$NANOBIND" -d "$CACHE" >/dev/null
  (cd "$CACHE" && "$PY" -m zipfile -e nanobind-"$NANOBIND"-*.whl .)
fi
PY_INCLUDE=$("$PY" -c 'import sysconfig; print(sysconfig.get_paths()["include"])')

if [ $# -eq 0 ]; then
  mapfile -t FILES < <(grep -l "atomgen:begin types" "$SRC"/lib/Bindings/Python/Fly*Extension.cpp)
else
  FILES=("$@")
fi
[ ${#FILES[@]} -gt 0 ] || { echo "compile-bindings: no extension file with an atomgen region under $SRC" >&2; exit 1; }

: >"$OUTDIR/bindings.log"
failed=0
for file in "${FILES[@]}"; do
  start=$(date +%s)
  if "$CXX" -std=c++17 -fsyntax-only -DMLIR_BINDINGS_PYTHON_DOMAIN=mlir \
      -I "$SRC/include" -I "$SRC/lib/Bindings/Python" -I "$BUILD/include" -I "$LLVM_INCLUDE" \
      -I "$CACHE/nanobind/include" -I "$CACHE/nanobind/ext/robin_map/include" -I "$PY_INCLUDE" \
      "$file" >>"$OUTDIR/bindings.log" 2>&1; then
    echo "compile-bindings: PASS ${file#"$SRC"/} ($(( $(date +%s) - start )) s)"
  else
    echo "compile-bindings: FAIL ${file#"$SRC"/} (log: $OUTDIR/bindings.log)"
    failed=1
  fi
done
exit $failed

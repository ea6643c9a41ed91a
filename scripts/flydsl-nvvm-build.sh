#!/usr/bin/env bash
# Build fly-opt of FlyDSL's NVIDIA branch (pr/nvvm-target, PR #976: the FlyNVVM dialect and
# --convert-fly-to-nvvm) against Debian's LLVM/MLIR 22, and run the branch's fly-to-nvvm lit tests,
# FlyDSL's tests/mlir suite and atomgen's generated PTX FileCheck files with it, once with the
# branch's three hand-written NVVM atoms (the baseline) and once with atomgen's generated ones
# (`atomgen gen specs/nvvm --into SRC --replace-handwritten`) in their place.
#
#   scripts/flydsl-nvvm-build.sh FLYDSL_CHECKOUT OUTDIR [--atoms handwritten|generated|codegen] [--ref REF] [--no-install] [-j N]
#
# --atoms codegen adopts the copy with `gen --into --codegen cmake` (specs/nvvm and hooks in the tree)
# and lets the branch's own configure and ninja generate the atoms into BUILD/atomgen, whose tests
# atomgen's lit run then uses (docs/adopt-flydsl.md).
# REF (default pr/nvvm-target, else origin/pr/nvvm-target) is checked out in a copy (OUTDIR/src);
# FLYDSL_CHECKOUT is never modified. The branch forks from FlyDSL main at c62159d0, before the LLVM
# bump 494b2cbd, so nothing is reverted. Both sides build FLYDSL_BACKENDS="rocdl;nvvm" with the
# branch's ROCDL atoms ported to LLVM 22.1.8 (scripts/flydsl/edit.py port-llvm22), so that only the
# NVVM atoms differ. Python bindings and runtimes (lib/Runtime/CUDA included) are off
# (FLYDSL_FLY_OPT_ONLY). OUTDIR receives src/, build/, lit/, results.tsv and summary.txt.
# FLYDSL_NVVM_BREAK='FILE|OLD|NEW' edits FILE of the copy (after gen) before the build: a deliberate
# regression, to show that the file covering it fails. The atomgen files run with llvm_api=llvm-22.1
# (specs/nvvm/backend.yaml llvm_gaps: what LLVM 22.1.8 cannot do is XFAIL there, with its evidence).
# See docs/evidence/nvvm-build.md.
set -euo pipefail

usage() { sed -n '2,20p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 2 ] || usage
CHECKOUT=$(realpath "$1"); OUTDIR=$(realpath -m "$2"); shift 2
ATOMS=handwritten; INSTALL=1; JOBS=2; REF=
while [ $# -gt 0 ]; do
  case "$1" in
    --atoms) ATOMS=$2; shift 2 ;;
    --ref) REF=$2; shift 2 ;;
    --no-install) INSTALL=0; shift ;;
    -j) JOBS=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "flydsl-nvvm-build: unknown argument '$1'" >&2; usage ;;
  esac
done
case "$ATOMS" in handwritten|generated|codegen) ;; *) echo "flydsl-nvvm-build: --atoms takes handwritten, generated or codegen" >&2; exit 2 ;; esac
[ -d "$CHECKOUT/.git" ] || [ -f "$CHECKOUT/.git" ] || { echo "flydsl-nvvm-build: $CHECKOUT is not a git checkout" >&2; exit 2; }
if [ -z "$REF" ]; then
  for r in pr/nvvm-target origin/pr/nvvm-target; do
    git -C "$CHECKOUT" rev-parse -q --verify "$r^{commit}" >/dev/null && { REF=$r; break; }
  done
  [ -n "$REF" ] || { echo "flydsl-nvvm-build: $CHECKOUT has no branch pr/nvvm-target (git fetch origin pr/nvvm-target)" >&2; exit 2; }
fi
COMMIT=$(git -C "$CHECKOUT" rev-parse "$REF^{commit}")

REPO=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-$REPO/.venv/bin/python}; [ -x "$PY" ] || PY=python3
LIT=$(dirname "$PY")/lit; [ -x "$LIT" ] || LIT=lit
"$PY" -c "import jinja2, yaml, lit" 2>/dev/null || {
  echo "flydsl-nvvm-build: $PY lacks atomgen's test dependencies (set PYTHON=/path/to/venv/bin/python)" >&2; exit 2; }
LLVM=/usr/lib/llvm-22
PACKAGES="mlir-22-tools libmlir-22-dev llvm-22-dev llvm-22-tools clang-22 lld-22 ccache libzstd-dev libedit-dev libcurl4-openssl-dev"
log() { printf '[flydsl-nvvm-build %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }
atomgen() { (cd "$REPO" && PYTHONPATH=$REPO "$PY" -m atomgen "$@"); }

if [ "$INSTALL" = 1 ]; then
  missing=$(for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
  if [ -n "$missing" ]; then
    log "installing Debian packages: $missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  fi
fi
command -v "$LLVM/bin/mlir-tblgen" >/dev/null || { echo "flydsl-nvvm-build: $LLVM/bin/mlir-tblgen missing (install mlir-22-tools)" >&2; exit 1; }

mkdir -p "$OUTDIR"
SRC=$OUTDIR/src BUILD=$OUTDIR/build
log "copying $CHECKOUT at $REF (${COMMIT:0:8}) to $SRC"
rm -rf "$SRC"
git clone -q --no-hardlinks "$CHECKOUT" "$SRC"
git -C "$SRC" checkout -q "$COMMIT"
log "switching off Python bindings and the runtimes (FLYDSL_FLY_OPT_ONLY)"
"$PY" "$REPO/scripts/flydsl/edit.py" cmake "$SRC"
log "porting the branch's ROCDL atoms to LLVM 22.1.8's ROCDL ops (both sides)"
"$PY" "$REPO/scripts/flydsl/edit.py" port-llvm22 "$SRC"
ATOMGEN_CMAKE=()
if [ "$ATOMS" != handwritten ]; then
  CODEGEN=()
  if [ "$ATOMS" = codegen ]; then
    CODEGEN=(--codegen cmake)
    ATOMGEN_CMAKE=(-DAtomGen_DIR="$(atomgen --cmake-dir)")
  fi
  log "atomgen gen specs/nvvm --into $SRC ${CODEGEN[*]} --replace-handwritten"
  atomgen gen specs/nvvm --into "$SRC" "${CODEGEN[@]}" --replace-handwritten >"$OUTDIR/adopt.log" 2>&1 \
    || { cat "$OUTDIR/adopt.log" >&2; echo "flydsl-nvvm-build: atomgen gen --into failed" >&2; exit 1; }
  log "  $(grep -c 'removed hand-written' "$OUTDIR/adopt.log") removals (log: $OUTDIR/adopt.log)"
fi
if [ -n "${FLYDSL_NVVM_BREAK:-}" ]; then
  # A deliberate regression in the build copy only (docs/evidence/nvvm-build.md): 'FILE|OLD|NEW', once.
  IFS='|' read -r bfile bold bnew <<<"$FLYDSL_NVVM_BREAK"
  "$PY" - "$SRC/$bfile" "$bold" "$bnew" <<'PYEOF'
import sys, pathlib
path, old, new = pathlib.Path(sys.argv[1]), sys.argv[2], sys.argv[3]
text = path.read_text()
assert text.count(old) >= 1, f"{path}: {old!r} not found"
path.write_text(text.replace(old, new, 1))
print(f"deliberate regression: {path}: {old!r} -> {new!r}")
PYEOF
fi

export PATH=$LLVM/bin:$PATH
export CCACHE_BASEDIR=$(dirname "$OUTDIR") CCACHE_NOHASHDIR=1 CCACHE_DIR=${CCACHE_DIR:-$(dirname "$OUTDIR")/ccache}
rm -rf "$BUILD"; mkdir -p "$BUILD"
started=$(date +%s)
log "configuring (FLYDSL_BACKENDS=rocdl;nvvm)"
cmake -G Ninja -S "$SRC" -B "$BUILD" -DMLIR_DIR=$LLVM/lib/cmake/mlir -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O0 -DNDEBUG" -DLLVM_USE_LINKER=lld -DCMAKE_C_COMPILER=clang-22 \
  -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DFLYDSL_FLY_OPT_ONLY=ON \
  "-DFLYDSL_BACKENDS=rocdl;nvvm" "${ATOMGEN_CMAKE[@]}" >"$OUTDIR/cmake.log" 2>&1 \
  || { tail -30 "$OUTDIR/cmake.log" >&2; exit 1; }
log "building fly-opt (log: $OUTDIR/ninja.log)"
if ! ninja -C "$BUILD" -k 0 -j "$JOBS" fly-opt >"$OUTDIR/ninja.log" 2>&1; then
  grep -m 40 -E 'error:' "$OUTDIR/ninja.log" >&2 || tail -40 "$OUTDIR/ninja.log" >&2
  echo "flydsl-nvvm-build: fly-opt did not build" >&2; exit 1
fi
FLY_OPT=$BUILD/bin/fly-opt
echo "$(( $(date +%s) - started ))" >"$OUTDIR/build-seconds"
log "fly-opt built in $(cat "$OUTDIR/build-seconds") s"

mkdir -p "$OUTDIR/lit"
"$PY" "$REPO/scripts/flydsl/edit.py" lit-config "$OUTDIR/lit/lit.cfg.py" "$SRC/tests/mlir" "$FLY_OPT" "$LLVM/bin/FileCheck"
log "running FlyDSL's tests/mlir (the branch's fly-to-nvvm files among them)"
"$LIT" -v --no-progress-bar "$OUTDIR/lit" >"$OUTDIR/flydsl-lit.log" 2>&1 || true
log "running atomgen's generated PTX FileCheck files against this fly-opt"
if [ "$ATOMS" = codegen ]; then
  GEN=$BUILD/atomgen   # written by the build itself
else
  GEN=$OUTDIR/atomgen-tests
  rm -rf "$GEN"
  atomgen gen specs/nvvm --out "$GEN" --only owned --quiet
fi
"$LIT" -v --no-progress-bar "$REPO/tests" \
  --param atomgen_tests="$GEN/tests/mlir" --param fly_opt="$FLY_OPT" --param filecheck="$LLVM/bin/FileCheck" \
  --param atoms="${ATOMS/codegen/generated}" --param fly_nvvm=1 --param llvm_api=llvm-22.1 >"$OUTDIR/atomgen-lit.log" 2>&1 || true
"$PY" "$REPO/scripts/flydsl/edit.py" table "$OUTDIR" "$ATOMS" "${COMMIT:0:8}"
# The branch's tests/unit/test_cuda_backend.py from its python/ sources: what runs without FlyDSL's Python
# bindings (flydsl._mlir, which Debian's MLIR cannot build) runs; the rest fails on that import, named in the log.
log "running the branch's tests/unit/test_cuda_backend.py (no bindings)"
(cd "$SRC" && PYTHONPATH=$SRC/python "$PY" -m pytest -q -rf -p no:cacheprovider tests/unit/test_cuda_backend.py) \
  >"$OUTDIR/cuda-unit.log" 2>&1 || true
echo "test_cuda_backend.py: $(tail -1 "$OUTDIR/cuda-unit.log" | tr -d '=' | sed 's/^ *//; s/ *$//')" >>"$OUTDIR/summary.txt"
cat "$OUTDIR/summary.txt"

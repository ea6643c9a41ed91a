#!/usr/bin/env bash
# Build FlyDSL's fly-opt against Debian's LLVM/MLIR 22 and run FlyDSL's own lit suite and atomgen's
# generated FileCheck tests with it, once with FlyDSL's hand-written atoms (the baseline) and once
# with atomgen's generated atoms in their place.
#
#   scripts/flydsl-build.sh FLYDSL_CHECKOUT OUTDIR [--atoms handwritten|generated|codegen] [--no-install] [-j N]
#
# --atoms codegen (the mode docs/adopt-flydsl.md teaches): the copy is adopted once with
# `gen --into --codegen cmake` (specs/ and hooks in the tree, no generated code) and FlyDSL's own
# configure and ninja generate the atoms into BUILD/atomgen; atomgen's tests are the ones that
# build wrote. --atoms generated commits the generated files into the tree (`gen --into`).
# Python: $PYTHON, else the repository's .venv (README), with atomgen's test extra installed.
# FLYDSL_CHECKOUT is a git checkout of ROCm/FlyDSL (never modified: the script works on a copy in
# OUTDIR/src). OUTDIR receives src/, build/, lit/, results.tsv (one row per test file) and
# summary.txt. Nothing is downloaded except the Debian packages below (apt-get). Objects are
# shared between runs through ccache (CCACHE_BASEDIR=OUTDIR's parent, so two OUTDIRs side by side
# share hits). See docs/adopt-flydsl.md and docs/evidence/real-build.md.
set -euo pipefail

usage() { sed -n '2,14p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
[ $# -ge 2 ] || usage
CHECKOUT=$(realpath "$1"); OUTDIR=$(realpath -m "$2"); shift 2
ATOMS=handwritten; INSTALL=1; JOBS=2
while [ $# -gt 0 ]; do
  case "$1" in
    --atoms) ATOMS=$2; shift 2 ;;
    --no-install) INSTALL=0; shift ;;
    -j) JOBS=$2; shift 2 ;;
    -h|--help) usage ;;
    *) echo "flydsl-build: unknown argument '$1'" >&2; usage ;;
  esac
done
case "$ATOMS" in handwritten|generated|codegen) ;; *) echo "flydsl-build: --atoms takes handwritten, generated or codegen" >&2; exit 2 ;; esac
[ -d "$CHECKOUT/.git" ] || [ -f "$CHECKOUT/.git" ] || { echo "flydsl-build: $CHECKOUT is not a git checkout" >&2; exit 2; }

REPO=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-$REPO/.venv/bin/python}; [ -x "$PY" ] || PY=python3
LIT=$(dirname "$PY")/lit; [ -x "$LIT" ] || LIT=lit
# atomgen and lit must be importable by that interpreter (README: pip install -e ".[test]").
"$PY" -c "import jinja2, yaml, lit" 2>/dev/null || {
  echo "flydsl-build: $PY lacks atomgen's test dependencies (set PYTHON=/path/to/venv/bin/python)" >&2; exit 2; }
LLVM=/usr/lib/llvm-22
REVERT=494b2cbd   # FlyDSL PR #945: the bump to a ROCm LLVM that Debian's 22.1.8 predates
PACKAGES="mlir-22-tools libmlir-22-dev llvm-22-dev llvm-22-tools clang-22 lld-22 ccache libzstd-dev libedit-dev libcurl4-openssl-dev"
log() { printf '[flydsl-build %s] %s\n' "$(date -u +%H:%M:%S)" "$*"; }

if [ "$INSTALL" = 1 ]; then
  missing=$(for p in $PACKAGES; do dpkg -s "$p" >/dev/null 2>&1 || echo "$p"; done)
  if [ -n "$missing" ]; then
    log "installing Debian packages: $missing"
    apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $missing >/dev/null
  fi
fi
command -v "$LLVM/bin/mlir-tblgen" >/dev/null || { echo "flydsl-build: $LLVM/bin/mlir-tblgen missing (install mlir-22-tools)" >&2; exit 1; }

mkdir -p "$OUTDIR"
SRC=$OUTDIR/src BUILD=$OUTDIR/build
log "copying $CHECKOUT ($(git -C "$CHECKOUT" rev-parse --short=8 HEAD)) to $SRC"
rm -rf "$SRC"
git clone -q --no-hardlinks "$CHECKOUT" "$SRC"
git -C "$SRC" checkout -q "$(git -C "$CHECKOUT" rev-parse HEAD)"
log "reverting $REVERT"
if ! git -C "$SRC" -c user.name=flydsl-build -c user.email=flydsl-build@localhost revert --no-commit "$REVERT" >/dev/null 2>&1; then
  # The only conflict at 11c4174d is a CI workflow; keep HEAD's copy of every conflicted file there.
  conflicted=$(git -C "$SRC" diff --name-only --diff-filter=U)
  for f in $conflicted; do
    case "$f" in .github/*) git -C "$SRC" checkout -q HEAD -- "$f" ;; *) echo "flydsl-build: revert conflict in $f" >&2; exit 1 ;; esac
  done
fi
log "switching off Python bindings and the HIP runtime (FLYDSL_FLY_OPT_ONLY)"
"$PY" "$REPO/scripts/flydsl/edit.py" cmake "$SRC"
if [ "$ATOMS" = handwritten ]; then
  log "porting the hand-written atoms to LLVM 22.1.8's ROCDL ops"
  "$PY" "$REPO/scripts/flydsl/edit.py" port-llvm22 "$SRC"
else
  CODEGEN=()
  if [ "$ATOMS" = codegen ]; then
    CODEGEN=(--codegen cmake)
    # The LLVM 22 preparation above as a commit of its own, so that the status below is the adoption's alone.
    git -C "$SRC" add -A
    git -C "$SRC" -c user.name=flydsl-build -c user.email=flydsl-build@localhost commit -qm "flydsl-build: LLVM 22.1.8 preparation"
  fi
  log "atomgen gen specs/rocdl --into $SRC ${CODEGEN[*]} --replace-handwritten --llvm-api llvm-22.1"
  (cd "$REPO" && PYTHONPATH=$REPO "$PY" -m atomgen gen specs/rocdl --into "$SRC" "${CODEGEN[@]}" --replace-handwritten --llvm-api llvm-22.1) 2>&1 | sed 's/^/  /'
  [ "${PIPESTATUS[0]}" = 0 ] || { echo "flydsl-build: atomgen gen --into failed" >&2; exit 1; }
  if [ "$ATOMS" = codegen ]; then
    # What a maintainer commits: the specs and the hooks, never generated code.
    git -C "$SRC" add -A && git -C "$SRC" status --short >"$OUTDIR/adopt-status.txt"
    git -C "$SRC" -c user.name=flydsl-build -c user.email=flydsl-build@localhost commit -qm "atomgen codegen adoption"
  fi
fi
ATOMGEN_CMAKE=()
[ "$ATOMS" = codegen ] && ATOMGEN_CMAKE=(-DAtomGen_DIR="$(PYTHONPATH=$REPO "$PY" -m atomgen --cmake-dir)")

export PATH=$LLVM/bin:$PATH
export CCACHE_BASEDIR=$(dirname "$OUTDIR") CCACHE_NOHASHDIR=1 CCACHE_DIR=${CCACHE_DIR:-$(dirname "$OUTDIR")/ccache}
rm -rf "$BUILD"; mkdir -p "$BUILD"   # a fresh build every run: the time is what ccache leaves to do
started=$(date +%s)
log "configuring"
cmake -G Ninja -S "$SRC" -B "$BUILD" -DMLIR_DIR=$LLVM/lib/cmake/mlir -DCMAKE_BUILD_TYPE=Release \
  -DCMAKE_CXX_FLAGS_RELEASE="-O0 -DNDEBUG" -DLLVM_USE_LINKER=lld -DCMAKE_C_COMPILER=clang-22 \
  -DCMAKE_CXX_COMPILER=clang++-22 -DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DFLYDSL_FLY_OPT_ONLY=ON "${ATOMGEN_CMAKE[@]}" \
  >"$OUTDIR/cmake.log" 2>&1 \
  || { tail -30 "$OUTDIR/cmake.log" >&2; exit 1; }
log "building fly-opt (log: $OUTDIR/ninja.log)"
if ! ninja -C "$BUILD" -k 0 -j "$JOBS" fly-opt >"$OUTDIR/ninja.log" 2>&1; then
  grep -m 40 -E 'error:' "$OUTDIR/ninja.log" >&2 || tail -40 "$OUTDIR/ninja.log" >&2
  echo "flydsl-build: fly-opt did not build" >&2; exit 1
fi
FLY_OPT=$BUILD/bin/fly-opt
echo "$(( $(date +%s) - started ))" >"$OUTDIR/build-seconds"
log "fly-opt built in $(cat "$OUTDIR/build-seconds") s ($(ccache -s 2>/dev/null | grep -iE 'hits' | head -1 | tr -s ' '))"

# FlyDSL ships no lit configuration for tests/mlir (its runner is scripts/run_tests.sh): write one.
mkdir -p "$OUTDIR/lit"
"$PY" "$REPO/scripts/flydsl/edit.py" lit-config "$OUTDIR/lit/lit.cfg.py" "$SRC/tests/mlir" "$FLY_OPT" "$LLVM/bin/FileCheck"
log "running FlyDSL's lit suite"
"$LIT" -v --no-progress-bar --xunit-xml-output "$OUTDIR/flydsl.xml" "$OUTDIR/lit" >"$OUTDIR/flydsl-lit.log" 2>&1 || true
log "running atomgen's generated tests against this fly-opt"
if [ "$ATOMS" = codegen ]; then
  GEN=$BUILD/atomgen   # the build wrote them, for the profile its atomgen_generate call names
else
  GEN=$OUTDIR/atomgen-tests
  rm -rf "$GEN"
  # Rendered for the LLVM this fly-opt is built against (how ops print depends on it).
  (cd "$REPO" && PYTHONPATH=$REPO "$PY" -m atomgen gen specs/rocdl --out "$GEN" --only owned --quiet --llvm-api llvm-22.1)
fi
"$LIT" -v --no-progress-bar --xunit-xml-output "$OUTDIR/atomgen.xml" "$REPO/tests" \
  --param atomgen_tests="$GEN/tests/mlir" --param fly_opt="$FLY_OPT" --param filecheck="$LLVM/bin/FileCheck" \
  --param atoms="${ATOMS/codegen/generated}" --param fly_nvvm=0 --param llvm_api=llvm-22.1 \
  >"$OUTDIR/atomgen-lit.log" 2>&1 || true
if [ "$ATOMS" != handwritten ]; then
  # The ISA rung: the generated atoms lowered by this fly-opt, through llc-22 for every claimed chip.
  log "ISA rung: scripts/rocdl-isa.py (llc-22 on every instance x chip)"
  "$PY" "$REPO/scripts/rocdl-isa.py" --fly-opt "$FLY_OPT" --ir "$OUTDIR/isa" --report "$OUTDIR/rocdl-isa.md" \
    >"$OUTDIR/rocdl-isa.log" 2>&1 || true
  tail -1 "$OUTDIR/rocdl-isa.log" | sed 's/^/  /'
fi
"$PY" "$REPO/scripts/flydsl/edit.py" table "$OUTDIR" "$ATOMS" "$(git -C "$CHECKOUT" rev-parse --short=8 HEAD)"
cat "$OUTDIR/summary.txt"

#!/usr/bin/env bash
# Deliberate regressions of the generated C++ in a real build (issue 48): does a wrong call fail a gate
# other than check? Each edit is made to the generated atom in a FlyDSL tree that scripts/flydsl-build.sh
# built with `--atoms generated`, fly-opt is rebuilt (ccache: seconds), and two gates run against it:
# the generated FileCheck test of the atom (lit, the tests rendered for LLVM 22.1.8) and the ISA rung
# (scripts/rocdl-isa.py: every instance through llc-22, the modifiers expected from the bound call).
# The tree is restored and rebuilt at the end.
#
#   scripts/call-regression.sh OUTDIR      (OUTDIR: what `flydsl-build.sh ... OUTDIR --atoms generated` made)
#
# Writes OUTDIR/regression/summary.tsv: edit, lit verdict of the atom's test file, ISA rung counts.
set -euo pipefail
[ $# -eq 1 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
OUTDIR=$(realpath "$1")
REPO=$(cd "$(dirname "$0")/.." && pwd)
PY=${PYTHON:-$REPO/.venv/bin/python}
LIT=$(dirname "$PY")/lit
LLVM=/usr/lib/llvm-22
export PATH=$LLVM/bin:$PATH
export CCACHE_BASEDIR=$(dirname "$OUTDIR") CCACHE_NOHASHDIR=1 CCACHE_DIR=${CCACHE_DIR:-$(dirname "$OUTDIR")/ccache}
SRC=$OUTDIR/src BUILD=$OUTDIR/build FLY_OPT=$OUTDIR/build/bin/fly-opt GEN=$OUTDIR/atomgen-tests
[ -x "$FLY_OPT" ] && [ -d "$GEN/tests/mlir" ] || { echo "call-regression: $OUTDIR is no --atoms generated build" >&2; exit 2; }
WORK=$OUTDIR/regression
mkdir -p "$WORK"
printf 'edit\tgenerated test\tISA rung\n' >"$WORK/summary.tsv"

# name | file under SRC | the call as generated | the call as the regression writes it | the atom's test file
EDITS=(
  "signs swapped (gfx120x iu8)|lib/Dialect/FlyROCDL/GFX120X/MmaOpGFX120X_WMMA.cpp|wmma_i32_16x16x16_iu8::create(builder, loc, accTy, signA, a, signB, b, c, clamp)|wmma_i32_16x16x16_iu8::create(builder, loc, accTy, signB, a, signA, b, c, clamp)|gfx120x_wmma.mlir"
  "clamp dropped (gfx120x iu8)|lib/Dialect/FlyROCDL/GFX120X/MmaOpGFX120X_WMMA.cpp|wmma_i32_16x16x16_iu8::create(builder, loc, accTy, signA, a, signB, b, c, clamp)|wmma_i32_16x16x16_iu8::create(builder, loc, accTy, signA, a, signB, b, c, false)|gfx120x_wmma.mlir"
)

run_gates() {  # $1: label, $2: the atom's test file
  local label=$1 test=$2 verdict rung
  ninja -C "$BUILD" -j 2 fly-opt >"$WORK/ninja.log" 2>&1 || { echo "call-regression: fly-opt did not build" >&2; exit 1; }
  "$LIT" -v --no-progress-bar "$REPO/tests" --filter "${test%.mlir}\.mlir" \
    --param atomgen_tests="$GEN/tests/mlir" --param fly_opt="$FLY_OPT" --param filecheck="$LLVM/bin/FileCheck" \
    --param atoms=generated --param fly_nvvm=0 --param llvm_api=llvm-22.1 >"$WORK/$label.lit.log" 2>&1 || true
  verdict=$(grep -oE '^(PASS|FAIL|XFAIL|XPASS|UNRESOLVED): [^ ]+ :: [^ ]*'"$test" "$WORK/$label.lit.log" | head -1 | cut -d: -f1)
  "$PY" "$REPO/scripts/rocdl-isa.py" --fly-opt "$FLY_OPT" --ir "$WORK/$label.ir" --report "$WORK/$label.isa.md" \
    >"$WORK/$label.isa.log" 2>&1 || true
  rung=$(grep -E '^\| (fail|pass|not lowered|not selected) \|' "$WORK/$label.isa.md" | tr -d '|' | tr -s ' ' | paste -sd, -)
  rung="$rung; $(grep -m 1 '^rocdl-isa: FAIL' "$WORK/$label.isa.log" || true)"
  printf '%s\t%s\t%s\n' "$label" "${verdict:-none}" "$rung" >>"$WORK/summary.tsv"
  echo "[call-regression] $label: $test ${verdict:-none}; ISA rung: $rung"
}

for edit in "${EDITS[@]}"; do
  IFS='|' read -r name file before after test <<<"$edit"
  target=$SRC/$file
  grep -qF "$before" "$target" || { echo "call-regression: '$before' not in $file" >&2; exit 1; }
  cp "$target" "$WORK/original.cpp"
  "$PY" - "$target" "$before" "$after" <<'EOF'
import sys
path, before, after = sys.argv[1:]
text = open(path, encoding="utf-8").read()
open(path, "w", encoding="utf-8").write(text.replace(before, after, 1))
EOF
  run_gates "$(echo "$name" | sed 's/[^A-Za-z0-9]/_/g')" "$test"
  cp "$WORK/original.cpp" "$target"
done
run_gates restored "${test:-gfx120x_wmma.mlir}"
cat "$WORK/summary.tsv"

#!/usr/bin/env bash
# Assemble lowered PTX atoms with NVIDIA's ptxas, on the CPU, and count the SASS instructions that match.
#
#   scripts/ptxas-atoms.sh DIR ARCH PATTERN [FILE.ptx ...]
#
# DIR holds the PTX files of scripts/lower-atoms.py (default: every *.ptx in it). Each file is assembled
# as relocatable code (`ptxas -c`, so that no uncalled function is dropped) for ARCH (sm_100a, sm_90a),
# then disassembled (cuobjdump -sass); the count of SASS lines matching PATTERN (grep -E) is printed
# beside the count of `.visible .func` the file defines. The ptxas is the one the `triton` wheel
# ships (ptxas-blackwell for sm_100a and later, as Triton uses it), so no CUDA install is needed:
# PTX that this ptxas rejects is PTX no NVIDIA driver would load.
set -euo pipefail
[ $# -ge 3 ] || { sed -n '2,11p' "$0" | sed 's/^# \{0,1\}//'; exit 2; }
DIR=$1; ARCH=$2; PATTERN=$3; shift 3
PYTHON=${PYTHON:-python3}
BIN=$("$PYTHON" -c 'import pathlib, triton; print(pathlib.Path(triton.__file__).parent / "backends/nvidia/bin")')
PTXAS="$BIN/ptxas"
case "$ARCH" in sm_1[0-9][0-9]*) [ -x "$BIN/ptxas-blackwell" ] && PTXAS="$BIN/ptxas-blackwell" ;; esac
"$PTXAS" --version | tail -1
FILES=("$@"); [ ${#FILES[@]} -gt 0 ] || FILES=("$DIR"/*.ptx)
WORK=$(mktemp -d); trap 'rm -rf "$WORK"' EXIT
status=0
for file in "${FILES[@]}"; do
  name=$(basename "$file" .ptx)
  functions=$(grep -c '^\.visible \.func' "$file" || true)
  if "$PTXAS" -c -arch="$ARCH" "$file" -o "$WORK/$name.o" 2> "$WORK/$name.err"; then
    matched=$("$BIN/cuobjdump" -sass "$WORK/$name.o" | grep -cE "$PATTERN" || true)
    echo "ASSEMBLED $name: $functions functions, $matched SASS lines match '$PATTERN'"
  else
    echo "REJECTED $name: $(head -c 400 "$WORK/$name.err")"; status=1
  fi
done
exit $status

"""What FlyDSL 0.5.0 (the wheel the generated tests run against) gets wrong, per atom."""

from __future__ import annotations

# FlyDSL 0.5.0 (the wheel the generated tests run against) accepts these rejected
# configurations, or cannot lower these instances. Keyed by mnemonic, then case / instance id.
# A spec may add its own under `tests: {flydsl_accepts: {case: reason}, flydsl_cannot_lower:
# {instance: reason}}`. Every entry is listed in docs/evidence/xfail.md.
CDNA3_MFMA_NO_TABLE = (
    "FlyDSL's cdna3.mfma verify() has no instruction-table check: any m == n, any k and any "
    "A/B in {f16, bf16, f32, fp8} are accepted (the failure only shows up at lowering)"
)
NO_VERIFY = "FlyDSL's {mnemonic} has no verify(): every parameter value is accepted"
MFMA_ASSERT = (
    "FlyDSL's cdna3.mfma verify() asserts m == n before it can diagnose, so the assertions-enabled "
    "wheel aborts the process at parse time instead of reporting an error"
)
FLYDSL_ACCEPTS: dict[str, dict[str, str]] = {
    "cdna3.mfma": {
        "table:m=64": MFMA_ASSERT,
        "table:n=64": MFMA_ASSERT,
        "table:k=4": CDNA3_MFMA_NO_TABLE + " (32x32x4 f32 is accepted, then fails to lower)",
        "table:elemTyA=f16": "FlyDSL's cdna3.mfma verify() checks A and B independently: (f16, f32) is accepted",
        "table:elemTyB=f16": "FlyDSL's cdna3.mfma verify() checks A and B independently: (f32, f16) is accepted",
    },
    "cdna3.buffer_copy": {
        "table:bitSize=9": NO_VERIFY.format(mnemonic="cdna3.buffer_copy") + " (buffer_copy<9> lowers to an i9 load)",
        "free:cacheModifier=32": NO_VERIFY.format(mnemonic="cdna3.buffer_copy")
        + " (cacheModifier is not range-checked)",
    },
    "cdna3.buffer_atomic": {
        "table:atomicOp=min": NO_VERIFY.format(mnemonic="cdna3.buffer_atomic")
        + " ((min, f32) is accepted and fails only at lowering)",
        "table:atomicOp=max": NO_VERIFY.format(mnemonic="cdna3.buffer_atomic")
        + " ((max, f32) is accepted and lowered to an f32 buffer fmax, which gfx942/gfx950 have no instruction for)",
        "table:valType=f16": NO_VERIFY.format(mnemonic="cdna3.buffer_atomic")
        + " ((add, f16) is accepted; FlyDSL would lower it to a scalar f16 fadd the spec does not list)",
    },
    "gfx1250.tdm": {
        "free:cacheModifier=32": "FlyDSL's gfx1250.tdm verify() does not range-check cacheModifier",
    },
    "gfx1250.wmma_scale": {
        "free:modC=4": "FlyDSL's gfx1250.wmma_scale verify() accepts modC up to 65535 "
        "(the intrinsic's C modifier is a 2-bit field)",
    },
}
FLYDSL_CANNOT_LOWER: dict[str, dict[str, str]] = {}

"""The catalogue of check rules: stable ids, and what `atomgen explain ID` prints."""

from __future__ import annotations

from atomgen.check import sparse
from atomgen.check.rule import Rule

RULES: tuple[Rule, ...] = (
    Rule(
        "AG001",
        "yaml-syntax",
        "The spec is not valid YAML.",
        "Nothing downstream can be trusted if the file does not parse; the position points at the problem.",
        "threads: [64",
        "Close the bracket: `threads: 64`.",
    ),
    Rule(
        "AG002",
        "yaml-alias",
        "YAML aliases are refused.",
        "Aliases let a few hundred bytes expand into gigabytes (the 'billion laughs' bomb); specs are untrusted input.",
        "a: &x [1, 2]\nb: *x",
        "Write the value out in each place.",
    ),
    Rule(
        "AG003",
        "file-too-large",
        "The spec is over the size limit (1 MiB) or has too many nodes.",
        "A spec describes one atom; a huge file is a mistake or an attack, and would stall a pre-commit hook.",
        "(a 10 MB file)",
        "Split the file or remove the generated bulk.",
    ),
    Rule(
        "AG004",
        "duplicate-key",
        "A mapping repeats a key.",
        "YAML loaders silently keep the last value, so the first one is dead text that reviewers still read.",
        "threads: 64\nthreads: 32",
        "Keep one key.",
    ),
    Rule(
        "AG005",
        "not-a-spec",
        "The file cannot be read as a spec (unreadable, not UTF-8, empty, non-string keys).",
        "Every later stage needs a mapping of named fields.",
        "(an empty file)",
        "Start from `atomgen new`.",
    ),
    Rule(
        "AG006",
        "yaml-tag",
        "A YAML tag outside the core schema (!!str, !!int, !!float, !!bool, !!null, !!map, !!seq), or a core "
        "tag whose text does not fit it.",
        "Other tags (!!python/object, !!timestamp, !!binary, !!set, local !tags) build values a spec has no use "
        "for, and in other loaders run code; a mis-tagged value (`!!bool maybe`) is a typo to point at.",
        "threads: !!timestamp 2024-01-01",
        "Write the plain value: `threads: 64`.",
    ),
    Rule(
        "AG007",
        "control-character",
        "A string holds a control character other than newline, a Unicode line or paragraph separator, or a "
        "bidirectional override.",
        "Spec text is pasted into generated comments, strings and docstrings: a CR or U+2028 ends a line for some "
        "tools, NUL breaks Python, and bidi overrides make reviewers read other code than compilers do.",
        'summary: "fast\\rpath"',
        "Use printable text; newlines are fine in free text.",
    ),
    Rule(
        "AG010",
        "unfilled",
        "A scaffold placeholder `TODO` is still in the spec.",
        "`atomgen new` writes TODO where only you know the answer; check reports each one so nothing is guessed.",
        "intrinsic: TODO",
        "Replace it with the real value, e.g. `intrinsic: rocdl.mfma.f32.16x16x16f16`.",
    ),
    Rule(
        "AG101",
        "schema",
        "The spec does not match schema/atom.schema.json.",
        "The schema is the contract between spec authors and the generator; editors validate against it too.",
        "kind: matmul",
        "Use one of the allowed values (`mma` or `copy`); `atomgen schema` prints the schema.",
    ),
    Rule(
        "AG105",
        "backend-file",
        "specs/<backend>/backend.yaml is missing or incomplete.",
        "State-field enum cases and dialect names come from the backend description.",
        "(a spec under specs/rocdl/ with no specs/rocdl/backend.yaml)",
        "Add the backend file (`atomgen new backend NAME`).",
    ),
    Rule(
        "AG106",
        "project-catalogue",
        "The project intrinsic catalogue (specs/<backend>/intrinsics.yaml) is invalid.",
        "A project catalogue extends the shipped one; a broken file must not silently drop the intrinsics a spec "
        "relies on.",
        "intrinsics:\n  rocdl.mfma.f64.16x16x4f64: {op_class: mfma_f64_16x16x4f64}   # no subtargets, no source",
        "Run `atomgen check specs/<backend>/intrinsics.yaml` and fix what it reports (schema/catalog.schema.json).",
    ),
    Rule(
        "AG107",
        "no-test-builder",
        "The backend declares no test_builder, so its atoms get no FileCheck tests (a warning).",
        "Generated tests are how a new atom is exercised through the real pipeline; a backend that silently gets "
        "none looks tested and is not.",
        "backend.yaml without `test_builder:`",
        "Declare `test_builder: rocdl` or `ptx` (the IR idioms the tests use), or `none` to say there are none.",
    ),
    Rule(
        "AG201",
        "expr-syntax",
        "An expression does not parse in atomgen's grammar.",
        "Specs are untrusted: only integers, names, + - * / %, parentheses, min and max are allowed, never Python.",
        "let: {G: \"__import__('os')\"}",
        "Write arithmetic over instance variables: `G: 64 / m`.",
    ),
    Rule(
        "AG202",
        "unknown-name",
        "An expression names something that is not an instance variable.",
        "A misspelt name would otherwise silently evaluate to something else.",
        'a: "((mm, G), KPT) : ((1, m*KPT), m)"',
        "Use a parameter, `<Type>_bits`, `threads` or a `let` name.",
    ),
    Rule(
        "AG203",
        "inexact-division",
        "A division is not exact (or divides by zero) for some instance.",
        "Layouts are integer arithmetic; C++ would truncate silently and build a layout that misses elements.",
        "let: {KPT: k / 3}",
        "Fix the formula or the instance; the message names the instance that breaks it.",
    ),
    Rule(
        "AG301",
        "layout-rank",
        "A thread/value layout is not rank 2 (thr, val), or an operand layout is missing.",
        "FlyDSL reads mode 0 as threads and mode 1 as values; any other rank is misread.",
        'a: "(16, 4, 4) : (1, 16, 64)"',
        "Group modes: `((16, 4), 4) : ((1, 64), 16)`.",
    ),
    Rule(
        "AG302",
        "zero-mode",
        "A layout has a mode of size 0 (or a negative stride).",
        "A zero-size mode makes the whole operand empty: it compiles and moves nothing.",
        'a: "((16, 0), 4) : ((1, 64), 16)"',
        "Give every mode a positive size.",
    ),
    Rule(
        "AG303",
        "congruence",
        "Shape and stride of a layout have different nesting.",
        "Each shape mode needs exactly one stride; a mismatch is unevaluable.",
        'a: "((16, 4), 4) : (1, 16)"',
        "Make the stride tuple mirror the shape tuple.",
    ),
    Rule(
        "AG304",
        "layout-syntax",
        "A layout string does not parse as CuTe `shape : stride`.",
        "The layout is the most important fact in a spec; it must be read exactly.",
        'a: "((16,4),4) ((1,64),16)"',
        "Separate shape and stride with ':'.",
    ),
    Rule(
        "AG305",
        "over-limit",
        "A layout is over a checking limit: more than 16 Mi points in one operand, more enumeration than a spec's "
        "budget of 4 Mi points, or a value outside the 64-bit range.",
        "Coverage is decided exactly; without limits one hostile extent stalls `check` for minutes or exhausts "
        "memory. Compact layouts are decided from their modes at any size; only the others are enumerated.",
        'a: "((16, 4), 4000000000) : ((1, 64), 16)"',
        "Describe the real instruction: its tiles are far below these limits.",
    ),
    Rule(
        "AG311",
        "thread-count",
        "A layout's thread mode does not have the atom's thread count.",
        "An atom issued by 64 lanes with a 32-thread layout leaves half the wave without data.",
        'threads: 64\nlayouts: {a: "((16, 2), 4) : ((1, 64), 16)"}',
        "Make |thr| equal `threads`.",
    ),
    Rule(
        "AG321",
        "not-injective",
        "Two (thr, val) pairs map to the same tile element (or copy bit).",
        "For C/D that is two registers writing one output: a silent race that computes garbage.",
        'c: "((16, 4), 4) : ((1, 16), 0)"',
        "Fix the strides so each element has one owner, or declare replication for A/B.",
    ),
    Rule(
        "AG322",
        "not-surjective",
        "The layout misses tile elements or maps outside the tile.",
        "An element nobody holds is never loaded or stored; one outside the tile reads a neighbour's data.",
        'a: "((16, 4), 4) : ((1, 64), 17)"  # (thr=61, val=3) lands on 256, outside 16x16',
        "Fix the strides so the image is exactly the tile.",
    ),
    Rule(
        "AG323",
        "replication",
        "A replicated operand does not hold each element exactly as often as declared.",
        "Replication is legal only where hardware broadcasts; undeclared or uneven replication hides a bug.",
        "exceptions: {replicated: {a: 2}}  # layout holds each element once",
        "Declare the true factor or fix the layout.",
    ),
    Rule(
        "AG331",
        "packing",
        "|val| x element bits differs from the bits of the packed register operand.",
        "The bitcast to the intrinsic's operand type would reinterpret the wrong number of elements.",
        'packed: {a: "vector<2xf16>"}  # layout holds 4 f16',
        "Make the packed type hold exactly the values the layout assigns.",
    ),
    Rule(
        "AG332",
        "unknown-type",
        "An element or packed type is not one atomgen can size.",
        "Packing and recast checks need exact widths.",
        "elemTyA: f17",
        "Use an MLIR type name (f16, bf16, f8E4M3FN, i8, vector<4xf16>).",
    ),
    Rule(
        "AG341",
        "recast",
        "A copy bit layout does not recast exactly to an admitted value width.",
        "FlyDSL recasts bit layouts to valBits; an inexact recast splits values across threads.",
        "val_bits: [8]  # on a 4-bit-granular transpose",
        "Admit only widths the layout's contiguous runs allow.",
    ),
    Rule(
        "AG342",
        "recast-undeclared",
        "A transposing copy does not declare the val_bits it admits.",
        "Transposes restrict value widths to the transpose granularity; the default set would be wrong.",
        "exceptions: {transposing: true}  # no val_bits",
        "Add `val_bits: [g]` to each instance.",
    ),
    Rule(
        "AG349",
        "tensor-memory-layout",
        "A tensor-memory operand's TMEM layout does not give every element its own cell in its lanes and columns.",
        "tcgen05 keeps D (and A in the .ts form) in tensor memory; the TMEM layout says which lane and column of "
        "each CTA holds each (thr, val). Two values in one cell, a lane past 127 or a column outside the declared "
        "allocation corrupts the accumulator silently, exactly like a wrong register layout.",
        'tensor_memory: {c: {cell_bits: 32, columns: "n", layout: "(1, (128, n)) : (0, (65536, 2))"}}',
        "Give each value its own (lane, column): lane * 65536 + column, columns counted in 32-bit cells, "
        "e.g. (1, (128, n)) : (0, (65536, 1)) for M = 128.",
    ),
    Rule(
        "AG351",
        "duplicate-instance",
        "Two instance rows have the same key.",
        "verify() and the emission dispatch would have two answers for one configuration.",
        "(two rows 16x16x16 f16 f16 f32)",
        "Remove one.",
    ),
    Rule(
        "AG352",
        "intrinsic-mismatch",
        "An instance's packed types disagree with the intrinsic catalogue.",
        "The catalogue records what the LLVM intrinsic really takes; a mismatch fails in LLVM or corrupts data.",
        'packed: {a: "vector<2xf16>"}  # intrinsic takes vector<4xf16>',
        "Use the intrinsic's operand types.",
    ),
    Rule(
        "AG353",
        "instance-keys",
        "An instance misses a parameter, names an unknown one, or pins a non-free one.",
        "verify() must accept exactly the table; an incomplete row is ambiguous.",
        "- {m: 16, n: 16, intrinsic: ...}  # no k",
        "Give every key parameter a value.",
    ),
    Rule(
        "AG354",
        "multi-block",
        "An instance's block count is not its instruction's: a multi-block instruction described as one tile, or "
        "exceptions.blocks naming another count.",
        "Multi-block MFMAs compute several independent tiles; one tile's layout loses or corrupts the others.",
        "intrinsic: rocdl.mfma.f32.32x32x1f32",
        "Declare exceptions.blocks (the block index becomes the third coordinate of each reference tile, see "
        "specs/rocdl/cdna3/mfma_multiblock.yaml) with the instruction's count, or leave the row out.",
    ),
    Rule(
        "AG355",
        "no-layout-piece",
        "No piece of a piecewise layout applies to an instance.",
        "Every instance needs a layout for every operand.",
        "when: {elemTyA_bits: 16}  # but an f32 row exists",
        "Add a fallback piece without `when`, or a piece for the missing case.",
    ),
    Rule(
        "AG356",
        "when-type",
        "A piecewise layout's `when` compares a parameter with a value of the wrong kind.",
        "`when: {trans: 0}` never equals `false`: the piece is silently skipped and another layout is used "
        "(the hardware probe caught exactly this).",
        "when: {trans: 0}  # trans is a bool parameter",
        "Write the parameter's kind of value: `when: {trans: false}`.",
    ),
    Rule(
        "AG357",
        "dead-piece",
        "A piece of a piecewise layout applies to no instance.",
        "Dead layout text reads as if it mattered; usually an earlier piece or a `when` shadows it.",
        "a: [{layout: ...}, {when: {elemTyA: f16}, layout: ...}]  # the first piece has no `when`",
        "Order pieces from the most specific to the fallback, or delete the dead one.",
    ),
    Rule(
        "AG358",
        "unknown-intrinsic",
        "An instance names an intrinsic the catalogue does not have.",
        "Every fact check compares against (operand types, element types, instruction names, block count, chips) comes "
        "from the catalogue entry; an unknown name is a typo or an op atomgen knows nothing about, and would be "
        "emitted unchecked.",
        "intrinsic: rocdl.mfma.f64.16x16x4.totally_bogus",
        "Use the catalogue's name (the message suggests the closest), or add the real intrinsic to "
        "specs/<backend>/intrinsics.yaml.",
    ),
    Rule(
        "AG359",
        "instruction-label",
        "The intrinsic does not exist on the instance's chips, or `instruction` is not an ISA instruction it emits "
        "there.",
        "An instance claims a chip set (the atom's chips from min_subtarget on, or subtargets) and an instruction; "
        "both are facts of the hardware, checked against the catalogue, with the same block count, so a label cannot "
        "name another intrinsic's instruction.",
        "{m: 32, n: 32, k: 4, ..., intrinsic: rocdl.mfma.f32.32x32x4bf16, instruction: v_mfma_f32_32x32x4_2b_bf16}",
        "Name the instruction the catalogue lists for the intrinsic on those chips, or narrow the row with "
        "min_subtarget / subtargets.",
    ),
    Rule(
        "AG360",
        "too-many-instances",
        "An instance family (`expand`) or the whole instance table has more than 4096 instances.",
        "Every instance is evaluated, proved and rendered into verify() and tests; a cartesian product of a few "
        "long lists would otherwise be millions of rows from a few lines of YAML.",
        "expand: {m: [1, 2, ..., 4096], n: [1, 2, ..., 4096]}",
        "List the configurations the hardware has; split unrelated families.",
    ),
    Rule(
        "AG361",
        "state-presence",
        "A stateful atom without state fields, or state on a stateless atom.",
        "Stateful atoms lower to an LLVM struct of their fields; stateless ones must not carry any.",
        "stateful: true  # no state:",
        "Declare the fields, or make the atom stateless.",
    ),
    Rule(
        "AG362",
        "state-field-name",
        "A state field is not a backend enum case (or not declared private).",
        "`fly.atom.set_value` looks fields up by the enum; an unknown name fails only at lowering time.",
        "- {name: soffset, enum_case: SOffset, ...}",
        "Use the case from backend.yaml (Soffset) or `private: true`.",
    ),
    Rule(
        "AG363",
        "state-default",
        "A state field's default does not fit its LLVM type.",
        "The default is materialized as a constant of that type.",
        "- {llvm_type: i32, default: 4294967296}",
        "Use a value that fits.",
    ),
    Rule(
        "AG364",
        "immediate",
        "An immediate state field is coerced or not an integer.",
        "The backend needs immediates as constants (e.g. imm_offset); coercion turns them into runtime values.",
        "- {name: imm_offset, immediate: true, coercion: bitcast}",
        "Keep `coercion: none` and an integer type.",
    ),
    Rule(
        "AG365",
        "state-duplicate",
        "A state field is declared twice.",
        "Slots would alias.",
        "two fields named soffset",
        "Remove one.",
    ),
    Rule(
        "AG366",
        "state-type",
        "A state field's llvm_type is not an integer type.",
        "Atom state is stored in integer slots of the atom struct; a float or vector field has no slot "
        "representation, and the generated getters could not be written.",
        "- {name: scale, enum_case: ScaleA, llvm_type: f32, default: 0}",
        "Use the integer of the same width (i32) and `coercion: bitcast` for float values.",
    ),
    Rule(
        "AG371",
        "emission-needs",
        "The emission pattern reads a parameter or state field the spec does not declare.",
        "Each pattern's C++ template reads fixed names (buffer_copy reads bitSize and the Soffset state field); "
        "a spec without them passes the schema but cannot be generated.",
        "emission: {pattern: lds_dma, op_class: RawPtrBufferLoadLdsOp}   # and no ImmOffset state field",
        "Declare what the pattern needs (docs/spec-format.md, Emission patterns), or choose the pattern that fits.",
    ),
    Rule(
        "AG372",
        "builder-argument",
        "A builder argument of the emission is not a declared name, an integer or a qualified enum case.",
        "Builder arguments become C++ expressions; only names atomgen knows (parameters, state operands, the "
        "operands accTy/a/b/c) and literals can be emitted safely, so anything else is refused.",
        "emission: {pattern: mfma, args: [accTy, a, b, c, cbsz_typo, \"0\", \"0\"]}",
        "Use a parameter or operand name, an integer, or a qualified enum case such as ROCDL::MFMAPermB::none.",
    ),
    Rule(
        "AG373",
        "unknown-variant",
        "A row's `variant` is not one of emission.variants.",
        "Variant patterns pick the builder argument list by the row's variant; a row with no matching entry "
        "has no call to generate.",
        "{..., variant: Plain}   # emission.variants has F8F6F4 and F4",
        "Name one of the declared variants, or declare the missing one.",
    ),
    Rule(
        "AG381",
        "identifier",
        "A name is not a valid C++/TableGen/Python identifier (or is a keyword).",
        "Names are pasted into generated code; quotes or `*/` there would inject code.",
        'cpp_class: "Foo*/ int x; /*Type"',
        "Use letters, digits and underscores.",
    ),
    Rule(
        "AG382",
        "name-collision",
        "Two specs (or parameters) use the same name.",
        "Generated classes and files would overwrite each other.",
        "(two specs with cpp_class MmaOpX)",
        "Rename one.",
    ),
    Rule(
        "AG383",
        "mnemonic-collision",
        "Two specs of one backend use the same mnemonic.",
        "The dialect's type parser can only map a mnemonic to one type.",
        "(two cdna3.mfma specs)",
        "Rename one.",
    ),
    Rule(
        "AG384",
        "naming-convention",
        "cpp_class does not end in Type, or the mnemonic does not start with the subtarget.",
        "TableGen appends Type to the typeName; FlyDSL mnemonics are `subtarget.op`.",
        "cpp_class: MmaOpCDNA3_MFMA",
        "cpp_class: MmaOpCDNA3_MFMAType",
    ),
    Rule(
        "AG391",
        "assembly-format",
        "The assembly format does not parse or does not match the parameters.",
        "A parameter missing from the format cannot be parsed back: printed types would not round-trip.",
        'assembly_format: "`<` $m `>`"  # n, k missing',
        "Mention every parameter; anchor optional groups on defaulted ones.",
    ),
    Rule(
        "AG392",
        "parameter",
        "A parameter is malformed: default of the wrong type, free without default, missing m/n/k.",
        "Defaults become C++ literals and Python defaults; they must type-check.",
        "- {name: clamp, cpp_type: bool, default: 0}",
        "Use `default: false`.",
    ),
    Rule(
        "AG393",
        "range-vs-storage",
        "A parameter's declared range does not fit its C++ storage type.",
        "The generated verify() compares values of the storage type; a bound beyond int32_t wraps or never matches, so "
        "the declared range is not the accepted one.",
        "- {name: offset, cpp_type: int32_t, free: {min: 0, max: 4294967295}}",
        "Keep the range inside the storage type, or store the parameter as int64_t.",
    ),
    Rule(
        "AG394",
        "immediate-range",
        "A parameter that reaches an intrinsic immediate admits values the immediate cannot take.",
        "Immediates are bit fields (modC is 2 bits) or C++ enums; a wider declared range is accepted by verify() and "
        "then truncated or rejected by the backend. An enum-backed immediate takes exactly the enum's cases.",
        "- {name: modC, cpp_type: int32_t, free: {min: 0, max: 65535}}",
        "Declare the immediate's range from the catalogue (the message names it), e.g. free: {min: 0, max: 3}.",
    ),
    Rule(
        "AG395",
        "enum-case",
        "An enum-typed parameter's value (instance value or default) is not one of its enum cases.",
        "The value is printed as an enum case and stored as the case's number; a name that is not a case has no number "
        "and no IR spelling.",
        "{atomicOp: fmax, valType: f32, ...}   # atomicOp's cases are add, max, min, ...",
        "Use one of the cases the parameter's `enum` declares.",
    ),
    Rule(
        "AG396",
        "verify-section",
        "The `verify:` section is malformed: a condition that does not parse or names a non-integer parameter, "
        "a message placeholder that is not a parameter, or a constraint that an instance of the table breaks.",
        "Constraints and FlyDSL's wording become C++ in verify() and the text of generated negative tests; a "
        "constraint an instance breaks would make verify() reject a configuration the spec says exists.",
        "verify: {constraints: [{require: \"pow2(padAmount)\", message: \"...\"}]}   # default padAmount 0 breaks it",
        "Guard the constraint with `when:`, fix the name, or drop the instance.",
    ),
    Rule(
        "AG397",
        "descriptor-field",
        "An `emission.descriptor` field is inconsistent: it overlaps another field's bits, lies outside its "
        "group (a packed vector<Nxi32>) or dword, or its source is unknown or does not fit its width (a constant "
        "or a parameter's whole range needs more bits; a state field or lowering operand is narrower).",
        "The fields become the shifts and masks that pack the TDM descriptor: two fields on one bit corrupt "
        "each other, and a value wider than its field loses its high bits in every transfer, with no error.",
        "- {name: barrier, group: g1, dword: 0, bit: 17, width: 1, source: \"param:atomicBarrier\"}   "
        "# bit 17 is data_size's (bits 16-17)",
        "Move the field to its own bits (the ISA's descriptor table), widen it, or narrow the source's range.",
    ),
)

# Rule families that keep their rules beside their checks.
RULES = tuple(sorted(RULES + sparse.RULES, key=lambda rule: rule.id))
BY_ID = {rule.id: rule for rule in RULES}


def explain(rule_id: str) -> str:
    rule = BY_ID[rule_id.upper()]
    indent = "\n    "
    return (
        f"{rule.id} ({rule.name}): {rule.summary}\n\n"
        f"Why it matters:\n    {rule.why}\n\n"
        f"Failing example:\n    {rule.bad.replace(chr(10), indent)}\n\n"
        f"Fix:\n    {rule.fix}\n"
    )


def markdown_catalogue() -> str:
    """docs/rules.md: every rule by id and name, then each one's why, failing example and fix."""
    lines = [
        "# Check rules",
        "",
        "Generated by `atomgen explain --markdown`. `atomgen explain` takes a rule's id (`AG321`),",
        "number (`321`) or name (`not-injective`); SARIF output names each rule the same way.",
        "",
        "| id | name | what it finds |",
        "|---|---|---|",
    ]
    lines += [f"| `{rule.id}` | `{rule.name}` | {rule.summary.replace('|', chr(92) + '|')} |" for rule in RULES]
    for rule in RULES:
        lines += ["", f"## {rule.id} `{rule.name}`", "", rule.summary, "", f"Why it matters: {rule.why}", "",
                  "Failing example:", "", "```yaml", rule.bad, "```", "", f"Fix: {rule.fix}"]
    return "\n".join(lines) + "\n"

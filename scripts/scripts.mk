# scripts/: deps.sh (Debian packages), llvms.sh (the LLVM toolchains the tests
# run against), demo.sh, help2man.sh, func_lines.sh (functions over 120
# lines), target.sh (the ISA target's name from isa/targets.def, for make and
# the bench scripts).  tests/scripts/llvms.sh checks llvms.sh.
TEST_SCRIPTS += tests/scripts/llvms.sh
TEST_ONCE += tests/scripts/llvms.sh
# tests/scripts/layout.sh: functions at most 120 lines (func_lines.sh), files at most 800.
TEST_SCRIPTS += tests/scripts/layout.sh
TEST_ONCE += tests/scripts/layout.sh
# tests/scripts/target_literal.sh: the GPU target is named in isa/targets.def only.
TEST_SCRIPTS += tests/scripts/target_literal.sh
TEST_ONCE += tests/scripts/target_literal.sh
# tests/scripts/include_layers.sh: a layer of the Makefile's LAYERS includes no layer above it.
TEST_SCRIPTS += tests/scripts/include_layers.sh
TEST_ONCE += tests/scripts/include_layers.sh

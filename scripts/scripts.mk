# scripts/: deps.sh (Debian packages), llvms.sh (the LLVM toolchains the tests
# run against), demo.sh, help2man.sh.  tests/scripts/llvms.sh checks llvms.sh.
TEST_SCRIPTS += tests/scripts/llvms.sh
TEST_ONCE += tests/scripts/llvms.sh

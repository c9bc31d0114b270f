# llvm.sh — sourced by test scripts: the LLVM toolchain the test drives.
# tests/run.sh runs every test that touches LLVM once per installed LLVM >= 19
# with RDNA3_LLVM=NN in the environment; a script started by hand uses 19.
# Sets LLVM_V, LLVM_CLANG, LLVM_LLD, LLVM_MC, LLVM_OBJDUMP, LLVM_READELF and
# LLVM_FIXTURES ($BUILD/llvmNN, the fixtures the make rules built with it),
# and exports RDNA3_CLANG/RDNA3_LLD so rdna3gen uses the same toolchain.
LLVM_V=${RDNA3_LLVM:-19}
LLVM_CLANG=clang-$LLVM_V
LLVM_LLD=ld.lld-$LLVM_V
LLVM_MC=llvm-mc-$LLVM_V
LLVM_OBJDUMP=llvm-objdump-$LLVM_V
LLVM_READELF=llvm-readelf-$LLVM_V
LLVM_FIXTURES=${BUILD:-build}/llvm$LLVM_V
RDNA3_CLANG=${RDNA3_CLANG:-$LLVM_CLANG}
RDNA3_LLD=${RDNA3_LLD:-$LLVM_LLD}
export RDNA3_CLANG RDNA3_LLD

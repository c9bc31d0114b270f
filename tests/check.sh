# check.sh — the one check library of the sh tests, the protocol of tests/run.sh
# (see there; tests/check.h is the same for C).  Source it from the top of a
# test script (the scripts run from the source root):   . tests/check.sh
# then end with   exit $fail
fail=0
ok() { echo "ok $1"; }
nok() { echo "not ok $1: $2"; fail=1; }
skip() { echo "skip $1: $2"; }

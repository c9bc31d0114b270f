#!/bin/sh
# scripts/example_libs.sh BUILD CARD...: the example kernel library, one per
# card's target: examples/shapes.yaml tuned by the model for each card
# (rdna3gen list --devices) into BUILD/examples/lib/TARGET, the folder of
# libraries rdna3run LIB/ and kl_open_target pick from by the running device's
# target (docs/tune.md, "Libraries of several targets").  A small budget (2
# candidates a shape, no full-depth confirmation: EXAMPLE_LIB_BUDGET overrides
# the 2) keeps it to about a minute a card on two cores; the cache is
# BUILD/examples/tune-cache.  The rates are the model's predictions for each
# card, not measurements.
set -u
B=${1:?usage: example_libs.sh BUILD CARD...}
shift
BUDGET=${EXAMPLE_LIB_BUDGET:-2}
LIB="$B/examples/lib"
for card in "$@"; do
	# "NAME: DISPLAY (TARGET), ..." is the card's line of rdna3gen list --devices
	t=$("$B/rdna3gen" list --devices | sed -n "s/^$card: .*(\\([a-z0-9]*\\)).*/\\1/p" | head -n 1)
	if [ -z "$t" ]; then
		echo "example_libs.sh: $card is not a card of rdna3gen list --devices" >&2
		exit 1
	fi
	echo "example library for $card ($t): $LIB/$t"
	"$B/rdna3gen" tune sgemm --shapes examples/shapes.yaml --budget "$BUDGET" --confirm 0 -j 2 \
		--target "$t" --device-model "$card" --cache "$B/examples/tune-cache" -o "$LIB/$t" \
		>"$B/examples/lib-$card.log" 2>&1 || { tail -n 3 "$B/examples/lib-$card.log" >&2; exit 1; }
done

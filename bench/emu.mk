# bench/emu.mk: emulator speed (bench/emu_rate).  `make bench` runs it.
BENCH_EMU := $(BUILD)/bench/emu_rate
$(BENCH_EMU): $(BUILD)/bench/emu_rate.o $(BUILD)/tests/emu/harness.o $(BUILD)/libloader.a $(BUILD)/libemu.a $(BUILD)/libisa.a
	@mkdir -p $(dir $@); $(CC) $(LDFLAGS) $^ -o $@ -lopenblas -lelf -lmsgpackc -ldl $(LDLIBS)
all: $(BENCH_EMU)
.PHONY: bench emu_bench
bench: emu_bench
emu_bench: $(BENCH_EMU)
	BUILD=$(BUILD) $(BENCH_EMU)

/* report_internal.h — shared by the report/ sources only (not an interface). */
#ifndef RDNA3_REPORT_REPORT_INTERNAL_H
#define RDNA3_REPORT_REPORT_INTERNAL_H

#include "report/report.h"
#include "vocab/vocab.h"

int rp_insts_from_code(const uint8_t *code, size_t n, struct rp_inst **out, unsigned *nout,
		       char *err, size_t errlen);
/* Loop, scores and summary of r->insts (resources in r->sum already set). */
int rp_analyse(struct rp_report *r, char *err, size_t errlen);
/* What the generator recorded (.rdna3.kstep_fmas, .rdna3.single_why; either
 * may be absent: 0 / NULL): k-steps per iteration, reasons of the singles
 * that have none yet. */
void rp_apply_meta(struct rp_report *r, long kstep_fmas, const char *single_why);
/* WMMA (report_wmma.c): the record of one v_wmma_* (src: A, B, C operand codes;
 * wv: first VGPR of D), the loop figures (after the rows are known), renderings. */
void rp_wmma_record(struct rp_inst *ri, unsigned op, const unsigned src[3], int wv);
void rp_wmma_analyse(struct rp_report *r);
struct ao_text;
void rp_wmma_text(struct ao_text *b, const struct rp_report *r);
void rp_wmma_json(struct ao_text *b, const struct rp_report *r);
void rp_wmma_html(struct ao_text *b, const struct rp_report *r);

/* Control flow (report_cfg.c): predecessors of each instruction, dominance of
 * a back edge's target, natural loop bodies. */
struct rp_flow {
	const struct rp_inst *v;
	unsigned n;
	unsigned *pred_at, *pred;         /* predecessors of i: pred[pred_at[i] .. pred_at[i+1]) */
	unsigned *stack;
	uint8_t *seen;
	uint8_t *loop;                    /* per branch: RP_LOOP_* (0: closes no loop); then scratch */
};
enum { RP_LOOP_NATURAL = 1, RP_LOOP_RANGE = 2 };
int rp_flow_init(struct rp_flow *f, const struct rp_inst *v, unsigned n);   /* 0, or -1: out of memory */
void rp_flow_free(struct rp_flow *f);
/* body[x] = 1 for every instruction of the loop closed by branch i (n bytes; f->loop[i] != 0). */
void rp_flow_body(struct rp_flow *f, unsigned i, uint8_t *body);

#endif

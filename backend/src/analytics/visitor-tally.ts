import { TALLY_REGISTER_BITS, type Visitor } from './visitor-key';

/** Visitors a tally keeps one by one (exact counts, as most pages of a day have); past it, an estimate of fixed size. */
export const TALLY_EXACT_MAX = 128;
const REGISTERS = 1 << TALLY_REGISTER_BITS;
/** Bits of the hash a rank is counted in. */
const Q = 64 - TALLY_REGISTER_BITS;
/** The estimator's constant for a large number of registers, 1 / (2 ln 2). */
const ALPHA_INFINITY = 1 / (2 * Math.LN2);

/**
 * The distinct visitors of one count of a day (the site, a page, a channel, a form's starts), in bounded memory: their
 * ids up to TALLY_EXACT_MAX, then a HyperLogLog of 2^14 one-byte registers (16 KB whatever the number of visitors,
 * a standard error of 0.81 %), read with Ertl's estimator as Redis reads its own (hyperloglog.c, `hllCount`). The
 * Redis ledger keeps the same two forms in Redis (a set, then PFADD).
 */
export class VisitorTally {
  /** The visitors so far, by id, each with its place in the estimate; undefined once the registers took over. */
  private exact: Map<string, number> | undefined = new Map();
  private registers: Uint8Array | undefined;

  add(visitor: Visitor): void {
    if (this.exact) {
      this.exact.set(visitor.id, visitor.register * 64 + visitor.rank);
      if (this.exact.size <= TALLY_EXACT_MAX) return;
      this.registers = new Uint8Array(REGISTERS);
      for (const place of this.exact.values()) this.raise(Math.floor(place / 64), place % 64);
      this.exact = undefined;
      return;
    }
    this.raise(visitor.register, visitor.rank);
  }

  /** How many distinct visitors were added: exact up to TALLY_EXACT_MAX, estimated past it. */
  count(): number {
    if (this.exact) return this.exact.size;
    const histogram = new Array<number>(Q + 2).fill(0);
    for (const rank of this.registers ?? []) histogram[rank] = (histogram[rank] ?? 0) + 1;
    const at = (rank: number) => histogram[rank] ?? 0;
    let z = REGISTERS * tau((REGISTERS - at(Q + 1)) / REGISTERS);
    for (let rank = Q; rank >= 1; rank--) z = (z + at(rank)) * 0.5;
    z += REGISTERS * sigma(at(0) / REGISTERS);
    return Math.round((ALPHA_INFINITY * REGISTERS * REGISTERS) / z);
  }

  private raise(register: number, rank: number): void {
    const registers = this.registers as Uint8Array;
    if ((registers[register] ?? 0) < rank) registers[register] = rank;
  }
}

function sigma(x: number): number {
  if (x === 1) return Infinity;
  let y = 1;
  let z = x;
  let previous: number;
  do {
    x *= x;
    previous = z;
    z += x * y;
    y += y;
  } while (previous !== z);
  return z;
}

function tau(x: number): number {
  if (x === 0 || x === 1) return 0;
  let y = 1;
  let z = 1 - x;
  let previous: number;
  do {
    x = Math.sqrt(x);
    previous = z;
    y *= 0.5;
    z -= (1 - x) ** 2 * y;
  } while (previous !== z);
  return z / 3;
}

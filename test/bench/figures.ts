/** One row of the bench table and of `bench/results.json` (issue 7 fixes the field names). */
export interface Figure {
  readonly id: string;
  readonly value: number;
  readonly unit: string;
  /** The design.md §6 budget; null for figures reported without one (start-up ms, CPU share). */
  readonly budget: number | null;
  readonly better: "lower" | "higher";
  /** null when there is no budget to pass. */
  readonly pass: boolean | null;
  /** Of the measured quantity (for ratios: of the numerator samples). */
  readonly median: number;
  readonly min: number;
  readonly max: number;
  readonly runs: number;
  readonly baseline: { readonly name: string; readonly median: number | null };
  /** What the number means, in a few words, for the table and the README. */
  readonly note?: string;
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

/** Nearest-rank percentile (p in 0..100). */
export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))]!;
}

interface FigureInput {
  readonly id: string;
  readonly unit: string;
  readonly budget: number | null;
  readonly better: "lower" | "higher";
  /** The samples of the measured quantity. */
  readonly samples: readonly number[];
  readonly baseline: { readonly name: string; readonly samples?: readonly number[] };
  /** The reported value from the medians (e.g. a ratio to the baseline); the sample median by default. */
  readonly value?: (measured: number, baseline: number) => number;
  readonly note?: string;
}

/** Builds a figure: medians of samples and baseline, the value, and pass/fail against the budget. */
export function figure(input: FigureInput): Figure {
  const measured = median(input.samples);
  const base = input.baseline.samples && input.baseline.samples.length ? median(input.baseline.samples) : null;
  const value = input.value ? input.value(measured, base ?? Number.NaN) : measured;
  const pass = input.budget === null || !Number.isFinite(value) ? (input.budget === null ? null : false) : input.better === "lower" ? value <= input.budget : value >= input.budget;
  return {
    id: input.id,
    value: round(value),
    unit: input.unit,
    budget: input.budget,
    better: input.better,
    pass,
    median: round(measured),
    min: round(Math.min(...input.samples)),
    max: round(Math.max(...input.samples)),
    runs: input.samples.length,
    baseline: { name: input.baseline.name, median: base === null ? null : round(base) },
    ...(input.note ? { note: input.note } : {}),
  };
}

function round(value: number): number {
  if (!Number.isFinite(value)) return value;
  const magnitude = Math.abs(value);
  return magnitude >= 100 ? Math.round(value) : magnitude >= 1 ? Math.round(value * 100) / 100 : Math.round(value * 10_000) / 10_000;
}

/** The table printed at the end of a run (also pasted into the README). */
export function table(figures: readonly Figure[]): string {
  const rows = figures.map((f) => [
    f.id,
    `${f.value} ${f.unit}`,
    f.budget === null ? "—" : `${f.better === "lower" ? "≤" : "≥"} ${f.budget}`,
    f.baseline.median === null ? f.baseline.name : `${f.baseline.name}: ${f.baseline.median}`,
    `${f.median} [${f.min}–${f.max}] ×${f.runs}`,
    f.pass === null ? "info" : f.pass ? "pass" : "MISS",
  ]);
  const header = ["figure", "value", "budget", "baseline (median)", "median [min–max] ×runs", ""];
  return [header, header.map(() => "---"), ...rows].map((row) => `| ${row.join(" | ")} |`).join("\n");
}

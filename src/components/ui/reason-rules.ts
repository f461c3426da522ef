/** A rejection or cancellation reason as the database checks it: char_length(btrim(…)) between 3 and 500. */
export const REASON_LIMITS = { min: 3, max: 500 } as const;

export interface ReasonOptions {
  /** «Motivo del rechazo». */
  label: string;
  description?: string;
  placeholder?: string;
  /** Characters after trimming, as the database counts them (default 3..500). */
  min?: number;
  max?: number;
  /** Common reasons a click puts in the textarea. */
  suggestions?: readonly string[];
}

export function reasonLimits(options: ReasonOptions) {
  return { min: options.min ?? REASON_LIMITS.min, max: options.max ?? REASON_LIMITS.max };
}

/** Characters as the database counts them (code points of the trimmed text, not UTF-16 units). */
export function reasonLength(text: string): number {
  return [...text.trim()].length;
}

/** What is wrong with a reason, in Spanish, or null when it will pass the database's check. */
export function reasonProblem(text: string, options: ReasonOptions): string | null {
  const { min, max } = reasonLimits(options);
  const length = reasonLength(text);
  if (length < min) return `Escribe un motivo de al menos ${min} caracteres.`;
  if (length > max) return `El motivo no puede superar los ${max} caracteres.`;
  return null;
}

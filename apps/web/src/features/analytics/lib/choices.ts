/** Reads one of a fixed set of values from the address, falling back to the first (the default). */
export function pick<T extends string>(value: string | null, options: readonly T[]): T {
  return options.find((o) => o === value) ?? options[0]!;
}

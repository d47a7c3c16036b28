/** A benchmark's `--name=N` argument: a whole number from `min` (1 unless given) to max, or the fallback when absent. */
export function numberOption(name, fallback, max, min = 1) {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < min || number > max) throw new Error(`--${name} must be ${min} to ${max}`);
  return number;
}

/** A benchmark's `--name=N` argument: a whole number from 1 to max, or the fallback when it is not given. */
export function numberOption(name, fallback, max) {
  const value = process.argv.find((arg) => arg.startsWith(`--${name}=`))?.split('=')[1];
  const number = value === undefined ? fallback : Number(value);
  if (!Number.isInteger(number) || number < 1 || number > max) throw new Error(`--${name} must be 1 to ${max}`);
  return number;
}

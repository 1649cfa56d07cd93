/**
 * A number setting from the environment: `fallback` when unset or empty; a value that is not a
 * number, is below `min`, or is not whole where `whole` is asked stops the start in words.
 */
export function envNumber(
  name: string,
  fallback: number,
  { min = 0, whole = false }: { min?: number; whole?: boolean } = {},
  env: NodeJS.ProcessEnv = process.env,
): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value)))
    throw new Error(`${name} must be a ${whole ? 'whole ' : ''}number of at least ${min}, got '${raw}'.`);
  return value;
}

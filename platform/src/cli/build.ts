// Production build of the front ends: node scripts/build.mjs [shell shop account auction]
import { buildFrontEnds, selectFrontEnds } from '../build';

export async function main(wanted: string[]): Promise<void> {
  const selected = selectFrontEnds(wanted);
  console.log(`Building ${selected.map((fe) => fe.dir).join(', ')} ...`);
  try {
    console.log(`Built in ${(await buildFrontEnds(selected)).toFixed(1)} s`);
  } catch (error) {
    console.error((error as Error).message || error);
    process.exit(1);
  }
}

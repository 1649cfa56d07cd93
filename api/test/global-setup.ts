import { ensurePgliteTemplate } from './helpers/pglite-template';

export default async function globalSetup(): Promise<void> {
  await ensurePgliteTemplate();
}

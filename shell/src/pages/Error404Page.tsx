import type { ReactElement } from 'react';
import { ProblemNotice, usePageMeta } from '@marketplace/shared';

/**
 * Where pages send a user after a failure they cannot recover from (e.g. an unknown account): the
 * card of the not-found page (shared's NotFound, which every front end shows) under its own heading.
 */
export function Error404Page(): ReactElement {
  usePageMeta({ title: 'Something went wrong', noindex: true });
  return <ProblemNotice heading="Something went wrong" />;
}

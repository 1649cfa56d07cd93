import { type ReactElement } from 'react';
import { AreaRoutes } from '@marketplace/shared';

function Home(): ReactElement {
  return <h1>TOP TRENDING</h1>;
}

export default function ShopApp(): ReactElement {
  return <AreaRoutes pages={{ '/': Home }} />;
}

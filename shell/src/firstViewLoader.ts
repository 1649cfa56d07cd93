// The entry of the first-view loader (FirstViewLoaderPlugin in webpack.common.js): its script
// element names the app's entry in data-app, relative to the loader's own URL.
import { loadAppAfterFirstView } from './firstView';

const loader = document.currentScript as HTMLScriptElement | null;
const app = loader?.dataset.app;
if (loader && app) void loadAppAfterFirstView(new URL(app, loader.src).href);

// jsdom lacks TextEncoder/TextDecoder, which react-router 7 needs when it loads.
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lays nothing out, so there is nowhere to scroll; its own window.scrollTo only reports
// "Not implemented" (the shell scrolls to the top on each new page).
window.scrollTo = () => undefined;
